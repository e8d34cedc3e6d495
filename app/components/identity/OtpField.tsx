/**
 * Code fields of two-factor sign-in (ADR 0057). A code is a secret that works once: it is never
 * typed back into a page, and with JavaScript the field is emptied whenever the page gets a new
 * answer (`answer`: the action's data), so a refused code does not sit there to be sent again.
 *
 * OtpField is the code of a protected change (a withdrawal, a bank account, payout settings, the
 * login password), shown only when the user has two-factor sign-in on; the backend asks for it
 * then, and its refusals land here (services/forms/two-factor.ts refusalAt).
 */
import { useEffect, useRef } from "react";
import { Field, type FieldProps } from "~/components/ui";
import { OTP_FIELD, OTP_HINT, OTP_LABEL, SECOND_FACTOR_INPUT_MAX } from "~/services/forms/two-factor";

export function SecondFactorInput({ answer, ...props }: FieldProps & { answer?: unknown }) {
  const ref = useRef<HTMLInputElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (ref.current) ref.current.value = "";
  }, [answer]);
  return (
    <Field
      ref={ref}
      inputMode="numeric"
      autoComplete="one-time-code"
      autoCapitalize="none"
      spellCheck={false}
      maxLength={SECOND_FACTOR_INPUT_MAX}
      inputClassName="num tracking-widest"
      {...props}
    />
  );
}

export function OtpField({
  id,
  error,
  form,
  className,
  autoFocus,
  answer,
}: {
  id: string;
  error?: string | readonly string[] | null;
  /** The form it belongs to when it sits outside it (a dialog's question). */
  form?: string;
  className?: string;
  autoFocus?: boolean;
  answer?: unknown;
}) {
  return <SecondFactorInput id={id} name={OTP_FIELD} label={OTP_LABEL} hint={OTP_HINT} error={error} form={form} placeholder="6 digits" className={className} autoFocus={autoFocus} answer={answer} />;
}

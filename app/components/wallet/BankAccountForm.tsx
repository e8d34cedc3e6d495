/**
 * The add / edit bank account form (docs/product/validation.md: real name, account number and bank required, note at
 * most 100; ADR 0053: the account must exist). Two steps in one form: Continue looks the account up
 * and shows the holder's name the bank keeps ("Account name: ADA OKAFOR"); Confirm saves it. Used
 * inside the Headless UI dialog (with JavaScript) and in the ?edit= section (without); both post to
 * the route's action, which checks the same schema and looks the account up again on Confirm when
 * its fields no longer match what was shown.
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Link, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { BANK_NOTE_MAX } from "../../../contract/constants";
import type { PaymentType, UserPayment } from "../../../contract/entities";
import { FormError, FormField, fieldProps } from "~/components/ui/FormParts";
import { Button, SelectField, TextAreaField, buttonClasses } from "~/components/ui";
import { ACCOUNT_NUMBER_MAX, CHECKED_FIELD, CHECK_INTENT, REAL_NAME_MAX, SAVE_INTENT, checkedKey, type ResolvedAccount } from "~/services/forms/wallet";
import { schemaValidation, useOnFirstUse, useValidateBlurred } from "~/components/ui/use-schema-form";
import { Form } from "~/components/ui/Form";
import { OtpField } from "~/components/identity/OtpField";

/** The look-up key of what a form holds now. */
const keyOf = (form: HTMLFormElement) => checkedKey(Object.fromEntries(new FormData(form)));

export function bankFormId(account: UserPayment | null) {
  return account ? `bank-${account.id}` : "bank-new";
}

export function BankAccountForm({
  account,
  types,
  lastResult,
  resolved,
  needOtp = false,
  onCancel,
  cancelHref,
}: {
  /** null: a new account. */
  account: UserPayment | null;
  types: readonly PaymentType[];
  lastResult?: SubmissionResult<string[]> | null;
  /** The look-up the action answered for this form, if any. */
  resolved?: ResolvedAccount | null;
  /** Two-factor sign-in is on: Confirm takes a code (ADR 0057). */
  needOtp?: boolean;
  /** With JavaScript: close the dialog. */
  onCancel?: () => void;
  /** Without: where Cancel goes. */
  cancelHref?: string;
}) {
  const navigation = useNavigation();
  const id = bankFormId(account);
  const schemas = useOnFirstUse(id, () => import("~/services/forms/wallet.schema"));
  const [form, fields] = useForm({
    id,
    lastResult,
    defaultValue: account
      ? { id: String(account.id), paymentId: String(account.paymentid), realname: account.realname, accountNumber: account.accountNumber, remark: account.remark ?? "" }
      : { paymentId: "" },
    ...schemaValidation(schemas?.value.bankAccountSchema(types), schemas?.parseWithZod),
  });
  useValidateBlurred(schemas, form);
  const busy = navigation.state !== "idle" && navigation.formData?.get("formId") === id;

  // The name shown holds only while the fields are the ones it was looked up for: as posted (the
  // server's page), then, with JavaScript, as the form holds them when the answer arrives and on
  // every input since.
  const [typedKey, setTypedKey] = useState<string | null>(null);
  const next = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const element = document.getElementById(id);
    setTypedKey(element instanceof HTMLFormElement ? keyOf(element) : null);
    if (!resolved) return;
    // The next step is Confirm (or, with two-factor on, its code): keyboard focus goes there. The
    // button lost it while it was busy (disabled), and is enabled again once the kit Form sees the
    // submission settled: a few frames.
    let frame = 0;
    let tries = 0;
    const focusWhenEnabled = () => {
      const code = needOtp ? document.getElementById(fields.otp.id) : null;
      if (code) return code.focus();
      const button = next.current;
      if (button && !button.disabled) button.focus();
      else if (tries++ < 60) frame = requestAnimationFrame(focusWhenEnabled);
    };
    focusWhenEnabled();
    return () => cancelAnimationFrame(frame);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer
  }, [resolved]);
  const shown = resolved && (typedKey === null || typedKey === resolved.key) ? resolved : null;

  return (
    <Form
      method="post"
      replace
      preventScrollReset
      {...getFormProps(form)}
      noValidate
      aria-describedby={form.errors ? form.errorId : undefined}
      className="flex flex-col gap-1"
      onInput={(e) => setTypedKey(keyOf(e.currentTarget))}
    >
      <input type="hidden" name="formId" value={id} />
      {account ? <input type="hidden" name="id" value={account.id} /> : null}
      <SelectField {...fieldProps(fields.paymentId)} key={fields.paymentId.key} label="Bank">
        <option value="">Choose your bank</option>
        {types.map((t) => (
          <option key={t.id} value={t.id}>
            {t.nameEn}
          </option>
        ))}
      </SelectField>
      <FormField field={fields.realname} label="Real name" autoComplete="name" maxLength={REAL_NAME_MAX} />
      <FormField
        field={fields.accountNumber}
        label="Account number"
        inputMode="numeric"
        autoComplete="off"
        maxLength={ACCOUNT_NUMBER_MAX}
        inputClassName="num"
        hint="10 digits. We show you the name your bank holds for it before saving."
      />
      <TextAreaField {...fieldProps(fields.remark)} key={fields.remark.key} label="Note (optional)" rows={2} maxLength={BANK_NOTE_MAX} hint={`At most ${BANK_NOTE_MAX} characters.`} />
      {/* Announced when it appears: the name to confirm. */}
      <div aria-live="polite">
        {shown ? (
          <section
            aria-labelledby={`${id}-name`}
            className={`mb-3 rounded-lg p-3 ring-1 ${shown.differs ? "bg-wait-50 ring-wait-200" : "bg-money-in-50 ring-money-in-200"}`}
            data-testid="resolved-account"
          >
            <input type="hidden" name={CHECKED_FIELD} value={shown.key} />
            <p id={`${id}-name`} className="text-base text-gray-900">
              Account name: <strong className="font-semibold" data-testid="resolved-name">{shown.accountName}</strong>
            </p>
            <p className="mt-1 text-sm text-gray-700">
              {shown.bankName} <span className="num">{shown.accountNumber}</span>
            </p>
            {shown.differs ? (
              <p className="mt-2 text-sm font-medium text-wait-800">This is not the name you typed. Confirm only if this account is yours.</p>
            ) : (
              <p className="mt-2 text-sm text-gray-700">Is this your account? Confirm to save it.</p>
            )}
            {needOtp ? <OtpField key={fields.otp.key} id={fields.otp.id} error={fields.otp.errors} className="mt-3" autoFocus answer={lastResult} /> : null}
          </section>
        ) : null}
      </div>
      <FormError id={form.errorId} errors={form.errors} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button type="button" variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : (
          <Link to={cancelHref ?? "."} replace preventScrollReset className={buttonClasses({ variant: "secondary" })}>
            Cancel
          </Link>
        )}
        {/* One button that changes its job: Continue, then Confirm. Without JavaScript the page comes
            back with it focused (autofocus), so the browser shows it and the name above it. */}
        <Button ref={next} type="submit" name="intent" value={shown ? SAVE_INTENT : CHECK_INTENT} busy={busy} autoFocus={Boolean(shown) && !needOtp}>
          {shown ? "Confirm" : "Continue"}
        </Button>
      </div>
    </Form>
  );
}

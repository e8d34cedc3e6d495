/**
 * The verification-code field with its "Send code" button (60 s countdown) and note: one for
 * registration, password reset and the security tabs. The button posts the surrounding form with
 * intent "send-code" (a fetcher with JavaScript, the form itself without); the action answers
 * `sendCode` (services/forms/send-code.server.ts).
 */
import { useState } from "react";
import { INPUT_LIMITS, SEND_CODE_INTENT } from "~/services/forms/auth";
import type { SendCodeOutcome } from "~/services/forms/send-code";
import { FormField, type ConformField } from "~/components/ui/FormParts";
import { SendCodeButton, SendCodeNote, useCooldownUntil } from "./SendCodeButton";

export interface CodeFieldProps {
  field: ConformField;
  /** The form's update, to clear an earlier code error once a code is on its way. */
  form: { update(options: { name: string; validated: boolean }): void };
  /** The loader's seconds left before another code may be sent. */
  cooldown: number;
  /** The action's answer to a "Send code" post without JavaScript. */
  sendCode: SendCodeOutcome | null | undefined;
  /** With JavaScript, before a send: check what the code goes to; false stops it. */
  validate?: (form: HTMLFormElement) => boolean;
}

export function CodeField({ field, form, cooldown, sendCode, validate }: CodeFieldProps) {
  const [sent, setSent] = useState<SendCodeOutcome | null>(null);
  const outcome = sent ?? sendCode ?? null;
  const until = useCooldownUntil(cooldown);
  return (
    <FormField
      field={field}
      label="Verification Code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={INPUT_LIMITS.code}
      placeholder="6 digits"
      hint={outcome ? <SendCodeNote outcome={outcome} /> : undefined}
      trailing={
        <SendCodeButton
          intent={SEND_CODE_INTENT}
          disabledUntil={until}
          validate={validate}
          onResult={(o) => {
            setSent(o);
            // A code is on its way: an earlier "Please enter a valid code." no longer applies.
            if (o.ok) form.update({ name: field.name, validated: false });
          }}
        />
      }
    />
  );
}

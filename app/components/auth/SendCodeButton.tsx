/**
 * "Send code" beside a verification-code field, with the 60 s resend countdown
 * (docs/product/statuses.md). Generic: registration, password reset, and the security screens
 * (bind mobile / e-mail, trade password) use it the same way.
 *
 *   <Field id="code" name="code" label="Verification Code"
 *     trailing={<SendCodeButton intent="send-code" disabledUntil={until}
 *                 validate={(f) => checkContact(f)} onResult={setOutcome} />}
 *     hint={<SendCodeNote outcome={outcome ?? actionData?.sendCode} />} />
 *
 * - Without JavaScript it is a submit button of the surrounding form with
 *   name="intent" value={intent}: the route action sends the code and renders
 *   the form again (values kept) with the note.
 * - With JavaScript it posts the same form data (plus intent) through a fetcher
 *   to the same action, then counts down "Resend in 59s" ... disabled meanwhile.
 *   On an islands-only page the code-field island (app/islands/) posts it with
 *   fetch instead; send-code-control.tsx holds the countdown and look both share.
 * - The action answers `{ sendCode: SendCodeOutcome, ... }`
 *   (see app/services/forms/send-code.server.ts: sendVerificationCode).
 * - `disabledUntil` (ms since the epoch, browser clock): a countdown already
 *   running when the page loads (useCooldownUntil turns the loader's
 *   seconds-left into it).
 *
 * Put a hidden default submit button first in the form (see DefaultSubmit),
 * so Enter in a field submits the form rather than sending a code.
 */
import { useEffect, useRef } from "react";
import { useFetcher } from "@remix-run/react";
import type { SendCodeOutcome } from "~/services/forms/send-code";
import { SendCodeControl, SendCodeNote, useCooldownUntil, useResendCountdown } from "./send-code-control";

export { SendCodeNote, useCooldownUntil };

export interface SendCodeButtonProps {
  /** The `intent` value posted (name="intent"); the action branches on it. */
  intent: string;
  /** No new send before this time (ms since the epoch, browser clock). */
  disabledUntil?: number;
  /** With JavaScript, before posting: check the form (e.g. the contact field); false stops the send. */
  validate?: (form: HTMLFormElement) => boolean;
  /** With JavaScript: what the action answered. */
  onResult?: (outcome: SendCodeOutcome) => void;
  /** Where the fetcher posts; default: the form's own action. */
  action?: string;
  /** Button text. Default "Send code". */
  label?: string;
  /** Disable regardless of the countdown. */
  disabled?: boolean;
  className?: string;
}

export function SendCodeButton({ intent, disabledUntil = 0, validate, onResult, action, label, disabled, className }: SendCodeButtonProps) {
  const fetcher = useFetcher<{ sendCode?: SendCodeOutcome }>();
  const { hydrated, left, answered } = useResendCountdown(disabledUntil);
  const onResultRef = useRef(onResult);
  onResultRef.current = onResult;

  // A new answer from the action: report it and start the countdown it asks for.
  const data = fetcher.data;
  useEffect(() => {
    const outcome = data?.sendCode;
    if (!outcome) return;
    answered(outcome);
    onResultRef.current?.(outcome);
  }, [data, answered]);

  return (
    <SendCodeControl
      intent={intent}
      hydrated={hydrated}
      left={left}
      sending={fetcher.state !== "idle"}
      label={label}
      disabled={disabled}
      className={className}
      onSend={(form) => {
        if (validate && !validate(form)) return;
        const body = new FormData(form);
        body.set("intent", intent);
        fetcher.submit(body, { method: "post", action: action ?? form.getAttribute("action") ?? undefined });
      }}
    />
  );
}

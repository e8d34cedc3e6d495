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
 * - The action answers `{ sendCode: SendCodeOutcome, ... }`
 *   (see app/services/forms/send-code.server.ts: sendVerificationCode).
 * - `disabledUntil` (ms since the epoch, browser clock): a countdown already
 *   running when the page loads (useCooldownUntil turns the loader's
 *   seconds-left into it).
 *
 * Put a hidden default submit button first in the form (see DefaultSubmit),
 * so Enter in a field submits the form rather than sending a code.
 */
import { useEffect, useMemo, useRef, useState } from "react";
import { useFetcher } from "@remix-run/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { Button } from "~/components/ui";
import type { SendCodeOutcome } from "~/services/forms/send-code";
import { cx } from "~/components/ui/cx";

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

/** The loader's "seconds until another send" as a browser-clock deadline (0 when none). */
export function useCooldownUntil(secondsLeft: number | null | undefined): number {
  // Recomputed whenever the loader answers again (its seconds change).
  return useMemo(() => (secondsLeft && secondsLeft > 0 ? Date.now() + secondsLeft * 1000 : 0), [secondsLeft]);
}

export function SendCodeButton({
  intent,
  disabledUntil = 0,
  validate,
  onResult,
  action,
  label = "Send code",
  disabled,
  className,
}: SendCodeButtonProps) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<{ sendCode?: SendCodeOutcome }>();
  const [localUntil, setLocalUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const onResultRef = useRef(onResult);
  onResultRef.current = onResult;

  // A new answer from the action: report it and start the countdown it asks for.
  const data = fetcher.data;
  useEffect(() => {
    const outcome = data?.sendCode;
    if (!outcome) return;
    if (outcome.retryAfter > 0) {
      const t = Date.now();
      setNow(t);
      setLocalUntil(t + outcome.retryAfter * 1000);
    }
    onResultRef.current?.(outcome);
  }, [data]);

  const until = Math.max(disabledUntil, localUntil);
  const left = hydrated ? Math.max(0, Math.ceil((until - now) / 1000)) : 0;

  // Tick once a second while counting down.
  useEffect(() => {
    if (!hydrated || until <= Date.now()) return;
    setNow(Date.now());
    const timer = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= until) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [hydrated, until]);

  const sending = fetcher.state !== "idle";
  const classes = cx("w-32 shrink-0 whitespace-nowrap px-2 text-sm", className);

  if (!hydrated) {
    // No JavaScript (or not yet): a plain submit button of the form.
    return (
      <Button type="submit" name="intent" value={intent} formNoValidate variant="secondary" disabled={disabled} className={classes}>
        {label}
      </Button>
    );
  }

  return (
    <Button
      type="button"
      variant="secondary"
      className={classes}
      busy={sending}
      disabled={disabled || left > 0}
      aria-live="polite"
      onClick={(event) => {
        const form = event.currentTarget.form;
        if (!form) return;
        if (validate && !validate(form)) return;
        const body = new FormData(form);
        body.set("intent", intent);
        fetcher.submit(body, { method: "post", action: action ?? form.getAttribute("action") ?? undefined });
      }}
    >
      {left > 0 ? `Resend in ${left}s` : label}
    </Button>
  );
}

export interface SendCodeNoteProps {
  /** The action's answer (fetcher or page post); nothing shown without one. */
  outcome?: SendCodeOutcome | null;
}

/**
 * The line under the code field: "Code sent" (green) or why not (red). Without
 * JavaScript it also says how long until another code may be asked for.
 */
export function SendCodeNote({ outcome }: SendCodeNoteProps) {
  const hydrated = useHydrated();
  if (!outcome) return null;
  return (
    <span role="status" className={outcome.ok ? "text-money-in-700" : "text-money-out-700"}>
      {outcome.message}
      {outcome.ok && !hydrated && outcome.retryAfter > 0
        ? `. You can request another code in ${outcome.retryAfter} s.`
        : null}
    </span>
  );
}

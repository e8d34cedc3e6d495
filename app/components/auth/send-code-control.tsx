/**
 * The "Send code" button's countdown and look, with no framework in them: the one home of the
 * 60 s resend rule (docs/product/statuses.md) for both ways it is sent. SendCodeButton.tsx posts
 * through a Remix fetcher on hydrated pages; the code-field island (app/islands/) posts with
 * fetch on islands-only pages (ADR 0067). Both draw this button and SendCodeNote.
 */
import { useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { buttonClasses } from "~/components/ui/button-classes";
import { cx } from "~/components/ui/cx";
import { FormField, type ConformField } from "~/components/ui/FormParts";
import { Spinner } from "~/components/ui/Spinner";
import { INPUT_LIMITS } from "~/services/forms/auth";
import type { SendCodeOutcome } from "~/services/forms/send-code";

/** The loader's "seconds until another send" as a browser-clock deadline (0 when none). */
export function useCooldownUntil(secondsLeft: number | null | undefined): number {
  // Recomputed whenever the loader answers again (its seconds change).
  return useMemo(() => (secondsLeft && secondsLeft > 0 ? Date.now() + secondsLeft * 1000 : 0), [secondsLeft]);
}

/**
 * Seconds left before another send (0 before hydration: the server cannot count), ticking once
 * a second; `answered` starts the countdown an answer asks for.
 */
export function useResendCountdown(disabledUntil: number) {
  const hydrated = useHydrated();
  const [localUntil, setLocalUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const until = Math.max(disabledUntil, localUntil);
  const left = hydrated ? Math.max(0, Math.ceil((until - now) / 1000)) : 0;

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

  const answered = useCallback((outcome: SendCodeOutcome) => {
    if (outcome.retryAfter <= 0) return;
    const t = Date.now();
    setNow(t);
    setLocalUntil(t + outcome.retryAfter * 1000);
  }, []);
  return { hydrated, left, answered };
}

export interface SendCodeControlProps {
  /** The `intent` value posted (name="intent"); the action branches on it. */
  intent: string;
  hydrated: boolean;
  /** Seconds left of the countdown. */
  left: number;
  /** A send is under way. */
  sending: boolean;
  /** With JavaScript: the press, on the button's form. */
  onSend: (form: HTMLFormElement) => void;
  label?: string;
  disabled?: boolean;
  className?: string;
}

/**
 * Without JavaScript (or before it runs) a submit button of the surrounding form; with it, a
 * button that sends and then reads "Resend in 59s", disabled meanwhile.
 */
export function SendCodeControl({ intent, hydrated, left, sending, onSend, label = "Send code", disabled, className }: SendCodeControlProps) {
  const classes = buttonClasses({ variant: "secondary", className: cx("w-32 shrink-0 whitespace-nowrap px-2 text-sm", className) });
  if (!hydrated) {
    return (
      <button type="submit" name="intent" value={intent} formNoValidate disabled={disabled} className={classes}>
        {label}
      </button>
    );
  }
  return (
    <button
      type="button"
      className={classes}
      disabled={disabled || sending || left > 0}
      aria-busy={sending || undefined}
      aria-live="polite"
      onClick={(event) => {
        const form = event.currentTarget.form;
        if (form) onSend(form);
      }}
    >
      {sending ? <Spinner className="h-4 w-4" /> : null}
      {left > 0 ? `Resend in ${left}s` : label}
    </button>
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
      {outcome.ok && !hydrated && outcome.retryAfter > 0 ? `. You can request another code in ${outcome.retryAfter} s.` : null}
    </span>
  );
}

/** The verification-code field, its "Send code" beside it (`trailing`) and the note under it. */
export function CodeFieldFrame({
  field,
  outcome,
  trailing,
  onInput,
}: {
  field: ConformField;
  outcome: SendCodeOutcome | null | undefined;
  trailing: ReactNode;
  onInput?: () => void;
}) {
  return (
    <FormField
      field={field}
      label="Verification Code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={INPUT_LIMITS.code}
      placeholder="6 digits"
      hint={outcome ? <SendCodeNote outcome={outcome} /> : undefined}
      trailing={trailing}
      onInput={onInput}
    />
  );
}

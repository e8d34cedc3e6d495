/**
 * A deadline that counts down.
 *
 *   Pay before <Countdown deadline={order.payDeadline} onExpire={() => revalidator.revalidate()} />
 *
 * - Server (and without JavaScript): the deadline itself, "MMM D, YYYY hh:mm A",
 *   so the text around it should read well with a time ("Pay before ...").
 * - Once hydrated: the time left, "mm:ss" or "h:mm:ss", ticking every second
 *   on the second, never below "00:00", with the deadline as a tooltip.
 * - Amber (the "wait" colour), tabular figures so it does not wobble.
 * - role="timer" is not announced on every tick; the server text is in the
 *   page for screen readers that read it.
 *
 * The date text is in the user's zone (useTimeZone), the same on both sides.
 */
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { formatCountdown, formatDate } from "../../services/money/format";
import { useTimeZone } from "./DateTime";
import { cx } from "./cx";


export interface CountdownProps {
  /** The deadline, in ms since the epoch. */
  deadline: number;
  /** Called once per deadline when the time is up (also when it already was at hydration). */
  onExpire?: () => void;
  /** Shown instead of "00:00" once the time is up (with JavaScript). */
  expiredText?: string;
  /** Screen-reader words before the ticking time ("Time left"). */
  label?: string;
  className?: string;
}

function iso(ms: number): string | undefined {
  const d = new Date(ms);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

export function Countdown({ deadline, onExpire, expiredText, label, className }: CountdownProps) {
  const hydrated = useHydrated();
  const timeZone = useTimeZone();
  const [now, setNow] = useState(() => Date.now());
  const expiredFor = useRef<number | null>(null);
  const onExpireRef = useRef(onExpire);
  onExpireRef.current = onExpire;

  useEffect(() => {
    if (!hydrated) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const t = Date.now();
      setNow(t);
      const left = deadline - t;
      if (left <= 0) {
        if (expiredFor.current !== deadline) {
          expiredFor.current = deadline;
          onExpireRef.current?.();
        }
        return;
      }
      // Wake just after the next whole second of time left.
      timer = setTimeout(tick, (left % 1000) + 20);
    };
    tick();
    return () => clearTimeout(timer);
  }, [hydrated, deadline]);

  const classes = cx("num text-wait-700", className);
  const dateText = formatDate(deadline, timeZone);

  if (!hydrated) {
    return (
      <time dateTime={iso(deadline)} className={classes}>
        {dateText}
      </time>
    );
  }

  const left = Math.max(0, deadline - now);
  return (
    <time dateTime={iso(deadline)} title={dateText} role="timer" className={cx(classes, "font-semibold")}>
      {label ? <span className="sr-only">{label} </span> : null}
      {left === 0 && expiredText ? expiredText : formatCountdown(left)}
    </time>
  );
}

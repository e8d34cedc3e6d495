/**
 * Dates as the user reads them: in the zone the server rendered with (root
 * loader data, from the `tz` cookie or Lagos), so the server's HTML and the
 * browser's render agree (ADR 0010).
 *
 *   <DateTime ms={order.createTimestamp} />            // Nov 21, 2026 12:05 AM
 *   <DateTime ms={day} as="day" />                     // Nov 21, 2026
 *   const tz = useTimeZone(); formatDate(ms, tz)       // outside JSX
 */
import { useRouteLoaderData } from "@remix-run/react";
import { formatDate } from "../../services/money/format";
import { cx } from "./cx";
import { DEFAULT_TIME_ZONE, formatDayIn } from "../../services/layout/time-zone";

/** The user's time zone as the root loader resolved it. */
export function useTimeZone(): string {
  const root = useRouteLoaderData("root") as { timeZone?: string } | undefined;
  return root?.timeZone ?? DEFAULT_TIME_ZONE;
}

const isoOf = (ms: number) => (Number.isFinite(ms) && Math.abs(ms) <= 8.64e15 ? new Date(ms).toISOString() : undefined);

export function DateTime({
  ms,
  as = "date",
  className,
}: {
  /** Epoch milliseconds (numeric strings are accepted, as the API may send them). */
  ms: number | string | null | undefined;
  /** "date": MMM D, YYYY hh:mm A; "day": MMM D, YYYY. */
  as?: "date" | "day";
  className?: string;
}) {
  const timeZone = useTimeZone();
  const n = ms === null || ms === undefined || ms === "" ? NaN : Number(ms);
  const iso = isoOf(n);
  if (!iso) return null;
  if (as === "day") return <time dateTime={iso} className={cx("whitespace-nowrap", className)}>{formatDayIn(n, timeZone)}</time>;
  // The day and the clock each stay whole: a narrow row breaks between them ("Nov 27, 2026" /
  // "11:45 PM"), never inside ("… 11:45" / "PM").
  const text = formatDate(n, timeZone);
  const at = text.lastIndexOf(" ", text.lastIndexOf(" ") - 1);
  return (
    <time dateTime={iso} className={className}>
      <span className="whitespace-nowrap">{text.slice(0, at)}</span> <span className="whitespace-nowrap">{text.slice(at + 1)}</span>
    </time>
  );
}

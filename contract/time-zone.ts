/**
 * Dates in the user's time zone, the same on the server, in the browser and in the backend's
 * receipts (ADR 0010). The server renders every date in the zone the `tz` cookie names
 * (set by a tiny inline script from the browser's own zone) or, without it,
 * in DEFAULT_TIME_ZONE, Lagos: our sellers' zone. The browser then formats with
 * the zone the server used (root loader data), so hydration never disagrees.
 *
 * Intl only (web standard, no dayjs plugins): safe on an edge host.
 *
 *   formatDateIn(Date.UTC(2026, 10, 20, 23, 5), "Africa/Lagos")  // "Nov 21, 2026 12:05 AM"
 *   dayStartIn("2026-11-21", "Africa/Lagos")                       // Date.UTC(2026, 10, 20, 23)
 */
export const DEFAULT_TIME_ZONE = "Africa/Lagos";

const DAY_MS = 86_400_000;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One cached 24-hour numeric formatter per zone (creating them is slow). */
function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The name if it is a zone this runtime knows, else null. */
export function validTimeZone(name: string | null | undefined): string | null {
  if (!name || name.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(name)) return null;
  try {
    partsFormatter(name);
    return name;
  } catch {
    return null;
  }
}

/** The wall-clock fields of an instant in a zone. */
export interface WallClock {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number; // 0-23
  minute: number;
  second: number;
}

export function wallClock(ms: number, timeZone: string): WallClock {
  const out: Record<string, number> = {};
  for (const p of partsFormatter(timeZone).formatToParts(ms)) {
    if (p.type !== "literal") out[p.type] = Number(p.value);
  }
  return { year: out.year, month: out.month, day: out.day, hour: out.hour % 24, minute: out.minute, second: out.second };
}

/** How far the zone's clock is ahead of UTC at that instant, in ms. */
function offsetAt(ms: number, timeZone: string): number {
  const w = wallClock(ms, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - (ms - (((ms % 1000) + 1000) % 1000));
}

/** The first ms of the calendar day y-m-d in the zone. */
function startOfDay(year: number, month: number, day: number, timeZone: string): number {
  const guess = Date.UTC(year, month - 1, day);
  const first = guess - offsetAt(guess, timeZone);
  const second = guess - offsetAt(first, timeZone); // the offset may differ across a DST change
  return second;
}

const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A "yyyy-mm-dd" that names a real calendar day, else null. */
export function parseDay(ymd: string | null | undefined): { year: number; month: number; day: number } | null {
  const m = ymd ? YMD.exec(ymd) : null;
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day ? { year, month, day } : null;
}

/** The first ms of that day in the zone; null for a malformed day. */
export function dayStartIn(ymd: string, timeZone: string): number | null {
  const d = parseDay(ymd);
  return d ? startOfDay(d.year, d.month, d.day, timeZone) : null;
}

/** The last ms of that day in the zone; null for a malformed day. */
export function dayEndIn(ymd: string, timeZone: string): number | null {
  const d = parseDay(ymd);
  if (!d) return null;
  const next = new Date(Date.UTC(d.year, d.month - 1, d.day) + DAY_MS);
  return startOfDay(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), timeZone) - 1;
}

/** The first ms of the day that contains `ms` in the zone (today's midnight for Date.now()). */
export function startOfDayIn(ms: number, timeZone: string): number {
  const w = wallClock(ms, timeZone);
  return startOfDay(w.year, w.month, w.day, timeZone);
}

const pad2 = (n: number) => String(n).padStart(2, "0");

/** "MMM D, YYYY" of the instant in the zone. */
export function formatDayIn(ms: number, timeZone: string): string {
  const w = wallClock(ms, timeZone);
  return `${MONTHS[w.month - 1]} ${w.day}, ${w.year}`;
}

/** "MMM D" of the instant in the zone (chart axes). */
export function formatShortDayIn(ms: number, timeZone: string): string {
  const w = wallClock(ms, timeZone);
  return `${MONTHS[w.month - 1]} ${w.day}`;
}

const clock = (w: WallClock) => `${pad2(w.hour % 12 === 0 ? 12 : w.hour % 12)}:${pad2(w.minute)} ${w.hour < 12 ? "AM" : "PM"}`;

/** "hh:mm A" of the instant in the zone. */
export function formatTimeIn(ms: number, timeZone: string): string {
  return clock(wallClock(ms, timeZone));
}

/** "MMM D, YYYY hh:mm A" (docs/product/constants.md) of the instant in the zone. */
export function formatDateIn(ms: number, timeZone: string): string {
  const w = wallClock(ms, timeZone);
  return `${MONTHS[w.month - 1]} ${w.day}, ${w.year} ${clock(w)}`;
}

/** Whether two instants fall on the same calendar day in the zone. */
export function sameDayIn(a: number, b: number, timeZone: string): boolean {
  return startOfDayIn(a, timeZone) === startOfDayIn(b, timeZone);
}

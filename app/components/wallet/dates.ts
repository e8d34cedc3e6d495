/** The date-range filter of the order, wallet and withdrawal lists: yyyy-mm-dd in the URL, whole days to the API. */
import { dayEndIn, dayStartIn, parseDay } from "~/services/layout/time-zone";

export interface DateRange {
  /** yyyy-mm-dd as typed, "" when not set. */
  start: string;
  end: string;
}

const dateParam = (v: string | null | undefined) => (v && parseDay(v) ? v : "");

export function parseRange(params: URLSearchParams): DateRange {
  let start = dateParam(params.get("start"));
  let end = dateParam(params.get("end"));
  if (start && end && start > end) [start, end] = [end, start];
  return { start, end };
}

/** From the first ms of the start day to the last ms of the end day, in the user's zone (timeZoneOf). */
export function rangeTimestamps(r: DateRange, timeZone: string): { start?: number; end?: number } {
  return {
    start: (r.start && dayStartIn(r.start, timeZone)) || undefined,
    end: (r.end && dayEndIn(r.end, timeZone)) || undefined,
  };
}

/** A positive integer query parameter, or null. */
export function posIntParam(v: string | null | undefined): number | null {
  const n = Number(v);
  return v && Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** `?a=1&b=2` from the non-empty entries (always starts with "?"). */
export function toQuery(entries: Record<string, string | number | null | undefined>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(entries)) if (v !== null && v !== undefined && v !== "" && v !== 0) p.set(k, String(v));
  return `?${p}`;
}

import type { CallContext } from "../../http/context";

/**
 * The user's calendar (docs/decisions/0022-points-and-levels.md): the web tier forwards the zone
 * of the `tz` cookie (ADR 0010) in the `time-zone` header; Lagos when absent or unknown.
 */
export const DEFAULT_ZONE = "Africa/Lagos";
export const TIME_ZONE_HEADER = "time-zone";

/** One formatter per real zone, keyed by its canonical name: the header's spelling cannot grow the cache. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone's canonical name ("aFrIcA/LaGoS" is Africa/Lagos), or null when Intl does not know it. */
function canonicalZone(zone: string): string | null {
  try {
    return new Intl.DateTimeFormat("en-CA", { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

function dayFormat(zone: string): Intl.DateTimeFormat {
  let f = dayFormats.get(zone);
  if (!f) {
    // en-CA writes yyyy-mm-dd.
    f = new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormats.set(zone, f);
  }
  return f;
}

export function zoneOf(ctx: Pick<CallContext, "headers">): string {
  const name = ctx.headers.get(TIME_ZONE_HEADER);
  return (name && name.length <= 64 && canonicalZone(name)) || DEFAULT_ZONE;
}

/** "yyyy-mm-dd" of the instant in the zone. */
export function localDay(at: Date, zone: string): string {
  return dayFormat(canonicalZone(zone) ?? DEFAULT_ZONE).format(at);
}

/** "yyyy-mm" of the instant in the zone. */
export const localMonth = (at: Date, zone: string) => localDay(at, zone).slice(0, 7);

/** The calendar day before "yyyy-mm-dd". */
export function dayBefore(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d) - 86_400_000).toISOString().slice(0, 10);
}

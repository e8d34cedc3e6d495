/**
 * "MMM D, YYYY hh:mm A" in a zone (docs/product/constants.md), as the web tier writes dates
 * (ADR 0010): the receipt's times are written by the backend, once, for the page and the PDF alike.
 */
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const formats = new Map<string, Intl.DateTimeFormat>();

function partsOf(zone: string): Intl.DateTimeFormat {
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { timeZone: zone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric" });
    formats.set(zone, f);
  }
  return f;
}

const pad2 = (n: number) => String(n).padStart(2, "0");

export function formatReceiptDate(ms: number, zone: string): string {
  const p: Record<string, number> = {};
  for (const part of partsOf(zone).formatToParts(ms)) if (part.type !== "literal") p[part.type] = Number(part.value);
  const hour = p.hour % 24;
  return `${MONTHS[p.month - 1]} ${p.day}, ${p.year} ${pad2(hour % 12 === 0 ? 12 : hour % 12)}:${pad2(p.minute)} ${hour < 12 ? "AM" : "PM"}`;
}

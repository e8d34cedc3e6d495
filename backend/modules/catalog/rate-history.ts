/**
 * A card type's best rate per currency over 7, 30 or 90 days (ADR 0070). The rows are written by
 * migration 037's trigger whenever the best rate changes; this reads them and cuts a window.
 */
import type { RateHistory, RateHistoryRange, RateSeries } from "../../../contract/rate-history";
import type { Executor } from "../../db";

const DAY_MS = 86_400_000;

export interface RateRow {
  currency: string;
  discount: number | null;
  at: number;
}

/** Every kept row of a card type (at most 90 days and the one before), by currency then time. */
export async function rateRows(db: Executor, cardTypeId: number): Promise<RateRow[]> {
  const rows = await db
    .selectFrom("rate_history")
    .select(["currency", "discount", "recorded_at"])
    .where("card_type_id", "=", cardTypeId)
    .orderBy("currency")
    .orderBy("recorded_at")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({ currency: r.currency, discount: r.discount === null ? null : Number(r.discount), at: new Date(r.recorded_at).getTime() }));
}

/**
 * The window of the last `range` days ending at `now`: per currency, the rate in force when it opens
 * (the last row before it, drawn from `from`) and each change in it. A currency with no open offer
 * anywhere in the window is left out.
 */
export function rateWindow(cardTypeId: number, rows: readonly RateRow[], range: RateHistoryRange, now: number): RateHistory {
  const from = now - range * DAY_MS;
  const byCurrency = new Map<string, RateSeries["points"]>();
  for (const r of rows) {
    if (r.at > now) continue;
    const points = byCurrency.get(r.currency) ?? [];
    byCurrency.set(r.currency, points);
    if (r.at <= from) points.splice(0, points.length, { at: from, discount: r.discount });
    else points.push({ at: r.at, discount: r.discount });
  }
  const series = [...byCurrency]
    .filter(([, points]) => points.some((p) => p.discount !== null))
    .map(([currency, points]) => ({ currency, points }));
  return { cardTypeId, range, from, to: now, series };
}

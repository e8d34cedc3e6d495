import { z } from "zod";

/**
 * A card type's best rate per currency over a range of days (ADR 0070). Rates are per 10000, as an
 * offer's discount; times are epoch milliseconds.
 */
export const RATE_HISTORY_RANGES = [7, 30, 90] as const;
export type RateHistoryRange = (typeof RATE_HISTORY_RANGES)[number];
export const DEFAULT_RATE_HISTORY_RANGE: RateHistoryRange = 30;

/** A ?range= value as a range, the default for anything else. */
export function rateHistoryRangeOf(raw: string | null): RateHistoryRange {
  return RATE_HISTORY_RANGES.find((r) => String(r) === raw) ?? DEFAULT_RATE_HISTORY_RANGE;
}

export const rateHistoryRangeSchema = z.union([z.literal(7), z.literal(30), z.literal(90)]);

export const ratePointSchema = z.object({
  /** From when the best rate was this; the first point is at `from` when the rate was set before. */
  at: z.number().int().nonnegative(),
  /** Best discount per 10000; null while no offer in this currency was open. */
  discount: z.number().int().nullable(),
});
export type RatePoint = z.infer<typeof ratePointSchema>;

export const rateSeriesSchema = z.object({ currency: z.string(), points: z.array(ratePointSchema) });
export type RateSeries = z.infer<typeof rateSeriesSchema>;

export const rateHistorySchema = z.object({
  cardTypeId: z.number().int(),
  range: rateHistoryRangeSchema,
  from: z.number().int().nonnegative(),
  to: z.number().int().nonnegative(),
  /** One per currency that had an offer in the range, by currency code. */
  series: z.array(rateSeriesSchema),
});
export type RateHistory = z.infer<typeof rateHistorySchema>;

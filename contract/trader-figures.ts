import { z } from "zod";

/**
 * A trader's figures over the last 30 days (ADR 0069): the merchant of card orders, the
 * withdrawer of withdrawals. The backend keeps one row per trader and UTC day
 * (backend/modules/trader-figures) with the day's counts and two histograms of whole minutes;
 * the formulas that turn those rows into what a page shows live here, for both tiers.
 */

/** The window: today (UTC) and the 29 days before it. */
export const WINDOW_DAYS = 30;
/** Histogram buckets 0..119 are exact minutes; the last one holds 120 minutes and more. */
export const MINUTE_BUCKETS = 121;
export const LAST_BUCKET = MINUTE_BUCKETS - 1;

const DAY_MS = 86_400_000;

/** The UTC day number (days since 1970-01-01) of an instant. */
export const dayOf = (ms: number): number => Math.floor(ms / DAY_MS);
/** The first day inside the window that ends `today`. */
export const windowStart = (today: number): number => today - (WINDOW_DAYS - 1);

/** The bucket of a duration: its whole minutes, 120 and more in the last bucket. */
export const minuteBucket = (durationMs: number): number => Math.min(LAST_BUCKET, Math.max(0, Math.floor(durationMs / 60_000)));

/** One trader-day as kept. */
export interface TraderDay {
  completedN: number;
  failedN: number;
  disputesLostN: number;
  /** Count of views (or a withdrawer's acceptances) by minutes from the order; MINUTE_BUCKETS long. */
  viewMinutes: readonly number[];
  /** Count of completions by minutes from the order; MINUTE_BUCKETS long. */
  completeMinutes: readonly number[];
}

export const traderFiguresSchema = z.object({
  /** Completed trades in the window. */
  trades: z.number().int().nonnegative(),
  /** Trades the trader let fail (ADR 0069: expired unviewed, or the withdrawer's own cancel). */
  failed: z.number().int().nonnegative(),
  /** completed / (completed + failed) in basis points, rounded down; null when both are 0. */
  completionBp: z.number().int().min(0).max(10_000).nullable(),
  /** Median whole minutes from the order to the view (acceptance); null when none. 120 means "120 or more". */
  viewMinutes: z.number().int().min(0).max(LAST_BUCKET).nullable(),
  /** Median whole minutes from the order to its completion; null when none. */
  completeMinutes: z.number().int().min(0).max(LAST_BUCKET).nullable(),
  /** Arbitrations decided against the trader. */
  disputesLost: z.number().int().nonnegative(),
});
export type TraderFigures = z.infer<typeof traderFiguresSchema>;

export const NO_FIGURES: TraderFigures = { trades: 0, failed: 0, completionBp: null, viewMinutes: null, completeMinutes: null, disputesLost: 0 };

/** The lower median of a histogram (the smallest bucket holding half of the counts); null when empty. */
export function medianBucket(histogram: readonly number[]): number | null {
  const n = histogram.reduce((s, c) => s + c, 0);
  if (n === 0) return null;
  const half = Math.ceil(n / 2);
  let seen = 0;
  for (let i = 0; i < histogram.length; i++) {
    seen += histogram[i]!;
    if (seen >= half) return i;
  }
  return null;
}

/** Adds histograms element by element (missing elements count 0). */
export function addHistograms(a: readonly number[], b: readonly number[]): number[] {
  return Array.from({ length: Math.max(a.length, b.length) }, (_, i) => (a[i] ?? 0) + (b[i] ?? 0));
}

/** Basis points of completed among completed and failed, rounded down: 99.99% never reads 100%. */
export const completionBp = (completed: number, failed: number): number | null =>
  completed + failed === 0 ? null : Math.floor((completed * 10_000) / (completed + failed));

/** The figures of the days inside the window (the caller passes only those). */
export function figuresOf(days: readonly TraderDay[]): TraderFigures {
  let completed = 0;
  let failed = 0;
  let lost = 0;
  let view: number[] = [];
  let complete: number[] = [];
  for (const d of days) {
    completed += d.completedN;
    failed += d.failedN;
    lost += d.disputesLostN;
    view = addHistograms(view, d.viewMinutes);
    complete = addHistograms(complete, d.completeMinutes);
  }
  return {
    trades: completed,
    failed,
    completionBp: completionBp(completed, failed),
    viewMinutes: medianBucket(view),
    completeMinutes: medianBucket(complete),
    disputesLost: lost,
  };
}

/** A trader with nothing to judge in the window reads "New", not 0%. */
export const isNewTrader = (f: TraderFigures): boolean => f.completionBp === null && f.disputesLost === 0;

/** "98%": whole percent, rounded down. */
export const percentText = (bp: number): string => `${Math.floor(bp / 100)}%`;
/** "~6 min"; "<1 min" under a minute; "~120+ min" from the last bucket. */
export const minutesText = (m: number): string => (m === 0 ? "<1 min" : m >= LAST_BUCKET ? `~${LAST_BUCKET}+ min` : `~${m} min`);
export const tradesText = (n: number): string => `${n} ${n === 1 ? "trade" : "trades"}`;

/** The compact line of an offer row or a withdrawer card: "98% · 312 trades · ~6 min", or "New". */
export function compactFigures(f: TraderFigures): string {
  if (isNewTrader(f)) return "New";
  const parts = [f.completionBp === null ? null : percentText(f.completionBp), tradesText(f.trades), f.completeMinutes === null ? null : minutesText(f.completeMinutes)];
  return parts.filter((p) => p !== null).join(" · ");
}

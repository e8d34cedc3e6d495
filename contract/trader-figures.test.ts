/**
 * The trader figures' formulas (contract/trader-figures.ts), proved over drawn days: the median of
 * the summed histograms is the lower median of the minutes themselves, however the events are
 * split into days; the completion rate is the exact floor of completed / (completed + failed) in
 * basis points, 100% only when nothing failed; "New" exactly when there is nothing to judge.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  completionBp,
  compactFigures,
  figuresOf,
  isNewTrader,
  LAST_BUCKET,
  medianBucket,
  MINUTE_BUCKETS,
  minuteBucket,
  minutesText,
  type TraderDay,
} from "./trader-figures";

const histogramOf = (minutes: readonly number[]): number[] => {
  const h = new Array<number>(MINUTE_BUCKETS).fill(0);
  for (const m of minutes) h[m]! += 1;
  return h;
};

/** A day's events: minutes to view, minutes to complete, failures, disputes lost. */
const dayEvents = fc.record({
  views: fc.array(fc.integer({ min: 0, max: LAST_BUCKET }), { maxLength: 20 }),
  completes: fc.array(fc.integer({ min: 0, max: LAST_BUCKET }), { maxLength: 20 }),
  failed: fc.nat({ max: 20 }),
  lost: fc.nat({ max: 5 }),
});
type DayEvents = { views: number[]; completes: number[]; failed: number; lost: number };
const toDay = (e: DayEvents): TraderDay => ({
  completedN: e.completes.length,
  failedN: e.failed,
  disputesLostN: e.lost,
  viewMinutes: histogramOf(e.views),
  completeMinutes: histogramOf(e.completes),
});
const lowerMedian = (xs: readonly number[]) => (xs.length === 0 ? null : [...xs].sort((a, b) => a - b)[Math.ceil(xs.length / 2) - 1]!);

describe("trader figures", () => {
  it("the median of summed day histograms is the lower median of all the minutes, whatever the days", () => {
    fc.assert(
      fc.property(fc.array(dayEvents, { maxLength: 30 }), (days) => {
        const f = figuresOf(days.map(toDay));
        const views = days.flatMap((d) => d.views);
        const completes = days.flatMap((d) => d.completes);
        expect(f.viewMinutes).toBe(lowerMedian(views));
        expect(f.completeMinutes).toBe(lowerMedian(completes));
        expect(f.trades).toBe(completes.length);
        expect(f.failed).toBe(days.reduce((s, d) => s + d.failed, 0));
        expect(f.disputesLost).toBe(days.reduce((s, d) => s + d.lost, 0));
        // The same events kept as one day give the same figures.
        const merged = { views, completes, failed: f.failed, lost: f.disputesLost };
        expect(figuresOf([toDay(merged)])).toEqual(f);
      }),
      { numRuns: 500 },
    );
  });

  it("the completion rate is the floor of completed / (completed + failed) in basis points; 100% only when nothing failed", () => {
    fc.assert(
      fc.property(fc.nat({ max: 1_000_000 }), fc.nat({ max: 1_000_000 }), (c, f) => {
        const bp = completionBp(c, f);
        if (c + f === 0) {
          expect(bp).toBeNull();
          return;
        }
        expect(bp! * (c + f)).toBeLessThanOrEqual(c * 10_000);
        expect((bp! + 1) * (c + f)).toBeGreaterThan(c * 10_000);
        expect(bp === 10_000).toBe(f === 0);
      }),
      { numRuns: 2000 },
    );
  });

  it("reads New exactly when there is nothing to judge; otherwise the compact line starts with the whole percent", () => {
    fc.assert(
      fc.property(fc.array(dayEvents, { maxLength: 5 }), (days) => {
        const f = figuresOf(days.map(toDay));
        const nothing = f.trades === 0 && f.failed === 0 && f.disputesLost === 0;
        expect(isNewTrader(f)).toBe(nothing);
        if (nothing) expect(compactFigures(f)).toBe("New");
        else if (f.completionBp !== null) expect(compactFigures(f).startsWith(`${Math.floor(f.completionBp / 100)}%`)).toBe(true);
      }),
    );
  });

  it("minutes are whole, never negative, 120 and more in the last bucket", () => {
    expect(minuteBucket(0)).toBe(0);
    expect(minuteBucket(59_999)).toBe(0);
    expect(minuteBucket(60_000)).toBe(1);
    expect(minuteBucket(-5)).toBe(0);
    expect(minuteBucket(10 * 3_600_000)).toBe(LAST_BUCKET);
    expect(medianBucket([])).toBeNull();
    expect(completionBp(0, 0)).toBeNull();
    expect(minutesText(0)).toBe("<1 min");
    expect(compactFigures({ trades: 312, failed: 6, completionBp: completionBp(312, 6), viewMinutes: 2, completeMinutes: 6, disputesLost: 0 })).toBe("98% · 312 trades · ~6 min");
    expect(compactFigures({ trades: 1, failed: 0, completionBp: 10_000, viewMinutes: 200, completeMinutes: LAST_BUCKET, disputesLost: 0 })).toBe("100% · 1 trade · ~120+ min");
  });
});

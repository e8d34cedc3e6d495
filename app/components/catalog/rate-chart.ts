/**
 * The geometry of a best-rate chart (ADR 0070): a step line over a plot of PLOT_W × PLOT_H units,
 * time left to right from `from` to `to`, the lowest rate at the bottom and the highest at the top
 * (a flat rate in the middle). A stretch with no open offer (null) leaves a gap.
 */
import type { RatePoint } from "../../../contract/rate-history";

export const PLOT_W = 300;
export const PLOT_H = 100;

const round = (v: number) => Math.round(v * 10) / 10;

export interface RateChartShape {
  /** The SVG path's d, "" when nothing is drawn. */
  d: string;
  min: number | null;
  max: number | null;
  /** The rate at the end of the range (null: no open offer then). */
  last: number | null;
  /** Whether the rate moved in the range. */
  changed: boolean;
}

export function rateChart(points: readonly RatePoint[], from: number, to: number): RateChartShape {
  const rates = points.flatMap((p) => (p.discount === null ? [] : [p.discount]));
  const min = rates.length > 0 ? Math.min(...rates) : null;
  const max = rates.length > 0 ? Math.max(...rates) : null;
  const last = points.at(-1)?.discount ?? null;
  const changed = points.length > 1 && points.some((p) => p.discount !== points[0]!.discount);
  if (min === null || max === null) return { d: "", min, max, last, changed };
  const span = Math.max(1, to - from);
  const x = (at: number) => round(((Math.min(Math.max(at, from), to) - from) / span) * PLOT_W);
  const y = (v: number) => round(max === min ? PLOT_H / 2 : PLOT_H - ((v - min) / (max - min)) * PLOT_H);
  const parts: string[] = [];
  let drawing = false;
  points.forEach((p, i) => {
    if (p.discount === null) {
      drawing = false;
      return;
    }
    const end = x(points[i + 1]?.at ?? to);
    parts.push(drawing ? `V${y(p.discount)}H${end}` : `M${x(p.at)} ${y(p.discount)}H${end}`);
    drawing = true;
  });
  return { d: parts.join(""), min, max, last, changed };
}

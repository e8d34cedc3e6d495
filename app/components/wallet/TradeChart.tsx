/**
 * The last 30 days' trade volume (/userBill/getTradeStatistics) as an inline
 * SVG bar chart, rendered on the server so it shows without JavaScript.
 * Accessible: the SVG is an image named by its <title> and described by its
 * <desc>; the numbers are also in a visually hidden table.
 */
import type { TradeStatisticsDay } from "../../../contract/entities";
import { formatCoins, formatCoinsWithName, formatVolume } from "~/services/money/format";
import { formatDayIn, formatShortDayIn } from "~/services/layout/time-zone";
import { useTimeZone } from "../ui";

/** The plot's own units: the SVG stretches to the box, so only proportions matter. */
const PLOT_W = 300;
const PLOT_H = 100;

/** A round axis maximum (1, 2, 2.5 or 5 × 10^n hundredths) at or above `max`. */
function niceMax(max: number): number {
  if (max <= 0) return 10_000; // 100 coins: an empty chart still has a scale
  const exp = 10 ** Math.floor(Math.log10(max));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * exp >= max) return m * exp;
  return 10 * exp;
}

const pct = (v: number) => `${(v * 100).toFixed(3)}%`;

export function TradeChart({
  days,
  totalAmount,
  totalCount,
  coinName,
  idPrefix = "trade-chart",
}: {
  days: readonly TradeStatisticsDay[];
  totalAmount: number;
  totalCount: number;
  coinName: string;
  idPrefix?: string;
}) {
  const timeZone = useTimeZone();
  const dayLabel = (ms: number) => formatShortDayIn(ms, timeZone);
  const list = [...days].sort((a, b) => a.day - b.day);
  const max = niceMax(Math.max(0, ...list.map((d) => d.tradeAmount)));
  const n = Math.max(list.length, 1);
  const slot = PLOT_W / n;
  const barW = Math.max(1, slot * 0.7);
  const height = (v: number) => (Math.max(0, v) / max) * PLOT_H;
  const ticks = [0, max / 2, max];
  const busiest = list.reduce<TradeStatisticsDay | null>((best, d) => (d.tradeAmount > (best?.tradeAmount ?? 0) ? d : best), null);
  const first = list[0];
  const last = list[list.length - 1];
  const titleId = `${idPrefix}-title`;
  const descId = `${idPrefix}-desc`;
  const range = first && last ? `${dayLabel(first.day)} to ${formatDayIn(last.day, timeZone)}` : "the last 30 days";
  const desc =
    `Daily trade volume from ${range}: ${formatCoinsWithName(totalAmount, coinName)} in ${totalCount} ${totalCount === 1 ? "trade" : "trades"}.` +
    (busiest ? ` Busiest day ${dayLabel(busiest.day)} with ${formatCoinsWithName(busiest.tradeAmount, coinName)}.` : " No trades yet.");

  // The bars are an SVG stretched to the plot; the axis labels are HTML text, so they read at the
  // page's own small size on a phone and on a desktop alike (an SVG's text would scale with its width).
  return (
    <figure className="m-0" data-testid="trade-chart">
      <div className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 text-xs text-gray-600" aria-hidden="true">
        <div className="relative h-40 min-w-10">
          {ticks.map((t) => (
            <span key={t} className="num absolute right-0 -translate-y-1/2 whitespace-nowrap leading-none" style={{ top: pct(1 - t / max) }} data-testid="chart-y-label">
              {formatVolume(t).replace(/\.00$/, "")}
            </span>
          ))}
        </div>
        <div className="relative h-40">
          <svg viewBox={`0 0 ${PLOT_W} ${PLOT_H}`} preserveAspectRatio="none" className="absolute inset-0 h-full w-full overflow-visible" xmlns="http://www.w3.org/2000/svg">
            {ticks.map((t) => (
              <line key={t} x1={0} x2={PLOT_W} y1={PLOT_H - height(t)} y2={PLOT_H - height(t)} stroke={t === 0 ? "#9ca3af" : "#e5e7eb"} strokeWidth={1} vectorEffect="non-scaling-stroke" />
            ))}
            {list.map((d, i) => {
              const h = Math.max(height(d.tradeAmount), d.tradeAmount > 0 ? 1 : 0);
              return (
                <rect key={d.day} x={i * slot + (slot - barW) / 2} y={PLOT_H - h} width={barW} height={h} className="fill-brand-600">
                  <title>{`${dayLabel(d.day)}: ${formatCoins(d.tradeAmount)} ${coinName}, ${d.tradeCount} ${d.tradeCount === 1 ? "trade" : "trades"}`}</title>
                </rect>
              );
            })}
          </svg>
          {totalCount === 0 && !busiest ? (
            <p className="absolute inset-0 flex items-center justify-center text-sm text-gray-600">No trades in the last 30 days</p>
          ) : null}
        </div>
        <div />
        <div className="relative mt-1 h-4">
          {list.map((d, i) =>
            (i % 7 === 0 && i < list.length - 4) || i === list.length - 1 ? (
              <span
                key={d.day}
                className={`absolute whitespace-nowrap leading-4 ${i === list.length - 1 ? "-translate-x-full" : i === 0 ? "" : "-translate-x-1/2"}`}
                style={{ left: pct(i === list.length - 1 ? 1 : i === 0 ? 0 : (i + 0.5) / n) }}
                data-testid="chart-x-label"
              >
                {dayLabel(d.day)}
              </span>
            ) : null,
          )}
        </div>
      </div>
      {/* The chart as one image for assistive technology: its title and description. */}
      <svg role="img" aria-labelledby={`${titleId} ${descId}`} className="sr-only" xmlns="http://www.w3.org/2000/svg">
        <title id={titleId}>Trade volume, last 30 days</title>
        <desc id={descId}>{desc}</desc>
      </svg>
      <table className="sr-only">
        <caption>Trade volume per day, last 30 days</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Trades</th>
            <th scope="col">Volume ({coinName})</th>
          </tr>
        </thead>
        <tbody>
          {list.map((d) => (
            <tr key={d.day}>
              <th scope="row">{formatDayIn(d.day, timeZone)}</th>
              <td>{d.tradeCount}</td>
              <td>{formatCoins(d.tradeAmount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

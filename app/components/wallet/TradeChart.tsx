/**
 * The last 30 days' trade volume (/userBill/getTradeStatistics) as an inline
 * SVG bar chart, rendered on the server so it shows without JavaScript.
 * Accessible: the SVG is an image named by its <title> and described by its
 * <desc>; the numbers are also in a visually hidden table.
 */
import type { TradeStatisticsDay } from "../../../contract/entities";
import { formatCoins, formatCoinsWithName, formatVolume } from "~/services/format";
import { formatDayIn, formatShortDayIn } from "~/services/time-zone";
import { useTimeZone } from "../ui";

const W = 360;
const H = 200;
const M = { top: 12, right: 8, bottom: 26, left: 50 };

/** A round axis maximum (1, 2, 2.5 or 5 × 10^n hundredths) at or above `max`. */
function niceMax(max: number): number {
  if (max <= 0) return 10_000; // 100 coins: an empty chart still has a scale
  const exp = 10 ** Math.floor(Math.log10(max));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * exp >= max) return m * exp;
  return 10 * exp;
}

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
  const plotW = W - M.left - M.right;
  const plotH = H - M.top - M.bottom;
  const n = Math.max(list.length, 1);
  const slot = plotW / n;
  const barW = Math.max(2, slot * 0.7);
  const y = (v: number) => M.top + plotH - (Math.max(0, v) / max) * plotH;
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

  return (
    <figure className="m-0" data-testid="trade-chart">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
        className="h-auto w-full text-gray-600"
        xmlns="http://www.w3.org/2000/svg"
      >
        <title id={titleId}>Trade volume, last 30 days</title>
        <desc id={descId}>{desc}</desc>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={M.left} x2={W - M.right} y1={y(t)} y2={y(t)} stroke="#e5e7eb" strokeWidth={1} />
            <text x={M.left - 6} y={y(t)} dy="0.32em" textAnchor="end" fontSize={10} fill="currentColor" className="num">
              {formatVolume(t).replace(/\.00$/, "")}
            </text>
          </g>
        ))}
        {list.map((d, i) => {
          const h = (Math.max(0, d.tradeAmount) / max) * plotH;
          const x = M.left + i * slot + (slot - barW) / 2;
          return (
            <rect
              key={d.day}
              x={x}
              y={M.top + plotH - Math.max(h, d.tradeAmount > 0 ? 1.5 : 0)}
              width={barW}
              height={Math.max(h, d.tradeAmount > 0 ? 1.5 : 0)}
              rx={1.5}
              className="fill-brand-600"
            >
              <title>{`${dayLabel(d.day)}: ${formatCoins(d.tradeAmount)} ${coinName}, ${d.tradeCount} ${d.tradeCount === 1 ? "trade" : "trades"}`}</title>
            </rect>
          );
        })}
        <line x1={M.left} x2={W - M.right} y1={M.top + plotH} y2={M.top + plotH} stroke="#9ca3af" strokeWidth={1} />
        {totalCount === 0 && !busiest ? (
          <text x={M.left + plotW / 2} y={M.top + plotH / 2} textAnchor="middle" fontSize={12} fill="currentColor">
            No trades in the last 30 days
          </text>
        ) : null}
        {list.map((d, i) =>
          (i % 7 === 0 && i < list.length - 4) || i === list.length - 1 ? (
            <text
              key={d.day}
              x={M.left + i * slot + slot / 2}
              y={H - 8}
              textAnchor={i === list.length - 1 ? "end" : i === 0 ? "start" : "middle"}
              fontSize={10}
              fill="currentColor"
            >
              {dayLabel(d.day)}
            </text>
          ) : null,
        )}
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

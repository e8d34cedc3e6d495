/**
 * A card type's best rate per currency over 7, 30 or 90 days (ADR 0070): range tabs as links, and per
 * currency a step line drawn on the server (an SVG image with its accessible name), its lowest, highest
 * and last rate, and the figures in a table for screen readers. Works without JavaScript.
 */
import type { RateHistory as History } from "../../../contract/rate-history";
import { RATE_HISTORY_RANGES } from "../../../contract/rate-history";
import { offerRate } from "~/services/money/offers";
import { formatDayIn } from "~/services/layout/time-zone";
import { useTimeZone } from "../ui";
import { cx } from "../ui/cx";
import { PLOT_H, PLOT_W, rateChart } from "./rate-chart";

/** The page's own query with another range, so the offer filters stay as they were. */
function rangeHref(search: string, range: number): string {
  const params = new URLSearchParams(search);
  params.set("range", String(range));
  return `?${params.toString()}`;
}

export function RateHistory({ history, coinName, search }: { history: History; coinName: string; search: string }) {
  const timeZone = useTimeZone();
  const rate = (v: number | null, currency: string) => (v === null ? "no offer" : offerRate(v, coinName, currency));
  const charts = history.series.map((s) => ({ ...s, shape: rateChart(s.points, history.from, history.to) }));
  const moved = charts.filter((c) => c.shape.changed);

  return (
    <section aria-labelledby="rate-history-title" className="rounded-xl bg-white p-4" data-testid="rate-history">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="rate-history-title" className="text-base font-semibold text-gray-900">
          Best rate, last {history.range} days
        </h2>
        <nav aria-label="Rate history range" className="flex gap-1 text-sm">
          {RATE_HISTORY_RANGES.map((r) => (
            <a
              key={r}
              href={rangeHref(search, r)}
              aria-current={r === history.range ? "page" : undefined}
              className={cx("rounded-lg px-3 py-1.5 font-medium", r === history.range ? "bg-brand-600 text-white" : "bg-gray-100 text-gray-700 hover:bg-gray-200")}
            >
              {r} days
            </a>
          ))}
        </nav>
      </div>
      {moved.length === 0 ? <p className="mt-3 text-sm text-gray-600">No changes in this period</p> : null}
      {charts.map(({ currency, points, shape }) =>
        shape.d === "" || !shape.changed ? null : (
          <figure key={currency} className="mt-4" data-testid="rate-chart">
            <figcaption className="flex items-baseline justify-between text-sm">
              <span className="font-medium text-gray-900">{currency}</span>
              <span className="num text-gray-700">Now {rate(shape.last, currency)}</span>
            </figcaption>
            <div className="mt-1 grid grid-cols-[minmax(0,1fr)_auto] gap-x-2 text-xs text-gray-600">
              <svg
                viewBox={`0 0 ${PLOT_W} ${PLOT_H}`}
                preserveAspectRatio="none"
                className="h-16 w-full overflow-visible"
                role="img"
                aria-label={`Best rate in ${currency} over the last ${history.range} days: lowest ${rate(shape.min, currency)}, highest ${rate(shape.max, currency)}, now ${rate(shape.last, currency)}.`}
                xmlns="http://www.w3.org/2000/svg"
              >
                <path d={shape.d} fill="none" stroke="currentColor" strokeWidth={2} vectorEffect="non-scaling-stroke" className="text-brand-600" />
              </svg>
              <div className="num flex flex-col justify-between text-right" aria-hidden="true">
                <span data-testid="rate-max">{rate(shape.max, currency)}</span>
                <span data-testid="rate-min">{rate(shape.min, currency)}</span>
              </div>
            </div>
            <table className="sr-only">
              <caption>Best rate in {currency} from {formatDayIn(history.from, timeZone)}</caption>
              <thead>
                <tr>
                  <th scope="col">From</th>
                  <th scope="col">Best rate</th>
                </tr>
              </thead>
              <tbody>
                {points.map((p) => (
                  <tr key={p.at}>
                    <th scope="row">{formatDayIn(p.at, timeZone)}</th>
                    <td>{rate(p.discount, currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </figure>
        ),
      )}
    </section>
  );
}

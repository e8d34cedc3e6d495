/**
 * A trader's figures over the last 30 days (ADR 0069), as the backend computed them: the compact
 * line of an offer row or a withdrawer card, and the labelled set of a user's page.
 */
import { compactFigures, isNewTrader, minutesText, percentText, type TraderFigures } from "../../../contract/trader-figures";

export function FiguresLine({ f }: { f: TraderFigures | undefined }) {
  if (!f) return null;
  return (
    <span className="num text-xs text-gray-700" data-testid="trader-figures" title="Last 30 days: completion rate, trades, median time to complete">
      <span className="sr-only">Last 30 days: </span>
      {compactFigures(f)}
    </span>
  );
}

export function FiguresList({ f, title }: { f: TraderFigures; title: string }) {
  const rows: Array<[string, string]> = isNewTrader(f)
    ? [["Trades", "New: no trades in the last 30 days"]]
    : [
        ["Completion rate", f.completionBp === null ? "None yet" : percentText(f.completionBp)],
        ["Trades", f.trades.toLocaleString("en-US")],
        ["Median time to view", f.viewMinutes === null ? "None yet" : minutesText(f.viewMinutes)],
        ["Median time to complete", f.completeMinutes === null ? "None yet" : minutesText(f.completeMinutes)],
        ["Disputes lost", f.disputesLost.toLocaleString("en-US")],
      ];
  return (
    <section aria-labelledby="trader-figures-title" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200" data-testid="trader-figures-full">
      <h2 id="trader-figures-title" className="text-base font-semibold text-gray-900">
        {title}
      </h2>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex flex-col">
            <dt className="text-gray-600">{label}</dt>
            <dd className="num font-medium text-gray-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

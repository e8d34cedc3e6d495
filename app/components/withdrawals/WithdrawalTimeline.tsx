/** docs/product/statuses.md: created → processing started → completed or cancelled, with times; steps still to come are grey. */
import { cx } from "~/components/ui/cx";
import { withdrawalTimeline } from "~/components/withdrawals/withdrawal";
import { DateTime, DetailPanel } from "~/components/ui";

export function WithdrawalTimeline({ w }: { w: Parameters<typeof withdrawalTimeline>[0] }) {
  const steps = withdrawalTimeline(w);
  return (
    <ol className="relative ml-1.5 border-l-2 border-gray-200" data-testid="withdrawal-timeline">
      {steps.map((s) => {
        const done = s.at !== null;
        return (
          <li key={s.key} className="relative pb-4 pl-5 last:pb-0" data-step={s.key} data-done={done || undefined}>
            <span
              aria-hidden="true"
              className={cx(
                "absolute -left-[7px] top-1 h-3 w-3 rounded-full ring-2 ring-white",
                !done ? "bg-gray-300" : s.key === "cancelled" ? "bg-money-out-700" : s.key === "completed" ? "bg-money-in-700" : "bg-brand-600",
              )}
            />
            <p className={cx("text-sm font-medium", done ? "text-gray-900" : "text-gray-600")}>{s.label}</p>
            <p className="text-xs text-gray-600">
              {s.at !== null ? (
                <DateTime ms={s.at} />
              ) : (
                "Not yet"
              )}
            </p>
          </li>
        );
      })}
    </ol>
  );
}

/** The timeline in its panel, as the detail pages show it. */
export function WithdrawalTimelinePanel({ w }: { w: Parameters<typeof withdrawalTimeline>[0] }) {
  return (
    <DetailPanel title="Timeline" labelId="timeline">
      <WithdrawalTimeline w={w} />
    </DetailPanel>
  );
}

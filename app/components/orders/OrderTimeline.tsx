/** The order-change timeline (docs/product/entities.md#order-change: eventEn, changeTimestamp), oldest first. */
import type { OrderChange } from "../../../contract/entities";
import { cx } from "~/components/ui/cx";
import { DateTime, DetailPanel } from "~/components/ui";

export function OrderTimeline({ changes }: { changes: readonly OrderChange[] }) {
  const list = [...changes].sort((a, b) => a.changeTimestamp - b.changeTimestamp || a.id - b.id);
  if (list.length === 0) return <p className="text-sm text-gray-600">Nothing has happened yet.</p>;
  return (
    <ol className="relative ml-1.5 border-l-2 border-gray-200" data-testid="order-timeline">
      {list.map((c, i) => (
        <li key={c.id} className="relative pb-4 pl-5 last:pb-0">
          <span
            aria-hidden="true"
            className={cx(
              "absolute -left-[7px] top-1 h-3 w-3 rounded-full ring-2 ring-white",
              i === list.length - 1 ? "bg-brand-600" : "bg-gray-400",
            )}
          />
          <p className="text-sm font-medium text-gray-900">{c.eventEn}</p>
          <p className="text-xs text-gray-600">
            <DateTime ms={c.changeTimestamp} />
          </p>
        </li>
      ))}
    </ol>
  );
}

/** The timeline in its panel, as every side's detail page shows it. */
export function OrderTimelinePanel({ changes }: { changes: readonly OrderChange[] }) {
  return (
    <DetailPanel title="Timeline" labelId="timeline">
      <OrderTimeline changes={changes} />
    </DetailPanel>
  );
}

/**
 * The duplicate-card flag (ADR 0033) as the merchant desk and the staff desk show it, before
 * the card is opened: which earlier order carried the same code or picture, and where that
 * order stands now. `compact` is the queue row's one line.
 */
import type { DuplicateOf } from "../../../contract/calls/orders-desks";
import { statusLabel } from "~/services/orders/index";
import { cx } from "~/components/ui/cx";

export const DUPLICATE_TITLE = "Possible duplicate card";

export function duplicateText(d: DuplicateOf): string {
  const who = d.sameSeller ? "by the same seller" : "by another seller";
  return `The same card was sold ${who} in order ${d.orderId} (${statusLabel(d.status)}). Check it before you pay.`;
}

export function DuplicateFlag({ duplicate, compact = false }: { duplicate: DuplicateOf | null; compact?: boolean }) {
  if (!duplicate) return null;
  if (compact) {
    return (
      <span className="mt-1 block text-xs font-semibold text-money-out-700" data-testid="duplicate-flag" data-earlier={duplicate.orderId}>
        {DUPLICATE_TITLE}: order {duplicate.orderId}
      </span>
    );
  }
  return (
    <section
      role="note"
      aria-label={DUPLICATE_TITLE}
      className={cx("rounded-xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-300")}
      data-testid="duplicate-flag"
      data-earlier={duplicate.orderId}
    >
      <p className="font-semibold">{DUPLICATE_TITLE}</p>
      <p className="mt-1">{duplicateText(duplicate)}</p>
    </section>
  );
}

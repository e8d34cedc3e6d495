/** An order's status pill with the names of docs/product/statuses.md and the colours of docs/product/look.md. */
import type { OrderStatus } from "../../../contract/enums";
import { StatusBadge, type BadgeTone } from "~/components/ui";
import { statusLabel } from "~/services/orders/index";

/** Colours of docs/product/look.md: amber waiting and timers, brand in progress, green done, red cancelled, grey frozen. */
const TONES: Record<OrderStatus, BadgeTone> = { 0: "wait", 1: "brand", 2: "wait", 3: "wait", 4: "success", 5: "danger", 6: "neutral" };

export function OrderStatusBadge({ status, className }: { status: number; className?: string }) {
  return (
    <StatusBadge tone={TONES[status as OrderStatus] ?? "neutral"} className={className}>
      <span data-testid="order-status" data-status={status}>
        {statusLabel(status)}
      </span>
    </StatusBadge>
  );
}

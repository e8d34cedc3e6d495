/** An order's status pill with the names of spec §4 and the colours of UI.md. */
import { StatusBadge } from "~/components/ui";
import { statusLabel, statusTone } from "~/services/orders";

export function OrderStatusBadge({ status, className }: { status: number; className?: string }) {
  return (
    <StatusBadge tone={statusTone(status)} className={className}>
      <span data-testid="order-status" data-status={status}>
        {statusLabel(status)}
      </span>
    </StatusBadge>
  );
}

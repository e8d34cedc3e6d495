import { StatusBadge } from "~/components/ui";
import { withdrawalStatusLabel, withdrawalStatusTone } from "~/components/withdrawals/withdrawal";

/** A withdrawal's status pill (docs/product/statuses.md names, docs/product/look.md colours). */
export function WithdrawalStatusBadge({ status, className }: { status: number; className?: string }) {
  return (
    <StatusBadge tone={withdrawalStatusTone(status)} className={className}>
      <span data-testid="withdrawal-status" data-status={status}>
        {withdrawalStatusLabel(status)}
      </span>
    </StatusBadge>
  );
}

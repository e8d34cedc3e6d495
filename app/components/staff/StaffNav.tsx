import type { StaffQueueCounts } from "../../../contract/calls/audit";
import { Tabs } from "~/components/ui";

/** The staff desk's tabs, each with the size of its queue (ADR 0035). */
export function StaffNav({ counts }: { counts: StaffQueueCounts | null }) {
  return (
    <Tabs
      label="Staff desk"
      tabs={[
        { to: "/staff", label: "Arbitration", count: counts ? counts.arbitration + counts.frozen : undefined, countLabel: "waiting", end: true },
        { to: "/staff/withdrawals", label: "Withdrawals", count: counts?.processingWithdrawals, countLabel: "processing" },
        { to: "/staff/transfers", label: "Transfers", count: counts?.pendingTransfers, countLabel: "pending" },
        { to: "/staff/kyc", label: "KYC", count: counts?.kycReview, countLabel: "under review" },
        { to: "/staff/mall", label: "Mall orders", count: counts?.pendingMallOrders, countLabel: "waiting" },
        { to: "/staff/tickets", label: "Tickets", count: counts?.openTickets, countLabel: "open" },
        { to: "/staff/redemption", label: "Redemption codes" },
        { to: "/staff/audit", label: "Audit" },
      ]}
    />
  );
}

/**
 * Small pieces of the withdrawer desk (/desk/withdrawals, ADR 0037): its two tabs, the
 * 300-minute limit, and one withdrawal in the queue.
 */
import { Link } from "@remix-run/react";
import type { DeskWithdrawal } from "../../../contract/calls/withdrawals-desks";
import { Avatar } from "~/components/ui/Avatar";
import { Countdown, DateTime, Tabs } from "~/components/ui";
import { cx } from "~/components/ui/cx";
import { WithdrawalStatusBadge } from "~/components/withdrawals/WithdrawalStatusBadge";
import { formatCoins } from "~/services/money/format";
import { formatPayout } from "~/services/money/wallet";
import { DESK_PATH, deskWithdrawalPath, withdrawalDeadline } from "~/services/desk/withdrawer-desk";

/** The desk's heading and its two tabs (links, so they work without JavaScript). */
export function DeskHeader({ current }: { current: "queue" | "settings" }) {
  return (
    <div className="flex flex-col gap-3">
      <h1 className="text-xl font-bold text-gray-900 md:text-2xl">Withdrawer desk</h1>
      <Tabs
        label="Withdrawer desk"
        fill
        tabs={[
          { key: "queue", to: DESK_PATH, label: "Withdrawals", current: current === "queue" },
          { key: "settings", to: `${DESK_PATH}/settings`, label: "Rate and balance", current: current === "settings" },
        ]}
      />
    </div>
  );
}

/**
 * The limit of an open withdrawal: "Auto cancel" while Waiting (the timer cancels it), "Pay
 * within" while Processing (nobody cancels it by itself; red once overdue). Without JavaScript
 * the deadline's time, with it the time left.
 */
export function DeskDeadline({ w, className }: { w: Pick<DeskWithdrawal, "status" | "createTimestamp" | "processTimestamp">; className?: string }) {
  const d = withdrawalDeadline(w);
  if (!d) return null;
  return (
    <p className={cx("flex flex-wrap items-baseline gap-x-1 text-xs font-medium", d.enforced ? "text-wait-800" : "text-gray-700", className)} data-testid="desk-deadline" data-deadline={d.at}>
      <span>{d.label}</span>
      <Countdown deadline={d.at} label="Time left" expiredText={d.enforced ? "Due now" : "Overdue"} className="num" />
    </p>
  );
}

export function DeskQueueItem({ w, coinName }: { w: DeskWithdrawal; coinName: string }) {
  return (
    <Link
      to={deskWithdrawalPath(w.id)}
      className="flex items-start gap-3 rounded-xl bg-white p-3 no-underline shadow-sm ring-1 ring-gray-200 transition hover:ring-brand-400 focus-visible:ring-2 focus-visible:ring-brand-600 sm:p-4"
      data-testid="desk-withdrawal-item"
      data-withdrawal-id={w.id}
    >
      <Avatar src={w.userAvatar} size={40} />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-gray-900">
          #{w.id} · {w.userNickname}
        </p>
        <p className="text-xs text-gray-600">
          <DateTime ms={w.createTimestamp} />
        </p>
        {/* A div: the deadline is a paragraph of its own (a <p> in a <p> made React draw the list twice). */}
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <WithdrawalStatusBadge status={w.status} />
          <DeskDeadline w={w} />
        </div>
      </div>
      <div className="num shrink-0 text-right">
        <p className="text-base font-semibold text-gray-900" data-testid="desk-payout">
          {formatPayout(w.currencyAmount)} {w.currency}
        </p>
        <p className="text-xs text-gray-600">
          for {formatCoins(w.amount)} {coinName}
        </p>
      </div>
    </Link>
  );
}

/** One withdrawal in /withdrawList: withdrawer, date, coins sold, payout, status. */
import { Link } from "@remix-run/react";
import type { Withdrawal } from "../../../contract/entities";
import { Avatar } from "~/components/ui/Avatar";
import { formatCoins } from "~/services/money/format";
import { formatPayout } from "~/services/money/wallet";
import { WithdrawalStatusBadge } from "~/components/withdrawals/WithdrawalStatusBadge";
import { DateTime } from "~/components/ui";

export function WithdrawalItem({ w, coinName }: { w: Withdrawal; coinName: string }) {
  return (
    <Link
      to={`/withdrawDetails/${w.id}`}
      className="flex items-center gap-3 rounded-xl bg-white p-3 no-underline shadow-sm ring-1 ring-gray-200 transition hover:ring-brand-400 sm:p-4"
      data-testid="withdrawal-item"
      data-withdrawal-id={w.id}
    >
      <Avatar src={w.withdrawerAvatar} size={40} />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-gray-900">{w.withdrawerName}</p>
        <p className="text-xs text-gray-600">
          <DateTime ms={w.createTimestamp} />
        </p>
        <p className="mt-1">
          <WithdrawalStatusBadge status={w.status} />
        </p>
      </div>
      <div className="num shrink-0 text-right">
        <p className="text-base font-semibold text-money-out-700">
          -{formatCoins(w.amount)} <span className="sr-only">{coinName}</span>
        </p>
        <p className="text-xs text-gray-600">
          {formatPayout(w.currencyAmount)} {w.currency}
        </p>
      </div>
    </Link>
  );
}

/** A withdrawal's header on its detail page: the other party's avatar, its number, who it is with, the status. */
import type { ReactNode } from "react";
import { Avatar } from "~/components/ui/Avatar";
import { WithdrawalStatusBadge } from "~/components/withdrawals/WithdrawalStatusBadge";

export function WithdrawalHeader({
  w,
  avatar,
  party,
  children,
}: {
  w: { id: number; status: number };
  avatar: string;
  /** Who it is with, in this side's words ("to …" for the seller, "from …" for the withdrawer). */
  party: string;
  /** Under the party line (the withdrawer's deadline). */
  children?: ReactNode;
}) {
  return (
    <header className="flex items-start gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200">
      <Avatar src={avatar} size={48} />
      <div className="min-w-0 flex-1">
        <h1 className="wrap-anywhere text-lg font-bold text-gray-900 md:text-xl">Withdrawal {w.id}</h1>
        <p className="truncate text-sm text-gray-600">{party}</p>
        {children}
      </div>
      <WithdrawalStatusBadge status={w.status} className="mt-1 shrink-0 px-3 py-1 text-sm" />
    </header>
  );
}

/** A withdrawer (docs/product/entities.md): avatar, nickname, rate, limits, remaining balance, sales and feedback, tags. */
import { Link } from "@remix-run/react";
import type { Withdrawer } from "../../../contract/entities";
import { Avatar } from "~/components/ui/Avatar";
import { StatusBadge } from "~/components/ui";
import { WithdrawerName, WithdrawerStats, WithdrawerTags } from "~/components/withdrawals/WithdrawerParts";
import { formatCoins } from "~/services/money/format";
import { splitTags } from "~/services/orders/index";
import { coinUnits, formatCurrencyRate } from "~/services/money/wallet";
import { oneCoin } from "~/services/money/coin-name";

export function WithdrawerCard({ w, coinName }: { w: Withdrawer; coinName: string }) {
  const tags = splitTags(w.tags);
  const accepting = w.status !== 0;
  return (
    <Link
      to={`/sellCoins/${w.id}`}
      className="block rounded-xl bg-white p-4 no-underline shadow-sm ring-1 ring-gray-200 transition hover:ring-brand-400 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600"
      data-testid="withdrawer-card"
      data-withdrawer-id={w.id}
    >
      <div className="flex items-center gap-3">
        <Avatar src={w.avatar} size={44} />
        <div className="min-w-0 flex-1">
          <p className="flex items-center gap-1 truncate text-base font-semibold text-gray-900">
            <WithdrawerName w={w} />
          </p>
          <WithdrawerStats w={w} />
        </div>
        {accepting ? null : <StatusBadge tone="neutral">Not accepting</StatusBadge>}
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
        <div className="col-span-2 flex items-baseline justify-between rounded-lg bg-brand-50 px-3 py-2">
          <dt className="text-brand-800">Rate</dt>
          <dd className="num text-right font-semibold text-brand-800" data-testid="withdrawer-rate">
            {formatCurrencyRate(w.currencyRate)} {w.currency} <span className="font-normal">per {oneCoin(coinName)}</span>
          </dd>
        </div>
        <div>
          <dt className="text-gray-600">Limits</dt>
          <dd className="num font-medium text-gray-900">
            {coinUnits(w.minTrade)} – {coinUnits(w.maxTrade)} {coinName}
          </dd>
        </div>
        <div className="text-right">
          <dt className="text-gray-600">Remaining</dt>
          <dd className="num font-medium text-gray-900">
            {formatCoins(w.remainBalance)} {coinName}
          </dd>
        </div>
      </dl>
      <WithdrawerTags tags={tags} className="mt-3" />
    </Link>
  );
}

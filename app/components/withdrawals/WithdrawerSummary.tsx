/** The withdrawer panel of /sellCoins: rate, limits, remaining balance, the fixed deposit and time limit (docs/product/constants.md). */
import { DetailRow } from "~/components/ui/DetailPanel";
import type { Withdrawer } from "../../../contract/entities";
import { WITHDRAWER_DEPOSIT, WITHDRAWER_TIME_LIMIT_MINUTES } from "../../../contract/constants";
import { Avatar } from "~/components/ui/Avatar";
import { WithdrawerName, WithdrawerStats, WithdrawerTags } from "~/components/withdrawals/WithdrawerParts";
import { formatCoins } from "~/services/money/format";
import { splitTags } from "~/services/orders/index";
import { coinUnits, formatCurrencyRate } from "~/services/money/wallet";
import { oneCoin } from "~/services/money/coin-name";

export function WithdrawerSummary({ w, coinName }: { w: Withdrawer; coinName: string }) {
  const tags = splitTags(w.tags);
  return (
    <section aria-labelledby="withdrawer-title" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200">
      <div className="flex items-center gap-3">
        <Avatar src={w.avatar} size={48} />
        <div className="min-w-0">
          <h2 id="withdrawer-title" className="flex items-center gap-1 text-lg font-semibold text-gray-900">
            <WithdrawerName w={w} />
          </h2>
          <WithdrawerStats w={w} />
        </div>
      </div>
      <dl className="mt-3 divide-y divide-gray-100 text-sm">
        <DetailRow label="Rate">
          <span data-testid="withdrawer-rate" className="font-semibold text-brand-800">
            {formatCurrencyRate(w.currencyRate)} {w.currency} per {oneCoin(coinName)}
          </span>
        </DetailRow>
        <DetailRow label="Limits">
          {coinUnits(w.minTrade)} – {coinUnits(w.maxTrade)} {coinName}
        </DetailRow>
        <DetailRow label="Remaining balance">
          <span data-testid="withdrawer-remain">
            {formatCoins(w.remainBalance)} {coinName}
          </span>
        </DetailRow>
        <DetailRow label="Deposit">
          {formatCoins(WITHDRAWER_DEPOSIT)} {coinName}
        </DetailRow>
        <DetailRow label="Time limit">{WITHDRAWER_TIME_LIMIT_MINUTES} minutes</DetailRow>
      </dl>
      <WithdrawerTags tags={tags} className="mt-2" />
      {w.description ? <p className="mt-3 whitespace-pre-line wrap-anywhere rounded-lg bg-gray-50 p-3 text-sm text-gray-700">{w.description}</p> : null}
    </section>
  );
}


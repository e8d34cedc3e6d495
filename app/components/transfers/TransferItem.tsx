/**
 * One of her BTC/USDT transfer orders in /transfers (ADR 0068): what she sent, the coins it pays, the
 * status and the date; the row opens (a native <details>, no script) to the price it was made at,
 * the addresses, the whole hash and the staff's decision. Every figure is the order's own.
 */
import type { MyVirtualCoinOrder } from "../../../contract/calls/virtual-coin";
import { VirtualCoinOrderStatus, virtualCoinOrderStatusLabels } from "../../../contract/enums";
import { cryptoText } from "../../../contract/money";
import { shortTransactionId, virtualCoinSymbol } from "../../../contract/transfers";
import { DateTime, StatusBadge, type BadgeTone } from "~/components/ui";
import { DetailRow } from "~/components/ui/DetailPanel";
import { cx } from "~/components/ui/cx";
import { formatCoins } from "~/services/money/format";
import { formatUsd } from "~/services/money/wallet";
import { ReceiptLink } from "~/components/receipts/ReceiptLink";

const S = VirtualCoinOrderStatus;
/** docs/product/look.md colours: amber waiting, green credited, red refused. */
const tones: Record<VirtualCoinOrderStatus, BadgeTone> = { [S.Pending]: "wait", [S.Confirmed]: "success", [S.Rejected]: "danger" };
/** What the coins figure means in each status, in her words. */
const coinsNote: Record<VirtualCoinOrderStatus, string> = {
  [S.Pending]: "when it arrives",
  [S.Confirmed]: "credited",
  [S.Rejected]: "not credited",
};

export function TransferStatusBadge({ status }: { status: VirtualCoinOrderStatus }) {
  return (
    <StatusBadge tone={tones[status] ?? "neutral"}>
      <span data-testid="transfer-status" data-status={status}>
        {virtualCoinOrderStatusLabels[status] ?? `Status ${status}`}
      </span>
    </StatusBadge>
  );
}

export function TransferItem({ t, coinName }: { t: MyVirtualCoinOrder; coinName: string }) {
  const symbol = virtualCoinSymbol(t.type);
  const decided = t.status === S.Confirmed ? t.confirmTimestamp : t.status === S.Rejected ? t.rejectTimestamp : null;
  return (
    <details
      className="group rounded-xl bg-white shadow-sm ring-1 ring-gray-200 open:ring-brand-300"
      data-testid="transfer-item"
      data-transfer-id={t.id}
      data-coins={t.coins}
    >
      <summary className="flex cursor-pointer list-none items-start gap-3 rounded-xl p-3 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600 sm:p-4 [&::-webkit-details-marker]:hidden">
        <div className="min-w-0 flex-1">
          <p className="num text-sm font-semibold text-gray-900">
            {cryptoText(t.tradeAmount)} {symbol}
          </p>
          <p className="text-xs text-gray-600">
            <DateTime ms={t.createTimestamp} />
          </p>
          <p className="mt-1">
            <TransferStatusBadge status={t.status} />
          </p>
          {t.status === S.Rejected && t.reason ? (
            // Why it was refused is what she needs first: in the row, not behind Details.
            <p className="mt-2 text-sm text-money-out-800" data-testid="transfer-reason">
              <span className="font-medium">Reason: </span>
              <span className="wrap-anywhere">{t.reason}</span>
            </p>
          ) : null}
        </div>
        <div className="num shrink-0 text-right">
          <p className={cx("text-base font-semibold", t.status === S.Confirmed ? "text-money-in-700" : "text-gray-900", t.status === S.Rejected && "text-gray-500 line-through")}>
            {t.status === S.Confirmed ? "+" : ""}
            {formatCoins(t.coins)} <span className="sr-only">{coinName}</span>
          </p>
          <p className="text-xs text-gray-600">{coinsNote[t.status]}</p>
          <p className="mt-1 text-xs font-medium text-brand-700">
            <span className="group-open:hidden">Details</span>
            <span className="hidden group-open:inline">Hide</span>
          </p>
        </div>
      </summary>
      <div className="border-t border-gray-100 px-3 pb-3 sm:px-4">
        <dl className="divide-y divide-gray-100">
          <DetailRow label="Price">
            1 {symbol} = {formatUsd(t.price)}
            {t.priceIndicative ? <span className="block text-xs font-normal text-gray-600">indicative price</span> : null}
          </DetailRow>
          <DetailRow label={coinName}>
            {formatCoins(t.coins)} <span className="font-normal text-gray-600">{coinsNote[t.status]}</span>
          </DetailRow>
          <DetailRow label="Reported">
            <DateTime ms={t.createTimestamp} />
          </DetailRow>
          {decided ? (
            <DetailRow label={virtualCoinOrderStatusLabels[t.status]}>
              <DateTime ms={decided} />
            </DetailRow>
          ) : null}
          <DetailRow label="Order">{t.id}</DetailRow>
          <DetailRow label="Transaction hash">
            <span title={t.transactionId}>{shortTransactionId(t.transactionId)}</span>
          </DetailRow>
        </dl>
        {t.status === S.Confirmed ? <ReceiptLink kind="transfer" id={t.id} className="mt-2" /> : null}
        <p className="mt-2 text-xs text-gray-600">Whole hash (select to copy):</p>
        <p className="mt-1 select-all break-all rounded-lg bg-gray-50 p-2 font-mono text-xs text-gray-900 ring-1 ring-inset ring-gray-200" data-testid="transfer-hash">
          {t.transactionId}
        </p>
        <p className="mt-2 text-xs text-gray-600">Sent from:</p>
        <p className="mt-1 break-all font-mono text-xs text-gray-900">{t.fromAddress}</p>
      </div>
    </details>
  );
}

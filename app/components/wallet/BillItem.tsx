/**
 * One transaction of the wallet (docs/product/entities.md#bill): description, its type from the reader's side (a
 * merchant's card bought is a Purchase, ADR 0051), date, the signed amount (green in, red out) and
 * the balance after, and the link to the receipt of the order, withdrawal or transfer it is for
 * once that is done (ADR 0075). The sign says the direction, for eyes and screen readers alike: no "In"/"Out"
 * word beside it (which read "Out: −86.00", out twice).
 */
import type { Bill } from "../../../contract/entities";
import { billTypeLabels, type BillType } from "../../../contract/enums";
import { cx } from "~/components/ui/cx";
import { formatCoins } from "~/services/money/format";
import { DateTime } from "~/components/ui";
import { ReceiptLink } from "~/components/receipts/ReceiptLink";

export function BillItem({ bill, coinName }: { bill: Bill; coinName: string }) {
  const positive = bill.transAmount > 0;
  const sign = positive ? "+" : "";
  return (
    <article
      className="flex items-start justify-between gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-gray-200 sm:p-4"
      data-testid="bill-item"
      data-bill-type={bill.type}
      data-amount={bill.transAmount}
    >
      <div className="min-w-0">
        <p className="wrap-anywhere text-sm font-medium text-gray-900">{bill.descriptionEn}</p>
        <p className="mt-0.5 text-xs text-gray-600">
          <span>{billTypeLabels[bill.type as BillType] ?? "Other"}</span>
          <span aria-hidden="true"> · </span>
          <DateTime ms={bill.transTime} />
        </p>
        {bill.receipt ? <ReceiptLink kind={bill.receipt.kind} id={bill.receipt.id} look="text" className="mt-1 inline-block" /> : null}
      </div>
      <div className="num shrink-0 text-right">
        <p className={cx("text-base font-semibold", positive ? "text-money-in-700" : "text-money-out-700")} data-testid="bill-amount">
          {sign}
          {formatCoins(bill.transAmount)}
        </p>
        <p className="text-xs text-gray-600">
          Balance {formatCoins(bill.currentAmount)} <span className="sr-only">{coinName}</span>
        </p>
      </div>
    </article>
  );
}

/**
 * One order of the merchant desk's queue: card, face, price, seller, status and its timer
 * (Auto Cancel for Waiting, Auto Release, Auto Arbitration): the deadline without JavaScript,
 * ticking with it.
 */
import { Link } from "@remix-run/react";
import type { StaffOrder } from "../../../contract/calls/orders-desks";
import { DuplicateFlag } from "~/components/orders/DuplicateFlag";
import { OrderStatusBadge } from "~/components/orders/OrderStatusBadge";
import { Countdown, DateTime } from "~/components/ui";
import { cx } from "~/components/ui/cx";
import { formatCoinsWithName, formatTradeAmount } from "~/services/money/format";
import { isECodeInfo, orderPriceFact, orderTimer, parseAdvertInfo, PRICE_TONES } from "~/services/orders/index";

export function DeskOrderItem({ order: o, coinName }: { order: StaffOrder; coinName: string }) {
  const info = parseAdvertInfo(o.advertInfo);
  const timer = orderTimer(o);
  const price = orderPriceFact(o, "merchant");
  return (
    <Link
      to={`/desk/orders/${o.id}`}
      className={cx(
        "flex items-start gap-3 rounded-xl bg-white p-3 no-underline shadow-sm ring-1 ring-gray-200 transition-colors hover:bg-gray-50 sm:p-4",
        "focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
      )}
      data-testid="desk-order"
      data-order-id={o.id}
      data-status={o.status}
    >
      {info.paymentIcon ? <img src={info.paymentIcon} alt="" width={44} height={44} className="h-11 w-11 shrink-0 rounded-lg bg-gray-100" /> : null}
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold text-gray-900">{o.paymentNameEn || info.paymentNameEn || "Gift card"}</p>
        <p className="text-xs text-gray-600">
          {isECodeInfo(info) ? "E-code" : "Picture"} · from {o.sellerNickname}
        </p>
        <p className="text-xs text-gray-600">
          <span className="num">Order {o.id}</span>
          <span aria-hidden="true"> · </span>
          <DateTime ms={o.createTimestamp} />
        </p>
        <DuplicateFlag duplicate={o.duplicateOf} compact />
        {timer ? (
          <p className="mt-1 text-xs text-gray-700" data-testid="desk-order-timer">
            {timer.label} <Countdown deadline={timer.deadline} />
          </p>
        ) : null}
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1 text-right">
        <span className="num text-sm font-semibold text-gray-900">
          {formatTradeAmount(o.tradeAmount)} {o.tradeCurrency}
        </span>
        <span className={cx("num text-xs", PRICE_TONES[price.tone])} data-testid="desk-order-coins" data-tone={price.tone}>
          {formatCoinsWithName(price.coins, coinName)}
        </span>
        <OrderStatusBadge status={o.status} />
      </div>
    </Link>
  );
}

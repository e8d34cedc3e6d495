/**
 * One row of /orderList: card icon and name, face (0 decimals, docs/product/constants.md) and
 * currency, coins with the coin name, status badge, created date.
 */
import { Link } from "@remix-run/react";
import type { Order } from "../../../contract/entities";
import { cx } from "~/components/ui/cx";
import { formatCoinsWithName, formatTradeAmount } from "~/services/money/format";
import { isECodeInfo, orderPriceFact, parseAdvertInfo, PRICE_TONES } from "~/services/orders/index";
import { OrderStatusBadge } from "./OrderStatusBadge";
import { DateTime } from "~/components/ui";

export function OrderListItem({ order: o, coinName }: { order: Order; coinName: string }) {
  const info = parseAdvertInfo(o.advertInfo);
  const name = info.paymentNameEn || "Gift card";
  const price = orderPriceFact(o, "seller");
  return (
    <Link
      to={`/orderDetails/${o.id}`}
      className={cx(
        "flex items-center gap-3 rounded-xl bg-white p-3 no-underline shadow-sm ring-1 ring-gray-200 transition-colors hover:bg-gray-50 sm:p-4",
        "focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
      )}
      data-testid="order-item"
      data-order-id={o.id}
      data-status={o.status}
    >
      {info.paymentIcon ? (
        <img src={info.paymentIcon} alt="" width={44} height={44} className="h-11 w-11 shrink-0 rounded-lg bg-gray-100" />
      ) : (
        <span aria-hidden="true" className="h-11 w-11 shrink-0 rounded-lg bg-gray-200" />
      )}
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold text-gray-900">{name}</p>
        <p className="mt-0.5 text-xs text-gray-600">{isECodeInfo(info) ? "E-code" : "Picture"}</p>
        {/* Wraps when a long order number leaves the date no room beside the amounts (DateTime keeps
            its day and its clock whole). */}
        <p className="text-xs text-gray-600" data-testid="order-item-meta">
          <span className="num whitespace-nowrap">Order {o.id}</span>
          <span aria-hidden="true"> · </span>
          <DateTime ms={o.createTimestamp} />
        </p>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1 text-right">
        <span className="num text-sm font-semibold text-gray-900">
          {formatTradeAmount(o.tradeAmount)} {o.tradeCurrency}
        </span>
        <span className={cx("num text-xs", PRICE_TONES[price.tone])} data-testid="order-item-coins" data-tone={price.tone}>
          {formatCoinsWithName(price.coins, coinName)}
        </span>
        <OrderStatusBadge status={o.status} />
      </div>
    </Link>
  );
}

/**
 * One order in a list, as the seller's /orderList and the merchant desk's queue show it: card icon
 * and name, the kind of card, order number and date, face and currency, the coins as this side
 * reads them (orderPriceFact), the status badge. Each side passes its link, words and extra lines.
 */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { Order } from "../../../contract/entities";
import { OrderStatusBadge } from "~/components/orders/OrderStatusBadge";
import { DateTime } from "~/components/ui";
import { cx } from "~/components/ui/cx";
import { formatCoinsWithName, formatTradeAmount } from "~/services/money/format";
import { isECodeInfo, orderPriceFact, parseAdvertInfo, PRICE_TONES } from "~/services/orders/index";

export function OrderRow({
  order: o,
  to,
  side,
  name,
  from,
  coinName,
  testId,
  top = false,
  children,
}: {
  order: Order;
  to: string;
  side: "seller" | "merchant";
  /** The card's name as this side knows it. */
  name: string;
  /** Who sold it, for the merchant. */
  from?: string;
  coinName: string;
  /** The row's test id; its parts' are `${testId}-meta` and `${testId}-coins`. */
  testId: string;
  /** Rows with lines under the date (a timer, a flag) keep the amounts at the top. */
  top?: boolean;
  children?: ReactNode;
}) {
  const info = parseAdvertInfo(o.advertInfo);
  const price = orderPriceFact(o, side);
  return (
    <Link
      to={to}
      className={cx(
        "flex gap-3 rounded-xl bg-white p-3 no-underline shadow-sm ring-1 ring-gray-200 transition-colors hover:bg-gray-50 sm:p-4",
        top ? "items-start" : "items-center",
        "focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
      )}
      data-testid={testId}
      data-order-id={o.id}
      data-status={o.status}
    >
      {info.paymentIcon ? (
        <img src={info.paymentIcon} alt="" width={44} height={44} className="h-11 w-11 shrink-0 rounded-lg bg-gray-100" />
      ) : (
        <span aria-hidden="true" className="h-11 w-11 shrink-0 rounded-lg bg-gray-200" />
      )}
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold text-gray-900">{name || "Gift card"}</p>
        <p className="mt-0.5 text-xs text-gray-600">
          {isECodeInfo(info) ? "E-code" : "Picture"}
          {from ? ` · from ${from}` : null}
        </p>
        {/* Wraps when a long order number leaves the date no room beside the amounts (DateTime keeps
            its day and its clock whole). */}
        <p className="text-xs text-gray-600" data-testid={`${testId}-meta`}>
          <span className="num whitespace-nowrap">Order {o.id}</span>
          <span aria-hidden="true"> · </span>
          <DateTime ms={o.createTimestamp} />
        </p>
        {children}
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1 text-right">
        <span className="num text-sm font-semibold text-gray-900">
          {formatTradeAmount(o.tradeAmount)} {o.tradeCurrency}
        </span>
        <span className={cx("num text-xs", PRICE_TONES[price.tone])} data-testid={`${testId}-coins`} data-tone={price.tone}>
          {formatCoinsWithName(price.coins, coinName)}
        </span>
        <OrderStatusBadge status={o.status} />
      </div>
    </Link>
  );
}

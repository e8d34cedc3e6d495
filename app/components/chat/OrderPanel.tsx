/**
 * The order beside an order group's chat (the message centre's third column): status,
 * card, amounts, timer deadline, and a link to the order's page. On a phone it is a
 * one-line bar above the chat.
 */
import { Link } from "@remix-run/react";
import { cx } from "~/components/ui/cx";
import { OrderStatusBadge } from "~/components/orders/OrderStatusBadge";
import { ChevronRightIcon, DateTime, DetailRow } from "~/components/ui";
import { formatCoinsWithName, formatNgn, formatTradeAmount } from "~/services/money/format";
import { orderCoins, orderTimer } from "~/services/orders/index";

export interface OrderPanelData {
  id: number;
  status: number;
  name: string;
  /** Present when the order's details could be read. */
  tradeAmount?: number;
  tradeCurrency?: string;
  calculateTotalPrice?: number;
  realTotalPrice?: number;
  createTimestamp?: number;
  autoCancelTimestamp?: number | null;
  autoReleaseTimestamp?: number | null;
  autoArbitrationTimestamp?: number | null;
  counterpart?: string;
}

export function OrderBar({ order, className }: { order: OrderPanelData; className?: string }) {
  return (
    <Link
      to={`/orderDetails/${order.id}`}
      className={cx("flex items-center gap-2 border-b border-gray-200 bg-white px-3 py-2 text-sm no-underline", className)}
      data-testid="order-bar"
    >
      <span className="min-w-0 flex-1 truncate text-gray-900">
        Order {order.id}
        {order.name ? ` · ${order.name}` : ""}
      </span>
      <OrderStatusBadge status={order.status} />
      <ChevronRightIcon className="h-4 w-4 text-gray-600" />
      <span className="sr-only">View order</span>
    </Link>
  );
}

export function OrderPanel({ order, coinName, ngnRate }: { order: OrderPanelData; coinName: string; ngnRate: number }) {
  const timer =
    order.createTimestamp !== undefined
      ? orderTimer({
          status: order.status as never,
          autoCancelTimestamp: order.autoCancelTimestamp ?? null,
          autoReleaseTimestamp: order.autoReleaseTimestamp ?? null,
          autoArbitrationTimestamp: order.autoArbitrationTimestamp ?? null,
        })
      : null;
  const coins =
    order.calculateTotalPrice !== undefined
      ? orderCoins({ status: order.status as never, calculateTotalPrice: order.calculateTotalPrice, realTotalPrice: order.realTotalPrice ?? 0 })
      : undefined;
  return (
    <section aria-labelledby="chat-order-title" className="p-4" data-testid="order-panel">
      <h2 id="chat-order-title" className="text-base font-semibold text-gray-900">
        Order {order.id}
      </h2>
      <p className="mt-1">
        <OrderStatusBadge status={order.status} />
      </p>
      <dl className="mt-3 divide-y divide-gray-100 text-sm">
        {order.name ? (
          <DetailRow label="Card">{order.name}</DetailRow>
        ) : null}
        {order.tradeAmount !== undefined ? (
          <DetailRow label="Card face">
            {formatTradeAmount(order.tradeAmount)} {order.tradeCurrency}
          </DetailRow>
        ) : null}
        {coins !== undefined ? (
          <div className="flex justify-between gap-2 py-2">
            <dt className="text-gray-600">Coins</dt>
            <dd className="num text-right">
              <span className="block font-semibold text-money-in-700">{formatCoinsWithName(coins, coinName)}</span>
              <span className="block text-xs text-gray-600">≈ {formatNgn(coins, ngnRate)}</span>
            </dd>
          </div>
        ) : null}
        {order.counterpart ? (
          <DetailRow label="With">{order.counterpart}</DetailRow>
        ) : null}
        {order.createTimestamp ? (
          <div className="py-2">
            <dt className="text-gray-600">Created</dt>
            <dd className="num text-gray-900">
              <DateTime ms={order.createTimestamp} />
            </dd>
          </div>
        ) : null}
        {timer ? (
          <div className="py-2">
            <dt className="text-gray-600">{timer.label} at</dt>
            <dd className="num font-medium text-wait-800">
              <DateTime ms={timer.deadline} />
            </dd>
          </div>
        ) : null}
      </dl>
      <Link to={`/orderDetails/${order.id}`} className="mt-3 inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline" data-testid="order-panel-link">
        View order details
        <ChevronRightIcon className="h-4 w-4" />
      </Link>
    </section>
  );
}

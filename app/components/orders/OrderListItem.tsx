/**
 * One row of /orderList: card icon and name, face (0 decimals, docs/product/constants.md) and
 * currency, coins with the coin name as the seller reads them, status badge, created date.
 */
import type { Order } from "../../../contract/entities";
import { OrderRow } from "~/components/orders/OrderRow";
import { parseAdvertInfo } from "~/services/orders/index";

export function OrderListItem({ order: o, coinName }: { order: Order; coinName: string }) {
  return <OrderRow order={o} to={`/orderDetails/${o.id}`} side="seller" name={parseAdvertInfo(o.advertInfo).paymentNameEn} coinName={coinName} testId="order-item" />;
}

/** The order's figures as its merchant reads them: face, price held or paid, seller, dates. */
import type { StaffOrder } from "../../../contract/calls/staff-orders";
import { OrderStatus } from "../../../contract/enums";
import { CardFaceRow, CoinsRow, OrderNumberRows, PartyRow } from "~/components/orders/OrderFactRows";
import { DetailPanel } from "~/components/ui";

export function DeskOrderFacts({ order: o, coinName, ngnRate }: { order: StaffOrder; coinName: string; ngnRate: number }) {
  const paid = o.status === OrderStatus.Completed;
  return (
    <DetailPanel title="Order" labelId="desk-order-facts">
      <dl className="divide-y divide-gray-100">
        <CardFaceRow amount={o.tradeAmount} currency={o.tradeCurrency} />
        <CoinsRow
          label={paid ? "Paid" : "Price"}
          coins={paid ? o.realTotalPrice : o.calculateTotalPrice}
          coinName={coinName}
          ngnRate={ngnRate}
          direction="out"
          testId="desk-order-price"
        />
        <OrderNumberRows id={o.id} created={o.createTimestamp} />
        <PartyRow label="Seller" avatar={o.sellerAvatar} userId={o.sellerid} nickname={o.sellerNickname} testId="desk-order-seller" />
      </dl>
    </DetailPanel>
  );
}

/** The order's figures as its merchant reads them: face, price to pay, held or paid, seller, dates. */
import type { StaffOrder } from "../../../contract/calls/orders-desks";
import { CardFaceRow, OrderNumberRows, PartyRow, PriceRows } from "~/components/orders/OrderFactRows";
import { DetailPanel } from "~/components/ui";

/** `opened`: the merchant has opened the card (it holds the price until the order is decided). */
export function DeskOrderFacts({ order: o, opened, coinName, ngnRate }: { order: StaffOrder; opened: boolean; coinName: string; ngnRate: number }) {
  return (
    <DetailPanel title="Order" labelId="desk-order-facts">
      <dl className="divide-y divide-gray-100">
        <CardFaceRow amount={o.tradeAmount} currency={o.tradeCurrency} />
        <PriceRows order={o} side="merchant" opened={opened} coinName={coinName} ngnRate={ngnRate} testId="desk-order-price" />
        <OrderNumberRows id={o.id} created={o.createTimestamp} />
        <PartyRow label="Seller" avatar={o.sellerAvatar} userId={o.sellerid} nickname={o.sellerNickname} testId="desk-order-seller" />
      </dl>
    </DetailPanel>
  );
}

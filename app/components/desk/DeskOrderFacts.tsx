/** The order's figures as its merchant reads them: face, price held or paid, seller, dates. */
import type { StaffOrder } from "../../../contract/calls/staff-orders";
import { OrderStatus } from "../../../contract/enums";
import { UserLink } from "~/components/partners/UserLink";
import { Avatar } from "~/components/ui/Avatar";
import { DateTime, DetailPanel, DetailRow } from "~/components/ui";
import { formatCoinsWithName, formatNgn, formatTradeAmount } from "~/services/format";

export function DeskOrderFacts({ order: o, coinName, ngnRate }: { order: StaffOrder; coinName: string; ngnRate: number }) {
  const price = o.status === OrderStatus.Completed ? o.realTotalPrice : o.calculateTotalPrice;
  return (
    <DetailPanel title="Order" labelId="desk-order-facts">
      <dl className="divide-y divide-gray-100">
        <DetailRow label="Card face">
          {formatTradeAmount(o.tradeAmount)} {o.tradeCurrency}
        </DetailRow>
        <DetailRow label={o.status === OrderStatus.Completed ? "Paid" : "Price"}>
          <span className="block font-semibold text-money-out-700" data-testid="desk-order-price">
            {formatCoinsWithName(price, coinName)}
          </span>
          <span className="block text-xs font-normal text-gray-600">≈ {formatNgn(price, ngnRate)}</span>
        </DetailRow>
        <DetailRow label="Order number">{o.id}</DetailRow>
        <DetailRow label="Created">
          <DateTime ms={o.createTimestamp} />
        </DetailRow>
        <DetailRow label="Seller">
          <span className="inline-flex items-center gap-2">
            <Avatar src={o.sellerAvatar} size={24} />
            <UserLink userId={o.sellerid} testId="desk-order-seller">
              {o.sellerNickname}
            </UserLink>
          </span>
        </DetailRow>
      </dl>
    </DetailPanel>
  );
}

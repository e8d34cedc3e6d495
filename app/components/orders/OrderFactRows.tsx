/**
 * Rows an order's figures panel shares between the seller's order page and the merchant's desk:
 * the face, the price with its naira value (labelled from the reader's side at the order's status,
 * orderPriceFact: coins coming in are green, going out red, neither grey), the order's number and
 * date, and the other party.
 */
import type { ReactNode } from "react";
import type { Order } from "../../../contract/entities";
import { OrderStatus } from "../../../contract/enums";
import { UserLink } from "~/components/partners/UserLink";
import { Avatar } from "~/components/ui/Avatar";
import { DateTime, DetailRow } from "~/components/ui";
import { formatCoinsWithName, formatNgn, formatTradeAmount } from "~/services/money/format";
import { orderPriceFact, PRICE_TONES, type OrderSide, type PriceFact } from "~/services/orders/index";

export function CardFaceRow({ amount, currency }: { amount: number; currency: string }) {
  return (
    <DetailRow label="Card face">
      {formatTradeAmount(amount)} {currency}
    </DetailRow>
  );
}

/** Coins (minor units) with what they are worth in naira beneath, and the fact's note. */
export function CoinsRow(props: { fact: PriceFact; coinName: string; ngnRate: number; testId: string }) {
  const { fact } = props;
  return (
    <DetailRow label={fact.label}>
      <span className={`block font-semibold ${PRICE_TONES[fact.tone]}`} data-testid={props.testId} data-tone={fact.tone}>
        {formatCoinsWithName(fact.coins, props.coinName)}
      </span>
      <span className="block text-xs font-normal text-gray-600">≈ {formatNgn(fact.coins, props.ngnRate)}</span>
      {fact.note ? (
        <span className="block text-xs font-normal text-gray-700" data-testid={`${props.testId}-note`}>
          {fact.note}
        </span>
      ) : null}
    </DetailRow>
  );
}

/** The price of an order from one side (ADR 0051), and once paid at another price, the price at order time. */
export function PriceRows(props: {
  order: Pick<Order, "status" | "calculateTotalPrice" | "realTotalPrice">;
  side: OrderSide;
  opened?: boolean;
  coinName: string;
  ngnRate: number;
  testId: string;
}) {
  const o = props.order;
  return (
    <>
      <CoinsRow fact={orderPriceFact(o, props.side, props.opened)} coinName={props.coinName} ngnRate={props.ngnRate} testId={props.testId} />
      {o.status === OrderStatus.Completed && o.realTotalPrice !== o.calculateTotalPrice ? (
        <DetailRow label="Price at order time">{formatCoinsWithName(o.calculateTotalPrice, props.coinName)}</DetailRow>
      ) : null}
    </>
  );
}

export function OrderNumberRows({ id, created }: { id: number; created: number }) {
  return (
    <>
      <DetailRow label="Order number">{id}</DetailRow>
      <DetailRow label="Created">
        <DateTime ms={created} />
      </DetailRow>
    </>
  );
}

/** The other party of the order: avatar and a link to their profile, then `children` (a badge). */
export function PartyRow(props: { label: string; avatar: string; userId: number; nickname: string; testId: string; children?: ReactNode }) {
  return (
    <DetailRow label={props.label}>
      <span className="inline-flex items-center gap-2">
        <Avatar src={props.avatar} size={24} />
        <UserLink userId={props.userId} testId={props.testId}>
          {props.nickname}
        </UserLink>
        {props.children}
      </span>
    </DetailRow>
  );
}

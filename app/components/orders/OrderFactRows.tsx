/**
 * Rows an order's figures panel shares between the seller's order page and the merchant's desk:
 * the face, the price with its naira value, the order's number and date, and the other party.
 * Each page picks its own labels and colours (coins coming in are green, going out red).
 */
import type { ReactNode } from "react";
import { UserLink } from "~/components/partners/UserLink";
import { Avatar } from "~/components/ui/Avatar";
import { DateTime, DetailRow } from "~/components/ui";
import { formatCoinsWithName, formatNgn, formatTradeAmount } from "~/services/format";

export function CardFaceRow({ amount, currency }: { amount: number; currency: string }) {
  return (
    <DetailRow label="Card face">
      {formatTradeAmount(amount)} {currency}
    </DetailRow>
  );
}

/** Coins (minor units) with what they are worth in naira beneath. */
export function CoinsRow(props: { label: string; coins: number; coinName: string; ngnRate: number; direction: "in" | "out"; testId: string }) {
  const tone = props.direction === "in" ? "text-money-in-700" : "text-money-out-700";
  return (
    <DetailRow label={props.label}>
      <span className={`block font-semibold ${tone}`} data-testid={props.testId}>
        {formatCoinsWithName(props.coins, props.coinName)}
      </span>
      <span className="block text-xs font-normal text-gray-600">≈ {formatNgn(props.coins, props.ngnRate)}</span>
    </DetailRow>
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

/**
 * Display rules of sell-card orders (docs/product/entities.md, docs/product/statuses.md), shared by /orderList and
 * /orderDetails. Pure: safe in the browser and on the server.
 */
import type { AdvertInfo, Order } from "../../../contract/entities";
import {
  AdvertCardType,
  ArbitrationType,
  OrderListTab,
  OrderStatus,
  arbitrationTypeLabels,
  orderListTabLabels,
  orderStatusLabels,
} from "../../../contract/enums";

export { OrderStatus, OrderListTab, orderStatusLabels, orderListTabLabels };

export function statusLabel(status: number): string {
  return orderStatusLabels[status as OrderStatus] ?? `Status ${status}`;
}

export function disputeTypeLabel(type: number | null | undefined): string {
  if (type === null || type === undefined) return "";
  return arbitrationTypeLabels[type as ArbitrationType] ?? `Type ${type}`;
}

/** The four tabs of /orderList in their order. */
export const ORDER_TABS: readonly OrderListTab[] = [
  OrderListTab.Active,
  OrderListTab.Completed,
  OrderListTab.Cancelled,
  OrderListTab.Frozen,
];

/** `?status=` → a tab (anything unknown is Active Orders). */
export function parseTab(v: string | null | undefined): OrderListTab {
  const n = Number(v);
  return (ORDER_TABS as readonly number[]).includes(n) && v !== "" && v !== null ? (n as OrderListTab) : OrderListTab.Active;
}

/** docs/product/statuses.md: the timer each status shows, and the field its deadline is in. */
export function orderTimer(o: Pick<Order, "status" | "autoCancelTimestamp" | "autoReleaseTimestamp" | "autoArbitrationTimestamp">):
  | { label: "Auto Cancel" | "Auto Release" | "Auto Arbitration"; deadline: number }
  | null {
  if (o.status === OrderStatus.Waiting && o.autoCancelTimestamp) return { label: "Auto Cancel", deadline: o.autoCancelTimestamp };
  if (o.status === OrderStatus.Processing && o.autoReleaseTimestamp) return { label: "Auto Release", deadline: o.autoReleaseTimestamp };
  if (o.status === OrderStatus.InNegotiation && o.autoArbitrationTimestamp)
    return { label: "Auto Arbitration", deadline: o.autoArbitrationTimestamp };
  return null;
}

const EMPTY_INFO: AdvertInfo = { paymentIcon: "", paymentNameEn: "", cardType: 0, tagListEn: "", explainInfo: "", codeFormat: "" };

/** Order.advertInfo is a JSON string; a damaged one gives empty fields rather than an error. */
export function parseAdvertInfo(json: string | null | undefined): AdvertInfo {
  if (!json) return EMPTY_INFO;
  try {
    const v = JSON.parse(json) as Partial<AdvertInfo> | null;
    if (!v || typeof v !== "object") return EMPTY_INFO;
    return {
      paymentIcon: typeof v.paymentIcon === "string" ? v.paymentIcon : "",
      paymentNameEn: typeof v.paymentNameEn === "string" ? v.paymentNameEn : "",
      cardType: typeof v.cardType === "number" ? v.cardType : 0,
      tagListEn: typeof v.tagListEn === "string" ? v.tagListEn : "",
      explainInfo: typeof v.explainInfo === "string" ? v.explainInfo : "",
      codeFormat: typeof v.codeFormat === "string" ? v.codeFormat : "",
    };
  } catch {
    return EMPTY_INFO;
  }
}

/** docs/product/entities.md: advertInfo.cardType 0 is a physical card (pictures), anything else an e-code. */
export const isECodeInfo = (info: Pick<AdvertInfo, "cardType">) => info.cardType !== AdvertCardType.Picture;

export function splitTags(tagListEn: string | null | undefined): string[] {
  return (tagListEn ?? "")
    .split("|")
    .map((t) => t.trim())
    .filter(Boolean);
}

/** The coins an order pays: the real price once completed, the computed one before. */
export function orderCoins(o: Pick<Order, "status" | "calculateTotalPrice" | "realTotalPrice">): number {
  return o.status === OrderStatus.Completed && o.realTotalPrice ? o.realTotalPrice : o.calculateTotalPrice;
}

/** Who reads an order: its seller (coins come in) or its merchant (coins go out). */
export type OrderSide = "seller" | "merchant";

/** The order's price as one side reads it (ADR 0051): a label true at the order's status, the coins, their tone, a note. */
export interface PriceFact {
  label: string;
  coins: number;
  /** in: green (coming to the reader), out: red (leaving it), none: nothing moves for this figure. */
  tone: "in" | "out" | "none";
  note: string | null;
}

/** The colour of a price by its tone: coming to the reader, leaving it, or neither. */
export const PRICE_TONES: Record<PriceFact["tone"], string> = { in: "text-money-in-700", out: "text-money-out-700", none: "text-gray-900" };

/**
 * The price row of an order page (ADR 0051): "You receive" / "You pay" only while it is still to
 * come, "You received" / "You paid" once paid, and a cancelled or frozen order's price is the order's
 * price, not money coming or going. `opened`: the merchant has opened the card (its coins are held).
 */
export function orderPriceFact(
  o: Pick<Order, "status" | "calculateTotalPrice" | "realTotalPrice">,
  side: OrderSide,
  opened = o.status !== OrderStatus.Waiting,
): PriceFact {
  const seller = side === "seller";
  const price = o.calculateTotalPrice;
  const held = { label: "Held from your balance", coins: price, tone: "out", note: null } as const;
  const plain = (note: string): PriceFact => ({ label: "Order price", coins: price, tone: "none", note });
  switch (o.status) {
    case OrderStatus.Completed:
      return { label: seller ? "You received" : "You paid", coins: o.realTotalPrice, tone: seller ? "in" : "out", note: null };
    case OrderStatus.Cancelled:
      return plain("Not paid: the order was cancelled.");
    case OrderStatus.Frozen:
      if (seller) return plain("Not paid yet: an administrator is reviewing the order.");
      return opened ? { ...held, note: "Frozen: an administrator decides what is paid." } : plain("Nothing is held: you have not opened the card.");
    case OrderStatus.Waiting:
      return seller
        ? { label: "You receive", coins: price, tone: "in", note: null }
        : { label: "You pay", coins: price, tone: "out", note: "Held from your balance when you view the card." };
    case OrderStatus.Processing:
      return seller ? { label: "You receive", coins: price, tone: "in", note: null } : held;
    default:
      // In negotiation or arbitration: what is paid is being decided (the dispute panel says how).
      return seller ? { label: "Order price", coins: price, tone: "none", note: null } : held;
  }
}

/** How a figure of the dispute panel is written: faces with their currency, coins with the coin name. */
export interface DisputeFormatters {
  face: (hundredths: number) => string;
  coins: (hundredths: number) => string;
}

/**
 * What the dispute panel says: an explanation that follows the
 * dispute type (docs/product/statuses.md) and agrees with the figures, and the line that
 * follows the order's status: the call to action only in negotiation (2),
 * arbitration under way (3), the outcome once finished (4, 5), frozen (6).
 */
export function disputeTexts(
  o: Pick<Order, "status" | "arbitrationType" | "arbitrationApplyAmount" | "arbitrationApplyPrice" | "tradeAmount" | "calculateTotalPrice" | "realTotalPrice">,
  f: DisputeFormatters,
  /** Who reads it: the seller (by default), or the merchant on its desk (ADR 0051). */
  side: OrderSide = "seller",
): { explanation: string; faceFound: number | null; status: string } {
  const seller = side === "seller";
  const cancels = o.arbitrationType === ArbitrationType.CancelNegotiation;
  const price = o.arbitrationApplyPrice ?? o.calculateTotalPrice;
  // A face is "found" only when the merchant names one that differs from the seller's.
  const faceFound = o.arbitrationApplyAmount !== null && o.arbitrationApplyAmount !== o.tradeAmount ? o.arbitrationApplyAmount : null;
  // The merchant reads what it did; the seller reads what the merchant says.
  const who = seller ? "The merchant" : "You";
  const says = seller ? "The merchant says" : "You said";
  const asks = seller ? "asks to cancel the order" : "asked to cancel the order";
  const offer = cancels ? asks : `${seller ? "offers" : "offered"} ${f.coins(price)} instead of ${f.coins(o.calculateTotalPrice)}`;
  let explanation: string;
  switch (o.arbitrationType) {
    case ArbitrationType.InvalidCard:
      explanation = `${says} the card is invalid and ${offer}.`;
      break;
    case ArbitrationType.UseLimits:
      explanation = `${says} the card has use limits (such as a region or account restriction) and ${offer}.`;
      break;
    case ArbitrationType.RedeemedCard:
      explanation = `${says} the card was already redeemed and ${offer}.`;
      break;
    case ArbitrationType.WrongAmountOrRate:
      explanation =
        faceFound !== null
          ? `${who} found a card face of ${f.face(faceFound)}, not the ${f.face(o.tradeAmount)} ${seller ? "you" : "the seller"} entered, and ${offer}.`
          : `${seller ? "The merchant does" : "You did"} not agree with the price for this card and ${offer}.`;
      break;
    case ArbitrationType.CancelNegotiation:
      explanation = `${who} ${asks}. If ${seller ? "you accept" : "the seller accepts"}, the order is cancelled and nothing is paid.`;
      break;
    default:
      explanation = "";
  }
  let status: string;
  switch (o.status) {
    case OrderStatus.InNegotiation:
      if (!seller) status = `Waiting for the seller to accept ${cancels ? "the cancellation" : f.coins(price)} or apply for arbitration.`;
      else status = cancels ? "Accept to cancel the order, or apply for arbitration." : `Accept to be paid ${f.coins(price)} now, or apply for arbitration.`;
      break;
    case OrderStatus.InArbitration:
      status = "Arbitration is under way: an administrator is reviewing the card and the chat, and will decide what is paid.";
      break;
    case OrderStatus.Completed:
      status = `Completed: you ${seller ? "were paid" : "paid"} ${f.coins(o.realTotalPrice)}.`;
      break;
    case OrderStatus.Cancelled:
      status = "Cancelled: nothing was paid, and the card was not bought.";
      break;
    case OrderStatus.Frozen:
      status = "Frozen: an administrator is reviewing this order. Nothing is paid until it is resolved.";
      break;
    default:
      status = "";
  }
  return { explanation, faceFound, status };
}

/**
 * Display rules of sell-card orders (spec §3, §4), shared by /orderList and
 * /orderDetails. Pure: safe in the browser and on the server.
 */
import type { AdvertInfo, Order } from "../../contract/entities";
import {
  AdvertCardType,
  ArbitrationType,
  OrderListTab,
  OrderStatus,
  arbitrationTypeLabels,
  orderListTabLabels,
  orderStatusLabels,
} from "../../contract/enums";

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

/** Spec §4: the timer each status shows, and the field its deadline is in. */
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

/** Spec §3: advertInfo.cardType 0 is a physical card (pictures), anything else an e-code. */
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

/** How a figure of the dispute panel is written: faces with their currency, coins with the coin name. */
export interface DisputeFormatters {
  face: (hundredths: number) => string;
  coins: (hundredths: number) => string;
}

/**
 * What the dispute panel says (issue 8): an explanation that follows the
 * dispute type (spec §4) and agrees with the figures, and the line that
 * follows the order's status: the call to action only in negotiation (2),
 * arbitration under way (3), the outcome once finished (4, 5), frozen (6).
 */
export function disputeTexts(
  o: Pick<Order, "status" | "arbitrationType" | "arbitrationApplyAmount" | "arbitrationApplyPrice" | "tradeAmount" | "calculateTotalPrice" | "realTotalPrice">,
  f: DisputeFormatters,
): { explanation: string; faceFound: number | null; status: string } {
  const cancels = o.arbitrationType === ArbitrationType.CancelNegotiation;
  const price = o.arbitrationApplyPrice ?? o.calculateTotalPrice;
  // A face is "found" only when the merchant names one that differs from the seller's.
  const faceFound = o.arbitrationApplyAmount !== null && o.arbitrationApplyAmount !== o.tradeAmount ? o.arbitrationApplyAmount : null;
  const offer = cancels ? "asks to cancel the order" : `offers ${f.coins(price)} instead of ${f.coins(o.calculateTotalPrice)}`;
  let explanation: string;
  switch (o.arbitrationType) {
    case ArbitrationType.InvalidCard:
      explanation = `The merchant says the card is invalid and ${offer}.`;
      break;
    case ArbitrationType.UseLimits:
      explanation = `The merchant says the card has use limits (such as a region or account restriction) and ${offer}.`;
      break;
    case ArbitrationType.RedeemedCard:
      explanation = `The merchant says the card was already redeemed and ${offer}.`;
      break;
    case ArbitrationType.WrongAmountOrRate:
      explanation =
        faceFound !== null
          ? `The merchant found a card face of ${f.face(faceFound)}, not the ${f.face(o.tradeAmount)} you entered, and ${offer}.`
          : `The merchant does not agree with the price for this card and ${offer}.`;
      break;
    case ArbitrationType.CancelNegotiation:
      explanation = "The merchant asks to cancel the order. If you accept, the order is cancelled and nothing is paid.";
      break;
    default:
      explanation = "";
  }
  let status: string;
  switch (o.status) {
    case OrderStatus.InNegotiation:
      status = cancels
        ? "Accept to cancel the order, or apply for arbitration."
        : `Accept to be paid ${f.coins(price)} now, or apply for arbitration.`;
      break;
    case OrderStatus.InArbitration:
      status = "Arbitration is under way: an administrator is reviewing the card and the chat, and will decide what is paid.";
      break;
    case OrderStatus.Completed:
      status = `Completed: you were paid ${f.coins(o.realTotalPrice)}.`;
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

/**
 * The sell-card checks of docs/product/validation.md and their messages, in one home: the
 * sell form runs them in the browser with the offer it shows, /order/addOrder runs
 * them on the server as the authority, and a message /order/addOrder answers is
 * shown beside the field sellFieldOf names. Pure; no runtime dependency.
 */
import { codesPerOrderError, joinCardCodes } from "./card-codes";
import { MINOR_PER_UNIT, ORDER_IMAGES_MAX } from "./constants";
import type { AdvertWithMerchant } from "./entities";
import { AdvertCardType, isOnline } from "./enums";
import { MESSAGES } from "./messages";
import { fixedFaces } from "./fixed-faces";

export { fixedFaces };

export const SELL_FORM_EXPIRED = "This sell form has expired. Please open the offer again.";
export const CHOOSE_FACE = "Please choose the card face.";
export const CODE_TOO_LONG = "The Gift Card Code is too long.";
export const TOO_MANY_IMAGES = `At most ${ORDER_IMAGES_MAX} images.`;
/** cardCode, all codes with their newlines. */
export const CARD_CODE_MAX = 5000;
export const SELL_REMARK_MAX = 200;
export const REMARK_TOO_LONG = `The remark has at most ${SELL_REMARK_MAX} characters.`;
/** Cards one several-cards submit may carry (ADR 0073): each is its own order. */
export const SELL_BATCH_MAX = 10;
export const TOO_MANY_CARDS = `At most ${SELL_BATCH_MAX} cards in one submit.`;
/** A batch's refusal names its card (ADR 0073): "Card 3: The Remain Amount is not enough." */
export const cardMessage = (n: number, message: string) => `Card ${n}: ${message}`;
/** The card number and the message of a batch's refusal, or null for a message about the whole form. */
export function cardOfMessage(message: string): { card: number; message: string } | null {
  const m = /^Card (\d+): (.*)$/s.exec(message);
  return m ? { card: Number(m[1]), message: m[2]! } : null;
}

/** Hundredths as a plain number for messages: 10000 → "100", 2550 → "25.5". */
export function unitsText(hundredths: number): string {
  const whole = Math.trunc(hundredths / MINOR_PER_UNIT);
  const rest = Math.abs(hundredths % MINOR_PER_UNIT);
  if (rest === 0) return String(whole);
  return `${hundredths < 0 && whole === 0 ? "-" : ""}${whole}.${String(rest).padStart(2, "0").replace(/0$/, "")}`;
}

export const fixedFacesMessage = (faces: readonly number[], currency: string) =>
  `The CardFace must be one of ${faces.map(unitsText).join(", ")} ${currency}.`;
export const faceRangeMessage = (o: Pick<SellOffer, "minTrade" | "maxTrade" | "currency">) =>
  MESSAGES.cardFaceRange(unitsText(o.minTrade), unitsText(o.maxTrade), o.currency);

/** What the checks need to know of an offer. */
export interface SellOffer {
  cardType: number;
  online: boolean;
  /** Hundredths of the currency. */
  minTrade: number;
  maxTrade: number;
  /** Remaining face the merchant still buys (hundredths). */
  remain: number;
  currency: string;
  /** Fixed faces (hundredths); empty: any face within min-max. */
  faces: readonly number[];
  /** E-codes one order may carry; 0 any number. */
  codesPerOrder: number;
}


export function sellOfferOf(a: AdvertWithMerchant): SellOffer {
  return {
    cardType: a.cardType,
    online: isOnline(a.onlineStatus),
    minTrade: a.minTrade,
    maxTrade: a.maxTrade,
    remain: a.tradeAmount,
    currency: a.tradeCurrency,
    faces: fixedFaces(a.fixTrade),
    codesPerOrder: a.codesPerOrder,
  };
}

export type SellField = "form" | "face" | "cardCode" | "cardImg";
export interface SellProblem {
  field: SellField;
  message: string;
}

/** Why an offer does not buy a card of this face (its fixed faces or range, then the amount it has left), or null. */
export function faceProblem(o: Pick<SellOffer, "faces" | "minTrade" | "maxTrade" | "remain" | "currency">, face: number | null): SellProblem | null {
  if (o.faces.length > 0) {
    if (face === null) return { field: "face", message: CHOOSE_FACE };
    if (!o.faces.includes(face)) return { field: "face", message: fixedFacesMessage(o.faces, o.currency) };
  } else if (face === null || face < o.minTrade || face > o.maxTrade) return { field: "face", message: faceRangeMessage(o) };
  if (face > o.remain) return { field: "face", message: MESSAGES.remainNotEnough };
  return null;
}

/** The first problem of a sale, in docs/product/validation.md's order (online, face, remaining amount, code or images), or null. */
export function sellProblem(o: SellOffer, v: { tradeAmount: number | null; codes: readonly string[]; images: number }): SellProblem | null {
  if (!o.online) return { field: "form", message: MESSAGES.businessOffline };
  const faceIssue = faceProblem(o, v.tradeAmount);
  if (faceIssue) return faceIssue;
  if (o.cardType === AdvertCardType.Picture) {
    if (v.images === 0) return { field: "cardImg", message: MESSAGES.cardImageEmpty };
    if (v.images > ORDER_IMAGES_MAX) return { field: "cardImg", message: TOO_MANY_IMAGES };
    return null;
  }
  if (v.codes.length === 0) return { field: "cardCode", message: MESSAGES.cardCodeEmpty };
  const tooMany = codesPerOrderError(v.codes, o.codesPerOrder);
  if (tooMany) return { field: "cardCode", message: tooMany };
  if (joinCardCodes(v.codes).length > CARD_CODE_MAX) return { field: "cardCode", message: CODE_TOO_LONG };
  return null;
}

/** The field a sell-card message belongs beside (what /order/addOrder answered); "form" for the rest. */
export function sellFieldOf(message: string): SellField {
  if (message === MESSAGES.remainNotEnough || message === CHOOSE_FACE || message.startsWith("The CardFace must be")) return "face";
  if (message === MESSAGES.cardCodeEmpty || message === CODE_TOO_LONG || message.includes("codes per order") || message.includes("one code per order"))
    return "cardCode";
  if (message === MESSAGES.cardImageEmpty || message === TOO_MANY_IMAGES) return "cardImg";
  return "form";
}

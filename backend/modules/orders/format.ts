import { MINOR_PER_UNIT } from "../../../contract/constants";
import { unitsText } from "../../../contract/sell-rules";
import type { AdvertInfo } from "../../../contract/entities";
import type { OrderRow } from "../../db/schema";

/** Plain-English figures for order changes, notices and bills (server texts, no locale). */

/** Hundredths as a plain number: 10000 → "100", 12550 → "125.5" (one home: contract/sell-rules). */
export const units = unitsText;

/** Coins in hundredths as "12.34 Coins" (always two decimals). */
export function coins(minor: number): string {
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(minor);
  return `${sign}${Math.trunc(abs / MINOR_PER_UNIT)}.${String(abs % MINOR_PER_UNIT).padStart(2, "0")} Coins`;
}

export function parseAdvertInfo(o: Pick<OrderRow, "advert_info">): AdvertInfo | undefined {
  try {
    return JSON.parse(o.advert_info) as AdvertInfo;
  } catch {
    return undefined;
  }
}

/** "Apple Gift Card" from the order's advert snapshot. */
export function cardName(o: Pick<OrderRow, "advert_info">): string {
  return parseAdvertInfo(o)?.paymentNameEn || "gift card";
}

/** "Apple Gift Card 100 USD". */
export function cardLabel(o: Pick<OrderRow, "advert_info" | "trade_amount" | "trade_currency">): string {
  return `${cardName(o)} ${units(Number(o.trade_amount))} ${o.trade_currency}`;
}

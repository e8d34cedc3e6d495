/**
 * Display helpers for offers and card types (units of docs/product/constants.md), built on
 * app/services/money/format.ts. Exact integer arithmetic, no floats.
 *   discount / maxDiscount: coins per 1 unit of card currency, per 10000
 *   ngnRate: NGN per coin, in hundredths
 *   faces (minTrade, maxTrade, fixTrade entries, tradeAmount): hundredths of the currency
 */
import { ngnPerUnit, toBig } from "./ngn-per-unit";
import { fixedFaces } from "../../../contract/fixed-faces";
import { formatCoins, formatNgnHundredths } from "./format";

export { ngnPerUnit };

/**
 * Coins for one unit of currency (discount / 10000), 2 to 4 decimals:
 * 8600 → "0.86", 8613 → "0.8613", 12000 → "1.20".
 */
export function coinsPerUnit(discountPer10000: number): string {
  const d = toBig(discountPer10000);
  const neg = d < 0n;
  const a = neg ? -d : d;
  const int = a / 10_000n;
  let frac = (a % 10_000n).toString().padStart(4, "0").replace(/0+$/, "");
  if (frac.length < 2) frac = frac.padEnd(2, "0");
  const intStr = int.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${neg ? "-" : ""}${intStr}.${frac}`;
}

/** A face in hundredths as currency units, without ".00" for whole values: 2500 → "25", 2550 → "25.50". */
export function faceUnits(hundredths: number): string {
  const s = formatCoins(hundredths);
  return s.endsWith(".00") ? s.slice(0, -3) : s;
}


/** An offer's rate as sellers read it on the offer: offerRate(10160, "Coins", "GBP") → "1.016 Coins / GBP". */
export function offerRate(discountPer10000: number, coinName: string, currency: string): string {
  return `${coinsPerUnit(discountPer10000)} ${coinName} / ${currency}`;
}

/** The faces an offer takes, as its pages write them: "20, 50, 100 GBP" for fixed faces, else "10 – 200 GBP". */
export function offerFaces(a: { fixTrade: string; minTrade: number; maxTrade: number; tradeCurrency: string }): { fixed: boolean; text: string } {
  const faces = fixedFaces(a.fixTrade);
  return faces.length > 0
    ? { fixed: true, text: `${faces.map(faceUnits).join(", ")} ${a.tradeCurrency}` }
    : { fixed: false, text: `${faceUnits(a.minTrade)} – ${faceUnits(a.maxTrade)} ${a.tradeCurrency}` };
}

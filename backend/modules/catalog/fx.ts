/**
 * Fixed FX table: USD per one unit of a currency (the demo world's, until a rate feed exists).
 * An advert's discount (coins per face unit, per 10000) over fx is its usd_discount, the rate
 * per USD of face that makes offers in different currencies comparable.
 */
export const FX_USD: Record<"USD" | "GBP" | "EUR" | "CAD" | "AUD", number> = { USD: 1, GBP: 1.27, EUR: 1.08, CAD: 0.73, AUD: 0.66 };

/** usd_discount of an advert; a currency without a rate counts as USD. */
export function usdDiscountOf(discount: number, currency: string): number {
  const fx = (FX_USD as Record<string, number>)[currency] ?? 1;
  return Math.round(discount / fx);
}

/**
 * A price shown is a price promised (docs/decisions/0050-quotes-and-one-home-for-money.md).
 *
 * The backend issues a quote with every offer, withdrawer and crypto price a sell form shows: the
 * rate the form's figure is worked out with, when it was issued, and a signature over both, so
 * the backend can later tell its own quote from one made up. The form sends the quote back with
 * the amount it displayed. The backend then creates the order at exactly that rate, in the same
 * compare-and-set that reserves it, or creates nothing and answers QUOTE_CHANGED with a fresh
 * quote and the figure it gives, so the page can ask the seller again.
 */
import { z } from "zod";
import { minorText } from "./money";
import { unitsText } from "./sell-rules";

export const quoteSchema = z.object({
  /** The figure the price is worked out with: an offer's discount, a withdrawer's rate, or a crypto price (USD hundredths). */
  rate: z.number().int().positive(),
  /** When the backend issued it (ms since the epoch). */
  at: z.number().int().nonnegative(),
  /** The backend's signature over what it quoted (opaque to the client). */
  sig: z.string().min(1).max(64),
});
export type Quote = z.infer<typeof quoteSchema>;

/** What a sell form sends back: the quote it showed and the amount it displayed at it. */
export const shownQuoteSchema = quoteSchema.extend({
  /** The amount displayed: coins for a card or a transfer, payout hundredths for coins sold. */
  shown: z.number().int().nonnegative(),
});
export type ShownQuote = z.infer<typeof shownQuoteSchema>;

/**
 * The data of a QUOTE_CHANGED refusal: the quote to ask again with, what it gives for the same
 * amount, and why: the rate moved, or the quote the form showed ran out (its rate may be the same).
 */
export const requoteSchema = z.object({ quote: quoteSchema, shown: z.number().int().nonnegative(), why: z.enum(["changed", "expired"]) });
export type Requote = z.infer<typeof requoteSchema>;

/**
 * How long a quote stands when its rate has not moved (ADR 0050): offers and withdrawers change
 * their rates by hand, so a seller gets time to type codes or upload pictures on a slow line;
 * crypto prices move every few seconds, so a crypto quote is short.
 */
export const QUOTE_VALID_MS = {
  card: 15 * 60_000,
  coins: 15 * 60_000,
  crypto: 2 * 60_000,
} as const;
export type QuoteKind = keyof typeof QUOTE_VALID_MS;

/** A quote issued this far in the future (clock skew between processes) still counts as now. */
export const QUOTE_SKEW_MS = 30_000;

/** Whether a quote issued at `at` still stands at `now`. */
export const quoteFresh = (kind: QuoteKind, at: number, now: number) => at <= now + QUOTE_SKEW_MS && now - at <= QUOTE_VALID_MS[kind];

// ------------------------------------------------------------------ what the seller is told

/** "The rate changed: 40 USD now pays 20.00 Coins. Sell at the new rate?" */
export const cardRateChanged = (face: number, currency: string, coins: number, coinName = "Coins") =>
  `The rate changed: ${unitsText(face)} ${currency} now pays ${minorText(coins)} ${coinName}. Sell at the new rate?`;

/** "The price you saw has expired: 40 USD pays 31.20 Coins now. Sell at this price?" */
export const cardQuoteExpired = (face: number, currency: string, coins: number, coinName = "Coins") =>
  `The price you saw has expired: ${unitsText(face)} ${currency} pays ${minorText(coins)} ${coinName} now. Sell at this price?`;

/** "The rate changed: 10 Coins now pay 4,000 NGN. Sell at the new rate?" (the payout written as the form writes it). */
export const coinsRateChanged = (coins: number, payout: number, currency: string, coinName = "Coins") =>
  `The rate changed: ${unitsText(coins)} ${coinName} now pay ${minorText(payout, { trim: true })} ${currency}. Sell at the new rate?`;

export const coinsQuoteExpired = (coins: number, payout: number, currency: string, coinName = "Coins") =>
  `The rate you saw has expired: ${unitsText(coins)} ${coinName} pay ${minorText(payout, { trim: true })} ${currency} now. Sell at this rate?`;

/** "The price changed: 0.015 BTC now pays 1,005.12 Coins. Report at the new price?" */
export const cryptoPriceChanged = (amount: string, symbol: string, coins: number, coinName = "Coins") =>
  `The price changed: ${amount} ${symbol} now pays ${minorText(coins)} ${coinName}. Report at the new price?`;

export const cryptoQuoteExpired = (amount: string, symbol: string, coins: number, coinName = "Coins") =>
  `The price you saw has expired: ${amount} ${symbol} pays ${minorText(coins)} ${coinName} now. Report at this price?`;

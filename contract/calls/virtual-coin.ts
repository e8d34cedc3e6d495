import { z } from "zod";
import { quoteSchema, shownQuoteSchema } from "../quote";
import { defineCall, id, noBody } from "../define";
import { virtualCoinTypeSchema } from "../enum-schemas";
import { positiveMinor, requiredText } from "../fields";
import { created, listOf } from "./common";

/**
 * One live (or indicative) price of /virtualCoinOrder/getPrices.
 * `price`: USD hundredths per whole BTC or USDT (67000.12 USD → 6700012).
 * `indicative`: true when the price is not a fresh market quote (the offline feed, or the
 * last known quote after the ticker failed); the screen labels it so.
 */
export const virtualCoinPriceSchema = z.object({
  type: virtualCoinTypeSchema,
  /** "BTC" or "USDT". */
  symbol: z.string(),
  price: z.number().int().nonnegative(),
  indicative: z.boolean(),
  /** When the quote was taken (ms). */
  updatedAt: z.number().int().nonnegative(),
  /** Designed (ADR 0050): the price as a signed quote, promised for a short while; sent back with addVirtualCoinOrder. */
  quote: quoteSchema,
});
export type VirtualCoinPrice = z.infer<typeof virtualCoinPriceSchema>;

/** BTC/USDT transfer orders (backend/modules/virtual-coin). */
export const virtualCoinCalls = {
  "/virtualCoinOrder/getPrices": defineCall({
    path: "/virtualCoinOrder/getPrices",
    auth: "none",
    request: noBody,
    response: listOf(virtualCoinPriceSchema),
    doc: "Designed call: BTC (type 0) and USDT (type 1) prices in USD hundredths per coin from the price feed (cached 5 s); indicative when offline or stale.",
  }),
  "/virtualCoinOrder/addVirtualCoinOrder": defineCall({
    path: "/virtualCoinOrder/addVirtualCoinOrder",
    auth: "user",
    request: z.object({
      type: virtualCoinTypeSchema,
      fromAddress: requiredText(128, "Please enter the address.", "Please enter the address."),
      transactionId: requiredText(128, "Please enter the transaction hash.", "Please enter the transaction hash."),
      /** BTC or USDT amount per 1e8. */
      tradeAmount: positiveMinor("Please enter the amount."),
      /** Designed (ADR 0050): the price quote the form showed with the coins it displayed; the order is made at that price or not at all. */
      quote: shownQuoteSchema.optional(),
    }),
    response: created,
    doc: "Reports a BTC (0) or USDT (1) transfer to the configured address; the server refuses values under 100 coins ('The transaction amount is too low.'). Response designed: {id}.",
  }),
};

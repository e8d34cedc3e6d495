import { z } from "zod";
import { quoteSchema, shownQuoteSchema } from "../quote";
import { defineCall, lastId, noBody } from "../define";
import { virtualCoinOrderStatusSchema, virtualCoinTypeSchema } from "../enum-schemas";
import { positiveMinor, requiredText } from "../fields";
import { created, listOf, statusFilter } from "./common";
import { virtualCoinOrderSchema } from "./virtual-coin-staff";

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

/**
 * One of her own transfer orders (/virtualCoinOrder/getMyOrders): the staff's row without who
 * reported it or the platform's terms. Every figure is the order's, as it was made (ADR 0068).
 */
export const myVirtualCoinOrderSchema = virtualCoinOrderSchema.pick({
  id: true,
  type: true,
  fromAddress: true,
  transactionId: true,
  tradeAmount: true,
  price: true,
  priceIndicative: true,
  coins: true,
  status: true,
  reason: true,
  createTimestamp: true,
  confirmTimestamp: true,
  rejectTimestamp: true,
});
export type MyVirtualCoinOrder = z.infer<typeof myVirtualCoinOrderSchema>;

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
  "/virtualCoinOrder/getMyOrders": defineCall({
    path: "/virtualCoinOrder/getMyOrders",
    auth: "user",
    request: z.object({
      lastId,
      /** 0 pending, 1 confirmed, 2 rejected; absent or null: every status. */
      status: statusFilter(virtualCoinOrderStatusSchema),
    }),
    response: listOf(myVirtualCoinOrderSchema),
    doc: "Designed call (ADR 0068): the caller's own BTC/USDT transfer orders, newest first, paged by the id of the last item, optionally one status; each with the price and coins it was made at and the staff's reason when rejected.",
  }),
};

import { z } from "zod";
import { defineCall, id, lastId, noBody, optionalTimestamp } from "../define";
import { billSchema, tradeStatisticsDaySchema, withdrawalSchema, withdrawerSchema } from "../entities";
import { billTypeSchema, virtualCoinTypeSchema, withdrawalActionSchema } from "../enum-schemas";
import { MESSAGES, optionalText, positiveMinor, tradePassword } from "../fields";
import { blankable, byId, created, currencyFilter, listOf, startBeforeEnd } from "./common";

const bankAccountId = z
  .number({ required_error: MESSAGES.bankAccountRequired, invalid_type_error: MESSAGES.bankAccountRequired })
  .int(MESSAGES.bankAccountRequired)
  .positive(MESSAGES.bankAccountRequired);

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
});
export type VirtualCoinPrice = z.infer<typeof virtualCoinPriceSchema>;

const requiredString = (message: string, max: number) =>
  z.string({ required_error: message, invalid_type_error: message }).trim().min(1, message).max(max, message);

/** Withdrawals (selling coins to withdrawers), BTC/USDT transfer orders, bills. */
export const walletCalls = {
  "/userWithdraw/getWithdrawer": defineCall({
    path: "/userWithdraw/getWithdrawer",
    auth: "user",
    request: z.object({ currency: currencyFilter }),
    response: listOf(withdrawerSchema),
    doc: "Withdrawers (merchants buying coins), optionally of one payout currency.",
  }),
  "/userWithdraw/getWithdrawerDetail": defineCall({
    path: "/userWithdraw/getWithdrawerDetail",
    auth: "user",
    request: byId,
    response: z.object({ withdrawer: withdrawerSchema }),
    doc: "One withdrawer. Response designed: {withdrawer}.",
  }),
  "/userWithdraw/applyWithdraw": defineCall({
    path: "/userWithdraw/applyWithdraw",
    auth: "user",
    request: z.object({
      withdrawerId: id,
      /** Coins in hundredths. */
      amount: positiveMinor("Please enter the coins to sell."),
      userPaymentId: bankAccountId,
      /** Required when the user has set a trade password. */
      tradePwd: blankable(tradePassword),
      remark: optionalText(200, "The remark has at most 200 characters."),
    }),
    response: created,
    doc: "Sells coins to a withdrawer, paid out to one of the user's bank accounts; moves the amount to frozen. Returns the withdrawal id.",
  }),
  "/userWithdraw/getWithdrawDetail": defineCall({
    path: "/userWithdraw/getWithdrawDetail",
    auth: "user",
    request: byId,
    response: z.object({
      withdrawal: withdrawalSchema,
      /** Designed: what the caller may do now, from the withdrawal state machine (contract/enums WithdrawalAction). */
      actions: z.array(withdrawalActionSchema),
    }),
    doc: "One of the user's withdrawals. Response designed: {withdrawal, actions}.",
  }),
  "/userWithdraw/getWithdrawList": defineCall({
    path: "/userWithdraw/getWithdrawList",
    auth: "user",
    request: z.object({ lastId, start: optionalTimestamp, end: optionalTimestamp }).superRefine(startBeforeEnd),
    response: listOf(withdrawalSchema),
    doc: "The user's withdrawals, newest first, paged by the id of the last item.",
  }),
  "/userWithdraw/getPayPicture": defineCall({
    path: "/userWithdraw/getPayPicture",
    auth: "user",
    request: byId,
    response: z.object({
      /** "image/jpeg". */
      contentType: z.string(),
      /** The picture's bytes, base64. */
      base64: z.string(),
    }),
    doc: "Designed call: the payment picture (proof of payout) of one of the user's withdrawals, for its owner only; 'Withdrawal not found.' for anyone else's, 'No payment picture yet.' before it is completed.",
  }),
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
      fromAddress: requiredString("Please enter the address.", 128),
      transactionId: requiredString("Please enter the transaction hash.", 128),
      /** BTC or USDT amount per 1e8. */
      tradeAmount: positiveMinor("Please enter the amount."),
    }),
    response: created,
    doc: "Reports a BTC (0) or USDT (1) transfer to the configured address; the server refuses values under 100 coins ('The transaction amount is too low.'). Response designed: {id}.",
  }),
  "/userBill/getUserBillList": defineCall({
    path: "/userBill/getUserBillList",
    auth: "user",
    request: z
      .object({
        lastId,
        /** 1 Income, 2 Withdraw, 3 Invite, 4 Transfer; absent, null or 0: ALL. */
        type: z
          .union([z.literal(0), billTypeSchema])
          .nullish()
          .transform((v) => (v ? v : undefined)),
        start: optionalTimestamp,
        end: optionalTimestamp,
      })
      .superRefine(startBeforeEnd),
    response: listOf(billSchema),
    doc: "The user's transactions, newest first, paged by the id of the last item.",
  }),
  "/userBill/getTradeStatistics": defineCall({
    path: "/userBill/getTradeStatistics",
    auth: "user",
    request: z.object({
      /** Milliseconds of the local midnight the statistics end at (its day included). */
      zeroTimestamp: z
        .number({ required_error: "The day is required.", invalid_type_error: "The day is required." })
        .int()
        .nonnegative(),
    }),
    response: z.object({
      list: z.array(tradeStatisticsDaySchema),
      /** Hundredths. */
      totalAmount: z.number().int(),
      totalCount: z.number().int(),
    }),
    doc: "Response designed: the 30 days ending with the day that starts at zeroTimestamp (days of 24 h: zeroTimestamp - 29 days … zeroTimestamp), oldest first, every day present (zeros when nothing traded); per day tradeAmount = the sum of realTotalPrice (coin hundredths) and tradeCount = the number of the user's orders as seller completed (status 4) that day; totalAmount and totalCount over the 30 days.",
  }),
};

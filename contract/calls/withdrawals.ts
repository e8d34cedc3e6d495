import { z } from "zod";
import { quoteSchema, shownQuoteSchema } from "../quote";
import { defineCall, id, lastId, optionalTimestamp } from "../define";
import { withdrawalSchema, withdrawerSchema } from "../entities";
import { withdrawalActionSchema } from "../enum-schemas";
import { MESSAGES, optionalText, positiveMinor, tradePassword } from "../fields";
import { blankable, byId, created, currencyFilter, listOf, startBeforeEnd } from "./common";
import { otpField } from "./two-factor";

const bankAccountId = z
  .number({ required_error: MESSAGES.bankAccountRequired, invalid_type_error: MESSAGES.bankAccountRequired })
  .int(MESSAGES.bankAccountRequired)
  .positive(MESSAGES.bankAccountRequired);

/** Selling coins to withdrawers (backend/modules/withdrawals). */
export const withdrawalsCalls = {
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
    response: z.object({
      withdrawer: withdrawerSchema,
      /** Designed (ADR 0050): the withdrawer's rate as a signed quote, sent back with applyWithdraw. */
      quote: quoteSchema,
    }),
    doc: "One withdrawer, and the quote its rate is promised at. Response designed: {withdrawer, quote}.",
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
      /** Designed (ADR 0050): the quote the form showed with the payout it displayed; the withdrawal is made at that rate or not at all. */
      quote: shownQuoteSchema.optional(),
      /** Designed (ADR 0057): a current two-factor code, required when the user has two-factor on. */
      otp: otpField,
    }),
    response: created,
    doc: "Sells coins to a withdrawer, paid out to one of the user's bank accounts, at the quoted rate (or QUOTE_CHANGED, code 8, with a new quote); moves the amount to frozen. Returns the withdrawal id.",
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
};

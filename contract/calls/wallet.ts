import { z } from "zod";
import { defineCall, id, lastId, noBody, okEmpty, optionalTimestamp } from "../define";
import { billSchema, paymentTypeSchema, tradeStatisticsDaySchema, userPaymentSchema } from "../entities";
import { billTypeSchema } from "../enum-schemas";
import { accountNumber, bankId, bankNote, optionalText, realName } from "../fields";
import { created, listOf, startBeforeEnd } from "./common";
import { otpField } from "./two-factor";

/** The bank-account fields a user types (realname, accountNumber, optional QR image and note). */
const userPaymentInput = z.object({
  realname: realName,
  accountNumber,
  receiveQr: optionalText(500, "The QR image path is too long."),
  remark: bankNote,
});

/** Bills, trade statistics and bank accounts (backend/modules/wallet). */
export const walletCalls = {
  "/userPayment/getPaymentType": defineCall({
    path: "/userPayment/getPaymentType",
    auth: "user",
    request: noBody,
    response: z.object({ paymentType: z.array(paymentTypeSchema) }),
    doc: "Banks a user can receive payouts with.",
  }),
  "/userPayment/getPaymentList": defineCall({
    path: "/userPayment/getPaymentList",
    auth: "user",
    request: noBody,
    response: z.object({ paymentList: z.array(userPaymentSchema) }),
    doc: "The user's bank accounts; one that fails its bank's account number check carries `problem` (ADR 0053).",
  }),
  "/userPayment/resolveAccount": defineCall({
    path: "/userPayment/resolveAccount",
    auth: "user",
    request: z.object({
      paymentId: bankId,
      accountNumber,
      realname: realName,
      /** The account being edited, when the check is for an edit (it is not a duplicate of itself). */
      id: id.optional(),
    }),
    response: z.object({
      /** The holder's name as the bank keeps it: what addPayment / updatePayment will save as realname. */
      accountName: z.string(),
      /** The number as it will be saved: 10 digits. */
      accountNumber: z.string(),
    }),
    doc: "Designed (ADR 0053): the bank's name for an account number, for the user to confirm before adding or editing it. Checks the number against the bank's code, then asks the bank-data provider; saves nothing. Refusals: the number's own message, 'We could not find this account at <bank>. …', or, when the provider does not answer in time, 'We could not reach the bank …'.",
  }),
  "/userPayment/addPayment": defineCall({
    path: "/userPayment/addPayment",
    auth: "user",
    request: z.object({ paymentId: bankId, userPayment: userPaymentInput, otp: otpField }),
    response: created,
    doc: "Adds a bank account. Response designed: {id} of the new account. Designed (ADR 0053): the number must pass its bank's check and be found by the bank-data provider, asked again here; realname is saved as the holder's name the bank answered. With two-factor on, `otp` carries a current code (ADR 0057).",
  }),
  "/userPayment/updatePayment": defineCall({
    path: "/userPayment/updatePayment",
    auth: "user",
    request: z.object({ paymentId: bankId, userPayment: userPaymentInput.extend({ id }), otp: otpField }),
    response: okEmpty,
    doc: "Edits one of the user's bank accounts. Response designed: null. Checked and resolved as addPayment is (ADR 0053); `otp` as for addPayment.",
  }),
  "/userPayment/removePayment": defineCall({
    path: "/userPayment/removePayment",
    auth: "user",
    request: z.object({ userPayment: z.object({ id }), otp: otpField }),
    response: okEmpty,
    doc: "Deletes one of the user's bank accounts (toast 'Removed !'). Response designed: null. With two-factor on, `otp` carries a current code (ADR 0057).",
  }),
  "/userBill/getUserBillList": defineCall({
    path: "/userBill/getUserBillList",
    auth: "user",
    request: z
      .object({
        lastId,
        /** 1 Income, 2 Withdraw, 3 Invite, 4 Transfer, 5 Purchase (a merchant's cards bought); absent, null or 0: ALL. */
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

/** The sell-coins form's schema (the rules are described in ./withdrawals.ts). */
import { z } from "zod";
import { MESSAGES } from "../../../contract/fields";
import { TWO_DECIMALS, hasTooManyDecimals, minorFromInput } from "~/services/format";
import { SELL_COINS_REMARK_MAX, sellCoinsRangeMessage, type SellCoinsRules } from "./withdrawals";

const optionalString = z.preprocess((v) => (typeof v === "string" ? v : undefined), z.string().optional());

export function sellCoinsSchema(rules: SellCoinsRules) {
  return z
    .object({
      amount: optionalString,
      userPaymentId: optionalString,
      tradePwd: optionalString,
      remark: z
        .string()
        .trim()
        .max(SELL_COINS_REMARK_MAX, `The remark has at most ${SELL_COINS_REMARK_MAX} characters.`)
        .optional()
        .transform((v) => (v ? v : undefined)),
    })
    .superRefine((v, ctx) => {
      const amount = minorFromInput(v.amount ?? "");
      const issue = (path: string, message: string) => ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
      if (hasTooManyDecimals(v.amount)) issue("amount", TWO_DECIMALS);
      else if (amount === null || amount <= 0 || amount < rules.minTrade || amount > rules.maxTrade) issue("amount", sellCoinsRangeMessage(rules));
      else if (amount > rules.remainBalance) issue("amount", MESSAGES.remainNotEnough);
      else if (amount > rules.available) issue("amount", MESSAGES.availableNotEnough);
      const bank = Number(v.userPaymentId);
      if (!v.userPaymentId || !Number.isSafeInteger(bank) || bank <= 0) issue("userPaymentId", MESSAGES.bankAccountRequired);
      if (rules.needTradePwd && !/^\d{6}$/.test(v.tradePwd ?? "")) issue("tradePwd", MESSAGES.tradePassword);
    })
    .transform((v) => ({
      amount: minorFromInput(v.amount ?? "") ?? 0,
      userPaymentId: Number(v.userPaymentId),
      tradePwd: rules.needTradePwd ? (v.tradePwd ?? "") : undefined,
      remark: v.remark,
    }));
}

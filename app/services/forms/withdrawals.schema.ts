/** The sell-coins form's schema (the rules are described in ./withdrawals.ts). */
import { z } from "zod";
import { MESSAGES } from "../../../contract/fields";
import { TWO_DECIMALS, hasTooManyDecimals, minorFromInput } from "~/services/money/format";
import { SELL_COINS_REMARK_MAX, sellCoinsRangeMessage, type SellCoinsRules } from "./withdrawals";
import { secondFactorCode } from "../../../contract/calls/two-factor";

const optionalString = z.preprocess((v) => (typeof v === "string" ? v : undefined), z.string().optional());

export function sellCoinsSchema(rules: SellCoinsRules) {
  return z
    .object({
      amount: optionalString,
      userPaymentId: optionalString,
      tradePwd: optionalString,
      otp: optionalString,
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
      const otp = rules.needOtp ? secondFactorCode.safeParse(v.otp ?? "") : null;
      if (otp && !otp.success) issue("otp", otp.error.issues[0]!.message);
    })
    .transform((v) => ({
      amount: minorFromInput(v.amount ?? "") ?? 0,
      userPaymentId: Number(v.userPaymentId),
      tradePwd: rules.needTradePwd ? (v.tradePwd ?? "") : undefined,
      otp: rules.needOtp ? v.otp : undefined,
      remark: v.remark,
    }));
}

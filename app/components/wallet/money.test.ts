import { describe, expect, it } from "vitest";
import { MESSAGES } from "../../../contract/fields";
import { bankAccountLabel, maskAccountNumber } from "~/components/wallet/bank-account";
import { bankAccountSchema } from "~/services/forms/wallet.schema";
import { sellCoinsSchema } from "~/services/forms/withdrawals.schema";
import { parseBankSnapshot, withdrawalTimeline } from "~/components/withdrawals/withdrawal";
import { coinUnits, formatCurrencyRate, formatPayout, shiftDecimal } from "~/services/money/wallet";
import { qrSvg } from "./qr.server";
import { virtualCoinSchema } from "~/services/forms/virtual-coin.schema";

describe("withdrawal figures", () => {
  it("shows rates, payouts and limits", () => {
    expect(formatCurrencyRate(5_350_000)).toBe("535.00");
    expect(formatCurrencyRate(5_351_234)).toBe("535.1234");
    expect(formatPayout(8_025_000)).toBe("80,250");
    expect(formatPayout(8_025_050)).toBe("80,250.5");
    expect(coinUnits(1_000)).toBe("10");
    expect(coinUnits(500_050)).toBe("5000.50");
    expect(shiftDecimal(-5, 2)).toBe("-0.05");
  });

  it("builds the timeline", () => {
    const base = { createTimestamp: 1, processTimestamp: null, completeTimestamp: null, cancelTimestamp: null };
    expect(withdrawalTimeline({ ...base, status: 0 }).map((s) => [s.key, s.at])).toEqual([["created", 1], ["processing", null], ["completed", null]]);
    expect(withdrawalTimeline({ ...base, status: 3, cancelTimestamp: 5 }).map((s) => s.key)).toEqual(["created", "cancelled"]);
    expect(parseBankSnapshot('{"paymentNameEn":"GTBank","realname":"A","accountNumber":"0123456789"}')?.accountNumber).toBe("0123456789");
    expect(parseBankSnapshot("not json")).toBeNull();
  });
});

describe("form schemas (docs/product/validation.md)", () => {
  const rules = { minTrade: 1_000, maxTrade: 500_000, remainBalance: 100_000, available: 50_000, needTradePwd: true };
  const errors = (r: ReturnType<ReturnType<typeof sellCoinsSchema>["safeParse"]>) =>
    r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));

  it("checks selling coins in the spec's order", () => {
    const s = sellCoinsSchema(rules);
    expect(errors(s.safeParse({}))).toEqual({
      amount: MESSAGES.sellCoinsRange("10", "5000"),
      userPaymentId: MESSAGES.bankAccountRequired,
      tradePwd: MESSAGES.tradePassword,
    });
    expect(errors(s.safeParse({ amount: "2000", userPaymentId: "1", tradePwd: "123456" })).amount).toBe(MESSAGES.remainNotEnough);
    expect(errors(s.safeParse({ amount: "600", userPaymentId: "1", tradePwd: "123456" })).amount).toBe(MESSAGES.availableNotEnough);
    const ok = s.safeParse({ amount: "150.5", userPaymentId: "7", tradePwd: "123456" });
    expect(ok.success && ok.data).toEqual({ amount: 15_050, userPaymentId: 7, tradePwd: "123456", remark: undefined });
    expect(sellCoinsSchema({ ...rules, needTradePwd: false }).safeParse({ amount: "150", userPaymentId: "7" }).success).toBe(true);
  });

  it("checks BTC orders: required fields and the 100-coin minimum", () => {
    const q = { price: 6_000_000, usdRate: 10_000, discount: 9_500 };
    const s = virtualCoinSchema(q);
    const low = s.safeParse({ amount: "0.001", fromAddress: "a", transactionId: "h" });
    expect(low.success ? null : low.error.issues[0].message).toBe(MESSAGES.amountTooLow);
    const ok = s.safeParse({ amount: "0.01", fromAddress: " a ", transactionId: "h" });
    expect(ok.success && ok.data).toEqual({ tradeAmount: 1_000_000, fromAddress: "a", transactionId: "h" });
    const empty = s.safeParse({});
    expect(empty.success ? [] : empty.error.issues.map((i) => i.message)).toEqual([
      "Please enter the amount.",
      "Please enter the address.",
      "Please enter the transaction hash.",
    ]);
  });

  it("checks bank accounts and masks numbers", () => {
    const r = bankAccountSchema([]).safeParse({ remark: "x".repeat(101) });
    const messages = r.success ? [] : r.error.issues.map((i) => i.message);
    expect(messages).toContain(MESSAGES.realName);
    expect(messages).toContain(MESSAGES.bank);
    expect(messages).toContain("The note has at most 100 characters.");
    expect(maskAccountNumber("0123456789")).toBe("•••• 6789");
    expect(bankAccountLabel({ paymentNameEn: "GTBank", accountNumber: "0123456789" })).toBe("GTBank •••• 6789");
    expect(bankAccountLabel({ paymentNameEn: "GTBank", accountNumber: "0123456789", problem: "x" })).toBe("GTBank •••• 6789 (needs fixing)");
  });
});

describe("QR codes", () => {
  it("draws the address as an SVG path with a quiet zone", () => {
    const qr = qrSvg("bc1q64dhp3qryxkgd6u3zk9ndvyncxuwxkhrkejync")!;
    expect(qr.size).toBeGreaterThanOrEqual(21 + 8);
    expect(qr.path).toMatch(/^M4 4h7v1h-7z/); // the top-left finder pattern
    expect(qrSvg("")).toBeNull();
  });
});

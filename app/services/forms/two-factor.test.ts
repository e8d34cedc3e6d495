import { describe, expect, test } from "vitest";
import { TWO_FACTOR_MESSAGES as M } from "../../../contract/two-factor";
import { refusalAt } from "./two-factor";
import { sellCoinsSchema } from "./withdrawals.schema";

describe("a two-factor refusal sits at its code field", () => {
  test("every message about the code typed goes beside the field; anything else to the form's foot", () => {
    for (const msg of [M.codeRequired, M.codeShape, M.setupCodeShape, M.codeWrong, M.codeUsed, M.recoveryCodeWrong, M.locked(12)]) {
      expect(refusalAt(msg)).toEqual({ fieldErrors: { otp: [msg] } });
      expect(refusalAt(msg, "code")).toEqual({ fieldErrors: { code: [msg] } });
    }
    for (const msg of [M.challengeExpired, M.requiredForDesk, "The trade password is incorrect.", "Too many attempts. Please try again later."]) {
      expect(refusalAt(msg)).toEqual({ formErrors: [msg] });
    }
  });

  test("the sell-coins form asks for a code only with two-factor on, read as the backend reads it", () => {
    const rules = { minTrade: 1_000, maxTrade: 500_000, remainBalance: 100_000, available: 50_000, needTradePwd: false };
    const form = { amount: "150", userPaymentId: "7" };
    const issues = (r: ReturnType<ReturnType<typeof sellCoinsSchema>["safeParse"]>) => (r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`));
    expect(sellCoinsSchema(rules).safeParse(form).success).toBe(true);
    expect(sellCoinsSchema(rules).parse({ ...form, otp: "123456" }).otp).toBeUndefined();
    const on = sellCoinsSchema({ ...rules, needOtp: true });
    expect(issues(on.safeParse(form))).toEqual([`otp: ${M.codeRequired}`]);
    expect(issues(on.safeParse({ ...form, otp: "12 34" }))).toEqual([`otp: ${M.codeShape}`]);
    expect(on.parse({ ...form, otp: "123 456" }).otp).toBe("123 456");
    expect(on.safeParse({ ...form, otp: "ABCDE-FGHJK" }).success).toBe(true);
  });
});

/**
 * The security forms' schemas as the browser and the action run them (conform's parseWithZod on
 * FormData), and the registration form beside them: its password pair is the same rule
 * (passwordsMatch), and a complete form must parse, not only the broken ones.
 */
import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "../../../contract/messages";
import { forgotSchema, registerSchema } from "./auth.schema";
import { CHOOSE_TARGET } from "./security";
import { loginPasswordSchema, tradeCodeTargetSchema, tradePasswordSchema } from "./security.schema";

const form = (o: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(o)) f.append(k, v);
  return f;
};
const errors = (r: { status?: string; error?: Record<string, string[] | null> | null }) => (r.status === "error" ? (r.error ?? {}) : {});

describe("complete forms parse (with the page's extra fields)", () => {
  it("registration and reset, whose other fields are trimmed or emptied", () => {
    const extra = { intent: "submit", csrf: "token" };
    const reg = parseWithZod(form({ type: "EMAIL", email: " ada@example.com ", code: "123456", nickname: "ada_1", loginPwd: "abc12345", confirmPwd: "abc12345", inviteCode: "", ...extra }), { schema: registerSchema });
    expect(reg.status).toBe("success");
    const reset = parseWithZod(form({ type: "MOBILE", interCode: "234", mobile: "8012345678", code: "123456", loginPwd: "abc12345", confirmPwd: "abc12345", ...extra }), { schema: forgotSchema });
    expect(reset.status).toBe("success");
  });
});

describe("login password", () => {
  it("takes the old one and the new one twice", () => {
    const r = parseWithZod(form({ oldPassword: "old12345", newPassword: "New12345", confirmPwd: "New12345" }), { schema: loginPasswordSchema });
    expect(r.status).toBe("success");
  });
  it("says each field's message when empty, and the mismatch only when both new ones are typed", () => {
    expect(errors(parseWithZod(form({}), { schema: loginPasswordSchema }))).toMatchObject({
      oldPassword: [MESSAGES.oldPassword],
      newPassword: [MESSAGES.newPassword],
      confirmPwd: [MESSAGES.newPassword],
    });
    expect(errors(parseWithZod(form({ newPassword: "New12345", confirmPwd: "New12346" }), { schema: loginPasswordSchema })).confirmPwd).toEqual([MESSAGES.passwordMismatch]);
  });
});

describe("trade password", () => {
  it("takes where the code went, the code and 6 digits twice", () => {
    expect(parseWithZod(form({ type: "EMAIL", code: "123456", tradePwd: "123456", confirmTradePwd: "123456" }), { schema: tradePasswordSchema }).status).toBe("success");
  });
  it("refuses letters, five digits and a mismatch with the spec's messages", () => {
    expect(errors(parseWithZod(form({ type: "EMAIL", code: "123456", tradePwd: "12345a", confirmTradePwd: "12345a" }), { schema: tradePasswordSchema })).tradePwd).toEqual([MESSAGES.tradePassword]);
    expect(errors(parseWithZod(form({ type: "EMAIL", code: "123456", tradePwd: "12345", confirmTradePwd: "12345" }), { schema: tradePasswordSchema })).tradePwd).toEqual([MESSAGES.tradePassword]);
    expect(errors(parseWithZod(form({ type: "EMAIL", code: "123456", tradePwd: "123456", confirmTradePwd: "123457" }), { schema: tradePasswordSchema })).confirmTradePwd).toEqual([MESSAGES.passwordMismatch]);
  });
  it("Send code checks only where it goes", () => {
    expect(parseWithZod(form({ type: "MOBILE", code: "" }), { schema: tradeCodeTargetSchema }).status).toBe("success");
    expect(errors(parseWithZod(form({ type: "FAX" }), { schema: tradeCodeTargetSchema })).type).toEqual([CHOOSE_TARGET]);
  });
});

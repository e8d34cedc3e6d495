/** The registration and reset forms' messages: required ones first, the mismatch only for two typed passwords. */
import { parseWithZod } from "@conform-to/zod";
import { describe, expect, test } from "vitest";
import { MESSAGES } from "../../../contract/fields";
import { forgotSchema, registerSchema } from "./auth.schema";

function errors(schema: typeof registerSchema | typeof forgotSchema, fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ type: "EMAIL", ...fields })) form.set(k, v);
  const submission = parseWithZod(form, { schema });
  return submission.status === "success" ? {} : (submission.error ?? {});
}

describe("password pairs", () => {
  for (const [name, schema] of [["register", registerSchema], ["forgot", forgotSchema]] as const) {
    test(`${name}: submitted empty, each field says what it needs and nothing says 'different'`, () => {
      const e = errors(schema, { email: "", code: "", nickname: "", loginPwd: "", confirmPwd: "" });
      expect(e.email).toEqual([MESSAGES.email]);
      expect(e.code).toEqual([MESSAGES.code]);
      expect(e.loginPwd).toEqual([MESSAGES.password]);
      expect(e.confirmPwd).toEqual([MESSAGES.password]);
      expect(JSON.stringify(e)).not.toContain(MESSAGES.passwordMismatch);
    });

    test(`${name}: the mismatch only when both are typed and differ`, () => {
      expect(errors(schema, { loginPwd: "abc123", confirmPwd: "" }).confirmPwd).toEqual([MESSAGES.password]);
      expect(errors(schema, { loginPwd: "", confirmPwd: "abc123" }).confirmPwd).toBeUndefined();
      expect(errors(schema, { loginPwd: "abc123", confirmPwd: "abc124" }).confirmPwd).toEqual([MESSAGES.passwordMismatch]);
      expect(errors(schema, { loginPwd: "abc123", confirmPwd: "abc123" }).confirmPwd).toBeUndefined();
    });
  }
});

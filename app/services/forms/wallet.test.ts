/** The bank-account form in the browser and in the action: the NUBAN check with the bank's code, and the two steps (ADR 0053). */
import { describe, expect, it } from "vitest";
import { ACCOUNT_NUMBER_INVALID, accountNumberNotAtBank } from "../../../contract/bank-accounts";
import type { PaymentType } from "../../../contract/entities";
import { MESSAGES } from "../../../contract/messages";
import { bankAccountSchema } from "./wallet.schema";
import { checkedKey, namesDiffer } from "./wallet";

const BANKS: PaymentType[] = [
  { id: 2, nameEn: "GTBank", code: "058", phoneAccounts: false },
  { id: 7, nameEn: "Opay", code: "999992", phoneAccounts: true },
];
const schema = bankAccountSchema(BANKS);
const messagesOf = (value: Record<string, unknown>) => {
  const r = schema.safeParse(value);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
};

describe("bankAccountSchema", () => {
  it("refuses 'abc-12' at the account number, even while other fields are missing", () => {
    expect(messagesOf({ accountNumber: "abc-12" })).toEqual({ paymentId: MESSAGES.bank, realname: MESSAGES.realName, accountNumber: ACCOUNT_NUMBER_INVALID });
    expect(messagesOf({ paymentId: "2", realname: "Ada", accountNumber: "abc-12" })).toEqual({ accountNumber: ACCOUNT_NUMBER_INVALID });
    expect(messagesOf({ paymentId: "2", realname: "Ada", accountNumber: "0".repeat(25) })).toEqual({ accountNumber: ACCOUNT_NUMBER_INVALID });
  });

  it("checks the digit with the chosen bank's code, after dropping spaces and dashes", () => {
    expect(messagesOf({ paymentId: "2", realname: "Ada", accountNumber: "0123456789" })).toEqual({ accountNumber: accountNumberNotAtBank("GTBank") });
    const ok = schema.safeParse({ paymentId: "2", realname: " Ada Okafor ", accountNumber: "0123 456-785", remark: "" });
    expect(ok.success && ok.data).toEqual({ id: undefined, paymentId: 2, realname: "Ada Okafor", accountNumber: "0123456785", remark: undefined });
    // OPay: a mobile number without its 0 is an account there.
    expect(schema.safeParse({ paymentId: "7", realname: "Ada", accountNumber: "8031234560" }).success).toBe(true);
    // A bank the page does not list is left to the backend.
    expect(schema.safeParse({ paymentId: "99", realname: "Ada", accountNumber: "0123456789" }).success).toBe(true);
  });
});

describe("the two steps", () => {
  it("a confirmation holds for the bank, number and name it was looked up for, however the number is spaced", () => {
    const key = checkedKey({ paymentId: 2, accountNumber: "0123456785", realname: "Ada Okafor" });
    expect(checkedKey({ paymentId: "2", accountNumber: "0123 456-785", realname: " Ada Okafor " })).toBe(key);
    expect(checkedKey({ paymentId: "7", accountNumber: "0123456785", realname: "Ada Okafor" })).not.toBe(key);
    expect(checkedKey({ paymentId: "2", accountNumber: "0123456786", realname: "Ada Okafor" })).not.toBe(key);
    expect(checkedKey({ paymentId: "2", accountNumber: "0123456785", realname: "Ada" })).not.toBe(key);
    expect(checkedKey({})).toBe("||");
  });

  it("says when the bank's name shares no word with the name typed", () => {
    expect(namesDiffer("Ada Okafor", "OKAFOR ADA CHIOMA")).toBe(false);
    expect(namesDiffer("ada", "ADA OKAFOR")).toBe(false);
    expect(namesDiffer("Ada Obi", "TUNDE BELLO")).toBe(true);
    expect(namesDiffer("", "TUNDE BELLO")).toBe(true);
  });
});

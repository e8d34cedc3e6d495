/** The NUBAN rule shared by the bank-account form and /userPayment/* (ADR 0053). */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  ACCOUNT_NUMBER_INVALID,
  ACCOUNT_NUMBER_REQUIRED,
  BANK_ACCOUNT_EXISTS,
  BANK_CHECK_UNAVAILABLE,
  accountNotFoundAt,
  accountNumberNotAtBank,
  accountNumberProblem,
  bankAccountFieldOf,
  bankCannotBeChecked,
  institutionCode,
  isNuban,
  normalizeAccountNumber,
  nubanCheckDigit,
  savedAccountProblem,
  withCheckDigit,
  type BankRule,
} from "./bank-accounts";
import { MESSAGES } from "./messages";

const GTBANK: BankRule = { nameEn: "GTBank", code: "058" };
const FIRST_BANK: BankRule = { nameEn: "First Bank", code: "011" };
const KUDA: BankRule = { nameEn: "Kuda", code: "50211" };
const OPAY: BankRule = { nameEn: "Opay", code: "999992", phoneAccounts: true };
const PALMPAY: BankRule = { nameEn: "PalmPay", code: "999991", phoneAccounts: true };

describe("the check digit, on examples computed by hand", () => {
  // weights             3 7 3 3 7 3 3 7 3 3 7 3 3 7 3
  test("First Bank (011), serial 000001457: 0000014579 (CBN's own worked example)", () => {
    // 000011 000001457: 0+0+0+0+7+3 + 0+0+0+0+0+3+12+35+21 = 81 → (10 − 1) mod 10 = 9
    expect(institutionCode("011")).toBe("000011");
    expect(nubanCheckDigit("000011", "000001457")).toBe(9);
    expect(withCheckDigit("011", "000001457")).toBe("0000014579");
  });

  test("GTBank (058), serial 012345678: 0123456785", () => {
    // 000058 012345678: 0+0+0+0+35+24 + 0+7+6+9+28+15+18+49+24 = 215 → 5
    expect(withCheckDigit("058", "012345678")).toBe("0123456785");
    expect(isNuban("058", "0123456785")).toBe(true);
    expect(isNuban("058", "0123456786")).toBe(false);
    // The same serial at Zenith (057): 000057 → 35+21 instead of 35+24, sum 212 → 8.
    expect(withCheckDigit("057", "012345678")).toBe("0123456788");
  });

  test("Kuda (5-digit 50211 → 950211), serial 201234567: 2012345676", () => {
    // 9 5 0 2 1 1 | 2 0 1 2 3 4 5 6 7: 27+35+0+6+7+3 + 6+0+3+6+21+12+15+42+21 = 204 → 6
    expect(institutionCode("50211")).toBe("950211");
    expect(withCheckDigit("50211", "201234567")).toBe("2012345676");
  });

  test("OPay (6-digit 999992), serial 612345678: 6123456783", () => {
    // 9 9 9 9 9 2 | 6 1 2 3 4 5 6 7 8: 27+63+27+27+63+6 + 18+7+6+9+28+15+18+49+24 = 387 → 3
    expect(institutionCode("999992")).toBe("999992");
    expect(withCheckDigit("999992", "612345678")).toBe("6123456783");
  });

  test("codes that have no institution form", () => {
    for (const code of ["", "58", "0580", "1234567", "12345a", "812345", "05 8"]) expect(institutionCode(code), code).toBeNull();
    expect(() => withCheckDigit("0580", "012345678")).toThrow();
    expect(() => withCheckDigit("058", "12345678")).toThrow();
  });
});

describe("accountNumberProblem", () => {
  test("the shape first, then the bank's check digit", () => {
    expect(accountNumberProblem(GTBANK, "0123456785")).toBeNull();
    expect(accountNumberProblem(FIRST_BANK, "0000014579")).toBeNull();
    for (const bad of ["", "abc-12", "abc12", "012345678", "01234567855", "012345678x", "０１２３４５６７８５"])
      expect(accountNumberProblem(GTBANK, bad), bad).toBe(ACCOUNT_NUMBER_INVALID);
    expect(accountNumberProblem(GTBANK, "0123456786")).toBe(accountNumberNotAtBank("GTBank"));
    expect(accountNumberNotAtBank("GTBank")).toBe("This account number is not valid at GTBank. Check the number and the bank.");
    // A number valid at one bank is, as a rule, not valid at another.
    expect(accountNumberProblem(FIRST_BANK, "0123456785")).toBe(accountNumberNotAtBank("First Bank"));
    expect(accountNumberProblem(KUDA, "2012345676")).toBeNull();
  });

  test("a bank without a usable code cannot be checked", () => {
    expect(accountNumberProblem({ nameEn: "Old Bank", code: null }, "0123456785")).toBe(bankCannotBeChecked("Old Bank"));
    expect(accountNumberProblem({ nameEn: "Odd Bank", code: "12" }, "0123456785")).toBe(bankCannotBeChecked("Odd Bank"));
    // The shape is still the first thing said.
    expect(accountNumberProblem({ nameEn: "Old Bank", code: null }, "12")).toBe(ACCOUNT_NUMBER_INVALID);
  });

  test("mobile-money operators also number accounts by the holder's mobile number", () => {
    // 0803 123 4567 without its 0: fails OPay's and PalmPay's check digit, still an account there.
    expect(isNuban("999991", "8031234567")).toBe(false);
    expect(isNuban("999992", "8031234567")).toBe(false);
    expect(accountNumberProblem(PALMPAY, "8031234567")).toBeNull();
    expect(accountNumberProblem(OPAY, "8031234567")).toBeNull();
    expect(accountNumberProblem(OPAY, "6123456783")).toBeNull();
    // Not a mobile number (no such prefix), and not a NUBAN at OPay either.
    expect(accountNumberProblem(OPAY, "6123456784")).toBe(accountNumberNotAtBank("Opay"));
    // A bank that does not do this refuses a mobile number that is not a NUBAN there (0803 123 4560;
    // 8031234567 itself happens to carry GTBank's check digit: 35+24 + 24+0+9+3+14+9+12+35+18 = 183 → 7).
    expect(accountNumberProblem(PALMPAY, "8031234560")).toBeNull();
    expect(accountNumberProblem(GTBANK, "8031234560")).toBe(accountNumberNotAtBank("GTBank"));
  });

  test("a saved account is told about in its owner's words", () => {
    expect(savedAccountProblem(GTBANK, "abc-12")).toBe("Its number is not a 10-digit account number.");
    expect(savedAccountProblem(GTBANK, "0123456789")).toBe("Its number is not a valid GTBank account number.");
    expect(savedAccountProblem({ nameEn: "Old Bank", code: null }, "0123456785")).toBe(bankCannotBeChecked("Old Bank"));
    expect(savedAccountProblem(GTBANK, "0123 456-785")).toBeNull();
  });

  test("spaces and dashes are dropped before the check", () => {
    expect(normalizeAccountNumber(" 0123 456-785 ")).toBe("0123456785");
    expect(normalizeAccountNumber("abc-12")).toBe("abc12");
  });
});

describe("properties", () => {
  const serial = fc.stringMatching(/^\d{9}$/);
  const code = fc.oneof(fc.stringMatching(/^\d{3}$/), fc.stringMatching(/^\d{5}$/), fc.stringMatching(/^9\d{5}$/));
  const bankOf = (c: string): BankRule => ({ nameEn: "Bank", code: c });

  test("a serial with its check digit passes at its bank", () => {
    fc.assert(
      fc.property(code, serial, (c, s) => {
        const n = withCheckDigit(c, s);
        return n.length === 10 && n.startsWith(s) && isNuban(c, n) && accountNumberProblem(bankOf(c), n) === null;
      }),
    );
  });

  test("exactly one of the ten last digits passes", () => {
    fc.assert(
      fc.property(code, serial, (c, s) => Array.from({ length: 10 }, (_, d) => isNuban(c, `${s}${d}`)).filter(Boolean).length === 1),
    );
  });

  test("changing any one digit of a valid number is caught (weights 3 and 7 are prime to 10)", () => {
    fc.assert(
      fc.property(code, serial, fc.integer({ min: 0, max: 9 }), fc.integer({ min: 1, max: 9 }), (c, s, at, by) => {
        const n = withCheckDigit(c, s);
        const changed = n.slice(0, at) + String((Number(n[at]) + by) % 10) + n.slice(at + 1);
        return accountNumberProblem(bankOf(c), changed) === accountNumberNotAtBank("Bank");
      }),
    );
  });

  test("anything that is not 10 digits once spaces and dashes are dropped has the shape message", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 16 }), (typed) => {
        const n = normalizeAccountNumber(typed);
        fc.pre(!/^\d{10}$/.test(n));
        return accountNumberProblem(GTBANK, n) === ACCOUNT_NUMBER_INVALID;
      }),
    );
  });

  test("spaces and dashes typed anywhere do not change the verdict", () => {
    const sep = fc.constantFrom(" ", "-", "  ", " - ");
    fc.assert(
      fc.property(serial, fc.integer({ min: 0, max: 9 }), fc.array(fc.tuple(fc.integer({ min: 0, max: 10 }), sep), { maxLength: 4 }), (s, d, cuts) => {
        const n = `${s}${d}`;
        let typed = n;
        for (const [at, x] of cuts.sort((a, b) => b[0] - a[0])) typed = typed.slice(0, at) + x + typed.slice(at);
        return accountNumberProblem(GTBANK, normalizeAccountNumber(typed)) === accountNumberProblem(GTBANK, n);
      }),
    );
  });
});

test("every message goes back beside its own field", () => {
  const cases = [
    [MESSAGES.bank, "paymentId"],
    [MESSAGES.realName, "realname"],
    [ACCOUNT_NUMBER_REQUIRED, "accountNumber"],
    [ACCOUNT_NUMBER_INVALID, "accountNumber"],
    [accountNumberNotAtBank("GTBank"), "accountNumber"],
    [accountNotFoundAt("First Bank"), "accountNumber"],
    [BANK_ACCOUNT_EXISTS, "accountNumber"],
    [BANK_CHECK_UNAVAILABLE, "form"],
    [bankCannotBeChecked("Old Bank"), "form"],
    ["You can keep at most 20 bank accounts.", "form"],
  ] as const;
  for (const [message, field] of cases) expect(bankAccountFieldOf(message), message).toBe(field);
});

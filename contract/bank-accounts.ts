/**
 * Nigerian payout accounts, in one home (docs/decisions/0053-payout-accounts-that-exist.md): the
 * NUBAN check the bank-account form runs in the browser and /userPayment/* run on the server, the
 * messages for a number that fails it, and the field each message belongs beside. Pure; no
 * runtime dependency.
 *
 * A NUBAN is 10 digits: a 9-digit serial and a check digit computed over the bank's 6-digit
 * institution code followed by the serial, with the weights 3,7,3,3,7,3,… (CBN's NUBAN
 * standard): check = (10 − sum mod 10) mod 10. A deposit-money bank's 3-digit code is padded
 * "000"+code; other institutions have 6-digit codes starting with 9 (a 5-digit code is
 * prefixed with 9).
 */
import { MESSAGES } from "./messages";

const WEIGHTS = [3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3] as const;

export const ACCOUNT_NUMBER_REQUIRED = "Please enter your Account Number.";
export const ACCOUNT_NUMBER_INVALID = "Please enter a valid 10-digit account number.";
export const accountNumberNotAtBank = (bank: string) => `This account number is not valid at ${bank}. Check the number and the bank.`;
export const bankCannotBeChecked = (bank: string) => `We can no longer check accounts at ${bank}. Add an account at another bank.`;
/** The bank-data provider answered that it has no such account. */
export const accountNotFoundAt = (bank: string) => `We could not find this account at ${bank}. Check the number and the bank.`;
/** The bank-data provider did not answer in time, or answered something we cannot read. */
export const BANK_CHECK_UNAVAILABLE = "We could not reach the bank to check this account. Nothing was saved. Please try again in a minute.";
/** The same bank and account number is kept once per user (migration 009). */
export const BANK_ACCOUNT_EXISTS = "This bank account is already saved.";
/** applyWithdraw, for a saved account that fails the check. */
export const ACCOUNT_NEEDS_ATTENTION = "This bank account did not pass the account number check. Edit it or choose another account.";

/** What the check needs to know of a bank (a payment type). */
export interface BankRule {
  nameEn: string;
  /** CBN code: 3 digits (deposit-money banks), 5 or 6 (other institutions); null: not known. */
  code: string | null;
  /** The institution also numbers accounts by the holder's mobile number (ADR 0053). */
  phoneAccounts?: boolean;
}

/** How a typed number is read: spaces and dashes dropped (people copy "0123 456 789" from a banking app). */
export const normalizeAccountNumber = (typed: string) => typed.replace(/[\s-]/g, "");

/** The 6-digit institution code of a CBN bank code, or null when the code has no such form. */
export function institutionCode(code: string): string | null {
  if (/^\d{3}$/.test(code)) return `000${code}`;
  if (/^\d{5}$/.test(code)) return `9${code}`;
  if (/^9\d{5}$/.test(code)) return code;
  return null;
}

/** The check digit of a 9-digit serial at the institution `institution6`. */
export function nubanCheckDigit(institution6: string, serial9: string): number {
  const digits = institution6 + serial9;
  let sum = 0;
  for (let i = 0; i < WEIGHTS.length; i++) sum += Number(digits[i]) * WEIGHTS[i]!;
  return (10 - (sum % 10)) % 10;
}

/** The full 10-digit NUBAN of a 9-digit serial at the bank with CBN code `bankCode`. */
export function withCheckDigit(bankCode: string, serial9: string): string {
  const inst = institutionCode(bankCode);
  if (!inst || !/^\d{9}$/.test(serial9)) throw new Error(`no NUBAN for bank code ${bankCode} and serial ${serial9}`);
  return serial9 + String(nubanCheckDigit(inst, serial9));
}

/** Whether `number` (10 digits) carries the right check digit for the bank with CBN code `bankCode`. */
export function isNuban(bankCode: string, number: string): boolean {
  const inst = institutionCode(bankCode);
  if (!inst || !/^\d{10}$/.test(number)) return false;
  return nubanCheckDigit(inst, number.slice(0, 9)) === Number(number[9]);
}

/**
 * A Nigerian mobile number without its leading 0 (070…, 080…, 081…, 090…, 091…): how mobile-money
 * operators number accounts, with no check digit.
 */
export const isMobileAccountNumber = (number: string) => /^(70|80|81|90|91)\d{8}$/.test(number);

/** The check's verdict on a (normalized) number at `bank`: null when it may be a real account there. */
type Failure = "shape" | "noCode" | "checkDigit";
function failureOf(bank: BankRule, number: string): Failure | null {
  if (!/^\d{10}$/.test(number)) return "shape";
  if (!bank.code || !institutionCode(bank.code)) return "noCode";
  if (isNuban(bank.code, number)) return null;
  if (bank.phoneAccounts && isMobileAccountNumber(number)) return null;
  return "checkDigit";
}

/** What is wrong with a typed (normalized) account number at `bank`, in the form's words; null when it passes. */
export function accountNumberProblem(bank: BankRule, number: string): string | null {
  const failure = failureOf(bank, number);
  if (failure === "shape") return ACCOUNT_NUMBER_INVALID;
  if (failure === "noCode") return bankCannotBeChecked(bank.nameEn);
  if (failure === "checkDigit") return accountNumberNotAtBank(bank.nameEn);
  return null;
}

/** What is wrong with an account saved before numbers were checked, for its owner; null when it passes. */
export function savedAccountProblem(bank: BankRule, saved: string): string | null {
  const failure = failureOf(bank, normalizeAccountNumber(saved));
  if (failure === "shape") return "Its number is not a 10-digit account number.";
  if (failure === "noCode") return bankCannotBeChecked(bank.nameEn);
  if (failure === "checkDigit") return `Its number is not a valid ${bank.nameEn} account number.`;
  return null;
}

export type BankAccountField = "form" | "paymentId" | "realname" | "accountNumber";

/** The field of the bank-account form a /userPayment/* message belongs beside; "form" for the rest. */
export function bankAccountFieldOf(message: string): BankAccountField {
  if (message === MESSAGES.bank) return "paymentId";
  if (message === MESSAGES.realName) return "realname";
  if (
    message === ACCOUNT_NUMBER_REQUIRED ||
    message === ACCOUNT_NUMBER_INVALID ||
    message.startsWith("This account number is not valid at ") ||
    message.startsWith("We could not find this account at ") ||
    message === BANK_ACCOUNT_EXISTS
  )
    return "accountNumber";
  return "form";
}

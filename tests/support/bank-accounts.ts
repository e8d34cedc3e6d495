/**
 * Account numbers that pass the NUBAN check (ADR 0053), for every test that adds a bank account:
 * integration tests through the API, end-to-end tests through the API or the form.
 */
import { withCheckDigit } from "../../contract/bank-accounts";
import { NGN_BANK_CODES } from "../../backend/db/migrations/028-bank-codes";

export type BankName = keyof typeof NGN_BANK_CODES & string;

/** The valid account number at `bank` (a bank of migration 004) with the 9-digit serial `serial` (0 … 999,999,999). */
export function accountNumberAt(bank: BankName, serial: number): string {
  const code = NGN_BANK_CODES[bank];
  if (!code) throw new Error(`no code for bank ${bank}`);
  if (!Number.isSafeInteger(serial) || serial < 0 || serial >= 1e9) throw new Error(`serial ${serial} is not 9 digits`);
  return withCheckDigit(code, String(serial).padStart(9, "0"));
}

// A random start, so two runs (or two processes) against one server do not pick the same numbers.
let next = Math.floor(Math.random() * 5e8) + 1e8;

/** A valid account number at `bank` that no other call of this process has given. */
export function freshAccountNumber(bank: BankName = "GTBank"): string {
  return accountNumberAt(bank, next++);
}

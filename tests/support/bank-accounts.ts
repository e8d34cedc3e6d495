/**
 * Account numbers that pass the NUBAN check (ADR 0053), for every test that adds a bank account:
 * integration tests through the API, end-to-end tests through the API or the form.
 */
import { withCheckDigit } from "../../contract/bank-accounts";
import { NGN_BANK_CODES } from "../../backend/db/migrations/028-bank-codes";
import { accountHashOf } from "../../backend/modules/wallet/payments";
import { sealNullable, type SecretBox } from "../../backend/security/secret-box";

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

/**
 * A bank account row's personal columns as the server writes them (sealed, with the keyed hash of
 * the number; ADR 0056), for rows a test puts in directly: accounts saved before numbers were checked.
 */
export function storedAccount(box: SecretBox, a: { realname: string; accountNumber: string; remark?: string }) {
  return { realname: box.seal(a.realname), account_number: box.seal(a.accountNumber), account_hash: accountHashOf(box, a.accountNumber), remark: sealNullable(box, a.remark) };
}

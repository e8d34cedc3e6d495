/**
 * What the demo banks know (docs/decisions/0053-payout-accounts-that-exist.md): the demo users'
 * own bank accounts with the holder's name each bank keeps, and one closed account. The built-in
 * resolver answers these as a bank would; any other number that passes the account number check
 * is answered with the name the user typed, so people and tests can add accounts of their own.
 * Nothing here is saved as anyone's payout account: each user adds and confirms their own.
 */
import type { KnownAccount } from "../adapters/bank-resolver";
import { NGN_BANK_CODES } from "../db/migrations/028-bank-codes";

export interface DemoBankAccount {
  /** Whose account it is (a DEMO_LOGINS e-mail), or why it is listed. */
  owner: string;
  bank: keyof typeof NGN_BANK_CODES & string;
  accountNumber: string;
  /** The holder's name the bank keeps; null: the account is closed (the bank answers "not found"). */
  accountName: string | null;
}

export const DEMO_BANK_ACCOUNTS: readonly DemoBankAccount[] = [
  { owner: "seller@demo.test", bank: "GTBank", accountNumber: "0125874695", accountName: "ADA OKAFOR" },
  // The seller's mobile number (234 8000000001) without its 0: OPay numbers wallets by the mobile number.
  { owner: "seller@demo.test", bank: "Opay", accountNumber: "8000000001", accountName: "ADA OKAFOR" },
  { owner: "seller2@demo.test", bank: "Access Bank", accountNumber: "0698732151", accountName: "TUNDE BELLO" },
  { owner: "a closed account", bank: "Zenith Bank", accountNumber: "1049382719", accountName: null },
];

/** The directory as the demo resolver reads it. */
export const DEMO_KNOWN_ACCOUNTS: readonly KnownAccount[] = DEMO_BANK_ACCOUNTS.map((a) => ({
  bankCode: NGN_BANK_CODES[a.bank]!,
  accountNumber: a.accountNumber,
  accountName: a.accountName,
}));

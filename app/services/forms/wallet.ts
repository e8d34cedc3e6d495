/**
 * The bank-account form (docs/product/entities.md#user-payment, docs/product/validation.md): its limits and texts, and the two steps of
 * saving an account (ADR 0053): Continue looks the account up and shows the holder's name the bank
 * keeps; Confirm saves it. The schema, the same in the browser and in the action, is in
 * ./wallet.schema.ts; the NUBAN rule itself in contract/bank-accounts.ts.
 */
import type { SubmissionResult } from "@conform-to/react";
import { BANK_NOTE_MAX } from "../../../contract/constants";
import { normalizeAccountNumber } from "../../../contract/bank-accounts";

export { ACCOUNT_NUMBER_REQUIRED } from "../../../contract/bank-accounts";
/** Ten digits, with room for the spaces and dashes people copy them with. */
export const ACCOUNT_NUMBER_MAX = 20;
export const REAL_NAME_MAX = 100;
export const NOTE_TOO_LONG = `The note has at most ${BANK_NOTE_MAX} characters.`;

/** What the action looked up: the bank's name for the account `key` (checkedKey) stands for. */
export interface ResolvedAccount {
  key: string;
  accountName: string;
  bankName: string;
  /** As it will be saved: 10 digits. */
  accountNumber: string;
  /** The bank's name shares no word with the name typed. */
  differs: boolean;
}

/** What the bank-account page's action answers when it does not redirect. */
export interface BankActionData {
  /** The form the answer is for (bankFormId); null for the page's own error. */
  formId: string | null;
  result: SubmissionResult<string[]> | null;
  error: string | null;
  /** The account looked up, for the form to show and confirm. */
  resolved?: ResolvedAccount | null;
  /** A delete refused for its two-factor code: which account, and why (shown beside the code). */
  deleteRefused?: { id: number; message: string } | null;
}

/** Continue: look the account up. Confirm: save what was looked up. */
export const CHECK_INTENT = "check";
export const SAVE_INTENT = "save";
/** The hidden field a confirmation carries: what was looked up (checkedKey). */
export const CHECKED_FIELD = "checked";

/**
 * What a look-up was for: the bank, the number (as it will be saved) and the name typed (the demo
 * banks answer it). A Confirm whose fields no longer give the key it carries is looked up again,
 * so a name is never confirmed for another account.
 */
export function checkedKey(v: { paymentId?: unknown; accountNumber?: unknown; realname?: unknown }): string {
  const text = (x: unknown) => (typeof x === "string" || typeof x === "number" ? String(x) : "");
  return [text(v.paymentId).trim(), normalizeAccountNumber(text(v.accountNumber)), text(v.realname).trim()].join("|");
}

const words = (name: string) => new Set(name.toUpperCase().split(/[^A-Z]+/).filter((w) => w.length > 1));

/** The bank's name shares no word with the name typed: worth a second look before confirming. */
export function namesDiffer(typed: string, accountName: string): boolean {
  const theirs = words(accountName);
  return ![...words(typed)].some((w) => theirs.has(w));
}

/**
 * The bank-account form (spec §3 User payment, §5): its limits and texts. The schema, the same
 * in the browser and in the action, is in ./wallet.schema.ts.
 */
import { BANK_NOTE_MAX } from "../../../contract/constants";

export const ACCOUNT_NUMBER_REQUIRED = "Please enter your Account Number.";
export const ACCOUNT_NUMBER_MAX = 64;
export const REAL_NAME_MAX = 100;
export const NOTE_TOO_LONG = `The note has at most ${BANK_NOTE_MAX} characters.`;

/**
 * What the two-factor forms render (ADR 0057): field names, the texts of the code fields, and
 * where a refusal goes. No zod: the schemas are in ./two-factor.schema.ts, fetched when a form is
 * first used. The rules themselves are the contract's (contract/two-factor.ts).
 */
import { isSecondFactorRefusal } from "../../../contract/two-factor";

export { SECOND_FACTOR_INPUT_MAX, TWO_FACTOR_MESSAGES } from "../../../contract/two-factor";

/** The code field of every protected change (a withdrawal, a bank account, payout settings, the password). */
export const OTP_FIELD = "otp";
/** Codes are never typed back into a page after a post. */
export const TWO_FACTOR_HIDDEN_FIELDS = ["otp", "code", "loginPwd"];

export const OTP_LABEL = "Two-factor code";
export const OTP_HINT = "The 6-digit code your authenticator app shows now.";

/**
 * Where the backend's refusal goes in a conform reply: beside `codeField` when it is about the code
 * typed (wrong, used, too many), else at the form's foot.
 */
export function refusalAt(msg: string, codeField: string = OTP_FIELD): { fieldErrors: Record<string, string[]> } | { formErrors: string[] } {
  return isSecondFactorRefusal(msg) ? { fieldErrors: { [codeField]: [msg] } } : { formErrors: [msg] };
}

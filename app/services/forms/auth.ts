/**
 * What the sign-in, registration and password-reset screens render: constants
 * and pure helpers, no zod (the schemas are in ./auth.schema.ts, fetched when a
 * form is first used, so a page does not carry zod up front).
 *
 * The e-mail / mobile choice is a tab: a hidden `type` field (EMAIL | MOBILE)
 * selects the branch of a discriminated union. A mobile is typed as
 * `interCode` (a select, 234 by default) and `mobile`, and joined with
 * joinPhone ("234-8012345678") before it goes to the API.
 */
import { PASSWORD_INPUT_MAX, INVITE_CODE_MAX, CODE_LENGTH } from "../../../contract/constants";
import { LoginType, VerificationCodeType } from "../../../contract/enums";

export { LoginType, VerificationCodeType };

/** The calling code the mobile fields start with (Nigeria). */
export const DEFAULT_INTER_CODE = "234";
/** Limits for the inputs' maxLength (the schema still allows the API's 6-32 for the password). */
export const INPUT_LIMITS = { password: PASSWORD_INPUT_MAX, inviteCode: INVITE_CODE_MAX, code: CODE_LENGTH } as const;

/** The `intent` value of the "Send code" submit button (the no-JS path and the fetcher post). */
export const SEND_CODE_INTENT = "send-code";
/** The form's own submit (Enter too: the hidden default button posts it). */
export const SUBMIT_INTENT = "submit";

/** `?tab=mobile` → MOBILE, anything else → EMAIL. */
export function tabType(tab: string | null | undefined): LoginType {
  return tab === "mobile" ? LoginType.Mobile : LoginType.Email;
}

/** The contact's field names for a type (to validate them alone before sending a code). */
export function contactFieldNames(type: LoginType): string[] {
  return type === LoginType.Mobile ? ["interCode", "mobile"] : ["email"];
}

/** Fields never echoed back into the page after a post. */
export const HIDDEN_FIELDS = ["loginPwd", "confirmPwd", "tradePwd"];

/**
 * Form schemas (zod) of the sign-in, registration and password-reset screens.
 * One schema per form, used by conform in the browser (loaded when the form
 * is first focused: components/ui/use-schema-form.ts) and by the route action (the no-JavaScript path). Every field
 * comes from contract/fields.ts, so the messages are the product's (docs/product/validation.md).
 *
 * The e-mail / mobile choice is a tab: a hidden `type` field (EMAIL | MOBILE)
 * selects the branch of a discriminated union. A mobile is typed as
 * `interCode` (a select, 234 by default) and `mobile`, and joined with
 * joinPhone ("234-8012345678") before it goes to the API.
 */
import { z } from "zod";
import { LoginType } from "../../../contract/enums";
import {
  MESSAGES,
  code,
  email,
  interCode,
  inviteCode,
  joinPhone,
  loginPassword,
  mobile,
  nickname,
  password,
} from "../../../contract/fields";

// ---------------------------------------------------------------- contact

export const emailContact = z.object({ type: z.literal(LoginType.Email), email });
export const mobileContact = z.object({ type: z.literal(LoginType.Mobile), interCode, mobile });

/** Just the contact (the part "Send code" needs). */
export const contactSchema = z.discriminatedUnion("type", [emailContact, mobileContact]);
export type Contact = z.output<typeof contactSchema>;

/** The contact as the API carries it: {email} or {phone: "interCode-number"}. */
export function contactForApi(c: Contact): { email?: string; phone?: string } {
  return c.type === LoginType.Mobile ? { phone: joinPhone(c.interCode, c.mobile) } : { email: c.email };
}

/**
 * Password and its confirmation. Kept in its own object and intersected with
 * the rest, so the mismatch shows as soon as both are typed, even while other
 * fields are still empty (a refinement on the whole form would wait for them).
 */
const filled = (v: unknown): v is string => typeof v === "string" && v !== "";
export function passwordsMatch(password: string, confirmation: string) {
  // Only the two fields (as they are typed): the intersection merges this with the form's own output.
  return z.object({ [password]: z.unknown(), [confirmation]: z.unknown() }).superRefine((v, ctx) => {
    // The mismatch only when both are typed: an empty one has its own required message (docs/product/validation.md).
    if (filled(v[password]) && filled(v[confirmation]) && v[confirmation] !== v[password])
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [confirmation], message: MESSAGES.passwordMismatch });
  });
}
const passwordPair = passwordsMatch("loginPwd", "confirmPwd");

/** The confirmation: required like the password itself (conform sends an empty field as missing). */
const confirmPwd = z.string({ required_error: MESSAGES.password, invalid_type_error: MESSAGES.password }).min(1, MESSAGES.password);

// ---------------------------------------------------------------- login

const redirectTo = z.string().optional();

/** Sign in: e-mail or mobile, and a password of 6-32 characters (docs/product/validation.md). */
export const loginSchema = z.discriminatedUnion("type", [
  emailContact.extend({ loginPwd: loginPassword, redirectTo }),
  mobileContact.extend({ loginPwd: loginPassword, redirectTo }),
]);
export type LoginForm = z.output<typeof loginSchema>;

/** The loginName of /userAuth/login: the e-mail, or "interCode-number". */
export function loginName(v: LoginForm): string {
  return v.type === LoginType.Mobile ? joinPhone(v.interCode, v.mobile) : v.email;
}

// ---------------------------------------------------------------- register

const registerRest = { code, nickname, loginPwd: password, confirmPwd, inviteCode };

/** Create an account: e-mail or mobile, code, nickname, password twice, optional invitation code. */
export const registerSchema = z.intersection(
  z.discriminatedUnion("type", [emailContact.extend(registerRest), mobileContact.extend(registerRest)]),
  passwordPair,
);
export type RegisterForm = z.output<typeof registerSchema>;

// ---------------------------------------------------------------- forgot

const forgotRest = { code, loginPwd: password, confirmPwd };

/** Reset the password: e-mail or mobile, code, new password twice. */
export const forgotSchema = z.intersection(
  z.discriminatedUnion("type", [emailContact.extend(forgotRest), mobileContact.extend(forgotRest)]),
  passwordPair,
);
export type ForgotForm = z.output<typeof forgotSchema>;

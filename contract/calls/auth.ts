import { z } from "zod";
import { defineCall, noBody, okEmpty } from "../define";
import { LoginType, VerificationCodeType } from "../enums";
import { loginTypeSchema, verificationCodeTypeSchema } from "../enum-schemas";
import { MESSAGES, code, email, inviteCode, loginPassword, newPassword, nickname, oldPassword, password, phone, requiredText, tradePassword } from "../fields";
import { blankable } from "./common";
import { otpField, twoFactorChallengeSchema } from "./two-factor";

const custom = z.ZodIssueCode.custom;
const EITHER_CONTACT = "Please enter an email address or a phone number.";
const ONLY_ONE_CONTACT = "Please enter either an email address or a phone number, not both.";

/** Exactly one of email / phone must be given. */
function oneContact(v: { email?: string; phone?: string }, ctx: z.RefinementCtx) {
  if (!v.email && !v.phone) ctx.addIssue({ code: custom, path: ["email"], message: EITHER_CONTACT });
  if (v.email && v.phone) ctx.addIssue({ code: custom, path: ["phone"], message: ONLY_ONE_CONTACT });
}

/** Sign-in, registration, codes and passwords. Phones are always "interCode-number". */
/** Register and reset: an e-mail or a phone (oneContact says which), and the code sent to it. */
const contactWithCode = { email: blankable(email), phone: blankable(phone), code };

/** The two code senders differ only in the contact they take; TRADE_PWD may omit it (the bound one is used). */
function sendCodeCall<K extends "email" | "phone">(path: string, key: K, contact: typeof email, doc: string) {
  const shape = { [key]: blankable(contact), type: verificationCodeTypeSchema } as Record<K, ReturnType<typeof blankable<typeof email>>> & {
    type: typeof verificationCodeTypeSchema;
  };
  return defineCall({
    path,
    auth: "optional",
    request: z.object(shape).superRefine((v, ctx) => {
      const given = (v as Partial<Record<"email" | "phone", string>>)[key];
      if (!given && v.type !== VerificationCodeType.TradePwd) ctx.addIssue({ code: custom, path: [key], message: MESSAGES[key] });
    }),
    response: okEmpty,
    doc,
  });
}

export const authCalls = {
  "/userAuth/login": defineCall({
    path: "/userAuth/login",
    auth: "none",
    request: z
      .object({
        loginName: requiredText(100, "Please enter your e-mail or mobile.", "Please enter your e-mail or mobile."),
        loginPwd: loginPassword,
        type: loginTypeSchema,
      })
      .superRefine((v, ctx) => {
        const check = (v.type === LoginType.Email ? email : phone).safeParse(v.loginName);
        if (!check.success) ctx.addIssue({ code: custom, path: ["loginName"], message: check.error.issues[0]!.message });
      }),
    // Designed (ADR 0057): an account with two-factor on answers a challenge instead, for /twoFactor/signIn.
    response: z.union([z.object({ token: z.string() }), z.object({ twoFactor: twoFactorChallengeSchema })]),
    doc: "Signs in with an e-mail (type EMAIL) or an 'interCode-number' mobile (type MOBILE); returns the token. Designed (ADR 0057): with two-factor on, {twoFactor: {challenge, expiresAt}} instead, and /twoFactor/signIn completes the sign-in.",
  }),
  "/userAuth/logout": defineCall({
    path: "/userAuth/logout",
    auth: "optional",
    request: noBody,
    response: okEmpty,
    doc: "Ends the session of the token (succeeds when there is none). Response designed: null.",
  }),
  "/userAuth/register": defineCall({
    path: "/userAuth/register",
    auth: "none",
    request: z
      .object({ ...contactWithCode, nickname, loginPwd: password, inviteCode })
      .superRefine(oneContact),
    response: okEmpty,
    doc: "Creates an account from an e-mail or a phone with its REGISTER code. Response designed: null (the client goes to /login).",
  }),
  "/userAuth/sendCodeByEmail": sendCodeCall("/userAuth/sendCodeByEmail", "email", email, "Sends a 6-digit code by e-mail. REGISTER and FORGET are public; TRADE_PWD (to the bound e-mail, which may be omitted) and BIND need a signed-in user. Response designed: null."),
  "/userAuth/sendCodeByPhone": sendCodeCall("/userAuth/sendCodeByPhone", "phone", phone, "Sends a 6-digit code by SMS to 'interCode-number'. REGISTER and FORGET are public; TRADE_PWD (to the bound mobile, which may be omitted) and BIND need a signed-in user. Response designed: null."),
  "/userAuth/resetPassword": defineCall({
    path: "/userAuth/resetPassword",
    auth: "none",
    request: z
      .object({ ...contactWithCode, loginPwd: password })
      .superRefine(oneContact),
    response: okEmpty,
    doc: "Sets a new login password with a FORGET code sent to the e-mail or phone. Response designed: null.",
  }),
  "/userAuth/updateTradePassword": defineCall({
    path: "/userAuth/updateTradePassword",
    auth: "user",
    request: z.object({
      tradePwd: tradePassword,
      /** Where the TRADE_PWD code was sent: the bound e-mail (EMAIL) or mobile (MOBILE). */
      type: loginTypeSchema,
      code,
    }),
    response: okEmpty,
    doc: "Sets or changes the trade password with a TRADE_PWD code; type says which bound contact got the code. Response designed: null.",
  }),
  "/userAuth/updatePassword": defineCall({
    path: "/userAuth/updatePassword",
    auth: "user",
    request: z.object({ oldPassword, newPassword, otp: otpField }),
    response: okEmpty,
    doc: "Changes the login password and signs out every other session of the user (this one stays signed in). Response designed: null. Designed (ADR 0057): with two-factor on, `otp` carries a current code.",
  }),
  "/userAuth/bindMobile": defineCall({
    path: "/userAuth/bindMobile",
    auth: "user",
    request: z.object({ phone, code, tradePwd: tradePassword }),
    response: okEmpty,
    doc: "Binds a mobile ('interCode-number') with its BIND code and the trade password. Response designed: null.",
  }),
  "/userAuth/bindEmail": defineCall({
    path: "/userAuth/bindEmail",
    auth: "user",
    request: z.object({ email, code, tradePwd: tradePassword }),
    response: okEmpty,
    doc: "Binds an e-mail with its BIND code and the trade password. Response designed: null.",
  }),
  "/userRemark/addUserRemark": defineCall({
    path: "/userRemark/addUserRemark",
    auth: "user",
    request: z.object({
      remark: requiredText(100, "The remark must not be empty.", "The remark is too long."),
    }),
    response: okEmpty,
    doc: "Stores the channel the user arrived through (called after login). Response designed: null.",
  }),
};

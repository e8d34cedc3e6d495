import { z } from "zod";
import { defineCall, noBody, okEmpty } from "../define";
import { loginPassword } from "../fields";
import { TWO_FACTOR_MESSAGES as M, isAppCode, isRecoveryCode, normalizeSecondFactor } from "../two-factor";
import { blankable } from "./common";

/**
 * Two-factor sign-in (backend/modules/two-factor; ADR 0057): setting it up with an authenticator
 * app, recovery codes, turning it off, and the sign-in's second step. Protected changes elsewhere
 * (a withdrawal, bank accounts, payout settings, the login password) carry `otp`.
 */

const typed = (message: string) => z.string({ required_error: message, invalid_type_error: message }).transform(normalizeSecondFactor);

/** A code from the app (6 digits) or a recovery code, as typed: spaces and dashes dropped, lower case. */
export const secondFactorCode = typed(M.codeRequired).superRefine((v, ctx) => {
  if (v === "") ctx.addIssue({ code: z.ZodIssueCode.custom, message: M.codeRequired });
  else if (!isAppCode(v) && !isRecoveryCode(v)) ctx.addIssue({ code: z.ZodIssueCode.custom, message: M.codeShape });
});

/** The setup's first code: the app's only. */
export const appCode = typed(M.setupCodeShape).refine(isAppCode, M.setupCodeShape);

/** The code a protected change carries: required by the backend only when the user has two-factor on. */
export const otpField = blankable(secondFactorCode);

/** The password step's answer when the account has two-factor on: no token yet. */
export const twoFactorChallengeSchema = z.object({
  /** Signed by the backend, bound to the account, the device and the password; send it back with the code. */
  challenge: z.string(),
  /** Milliseconds: after this the password must be entered again. */
  expiresAt: z.number().int(),
});

const setupSchema = z.object({
  /** The secret in base32, for typing into the app by hand. */
  secret: z.string(),
  /** otpauth://totp/… for the QR code. */
  otpauthUri: z.string(),
});

const recoveryCodes = z.object({
  /** Shown once: only their hashes are kept. "abcde-fghij". */
  recoveryCodes: z.array(z.string()),
});

export const twoFactorCalls = {
  "/twoFactor/getStatus": defineCall({
    path: "/twoFactor/getStatus",
    auth: "user",
    request: noBody,
    response: z.object({
      enabled: z.boolean(),
      /** Milliseconds; null while off. */
      enabledAt: z.number().int().nullable(),
      /** A setup was started and waits for its first code. */
      pending: z.boolean(),
      recoveryCodesLeft: z.number().int(),
      /** The user's desk needs it on first (TWO_FACTOR_REQUIRED_ROLES). */
      requiredForDesk: z.boolean(),
    }),
    doc: "Designed (ADR 0057): whether two-factor sign-in is on, since when, how many recovery codes are left, and whether the user's desk requires it.",
  }),
  "/twoFactor/beginSetup": defineCall({
    path: "/twoFactor/beginSetup",
    auth: "user",
    request: noBody,
    response: setupSchema,
    doc: "Designed (ADR 0057): a new secret, kept sealed and pending until its first code confirms it (an earlier pending one is replaced). Refused while two-factor is on.",
  }),
  "/twoFactor/getSetup": defineCall({
    path: "/twoFactor/getSetup",
    auth: "user",
    request: noBody,
    response: setupSchema.nullable(),
    doc: "Designed (ADR 0057): the pending setup's secret and otpauth URI again (a page reloaded), or null when none is pending.",
  }),
  "/twoFactor/confirmSetup": defineCall({
    path: "/twoFactor/confirmSetup",
    auth: "user",
    request: z.object({ code: appCode }),
    response: recoveryCodes,
    doc: "Designed (ADR 0057): turns two-factor on with the app's first code; answers the ten recovery codes, once.",
  }),
  "/twoFactor/renewRecoveryCodes": defineCall({
    path: "/twoFactor/renewRecoveryCodes",
    auth: "user",
    request: z.object({ otp: secondFactorCode }),
    response: recoveryCodes,
    doc: "Designed (ADR 0057): ten new recovery codes for a current code; the old ones stop working.",
  }),
  "/twoFactor/disable": defineCall({
    path: "/twoFactor/disable",
    auth: "user",
    request: z.object({ otp: secondFactorCode, loginPwd: loginPassword }),
    response: okEmpty,
    doc: "Designed (ADR 0057): turns two-factor off with a current code (or a recovery code) and the login password.",
  }),
  "/twoFactor/signIn": defineCall({
    path: "/twoFactor/signIn",
    auth: "none",
    request: z.object({ challenge: z.string({ required_error: M.challengeExpired }).min(1, M.challengeExpired).max(1000, M.challengeExpired), code: secondFactorCode }),
    response: z.object({ token: z.string() }),
    doc: "Designed (ADR 0057): the sign-in's second step: the challenge /userAuth/login answered and a code from the app (or a recovery code); returns the token.",
  }),
};

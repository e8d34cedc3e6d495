import { createHmac, randomInt } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { RECOVERY_CODE_COUNT, RECOVERY_CODE_LENGTH, TOTP_DIGITS } from "../../../contract/two-factor";
import type { SecretBox } from "../../security/secret-box";

/**
 * The arithmetic of two-factor sign-in (ADR 0057), with no database: TOTP (RFC 6238: SHA-1, 6
 * digits, 30-second steps, the otpauth library), the otpauth:// URI an app scans, and recovery codes.
 */
export const ISSUER = "GiftMarket";
const PERIOD = 30;
/** Steps either side of now a code may belong to: a phone's clock 30 s off, or a code typed as it turns. */
const WINDOW = 1;

/** A new secret: 20 random bytes (RFC 4226's recommended 160 bits), in base32 as apps take it. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

const totpOf = (secretBase32: string, account: string) =>
  new TOTP({ issuer: ISSUER, label: account, secret: Secret.fromBase32(secretBase32), algorithm: "SHA1", digits: TOTP_DIGITS, period: PERIOD });

/** What an authenticator app scans: otpauth://totp/GiftMarket:<account>?secret=…&issuer=GiftMarket&… */
export const otpauthUri = (secretBase32: string, account: string): string => totpOf(secretBase32, account).toString();

/** The time step `code` belongs to within the window around `now`, or null when it is none of them. */
export function matchStep(secretBase32: string, code: string, now: Date): number | null {
  const timestamp = now.getTime();
  const delta = TOTP.validate({ token: code, secret: Secret.fromBase32(secretBase32), algorithm: "SHA1", digits: TOTP_DIGITS, period: PERIOD, timestamp, window: WINDOW });
  return delta === null ? null : TOTP.counter({ period: PERIOD, timestamp }) + delta;
}

/** The app's code for the step of `at` (tests, and nothing else, make codes). */
export const codeAt = (secretBase32: string, at: Date): string =>
  TOTP.generate({ secret: Secret.fromBase32(secretBase32), algorithm: "SHA1", digits: TOTP_DIGITS, period: PERIOD, timestamp: at.getTime() });

/** Letters and digits that cannot be misread for one another (no 0/o, 1/l/i). */
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** Ten fresh recovery codes, each 10 characters (about 49 bits). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    Array.from({ length: RECOVERY_CODE_LENGTH }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join(""),
  );
}

const RECOVERY_LABEL = "two-factor-recovery-v1";

/**
 * What is kept of a recovery code (normalized: contract/two-factor.ts): a keyed hash bound to its
 * user, so a copy of the database neither shows the codes nor lets them be tried offline, and one
 * user's code is nothing for another.
 */
export const recoveryCodeHash = (secrets: SecretBox, userId: number, normalized: string): string =>
  createHmac("sha256", secrets.deriveKey(RECOVERY_LABEL)).update(`${userId}:${normalized}`, "utf8").digest("hex");

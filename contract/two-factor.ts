/**
 * Two-factor sign-in in one home (docs/decisions/0057-two-factor-sign-in.md): how a typed code is
 * read, which shape is an app's code and which a recovery code, and the messages of every refusal,
 * with the field each belongs beside. Pure; no runtime dependency: the web forms and the backend
 * both read it.
 */

/** Digits of an authenticator app's code (RFC 6238, 30-second steps). */
export const TOTP_DIGITS = 6;
/** Recovery codes: this many, of RECOVERY_CODE_LENGTH characters, shown as "abcde-fghij". */
export const RECOVERY_CODE_COUNT = 10;
export const RECOVERY_CODE_LENGTH = 10;
/** Room in an input for a code typed with its dash or spaces ("123 456", "abcde-fghij"). */
export const SECOND_FACTOR_INPUT_MAX = 16;

/** How a typed code is read: spaces and dashes dropped, lower case (people copy "ABCDE-FGHIJ" or "123 456"). */
export const normalizeSecondFactor = (typed: string) => typed.replace(/[\s-]/g, "").toLowerCase();

/** An app's code: 6 digits once normalized. */
export const isAppCode = (normalized: string) => new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(normalized);
/** A recovery code: 10 letters or digits once normalized. */
export const isRecoveryCode = (normalized: string) => new RegExp(`^[a-z0-9]{${RECOVERY_CODE_LENGTH}}$`).test(normalized);

/** A recovery code as it is shown and printed: two groups of five. */
export const formatRecoveryCode = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;

export const TWO_FACTOR_MESSAGES = {
  /** A protected change (or the sign-in's second step) without a code. */
  codeRequired: "Enter the 6-digit code from your app.",
  /** Not a code's shape. */
  codeShape: "Enter a 6-digit code or a recovery code.",
  /** The setup's first code: only an app's code will do. */
  setupCodeShape: "Enter the 6-digit code your app shows.",
  codeWrong: "This code is not right. Enter the newest code from your authenticator app (check that your phone's clock is right).",
  codeUsed: "This code was already used. Wait for the next code in your authenticator app.",
  recoveryCodeWrong: "This recovery code is not right, or it was already used.",
  locked: (minutes: number) => `Too many wrong two-factor codes. Please try again in ${minutes} minutes.`,
  /** The password step's challenge ran out, was for another device, or the password changed since. */
  challengeExpired: "Your sign-in took too long. Please enter your password again.",
  /** Turning it off asks for the login password too. */
  loginPasswordWrong: "The login password is incorrect.",
  alreadyOn: "Two-factor sign-in is already on.",
  notOn: "Two-factor sign-in is not on.",
  noSetup: "Start the setup again: scan the new QR code.",
  /** A desk's call by a role TWO_FACTOR_REQUIRED_ROLES names, before its user turned it on. */
  requiredForDesk: "Turn on two-factor sign-in to use your desk.",
} as const;

const LOCKED_PREFIX = "Too many wrong two-factor codes.";

/** Whether a refusal is about the code typed: the form shows it beside its code field, not at the form's foot. */
export function isSecondFactorRefusal(msg: string): boolean {
  const m = TWO_FACTOR_MESSAGES;
  return [m.codeRequired, m.codeShape, m.setupCodeShape, m.codeWrong, m.codeUsed, m.recoveryCodeWrong].includes(msg as never) || msg.startsWith(LOCKED_PREFIX);
}

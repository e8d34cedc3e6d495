import { z } from "zod";
import {
  BANK_NOTE_MAX,
  FEEDBACK_MAX,
  IMAGE_EXTENSIONS,
  IMAGE_MIME_TYPES,
  INVITE_CODE_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  REDEMPTION_CODE_LENGTH,
  STAR_LEVEL_MAX,
  STAR_LEVEL_MIN,
} from "./constants";
import { feedbackTypeSchema, kycIdKindSchema } from "./enum-schemas";
import { ACCOUNT_NUMBER_INVALID, ACCOUNT_NUMBER_REQUIRED, normalizeAccountNumber } from "./bank-accounts";

/**
 * Reusable field schemas with the messages of docs/product/validation.md, verbatim.
 * The backend's request schemas and the web forms both import these.
 * Strings a user types are trimmed; passwords are not.
 */

export { MESSAGES } from "./messages";
import { MESSAGES } from "./messages";

/** A string schema whose missing / wrong-type error is `message` too. */
const str = (message: string) => z.string({ required_error: message, invalid_type_error: message });

/** Optional free text: trimmed, empty or null becomes undefined. */
export const optionalText = (max: number, message: string) =>
  z
    .string({ invalid_type_error: message })
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v ? v : undefined));

/** Required free text: trimmed, non-empty, bounded. */
export const requiredText = (max: number, message: string, tooLong = `At most ${max} characters.`) =>
  str(message).trim().min(1, message).max(max, tooLong);

// ---------------------------------------------------------------- contact

/** Word-character local part and a dotted domain. */
export const EMAIL_PATTERN = /^\w+([-+.]\w+)*@\w+([-.]\w+)*\.\w+([-.]\w+)*$/;
export const email = str(MESSAGES.email).trim().max(100, MESSAGES.email).regex(EMAIL_PATTERN, MESSAGES.email);

/** The local number: digits only. */
export const mobile = str(MESSAGES.phone).trim().regex(/^\d{4,20}$/, MESSAGES.phone);

/** Country calling code: digits only (no "+"). */
export const interCode = str(MESSAGES.interCode).trim().regex(/^\d{1,6}$/, MESSAGES.interCode);

/** A phone as the API carries it: interCode, a hyphen, then the number ("234-8012345678"). */
export const PHONE_PATTERN = /^\d{1,6}-\d{4,20}$/;
export const phone = str(MESSAGES.phone).trim().regex(PHONE_PATTERN, MESSAGES.phone);
export const joinPhone = (code: string, number: string) => `${code.trim()}-${number.trim()}`;
export const splitPhone = (value: string) => {
  const i = value.indexOf("-");
  return i < 0 ? { interCode: "", mobile: value } : { interCode: value.slice(0, i), mobile: value.slice(i + 1) };
};

/** Verification code: exactly 6 digits. */
export const code = str(MESSAGES.code).trim().regex(/^\d{6}$/, MESSAGES.code);

// ---------------------------------------------------------------- identity

export const nickname = str(MESSAGES.nickname).trim().regex(/^[A-Za-z0-9_]{2,20}$/, MESSAGES.nickname);

/** A new login password (register, reset): 6-32 letters or digits. */
export const password = str(MESSAGES.password).regex(/^[A-Za-z0-9]{6,32}$/, MESSAGES.password);

/** The password typed at login: any 6-32 characters. */
export const loginPassword = str(MESSAGES.password)
  .min(PASSWORD_MIN, MESSAGES.password)
  .max(PASSWORD_MAX, MESSAGES.password);

/** The current password when changing it: any 6-32 characters. */
export const oldPassword = str(MESSAGES.oldPassword)
  .min(PASSWORD_MIN, MESSAGES.oldPassword)
  .max(PASSWORD_MAX, MESSAGES.oldPassword);

/** The new password when changing it: 6-32 letters or digits. */
export const newPassword = str(MESSAGES.newPassword).regex(/^[A-Za-z0-9]{6,32}$/, MESSAGES.newPassword);

/** Trade password: exactly 6 digits. */
export const tradePassword = str(MESSAGES.tradePassword).regex(/^\d{6}$/, MESSAGES.tradePassword);

/** Invitation code: optional, at most 6 characters; empty means none. */
export const inviteCode = optionalText(INVITE_CODE_MAX, `The invitation code has at most ${INVITE_CODE_MAX} characters.`);

// ---------------------------------------------------------------- feedback, redemption

export const feedbackType = feedbackTypeSchema;
export const feedbackContent = str(MESSAGES.feedbackContent)
  .trim()
  .min(1, MESSAGES.feedbackContent)
  .max(FEEDBACK_MAX, `Comment cannot be longer than ${FEEDBACK_MAX} characters.`);
export const starLevel = z
  .number({ required_error: "Please rate the trade.", invalid_type_error: "Please rate the trade." })
  .int("Please rate the trade.")
  .min(STAR_LEVEL_MIN, "Please rate the trade.")
  .max(STAR_LEVEL_MAX, `At most ${STAR_LEVEL_MAX} stars.`);

/** How a redemption code is read: spaces and dashes dropped, upper case (people copy "abcde-fghij"). */
export const normalizeRedemptionCode = (typed: string) => typed.replace(/[\s-]/g, "").toUpperCase();

/** Redemption code: required, exactly 10 characters once normalized (one message each). */
export const redemptionCode = str(MESSAGES.redemptionCodeRequired)
  .transform(normalizeRedemptionCode)
  .superRefine((v, ctx) => {
    if (v.length === 0) ctx.addIssue({ code: z.ZodIssueCode.custom, message: MESSAGES.redemptionCodeRequired });
    else if (v.length !== REDEMPTION_CODE_LENGTH)
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: MESSAGES.redemptionCodeInvalid });
  });

// ---------------------------------------------------------------- bank account (user payment)

export const realName = requiredText(100, MESSAGES.realName);
/** A NUBAN's shape: 10 digits once spaces and dashes are dropped (the bank's check digit is the backend's, with its code). */
export const accountNumber = str(ACCOUNT_NUMBER_REQUIRED)
  .transform(normalizeAccountNumber)
  .superRefine((v, ctx) => {
    if (v.length === 0) ctx.addIssue({ code: z.ZodIssueCode.custom, message: ACCOUNT_NUMBER_REQUIRED });
    else if (!/^\d{10}$/.test(v)) ctx.addIssue({ code: z.ZodIssueCode.custom, message: ACCOUNT_NUMBER_INVALID });
  });
/** The bank (payment type id) picked from a select: forms send a string. */
export const bankId = z.coerce
  .number({ required_error: MESSAGES.bank, invalid_type_error: MESSAGES.bank })
  .int(MESSAGES.bank)
  .positive(MESSAGES.bank);
export const bankNote = optionalText(BANK_NOTE_MAX, `The note has at most ${BANK_NOTE_MAX} characters.`);

// ---------------------------------------------------------------- KYC

export const kycRealName = requiredText(100, MESSAGES.kycRealName);
export const kycIdKind = kycIdKindSchema;
export const kycCountry = requiredText(100, "Please select your nationality.");
export const kycIdNo = requiredText(64, "The ID Number must not be empty.");
export const kycSocialAccount = requiredText(100, "The Social Account must not be empty.");
/** yyyy-MM-dd, from 1970 on. */
export const kycBirthday = str("Please select your birth date.")
  .trim()
  .regex(/^(19[7-9]\d|2\d{3})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, "Please select your birth date.");
export const kycFront = requiredText(500, MESSAGES.kycFront);
export const kycBack = requiredText(500, "Please upload ID Card back Photo.");

// ---------------------------------------------------------------- images

/** A stored image path as uploadImage returned it. */
export const imagePath = requiredText(500, "Please upload an image.");

/** An uploaded image file (multipart): jpeg, jpg, gif, png or bmp, otherwise "Unsupport!". */
export const imageFile = z
  .custom<Blob>(
    (v) =>
      typeof v === "object" &&
      v !== null &&
      typeof (v as Blob).size === "number" &&
      typeof (v as Blob).arrayBuffer === "function",
    { message: "Please choose an image." },
  )
  .superRefine((file, ctx) => {
    const name = (file as { name?: unknown }).name;
    const ext = typeof name === "string" && name.includes(".") ? name.split(".").pop()!.toLowerCase() : "";
    const byExt = (IMAGE_EXTENSIONS as readonly string[]).includes(ext);
    const byMime = (IMAGE_MIME_TYPES as readonly string[]).includes(file.type.toLowerCase());
    if (!byExt && !byMime) ctx.addIssue({ code: z.ZodIssueCode.custom, message: MESSAGES.unsupportedImage });
  });

// ---------------------------------------------------------------- money

/** A positive amount in minor units (JSON number). */
export const positiveMinor = (message = "Please enter the amount.") =>
  z.number({ required_error: message, invalid_type_error: message }).int(message).positive(message);

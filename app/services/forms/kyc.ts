/**
 * The identity-verification form (docs/product/validation.md): every field from the contract's KYC fields, so the
 * messages are the spec's; the social account is typed as its app (WhatsApp or Telegram) and the
 * handle, sent as one string; the promise must be ticked. The two photos are files, checked by
 * the action (services/forms/kyc.server.ts). The zod schema is in ./kyc.schema.ts.
 */
import { KycIdKind } from "../../../contract/enums";

export const SOCIAL_APPS = ["WhatsApp", "Telegram"] as const;
export const PROMISE_MISSING = "Please confirm the promise to submit.";
export const SOCIAL_MISSING = "The Social Account must not be empty.";

/** The rules the photos must follow (the intro's checklist). */
export const DOCUMENT_RULES = [
  "A valid document, not expired: Identity Card, Passport or Driving License.",
  "The whole document in the photo, all four corners visible.",
  "Sharp and readable, without glare or anything covering it.",
  "The name on it matches the name on your bank accounts.",
  "Each photo jpeg, jpg, gif, png or bmp, at most 2M.",
] as const;

/** The ID types in the order the form offers them. */
export const KYC_IDS = [KycIdKind.IdentityCard, KycIdKind.Passport, KycIdKind.DrivingLicense] as const;

/**
 * The ID number as the web tier shows it once sent: the last 4 characters only. A stored number
 * never comes back to a browser, a cache or a screenshot; a refused post answers with what was
 * just typed, to the browser that typed it, uncached (ADR 0061).
 */
export const maskIdNo = (idNo: string) => `${"•".repeat(Math.max(0, Math.min(idNo.length, 12) - 4))}${idNo.slice(-4)}`;

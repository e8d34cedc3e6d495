/**
 * The identity-verification form's schema (docs/product/validation.md): every field from the contract's KYC fields,
 * so the messages are the spec's. Loaded by the browser when the form is first used.
 */
import { z } from "zod";
import { kycBirthday, kycCountry, kycIdKind, kycIdNo, kycRealName } from "../../../contract/fields";
import { PROMISE_MISSING, SOCIAL_APPS, SOCIAL_MISSING } from "./kyc";

export const kycFormSchema = z.object({
  idCountry: kycCountry,
  idKind: z.coerce.number({ required_error: "Please select your ID Type.", invalid_type_error: "Please select your ID Type." }).pipe(kycIdKind),
  realname: kycRealName,
  idNo: kycIdNo,
  socialApp: z.enum(SOCIAL_APPS, { errorMap: () => ({ message: SOCIAL_MISSING }) }),
  socialHandle: z.string({ required_error: SOCIAL_MISSING }).trim().min(1, SOCIAL_MISSING).max(80, SOCIAL_MISSING),
  birthday: kycBirthday,
  promise: z.literal("on", { errorMap: () => ({ message: PROMISE_MISSING }) }),
});
export type KycForm = z.output<typeof kycFormSchema>;

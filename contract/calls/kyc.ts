import { z } from "zod";
import { defineCall, noBody, okEmpty } from "../define";
import { kycReviewSchema } from "../enum-schemas";
import { kycCertSchema } from "../entities";
import { kycBack, kycBirthday, kycCountry, kycFront, kycIdKind, kycIdNo, kycRealName, kycSocialAccount } from "../fields";

/** A user's own identity verification, answered by backend/modules/kyc (staff review: ./kyc-staff.ts; docs/decisions/0020-kyc.md). */
export const kycCalls = {
  "/userCert/getKycVerification": defineCall({
    path: "/userCert/getKycVerification",
    auth: "user",
    request: noBody,
    response: z.object({
      cert: kycCertSchema.nullable(),
      /** Designed addition: where the certificate stands in staff review, and why it was rejected. */
      review: z.object({ status: kycReviewSchema, reason: z.string().nullable() }).nullable(),
    }),
    doc: "The submitted KYC certificate and its review, or nulls when none was submitted.",
  }),
  "/userCert/getKycImage": defineCall({
    path: "/userCert/getKycImage",
    auth: "user",
    request: z.object({ side: z.enum(["front", "back"], { errorMap: () => ({ message: "Choose the front or the back." }) }) }),
    response: z.object({ contentType: z.string(), base64: z.string() }),
    doc: "Designed: one photo of the caller's own submitted ID (they are stored encrypted and shown only to the user and to staff).",
  }),
  "/userCert/updateKycVerification": defineCall({
    path: "/userCert/updateKycVerification",
    auth: "user",
    request: z.object({
      cert: z.object({
        idCountry: kycCountry,
        idKind: kycIdKind,
        idNo: kycIdNo,
        realname: kycRealName,
        birthday: kycBirthday,
        idFace: kycFront,
        idOppo: kycBack,
        socialAccount: kycSocialAccount,
      }),
    }),
    response: okEmpty,
    doc: "Submits the KYC certificate (only while kycAuthStatus is 0). Response designed: null.",
  }),
};

import { z } from "zod";
import { defineCall, id, lastId, okEmpty } from "../define";
import { kycCertSchema } from "../entities";
import { kycReviewSchema } from "../enum-schemas";
import { listOf, reason } from "./common";

/**
 * Staff review of identity verification (the screens do not show it;
 * docs/decisions/0020-kyc.md). Administrators list submitted certificates, look at their photos,
 * and approve or reject them (a rejection returns the certificate to the user, editable, with the reason).
 */
export const staffKycSchema = z.object({
  /** The certificate's id (one per user). */
  id: z.number().int(),
  userId: z.number().int(),
  userNickname: z.string(),
  status: kycReviewSchema,
  reason: z.string().nullable(),
  submittedAt: z.number().int(),
  cert: kycCertSchema,
});
export type StaffKyc = z.infer<typeof staffKycSchema>;

export const staffKycCalls = {
  "/admin/kyc/list": defineCall({
    path: "/admin/kyc/list",
    auth: "admin",
    request: z.object({ lastId, status: kycReviewSchema.optional() }),
    response: listOf(staffKycSchema),
    doc: "Submitted certificates, newest first, by review status, paged by lastId.",
  }),
  "/admin/kyc/image": defineCall({
    path: "/admin/kyc/image",
    auth: "admin",
    request: z.object({ id, side: z.enum(["front", "back"]) }),
    response: z.object({ contentType: z.string(), base64: z.string() }),
    doc: "One photo of a submitted certificate.",
  }),
  "/admin/kyc/approve": defineCall({
    path: "/admin/kyc/approve",
    auth: "admin",
    request: z.object({ id }),
    response: okEmpty,
    doc: "Approves a certificate under review (compare-and-set); the user gets a notice.",
  }),
  "/admin/kyc/reject": defineCall({
    path: "/admin/kyc/reject",
    auth: "admin",
    request: z.object({ id, reason }),
    response: okEmpty,
    doc: "Rejects a certificate under review (compare-and-set): editable again, the reason shown to the user, who gets a notice.",
  }),
};

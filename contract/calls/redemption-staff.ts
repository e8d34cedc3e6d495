import { z } from "zod";
import { defineCall, lastId, okEmpty } from "../define";
import { listOf } from "./common";
import { REDEMPTION_CODE_LENGTH } from "../constants";

/**
 * Redemption codes as staff issue them (the screens show only redeeming;
 * docs/decisions/0019-redemption-codes.md). An administrator creates a batch of single-use codes
 * of one value; each user may redeem at most perUserLimit codes of a batch, before expiresAt.
 */
export const REDEMPTION_KINDS = ["coins", "points"] as const;
export type RedemptionKind = (typeof REDEMPTION_KINDS)[number];

/** A batch as staff see it: its figures and how many codes were redeemed (the codes themselves are only hashes). */
export const redemptionBatchSchema = z.object({
  id: z.number().int(),
  kind: z.enum(REDEMPTION_KINDS),
  /** Coins in hundredths, or points in base units (÷10000). */
  value: z.number().int(),
  perUserLimit: z.number().int(),
  count: z.number().int(),
  redeemed: z.number().int(),
  expiresAt: z.number().int(),
  createTimestamp: z.number().int(),
  createdByNickname: z.string(),
  /** When it was revoked; null: still valid until expiresAt. */
  revokedAt: z.number().int().nullable(),
});
export type RedemptionBatch = z.infer<typeof redemptionBatchSchema>;

export const staffRedemptionCalls = {
  "/admin/redemptionCode/create": defineCall({
    path: "/admin/redemptionCode/create",
    auth: "admin",
    request: z.object({
      kind: z.enum(REDEMPTION_KINDS, { errorMap: () => ({ message: "Choose coins or points." }) }),
      /** Coins in hundredths, or points in base units (÷10000). */
      value: z.number({ invalid_type_error: "The value must be a whole number." }).int("The value must be a whole number.").positive("The value must be above 0.").max(100_000_000, "The value is too large."),
      count: z.number().int().min(1, "Create at least one code.").max(1000, "At most 1000 codes at once."),
      /** ms since the epoch; must be in the future. */
      expiresAt: z.number().int().positive("Give an expiry date."),
      perUserLimit: z.number().int().min(1, "Each user must be able to redeem at least one code.").max(1000),
    }),
    response: z.object({ batchId: z.number().int(), codes: z.array(z.string().length(REDEMPTION_CODE_LENGTH)) }),
    doc: "Creates `count` single-use codes of one value (10 characters, no look-alike letters); answers them once: only their hashes are stored.",
  }),
  "/admin/redemptionCode/list": defineCall({
    path: "/admin/redemptionCode/list",
    auth: "admin",
    request: z.object({ lastId }),
    response: listOf(redemptionBatchSchema),
    doc: "Redemption code batches, newest first, with how many of their codes were redeemed, paged by lastId.",
  }),
  "/admin/redemptionCode/revoke": defineCall({
    path: "/admin/redemptionCode/revoke",
    auth: "admin",
    request: z.object({ batchId: z.coerce.number({ invalid_type_error: "The batch id must be a number." }).int().positive("The batch id must be a number.").max(2_147_483_647, "The batch id must be a number.") }),
    response: okEmpty,
    doc: "Revokes a batch (once): its codes not yet redeemed can no longer be redeemed; those already redeemed stay credited.",
  }),
};

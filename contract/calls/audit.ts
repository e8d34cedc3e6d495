import { z } from "zod";
import { defineCall, lastId, noBody } from "../define";
import { listOf } from "./common";

/**
 * The staff desk's own reads (docs/decisions/0035-staff-desk-and-audit.md): the
 * audit trail of administrator actions and the size of each staff queue. Nothing here writes:
 * the audit rows are written by the actions themselves, in their own transactions, and no call
 * edits or deletes one.
 */
export const AUDIT_ENTITY_TYPES = ["order", "withdrawal", "virtualCoinOrder", "kyc", "redemptionBatch", "mallOrder", "ticket"] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];
export const auditEntityTypeSchema = z.enum(AUDIT_ENTITY_TYPES, { errorMap: () => ({ message: "Choose what the entries are about." }) });

/** The fields an action changed (statuses, amounts, reasons; never secrets or card codes). */
const snapshot = z.record(z.union([z.string(), z.number(), z.boolean(), z.null()])).nullable();

export const auditEntrySchema = z.object({
  id: z.number().int(),
  adminId: z.number().int(),
  adminNickname: z.string(),
  /** e.g. "order.resolveComplete", "withdrawal.cancel", "redemptionBatch.revoke". */
  action: z.string(),
  entityType: auditEntityTypeSchema,
  entityId: z.number().int(),
  before: snapshot,
  after: snapshot,
  createTimestamp: z.number().int(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const staffQueueCountsSchema = z.object({
  /** Orders In arbitration (3). */
  arbitration: z.number().int(),
  /** Orders Frozen (6). */
  frozen: z.number().int(),
  /** Withdrawals in Processing (1). */
  processingWithdrawals: z.number().int(),
  /** BTC/USDT transfer orders Pending (0). */
  pendingTransfers: z.number().int(),
  /** KYC certificates under review. */
  kycReview: z.number().int(),
  /** Point-mall orders waiting to be sent (ADR 0052). */
  pendingMallOrders: z.number().int(),
  /** Support tickets waiting for an answer (ADR 0078). */
  openTickets: z.number().int(),
});
export type StaffQueueCounts = z.infer<typeof staffQueueCountsSchema>;

export const staffAuditCalls = {
  "/admin/audit/list": defineCall({
    path: "/admin/audit/list",
    auth: "admin",
    request: z.object({
      lastId,
      /** Only the entries about this kind of entity; absent or null: all. */
      entityType: auditEntityTypeSchema.nullish().transform((v) => v ?? undefined),
      /** With entityType: only the entries about this one entity. */
      entityId: z.coerce.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).nullish().transform((v) => v || undefined),
    }),
    response: listOf(auditEntrySchema),
    doc: "The audit trail of administrator actions, newest first, optionally about one kind of entity (or one entity), paged by lastId. Read-only: nothing edits or deletes an entry.",
  }),
  "/admin/desk/counts": defineCall({
    path: "/admin/desk/counts",
    auth: "admin",
    request: noBody,
    response: staffQueueCountsSchema,
    doc: "How many items wait in each staff queue (the staff desk's tabs).",
  }),
};

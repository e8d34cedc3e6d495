import { LIST_PAGE_SIZE } from "../../../contract/constants";
import type { AuditEntityType, AuditEntry } from "../../../contract/calls/audit";
import type { Executor, Trx } from "../../db/index";

/**
 * The staff audit trail (docs/decisions/0035-staff-desk-and-audit.md). Every administrator action
 * writes one row here in the transaction that makes the change, so there is never a change without
 * its row, nor a row for a change that rolled back. The table is append-only (a trigger refuses
 * UPDATE, DELETE and TRUNCATE): this module only inserts and reads.
 */

type Snapshot = Record<string, string | number | boolean | null>;

export interface AuditInput {
  adminId: number;
  /** "<entityType>.<what>", e.g. "order.resolveComplete". */
  action: string;
  entityType: AuditEntityType;
  entityId: number;
  before: Snapshot | null;
  after: Snapshot | null;
  at: Date;
}

export async function recordAudit(trx: Trx, a: AuditInput): Promise<void> {
  await trx
    .insertInto("staff_audit")
    .values({
      admin_id: a.adminId,
      action: a.action,
      entity_type: a.entityType,
      entity_id: a.entityId,
      before: a.before === null ? null : JSON.stringify(a.before),
      after: a.after === null ? null : JSON.stringify(a.after),
      created_at: a.at,
    })
    .execute();
}

/**
 * The step an action runs after its transition, inside the same transaction: the audit row of
 * `before` (read before the change) and `after` (the row the transition returned).
 */
export function auditAfter<R>(who: { adminId: number; action: string; entityType: AuditEntityType; entityId: number; at: Date }, before: Snapshot, snap: (row: R) => Snapshot) {
  return (trx: Trx, row: R) => recordAudit(trx, { ...who, before, after: snap(row) });
}

const parsed = (v: unknown): Snapshot | null => (v === null || v === undefined ? null : typeof v === "string" ? (JSON.parse(v) as Snapshot) : (v as Snapshot));

/** One page of the trail, newest first. */
export async function auditPage(db: Executor, f: { lastId?: number | null; entityType?: AuditEntityType; entityId?: number }): Promise<AuditEntry[]> {
  let q = db
    .selectFrom("staff_audit as a")
    .innerJoin("users as u", "u.id", "a.admin_id")
    .select(["a.id", "a.admin_id", "a.action", "a.entity_type", "a.entity_id", "a.before", "a.after", "a.created_at", "u.nickname"]);
  if (f.entityType) q = q.where("a.entity_type", "=", f.entityType);
  if (f.entityType && f.entityId) q = q.where("a.entity_id", "=", f.entityId);
  if (f.lastId) q = q.where("a.id", "<", f.lastId);
  const rows = await q.orderBy("a.id", "desc").limit(LIST_PAGE_SIZE).execute();
  return rows.map((r) => ({
    id: r.id,
    adminId: r.admin_id,
    adminNickname: r.nickname,
    action: r.action,
    entityType: r.entity_type as AuditEntityType,
    entityId: Number(r.entity_id),
    before: parsed(r.before),
    after: parsed(r.after),
    createTimestamp: new Date(r.created_at).getTime(),
  }));
}

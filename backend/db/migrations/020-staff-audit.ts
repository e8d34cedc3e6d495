import { sql, type Kysely } from "kysely";

/**
 * The staff desk (docs/decisions/0035-staff-desk-and-audit.md).
 * - staff_audit: one row per administrator action, written in the action's own transaction.
 *   Append-only: a trigger refuses every UPDATE and DELETE (and TRUNCATE), so not even a
 *   handler bug can rewrite history; only inserts reach the table.
 * - redemption_batches.revoked_at: a revoked batch's unused codes can no longer be redeemed.
 * - orders_staff_queue: the arbitration queue (statuses 3 and 6, oldest first) without a scan.
 */
export async function up(db: Kysely<any>) {
  await sql`
    create table staff_audit (
      id serial primary key,
      admin_id integer not null references users(id),
      action text not null,
      entity_type text not null,
      entity_id bigint not null,
      before jsonb,
      after jsonb,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index staff_audit_entity on staff_audit (entity_type, entity_id, id desc)`.execute(db);
  await sql`
    create function staff_audit_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'staff_audit is append-only';
    end $$`.execute(db);
  await sql`
    create trigger staff_audit_no_change before update or delete on staff_audit
    for each row execute function staff_audit_append_only()`.execute(db);
  await sql`
    create trigger staff_audit_no_truncate before truncate on staff_audit
    for each statement execute function staff_audit_append_only()`.execute(db);
  await sql`alter table redemption_batches add column revoked_at timestamptz`.execute(db);
  await sql`alter table redemption_batches add column revoked_by integer references users(id)`.execute(db);
  await sql`create index orders_staff_queue on orders (status, id) where status in (3, 6)`.execute(db);
}

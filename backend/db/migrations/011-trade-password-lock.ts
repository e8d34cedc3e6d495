import { sql, type Kysely } from "kysely";

/**
 * The trade-password lock (docs/decisions/0018-trade-password-lock.md): wrong trade passwords in a
 * row, and until when withdrawals and binding are refused after the fifth.
 */
export async function up(db: Kysely<any>) {
  await sql`alter table users add column trade_pwd_failures integer not null default 0`.execute(db);
  await sql`alter table users add column trade_pwd_locked_until timestamptz`.execute(db);
}

import { sql, type Kysely } from "kysely";

/**
 * Why a session ended, so the next call of a device still holding the token can say so
 * (docs/decisions/0017-signed-out-why.md): "password_changed", "password_reset", or null for a
 * plain sign-out (and every token revoked before this migration).
 */
export async function up(db: Kysely<any>) {
  await sql`alter table user_tokens add column revoked_reason text`.execute(db);
}

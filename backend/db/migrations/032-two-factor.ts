import { sql, type Kysely } from "kysely";

/**
 * Two-factor sign-in (ADR 0057).
 *
 * - two_factor: one row per user who started setting it up. The TOTP secret is sealed (the data
 *   key, secret-box.ts), never kept plain; enabled_at is null while the setup waits for its first
 *   code. last_step is the last time step a code was accepted for, so no code works twice.
 * - two_factor_recovery_codes: ten per user, each a keyed hash of the code (shown once), used_at
 *   set when it is spent. A new set replaces the old one.
 */
export async function up(db: Kysely<any>) {
  await sql`
    create table if not exists two_factor (
      user_id bigint primary key references users(id),
      secret_sealed text not null,
      created_at timestamptz not null,
      enabled_at timestamptz,
      last_step bigint not null default 0
    );
    create table if not exists two_factor_recovery_codes (
      id bigserial primary key,
      user_id bigint not null references users(id),
      code_hash text not null,
      created_at timestamptz not null,
      used_at timestamptz,
      unique (user_id, code_hash)
    );
  `.execute(db);
}

import { sql, type Kysely } from "kysely";

/**
 * Redemption codes (docs/decisions/0019-redemption-codes.md): a batch of single-use codes of one
 * value, kept as SHA-256 hashes (a code is worth money; the database never holds it in the clear).
 */
export async function up(db: Kysely<any>) {
  await sql`
    create table redemption_batches (
      id serial primary key,
      kind text not null check (kind in ('coins', 'points')),
      value bigint not null check (value > 0),
      per_user_limit integer not null check (per_user_limit > 0),
      expires_at timestamptz not null,
      created_by integer not null references users(id),
      created_at timestamptz not null
    )`.execute(db);
  await sql`
    create table redemption_codes (
      id serial primary key,
      batch_id integer not null references redemption_batches(id),
      code_hash text not null unique,
      redeemed_by integer references users(id),
      redeemed_at timestamptz
    )`.execute(db);
  await sql`create index redemption_codes_by_user on redemption_codes (batch_id, redeemed_by) where redeemed_by is not null`.execute(db);
}

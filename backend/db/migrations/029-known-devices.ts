import { sql, type Kysely } from "kysely";

/**
 * The devices an account has signed in from (ADR 0055): a keyed hash of the web tier's signed
 * device id (or another client's IMEI), never the id itself. A device on this list has a sign-in
 * budget of its own, so failures from strangers never lock its owner out; a sign-in from a device
 * not on it is news to the owner.
 *
 * Each session remembers the device and the address and browser it began from, and when it was
 * last used, for the list of sessions a user can see and end.
 */
export async function up(db: Kysely<any>) {
  await sql`
    create table if not exists known_devices (
      user_id bigint not null references users(id),
      device_hash text not null,
      first_seen_at timestamptz not null,
      last_seen_at timestamptz not null,
      primary key (user_id, device_hash)
    );
    alter table user_tokens add column if not exists device_hash text;
    alter table user_tokens add column if not exists ip text;
    alter table user_tokens add column if not exists user_agent text;
    alter table user_tokens add column if not exists last_seen_at timestamptz;
  `.execute(db);
}

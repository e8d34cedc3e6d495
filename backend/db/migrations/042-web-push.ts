import { sql, type Kysely } from "kysely";

/**
 * Web Push from our own server (docs/decisions/0079-web-push.md).
 * - push_subscriptions: one row per browser that said yes; the endpoint is the push service's
 *   address for it (unique: a browser re-subscribing to another account moves the row).
 * - push_settings: only the kinds she turned off (absent = on), so a new kind is on for everyone.
 * - push_outbox: what to send, written in the same transaction as the notice (or the chat message);
 *   the push job delivers it to each of her subscriptions, retrying with backoff (next_at), and
 *   gives up after a few attempts. Payloads hold no card code, secret or amount.
 */
export async function up(db: Kysely<any>) {
  await sql`
    create table push_subscriptions (
      id bigserial primary key,
      user_id bigint not null references users(id) on delete cascade,
      endpoint text not null unique,
      p256dh text not null,
      auth text not null,
      user_agent text not null default '',
      created_at timestamptz not null,
      last_ok_at timestamptz
    );
    create index push_subscriptions_user on push_subscriptions (user_id);
    create table push_settings (
      user_id bigint not null references users(id) on delete cascade,
      kind text not null,
      enabled boolean not null,
      primary key (user_id, kind)
    );
    create table push_outbox (
      id bigserial primary key,
      user_id bigint not null references users(id) on delete cascade,
      kind text not null,
      payload jsonb not null,
      created_at timestamptz not null,
      next_at timestamptz not null,
      sent_at timestamptz,
      attempts int not null default 0
    );
    create index push_outbox_due on push_outbox (next_at) where sent_at is null;
  `.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop table push_outbox; drop table push_settings; drop table push_subscriptions;`.execute(db);
}

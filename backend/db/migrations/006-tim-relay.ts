import { sql, type Kysely } from "kysely";

/**
 * Relaying to Tencent Cloud Chat (CHAT_PROVIDER=tencent; docs/decisions/0011-tencent-relay.md):
 * which order groups exist there, and how far the system messages have been sent.
 */
export async function up(db: Kysely<any>) {
  await sql`
    alter table chat_conversations add column tim_synced_at timestamptz;
    create index chat_conversations_tim_pending on chat_conversations(id) where kind = 'group' and tim_synced_at is null;

    create table tim_relay (
      name text primary key,
      last_id bigint not null,
      updated_at timestamptz not null
    );
  `.execute(db);
}


import { sql, type Kysely } from "kysely";

/**
 * Each membership knows its conversation's newest message (ADR 0046). Every order event
 * registers the order's chat for its seller and buyer, so a busy seller is a member of thousands
 * of conversations; the top bar's unread total on every signed-in page, the conversation list and
 * the socket's replay read all of them to find the recent and the unread ones. Written with each
 * message, under the chat lock, by insertMessage:
 * - last_message_id, the conversation's newest message: the list reads the newest memberships in
 *   order (chat_members_recent), the replay and the newest id skip quiet conversations;
 * - last_incoming_id, the newest message from anyone but the member (the system included): the
 *   member has something unread exactly when it is after the read position. `has_unread` is that
 *   comparison as a stored generated column, with a partial index, so the unread total reads only
 *   those memberships. A column rather than the comparison in the index's predicate, because
 *   ANALYZE keeps statistics of a column: for `a > b` the planner guesses a third of the rows and
 *   chose to read every membership of a busy seller.
 */
export async function up(db: Kysely<any>) {
  await sql`
    alter table chat_members add column last_message_id bigint not null default 0;
    alter table chat_members add column last_incoming_id bigint not null default 0;
    update chat_members me set
      last_message_id = coalesce((select max(m.id) from chat_messages m where m.conversation_id = me.conversation_id), 0),
      last_incoming_id = coalesce((select max(m.id) from chat_messages m
        where m.conversation_id = me.conversation_id and (m.sender_id is null or m.sender_id <> me.user_id)), 0);
    alter table chat_members add column has_unread boolean generated always as (last_incoming_id > last_read_id) stored;
    create index chat_members_recent on chat_members (user_id, last_message_id desc, conversation_id desc);
    create index chat_members_unread on chat_members (user_id) where has_unread;
  `.execute(db);
}

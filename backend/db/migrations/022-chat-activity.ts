import { sql, type Kysely } from "kysely";

/**
 * Each membership knows its conversation's newest message (issue 12, ADR 0046). Every order event
 * registers the order's chat for its seller and buyer, so a busy seller is a member of thousands
 * of conversations; the top bar's unread total on every signed-in page, the conversation list and
 * the socket's replay read all of them to find the recent and the unread ones. With the newest
 * message id on the membership (written with the message, under the chat lock, by insertMessage):
 * - the list reads the newest CONVERSATION_LIST_MAX memberships in order (chat_members_recent);
 * - the unread total reads only memberships with a message after the read position: `behind`,
 *   a stored generated column, and a partial index on it. A column rather than the comparison in
 *   the index's predicate, because ANALYZE keeps statistics of a column: for `a > b` the planner
 *   guesses a third of the rows and chose to read every membership of a busy seller.
 *   (`behind` counts the member's own messages too; the count filters them.)
 * - the replay and the newest id seen skip conversations with nothing after `since`.
 */
export async function up(db: Kysely<any>) {
  await sql`
    alter table chat_members add column last_message_id bigint not null default 0;
    update chat_members me set last_message_id = l.id
      from (select conversation_id, max(id) as id from chat_messages group by conversation_id) l
      where l.conversation_id = me.conversation_id;
    alter table chat_members add column behind boolean generated always as (last_message_id > last_read_id) stored;
    create index chat_members_recent on chat_members (user_id, last_message_id desc, conversation_id desc);
    create index chat_members_unread on chat_members (user_id) where behind;
  `.execute(db);
}

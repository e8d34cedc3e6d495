import { sql, type Kysely } from "kysely";

/**
 * A notice and its words in the user's system chat are read once (ADR 0059): each notice names
 * the chat message notify() posted with it. The index serves the chat's unread counts, which skip
 * a system message whose notice is read.
 *
 * Notices from before are matched to their message as notify() wrote them: the same user's system
 * conversation, the same time, the title and content on two lines.
 */
export async function up(db: Kysely<any>) {
  await sql`
    alter table notices add column if not exists chat_message_id bigint;
    create index if not exists notices_chat_message on notices (chat_message_id) where chat_message_id is not null;
    update notices n set chat_message_id = (
      select m.id from chat_messages m join chat_conversations c on c.id = m.conversation_id
      where c.key = 'system:' || n.user_id and m.sender_id is null and m.created_at = n.created_at
        and m.text = n.title_en || E'\\n' || n.content_en
      order by m.id limit 1
    )
    where n.chat_message_id is null;
  `.execute(db);
}

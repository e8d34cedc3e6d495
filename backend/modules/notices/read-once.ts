import { sql } from "kysely";
import { NoticeStatus } from "../../../contract/enums";
import type { Executor } from "../../db/index";

/**
 * A notice and its words in the user's system chat are read once (ADR 0059): notify() posts both
 * and the notice names its message (notices.chat_message_id). Reading the notice (opening it, Mark
 * all as read) reads the message; reading the system chat reads its notices. The chat keeps one read
 * position per conversation, so:
 *   - its position in the system conversation follows the notices up to the oldest still unread
 *     (all of it when none is);
 *   - its unread counts skip a system message whose notice is read (systemMessageRead), for the
 *     ones beyond that position.
 * The one home of this rule: the notices handlers and the chat's read and count paths call it.
 */

/** SQL: the system message (chat_messages alias `alias`) is read because its notice is. Index notices_chat_message. */
export const systemMessageRead = (alias: string) =>
  sql<boolean>`exists (select 1 from notices rn where rn.chat_message_id = ${sql.ref(`${alias}.id`)} and rn.status = ${NoticeStatus.Read})`;

/**
 * After notices were read: the user's read position in the system conversation moves up to just
 * before the oldest unread notice's message, or to its last message when none is unread. One
 * statement, so a notice posted meanwhile is either counted unread or not yet there. Never backwards.
 */
export async function readSystemChatAsNotices(db: Executor, userId: number): Promise<void> {
  await sql`
    update chat_members me set last_read_id = t.target
    from (
      select c.id as conversation_id, coalesce(
        (select min(n.chat_message_id) - 1 from notices n
          where n.user_id = ${userId} and n.status = ${NoticeStatus.Unread} and n.chat_message_id is not null),
        (select coalesce(max(m.id), 0) from chat_messages m where m.conversation_id = c.id)
      ) as target
      from chat_conversations c where c.key = ${`system:${userId}`}
    ) t
    where me.conversation_id = t.conversation_id and me.user_id = ${userId} and me.last_read_id < t.target
  `.execute(db);
}

/** After the user read her system conversation up to `messageId`: the notices of those messages are read. */
export async function readNoticesAsSystemChat(db: Executor, userId: number, messageId: number): Promise<void> {
  await db
    .updateTable("notices")
    .set({ status: NoticeStatus.Read })
    .where("user_id", "=", userId)
    .where("status", "=", NoticeStatus.Unread)
    .where("chat_message_id", "<=", messageId)
    .execute();
}

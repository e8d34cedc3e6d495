import { sql } from "kysely";
import {
  HISTORY_PAGE_SIZE,
  MSG_ORDER_FINISHED,
  MSG_TEXT_EMPTY,
  MSG_TEXT_TOO_LONG,
  TEXT_MAX,
  type ChatMessage,
  type SendRequest,
} from "../../../contract/chat-protocol";
import type { Insertable } from "kysely";
import type { ChatConversationRow, ChatMessageRow, ChatMessagesTable } from "../../db/chat-schema";
import type { DB, Executor, Trx } from "../../db/index";
import type { Services } from "../../http/context";
import { conflict, fail, invalid } from "../../http/errors";
import type { SecretBox } from "../../security/secret-box";
import {
  ensureConversation,
  findConversation,
  mayBeUnread,
  groupConversation,
  membersOf,
  readPositions,
  resolveConversation,
  systemConversation,
  type Viewer,
} from "./conversations";
import { formatMessage, viewerConversationId, type ConvInfo } from "./format";
import { orderChatOpen } from "../../../contract/order-rules";
import { readNoticesAsSystemChat } from "../notices/read-once";
import { queueChatPush } from "../push/queue";

/**
 * Messages: the one insert path, sends, history pages, read positions, the replay feed,
 * and system messages.
 *
 * Ordering. A client resumes from the largest message id it has seen, so ids must be
 * handed out in commit order: a message with a smaller id must never become visible after
 * one with a larger id. Every insert therefore takes one transaction-level advisory lock
 * (CHAT_LOCK) before taking its id and holds it until its transaction commits. Chat
 * writes are serialized (a few hundred per second is plenty here); in exchange "everything
 * after id N" is exact, for the socket replay and for the hub's tail of new messages.
 */

const CHAT_LOCK = 0x43484154; // "CHAT"

/** Takes the chat write lock for the rest of the transaction. */
export async function lockChat(trx: Trx): Promise<void> {
  await sql`select pg_advisory_xact_lock(${sql.lit(CHAT_LOCK)})`.execute(trx);
}

/**
 * THE insert of a message (takes the chat lock; the id is final once the transaction commits).
 * Every membership of the conversation is told its newest message, and the others' newest
 * incoming one, in the same transaction (migration 022): the lists and the unread total read
 * those instead of every conversation. (Only the large world's bulk seeder writes messages
 * otherwise, and sets both itself.)
 */
export async function insertMessage(trx: Trx, values: Insertable<ChatMessagesTable>): Promise<ChatMessageRow> {
  await lockChat(trx);
  const row = await trx.insertInto("chat_messages").values(values).returningAll().executeTakeFirstOrThrow();
  // The sender's own message is never unread for the sender (the system sends as null).
  const fromOther = row.sender_id === null ? sql<boolean>`true` : sql<boolean>`user_id <> ${row.sender_id}`;
  await trx
    .updateTable("chat_members")
    .set({ last_message_id: row.id, last_incoming_id: sql`case when ${fromOther} then ${row.id}::bigint else last_incoming_id end` })
    .where("conversation_id", "=", row.conversation_id)
    .execute();
  return row;
}

export interface SendResult {
  row: ChatMessageRow;
  conv: ChatConversationRow;
  /** false: a resend, answered with the message stored the first time. */
  created: boolean;
}

async function existingSend(db: Executor, senderId: number, clientMsgId: string) {
  return db.selectFrom("chat_messages").selectAll().where("sender_id", "=", senderId).where("client_msg_id", "=", clientMsgId).executeTakeFirst();
}

async function resendResult(db: Executor, viewer: Viewer, conversationId: string, row: ChatMessageRow): Promise<SendResult> {
  const conv = await db.selectFrom("chat_conversations").selectAll().where("id", "=", row.conversation_id).executeTakeFirstOrThrow();
  if (viewerConversationId(conv, viewer.id) !== conversationId) throw conflict("This clientMsgId was already used for another conversation.");
  return { row, conv, created: false };
}

/**
 * Sends a message as `viewer`. Checks the §6 rules, the content and (for pictures and
 * voice) that the file is the viewer's own upload. A resend with the same clientMsgId
 * answers the stored message, even once the order has finished. The text is stored sealed.
 * With `away`, a member it names (no open chat connection) gets a push, in the same transaction (ADR 0079).
 */
export async function sendMessage(
  { db, secrets }: Pick<Services, "db" | "secrets">,
  viewer: Viewer,
  input: SendRequest,
  now: Date,
  away?: (userId: number) => boolean,
): Promise<SendResult> {
  const earlier = await existingSend(db, viewer.id, input.clientMsgId);
  if (earlier) return resendResult(db, viewer, input.conversationId, earlier);

  const resolved = await resolveConversation(db, viewer, input.conversationId, "write");
  let values: Pick<ChatMessageRow, "type" | "text" | "payload">;
  if (input.type === "TIMTextElem") {
    const text = input.text ?? "";
    if (text.trim() === "") throw invalid(MSG_TEXT_EMPTY);
    if (text.length > TEXT_MAX) throw invalid(MSG_TEXT_TOO_LONG);
    values = { type: "text", text: secrets.seal(text), payload: null };
  } else {
    const kind = input.type === "TIMImageElem" ? "image" : "audio";
    const path = String(input.payload?.path ?? "");
    const file = await db.selectFrom("chat_files").selectAll().where("path", "=", path).where("user_id", "=", viewer.id).where("kind", "=", kind).executeTakeFirst();
    if (!file) throw invalid(kind === "image" ? "Upload the picture first." : "Upload the voice message first.");
    const payload = kind === "image" ? { path, width: file.width, height: file.height } : { path, seconds: file.seconds };
    values = { type: kind, text: null, payload: JSON.stringify(payload) };
  }

  // Created (with its members) in its own statement, before the locked transaction.
  const conv = await ensureConversation(db, resolved, now);
  const { row, created } = await db.transaction().execute(async (trx) => {
    await lockChat(trx);
    // Under the lock: a concurrent resend cannot slip in, and the order cannot finish unseen.
    const again = await existingSend(trx, viewer.id, input.clientMsgId);
    if (again) return { row: again, created: false };
    if (conv.kind === "group") {
      const o = await trx.selectFrom("orders").select("status").where("id", "=", Number(conv.order_id)).executeTakeFirstOrThrow();
      if (!orderChatOpen(o.status)) throw fail(MSG_ORDER_FINISHED);
    }
    const inserted = await insertMessage(trx, { conversation_id: conv.id, sender_id: viewer.id, client_msg_id: input.clientMsgId, created_at: now, ...values });
    if (away) {
      for (const userId of await membersOf(trx, conv.id)) {
        if (userId === viewer.id || !away(userId)) continue;
        await queueChatPush(trx, { userId, conversationId: viewerConversationId(conv, userId), orderId: conv.order_id === null ? null : Number(conv.order_id), at: now });
      }
    }
    return { row: inserted, created: true };
  });
  if (!created) return resendResult(db, viewer, input.conversationId, row);
  return { row, conv, created };
}

export interface HistoryPage {
  messageList: ChatMessage[];
  nextReqMessageID: string;
  isCompleted: boolean;
}

/** One page (HISTORY_PAGE_SIZE, oldest first) of messages before `before` (or the latest). */
export async function historyPage(
  db: Executor,
  viewer: Viewer,
  conversationId: string,
  before: number | undefined,
  f: { now: Date; secrets: SecretBox },
): Promise<HistoryPage> {
  const resolved = await resolveConversation(db, viewer, conversationId, "read");
  const conv = await findConversation(db, resolved.key);
  if (!conv) return { messageList: [], nextReqMessageID: "", isCompleted: true };
  let q = db.selectFrom("chat_messages").selectAll().where("conversation_id", "=", conv.id);
  if (before) q = q.where("id", "<", before);
  const rows = await q.orderBy("id", "desc").limit(HISTORY_PAGE_SIZE + 1).execute();
  const isCompleted = rows.length <= HISTORY_PAGE_SIZE;
  const page = rows.slice(0, HISTORY_PAGE_SIZE).reverse();
  const pos = await readPositions(db, conv.id, viewer.id);
  return {
    messageList: page.map((r) => formatMessage(r, conv, { viewerId: viewer.id, ...pos, ...f })),
    nextReqMessageID: isCompleted || page.length === 0 ? "" : String(page[0]!.id),
    isCompleted,
  };
}

export interface ReadResult {
  conv?: ChatConversationRow;
  /** The new read position when it moved. */
  moved?: number;
  unreadCount: number;
}

/** Marks the conversation read up to `messageId` (never backwards, never past its last message). */
export async function markRead(db: DB, viewer: Viewer, conversationId: string, messageId: number): Promise<ReadResult> {
  const resolved = await resolveConversation(db, viewer, conversationId, "read");
  const conv = await findConversation(db, resolved.key);
  if (!conv) return { unreadCount: 0 };
  const target = sql<number>`least(${messageId}::bigint, (select coalesce(max(id), 0) from chat_messages where conversation_id = ${conv.id}))`;
  const moved = await db
    .updateTable("chat_members")
    .set({ last_read_id: target })
    .where("conversation_id", "=", conv.id)
    .where("user_id", "=", viewer.id)
    .where("last_read_id", "<", target)
    .returning("last_read_id")
    .executeTakeFirst();
  // The system conversation's words are notices too: read here, they are read in the bell (ADR 0059).
  if (moved && conv.kind === "system") await readNoticesAsSystemChat(db, viewer.id, Number(moved.last_read_id));
  return { conv, moved: moved ? Number(moved.last_read_id) : undefined, unreadCount: await unreadCount(db, conv.id, viewer.id) };
}

/**
 * Messages from others the viewer has not read, in all their conversations, counted up to `cap`
 * (the top bar shows "99+" beyond BADGE_CAP). Reads only the memberships with something unread
 * (index chat_members_unread), however many conversations the viewer has.
 */
export async function unreadTotal(db: Executor, viewerId: number, cap: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*) as n from (
      select 1 from chat_members me
      join chat_messages u on u.conversation_id = me.conversation_id and u.id > me.last_read_id
      where me.user_id = ${viewerId} and me.has_unread and ${mayBeUnread("u", viewerId)}
      limit ${cap}
    ) capped
  `.execute(db);
  return Number(rows[0]?.n ?? 0);
}

export async function unreadCount(db: Executor, conversationId: number, viewerId: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*) as n from chat_messages m
    join chat_members me on me.conversation_id = m.conversation_id and me.user_id = ${viewerId}
    where m.conversation_id = ${conversationId} and m.id > me.last_read_id and ${mayBeUnread("m", viewerId)}
  `.execute(db);
  return Number(rows[0]?.n ?? 0);
}

export interface FeedRow extends ChatMessageRow {
  kind: ConvInfo["kind"];
  order_id: number | null;
  withdrawer_id: number | null;
  user_a: number;
  user_b: number | null;
  my_read: number;
  peer_read: number;
}

/**
 * Messages with id > since in the viewer's conversations: the oldest `limit` ("asc"), or
 * the newest `limit` returned oldest first ("newest").
 */
export async function feed(db: Executor, viewerId: number, since: number, limit: number, order: "asc" | "newest"): Promise<FeedRow[]> {
  const dir = order === "asc" ? sql`asc` : sql`desc`;
  const { rows } = await sql<FeedRow>`
    select m.*, c.kind, c.order_id, c.withdrawer_id, c.user_a, c.user_b, me.last_read_id as my_read,
      coalesce((select max(p.last_read_id) from chat_members p where p.conversation_id = m.conversation_id and p.user_id <> ${viewerId}), 0) as peer_read
    from chat_members me
    join chat_messages m on m.conversation_id = me.conversation_id and m.id > ${since}
    join chat_conversations c on c.id = me.conversation_id
    where me.user_id = ${viewerId} and me.last_message_id > ${since}
    order by m.id ${dir}
    limit ${limit}
  `.execute(db);
  return order === "asc" ? rows : rows.reverse();
}

export function formatFeedRow(r: FeedRow, viewerId: number, f: { now: Date; secrets: SecretBox }): ChatMessage {
  const conv: ConvInfo = { id: r.conversation_id, kind: r.kind, order_id: r.order_id, withdrawer_id: r.withdrawer_id, user_a: r.user_a, user_b: r.user_b };
  return formatMessage(r, conv, { viewerId, myRead: Number(r.my_read), peerRead: Number(r.peer_read), ...f });
}

/** The newest message id in the viewer's conversations (0 when none). */
export async function lastMessageIdFor(db: Executor, viewerId: number): Promise<number> {
  const { rows } = await sql<{ id: number | null }>`
    select max(last_message_id) as id from chat_members where user_id = ${viewerId}
  `.execute(db);
  return Number(rows[0]?.id ?? 0);
}

export interface SystemMessageInput {
  userId: number;
  /** Shown as is: e.g. the notice's title, a newline, its content. */
  text: string;
  /** What the event is about (the web links the message to it). */
  ref?: { type: "order" | "withdrawal"; id: number };
  at: Date;
}

/**
 * Posts a message from the system (88888888) into the user's read-only system
 * conversation, inside the caller's transaction: it exists exactly when the caller's
 * change (an order or withdrawal event and its notice) commits. An order event also
 * registers the order's group conversation (GROUP{orderId}) for its seller and buyer.
 * Connected sockets are told by the hub's tail of new messages (at most a second later).
 */
export async function postSystemMessage(trx: Trx, input: SystemMessageInput): Promise<ChatMessageRow> {
  await lockChat(trx);
  const conv = await ensureConversation(trx, systemConversation(input.userId), input.at);
  if (input.ref?.type === "order") {
    const o = await trx.selectFrom("orders").select(["id", "seller_id", "buyer_id"]).where("id", "=", input.ref.id).executeTakeFirst();
    if (o) await ensureConversation(trx, groupConversation(o), input.at);
  }
  return insertMessage(trx, {
    conversation_id: conv.id,
    sender_id: null,
    type: "text",
    text: input.text,
    payload: null,
    client_msg_id: null,
    ref_type: input.ref?.type ?? null,
    ref_id: input.ref?.id ?? null,
    created_at: input.at,
  });
}

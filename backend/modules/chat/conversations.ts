import { sql } from "kysely";
import {
  CONVERSATION_CURSOR,
  MSG_ORDER_FINISHED,
  parseConversationId,
  SYSTEM_CONVERSATION_ID,
  SYSTEM_USER_ID,
  type ChatConversation,
} from "../../../contract/chat-protocol";
import { BADGE_CAP } from "../../../contract/constants";
import type { ChatConversationRow, ChatMessageRow } from "../../db/chat-schema";
import type { Executor } from "../../db/index";
import type { User } from "../../db/schema";
import { fail, forbidden, invalid, notFound } from "../../http/errors";
import type { SecretBox } from "../../security/secret-box";
import { formatMessage, viewerConversationId, type ConvInfo } from "./format";
import { orderChatOpen } from "../../../contract/order-rules";
import { blocksBetween, refuseChatIfBlocked, YOU_BLOCKED_USER } from "../relationships/blocks";
import { adornmentOf, wornBy, type Worn } from "../membership/adornments";
import { systemMessageRead } from "../notices/read-once";

/**
 * Who may chat with whom (docs/product/README.md#roles) and the conversation rows. Every read and every send
 * asks `resolveConversation` first: the answer never comes from the UI.
 */

export const MSG_SYSTEM_READ_ONLY = "The system conversation is read-only.";
export const MSG_NOT_WITH_SELF = "You cannot chat with yourself.";
export const MSG_ONLY_MERCHANTS = "You can only chat with merchants, withdrawers and the system.";
export const MSG_NOT_YOUR_ORDER = "This order is not yours.";
export const MSG_NOT_YOUR_WITHDRAWER = "This withdrawer account is not yours.";
export const MSG_UNKNOWN_CONVERSATION = "Unknown conversation.";

export type Viewer = Pick<User, "id" | "is_business">;

/** A conversation the viewer may open: its canonical key, kind, parties and members. */
export interface ResolvedConversation {
  key: string;
  kind: ChatConversationRow["kind"];
  orderId: number | null;
  withdrawerId: number | null;
  userA: number;
  userB: number | null;
  members: number[];
}

export const systemConversation = (userId: number): ResolvedConversation => ({
  key: `system:${userId}`,
  kind: "system",
  orderId: null,
  withdrawerId: null,
  userA: userId,
  userB: null,
  members: [userId],
});

export const groupConversation = (o: { id: number; seller_id: number; buyer_id: number }): ResolvedConversation => ({
  key: `group:${o.id}`,
  kind: "group",
  orderId: o.id,
  withdrawerId: null,
  userA: o.seller_id,
  userB: o.buyer_id,
  members: [o.seller_id, o.buyer_id],
});

/**
 * The §6 rules. Read: may the viewer see it; write: may the viewer send to it now.
 * - system: the viewer's own; never writable.
 * - C2C{u}: u exists and is not the viewer; a user who is not a business user may only
 *   chat with business users (business users may chat with anyone); a block between the two
 *   closes it (relationships/blocks.ts: the blocked may not read or write, the blocker not write).
 * - GROUP{o}: the order's seller and buyer only; sending fails with 'Order finished' once
 *   the order's status is 4 or more.
 * - C2Cw{w}: withdrawer w exists and is not the viewer's own; C2Cw{w}-{u}: the viewer is
 *   withdrawer w's staff account and u is another user.
 */
export async function resolveConversation(db: Executor, viewer: Viewer, conversationId: string, mode: "read" | "write"): Promise<ResolvedConversation> {
  const ref = parseConversationId(conversationId);
  if (!ref) throw invalid(MSG_UNKNOWN_CONVERSATION);
  switch (ref.kind) {
    case "system":
      if (mode === "write") throw forbidden(MSG_SYSTEM_READ_ONLY);
      return systemConversation(viewer.id);
    case "c2c": {
      if (ref.peerUserId === viewer.id) throw forbidden(MSG_NOT_WITH_SELF);
      const peer = await db.selectFrom("users").select(["id", "is_business"]).where("id", "=", ref.peerUserId).executeTakeFirst();
      if (!peer) throw notFound("User");
      if (viewer.is_business !== 1 && peer.is_business !== 1) throw forbidden(MSG_ONLY_MERCHANTS);
      await refuseChatIfBlocked(db, viewer.id, peer.id, mode);
      const [a, b] = viewer.id < peer.id ? [viewer.id, peer.id] : [peer.id, viewer.id];
      return { key: `c2c:${a}:${b}`, kind: "c2c", orderId: null, withdrawerId: null, userA: a, userB: b, members: [a, b] };
    }
    case "group": {
      const order = await db.selectFrom("orders").select(["id", "seller_id", "buyer_id", "status"]).where("id", "=", ref.orderId).executeTakeFirst();
      if (!order) throw notFound("Order");
      if (order.seller_id !== viewer.id && order.buyer_id !== viewer.id) throw forbidden(MSG_NOT_YOUR_ORDER);
      if (mode === "write" && !orderChatOpen(order.status)) throw fail(MSG_ORDER_FINISHED);
      return groupConversation(order);
    }
    case "withdrawer": {
      const w = await db.selectFrom("withdrawers").select(["id", "user_id"]).where("id", "=", ref.withdrawerId).executeTakeFirst();
      if (!w) throw notFound("Withdrawer");
      let userId: number;
      if (ref.userId === undefined) {
        if (w.user_id === viewer.id) throw forbidden(MSG_NOT_WITH_SELF);
        userId = viewer.id;
      } else {
        if (w.user_id !== viewer.id) throw forbidden(MSG_NOT_YOUR_WITHDRAWER);
        if (ref.userId === viewer.id) throw forbidden(MSG_NOT_WITH_SELF);
        const u = await db.selectFrom("users").select("id").where("id", "=", ref.userId).executeTakeFirst();
        if (!u) throw notFound("User");
        userId = u.id;
      }
      return { key: `w:${w.id}:${userId}`, kind: "withdrawer", orderId: null, withdrawerId: w.id, userA: userId, userB: w.user_id, members: [userId, w.user_id] };
    }
  }
}

/** The conversation row (created with its members in one statement when it is new). */
export async function ensureConversation(db: Executor, r: ResolvedConversation, now: Date): Promise<ChatConversationRow> {
  const members = sql.join(r.members.map((m) => sql`(${m}::bigint)`));
  await sql`
    with c as (
      insert into chat_conversations (key, kind, order_id, withdrawer_id, user_a, user_b, created_at)
      values (${r.key}, ${r.kind}, ${r.orderId}, ${r.withdrawerId}, ${r.userA}, ${r.userB}, ${now})
      on conflict (key) do nothing
      returning id
    )
    insert into chat_members (conversation_id, user_id)
    select c.id, m.u from c cross join (values ${members}) as m(u)
    on conflict do nothing
  `.execute(db);
  return db.selectFrom("chat_conversations").selectAll().where("key", "=", r.key).executeTakeFirstOrThrow();
}

export function findConversation(db: Executor, key: string) {
  return db.selectFrom("chat_conversations").selectAll().where("key", "=", key).executeTakeFirst();
}

/** The members' user ids. */
export async function membersOf(db: Executor, conversationId: number): Promise<number[]> {
  const rows = await db.selectFrom("chat_members").select("user_id").where("conversation_id", "=", conversationId).execute();
  return rows.map((r) => r.user_id);
}

/** The viewer's read position and the other members' highest. */
export async function readPositions(db: Executor, conversationId: number, viewerId: number): Promise<{ myRead: number; peerRead: number }> {
  const rows = await db.selectFrom("chat_members").select(["user_id", "last_read_id"]).where("conversation_id", "=", conversationId).execute();
  let myRead = 0;
  let peerRead = 0;
  for (const r of rows) {
    if (r.user_id === viewerId) myRead = Number(r.last_read_id);
    else peerRead = Math.max(peerRead, Number(r.last_read_id));
  }
  return { myRead, peerRead };
}

/** A user as a conversation's peer, with the point-mall frame and badge it wears (ADR 0052). */
const toPeer = (u: { id: number; nickname: string; avatar: string; is_business: number }, worn: Map<number, Worn>): NonNullable<ChatConversation["peer"]> => ({
  id: u.id,
  nickname: u.nickname,
  avatar: u.avatar,
  isBusiness: u.is_business,
  ...(worn.has(u.id) ? adornmentOf(worn, u.id) : {}),
});

export const SYSTEM_PEER = { id: Number(SYSTEM_USER_ID), nickname: "System", avatar: "/favicon.svg", isBusiness: 0 };

interface SummaryRow extends ConvInfo {
  my_read: number;
  last_key: number;
  peer_read: number;
  unread: number;
  m_id: number | null;
  m_sender_id: number | null;
  m_type: ChatMessageRow["type"] | null;
  m_text: string | null;
  m_payload: string | null;
  m_client_msg_id: string | null;
  m_ref_type: string | null;
  m_ref_id: number | null;
  m_created_at: Date | null;
}

/** Unread counts stop here: a badge shows "99+" from BADGE_CAP + 1 on, so the count the user sees is exact. */
export const UNREAD_CAP = BADGE_CAP + 1;

/**
 * A message (table alias `alias`) the viewer may have unread: one the viewer did not send (the system
 * sends as null), and not a system message whose notice she has read (ADR 0059: read once).
 */
export const mayBeUnread = (alias: string, viewerId: number) =>
  sql`(${sql.ref(`${alias}.sender_id`)} <> ${viewerId} or (${sql.ref(`${alias}.sender_id`)} is null and not ${systemMessageRead(alias)}))`;

/** Where a page of the conversation list ends: its last conversation's newest message id and internal id. */
export interface ConversationCursor {
  lastMessageId: number;
  conversationId: number;
}
export const formatConversationCursor = (c: ConversationCursor) => `${c.lastMessageId}-${c.conversationId}`;
export function parseConversationCursor(text: string): ConversationCursor | undefined {
  if (!CONVERSATION_CURSOR.test(text)) return undefined;
  const [lastMessageId, conversationId] = text.split("-").map(Number) as [number, number];
  return { lastMessageId, conversationId };
}

interface SummaryOptions {
  onlyIds?: number[];
  /** Left out: the system conversation, which the first page pins. */
  exceptId?: number;
  limit: number;
  before?: ConversationCursor;
  now: Date;
  secrets: SecretBox;
}

/** The viewer's conversations among `ids` (the ones a new message or read position touched). */
export async function conversationsByIds(db: Executor, viewerId: number, ids: number[], fmt: { now: Date; secrets: SecretBox }): Promise<ChatConversation[]> {
  if (ids.length === 0) return [];
  return (await summaries(db, viewerId, { onlyIds: ids, limit: ids.length, ...fmt })).list;
}

/**
 * One page of the viewer's conversations, most recent activity first (`limit` after `before`), and
 * the cursor of the next ("" at the end). Reads the newest memberships in order (index
 * chat_members_recent), not every conversation the viewer has. The system conversation is pinned
 * first on the first page, and on no other: it is always there, even before its first message.
 */
export async function conversationPage(
  db: Executor,
  viewerId: number,
  opts: { limit: number; before?: ConversationCursor; now: Date; secrets: SecretBox },
): Promise<{ list: ChatConversation[]; next: string }> {
  if (opts.limit === 0) return { list: [], next: "" };
  const system = await findConversation(db, systemConversation(viewerId).key);
  const { list, keys } = await summaries(db, viewerId, { ...opts, exceptId: system?.id, limit: opts.limit + 1 });
  const more = list.length > opts.limit;
  if (more) list.length = opts.limit;
  const next = more ? formatConversationCursor(keys[opts.limit - 1]!) : "";
  if (opts.before) return { list, next };
  const [pinned] = system ? await conversationsByIds(db, viewerId, [system.id], opts) : [];
  return { list: [pinned ?? { conversationId: SYSTEM_CONVERSATION_ID, type: "C2C", peer: SYSTEM_PEER, lastMessage: null, unreadCount: 0, readOnly: true }, ...list], next };
}

async function summaries(db: Executor, viewerId: number, opts: SummaryOptions): Promise<{ list: ChatConversation[]; keys: ConversationCursor[] }> {
  const only = opts.onlyIds ? sql`and c.id in (${sql.join(opts.onlyIds.map((id) => sql`${id}::bigint`))})` : sql``;
  const after = opts.before ? sql`and (me.last_message_id, me.conversation_id) < (${opts.before.lastMessageId}::bigint, ${opts.before.conversationId}::bigint)` : sql``;
  const except = opts.exceptId !== undefined ? sql`and me.conversation_id <> ${opts.exceptId}::bigint` : sql``;
  const { rows } = await sql<SummaryRow>`
    select c.id, c.kind, c.order_id, c.withdrawer_id, c.user_a, c.user_b,
      me.last_read_id as my_read, me.last_message_id as last_key,
      coalesce((select max(p.last_read_id) from chat_members p where p.conversation_id = c.id and p.user_id <> ${viewerId}), 0) as peer_read,
      (select count(*) from (select 1 from chat_messages u
        where u.conversation_id = c.id and u.id > me.last_read_id and ${mayBeUnread("u", viewerId)}
        limit ${UNREAD_CAP}) capped) as unread,
      lm.id as m_id, lm.sender_id as m_sender_id, lm.type as m_type, lm.text as m_text, lm.payload as m_payload,
      lm.client_msg_id as m_client_msg_id, lm.ref_type as m_ref_type, lm.ref_id as m_ref_id, lm.created_at as m_created_at
    from chat_members me
    join chat_conversations c on c.id = me.conversation_id
    left join chat_messages lm on lm.id = me.last_message_id
    where me.user_id = ${viewerId} ${only} ${after} ${except}
    order by me.last_message_id desc, me.conversation_id desc
    limit ${opts.limit}
  `.execute(db);
  const keys = rows.map((r) => ({ lastMessageId: Number(r.last_key), conversationId: Number(r.id) }));

  // The people and orders the list shows.
  const peerOf = (r: SummaryRow): number | undefined => {
    if (r.kind === "system") return undefined;
    if (r.kind === "c2c" || r.kind === "group" || r.kind === "withdrawer") return r.user_a === viewerId ? (r.user_b ?? undefined) : r.user_a;
    return undefined;
  };
  const peerIds = [...new Set(rows.map(peerOf).filter((x): x is number => x !== undefined))];
  const orderIds = [...new Set(rows.filter((r) => r.kind === "group").map((r) => Number(r.order_id)))];
  const [users, worn] = peerIds.length
    ? await Promise.all([db.selectFrom("users").select(["id", "nickname", "avatar", "is_business"]).where("id", "in", peerIds).execute(), wornBy(db, peerIds, opts.now)])
    : [[], new Map<number, Worn>()];
  const orders = orderIds.length
    ? await db
        .selectFrom("orders as o")
        .innerJoin("card_types as ct", "ct.id", "o.card_type_id")
        .select(["o.id", "o.status", "ct.name_en"])
        .where("o.id", "in", orderIds)
        .execute()
    : [];
  const userById = new Map(users.map((u) => [u.id, u]));
  const orderById = new Map(orders.map((o) => [o.id, o]));

  const list: ChatConversation[] = rows.map((r) => {
    const conv: ConvInfo = r;
    const pid = peerOf(r);
    const u = pid !== undefined ? userById.get(pid) : undefined;
    const o = r.kind === "group" ? orderById.get(Number(r.order_id)) : undefined;
    const last: ChatMessageRow | null =
      r.m_id === null
        ? null
        : {
            id: r.m_id,
            conversation_id: r.id,
            sender_id: r.m_sender_id,
            type: r.m_type!,
            text: r.m_text,
            payload: r.m_payload,
            client_msg_id: r.m_client_msg_id,
            ref_type: r.m_ref_type,
            ref_id: r.m_ref_id,
            created_at: r.m_created_at!,
          };
    const item: ChatConversation = {
      conversationId: viewerConversationId(conv, viewerId),
      type: r.kind === "group" ? "GROUP" : "C2C",
      lastMessage: last
        ? formatMessage(last, conv, { viewerId, myRead: Number(r.my_read), peerRead: Number(r.peer_read), now: opts.now, secrets: opts.secrets })
        : null,
      unreadCount: Number(r.unread),
      readOnly: r.kind === "system" || (o !== undefined && !orderChatOpen(o.status)),
    };
    if (r.kind === "system") item.peer = SYSTEM_PEER;
    else if (u) {
      item.peer = toPeer(u, worn);
      if (r.kind === "withdrawer" && r.user_a === viewerId) item.peer.withdrawerId = Number(r.withdrawer_id);
    }
    if (o) item.order = { id: o.id, status: o.status, nameEn: o.name_en };
    return item;
  });
  return { list, keys };
}

/**
 * The summary of one conversation the viewer may read, even before it has a row. A one-to-one
 * conversation the viewer blocked may be read but not written to (ADR 0021): it has no input box,
 * and says why (ADR 0060).
 */
export async function conversationSummary(
  db: Executor,
  viewerId: number,
  r: ResolvedConversation,
  opts: { now: Date; secrets: SecretBox },
): Promise<ChatConversation> {
  const item = await describeConversation(db, viewerId, r, opts);
  const peerId = r.kind === "c2c" ? (r.userA === viewerId ? r.userB : r.userA) : null;
  if (peerId !== null && (await blocksBetween(db, viewerId, peerId)).byViewer) return { ...item, readOnly: true, readOnlyReason: YOU_BLOCKED_USER };
  return item;
}

async function describeConversation(
  db: Executor,
  viewerId: number,
  r: ResolvedConversation,
  opts: { now: Date; secrets: SecretBox },
): Promise<ChatConversation> {
  const row = await findConversation(db, r.key);
  if (row) {
    const [item] = await conversationsByIds(db, viewerId, [row.id], opts);
    if (item) return item;
  }
  // Not started yet: describe it from its parties.
  const conv: ConvInfo = { id: 0, kind: r.kind, order_id: r.orderId, withdrawer_id: r.withdrawerId, user_a: r.userA, user_b: r.userB };
  const item: ChatConversation = {
    conversationId: viewerConversationId(conv, viewerId),
    type: r.kind === "group" ? "GROUP" : "C2C",
    lastMessage: null,
    unreadCount: 0,
    readOnly: r.kind === "system",
  };
  if (r.kind === "system") item.peer = SYSTEM_PEER;
  else {
    const pid = r.userA === viewerId ? r.userB : r.userA;
    const u = pid ? await db.selectFrom("users").select(["id", "nickname", "avatar", "is_business"]).where("id", "=", pid).executeTakeFirst() : undefined;
    if (u) {
      item.peer = toPeer(u, await wornBy(db, [u.id], opts.now));
      if (r.kind === "withdrawer" && r.userA === viewerId) item.peer.withdrawerId = Number(r.withdrawerId);
    }
  }
  if (r.kind === "group") {
    const o = await db
      .selectFrom("orders as o")
      .innerJoin("card_types as ct", "ct.id", "o.card_type_id")
      .select(["o.id", "o.status", "ct.name_en"])
      .where("o.id", "=", Number(r.orderId))
      .executeTakeFirst();
    if (o) {
      item.order = { id: o.id, status: o.status, nameEn: o.name_en };
      item.readOnly = !orderChatOpen(o.status);
    }
  }
  return item;
}

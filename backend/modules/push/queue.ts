import { NoticeType } from "../../../contract/enums";
import type { PushKind, PushPayload } from "../../../contract/push";
import type { Executor, Trx } from "../../db/index";

/**
 * Pushes are queued in push_outbox in the caller's transaction (so one exists exactly when the
 * event it tells of commits), only for a user with a subscription and the kind on; the push job
 * (deliver.ts) sends them. What a push says is decided here, for the lock screen: our own title
 * and which order, withdrawal or chat it is about, never a card code, a secret or an amount.
 */

/** Whether she would receive a push of this kind: a subscription, and the kind not turned off. */
async function wants(db: Executor, userId: number, kind: PushKind): Promise<boolean> {
  const row = await db
    .selectFrom("push_subscriptions as s")
    .leftJoin("push_settings as p", (j) => j.onRef("p.user_id", "=", "s.user_id").on("p.kind", "=", kind))
    .select("p.enabled")
    .where("s.user_id", "=", userId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined && row.enabled !== false;
}

export async function queuePush(trx: Trx, userId: number, kind: PushKind, payload: PushPayload, at: Date): Promise<void> {
  if (!(await wants(trx, userId, kind))) return;
  await trx
    .insertInto("push_outbox")
    .values({ user_id: userId, kind, payload: JSON.stringify(payload), created_at: at, next_at: at })
    .execute();
}

/** The notice types that push, with the page a tap opens (the notice's own target, app/services/notices). */
const NOTICE_PUSH: Partial<Record<number, { kind: PushKind; what: string; url: (id: number) => string }>> = {
  [NoticeType.Order]: { kind: "order", what: "Order", url: (id) => `/orderDetails/${id}` },
  [NoticeType.Withdrawal]: { kind: "withdrawal", what: "Withdrawal", url: (id) => `/withdrawDetails/${id}` },
  [NoticeType.RateAlert]: { kind: "rateAlert", what: "Card", url: (id) => `/advertList/${id}` },
  [NoticeType.Support]: { kind: "support", what: "Ticket", url: (id) => `/support/${id}` },
};

/** The push of a notice (notify() calls this): its title, and which order/withdrawal/ticket it is. */
export async function queuePushForNotice(trx: Trx, n: { userId: number; type: number; refId: number; title: string; at: Date }): Promise<void> {
  const p = NOTICE_PUSH[n.type];
  if (!p) return;
  const body = p.kind === "rateAlert" ? "Open the offers to sell at today's rate." : `${p.what} #${n.refId}: open it to see the details.`;
  await queuePush(trx, n.userId, p.kind, { title: n.title, body, url: p.url(n.refId), tag: `${p.kind}-${n.refId}` }, n.at);
}

/**
 * The push of a chat message to a member who is away (no open chat connection). Never the text:
 * sellers send card codes in chat. One tag per conversation, so a burst shows as one notification.
 */
export async function queueChatPush(trx: Trx, m: { userId: number; conversationId: string; orderId: number | null; at: Date }): Promise<void> {
  const body = m.orderId ? `About order #${m.orderId}. Open the chat to read it.` : "Open the chat to read it.";
  await queuePush(trx, m.userId, "chat", { title: "New message", body, url: `/message/${encodeURIComponent(m.conversationId)}`, tag: `chat-${m.conversationId}` }, m.at);
}

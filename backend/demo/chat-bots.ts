import { OrderStatus, Relationship } from "../../contract/enums";
import type { Services } from "../http/context";
import { viewerConversationId } from "../modules/chat/format";
import { markRead, sendMessage } from "../modules/chat/messages";

/**
 * The demo merchants answer chat, so a newcomer alone in the demo world sees a
 * conversation move (a seller and a merchant settle an order in chat).
 * In each bot sweep, a conversation with a demo merchant (merchant<N>@demo.test)
 * whose newest message is the other side's, at least CHAT_BOT_DELAY_MS old,
 * gets one canned answer from the merchant, who also marks it read:
 * - an order group, by the order's status (finished orders' groups are closed);
 * - a one-to-one chat, a pointer to the merchant's offers.
 * The answer's clientMsgId is "bot-<answered message id>", so two sweeps (or two
 * processes) can never answer the same message twice. The hub's poll pushes it.
 */

export const CHAT_BOT_MAX_DELAY_MS = 3_000;

export const BOT_CHAT_REPLIES = {
  working: "Thanks, I have your card. I'm redeeming it now and will complete the order shortly.",
  negotiating:
    "The card redeemed for less than its face value, so I offered 90% of the price. Accept to be paid now, or apply for arbitration.",
  arbitration: "An administrator is reviewing this order now; I will follow their decision.",
  direct: "Hello! Sell me a card through one of my offers and we can sort everything out in the order chat.",
} as const;

function replyFor(kind: string, status: number | null): string {
  if (kind !== "group") return BOT_CHAT_REPLIES.direct;
  if (status === OrderStatus.InNegotiation) return BOT_CHAT_REPLIES.negotiating;
  if (status === OrderStatus.InArbitration) return BOT_CHAT_REPLIES.arbitration;
  return BOT_CHAT_REPLIES.working;
}

type ChatBotServices = Pick<Services, "db" | "clock" | "config" | "secrets">;

/** One sweep; returns how many answers the bots sent. */
export async function runChatBots(services: ChatBotServices, merchantEmailLike: string, log: (line: string) => void) {
  const { db, config } = services;
  const now = services.clock.now();
  const before = new Date(now.getTime() - Math.min(config.DEMO_BOT_DELAY_MS, CHAT_BOT_MAX_DELAY_MS));
  const rows = await db
    .selectFrom("chat_conversations as c")
    .innerJoin("chat_messages as m", "m.conversation_id", "c.id")
    .innerJoin("users as u", (join) => join.on((eb) => eb.or([eb("u.id", "=", eb.ref("c.user_a")), eb("u.id", "=", eb.ref("c.user_b"))])))
    .leftJoin("orders as o", "o.id", "c.order_id")
    .select(["c.id", "c.kind", "c.order_id", "c.withdrawer_id", "c.user_a", "c.user_b", "m.id as message_id", "u.id as bot_id", "o.status"])
    .where("c.kind", "in", ["group", "c2c"])
    .where("u.is_business", "=", 1)
    .where("u.email", "like", merchantEmailLike)
    .where("m.id", "=", (eb) => eb.selectFrom("chat_messages as l").select((e) => e.fn.max("l.id").as("last")).whereRef("l.conversation_id", "=", "c.id"))
    .where("m.sender_id", "is not", null)
    .whereRef("m.sender_id", "<>", "u.id")
    .where("m.created_at", "<=", before)
    .where((eb) => eb.or([eb("c.kind", "=", "c2c"), eb("o.status", "<", OrderStatus.Completed)]))
    // A block closes a one-to-one chat (ADR 0021): its last message stays unanswered, not retried every sweep.
    .where((eb) =>
      eb.or([
        eb("c.kind", "<>", "c2c"),
        eb.not(
          eb.exists(
            eb
              .selectFrom("user_relationships as r")
              .select("r.user_id")
              .where("r.type", "=", Relationship.Block)
              .where((w) =>
                w.or([
                  w.and([w("r.user_id", "=", w.ref("c.user_a")), w("r.to_user_id", "=", w.ref("c.user_b"))]),
                  w.and([w("r.user_id", "=", w.ref("c.user_b")), w("r.to_user_id", "=", w.ref("c.user_a"))]),
                ]),
              ),
          ),
        ),
      ]),
    )
    .orderBy("m.id")
    .limit(20)
    .execute();
  let sent = 0;
  for (const r of rows) {
    const bot = { id: r.bot_id, is_business: 1 };
    const conversationId = viewerConversationId(r, r.bot_id);
    try {
      await markRead(db, bot, conversationId, r.message_id);
      const result = await sendMessage(
        services,
        bot,
        { conversationId, clientMsgId: `bot-${r.message_id}`, type: "TIMTextElem", text: replyFor(r.kind, r.status) },
        now,
      );
      if (result.created) sent++;
    } catch (err) {
      log(`[demo-bots] chat ${conversationId}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return sent;
}

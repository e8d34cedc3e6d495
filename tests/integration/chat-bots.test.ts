/**
 * The demo merchants answer chat (backend/demo/chat-bots.ts): once a seller's
 * message has waited the delay, one canned answer by the order's status (or a
 * pointer to the offers in a one-to-one chat), the seller's message marked read;
 * never twice for one message, never in a finished order's group, never for a
 * business user outside the demo merchants.
 */
import { describe, expect, it } from "vitest";
import type { ChatMessage } from "../../contract/chat-protocol";
import { BOT_CHAT_REPLIES, CHAT_BOT_MAX_DELAY_MS, runChatBots } from "../../backend/demo/chat-bots";
import { DEMO_MERCHANT_EMAIL_LIKE } from "../../backend/demo/bots";
import type { TestBackend } from "../support/backend";
import { chatApi, chatAuth, type ChatAuth } from "../support/chat";
import { expectOk, makeAdvert, placeOrder, setUpOrderTests, staff, userIdOf, type Parties } from "../support/orders";

let t: TestBackend;
let p: Parties;
setUpOrderTests((world) => {
  ({ t, p } = world);
});

let seq = 0;
const bots = () => runChatBots(t.backend.services, DEMO_MERCHANT_EMAIL_LIKE, () => {});

async function say(auth: ChatAuth, conversationId: string, text: string) {
  expectOk(await chatApi(t, auth, "send", { conversationId, clientMsgId: `bot-test-${++seq}`, type: "TIMTextElem", text }));
}
async function messages(auth: ChatAuth, conversationId: string): Promise<ChatMessage[]> {
  const res = await chatApi<{ messageList: ChatMessage[] }>(t, auth, "history", { conversationId });
  expectOk(res);
  return res.data!.messageList;
}
const texts = (list: ChatMessage[]) => list.map((m) => (m.payload as { text?: string }).text);

describe("demo merchants answer chat", () => {
  it("answers a seller in an order group after the delay, once, by the order's status; marks the message read", async () => {
    const seller = await chatAuth(t, p.seller.token);
    const advert = await makeAdvert(t, { merchantId: p.merchant.id });
    const orderId = await placeOrder(t, p.seller.token, advert);
    const group = `GROUP${orderId}`;

    await say(seller, group, "Hi, the card is new.");
    t.clock.advance(CHAT_BOT_MAX_DELAY_MS - 1);
    expect(await bots()).toBe(0);
    t.clock.advance(1);
    expect(await bots()).toBe(1);
    expect(await bots()).toBe(0); // answered: the newest message is the merchant's now
    let list = await messages(seller, group);
    expect(texts(list)).toEqual(["Hi, the card is new.", BOT_CHAT_REPLIES.working]);
    expect(list[1]).toMatchObject({ flow: "in", from: String(p.merchant.id) });
    expect(list[0]).toMatchObject({ flow: "out", isRead: true }); // the read receipt

    // In negotiation: the answer explains the offer.
    expectOk(await staff(t, "/merchant/order/view", { id: orderId }, p.merchant.token));
    expectOk(
      await staff(
        t,
        "/merchant/order/negotiate",
        { id: orderId, arbitrationType: 3, arbitrationApplyAmount: 10_000, arbitrationApplyPrice: 4_000, arbitrationContent: "Less than face." },
        p.merchant.token,
      ),
    );
    await say(seller, group, "Why only part?");
    t.clock.advance(CHAT_BOT_MAX_DELAY_MS);
    expect(await bots()).toBe(1);
    list = await messages(seller, group);
    expect(texts(list).slice(-1)).toEqual([BOT_CHAT_REPLIES.negotiating]);

    // Finished: the group is closed, the bot stays silent (and does not retry).
    expectOk(await staff(t, "/merchant/order/complete", { id: orderId }, p.merchant.token));
    await t.db
      .insertInto("chat_messages")
      .values({
        conversation_id: (await t.db.selectFrom("chat_conversations").select("id").where("key", "=", `group:${orderId}`).executeTakeFirstOrThrow()).id,
        sender_id: p.seller.id,
        type: "text",
        text: t.backend.services.secrets.seal("Thanks!"),
        payload: null,
        client_msg_id: `bot-test-${++seq}`,
        ref_type: null,
        ref_id: null,
        created_at: t.clock.now(),
      })
      .execute();
    t.clock.advance(CHAT_BOT_MAX_DELAY_MS);
    expect(await bots()).toBe(0);
  });

  it("answers a one-to-one chat with a pointer to the offers; leaves other business users alone", async () => {
    const seller2 = await chatAuth(t, p.seller2.token);
    await say(seller2, `C2C${p.merchant2.id}`, "Do you buy Steam cards?");
    const other = await userIdOf(t, "withdrawer1@demo.test");
    await t.db.updateTable("users").set({ is_business: 1 }).where("id", "=", other).execute();
    await say(seller2, `C2C${other}`, "Hello?");
    t.clock.advance(CHAT_BOT_MAX_DELAY_MS);
    expect(await bots()).toBe(1);
    expect(texts(await messages(seller2, `C2C${p.merchant2.id}`))).toEqual(["Do you buy Steam cards?", BOT_CHAT_REPLIES.direct]);
    expect(texts(await messages(seller2, `C2C${other}`))).toEqual(["Hello?"]);
  });
});

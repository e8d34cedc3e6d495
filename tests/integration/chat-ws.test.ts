/**
 * The built-in chat's WebSocket (/chat/ws) on a real HTTP server (127.0.0.1, port 0):
 * sign-in with the TLS signature, live pushes, acks and nacks, read receipts, conversation
 * updates, system messages, and a reconnect that loses and duplicates nothing.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { AUTH_TIMEOUT_MS, CLOSE_AUTH, MSG_ORDER_FINISHED, MSG_TEXT_EMPTY, SYNC_CAP, SYSTEM_CONVERSATION_ID, type ChatMessage, type ServerFrame } from "../../contract/chat-protocol";
import { Code } from "../../contract/envelope";
import { transaction } from "../../backend/db/index";
import { ensureConversation, groupConversation, MSG_SYSTEM_READ_ONLY } from "../../backend/modules/chat/conversations";
import { insertMessage } from "../../backend/modules/chat/messages";
import { decodeUserSig } from "../../backend/modules/chat/tls-sig";
import { createTestBackend, type TestBackend } from "../support/backend";
import { chatApi, chatAuth, ChatClient, chatUpload, fakeWebm, sleep, startChatServer, type ChatAuth } from "../support/chat";
import { makeImage } from "../support/images";
import { expectOk, makeAdvert, parties, placeOrder, staff, type Parties } from "../support/orders";

let t: TestBackend;
let p: Parties;
let server: Awaited<ReturnType<typeof startChatServer>>;
let advert: number;
let orderId: number;
let group: string;
let seller: ChatAuth;
let seller2: ChatAuth;
let merchant: ChatAuth;
const clients: ChatClient[] = [];
let seq = 0;
const cid = () => `ws-${++seq}`;

async function connect(auth: ChatAuth, since?: number) {
  const c = await ChatClient.connect(server.wsUrl, auth, since);
  clients.push(c);
  return c;
}
async function httpText(auth: ChatAuth, conversationId: string, text: string): Promise<ChatMessage> {
  const res = await chatApi<{ message: ChatMessage }>(t, auth, "send", { conversationId, clientMsgId: cid(), type: "TIMTextElem", text });
  expectOk(res);
  return res.data!.message;
}
const isMessage = (id: string) => (f: ServerFrame) => f.op === "message" && f.message.ID === id;
const lastId = (c: ChatClient) => Math.max(0, ...c.messages().map((m) => Number(m.ID)));
const ids = (c: ChatClient) => c.messages().map((m) => m.ID);

beforeAll(async () => {
  t = await createTestBackend();
  p = await parties(t);
  server = await startChatServer(t);
  advert = await makeAdvert(t, { merchantId: p.merchant.id });
  orderId = await placeOrder(t, p.seller.token, advert);
  group = `GROUP${orderId}`;
  seller = await chatAuth(t, p.seller.token);
  seller2 = await chatAuth(t, p.seller2.token);
  merchant = await chatAuth(t, p.merchant.token);
});
// Each test's sockets close after it, so later tests do not also push to them.
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close().catch(() => undefined);
});
afterAll(async () => {
  await server?.close();
  await t?.close();
});

describe("sign-in", () => {
  it("a tampered signature, another user's, or a first frame that is not auth: error 'auth' and the socket closes", async () => {
    const doc = decodeUserSig(seller.userSig)!;
    expect(doc["TLS.identifier"]).toBe(seller.userId);
    // One character changed (to another: the same one would be no tampering at all, 1 run in 64).
    const at = seller.userSig.length - 6;
    const tampered = seller.userSig.slice(0, at) + (seller.userSig[at] === "A" ? "B" : "A") + seller.userSig.slice(at + 1);
    expect(tampered).not.toBe(seller.userSig);
    for (const frame of [
      { op: "auth", userId: seller.userId, userSig: tampered },
      { op: "auth", userId: seller.userId, userSig: merchant.userSig },
      { op: "auth", userId: "0", userSig: seller.userSig },
      { op: "ping" },
      { op: "send", conversationId: group, clientMsgId: "x", type: "TIMTextElem", text: "hi" },
    ]) {
      const c = await ChatClient.open(server.wsUrl);
      clients.push(c);
      c.send(frame);
      expect(await c.waitFor((f) => f.op === "error")).toEqual({ op: "error", code: "auth" });
      expect((await c.waitClosed()).code).toBe(CLOSE_AUTH);
      expect(c.messages()).toEqual([]);
    }
  });

  it("an expired signature is refused", async () => {
    t.clock.advance(7 * 24 * 3600_000);
    try {
      const c = await ChatClient.open(server.wsUrl);
      clients.push(c);
      c.send({ op: "auth", userId: seller.userId, userSig: seller.userSig });
      expect(await c.waitFor((f) => f.op === "error")).toEqual({ op: "error", code: "auth" });
      expect((await c.waitClosed()).code).toBe(CLOSE_AUTH);
    } finally {
      t.clock.advance(-7 * 24 * 3600_000);
    }
  });

  it(`no auth frame within ${AUTH_TIMEOUT_MS / 1000} s: closed`, async () => {
    // Timed from before the open: the server's timer starts on its side of the handshake.
    const started = Date.now();
    const c = await ChatClient.open(server.wsUrl);
    clients.push(c);
    expect((await c.waitClosed(AUTH_TIMEOUT_MS + 8000)).code).toBe(CLOSE_AUTH);
    expect(Date.now() - started).toBeGreaterThanOrEqual(AUTH_TIMEOUT_MS - 200);
    expect(c.frames).toEqual([{ op: "error", code: "auth" }]);
  }, 20_000);

  it("a good signature: replay, 'synced', and ping/pong; frames right behind auth wait for it", async () => {
    const c = await ChatClient.open(server.wsUrl);
    clients.push(c);
    c.send({ op: "auth", userId: seller.userId, userSig: seller.userSig });
    c.send({ op: "ping" });
    await c.waitFor((f) => f.op === "pong");
    const synced = c.frames.find((f) => f.op === "synced");
    expect(synced).toBeDefined();
    // The replay holds the seller's "Order created" system message.
    expect(c.messages().some((m) => m.conversationID === SYSTEM_CONVERSATION_ID && m.ref?.id === orderId)).toBe(true);
    await c.close();
  });
});

describe("live", () => {
  it("text, picture and voice between the seller and merchant1, with acks, receipts and unread counts", async () => {
    const s = await connect(seller);
    const m = await connect(merchant);
    const other = await connect(seller2);
    const mFrom = m.frames.length;

    s.send({ op: "send", conversationId: group, clientMsgId: "live-1", type: "TIMTextElem", text: "Hi, I sent the card" });
    const ack = await s.waitFor<Extract<ServerFrame, { op: "ack" }>>((f) => f.op === "ack" && f.clientMsgId === "live-1");
    expect(ack.message).toMatchObject({ conversationID: group, flow: "out", type: "TIMTextElem", clientMsgId: "live-1", isRead: false });
    const got = await m.waitFor<Extract<ServerFrame, { op: "message" }>>(isMessage(ack.message.ID));
    expect(got.message).toMatchObject({ conversationID: group, flow: "in", from: seller.userId, payload: { text: "Hi, I sent the card" } });
    // The sender's other clients (and this one) get the message too: same ID, to dedupe.
    expect((await s.waitFor<Extract<ServerFrame, { op: "message" }>>(isMessage(ack.message.ID))).message.flow).toBe("out");
    const conv = await m.waitFor<Extract<ServerFrame, { op: "conversation" }>>(
      (f) => f.op === "conversation" && f.conversation.conversationId === group && f.conversation.lastMessage?.ID === ack.message.ID,
      5000,
      mFrom,
    );
    expect(conv.conversation.unreadCount).toBe(1);

    // A picture and a voice clip, uploaded over HTTP, sent over the socket.
    const pic = await chatUpload<{ path: string }>(t, seller, { bytes: await makeImage("jpeg", 300, 200), name: "c.jpg", type: "image/jpeg" }, { kind: "image" });
    s.send({ op: "send", conversationId: group, clientMsgId: "live-pic", type: "TIMImageElem", payload: { path: pic.data!.path } });
    const picAck = await s.waitFor<Extract<ServerFrame, { op: "ack" }>>((f) => f.op === "ack" && f.clientMsgId === "live-pic");
    const picMsg = (await m.waitFor<Extract<ServerFrame, { op: "message" }>>(isMessage(picAck.message.ID))).message;
    expect(picMsg.payload).toMatchObject({ imageInfoArray: [{ width: 300, height: 200 }] });
    const img = await fetch(`http://127.0.0.1:${server.port}${(picMsg.payload as { imageInfoArray: Array<{ url: string }> }).imageInfoArray[0]!.url}`);
    expect(img.status).toBe(200);
    expect(img.headers.get("content-type")).toBe("image/jpeg");

    const voice = await chatUpload<{ path: string }>(t, merchant, { bytes: fakeWebm(), name: "v.webm", type: "audio/webm" }, { kind: "audio", seconds: "3" });
    m.send({ op: "send", conversationId: group, clientMsgId: "live-voice", type: "TIMSoundElem", payload: { path: voice.data!.path } });
    const voiceAck = await m.waitFor<Extract<ServerFrame, { op: "ack" }>>((f) => f.op === "ack" && f.clientMsgId === "live-voice");
    const voiceMsg = (await s.waitFor<Extract<ServerFrame, { op: "message" }>>(isMessage(voiceAck.message.ID))).message;
    expect(voiceMsg).toMatchObject({ type: "TIMSoundElem", flow: "in", from: merchant.userId, payload: { second: 3 } });
    const audio = await fetch(`http://127.0.0.1:${server.port}${(voiceMsg.payload as { url: string }).url}`, { headers: { range: "bytes=0-3" } });
    expect(audio.status).toBe(206);
    expect([...new Uint8Array(await audio.arrayBuffer())]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);

    // The merchant reads up to the picture: the seller gets a receipt, the merchant its new unread count (0).
    // (First the update the voice message caused, so it cannot pass for the answer to the read.)
    await m.waitFor((f) => f.op === "conversation" && f.conversation.conversationId === group && f.conversation.lastMessage?.ID === voiceAck.message.ID);
    const mBefore = m.frames.length;
    m.send({ op: "read", conversationId: group, messageId: picAck.message.ID });
    const receipt = await s.waitFor((f) => f.op === "read" && f.messageId === picAck.message.ID);
    expect(receipt).toEqual({ op: "read", conversationId: group, userId: merchant.userId, messageId: picAck.message.ID });
    const mine = await m.waitFor<Extract<ServerFrame, { op: "conversation" }>>((f) => f.op === "conversation" && f.conversation.conversationId === group, 15_000, mBefore);
    expect(mine.conversation.unreadCount).toBe(0);
    expect(await chatApi(t, seller, "history", { conversationId: group }).then((r) => r.data.messageList.find((x: ChatMessage) => x.ID === picAck.message.ID).isRead)).toBe(true);

    // seller2 saw none of it.
    await sleep(300);
    expect(other.messages().filter((x) => x.conversationID === group)).toEqual([]);
    expect(other.frames.filter((f) => f.op === "read" || (f.op === "conversation" && f.conversation.conversationId === group))).toEqual([]);
    // No message twice on any socket.
    for (const c of [s, m, other]) expect(new Set(ids(c)).size).toBe(ids(c).length);
  });

  it("refusals come back as nacks with the msg to show", async () => {
    const s = await connect(seller);
    s.send({ op: "send", conversationId: group, clientMsgId: "nack-1", type: "TIMTextElem", text: "   " });
    expect(await s.waitFor((f) => f.op === "nack" && f.clientMsgId === "nack-1")).toEqual({ op: "nack", clientMsgId: "nack-1", msg: MSG_TEXT_EMPTY, code: Code.INVALID });
    s.send({ op: "send", conversationId: SYSTEM_CONVERSATION_ID, clientMsgId: "nack-2", type: "TIMTextElem", text: "hi" });
    expect(await s.waitFor((f) => f.op === "nack" && f.clientMsgId === "nack-2")).toEqual({ op: "nack", clientMsgId: "nack-2", msg: MSG_SYSTEM_READ_ONLY, code: Code.FORBIDDEN });
    s.send({ op: "send", conversationId: `C2C${p.seller2.id}`, clientMsgId: "nack-3", type: "TIMTextElem", text: "hi" });
    expect(await s.waitFor((f) => f.op === "nack" && f.clientMsgId === "nack-3")).toMatchObject({ code: Code.FORBIDDEN });
    const s2 = await connect(seller2);
    s2.send({ op: "send", conversationId: group, clientMsgId: "nack-4", type: "TIMTextElem", text: "let me in" });
    expect(await s2.waitFor((f) => f.op === "nack" && f.clientMsgId === "nack-4")).toMatchObject({ code: Code.FORBIDDEN });
    s2.send({ op: "read", conversationId: group, messageId: 1 });
    expect(await s2.waitFor((f) => f.op === "error")).toMatchObject({ op: "error", code: "frame" });
    s.send({ op: "bogus" });
    expect(await s.waitFor((f) => f.op === "error" && f.code === "frame")).toMatchObject({ msg: "Unknown op." });
  });

  it("a resend with the same clientMsgId is acked with the same message, delivered once", async () => {
    const s = await connect(seller);
    const m = await connect(merchant);
    const frame = { op: "send", conversationId: group, clientMsgId: "dup-1", type: "TIMTextElem", text: "once" };
    s.send(frame);
    s.send(frame);
    const first = await s.waitFor<Extract<ServerFrame, { op: "ack" }>>((f) => f.op === "ack" && f.clientMsgId === "dup-1");
    await s.waitFor((f) => f.op === "ack" && f.clientMsgId === "dup-1" && f !== first, 15_000, s.frames.indexOf(first) + 1);
    const acks = s.frames.filter((f) => f.op === "ack" && f.clientMsgId === "dup-1") as Array<Extract<ServerFrame, { op: "ack" }>>;
    expect(new Set(acks.map((a) => a.message.ID)).size).toBe(1);
    await m.waitFor(isMessage(first.message.ID));
    await sleep(300);
    expect(m.messages().filter((x) => x.clientMsgId === "dup-1")).toHaveLength(1);
  });
});

describe("reconnect", () => {
  it("closing, 3 messages from the other side, reconnecting with since: exactly the missed ones, once", async () => {
    const m = await connect(merchant);
    const before = await httpText(seller, group, "before the drop");
    await m.waitFor(isMessage(before.ID));
    const since = lastId(m);
    await m.close();

    const missed = [await httpText(seller, group, "missed 1"), await httpText(seller, group, "missed 2"), await httpText(seller, group, "missed 3")];
    const again = await connect(merchant, since);
    const replayed = again.frames.slice(0, again.frames.findIndex((f) => f.op === "synced")).flatMap((f) => (f.op === "message" ? [f.message.ID] : []));
    expect(replayed).toEqual(missed.map((x) => x.ID));
    expect(again.frames.find((f) => f.op === "synced")).toEqual({ op: "synced", lastMessageId: missed[2]!.ID });

    // Live again, once.
    const after = await httpText(seller, group, "after");
    await again.waitFor(isMessage(after.ID));
    await sleep(300);
    expect(ids(again)).toEqual([...missed.map((x) => x.ID), after.ID]);
  });

  it("while messages keep coming: the two sockets together hold every message once, none before `since` on the second", async () => {
    const m1 = await connect(merchant);
    const sent: string[] = [];
    const sending = (async () => {
      for (let i = 0; i < 24; i++) {
        sent.push((await httpText(seller, group, `burst ${i}`)).ID);
        await sleep(15);
      }
    })();
    // Drop the socket mid-burst: once it has seen some of it (a fixed sleep
    // raced a slow database under load and could close before the first).
    await m1.waitFor((f) => f.op === "message" && /^burst /.test(String((f.message.payload as { text?: string }).text)), 10_000);
    await m1.close();
    // The client's last seen id: whatever it had received when its socket went down.
    const since = lastId(m1);
    expect(since).toBeGreaterThan(0);
    await sleep(60);
    const m2 = await connect(merchant, since);
    await sending;
    await m2.waitFor(isMessage(sent.at(-1)!), 15_000);
    const first = ids(m1).filter((id) => sent.includes(id));
    const second = ids(m2);
    expect(second.every((id) => Number(id) > since)).toBe(true);
    expect(new Set(second).size).toBe(second.length);
    // What the client keeps after deduping by ID: everything, in order.
    const union = [...new Set([...first, ...second.filter((id) => sent.includes(id))])];
    expect(union).toEqual(sent);
    expect(first.filter((id) => second.includes(id))).toEqual([]);
  });

  it("parallel sends from both sides, while order events commit, reach a connected socket each exactly once", async () => {
    const id = await placeOrder(t, p.seller.token, advert);
    const g = `GROUP${id}`;
    const s = await connect(seller);
    const sent = await Promise.all([
      ...Array.from({ length: 30 }, (_, i) => httpText(i % 2 ? merchant : seller, g, `parallel ${i}`)),
      // Order events post system messages inside their own transactions meanwhile.
      staff(t, "/merchant/order/view", { id }, p.merchant.token).then(expectOk),
    ]);
    const wanted = sent.filter((x): x is ChatMessage => !!x && typeof x === "object" && "ID" in x).map((x) => x.ID);
    expect(wanted).toHaveLength(30);
    for (const w of wanted) await s.waitFor(isMessage(w));
    await s.waitFor((f) => f.op === "message" && f.message.ref?.id === id && /^Merchant viewed/.test((f.message.payload as { text: string }).text));
    await sleep(300);
    const got = ids(s);
    expect(new Set(got).size).toBe(got.length);
    // Ids only grow on a socket.
    expect(got.map(Number)).toEqual([...got.map(Number)].sort((a, b) => a - b));
  });

  it("since = 0 replays the newest 500, oldest first, and says the rest was skipped", async () => {
    const id = await placeOrder(t, p.seller.token, advert);
    const order = await t.db.selectFrom("orders").select(["id", "seller_id", "buyer_id"]).where("id", "=", id).executeTakeFirstOrThrow();
    const conv = await ensureConversation(t.db, groupConversation(order), t.clock.now());
    const inserted: number[] = [];
    await transaction(t.db, async (trx) => {
      for (let i = 0; i < SYNC_CAP + 20; i++) {
        const text = t.backend.services.secrets.seal(`bulk ${i}`);
        const row = await insertMessage(trx, { conversation_id: conv.id, sender_id: p.seller.id, type: "text", text, payload: null, client_msg_id: `bulk-${i}`, created_at: t.clock.now() });
        inserted.push(row.id);
      }
    });
    const m = await connect(merchant, 0);
    const synced = m.frames.find((f) => f.op === "synced");
    expect(synced).toEqual({ op: "synced", lastMessageId: String(inserted.at(-1)), truncated: true });
    const replay = ids(m).map(Number);
    expect(replay).toHaveLength(SYNC_CAP);
    expect(replay).toEqual([...replay].sort((a, b) => a - b));
    expect(replay.at(-1)).toBe(inserted.at(-1));
    // A `since` beyond the newest message (another database) starts from the newest.
    const far = await connect(merchant, 10 ** 12);
    expect(far.frames.find((f) => f.op === "synced")).toEqual({ op: "synced", lastMessageId: String(inserted.at(-1)) });
    const next = await httpText(merchant, `GROUP${id}`, "still here");
    await far.waitFor(isMessage(next.ID));
  });
});

describe("system messages", () => {
  it("an order's status change reaches the seller's system conversation and refreshes the group for both", async () => {
    const id = await placeOrder(t, p.seller.token, advert);
    const g = `GROUP${id}`;
    const s = await connect(seller);
    const m = await connect(merchant);
    const sFrom = s.frames.length;
    const mFrom = m.frames.length;
    expectOk(await staff(t, "/merchant/order/view", { id }, p.merchant.token));
    const sys = await s.waitFor<Extract<ServerFrame, { op: "message" }>>(
      (f) => f.op === "message" && f.message.conversationID === SYSTEM_CONVERSATION_ID && f.message.ref?.id === id,
      5000,
      sFrom,
    );
    expect(sys.message).toMatchObject({ from: "88888888", flow: "in", ref: { type: "order", id } });
    expect((sys.message.payload as { text: string }).text).toMatch(/^Merchant viewed your card\n/);
    // Match the new status: the "Order created" update can still be on its way
    // (pushed by the hub's next poll) and land after sFrom / mFrom.
    const isGroupAt = (status: number) => (f: ServerFrame) => f.op === "conversation" && f.conversation.conversationId === g && f.conversation.order?.status === status;
    const forSeller = await s.waitFor<Extract<ServerFrame, { op: "conversation" }>>(isGroupAt(1), 10_000, sFrom);
    const forMerchant = await m.waitFor<Extract<ServerFrame, { op: "conversation" }>>(isGroupAt(1), 10_000, mFrom);
    expect(forSeller.conversation.order).toMatchObject({ id, status: 1 });
    expect(forMerchant.conversation.order).toMatchObject({ id, status: 1 });
    // The merchant has no system message for it (notices go to the seller).
    expect(m.messages().filter((x) => x.conversationID === SYSTEM_CONVERSATION_ID && x.ref?.id === id)).toEqual([]);

    expectOk(await staff(t, "/merchant/order/complete", { id }, p.merchant.token));
    const done = await m.waitFor<Extract<ServerFrame, { op: "conversation" }>>(
      (f) => f.op === "conversation" && f.conversation.conversationId === g && f.conversation.order?.status === 4,
      5000,
      mFrom,
    );
    expect(done.conversation.readOnly).toBe(true);
    m.send({ op: "send", conversationId: g, clientMsgId: "too-late", type: "TIMTextElem", text: "one more thing" });
    expect(await m.waitFor((f) => f.op === "nack" && f.clientMsgId === "too-late")).toEqual({ op: "nack", clientMsgId: "too-late", msg: MSG_ORDER_FINISHED, code: Code.FAILED });
  });
});

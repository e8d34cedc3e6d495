/**
 * The built-in chat service over its HTTP API (/chat/api/*, /chat/file/*): a seller and
 * merchant1 in an order group exchange text, a picture and a voice clip; read receipts and
 * unread counts; paging 15; resends; every refusal of who may chat; seller2 kept out; system messages
 * for order events. docs/decisions/0009-chat.md.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  HISTORY_PAGE_SIZE,
  MSG_ORDER_FINISHED,
  MSG_TEXT_EMPTY,
  MSG_TEXT_TOO_LONG,
  SYSTEM_CONVERSATION_ID,
  TEXT_MAX,
  type ChatConversation,
  type ChatMessage,
} from "../../contract/chat-protocol";
import { Code } from "../../contract/envelope";
import { MESSAGES } from "../../contract/fields";
import { DEMO_LOGINS } from "../../backend/demo/world";
import {
  MSG_NOT_WITH_SELF,
  MSG_NOT_YOUR_ORDER,
  MSG_NOT_YOUR_WITHDRAWER,
  MSG_ONLY_MERCHANTS,
  MSG_SYSTEM_READ_ONLY,
} from "../../backend/modules/chat/conversations";
import { createTestBackend, type TestBackend } from "../support/backend";
import { chatApi, chatAuth, chatGet, chatUpload, fakeWebm, type ChatAuth } from "../support/chat";
import { makeImage } from "../support/images";
import { expectOk, makeAdvert, noticesOf, parties, placeOrder, staff, userIdOf, type Parties } from "../support/orders";
import { addBank, makeWithdrawer } from "../support/wallet";

let t: TestBackend;
let p: Parties;
let advert: number;
let orderId: number;
let group: string;
let seller: ChatAuth;
let seller2: ChatAuth;
let merchant: ChatAuth;
let seq = 0;
const cid = (prefix = "m") => `${prefix}-${++seq}-${Date.now()}`;

async function send(auth: ChatAuth, conversationId: string, body: Record<string, unknown>) {
  return chatApi<{ message: ChatMessage }>(t, auth, "send", { conversationId, clientMsgId: cid(), ...body });
}
async function sendText(auth: ChatAuth, conversationId: string, text: string): Promise<ChatMessage> {
  const res = await send(auth, conversationId, { type: "TIMTextElem", text });
  expectOk(res);
  return res.data!.message;
}
async function list(auth: ChatAuth): Promise<ChatConversation[]> {
  const res = await chatApi<{ list: ChatConversation[] }>(t, auth, "conversations");
  expectOk(res);
  return res.data!.list;
}
async function conversation(auth: ChatAuth, id: string): Promise<ChatConversation | undefined> {
  return (await list(auth)).find((c) => c.conversationId === id);
}
async function history(auth: ChatAuth, conversationId: string, nextReqMessageID?: string) {
  return chatApi<{ messageList: ChatMessage[]; nextReqMessageID: string; isCompleted: boolean; conversation: ChatConversation }>(t, auth, "history", {
    conversationId,
    ...(nextReqMessageID ? { nextReqMessageID } : {}),
  });
}
async function allMessages(auth: ChatAuth, conversationId: string): Promise<ChatMessage[]> {
  const out: ChatMessage[] = [];
  let next: string | undefined;
  for (;;) {
    const res = await history(auth, conversationId, next);
    expectOk(res);
    out.unshift(...res.data!.messageList);
    if (res.data!.isCompleted) return out;
    next = res.data!.nextReqMessageID;
  }
}
function expectCode(res: { code: number; msg?: string }, code: number, msg?: string) {
  expect({ code: res.code, msg: msg === undefined ? undefined : res.msg }).toEqual({ code, msg });
}

beforeAll(async () => {
  t = await createTestBackend();
  p = await parties(t);
  advert = await makeAdvert(t, { merchantId: p.merchant.id });
  orderId = await placeOrder(t, p.seller.token, advert);
  group = `GROUP${orderId}`;
  seller = await chatAuth(t, p.seller.token);
  seller2 = await chatAuth(t, p.seller2.token);
  merchant = await chatAuth(t, p.merchant.token);
});
afterAll(async () => {
  await t?.close();
});

describe("conversations", () => {
  it("an order registers its group for the seller and the merchant, and posts 'Order created' to the seller's system conversation", async () => {
    const mine = await list(seller);
    const g = mine.find((c) => c.conversationId === group)!;
    expect(g).toMatchObject({ type: "GROUP", order: { id: orderId, status: 0, nameEn: "Apple Gift Card" }, readOnly: false, unreadCount: 0, lastMessage: null });
    expect(g.peer).toMatchObject({ id: p.merchant.id, nickname: "SwiftCards", isBusiness: 1 });
    const sys = mine.find((c) => c.conversationId === SYSTEM_CONVERSATION_ID)!;
    expect(sys).toMatchObject({ type: "C2C", readOnly: true, peer: { id: 88888888 } });
    expect(sys.unreadCount).toBeGreaterThanOrEqual(1);
    expect(sys.lastMessage).toMatchObject({ from: "88888888", flow: "in", type: "TIMTextElem", ref: { type: "order", id: orderId }, clientMsgId: null });
    expect((sys.lastMessage!.payload as { text: string }).text).toMatch(/^Order created\n/);

    const theirs = await conversation(merchant, group);
    expect(theirs?.peer).toMatchObject({ id: p.seller.id, isBusiness: 0 });
    // The merchant's own system conversation is there too (empty: notices go to the seller).
    expect(await conversation(merchant, SYSTEM_CONVERSATION_ID)).toMatchObject({ lastMessage: null, unreadCount: 0, readOnly: true });
  });

  it("answers in the client envelope; the session token works as well as the TLS signature", async () => {
    expectCode(await chatApi(t, undefined, "conversations"), Code.NOT_LOGGED_IN, "Please log in first.");
    expectCode(await chatApi(t, `TLS ${seller.userId}:${merchant.userSig}`, "conversations"), Code.NOT_LOGGED_IN, "Please log in first.");
    expectCode(await chatApi(t, `TLS ${seller.userId}:garbage`, "conversations"), Code.NOT_LOGGED_IN, "Please log in first.");
    expectOk(await chatApi(t, p.seller.token, "conversations"));
    expectOk(await chatApi(t, `Bearer ${p.seller.token}`, "conversations"));
    const res = await t.backend.handle(new Request("http://test/chat/api/nope", { method: "POST", headers: { authorization: seller.header } }));
    expect(res.status).toBe(404);
    const get = await t.backend.handle(new Request("http://test/chat/api/conversations", { headers: { authorization: seller.header } }));
    expect(get.status).toBe(405);
    expectCode(await chatApi(t, seller, "history", { conversationId: "FOO1" }), Code.INVALID, "Unknown conversation.");
  });
});

describe("text, picture and voice between the seller and merchant1", () => {
  it("text: sent, received, counted unread, read with receipts", async () => {
    const hello = await sendText(seller, group, "Hello, the code is on the back of the card.");
    expect(hello).toMatchObject({ conversationID: group, type: "TIMTextElem", flow: "out", from: String(p.seller.id), isRead: false });
    expect(hello.payload).toEqual({ text: "Hello, the code is on the back of the card." });
    expect(Number(hello.ID)).toBeGreaterThan(0);

    const inbox = await history(merchant, group);
    expectOk(inbox);
    expect(inbox.data!.messageList.at(-1)).toMatchObject({ ID: hello.ID, flow: "in", from: String(p.seller.id), isRead: false });
    expect((await conversation(merchant, group))?.unreadCount).toBe(1);

    const reply = await sendText(merchant, group, "Got it, checking now.");
    expect((await conversation(seller, group))?.unreadCount).toBe(1);
    expect((await conversation(seller, group))?.lastMessage).toMatchObject({ ID: reply.ID, flow: "in" });

    // The merchant reads: its unread count drops, the seller's message shows as read.
    const read = await chatApi(t, merchant, "read", { conversationId: group, messageId: hello.ID });
    expectOk(read);
    expect(read.data).toEqual({ unreadCount: 0 });
    expect((await conversation(merchant, group))?.unreadCount).toBe(0);
    const mine = (await history(seller, group)).data!.messageList;
    expect(mine.find((m) => m.ID === hello.ID)).toMatchObject({ flow: "out", isRead: true });
    expect(mine.find((m) => m.ID === reply.ID)).toMatchObject({ flow: "in", isRead: false });
    // The merchant's own reply is not read by the seller yet.
    expect((await history(merchant, group)).data!.messageList.find((m) => m.ID === reply.ID)).toMatchObject({ flow: "out", isRead: false });

    // The seller reads everything (an id past the end is clamped; going backwards changes nothing).
    expect((await chatApi(t, seller, "read", { conversationId: group, messageId: "999999999" })).data).toEqual({ unreadCount: 0 });
    expect((await history(merchant, group)).data!.messageList.find((m) => m.ID === reply.ID)?.isRead).toBe(true);
    expectOk(await chatApi(t, seller, "read", { conversationId: group, messageId: 1 }));
    const member = await t.db.selectFrom("chat_members").select("last_read_id").where("user_id", "=", p.seller.id).where("last_read_id", ">", 0).orderBy("last_read_id", "desc").executeTakeFirstOrThrow();
    expect(member.last_read_id).toBe(Number(reply.ID));
  });

  it("a picture: compressed to 1024 px at quality 0.8, stored encrypted, served through a signed URL", async () => {
    const png = await makeImage("png", 2000, 1000);
    const up = await chatUpload<{ path: string; width: number; height: number }>(t, seller, { bytes: png, name: "card.png", type: "image/png" }, { kind: "image" });
    expectOk(up);
    expect(up.data).toMatchObject({ width: 1024, height: 512 });
    expect(up.data!.path).toMatch(/^chat\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.jpg$/);

    const sent = await send(seller, group, { type: "TIMImageElem", payload: { path: up.data!.path, width: 1, height: 1 } });
    expectOk(sent);
    const msg = sent.data!.message;
    expect(msg.type).toBe("TIMImageElem");
    const info = (msg.payload as { imageInfoArray: Array<{ url: string; width: number; height: number }> }).imageInfoArray[0]!;
    // The server's size, not what the client claimed.
    expect(info).toMatchObject({ width: 1024, height: 512 });
    expect(info.url).toMatch(new RegExp(`^/chat/file/${up.data!.path}\\?exp=\\d+&sig=[A-Za-z0-9_-]+$`));

    // The merchant sees it in history and can fetch it.
    const theirs = (await history(merchant, group)).data!.messageList.find((m) => m.ID === msg.ID)!;
    const url = (theirs.payload as { imageInfoArray: Array<{ url: string }> }).imageInfoArray[0]!.url;
    const res = await chatGet(t, url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 1024, height: 512 });
    // Not readable on disk.
    const { readFileSync } = await import("node:fs");
    const { join } = await import("node:path");
    const onDisk = readFileSync(join(t.config.DATA_DIR, "blobs", ...up.data!.path.split("/")));
    expect(onDisk.subarray(0, 4).toString()).toBe("MKB1");
    // The header, then ciphertext: no JPEG start where the body begins.
    expect(onDisk.subarray(64, 67).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(false);

    // A changed signature, another path with this signature, or an expired link: refused.
    const tampered = url.replace(/sig=(.)/, (_m, c: string) => `sig=${c === "A" ? "B" : "A"}`);
    expect((await chatGet(t, tampered)).status).toBe(403);
    expect((await chatGet(t, url.replace(/exp=(\d+)/, (_m, e: string) => `exp=${Number(e) + 3600}`))).status).toBe(403);
    expect((await chatGet(t, url.replace(up.data!.path, "chat/2026/11/00000000-0000-0000-0000-000000000000.jpg"))).status).toBe(403);
    expect((await chatGet(t, url.split("?")[0]!)).status).toBe(403);
    t.clock.advance(2 * 3600_000);
    try {
      expect((await chatGet(t, url)).status).toBe(403);
      // History signs afresh.
      const fresh = (await history(merchant, group)).data!.messageList.find((m) => m.ID === msg.ID)!;
      expect((await chatGet(t, (fresh.payload as { imageInfoArray: Array<{ url: string }> }).imageInfoArray[0]!.url)).status).toBe(200);
    } finally {
      t.clock.advance(-2 * 3600_000);
    }

    // Not a picture; or another user's upload.
    expectCode(await chatUpload(t, seller, { bytes: new TextEncoder().encode("not an image"), name: "x.png", type: "image/png" }, { kind: "image" }), Code.INVALID, MESSAGES.unsupportedImage);
    expectCode(await send(merchant, group, { type: "TIMImageElem", payload: { path: up.data!.path } }), Code.INVALID, "Upload the picture first.");
    expectCode(await send(seller, group, { type: "TIMImageElem" }), Code.INVALID, "payload.path is required (the path of an upload).");
  });

  it("a voice clip: webm, ogg, wav or mp4 up to 1 MB and 15 s, played with byte ranges", async () => {
    const clip = fakeWebm(3000);
    const up = await chatUpload<{ path: string; seconds: number }>(t, merchant, { bytes: clip, name: "voice.webm", type: "audio/webm;codecs=opus" }, { kind: "audio", seconds: "4.4" });
    expectOk(up);
    expect(up.data).toMatchObject({ seconds: 4 });
    expect(up.data!.path).toMatch(/\.webm$/);
    const sent = await send(merchant, group, { type: "audio", payload: { path: up.data!.path } });
    expectOk(sent);
    const msg = sent.data!.message;
    expect(msg).toMatchObject({ type: "TIMSoundElem", flow: "out", from: String(p.merchant.id) });
    const sound = msg.payload as { url: string; second: number };
    expect(sound.second).toBe(4);

    const theirs = (await history(seller, group)).data!.messageList.find((m) => m.ID === msg.ID)!;
    expect(theirs).toMatchObject({ type: "TIMSoundElem", flow: "in" });
    const url = (theirs.payload as { url: string }).url;
    const whole = await chatGet(t, url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("audio/webm");
    expect(Buffer.from(await whole.arrayBuffer()).equals(Buffer.from(clip))).toBe(true);
    const part = await chatGet(t, url, { range: "bytes=10-19" });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 10-19/${clip.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(Buffer.from(clip.subarray(10, 20)))).toBe(true);

    const ogg = new Uint8Array(500);
    ogg.set(new TextEncoder().encode("OggS"));
    expectOk(await chatUpload(t, merchant, { bytes: ogg, name: "v.ogg", type: "audio/ogg" }, { kind: "audio", seconds: "2" }));
    // Too long, too short, no length, too large, the wrong container, a type we do not take.
    expectCode(await chatUpload(t, merchant, { bytes: clip, name: "v.webm", type: "audio/webm" }, { kind: "audio", seconds: "15.5" }), Code.INVALID, "The voice message is too long (15 seconds at most).");
    expectCode(await chatUpload(t, merchant, { bytes: clip, name: "v.webm", type: "audio/webm" }, { kind: "audio", seconds: "1" }), Code.INVALID, "The voice message is too short.");
    expectCode(await chatUpload(t, merchant, { bytes: clip, name: "v.webm", type: "audio/webm" }, { kind: "audio" }), Code.INVALID, "seconds is required for a voice message.");
    expectCode(await chatUpload(t, merchant, { bytes: fakeWebm(1024 * 1024 + 1), name: "v.webm", type: "audio/webm" }, { kind: "audio", seconds: "5" }), Code.INVALID, "The voice message is too large (1 MB at most).");
    expectCode(await chatUpload(t, merchant, { bytes: ogg, name: "v.webm", type: "audio/webm" }, { kind: "audio", seconds: "5" }), Code.INVALID, MESSAGES.unsupportedImage);
    expectCode(await chatUpload(t, merchant, { bytes: clip, name: "v.mp3", type: "audio/mpeg" }, { kind: "audio", seconds: "5" }), Code.INVALID, MESSAGES.unsupportedImage);
    expectCode(await chatUpload(t, merchant, { bytes: clip, name: "v.webm", type: "audio/webm" }, { kind: "video" }), Code.INVALID, "kind must be image or audio.");
    // A picture upload cannot be sent as voice.
    const pic = await chatUpload<{ path: string }>(t, merchant, { bytes: await makeImage("jpeg", 10, 10), name: "a.jpg", type: "image/jpeg" }, { kind: "image" });
    expectCode(await send(merchant, group, { type: "TIMSoundElem", payload: { path: pic.data!.path } }), Code.INVALID, "Upload the voice message first.");
  });
});

describe("history", () => {
  it("pages 15 at a time, oldest first, with nextReqMessageID, over 40 messages", async () => {
    const other = await placeOrder(t, p.seller.token, advert);
    const conv = `GROUP${other}`;
    const sent: ChatMessage[] = [];
    for (let i = 1; i <= 40; i++) sent.push(await sendText(i % 3 === 0 ? merchant : seller, conv, `message ${i}`));

    const first = await history(seller, conv);
    expectOk(first);
    expect(first.data!.messageList.map((m) => (m.payload as { text: string }).text)).toEqual(Array.from({ length: 15 }, (_, i) => `message ${26 + i}`));
    expect(first.data!.isCompleted).toBe(false);
    expect(first.data!.nextReqMessageID).toBe(sent[25]!.ID);
    expect(first.data!.conversation).toMatchObject({ conversationId: conv, order: { id: other } });

    const second = await history(seller, conv, first.data!.nextReqMessageID);
    expect(second.data!.messageList.map((m) => m.ID)).toEqual(sent.slice(10, 25).map((m) => m.ID));
    expect(second.data!.isCompleted).toBe(false);

    const third = await history(seller, conv, second.data!.nextReqMessageID);
    expect(third.data!.messageList.map((m) => m.ID)).toEqual(sent.slice(0, 10).map((m) => m.ID));
    expect(third.data).toMatchObject({ isCompleted: true, nextReqMessageID: "" });
    expect(HISTORY_PAGE_SIZE).toBe(15);

    // Every message once, in order; flows from each side.
    const all = await allMessages(merchant, conv);
    expect(all.map((m) => m.ID)).toEqual(sent.map((m) => m.ID));
    expect(all.filter((m) => m.flow === "out")).toHaveLength(13);
    expect((await conversation(merchant, conv))?.unreadCount).toBe(27);
  });

  it("a conversation not started yet is empty and complete", async () => {
    const res = await history(seller, `C2C${p.merchant2.id}`);
    expectOk(res);
    expect(res.data).toMatchObject({ messageList: [], nextReqMessageID: "", isCompleted: true, conversation: { conversationId: `C2C${p.merchant2.id}`, peer: { id: p.merchant2.id } } });
  });
});

describe("resends", () => {
  it("the same clientMsgId stores one message and answers it again", async () => {
    const body = { conversationId: group, clientMsgId: "resend-1", type: "TIMTextElem", text: "Are you there?" };
    const a = await chatApi<{ message: ChatMessage }>(t, seller, "send", body);
    const b = await chatApi<{ message: ChatMessage }>(t, seller, "send", body);
    const c = await Promise.all([1, 2, 3].map(() => chatApi<{ message: ChatMessage }>(t, seller, "send", body)));
    expectOk(a);
    expectOk(b);
    for (const r of c) expect(r.data!.message.ID).toBe(a.data!.message.ID);
    expect(b.data!.message).toEqual(a.data!.message);
    const rows = await t.db.selectFrom("chat_messages").select("id").where("client_msg_id", "=", "resend-1").execute();
    expect(rows).toHaveLength(1);
    // Another user may use the same clientMsgId; the same user may not reuse it elsewhere.
    expectOk(await chatApi(t, merchant, "send", body));
    expectCode(await chatApi(t, seller, "send", { ...body, conversationId: `C2C${p.merchant.id}` }), Code.CONFLICT, "This clientMsgId was already used for another conversation.");
  });
});

describe("who may chat (docs/product/README.md#roles)", () => {
  it("a user chats with business users, withdrawers and the system only", async () => {
    expectOk(await send(seller, `C2C${p.merchant.id}`, { type: "TIMTextElem", text: "Hi merchant" }));
    expectCode(await send(seller, `C2C${p.seller2.id}`, { type: "TIMTextElem", text: "Hi" }), Code.FORBIDDEN, MSG_ONLY_MERCHANTS);
    expectCode(await history(seller, `C2C${p.seller2.id}`), Code.FORBIDDEN, MSG_ONLY_MERCHANTS);
    expectCode(await send(seller, `C2C${p.seller.id}`, { type: "TIMTextElem", text: "Hi" }), Code.FORBIDDEN, MSG_NOT_WITH_SELF);
    expectCode(await send(seller, SYSTEM_CONVERSATION_ID, { type: "TIMTextElem", text: "Hi" }), Code.FORBIDDEN, MSG_SYSTEM_READ_ONLY);
    expectOk(await history(seller, SYSTEM_CONVERSATION_ID));
    expectCode(await send(seller, "C2C987654321", { type: "TIMTextElem", text: "Hi" }), Code.NOT_FOUND, "User not found.");
    expectCode(await send(seller, "GROUP987654321", { type: "TIMTextElem", text: "Hi" }), Code.NOT_FOUND, "Order not found.");
    expectCode(await send(seller, "C2Cw987654321", { type: "TIMTextElem", text: "Hi" }), Code.NOT_FOUND, "Withdrawer not found.");
    expectCode(await send(seller, "C2X1", { type: "TIMTextElem", text: "Hi" }), Code.INVALID, "Unknown conversation.");
  });

  it("business users chat with anyone", async () => {
    const m = await sendText(merchant, `C2C${p.seller2.id}`, "Hello from SwiftCards");
    expect(m.conversationID).toBe(`C2C${p.seller2.id}`);
    const theirs = await conversation(seller2, `C2C${p.merchant.id}`);
    expect(theirs).toMatchObject({ unreadCount: 1, peer: { id: p.merchant.id, isBusiness: 1 }, lastMessage: { ID: m.ID, flow: "in" } });
  });

  it("a user and a withdrawer: C2Cw{withdrawerId} on the user's side, C2Cw{withdrawerId}-{userId} on the withdrawer's", async () => {
    const staffId = await userIdOf(t, DEMO_LOGINS.withdrawers[0]);
    const w = await t.db.selectFrom("withdrawers").select("id").where("user_id", "=", staffId).executeTakeFirstOrThrow();
    const staffAuth = await chatAuth(t, await t.login(DEMO_LOGINS.withdrawers[0]));
    const ask = await sendText(seller, `C2Cw${w.id}`, "When will you pay?");
    expect(ask.conversationID).toBe(`C2Cw${w.id}`);
    const theirSide = `C2Cw${w.id}-${p.seller.id}`;
    const inbox = await conversation(staffAuth, theirSide);
    expect(inbox).toMatchObject({ type: "C2C", unreadCount: 1, peer: { id: p.seller.id }, lastMessage: { ID: ask.ID, flow: "in", from: String(p.seller.id) } });
    const answer = await sendText(staffAuth, theirSide, "Within the hour.");
    expect(answer).toMatchObject({ conversationID: theirSide, from: `w${w.id}`, flow: "out" });
    const mine = await conversation(seller, `C2Cw${w.id}`);
    expect(mine).toMatchObject({ peer: { id: staffId, withdrawerId: w.id }, lastMessage: { ID: answer.ID, from: `w${w.id}`, flow: "in" } });
    // The staff's own C2C with the seller is a different conversation.
    expect((await history(staffAuth, `C2C${p.seller.id}`)).data!.messageList).toEqual([]);
    // Only the withdrawer's staff speaks for it; nobody chats with themselves.
    expectCode(await send(seller, `C2Cw${w.id}-${p.seller2.id}`, { type: "TIMTextElem", text: "x" }), Code.FORBIDDEN, MSG_NOT_YOUR_WITHDRAWER);
    expectCode(await history(seller2, theirSide), Code.FORBIDDEN, MSG_NOT_YOUR_WITHDRAWER);
    expectCode(await send(staffAuth, `C2Cw${w.id}`, { type: "TIMTextElem", text: "x" }), Code.FORBIDDEN, MSG_NOT_WITH_SELF);
    expectCode(await send(staffAuth, `C2Cw${w.id}-${staffId}`, { type: "TIMTextElem", text: "x" }), Code.FORBIDDEN, MSG_NOT_WITH_SELF);
  });

  it("text must not be empty or whitespace, and at most 2000 characters", async () => {
    expectCode(await send(seller, group, { type: "TIMTextElem", text: "" }), Code.INVALID, MSG_TEXT_EMPTY);
    expectCode(await send(seller, group, { type: "TIMTextElem", text: " \n\t " }), Code.INVALID, MSG_TEXT_EMPTY);
    expectCode(await send(seller, group, { type: "TIMTextElem" }), Code.INVALID, MSG_TEXT_EMPTY);
    expectCode(await send(seller, group, { type: "TIMTextElem", text: "x".repeat(TEXT_MAX + 1) }), Code.INVALID, MSG_TEXT_TOO_LONG);
    expectOk(await send(seller, group, { type: "TIMTextElem", text: "x".repeat(TEXT_MAX) }));
    expectCode(await send(seller, group, { type: "TIMVideoElem", text: "x" }), Code.INVALID);
    expectCode(await chatApi(t, seller, "send", { conversationId: group, clientMsgId: "bad id!", type: "TIMTextElem", text: "x" }), Code.INVALID, "clientMsgId must be 1-64 letters, digits or _.:-");
  });

  it("seller2 can neither read nor post in the seller's order group or conversations", async () => {
    expectCode(await history(seller2, group), Code.FORBIDDEN, MSG_NOT_YOUR_ORDER);
    expectCode(await send(seller2, group, { type: "TIMTextElem", text: "let me in" }), Code.FORBIDDEN, MSG_NOT_YOUR_ORDER);
    expectCode(await chatApi(t, seller2, "read", { conversationId: group, messageId: 1 }), Code.FORBIDDEN, MSG_NOT_YOUR_ORDER);
    expectCode(await history(seller2, `C2C${p.seller.id}`), Code.FORBIDDEN, MSG_ONLY_MERCHANTS);
    // Their own C2C with merchant1 holds only their own conversation, never the seller's.
    const theirs = await allMessages(seller2, `C2C${p.merchant.id}`);
    const sellers = await allMessages(seller, `C2C${p.merchant.id}`);
    expect(sellers.length).toBeGreaterThan(0);
    expect(theirs.some((m) => sellers.some((s) => s.ID === m.ID))).toBe(false);
    // Their list never shows the seller's group; their system conversation is their own.
    const names = (await list(seller2)).map((c) => c.conversationId);
    expect(names).not.toContain(group);
    expect((await history(seller2, SYSTEM_CONVERSATION_ID)).data!.messageList).toEqual([]);
  });
});

describe("order events", () => {
  it("every seller notice is also a system message; a finished order's group refuses messages with 'Order finished'", async () => {
    const id = await placeOrder(t, p.seller.token, advert);
    const g = `GROUP${id}`;
    await sendText(seller, g, "Please check quickly");
    expectOk(await staff(t, "/merchant/order/view", { id }, p.merchant.token));
    expect((await conversation(seller, g))?.order?.status).toBe(1);
    await sendText(merchant, g, "Looks fine");
    expectOk(await staff(t, "/merchant/order/complete", { id }, p.merchant.token));

    const sys = (await allMessages(seller, SYSTEM_CONVERSATION_ID)).filter((m) => m.ref?.id === id);
    expect(sys.map((m) => (m.payload as { text: string }).text.split("\n")[0])).toEqual(["Order created", "Merchant viewed your card", "Order completed"]);
    for (const m of sys) expect(m).toMatchObject({ from: "88888888", flow: "in", type: "TIMTextElem", ref: { type: "order", id } });
    const notices = await noticesOf(t, p.seller.id, id);
    expect(notices.map((n) => `${n.title_en}\n${n.content_en}`)).toEqual(sys.map((m) => (m.payload as { text: string }).text));

    const after = await conversation(seller, g);
    expect(after).toMatchObject({ order: { status: 4 }, readOnly: true });
    expectCode(await send(seller, g, { type: "TIMTextElem", text: "Thanks!" }), Code.FAILED, MSG_ORDER_FINISHED);
    expectCode(await send(merchant, g, { type: "TIMTextElem", text: "You're welcome" }), Code.FAILED, MSG_ORDER_FINISHED);
    // Reading, and marking read, still work.
    expect((await history(seller, g)).data!.messageList).toHaveLength(2);
    expectOk(await chatApi(t, seller, "read", { conversationId: g, messageId: "999999999" }));
  });

  it("a resend of a message stored before the order finished is answered, not refused", async () => {
    const id = await placeOrder(t, p.seller.token, advert);
    const body = { conversationId: `GROUP${id}`, clientMsgId: "before-finish", type: "TIMTextElem", text: "last words" };
    const first = await chatApi<{ message: ChatMessage }>(t, seller, "send", body);
    expectOk(first);
    expectOk(await staff(t, "/merchant/order/view", { id }, p.merchant.token));
    expectOk(await staff(t, "/merchant/order/complete", { id }, p.merchant.token));
    const again = await chatApi<{ message: ChatMessage }>(t, seller, "send", body);
    expectOk(again);
    expect(again.data!.message.ID).toBe(first.data!.message.ID);
  });

  it("a withdrawal's notices are system messages too", async () => {
    const staffId = await userIdOf(t, DEMO_LOGINS.withdrawers[1]);
    const wid = await makeWithdrawer(t, { userId: staffId });
    const bank = await addBank(t, p.seller.token);
    const res = await t.call("/userWithdraw/applyWithdraw", { withdrawerId: wid, amount: 5_000, userPaymentId: bank, tradePwd: DEMO_LOGINS.tradePassword }, { token: p.seller.token });
    expectOk(res);
    const id = res.data.id as number;
    const staffToken = await t.login(DEMO_LOGINS.withdrawers[1]);
    expectOk(await staff(t, "/merchant/withdraw/process", { id }, staffToken));
    expectOk(await staff(t, "/merchant/withdraw/cancel", { id, reason: "Bank details do not match." }, staffToken));
    const notices = await t.db.selectFrom("notices").selectAll().where("user_id", "=", p.seller.id).where("type", "=", 2).where("ref_id", "=", id).orderBy("id").execute();
    expect(notices.length).toBe(2);
    const sys = (await allMessages(seller, SYSTEM_CONVERSATION_ID)).filter((m) => m.ref?.type === "withdrawal" && m.ref.id === id);
    expect(sys.map((m) => (m.payload as { text: string }).text)).toEqual(notices.map((n) => `${n.title_en}\n${n.content_en}`));
  });
});

describe("the unread total and the order of the list (ADR 0046)", () => {
  const total = async (auth: ChatAuth) => {
    const res = await chatApi<{ total: number }>(t, auth, "unread");
    expectOk(res);
    return res.data!.total;
  };
  const summed = async (auth: ChatAuth) => (await list(auth)).reduce((n, c) => n + c.unreadCount, 0);

  it("counts others' unread messages in every conversation, as the list does, and never one's own", async () => {
    const id = await placeOrder(t, p.seller.token, advert);
    const g = `GROUP${id}`;
    // Everything read first, so the figures below are this test's own.
    for (const c of await list(seller)) if (c.lastMessage) expectOk(await chatApi(t, seller, "read", { conversationId: c.conversationId, messageId: c.lastMessage.ID }));
    for (const c of await list(merchant)) if (c.lastMessage) expectOk(await chatApi(t, merchant, "read", { conversationId: c.conversationId, messageId: c.lastMessage.ID }));
    expect([await total(seller), await total(merchant)]).toEqual([0, 0]);

    await sendText(seller, g, "one");
    await sendText(seller, g, "two");
    expect([await total(seller), await total(merchant)]).toEqual([0, 2]);
    // One's own word does not put the conversation among one's unread ones (the index the total reads).
    const flags = await t.db
      .selectFrom("chat_members as me")
      .innerJoin("chat_conversations as c", "c.id", "me.conversation_id")
      .select(["me.user_id", "me.has_unread"])
      .where("c.key", "=", `group:${id}`)
      .execute();
    expect(Object.fromEntries(flags.map((f) => [f.user_id, f.has_unread]))).toEqual({ [p.seller.id]: false, [p.merchant.id]: true });
    const reply = await sendText(merchant, g, "three");
    expect([await total(seller), await total(merchant)]).toEqual([1, 2]);
    expect([await summed(seller), await summed(merchant)]).toEqual([1, 2]);
    expect(await chatApi(t, undefined, "unread")).toMatchObject({ code: Code.NOT_LOGGED_IN });

    // The system conversation is pinned first; then the newest activity; a conversation with no message yet after every one with.
    const mine = await list(seller);
    expect(mine[0]?.conversationId).toBe(SYSTEM_CONVERSATION_ID);
    expect(mine[1]).toMatchObject({ conversationId: g, lastMessage: { ID: reply.ID } });
    const firstEmpty = mine.findIndex((c) => c.lastMessage === null);
    if (firstEmpty >= 0) expect(mine.slice(firstEmpty).every((c) => c.lastMessage === null)).toBe(true);
    // The newest id the list's client may resume from is the newest message.
    const res = await chatApi<{ lastMessageId: string }>(t, seller, "conversations");
    expect(res.data!.lastMessageId).toBe(reply.ID);

    expectOk(await chatApi(t, merchant, "read", { conversationId: g, messageId: reply.ID }));
    expectOk(await chatApi(t, seller, "read", { conversationId: g, messageId: reply.ID }));
    expect([await total(seller), await total(merchant)]).toEqual([0, 0]);
  });

  it("stops counting at 100, where the badge shows 99+, in the total and in each conversation", async () => {
    const id = await placeOrder(t, p.seller.token, advert);
    const g = `GROUP${id}`;
    for (let i = 0; i < 105; i++) await sendText(merchant, g, `note ${i}`);
    expect(await total(seller)).toBe(100);
    expect((await conversation(seller, g))?.unreadCount).toBe(100);
    const newest = (await conversation(seller, g))!.lastMessage!;
    expectOk(await chatApi(t, seller, "read", { conversationId: g, messageId: newest.ID }));
    expect((await conversation(seller, g))?.unreadCount).toBe(0);
  });
});

describe("the conversation list in pages", () => {
  type Page = { list: ChatConversation[]; next: string; lastMessageId: string };
  const page = async (auth: ChatAuth, body: Record<string, unknown>) => {
    const res = await chatApi<Page>(t, auth, "conversations", body);
    expectOk(res);
    return res.data!;
  };

  it("pages by `next` through the same conversations as the whole list, the system one on the first page only", async () => {
    // More conversations than a page: each order opens one.
    for (let i = 0; i < 4; i++) await placeOrder(t, p.seller.token, advert);
    const whole = (await page(seller, {})).list.map((c) => c.conversationId);
    expect(whole.length).toBeGreaterThan(6);

    const seen: string[] = [];
    let before: string | undefined;
    let pages = 0;
    for (;;) {
      const r = await page(seller, { limit: 3, ...(before ? { before } : {}) });
      pages++;
      seen.push(...r.list.map((c) => c.conversationId));
      if (pages > 1) expect(r.list.map((c) => c.conversationId)).not.toContain(SYSTEM_CONVERSATION_ID);
      if (!r.next) break;
      // Three, and on the first page the system conversation too.
      expect(r.list.length).toBe(pages === 1 ? 4 : 3);
      before = r.next;
    }
    expect(pages).toBe(Math.ceil((whole.length - 1) / 3));
    expect(seen).toEqual(whole);
  });

  it("pins the real system conversation to the first page, however many conversations are newer", async () => {
    const id = await placeOrder(t, p.seller.token, advert);
    // Newer than the system conversation's last message ("Order created"): two order chats.
    await sendText(merchant, `GROUP${id}`, "newer one");
    await sendText(merchant, group, "newer two");
    const first = await page(seller, { limit: 1 });
    expect(first.list.map((c) => c.conversationId)).toEqual([SYSTEM_CONVERSATION_ID, group]);
    // The real one, with its last message and its count, not an empty stand-in.
    const sys = (await allMessages(seller, SYSTEM_CONVERSATION_ID)).at(-1)!;
    expect(first.list[0]!.lastMessage?.ID).toBe(sys.ID);
    expect(first.list[0]!.unreadCount).toBe((await list(seller)).find((c) => c.conversationId === SYSTEM_CONVERSATION_ID)!.unreadCount);
    expect((await page(seller, { limit: 1, before: first.next })).list.map((c) => c.conversationId)).toEqual([`GROUP${id}`]);
  });

  it("another user's cursor shows only one's own conversations; the unread total is one's own", async () => {
    const mine = await page(seller, { limit: 2 });
    expect(mine.next).not.toBe("");
    const theirs = (await page(seller2, { limit: 200 })).list.map((c) => c.conversationId);
    const withMyCursor = (await page(seller2, { limit: 200, before: mine.next })).list.map((c) => c.conversationId);
    expect(withMyCursor.every((id) => theirs.includes(id))).toBe(true);
    expect(withMyCursor).not.toContain(group);
    expect(theirs).not.toContain(group);
    // A word for the seller counts in the seller's total, never in seller2's.
    const total = async (auth: ChatAuth) => (await chatApi<{ total: number }>(t, auth, "unread")).data!.total;
    const [sellerBefore, seller2Before] = [await total(seller), await total(seller2)];
    await sendText(merchant, group, "for the seller only");
    expect([await total(seller), await total(seller2)]).toEqual([Math.min(sellerBefore + 1, 100), seller2Before]);
  });

  it("limit 0 answers only the newest id; a cursor that is not one is refused", async () => {
    const r = await page(seller, { limit: 0 });
    expect(r.list).toEqual([]);
    expect(Number(r.lastMessageId)).toBeGreaterThan(0);
    expectCode(await chatApi(t, seller, "conversations", { before: "GROUP1" }), Code.INVALID, "before must be the next of an earlier page.");
    expect((await chatApi(t, seller, "conversations", { limit: 201 })).code).toBe(Code.INVALID);
  });
});

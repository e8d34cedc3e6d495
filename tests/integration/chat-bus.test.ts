/**
 * Two backend processes on one database (two chat services, two socket servers):
 * with the NOTIFY bus (modules/chat/bus.ts) a read on one reaches the reader's peer
 * connected to the other as a receipt, and a new message is pushed across without
 * waiting for the other hub's poll. The control, with the in-memory bus each process
 * has alone, shows the receipt never crosses. On PostgreSQL, a listener whose
 * connection is killed reconnects and receipts flow again.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServerFrame } from "../../contract/chat-protocol";
import { createBackend } from "../../backend/app";
import { createMemoryBus, createNotifyBus, type ChatBus } from "../../backend/modules/chat/bus";
import { createSecretBox } from "../../backend/security/secret-box";
import { TEST_DATA_KEY, createTestBackend, type TestBackend } from "../support/backend";
import { chatAuth, ChatClient, startChatServer, type ChatAuth } from "../support/chat";
import { makeAdvert, parties, placeOrder, type Parties } from "../support/orders";

let t: TestBackend;
let p: Parties;
let seller: ChatAuth;
let merchant: ChatAuth;
let advert: number;
const closers: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  t = await createTestBackend();
  p = await parties(t);
  advert = await makeAdvert(t, { merchantId: p.merchant.id });
  seller = await chatAuth(t, p.seller.token);
  merchant = await chatAuth(t, p.merchant.token);
});
afterAll(async () => {
  for (const close of closers.reverse()) await close().catch(() => undefined);
  await t?.close();
});

/** A second "process": its own backend and chat service on the same database, with `bus`. */
async function processWith(bus: ChatBus) {
  const backend = createBackend({ db: t.db, config: t.config, clock: t.clock, secrets: createSecretBox(TEST_DATA_KEY), log: () => {}, chatBus: bus });
  const server = await startChatServer({ backend });
  closers.push(() => backend.chat.close(), () => server.close());
  return server;
}

async function connect(server: { wsUrl: string }, auth: ChatAuth) {
  const c = await ChatClient.connect(server.wsUrl, auth);
  closers.push(() => c.close());
  return c;
}

/** The seller, on process A, sends in a new order's group; the merchant, on B, receives it and reads it. */
async function sendAndRead(a: { wsUrl: string }, b: { wsUrl: string }) {
  const group = `GROUP${await placeOrder(t, p.seller.token, advert)}`;
  const s = await connect(a, seller);
  const m = await connect(b, merchant);
  const clientMsgId = `bus-${group}`;
  s.send({ op: "send", conversationId: group, clientMsgId, type: "TIMTextElem", text: "across processes" });
  const ack = await s.waitFor<Extract<ServerFrame, { op: "ack" }>>((f) => f.op === "ack" && f.clientMsgId === clientMsgId);
  await m.waitFor((f) => f.op === "message" && f.message.ID === ack.message.ID);
  m.send({ op: "read", conversationId: group, messageId: ack.message.ID });
  return { s, m, group, messageId: ack.message.ID };
}

const log = () => undefined;

describe("chat across processes", () => {
  it("with the NOTIFY bus, the merchant's read on B reaches the seller on A as a receipt", async () => {
    const a = await processWith(createNotifyBus(t.notifications, log));
    const b = await processWith(createNotifyBus(t.notifications, log));
    const { s, group, messageId } = await sendAndRead(a, b);
    expect(await s.waitFor((f) => f.op === "read" && f.messageId === messageId, 10_000)).toEqual({
      op: "read",
      conversationId: group,
      userId: merchant.userId,
      messageId,
    });
  });

  it("control: with an in-memory bus in each process, the receipt never crosses", async () => {
    const a = await processWith(createMemoryBus());
    const b = await processWith(createMemoryBus());
    const { s, m, messageId } = await sendAndRead(a, b);
    // B's own socket hears its read (its unread count drops to 0)...
    await m.waitFor((f) => f.op === "conversation" && f.conversation.unreadCount === 0, 10_000);
    // ...A's seller does not, however long it waits.
    await new Promise((r) => setTimeout(r, 2500));
    expect(s.frames.filter((f) => f.op === "read" && f.messageId === messageId)).toEqual([]);
  });

  it("on PostgreSQL, a listener whose connection dies reconnects, and receipts flow again", async (ctx) => {
    if (t.kind !== "postgres") ctx.skip();
    const buses = [createNotifyBus(t.notifications, log), createNotifyBus(t.notifications, log)];
    await Promise.all(buses.map((bus) => bus.ready));
    const a = await processWith(buses[0]!);
    const b = await processWith(buses[1]!);
    const channel = `chat_${t.schema}`;
    const listeners = async () =>
      (await sql<{ pid: number }>`select pid from pg_stat_activity where query = ${`listen "${channel}"`}`.execute(t.db)).rows.map((r) => r.pid);
    const before = await listeners();
    expect(before.length).toBeGreaterThanOrEqual(2);
    for (const pid of before) await sql`select pg_terminate_backend(${pid})`.execute(t.db);
    // Every listener comes back on a new connection (retried each second).
    const deadline = Date.now() + 15_000;
    const reconnected = async () => {
      const now = await listeners();
      return now.length === before.length && now.every((pid) => !before.includes(pid));
    };
    while (!(await reconnected())) {
      if (Date.now() > deadline) throw new Error("the listeners did not reconnect");
      await new Promise((r) => setTimeout(r, 200));
    }
    const { s, messageId } = await sendAndRead(a, b);
    await s.waitFor((f) => f.op === "read" && f.messageId === messageId, 10_000);
  });
});

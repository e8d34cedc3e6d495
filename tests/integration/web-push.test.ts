/**
 * Web Push from our own server (docs/decisions/0079-web-push.md), on PGlite and PostgreSQL: each
 * kind of event reaches a stand-in push service (tests/support/push-service.ts) that checks the
 * VAPID signature and decrypts the payload with the browser's private key; a chat message pushes
 * only while she is away; a kind turned off pushes nothing; 410 removes the subscription; a
 * failing service is retried later; the calls touch only the caller's rows.
 */
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { coinsForFace, payoutFor } from "../../contract/money";
import { Code } from "../../contract/envelope";
import { PUSH_BAD_SUBSCRIPTION } from "../../contract/push";
import { readBackendConfig } from "../../backend/config";
import { transaction } from "../../backend/db/index";
import { deliverPushes } from "../../backend/modules/push/deliver";
import { queuePushForNotice } from "../../backend/modules/push/queue";
import { loadVapidKeys } from "../../backend/modules/push/vapid";
import { bestNgnRate } from "../../backend/modules/rate-alerts/evaluate";
import { createTestBackend, type Envelope, type TestBackend } from "../support/backend";
import { chatApi, chatAuth } from "../support/chat";
import { expectOk, makeAdvert, parties, placeOrder, staff, uniqueCode, type Party } from "../support/orders";
import { startPushService, type FakeBrowser, type PushService } from "../support/push-service";
import { addBank, makeUser, makeWithdrawer, payPicturePath, setAvailable, walletParties, type WalletParties } from "../support/wallet";

let t: TestBackend;
let svc: PushService;
let p: WalletParties;
let merchant: Party;

beforeAll(async () => {
  t = await createTestBackend({ env: { PUSH_LOCAL_ENDPOINTS: "on" } });
  p = await walletParties(t);
  merchant = (await parties(t)).merchant;
  svc = await startPushService();
});
afterAll(async () => {
  await svc?.close();
  await t?.close();
});
beforeEach(() => {
  svc.received.length = 0;
  expect(svc.errors).toEqual([]);
});

const ok = (res: Envelope) => {
  expectOk(res);
  return res;
};
const deliver = () => deliverPushes(t.db, loadVapidKeys(t.config), () => t.clock.now());
let n = 0;
/** A fresh seller with this phone subscribed. */
async function subscribedSeller() {
  const u = await makeUser(t);
  const phone = svc.browser(`phone-${++n}`);
  ok(await t.call("/push/subscribe", { endpoint: phone.endpoint, p256dh: phone.p256dh, auth: phone.auth }, { token: u.token }));
  return { ...u, phone };
}
const pushesTo = (b: FakeBrowser) => svc.received.filter((r) => r.path === new URL(b.endpoint).pathname);

describe(`Web Push (${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  it("an order's status change reaches her phone, signed with our VAPID key and decrypted with hers, without the card code", async () => {
    const u = await subscribedSeller();
    const advert = await makeAdvert(t, { merchantId: merchant.id });
    const code = uniqueCode("SECRET");
    const orderId = await placeOrder(t, u.token, advert, 10_000, code);
    ok(await staff(t, "/merchant/order/view", { id: orderId }, merchant.token));
    await deliver();
    const got = pushesTo(u.phone);
    const words = { body: `Order #${orderId}: open it to see the details.`, url: `/orderDetails/${orderId}`, tag: `order-${orderId}` };
    expect(got.map((g) => g.payload)).toEqual([
      { title: "Order created", ...words },
      { title: "Merchant viewed your card", ...words },
    ]);
    expect(got[0]!.vapidPublicKey).toBe(ok(await t.call("/push/getPublicKey")).data.publicKey);
    expect(got[0]!.jwt.aud).toBe(svc.origin);
    expect(got[0]!.jwt.sub).toBe("mailto:support@giftmarket.example");
    expect(Number(got[0]!.ttl)).toBeGreaterThan(0);
    expect(JSON.stringify(got.map((g) => g.payload))).not.toContain(code);
    // Delivered once: the row is sent, the subscription marked as working, a second run sends nothing.
    await deliver();
    expect(pushesTo(u.phone)).toHaveLength(got.length);
    const sub = await t.db.selectFrom("push_subscriptions").select(["last_ok_at", "user_agent"]).where("endpoint", "=", u.phone.endpoint).executeTakeFirstOrThrow();
    expect(sub.last_ok_at).not.toBeNull();
    expect(svc.errors).toEqual([]);
  });

  it("a withdrawal paid reaches her phone, without the amount", async () => {
    const u = await subscribedSeller();
    await setAvailable(t, u.id, 50_000);
    const bank = await addBank(t, u.token);
    const wid = await makeWithdrawer(t, { userId: p.withdrawer.id, remainBalance: 10_000_000 });
    const id = Number(ok(await t.call("/userWithdraw/applyWithdraw", { withdrawerId: wid, amount: 7_000, userPaymentId: bank }, { token: u.token })).data.id);
    expectOk(await staff(t, "/merchant/withdraw/process", { id }, p.withdrawer.token));
    expectOk(await staff(t, "/merchant/withdraw/complete", { id, payPicture: await payPicturePath(t, p.withdrawer.token) }, p.withdrawer.token));
    await deliver();
    const payloads = pushesTo(u.phone).map((r) => r.payload);
    expect(payloads).toContainEqual({ title: "Withdrawal completed", body: `Withdrawal #${id}: open it to see the details.`, url: `/withdrawDetails/${id}`, tag: `withdrawal-${id}` });
    expect(JSON.stringify(payloads)).not.toMatch(/70\.00|₦/);
  });

  it("a rate alert reaches her phone and opens the card's offers", async () => {
    const u = await subscribedSeller();
    await t.db.insertInto("currencies").values({ currency: "XTP", symbol: "X", name_en: "Push test currency" }).onConflict((oc) => oc.doNothing()).execute();
    await makeAdvert(t, { merchantId: merchant.id, currency: "XTP", discount: 8_000 });
    await t.backend.services.catalog.settled();
    const apple = (await t.db.selectFrom("card_types").select("id").where("name_en", "=", "Apple Gift Card").executeTakeFirstOrThrow()).id;
    const threshold = payoutFor(coinsForFace(10_000, 8_000), (await bestNgnRate(t.db))!);
    ok(await t.call("/rateAlert/addRateAlert", { cardTypeId: apple, currency: "XTP", form: 1, face: 10_000, threshold }, { token: u.token }));
    await deliver();
    expect(pushesTo(u.phone).map((r) => r.payload)).toEqual([
      { title: "Rate alert: your price is reached", body: "Open the offers to sell at today's rate.", url: `/advertList/${apple}`, tag: `rateAlert-${apple}` },
    ]);
  });

  it("a staff answer to her ticket pushes and opens the ticket (ADR 0078)", async () => {
    const u = await subscribedSeller();
    const id = Number(ok(await t.call("/support/create", { kind: "account", title: "Where is my code?", body: "It never came." }, { token: u.token })).data.id);
    const admin = (await parties(t)).admin;
    expectOk(await staff(t, "/admin/ticket/reply", { id, body: "It is on its way." }, admin.token));
    await deliver();
    const [push] = pushesTo(u.phone).map((r) => r.payload);
    expect(push).toMatchObject({ body: `Ticket #${id}: open it to see the details.`, url: `/support/${id}`, tag: `support-${id}` });
    // The answer's words stay in the app: the lock screen shows only that there is one.
    expect(JSON.stringify(push)).not.toContain("on its way");
  });

  it("a chat message pushes while she is away, not while her chat is open, and never carries the text", async () => {
    const u = await subscribedSeller();
    const advert = await makeAdvert(t, { merchantId: merchant.id });
    const orderId = await placeOrder(t, u.token, advert);
    await deliver();
    svc.received.length = 0;
    const merchantChat = await chatAuth(t, merchant.token);
    const send = (text: string, id: string) => chatApi(t, merchantChat, "send", { conversationId: `GROUP${orderId}`, clientMsgId: id, type: "TIMTextElem", text });
    expectOk(await send("Your code CARD-1234 looks fine", `m-${orderId}-1`));
    await deliver();
    expect(pushesTo(u.phone).map((r) => r.payload)).toEqual([
      { title: "New message", body: `About order #${orderId}. Open the chat to read it.`, url: `/message/GROUP${orderId}`, tag: `chat-GROUP${orderId}` },
    ]);
    // Her chat open (a connection registered with the hub): no push.
    svc.received.length = 0;
    const online = t.backend.chat.hub.register({ userId: u.id, wake() {}, receipt() {}, conversationChanged() {} });
    expectOk(await send("Second", `m-${orderId}-2`));
    online();
    await deliver();
    expect(pushesTo(u.phone)).toEqual([]);
    // The sender's own message never pushes to the sender.
    expect(await t.db.selectFrom("push_outbox").select("id").where("user_id", "=", merchant.id).where("kind", "=", "chat").execute()).toEqual([]);
  });

  it("a kind turned off pushes nothing; the others still do", async () => {
    const u = await subscribedSeller();
    ok(await t.call("/push/setSettings", { order: false }, { token: u.token }));
    expect(ok(await t.call("/push/getSettings", {}, { token: u.token })).data).toEqual({
      settings: { order: false, chat: true, withdrawal: true, rateAlert: true, support: true },
      subscriptions: 1,
    });
    const advert = await makeAdvert(t, { merchantId: merchant.id });
    const orderId = await placeOrder(t, u.token, advert);
    await transaction(t.db, (trx) => queuePushForNotice(trx, { userId: u.id, type: 8, refId: 7, title: "Support answered your ticket", at: t.clock.now() }));
    await deliver();
    expect(pushesTo(u.phone).map((r) => (r.payload as { tag: string }).tag)).toEqual(["support-7"]);
    expect(await t.db.selectFrom("push_outbox").select("id").where("user_id", "=", u.id).where("kind", "=", "order").execute()).toEqual([]);
    expect(orderId).toBeGreaterThan(0);
  });

  it("a subscription the push service answers 410 is removed; a failing one is tried again later", async () => {
    const u = await subscribedSeller();
    const laptop = svc.browser(`laptop-${n}`);
    ok(await t.call("/push/subscribe", { endpoint: laptop.endpoint, p256dh: laptop.p256dh, auth: laptop.auth }, { token: u.token }));
    svc.goneFor(u.phone);
    svc.failingFor(laptop);
    await transaction(t.db, (trx) => queuePushForNotice(trx, { userId: u.id, type: 8, refId: 1, title: "Support answered your ticket", at: t.clock.now() }));
    await deliver();
    const subs = await t.db.selectFrom("push_subscriptions").select("endpoint").where("user_id", "=", u.id).execute();
    expect(subs.map((s) => s.endpoint)).toEqual([laptop.endpoint]);
    const row = await t.db.selectFrom("push_outbox").select(["sent_at", "attempts", "next_at"]).where("user_id", "=", u.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ sent_at: null, attempts: 1 });
    // Not before its time; then it goes through.
    svc.failingFor(laptop, false);
    await deliver();
    expect(pushesTo(laptop)).toHaveLength(0);
    t.clock.advance(61_000);
    await deliver();
    expect(pushesTo(laptop)).toHaveLength(1);
    expect((await t.db.selectFrom("push_outbox").select("sent_at").where("user_id", "=", u.id).executeTakeFirstOrThrow()).sent_at).not.toBeNull();
  });

  it("subscribe refuses a bad subscription or an endpoint that is not a push service's; unsubscribe touches only her own", async () => {
    const u = await subscribedSeller();
    const other = await makeUser(t);
    const bad = await t.call("/push/subscribe", { endpoint: u.phone.endpoint, p256dh: "short", auth: u.phone.auth }, { token: u.token });
    expect(bad).toEqual({ code: Code.INVALID, msg: PUSH_BAD_SUBSCRIPTION });
    for (const endpoint of ["http://push.example.com/x", "https://10.0.0.5/x", "https://metadata.internal/x"]) {
      expect(await t.call("/push/subscribe", { endpoint, p256dh: u.phone.p256dh, auth: u.phone.auth }, { token: u.token })).toEqual({ code: Code.INVALID, msg: PUSH_BAD_SUBSCRIPTION });
    }
    ok(await t.call("/push/unsubscribe", { endpoint: u.phone.endpoint }, { token: other.token }));
    expect(await t.db.selectFrom("push_subscriptions").select("id").where("endpoint", "=", u.phone.endpoint).execute()).toHaveLength(1);
    expect(ok(await t.call("/push/getSettings", {}, { token: other.token })).data.subscriptions).toBe(0);
    expect((await t.call("/push/getSettings", {})).code).toBe(Code.NOT_LOGGED_IN);
    ok(await t.call("/push/unsubscribe", { endpoint: u.phone.endpoint }, { token: u.token }));
    expect(await t.db.selectFrom("push_subscriptions").select("id").where("endpoint", "=", u.phone.endpoint).execute()).toHaveLength(0);
  });
});

describe("VAPID keys", () => {
  const env = (dir: string, extra: Record<string, string> = {}) => readBackendConfig({ NODE_ENV: "test", DATA_DIR: dir, ...extra });

  it("are made in a fresh data dir on first start, kept by the next, and the environment wins", () => {
    const dir = mkdtempSync(join(tmpdir(), "vapid-"));
    const first = loadVapidKeys(env(dir));
    expect(existsSync(join(dir, "vapid.json"))).toBe(true);
    expect(JSON.parse(readFileSync(join(dir, "vapid.json"), "utf8"))).toEqual({ publicKey: first.publicKey, privateKey: first.privateKey });
    // A second start (another process: no memory of the first) reads the same pair.
    const dir2 = mkdtempSync(join(tmpdir(), "vapid-"));
    expect(loadVapidKeys(env(dir2)).publicKey).not.toBe(first.publicKey);
    expect(JSON.parse(readFileSync(join(dir, "vapid.json"), "utf8")).publicKey).toBe(first.publicKey);
    const fromEnv = loadVapidKeys(env(dir, { VAPID_PUBLIC_KEY: "B".repeat(87), VAPID_PRIVATE_KEY: "p".repeat(43) }));
    expect(fromEnv.publicKey).toBe("B".repeat(87));
    expect(() => env(dir, { VAPID_PUBLIC_KEY: "B".repeat(87) })).toThrow(/set both, or neither/);
  });
});

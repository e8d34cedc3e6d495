/**
 * The point mall delivers what it sells (ADR 0052), on a real database: coins credited;
 * a frame and a badge worn until their end (a second redemption extends), shown on the profile,
 * the public profile, the offers list (cached: the next call after a redemption shows it, and it
 * goes when it ends) and chat peers; airtime and data wait as mall orders for staff, who deliver
 * with a reference or refund with a reason (the points back in the same transaction, never counted
 * as earned), once, audited, with the user's notice; the Point Order row shows each status. The
 * demo seller's airtime counts against this month's limit. The books balance after every test.
 */
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { Code } from "../../contract/envelope";
import { MallOrderStatus, NoticeType } from "../../contract/enums";
import type { StaffPath } from "../../contract/index";
import { DEMO_LOGINS } from "../../backend/demo/world";
import { transaction } from "../../backend/db/index";
import { sendMessage } from "../../backend/modules/chat/messages";
import { MOBILE_REQUIRED } from "../../backend/modules/membership/mall";
import { MALL_ORDER_CHANGED, notPossible } from "../../backend/modules/membership/mall-orders";
import { applyBalanceChanges } from "../../backend/modules/wallet/ledger";
import { expectLedgerBalanced } from "../support/ledger";
import { staff, userIdOf } from "../support/orders";
import { useBackend } from "../support/use-backend";
import { makeUser } from "../support/wallet";

const t = useBackend();
afterEach(async () => {
  await expectLedgerBalanced(t.b.db);
});

const DAY = 86_400_000;
const moveTo = (at: number) => t.b.clock.advance(at - t.b.clock.now().getTime());
const now = () => t.b.clock.now().getTime();
let mobiles = 0;
const freshMobile = () => `234-81${String(Date.now() + mobiles++).slice(-8)}`;

async function givePoints(userId: number, amount: number) {
  await transaction(t.b.db, (trx) =>
    applyBalanceChanges(trx, userId, [{ part: "wealth", delta: amount }], { reason: "test points", wealthRecord: { type: 1, descriptionEn: "Test points" } }),
  );
}
const wealthOf = async (userId: number) => Number((await t.b.db.selectFrom("accounts").select("wealth_amount").where("user_id", "=", userId).executeTakeFirstOrThrow()).wealth_amount);
const itemId = async (name: string) => (await t.b.db.selectFrom("redemption_items").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id;
const exchange = (token: string, id: number) => t.b.call("/wealthRedemption/wealthExchange", { id }, { token, timeZone: "Africa/Lagos" });
const pointOrders = async (token: string) => (await t.b.call("/wealthRecord/pageWealthRecord", { page: { pageIndex: 1, pageSize: 10 }, type: 3 }, { token })).data;
const admin = () => t.b.login(DEMO_LOGINS.admin);
/** The user's newest redemption's id. */
const lastRedemption = async (userId: number) => Number((await t.b.db.selectFrom("wealth_redemptions").select("id").where("user_id", "=", userId).orderBy("id", "desc").executeTakeFirstOrThrow()).id);

/** A fresh user with a bound mobile and `points`, signed in. */
async function buyer(points: number) {
  const user = await makeUser(t.b, { mobile: freshMobile() });
  await givePoints(user.id, points);
  return user;
}

describe("coins, frames and badges deliver at once", () => {
  it("coins: credited, and the Point Order row says Delivered with the coins", async () => {
    const user = await buyer(2_000_000);
    expect((await exchange(user.token, await itemId("Bonus 5 Coins"))).code).toBe(Code.OK);
    const [row] = (await pointOrders(user.token)).list;
    expect(row).toMatchObject({ descriptionEn: "Bonus 5 Coins", transAmount: -1_500_000, delivery: { kind: "coins", status: MallOrderStatus.Delivered, coins: 500, activeUntil: null } });
  });

  it("a frame: worn on the profile and the public profile for its 30 days, then gone; the Point Order row says until when", async () => {
    moveTo(Date.parse("2026-11-21T10:00:00Z"));
    const user = await buyer(3_000_000);
    const other = await makeUser(t.b);
    const profile = async () => (await t.b.call("/userInfo/getProfileInfo", {}, { token: await signIn(user.id) })).data.profile;
    const publicProfile = async () => (await t.b.call("/userInfo/getUserInfo", { userId: user.id }, { token: await signIn(other.id) })).data.profile;
    expect(await profile()).toMatchObject({ frame: null, badge: null });
    expect((await exchange(user.token, await itemId("Gold avatar frame"))).code).toBe(Code.OK);
    expect(await profile()).toMatchObject({ frame: "gold", badge: null });
    expect(await publicProfile()).toMatchObject({ frame: "gold", badge: null });
    const [row] = (await pointOrders(user.token)).list;
    expect(row.delivery).toMatchObject({ kind: "frame", status: MallOrderStatus.Delivered, activeUntil: now() + 30 * DAY });

    t.b.clock.advance(30 * DAY - 1);
    expect((await publicProfile()).frame).toBe("gold");
    t.b.clock.advance(1);
    expect(await publicProfile()).toMatchObject({ frame: null, badge: null });
    expect((await profile()).frame).toBeNull();
  });

  it("a second redemption of the same frame extends it from its end", async () => {
    moveTo(Date.parse("2026-11-21T10:00:00Z"));
    const item = await t.b.db
      .insertInto("redemption_items")
      .values({ name: `Silver frame ${randomUUID().slice(0, 6)}`, pic: "/demo/mall-frame.svg", wealth_amount: 10_000, restrict_type: 0, limit_num: 0, show_type: 1, delivery: "frame", delivery_value: 10, look: "silver" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const user = await buyer(100_000);
    const start = now();
    expect((await exchange(user.token, item.id)).code).toBe(Code.OK);
    t.b.clock.advance(DAY);
    expect((await exchange(user.token, item.id)).code).toBe(Code.OK);
    const ends = (await pointOrders(user.token)).list.map((r: { delivery: { activeUntil: number } }) => r.delivery.activeUntil);
    expect(ends).toEqual([start + 20 * DAY, start + 10 * DAY]);
    t.b.clock.advance(18 * DAY); // day 19: the second period runs
    expect((await t.b.call("/userInfo/getUserInfo", { userId: user.id })).data.profile.frame).toBe("silver");
    t.b.clock.advance(DAY); // day 20: over
    expect((await t.b.call("/userInfo/getUserInfo", { userId: user.id })).data.profile.frame).toBeNull();
  });

  it("a merchant's badge shows on the cached offers list at the next call, on the sell page and to its chat partner, and leaves the list when it ends", async () => {
    moveTo(Date.parse("2026-11-21T10:00:00Z"));
    const merchantId = await userIdOf(t.b, DEMO_LOGINS.merchants[1]!);
    const merchant = await t.b.login(DEMO_LOGINS.merchants[1]!);
    await givePoints(merchantId, 2_000_000);
    const advert = await t.b.db.selectFrom("adverts").select(["id", "card_type_id"]).where("user_id", "=", merchantId).where("status", "=", 1).where("trade_amount", ">", 0).executeTakeFirstOrThrow();
    const listed = async () =>
      ((await t.b.call("/advert/getAdvertList", { cardTypeId: advert.card_type_id })).data.list as Array<{ id: number; badge?: string | null; frame?: string | null }>).find((a) => a.id === advert.id)!;
    // Twice before: the second answer comes from the cache.
    expect((await listed()).badge ?? null).toBeNull();
    expect((await listed()).badge ?? null).toBeNull();

    expect((await exchange(merchant, await itemId("Trusted Trader badge"))).code).toBe(Code.OK);
    expect(await listed()).toMatchObject({ badge: "Trusted Trader" });
    expect((await t.b.call("/advert/getAdvertDetail", { id: advert.id })).data.advert).toMatchObject({ badge: "Trusted Trader" });

    // Its chat partner sees it beside the merchant's name.
    const seller = await makeUser(t.b);
    await sendMessage(t.b.backend.services, { id: seller.id, is_business: 0 }, { conversationId: `C2C${merchantId}`, clientMsgId: randomUUID(), type: "TIMTextElem", text: "Hello" }, t.b.clock.now());
    const conversations = await (await t.b.raw("/chat/api/conversations", {}, { token: seller.token })).json();
    const peer = conversations.data.list.find((c: { conversationId: string }) => c.conversationId === `C2C${merchantId}`).peer;
    expect(peer).toMatchObject({ id: merchantId, badge: "Trusted Trader" });
    expect(peer.frame ?? null).toBeNull();

    // 90 days on, nothing was written, and the list drops it by itself.
    t.b.clock.advance(90 * DAY);
    expect((await listed()).badge ?? null).toBeNull();
  });

  it("a badge written behind the process's back (a psql session) reaches the cached list through the database's notification", async () => {
    moveTo(Date.parse("2026-11-21T10:00:00Z"));
    const merchantId = await userIdOf(t.b, DEMO_LOGINS.merchants[2]!);
    const advert = await t.b.db.selectFrom("adverts").select(["id", "card_type_id"]).where("user_id", "=", merchantId).where("status", "=", 1).where("trade_amount", ">", 0).executeTakeFirstOrThrow();
    const badgeOf = async () =>
      ((await t.b.call("/advert/getAdvertList", { cardTypeId: advert.card_type_id })).data.list as Array<{ id: number; badge?: string | null }>).find((a) => a.id === advert.id)!.badge ?? null;
    expect(await badgeOf()).toBeNull();
    const badge = await itemId("Trusted Trader badge");
    // Raw SQL: the process's own write watch does not see it; the trigger's NOTIFY does.
    await sql`insert into wealth_redemptions (user_id, item_id, month, created_at, delivery, delivery_value, price, active_until)
      values (${merchantId}, ${badge}, '2026-11', ${t.b.clock.now()}, 'badge', 90, 0, ${new Date(now() + DAY)})`.execute(t.b.db);
    const deadline = Date.now() + 5_000;
    while ((await badgeOf()) === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(await badgeOf()).toBe("Trusted Trader");
  });
});

describe("airtime and data: mall orders staff send", () => {
  it("needs a bound mobile number: refused with nothing spent", async () => {
    const user = await makeUser(t.b);
    await givePoints(user.id, 1_000_000);
    expect((await exchange(user.token, await itemId("Airtime top-up ₦500"))).msg).toBe(MOBILE_REQUIRED);
    expect(await wealthOf(user.id)).toBe(1_000_000);
  });

  it("waits Pending on the desk with the mobile number; delivered with a reference: the notice, the audit row and the Point Order row say so", async () => {
    const user = await buyer(1_000_000);
    const token = await admin();
    const counts = (await staff(t.b, "/admin/desk/counts", {}, token)).data.pendingMallOrders;
    expect((await exchange(user.token, await itemId("Data bundle 1 GB"))).code).toBe(Code.OK);
    const id = await lastRedemption(user.id);
    expect((await pointOrders(user.token)).list[0].delivery).toMatchObject({ id, kind: "manual", status: MallOrderStatus.Pending, reference: null });
    expect((await staff(t.b, "/admin/desk/counts", {}, token)).data.pendingMallOrders).toBe(counts + 1);
    const queue = (await staff(t.b, "/admin/mallOrder/list", {}, token)).data.list;
    const mobile = (await t.b.db.selectFrom("users").select("mobile").where("id", "=", user.id).executeTakeFirstOrThrow()).mobile!;
    expect(queue.find((o: { id: number }) => o.id === id)).toMatchObject({ userId: user.id, itemName: "Data bundle 1 GB", mobile: `+${mobile.replace("-", " ")}`, points: 800_000, status: 0 });
    // Oldest first: the longest wait on top.
    const ids = queue.map((o: { id: number }) => o.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));

    expect((await staff(t.b, "/admin/mallOrder/deliver", { id, reference: "  " }, token))).toMatchObject({ code: Code.INVALID, msg: "Please give the delivery reference." });
    expect((await staff(t.b, "/admin/mallOrder/deliver", { id, reference: "MTN-TX-4471" }, token)).code).toBe(Code.OK);
    expect((await pointOrders(user.token)).list[0].delivery).toMatchObject({ status: MallOrderStatus.Delivered, reference: "MTN-TX-4471", reason: null });
    expect(await wealthOf(user.id)).toBe(200_000);
    const notice = await t.b.db.selectFrom("notices").selectAll().where("user_id", "=", user.id).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(notice).toMatchObject({ type: NoticeType.PointMall, ref_id: id, title_en: "Point mall order delivered" });
    expect(notice.content_en).toBe(`Data bundle 1 GB was sent to +${mobile.replace("-", " ")}. Reference: MTN-TX-4471.`);
    const audit = await t.b.db.selectFrom("staff_audit").selectAll().where("entity_type", "=", "mallOrder").where("entity_id", "=", id).execute();
    expect(audit.map((a) => a.action)).toEqual(["mallOrder.deliver"]);
    expect((await staff(t.b, "/admin/mallOrder/list", { status: MallOrderStatus.Delivered }, token)).data.list[0]).toMatchObject({ id, status: 1, reference: "MTN-TX-4471" });
    expect((await staff(t.b, "/admin/desk/counts", {}, token)).data.pendingMallOrders).toBe(counts);
  });

  it("refunded with a reason: the points return in the same move as an Exchange record, never as earned points; a second decision is refused", async () => {
    // 480 points earned: V1, 20 short of V2 (500). The refund's 50 must not lift it.
    const user = await buyer(4_800_000);
    const level = async () => (await t.b.db.selectFrom("users").select("level").where("id", "=", user.id).executeTakeFirstOrThrow()).level;
    expect(await level()).toBe(1);
    expect((await exchange(user.token, await itemId("Airtime top-up ₦500"))).code).toBe(Code.OK);
    const id = await lastRedemption(user.id);
    const token = await admin();
    expect((await staff(t.b, "/admin/mallOrder/refund", { id, reason: "" }, token)).code).toBe(Code.INVALID);
    expect((await staff(t.b, "/admin/mallOrder/refund", { id, reason: "The number is not on a Nigerian network." }, token)).code).toBe(Code.OK);
    expect(await wealthOf(user.id)).toBe(4_800_000);
    const [refund, order] = (await pointOrders(user.token)).list;
    expect(refund).toMatchObject({ type: 3, descriptionEn: "Refund: Airtime top-up ₦500", transAmount: 500_000 });
    expect(refund.delivery ?? null).toBeNull();
    expect(order.delivery).toMatchObject({ id, status: MallOrderStatus.Refunded, reason: "The number is not on a Nigerian network.", reference: null });
    expect(await level()).toBe(1);
    const notice = await t.b.db.selectFrom("notices").selectAll().where("user_id", "=", user.id).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(notice).toMatchObject({ type: NoticeType.PointMall, title_en: "Point mall order refunded", content_en: "Airtime top-up ₦500 was not sent: The number is not on a Nigerian network. Your 50 points are back." });

    // Decided: any second decision is refused with what happened, and nothing moves.
    expect(await staff(t.b, "/admin/mallOrder/deliver", { id, reference: "LATE-1" }, token)).toMatchObject({ code: Code.FAILED, msg: notPossible(MallOrderStatus.Refunded) });
    expect(await staff(t.b, "/admin/mallOrder/refund", { id, reason: "Again." }, token)).toMatchObject({ code: Code.FAILED, msg: "This mall order is already Refunded." });
    expect(await wealthOf(user.id)).toBe(4_800_000);
    const audit = await t.b.db.selectFrom("staff_audit").select("action").where("entity_type", "=", "mallOrder").where("entity_id", "=", id).execute();
    expect(audit.map((a) => a.action)).toEqual(["mallOrder.refund"]);
  });

  it("10 decisions racing: exactly one wins, the rest are told it changed; the points return at most once", async () => {
    const user = await buyer(500_000);
    expect((await exchange(user.token, await itemId("Airtime top-up ₦500"))).code).toBe(Code.OK);
    const id = await lastRedemption(user.id);
    const token = await admin();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2 ? staff(t.b, "/admin/mallOrder/refund", { id, reason: `Race ${i}` }, token) : staff(t.b, "/admin/mallOrder/deliver", { id, reference: `RACE-${i}` }, token),
      ),
    );
    expect(results.filter((r) => r.code === Code.OK)).toHaveLength(1);
    for (const r of results.filter((r) => r.code !== Code.OK)) expect([MALL_ORDER_CHANGED, "This mall order is already Delivered.", "This mall order is already Refunded."]).toContain(r.msg);
    const refunds = await t.b.db.selectFrom("wealth_records").select("id").where("user_id", "=", user.id).where("ref_type", "=", "mall_refund").execute();
    const status = (await t.b.db.selectFrom("mall_fulfilments").select("status").where("redemption_id", "=", id).executeTakeFirstOrThrow()).status;
    expect(refunds).toHaveLength(status === MallOrderStatus.Refunded ? 1 : 0);
    expect(await wealthOf(user.id)).toBe(status === MallOrderStatus.Refunded ? 500_000 : 0);
    expect(await t.b.db.selectFrom("staff_audit").select("id").where("entity_type", "=", "mallOrder").where("entity_id", "=", id).execute()).toHaveLength(1);
  });

  it("an unknown mall order is not found; a user sees only their own orders' deliveries", async () => {
    const token = await admin();
    expect((await staff(t.b, "/admin/mallOrder/deliver", { id: 999_999_999, reference: "X" }, token)).code).toBe(Code.NOT_FOUND);
    const a = await buyer(500_000);
    const b = await buyer(0);
    expect((await exchange(a.token, await itemId("Airtime top-up ₦500"))).code).toBe(Code.OK);
    expect((await pointOrders(b.token)).list).toEqual([]);
    // Not even a record of b's that names a's redemption shows its delivery.
    const theirs = await lastRedemption(a.id);
    await transaction(t.b.db, (trx) =>
      applyBalanceChanges(trx, b.id, [{ part: "wealth", delta: 1 }], { reason: "test", refType: "wealth_redemption", refId: theirs, wealthRecord: { type: 3, descriptionEn: "Forged" } }),
    );
    expect((await pointOrders(b.token)).list.map((r: { delivery?: unknown }) => r.delivery ?? null)).toEqual([null]);
  });

  it("every mall-order call refuses every other role (code 4) and a guest (code 3), and moves nothing", async () => {
    const user = await buyer(500_000);
    expect((await exchange(user.token, await itemId("Airtime top-up ₦500"))).code).toBe(Code.OK);
    const id = await lastRedemption(user.id);
    const calls: Array<[StaffPath, Record<string, unknown>]> = [
      ["/admin/mallOrder/list", {}],
      ["/admin/mallOrder/deliver", { id, reference: "X" }],
      ["/admin/mallOrder/refund", { id, reason: "X" }],
    ];
    const who: Array<[string, string | undefined]> = [
      ["guest", undefined],
      ["the buyer", user.token],
      ["a merchant", await t.b.login(DEMO_LOGINS.merchants[0]!)],
      ["a withdrawer", await t.b.login(DEMO_LOGINS.withdrawers[0]!)],
    ];
    for (const [path, body] of calls) {
      for (const [name, token] of who) {
        const res = await staff(t.b, path, body, token ?? "");
        expect(res.code, `${name} ${path}`).toBe(name === "guest" ? Code.NOT_LOGGED_IN : Code.FORBIDDEN);
      }
    }
    expect((await t.b.db.selectFrom("mall_fulfilments").select("status").where("redemption_id", "=", id).executeTakeFirstOrThrow()).status).toBe(MallOrderStatus.Pending);
  });
});

describe("the monthly limit and the demo world", () => {
  it("the demo seller's airtime, redeemed this month, leaves 1 of 2 (it waits on the desk)", async () => {
    const seller = await userIdOf(t.b, DEMO_LOGINS.seller);
    const airtime = await itemId("Airtime top-up ₦500");
    const redeemed = await t.b.db.selectFrom("wealth_redemptions").selectAll().where("user_id", "=", seller).where("item_id", "=", airtime).executeTakeFirstOrThrow();
    moveTo(new Date(redeemed.created_at).getTime() + 60_000);
    const token = await t.b.login(DEMO_LOGINS.seller);
    const list = await t.b.call("/wealthRedemption/wealthRedemptionList", {}, { token, timeZone: "Africa/Lagos" });
    expect(list.data.list.find((i: { id: number }) => i.id === airtime)).toMatchObject({ limitNum: 2, remainNum: 1, showType: 1 });
    expect(list.data.redeemCountMap).toMatchObject({ [String(airtime)]: 1 });
    expect(list.data.list.map((i: { name: string }) => i.name)).not.toContain("Fee-free withdrawal");
    const fulfilment = await t.b.db.selectFrom("mall_fulfilments").selectAll().where("redemption_id", "=", redeemed.id).executeTakeFirstOrThrow();
    expect(fulfilment).toMatchObject({ status: MallOrderStatus.Pending, mobile: DEMO_LOGINS.sellerMobile });
    // Its Point Order row is the same redemption, Pending.
    expect((await pointOrders(token)).list.find((r: { descriptionEn: string }) => r.descriptionEn === "Airtime top-up ₦500").delivery).toMatchObject({ id: Number(redeemed.id), status: MallOrderStatus.Pending });
  });
});

/** A fresh session of the user at the moved clock (a session lasts a day of it). */
async function signIn(userId: number) {
  const u = await t.b.db.selectFrom("users").select("email").where("id", "=", userId).executeTakeFirstOrThrow();
  return t.b.login(u.email!);
}

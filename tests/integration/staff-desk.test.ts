/**
 * The staff desk's backend (ADR 0035) on a real database: the arbitration queue (3 and
 * 6, oldest first, keyset paged), an order as an administrator reads it (card, timeline, dispute,
 * the chat transcript), every administrator action leaving one audit row in its own transaction,
 * the audit table refusing UPDATE and DELETE, redemption batches listed and revoked (a revoked
 * code no longer redeems), the queue counts; and every new call refused to every other role.
 */
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { Code } from "../../contract/envelope";
import { OrderStatus, WithdrawalStatus } from "../../contract/enums";
import type { StaffPath } from "../../contract/index";
import { DEMO_LOGINS } from "../../backend/demo/world";
import { sendMessage } from "../../backend/modules/chat/messages";
import { BATCH_REVOKED, CODE_REVOKED } from "../../backend/modules/redemption/handlers";
import { expectOk, expectRefused, makeAdvert, orderRow, placeOrder, setUpOrderTests, staff, userIdOf, type Parties } from "../support/orders";
import type { TestBackend } from "../support/backend";
import { addBank, makeUser, makeWithdrawer, setAvailable } from "../support/wallet";

let t: TestBackend;
let p: Parties;
let advertId: number;
setUpOrderTests(async (w) => {
  t = w.t;
  p = w.p;
  advertId = await makeAdvert(t, { merchantId: p.merchant.id });
});

const say = (userId: number, orderId: number, text: string) =>
  sendMessage(t.backend.services, { id: userId, is_business: 0 }, { conversationId: `GROUP${orderId}`, clientMsgId: randomUUID(), type: "TIMTextElem", text }, t.clock.now());

/** An order driven to In arbitration (3): sold, viewed, negotiated, arbitration requested, with chat from both sides. */
async function orderInArbitration(code = `ARB-${randomUUID().slice(0, 8)}`) {
  const id = await placeOrder(t, p.seller.token, advertId, 10_000, code);
  expectOk(await staff(t, "/merchant/order/view", { id }, p.merchant.token));
  await say(p.seller.id, id, "The card is new, please check again.");
  await say(p.merchant.id, id, "The code says already redeemed.");
  expectOk(await staff(t, "/merchant/order/negotiate", { id, arbitrationType: 3, arbitrationApplyAmount: 10_000, arbitrationApplyPrice: 1_000, arbitrationContent: "Redeemed before." }, p.merchant.token));
  expectOk(await t.call("/order/applyArbitration", { id }, { token: p.seller.token }));
  return { id, code };
}

const audits = (entityType: string, entityId: number) =>
  t.db.selectFrom("staff_audit").selectAll().where("entity_type", "=", entityType).where("entity_id", "=", entityId).orderBy("id").execute();

describe("the arbitration queue and the order as staff read it", () => {
  it("lists In arbitration and Frozen orders oldest first, paged by lastId, filtered by status", async () => {
    const a = await orderInArbitration();
    const b = await placeOrder(t, p.seller.token, advertId);
    expectOk(await staff(t, "/admin/order/freeze", { id: b }, p.admin.token));
    const all = await staff(t, "/admin/order/list", {}, p.admin.token);
    const ids = all.data.list.map((o: { id: number }) => o.id);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect(ids).toEqual(expect.arrayContaining([a.id, b]));
    expect(all.data.list.every((o: { status: number }) => o.status === 3 || o.status === 6)).toBe(true);
    const frozen = await staff(t, "/admin/order/list", { status: OrderStatus.Frozen }, p.admin.token);
    expect(frozen.data.list.map((o: { id: number }) => o.id)).toContain(b);
    expect(frozen.data.list.map((o: { id: number }) => o.id)).not.toContain(a.id);
    const after = await staff(t, "/admin/order/list", { lastId: a.id }, p.admin.token);
    expect(after.data.list.every((o: { id: number }) => o.id > a.id)).toBe(true);
    expectRefused(await staff(t, "/admin/order/list", { status: 1 }, p.admin.token), "The queue holds orders In arbitration or Frozen.", Code.INVALID);
    // The books: resolve the frozen one so later tests start clean.
    expectOk(await staff(t, "/admin/order/resolve", { id: b, outcome: "cancel" }, p.admin.token));
  });

  it("shows the order, its dispute, its timeline, the decrypted card and the whole transcript", async () => {
    const { id, code } = await orderInArbitration();
    const d = await staff(t, "/admin/order/detail", { id }, p.admin.token);
    expectOk(d);
    expect(d.data.orderInfo).toMatchObject({ id, status: 3, arbitrationType: 3, arbitrationApplyPrice: 1_000, arbitrationContent: "Redeemed before.", sellerid: p.seller.id });
    expect(d.data.card.codes).toEqual([code]);
    expect(d.data.merchantViewed).toBe(true);
    expect(d.data.actions).toEqual({ resolve: true, freeze: true, complete: true, cancel: true, unfreeze: false });
    expect(d.data.orderChange.map((c: { eventEn: string }) => c.eventEn)).toEqual([
      "Order created",
      "Merchant viewed the card",
      expect.stringMatching(/^Merchant opened a negotiation/),
      "Seller applied for arbitration",
    ]);
    const tr = await staff(t, "/admin/order/transcript", { id }, p.admin.token);
    expectOk(tr);
    expect(tr.data.list.map((m: { from: string; text: string }) => [m.from, m.text])).toEqual([
      ["seller", "The card is new, please check again."],
      ["merchant", "The code says already redeemed."],
    ]);
    expect(tr.data.nextAfterId).toBeNull();
    const later = await staff(t, "/admin/order/transcript", { id, afterId: tr.data.list[0].id }, p.admin.token);
    expect(later.data.list).toHaveLength(1);
    expectRefused(await staff(t, "/admin/order/detail", { id: 99_999_999 }, p.admin.token), "Order not found.", Code.NOT_FOUND);
    expectOk(await staff(t, "/admin/order/resolve", { id, outcome: "cancel" }, p.admin.token));
    const done = await staff(t, "/admin/order/detail", { id }, p.admin.token);
    expect(done.data.actions).toEqual({ resolve: false, freeze: false, complete: false, cancel: false, unfreeze: false });
  });

  it("pages a long transcript 50 at a time", async () => {
    const { id } = await orderInArbitration();
    for (let i = 0; i < 55; i++) await say(i % 2 ? p.merchant.id : p.seller.id, id, `message ${i}`);
    const first = await staff(t, "/admin/order/transcript", { id }, p.admin.token);
    expect(first.data.list).toHaveLength(50);
    expect(first.data.nextAfterId).toBe(first.data.list[49].id);
    const second = await staff(t, "/admin/order/transcript", { id, afterId: first.data.nextAfterId }, p.admin.token);
    expect(second.data.list).toHaveLength(7);
    expect(second.data.nextAfterId).toBeNull();
    expectOk(await staff(t, "/admin/order/resolve", { id, outcome: "complete", realTotalPrice: 500 }, p.admin.token));
  });
});

describe("the audit trail", () => {
  it("resolve and freeze each leave one row with who, what, when, before and after, in the same transaction", async () => {
    const { id } = await orderInArbitration();
    const before = await orderRow(t, id);
    expectOk(await staff(t, "/admin/order/resolve", { id, outcome: "complete", realTotalPrice: 700 }, p.admin.token));
    const rows = await audits("order", id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ admin_id: p.admin.id, action: "order.resolveComplete" });
    expect(new Date(rows[0]!.created_at).getTime()).toBe(t.clock.now().getTime());
    const list = await staff(t, "/admin/audit/list", { entityType: "order", entityId: id }, p.admin.token);
    expect(list.data.list).toEqual([
      expect.objectContaining({
        adminId: p.admin.id,
        action: "order.resolveComplete",
        entityType: "order",
        entityId: id,
        before: { status: 3, calculateTotalPrice: Number(before.calculate_total_price), realTotalPrice: Number(before.real_total_price) },
        after: { status: 4, calculateTotalPrice: Number(before.calculate_total_price), realTotalPrice: 700 },
      }),
    ]);
    // No card code anywhere in the trail.
    expect(JSON.stringify(list.data)).not.toMatch(/ARB-/);

    // A refused action (already decided) leaves no row: the audit row rolls back with it.
    expectRefused(await staff(t, "/admin/order/freeze", { id }, p.admin.token));
    expect(await audits("order", id)).toHaveLength(1);

    const open = await placeOrder(t, p.seller.token, advertId);
    expectOk(await staff(t, "/admin/order/freeze", { id: open }, p.admin.token));
    expect(await audits("order", open)).toHaveLength(1);
    expectOk(await staff(t, "/admin/order/resolve", { id: open, outcome: "cancel" }, p.admin.token));
    expect((await audits("order", open)).map((r) => r.action)).toEqual(["order.freeze", "order.resolveCancel"]);
  });

  it("withdrawal cancel, transfer confirm and reject, batch create and revoke leave rows too; newest first", async () => {
    const u = await makeUser(t);
    await setAvailable(t, u.id, 100_000);
    const bank = await addBank(t, u.token);
    const wid = await makeWithdrawer(t, { userId: await userIdOf(t, DEMO_LOGINS.withdrawers[0]) });
    const applied = await t.call("/userWithdraw/applyWithdraw", { withdrawerId: wid, amount: 10_000, userPaymentId: bank }, { token: u.token });
    expectOk(applied);
    expectOk(await staff(t, "/admin/withdraw/cancel", { id: applied.data.id, reason: "Never paid." }, p.admin.token));
    expect((await audits("withdrawal", applied.data.id)).map((r) => r.action)).toEqual(["withdrawal.cancel"]);
    const wlist = await staff(t, "/admin/audit/list", { entityType: "withdrawal", entityId: applied.data.id }, p.admin.token);
    expect(wlist.data.list[0]).toMatchObject({ before: { status: WithdrawalStatus.Waiting, amount: 10_000, reason: null }, after: { status: WithdrawalStatus.Cancelled, reason: "Never paid." } });

    const vc = async () =>
      (
        await t.db
          .insertInto("virtual_coin_orders")
          .values({ user_id: u.id, type: 1, from_address: "addr", transaction_id: randomUUID(), trade_amount: 1e8, price: 100, price_indicative: false, usd_rate: 10_000, discount: 10_000, coins: 100, created_at: t.clock.now() })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    const v1 = await vc();
    const v2 = await vc();
    expectOk(await staff(t, "/admin/virtualCoin/confirm", { id: v1 }, p.admin.token));
    expectOk(await staff(t, "/admin/virtualCoin/reject", { id: v2, reason: "No such transfer." }, p.admin.token));
    expect((await audits("virtualCoinOrder", v1)).map((r) => r.action)).toEqual(["virtualCoinOrder.confirm"]);
    expect((await audits("virtualCoinOrder", v2)).map((r) => r.action)).toEqual(["virtualCoinOrder.reject"]);

    const created = await staff(t, "/admin/redemptionCode/create", { kind: "coins", value: 100, count: 2, perUserLimit: 1, expiresAt: t.clock.now().getTime() + 86_400_000 }, p.admin.token);
    expectOk(created);
    expectOk(await staff(t, "/admin/redemptionCode/revoke", { batchId: created.data.batchId }, p.admin.token));
    expect((await audits("redemptionBatch", created.data.batchId)).map((r) => r.action)).toEqual(["redemptionBatch.create", "redemptionBatch.revoke"]);
    // The codes themselves are never in the trail.
    const trail = await staff(t, "/admin/audit/list", {}, p.admin.token);
    expect(JSON.stringify(trail.data)).not.toContain(created.data.codes[0]);
    const ids = trail.data.list.map((e: { id: number }) => e.id);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    expect(trail.data.list[0].action).toBe("redemptionBatch.revoke");
    const older = await staff(t, "/admin/audit/list", { lastId: ids[0] }, p.admin.token);
    expect(older.data.list[0].id).toBe(ids[1]);
  });

  it("cannot be edited or deleted, even by SQL: the trigger refuses UPDATE, DELETE and TRUNCATE", async () => {
    const row = await t.db.selectFrom("staff_audit").select("id").limit(1).executeTakeFirstOrThrow();
    await expect(sql`update staff_audit set action = 'x' where id = ${row.id}`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from staff_audit where id = ${row.id}`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`truncate staff_audit`.execute(t.db)).rejects.toThrow(/append-only/);
    expect(await t.db.selectFrom("staff_audit").select("action").where("id", "=", row.id).executeTakeFirstOrThrow()).not.toEqual({ action: "x" });
  });
});

describe("redemption batches", () => {
  it("lists batches with their counts; a revoked batch's codes no longer redeem, the redeemed stay credited; revoking twice is refused", async () => {
    const made = await staff(t, "/admin/redemptionCode/create", { kind: "coins", value: 250, count: 3, perUserLimit: 3, expiresAt: t.clock.now().getTime() + 86_400_000 }, p.admin.token);
    expectOk(made);
    const u = await makeUser(t);
    expectOk(await t.call("/userRedemptionCode/confirmRedemptionCode", { redemptionCode: made.data.codes[0] }, { token: u.token }));
    const list = await staff(t, "/admin/redemptionCode/list", {}, p.admin.token);
    expect(list.data.list[0]).toMatchObject({ id: made.data.batchId, kind: "coins", value: 250, count: 3, redeemed: 1, perUserLimit: 3, revokedAt: null, createdByNickname: expect.any(String) });
    expectOk(await staff(t, "/admin/redemptionCode/revoke", { batchId: made.data.batchId }, p.admin.token));
    expectRefused(await t.call("/userRedemptionCode/confirmRedemptionCode", { redemptionCode: made.data.codes[1] }, { token: u.token }), CODE_REVOKED);
    expectRefused(await staff(t, "/admin/redemptionCode/revoke", { batchId: made.data.batchId }, p.admin.token), BATCH_REVOKED);
    expectRefused(await staff(t, "/admin/redemptionCode/revoke", { batchId: 99_999 }, p.admin.token), "Batch not found.", Code.NOT_FOUND);
    expectRefused(await staff(t, "/admin/redemptionCode/revoke", { batchId: "x" }, p.admin.token), "The batch id must be a number.", Code.INVALID);
    const after = await staff(t, "/admin/redemptionCode/list", {}, p.admin.token);
    expect(after.data.list[0].revokedAt).toBe(t.clock.now().getTime());
    expect(after.data.list[0].redeemed).toBe(1);
  });
});

describe("queue counts", () => {
  it("counts each staff queue", async () => {
    const before = await staff(t, "/admin/desk/counts", {}, p.admin.token);
    expectOk(before);
    const { id } = await orderInArbitration();
    const after = await staff(t, "/admin/desk/counts", {}, p.admin.token);
    expect(after.data.arbitration).toBe(before.data.arbitration + 1);
    expect(Object.keys(after.data).sort()).toEqual(["arbitration", "frozen", "kycReview", "openTickets", "pendingMallOrders", "pendingTransfers", "processingWithdrawals"]);
    expectOk(await staff(t, "/admin/order/resolve", { id, outcome: "cancel" }, p.admin.token));
  });
});

describe("who may call", () => {
  const NEW_CALLS: Array<[StaffPath, Record<string, unknown>]> = [
    ["/admin/order/list", {}],
    ["/admin/order/detail", { id: 1 }],
    ["/admin/order/transcript", { id: 1 }],
    ["/admin/audit/list", {}],
    ["/admin/desk/counts", {}],
    ["/admin/redemptionCode/list", {}],
    ["/admin/redemptionCode/revoke", { batchId: 1 }],
    // The audited actions, again: refused before anything moves.
    ["/admin/order/resolve", { id: 1, outcome: "cancel" }],
    ["/admin/order/freeze", { id: 1 }],
    ["/admin/order/unfreeze", { id: 1 }],
    ["/admin/withdraw/cancel", { id: 1, reason: "x" }],
    ["/admin/virtualCoin/confirm", { id: 1 }],
    ["/admin/virtualCoin/reject", { id: 1, reason: "x" }],
    ["/admin/kyc/approve", { id: 1 }],
    ["/admin/kyc/reject", { id: 1, reason: "x" }],
  ];

  it("refuses every other role (code 4) and a guest (code 3): 0 successes, no audit row", async () => {
    const auditBefore = await t.db.selectFrom("staff_audit").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    const withdrawer = await t.login(DEMO_LOGINS.withdrawers[0]);
    const tokens: Array<[string, string | undefined]> = [
      ["guest", undefined],
      ["seller", p.seller.token],
      ["merchant", p.merchant.token],
      ["withdrawer", withdrawer],
    ];
    let successes = 0;
    for (const [path, body] of NEW_CALLS) {
      for (const [who, token] of tokens) {
        const res = await t.raw(path, body, token ? { token } : {}).then((r) => r.json() as Promise<{ code: number }>);
        if (res.code === Code.OK) successes++;
        expect([Code.NOT_LOGGED_IN, Code.FORBIDDEN], `${who} ${path}`).toContain(res.code);
        expect(res.code, `${who} ${path}`).toBe(who === "guest" ? Code.NOT_LOGGED_IN : Code.FORBIDDEN);
      }
    }
    expect(successes).toBe(0);
    const auditAfter = await t.db.selectFrom("staff_audit").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(auditAfter.n)).toBe(Number(auditBefore.n));
  });
});

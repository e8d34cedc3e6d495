import { describe, expect, it } from "vitest";
import { MESSAGES } from "../../contract/fields";
import { OrderStatus } from "../../contract/enums";
import { sweepOrderTimers } from "../../backend/jobs/order-timers";
import { transaction } from "../../backend/db/index";
import { ApiError } from "../../backend/http/errors";
import { notPossible, ORDER_CHANGED, transition, TRANSITIONS } from "../../backend/modules/orders/state-machine";
import { NEVER_OPENED_NO_COMPLETE, OPENED_NO_UNFREEZE } from "../../contract/calls/orders-desks";
import { ARBITRATION_MINUTES, RELEASE_MINUTES } from "../../backend/modules/orders/timing";
import type { TestBackend } from "../support/backend";
import {
  advertRemaining,
  balances,
  billsOf,
  changesOf,
  expectOk,
  expectRefused,
  ledgerCount,
  makeAdvert,
  noticesOf,
  orderRow,
  placeOrder,
  setUpOrderTests,
  orderActs,
  staff,
  type Parties,
} from "../support/orders";

let t: TestBackend;
let p: Parties;
let advertId: number;

/** 100 USD at 8500 per 10000: 85 coins. */
const FACE = 10_000;
const PRICE = 8_500;
const PROPOSED = 7_650; // 90%

setUpOrderTests(async (world) => {
  ({ t, p } = world);
  advertId = await makeAdvert(t, { merchantId: p.merchant.id, discount: 8_500 });
});

// ---------------------------------------------------------------- the actions, through the API

const act = orderActs(() => ({ t, p }), PROPOSED);
type ActionName = keyof typeof act;

/** A fresh order brought to `status` through the API (5 through an accepted "Cancel negotiation"). */
async function orderAt(status: number): Promise<number> {
  const id = await placeOrder(t, p.seller.token, advertId, FACE);
  const steps: Record<number, Array<() => Promise<unknown>>> = {
    0: [],
    1: [() => act.view(id)],
    2: [() => act.view(id), () => act.negotiate(id)],
    3: [() => act.view(id), () => act.negotiate(id), () => act.applyArbitration(id)],
    4: [() => act.view(id), () => act.complete(id)],
    5: [() => act.view(id), () => act.negotiate(id, 4, 0), () => act.accept(id)],
    6: [() => act.view(id), () => act.freeze(id)],
  };
  for (const step of steps[status]) expectOk((await step()) as never);
  expect((await orderRow(t, id)).status).toBe(status);
  return id;
}

/** What the ADR's table allows, per API action: the statuses it may start from. */
const ALLOWED_FROM: Record<ActionName, number[]> = {
  view: [0],
  complete: [1, 2],
  negotiate: [1],
  accept: [2, 3],
  applyArbitration: [2],
  resolveComplete: [3, 6],
  resolveCancel: [3, 6],
  freeze: [0, 1, 2, 3],
  // From a frozen order the merchant never opened only; orderAt(6) opened it (ADR 0051).
  unfreeze: [],
};
const RESULT: Record<ActionName, number> = {
  view: 1,
  complete: 4,
  negotiate: 2,
  accept: 4,
  applyArbitration: 3,
  resolveComplete: 4,
  resolveCancel: 5,
  freeze: 6,
  unfreeze: 0,
};

async function snapshot(id: number) {
  return {
    order: await orderRow(t, id),
    ledger: await ledgerCount(t),
    changes: (await changesOf(t, id)).length,
    notices: (await noticesOf(t, p.seller.id, id)).length,
    seller: await balances(t, p.seller.id),
    merchant: await balances(t, p.merchant.id),
    remaining: await advertRemaining(t, advertId),
  };
}

describe("the transition table", () => {
  it("is data: every rule names its statuses, actors and English event", () => {
    expect(TRANSITIONS.length).toBeGreaterThanOrEqual(12);
    for (const r of TRANSITIONS) {
      expect(r.from.length).toBeGreaterThan(0);
      expect(r.actors.length).toBeGreaterThan(0);
      expect(r.from).not.toContain(r.to);
    }
    // (from, to, actor) picks at most one rule.
    const keys = TRANSITIONS.flatMap((r) => r.from.flatMap((f) => r.actors.map((a) => `${f}>${r.to}:${a}`)));
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe("every API action from every status", () => {
  for (const [action, allowed] of Object.entries(ALLOWED_FROM) as [ActionName, number[]][]) {
    for (const status of [0, 1, 2, 3, 4, 5, 6]) {
      const legal = allowed.includes(status);
      it(`${action} from ${status}: ${legal ? `→ ${RESULT[action]}` : "refused"}`, async () => {
        const id = await orderAt(status);
        const before = await snapshot(id);
        const res = await (act[action] as (id: number) => Promise<{ code: number; msg?: string }>)(id);
        if (legal) {
          expectOk(res as never);
          expect((await orderRow(t, id)).status).toBe(RESULT[action]);
          expect((await changesOf(t, id)).length).toBe(before.changes + 1);
          expect((await noticesOf(t, p.seller.id, id)).length).toBe(before.notices + 1);
        } else {
          expectRefused(res as never, action === "unfreeze" && status === 6 ? OPENED_NO_UNFREEZE : notPossible(status), 0);
          expect(await snapshot(id)).toEqual(before);
        }
      });
    }
  }
});

describe("allowed transitions: money, timeline and notices", () => {
  it("addOrder: status 0, the face reserved on the advert, no money moved", async () => {
    const remaining = await advertRemaining(t, advertId);
    const ledger = await ledgerCount(t);
    const id = await placeOrder(t, p.seller.token, advertId, FACE);
    const o = await orderRow(t, id);
    expect(o).toMatchObject({ status: 0, trade_amount: FACE, calculate_total_price: PRICE, real_total_price: PRICE, frozen_amount: 0 });
    expect(new Date(o.auto_cancel_at!).getTime()).toBe(t.clock.now().getTime() + 30 * 60_000);
    expect(await advertRemaining(t, advertId)).toBe(remaining - FACE);
    expect(await ledgerCount(t)).toBe(ledger);
    expect((await changesOf(t, id)).map((c) => c.event_en)).toEqual(["Order created"]);
    const notices = await noticesOf(t, p.seller.id, id);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ type: 1, title_en: "Order created", opposite_user_id: p.merchant.id, goods_name: "Apple Gift Card", trans_amount: FACE, trans_currency: "USD" });
  });

  it("view 0 → 1: the merchant's coins are frozen and the release timer starts", async () => {
    const id = await orderAt(0);
    const m = await balances(t, p.merchant.id);
    expectOk(await act.view(id));
    expect(await balances(t, p.merchant.id)).toEqual({ amount: m.amount - PRICE, frozen: m.frozen + PRICE });
    const o = await orderRow(t, id);
    expect(o.frozen_amount).toBe(PRICE);
    expect(new Date(o.auto_release_at!).getTime()).toBe(t.clock.now().getTime() + RELEASE_MINUTES * 60_000);
    expect((await changesOf(t, id)).map((c) => [c.event_en, c.from_status, c.to_status, c.actor])).toEqual([
      ["Order created", null, 0, "seller"],
      ["Merchant viewed the card", 0, 1, "merchant"],
    ]);
    expect((await noticesOf(t, p.seller.id, id)).at(-1)!.title_en).toBe("Merchant viewed your card");
    expect(await billsOf(t, p.merchant.id, id)).toEqual([]);
  });

  it("view with too few coins: 'Your available Amount is not enough.' and nothing moves", async () => {
    // 1000 USD at 60 coins per USD = 60,000 coins: more than the merchant holds.
    const rich = await makeAdvert(t, { merchantId: p.merchant2.id, discount: 600_000, maxTrade: 100_000 });
    const id = await placeOrder(t, p.seller.token, rich, 100_000);
    const before = await balances(t, p.merchant2.id);
    const res = await staff(t, "/merchant/order/view", { id }, p.merchant2.token);
    expectRefused(res, MESSAGES.availableNotEnough, 0);
    expect((await orderRow(t, id)).status).toBe(0);
    expect(await balances(t, p.merchant2.id)).toEqual(before);
    expect((await changesOf(t, id)).length).toBe(1);
  });

  it("complete 1 → 4: the seller gets an Income bill, the merchant a Purchase bill (ADR 0051)", async () => {
    const id = await orderAt(1);
    const s = await balances(t, p.seller.id);
    const m = await balances(t, p.merchant.id);
    const advertBefore = await t.db.selectFrom("adverts").selectAll().where("id", "=", advertId).executeTakeFirstOrThrow();
    expectOk(await act.complete(id));
    expect(await balances(t, p.seller.id)).toEqual({ amount: s.amount + PRICE, frozen: s.frozen });
    expect(await balances(t, p.merchant.id)).toEqual({ amount: m.amount, frozen: m.frozen - PRICE });
    const [sellerBill] = await billsOf(t, p.seller.id, id);
    expect(sellerBill).toMatchObject({ type: 1, description_en: "Sold Apple Gift Card 100 USD", trans_amount: PRICE, current_amount: s.amount + PRICE, opposite_user_id: p.merchant.id });
    const [merchantBill] = await billsOf(t, p.merchant.id, id);
    expect(merchantBill).toMatchObject({ type: 5, description_en: "Bought Apple Gift Card 100 USD", trans_amount: -PRICE, current_amount: m.amount, opposite_user_id: p.seller.id });
    const o = await orderRow(t, id);
    expect(o).toMatchObject({ status: 4, real_total_price: PRICE, frozen_amount: 0 });
    expect(o.completed_at).not.toBeNull();
    const advertAfter = await t.db.selectFrom("adverts").selectAll().where("id", "=", advertId).executeTakeFirstOrThrow();
    expect(advertAfter.trade_amount).toBe(advertBefore.trade_amount);
    expect(advertAfter.total_trade).toBe(advertBefore.total_trade + 1);
    expect(advertAfter.total_buy_amount).toBe(advertBefore.total_buy_amount + FACE);
    expect((await changesOf(t, id)).at(-1)).toMatchObject({ event_en: "Order completed", from_status: 1, to_status: 4, actor: "merchant" });
    const notice = (await noticesOf(t, p.seller.id, id)).at(-1)!;
    expect(notice).toMatchObject({ title_en: "Order completed", trans_price: PRICE });
    expect(notice.content_en).toContain("85.00 Coins");
  });

  it("negotiate 1 → 2: the dispute fields and the arbitration timer are set", async () => {
    const id = await orderAt(1);
    const m = await balances(t, p.merchant.id);
    expectOk(await act.negotiate(id));
    const o = await orderRow(t, id);
    expect(o).toMatchObject({ status: 2, arbitration_type: 3, arbitration_apply_amount: 9_000, arbitration_apply_price: PROPOSED, arbitration_content: "The card holds 90 USD." });
    expect(new Date(o.auto_arbitration_at!).getTime()).toBe(t.clock.now().getTime() + ARBITRATION_MINUTES * 60_000);
    expect(await balances(t, p.merchant.id)).toEqual(m);
    expect((await changesOf(t, id)).at(-1)!.event_en).toBe("Merchant opened a negotiation: Wrong amount / rate");
    expect((await noticesOf(t, p.seller.id, id)).at(-1)!.title_en).toBe("Merchant opened a negotiation");
  });

  it("negotiate refuses a price above calculateTotalPrice", async () => {
    const id = await orderAt(1);
    expectRefused(await act.negotiate(id, 3, PRICE + 1), "The proposed price must not exceed 85.00 Coins.", 0);
    expect((await orderRow(t, id)).status).toBe(1);
  });

  it("accept 2 → 4: the seller is paid the proposed price, the rest returns to the merchant", async () => {
    const id = await orderAt(2);
    const s = await balances(t, p.seller.id);
    const m = await balances(t, p.merchant.id);
    expectOk(await act.accept(id));
    expect(await balances(t, p.seller.id)).toEqual({ amount: s.amount + PROPOSED, frozen: s.frozen });
    expect(await balances(t, p.merchant.id)).toEqual({ amount: m.amount + (PRICE - PROPOSED), frozen: m.frozen - PRICE });
    expect((await orderRow(t, id)).real_total_price).toBe(PROPOSED);
    expect((await billsOf(t, p.seller.id, id)).map((b) => b.trans_amount)).toEqual([PROPOSED]);
    expect((await billsOf(t, p.merchant.id, id)).map((b) => b.trans_amount)).toEqual([-PROPOSED]);
    expect((await changesOf(t, id)).at(-1)).toMatchObject({ event_en: "Seller accepted the negotiation", from_status: 2, to_status: 4, actor: "seller" });
  });

  it("complete 2 → 4 by the merchant: the full price", async () => {
    const id = await orderAt(2);
    const s = await balances(t, p.seller.id);
    expectOk(await act.complete(id));
    expect(await balances(t, p.seller.id)).toEqual({ amount: s.amount + PRICE, frozen: 0 });
    expect((await orderRow(t, id)).real_total_price).toBe(PRICE);
  });

  it("accept of a 'Cancel negotiation' 2 → 5: coins back to the merchant, face back to the advert, no bills", async () => {
    const id = await orderAt(1);
    expectOk(await act.negotiate(id, 4, 0));
    const m = await balances(t, p.merchant.id);
    const s = await balances(t, p.seller.id);
    const remaining = await advertRemaining(t, advertId);
    expectOk(await act.accept(id));
    expect(await balances(t, p.merchant.id)).toEqual({ amount: m.amount + PRICE, frozen: m.frozen - PRICE });
    expect(await balances(t, p.seller.id)).toEqual(s);
    expect(await advertRemaining(t, advertId)).toBe(remaining + FACE);
    const o = await orderRow(t, id);
    expect(o).toMatchObject({ status: 5, frozen_amount: 0 });
    expect(o.cancelled_at).not.toBeNull();
    expect(await billsOf(t, p.seller.id, id)).toEqual([]);
    expect(await billsOf(t, p.merchant.id, id)).toEqual([]);
    expect((await changesOf(t, id)).at(-1)!.event_en).toBe("Seller accepted the negotiation: order cancelled");
  });

  it("applyArbitration 2 → 3, then the seller may still accept 3 → 4", async () => {
    const id = await orderAt(2);
    expectOk(await act.applyArbitration(id));
    expect((await changesOf(t, id)).at(-1)).toMatchObject({ event_en: "Seller applied for arbitration", to_status: 3, actor: "seller" });
    const s = await balances(t, p.seller.id);
    expectOk(await act.accept(id));
    expect(await balances(t, p.seller.id)).toEqual({ amount: s.amount + PROPOSED, frozen: 0 });
    expect((await changesOf(t, id)).at(-1)).toMatchObject({ from_status: 3, to_status: 4 });
  });

  it("a 'Cancel negotiation' in arbitration accepted by the seller 3 → 5", async () => {
    const id = await orderAt(1);
    expectOk(await act.negotiate(id, 4, 0));
    expectOk(await act.applyArbitration(id));
    const m = await balances(t, p.merchant.id);
    expectOk(await act.accept(id));
    expect((await orderRow(t, id)).status).toBe(5);
    expect(await balances(t, p.merchant.id)).toEqual({ amount: m.amount + PRICE, frozen: m.frozen - PRICE });
  });

  it("resolve 3 → 4 with the administrator's price", async () => {
    const id = await orderAt(3);
    const s = await balances(t, p.seller.id);
    const m = await balances(t, p.merchant.id);
    expectRefused(await act.resolveComplete(id, PRICE + 1), "The price must not exceed the 85.00 Coins held from the merchant.", 0);
    expectOk(await act.resolveComplete(id, 8_000));
    expect(await balances(t, p.seller.id)).toEqual({ amount: s.amount + 8_000, frozen: 0 });
    expect(await balances(t, p.merchant.id)).toEqual({ amount: m.amount + 500, frozen: m.frozen - PRICE });
    expect((await orderRow(t, id)).real_total_price).toBe(8_000);
    expect((await changesOf(t, id)).at(-1)).toMatchObject({ event_en: "Arbitration resolved: order completed", actor: "admin" });
  });

  it("resolve 3 → 5: everything returns", async () => {
    const id = await orderAt(3);
    const m = await balances(t, p.merchant.id);
    const remaining = await advertRemaining(t, advertId);
    expectOk(await act.resolveCancel(id));
    expect(await balances(t, p.merchant.id)).toEqual({ amount: m.amount + PRICE, frozen: m.frozen - PRICE });
    expect(await advertRemaining(t, advertId)).toBe(remaining + FACE);
    expect((await changesOf(t, id)).at(-1)!.event_en).toBe("Arbitration resolved: order cancelled");
  });

  it("freeze 0 → 6 holds nothing; completing it is refused, whatever the price, and nothing moves (ADR 0051)", async () => {
    const id = await orderAt(0);
    const m = await balances(t, p.merchant.id);
    expectOk(await act.freeze(id));
    expect((await changesOf(t, id)).at(-1)).toMatchObject({ event_en: "Order frozen", from_status: 0, to_status: 6, actor: "admin" });
    expect(await balances(t, p.merchant.id)).toEqual(m);
    const before = await snapshot(id);
    for (const price of [undefined, PRICE, 0]) {
      expectRefused(await act.resolveComplete(id, price), NEVER_OPENED_NO_COMPLETE, 0);
      expect(await snapshot(id)).toEqual(before);
    }
    expectOk(await act.resolveCancel(id));
    expect(await balances(t, p.merchant.id)).toEqual(m);
  });

  it("freeze 1 → 6 keeps the escrow; resolve 6 → 5 returns it", async () => {
    const id = await orderAt(1);
    const m = await balances(t, p.merchant.id);
    expectOk(await act.freeze(id));
    expect(await balances(t, p.merchant.id)).toEqual(m);
    expect((await orderRow(t, id)).frozen_amount).toBe(PRICE);
    expectOk(await act.resolveCancel(id));
    expect(await balances(t, p.merchant.id)).toEqual({ amount: m.amount + PRICE, frozen: m.frozen - PRICE });
  });
});

describe("transition() itself", () => {
  it("refuses a move that is not in the table (code 0) and a stale one (code 7)", async () => {
    const id = await orderAt(4);
    const now = t.clock.now();
    const err1 = await transaction(t.db, (trx) => transition(trx, { orderId: id, from: 4, to: OrderStatus.Cancelled, actor: "timer", now })).catch((e) => e);
    expect(err1).toBeInstanceOf(ApiError);
    expect(err1).toMatchObject({ code: 0, message: notPossible(4) });
    const other = await orderAt(0);
    // The caller saw status 1 but the order is still 0... and the other way: saw 0 after someone moved it.
    expectOk(await act.view(other));
    const err2 = await transaction(t.db, (trx) => transition(trx, { orderId: other, from: 0, to: OrderStatus.Processing, actor: "merchant", now })).catch((e) => e);
    expect(err2).toMatchObject({ code: 7, message: ORDER_CHANGED });
    expect((await changesOf(t, other)).length).toBe(2);
  });
});

// The timers move the clock forward: this block runs last.
describe("timer transitions", () => {
  it("0 → 5 auto cancel, 1 → 4 auto release, 2 → 3 auto arbitration", async () => {
    const waiting = await orderAt(0);
    const processing = await orderAt(1);
    const negotiating = await orderAt(2);
    const remaining = await advertRemaining(t, advertId);
    t.clock.advance(ARBITRATION_MINUTES * 60_000 + 1);
    const res = await sweepOrderTimers(t.backend.services);
    expect(res.moved).toBeGreaterThanOrEqual(3);
    expect((await orderRow(t, waiting)).status).toBe(5);
    expect((await orderRow(t, processing)).status).toBe(4);
    expect((await orderRow(t, negotiating)).status).toBe(3);
    expect((await changesOf(t, waiting)).at(-1)).toMatchObject({ event_en: "Order cancelled: the merchant did not view the card in time", actor: "timer" });
    expect((await changesOf(t, processing)).at(-1)).toMatchObject({ event_en: "Order completed: the coins were released automatically", actor: "timer" });
    expect((await changesOf(t, negotiating)).at(-1)).toMatchObject({ event_en: "Order sent to arbitration: the negotiation was not answered in time", actor: "timer" });
    // (Other tests' open orders are swept too: check this order's own bills.)
    expect((await billsOf(t, p.seller.id, processing)).map((b) => [b.description_en, b.trans_amount])).toEqual([["Sold Apple Gift Card 100 USD", PRICE]]);
    expect((await orderRow(t, processing)).frozen_amount).toBe(0);
    expect(await billsOf(t, p.seller.id, waiting)).toEqual([]);
    expect(await advertRemaining(t, advertId)).toBeGreaterThanOrEqual(remaining + FACE);
    expect((await noticesOf(t, p.seller.id, waiting)).at(-1)!.title_en).toBe("Order cancelled");
  });
});

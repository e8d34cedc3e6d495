/**
 * What staff see of an order's money is what the books hold (ADR 0051), on a real database: at
 * every status, reached through the real state machine, /admin/order/detail's held, paid and
 * returned figures equal the sums of that order's own ledger rows and the balances that moved —
 * never the order's price figures. A frozen order the merchant never opened holds nothing: it
 * can be cancelled or unfrozen (back to Waiting with a fresh timer), never completed; completing
 * takes nothing beyond the merchant's hold.
 */
import { describe, expect, it } from "vitest";
import { NEVER_OPENED_NO_COMPLETE, OPENED_NO_UNFREEZE, type OrderMoney } from "../../contract/calls/orders-desks";
import { sweepOrderTimers } from "../../backend/jobs/order-timers";
import { priceAboveHold } from "../../backend/modules/orders/state-machine";
import type { TestBackend } from "../support/backend";
import { expectLedgerBalanced } from "../support/ledger";
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
  staff,
  type Parties,
} from "../support/orders";

let t: TestBackend;
let p: Parties;
let advertId: number;

/** 100 USD at 8500 per 10000: 85 coins; the merchant's proposal 90% of it. */
const FACE = 10_000;
const PRICE = 8_500;
const PROPOSED = 7_650;
const PAY_LIMIT = 30;

setUpOrderTests(async (world) => {
  ({ t, p } = world);
  advertId = await makeAdvert(t, { merchantId: p.merchant.id, discount: 8_500, payLimit: PAY_LIMIT });
});

const act = {
  view: (id: number) => staff(t, "/merchant/order/view", { id }, p.merchant.token),
  complete: (id: number) => staff(t, "/merchant/order/complete", { id }, p.merchant.token),
  negotiate: (id: number, arbitrationType = 3) =>
    staff(
      t,
      "/merchant/order/negotiate",
      { id, arbitrationType, arbitrationApplyAmount: 9_000, arbitrationApplyPrice: arbitrationType === 4 ? 0 : PROPOSED, arbitrationContent: "The card holds 90 USD." },
      p.merchant.token,
    ),
  accept: (id: number) => t.call("/order/acceptDispute", { id }, { token: p.seller.token }),
  applyArbitration: (id: number) => t.call("/order/applyArbitration", { id }, { token: p.seller.token }),
  resolve: (id: number, outcome: "complete" | "cancel", realTotalPrice?: number) =>
    staff(t, "/admin/order/resolve", { id, outcome, ...(realTotalPrice !== undefined ? { realTotalPrice } : {}) }, p.admin.token),
  freeze: (id: number) => staff(t, "/admin/order/freeze", { id }, p.admin.token),
  unfreeze: (id: number) => staff(t, "/admin/order/unfreeze", { id }, p.admin.token),
};

/** The order's coins summed here from its ledger rows, one by one: the buyer's frozen part, the seller's amount, what came back to the buyer's amount. */
async function ledgerFigures(id: number): Promise<OrderMoney> {
  const o = await orderRow(t, id);
  const rows = await t.db.selectFrom("ledger_entries").select(["user_id", "part", "delta"]).where("ref_type", "=", "order").where("ref_id", "=", id).execute();
  const sum = (keep: (r: (typeof rows)[number]) => boolean) => rows.filter(keep).reduce((s, r) => s + Number(r.delta), 0);
  return {
    held: sum((r) => r.user_id === o.buyer_id && r.part === "frozen"),
    paid: sum((r) => r.user_id === o.seller_id && r.part === "amount"),
    returned: sum((r) => r.user_id === o.buyer_id && r.part === "amount" && Number(r.delta) > 0),
  };
}

const detail = async (id: number) => {
  const d = await staff(t, "/admin/order/detail", { id }, p.admin.token);
  expectOk(d);
  return d.data as { money: OrderMoney; merchantViewed: boolean; actions: Record<string, boolean>; orderInfo: { status: number; calculateTotalPrice: number; realTotalPrice: number } };
};

interface Case {
  name: string;
  status: number;
  steps: Array<(id: number) => Promise<unknown>>;
  money: OrderMoney;
  viewed: boolean;
}

const CASES: Case[] = [
  { name: "Waiting: never opened, nothing held", status: 0, steps: [], money: { held: 0, paid: 0, returned: 0 }, viewed: false },
  { name: "Processing: the price held", status: 1, steps: [act.view], money: { held: PRICE, paid: 0, returned: 0 }, viewed: true },
  { name: "In negotiation: still the price held", status: 2, steps: [act.view, (id) => act.negotiate(id)], money: { held: PRICE, paid: 0, returned: 0 }, viewed: true },
  {
    name: "In arbitration: still the price held",
    status: 3,
    steps: [act.view, (id) => act.negotiate(id), act.applyArbitration],
    money: { held: PRICE, paid: 0, returned: 0 },
    viewed: true,
  },
  { name: "Completed by the merchant: the price paid", status: 4, steps: [act.view, act.complete], money: { held: 0, paid: PRICE, returned: 0 }, viewed: true },
  {
    name: "Completed at the proposal: paid the proposal, the rest returned",
    status: 4,
    steps: [act.view, (id) => act.negotiate(id), act.accept],
    money: { held: 0, paid: PROPOSED, returned: PRICE - PROPOSED },
    viewed: true,
  },
  {
    name: "Completed by staff at 80.00: the rest returned",
    status: 4,
    steps: [act.view, (id) => act.negotiate(id), act.applyArbitration, (id) => act.resolve(id, "complete", 8_000)],
    money: { held: 0, paid: 8_000, returned: PRICE - 8_000 },
    viewed: true,
  },
  {
    name: "Cancelled after it was opened: the hold returned",
    status: 5,
    steps: [act.view, (id) => act.negotiate(id, 4), act.accept],
    money: { held: 0, paid: 0, returned: PRICE },
    viewed: true,
  },
  {
    name: "Cancelled by staff, never opened: nothing held, nothing returned",
    status: 5,
    steps: [act.freeze, (id) => act.resolve(id, "cancel")],
    money: { held: 0, paid: 0, returned: 0 },
    viewed: false,
  },
  { name: "Frozen after it was opened: the price held", status: 6, steps: [act.view, act.freeze], money: { held: PRICE, paid: 0, returned: 0 }, viewed: true },
  { name: "Frozen, never opened: nothing held", status: 6, steps: [act.freeze], money: { held: 0, paid: 0, returned: 0 }, viewed: false },
];

describe("the staff order page's figures are the ledger's, at every status", () => {
  for (const c of CASES) {
    it(`${c.status} ${c.name}`, async () => {
      const merchantBefore = await balances(t, p.merchant.id);
      const sellerBefore = await balances(t, p.seller.id);
      const id = await placeOrder(t, p.seller.token, advertId, FACE);
      for (const step of c.steps) expectOk((await step(id)) as never);
      const d = await detail(id);
      expect(d.orderInfo.status).toBe(c.status);
      expect(d.merchantViewed).toBe(c.viewed);
      expect(d.money).toEqual(await ledgerFigures(id));
      expect(d.money).toEqual(c.money);
      // The same coins seen from the accounts: the merchant's frozen part grew by what is held, its
      // whole balance shrank by what was paid, and the seller's amount grew by it.
      const merchant = await balances(t, p.merchant.id);
      const seller = await balances(t, p.seller.id);
      expect(merchant.frozen - merchantBefore.frozen).toBe(c.money.held);
      expect(merchantBefore.amount + merchantBefore.frozen - (merchant.amount + merchant.frozen)).toBe(c.money.paid);
      expect(seller.amount - sellerBefore.amount).toBe(c.money.paid);
      // What an order promised is not what moved: Waiting and never-opened orders carry their price all the same.
      expect(d.orderInfo.calculateTotalPrice).toBe(PRICE);
      // Leave no hold behind for the next case.
      if (d.actions.cancel) expectOk(await act.resolve(id, "cancel"));
      else if (c.status === 1 || c.status === 2) expectOk(await act.complete(id));
    });
  }
});

describe("a frozen order the merchant never opened (ADR 0051)", () => {
  it("offers cancel and unfreeze, never complete; completing is refused at any price and nothing moves", async () => {
    const id = await placeOrder(t, p.seller.token, advertId, FACE);
    expectOk(await act.freeze(id));
    expect((await detail(id)).actions).toEqual({ resolve: true, freeze: false, complete: false, cancel: true, unfreeze: true });
    const before = { order: await orderRow(t, id), ledger: await ledgerCount(t), merchant: await balances(t, p.merchant.id), seller: await balances(t, p.seller.id) };
    const audits = async () => (await t.db.selectFrom("staff_audit").select("action").where("entity_type", "=", "order").where("entity_id", "=", id).orderBy("id").execute()).map((r) => r.action);
    for (const price of [undefined, 1, PRICE]) {
      expectRefused(await act.resolve(id, "complete", price), NEVER_OPENED_NO_COMPLETE, 0);
    }
    expect({ order: await orderRow(t, id), ledger: await ledgerCount(t), merchant: await balances(t, p.merchant.id), seller: await balances(t, p.seller.id) }).toEqual(before);
    expect(await billsOf(t, p.merchant.id, id)).toEqual([]);
    expect(await audits()).toEqual(["order.freeze"]);
    // Cancelled: nothing was held, so nothing returns; the face goes back to the offer.
    const remaining = await advertRemaining(t, advertId);
    expectOk(await act.resolve(id, "cancel"));
    expect(await balances(t, p.merchant.id)).toEqual(before.merchant);
    expect(await advertRemaining(t, advertId)).toBe(remaining + FACE);
    expect(await audits()).toEqual(["order.freeze", "order.resolveCancel"]);
  });

  it("a frozen order it opened: completing pays from the hold only — a price above it is refused, the merchant's available coins never pay", async () => {
    const id = await placeOrder(t, p.seller.token, advertId, FACE);
    expectOk(await act.view(id));
    expectOk(await act.freeze(id));
    expect((await detail(id)).actions).toEqual({ resolve: true, freeze: false, complete: true, cancel: true, unfreeze: false });
    const m = await balances(t, p.merchant.id);
    expectRefused(await act.resolve(id, "complete", PRICE + 1), priceAboveHold(PRICE), 0);
    expectRefused(await act.unfreeze(id), OPENED_NO_UNFREEZE, 0);
    expect((await orderRow(t, id)).status).toBe(6);
    expect(await balances(t, p.merchant.id)).toEqual(m);
    expectOk(await act.resolve(id, "complete", PRICE));
    // The whole hold paid: the merchant's available coins are untouched, its frozen ones gone.
    expect(await balances(t, p.merchant.id)).toEqual({ amount: m.amount, frozen: m.frozen - PRICE });
    expect((await detail(id)).money).toEqual({ held: 0, paid: PRICE, returned: 0 });
  });

  // The timers move the clock forward: this test runs last.
  it("unfreezes back to Waiting with a fresh Auto Cancel timer of the offer's pay limit; the merchant may view it then, or the timer cancels it", async () => {
    const id = await placeOrder(t, p.seller.token, advertId, FACE);
    expectOk(await act.freeze(id));
    // Frozen past its first timer: unfreezing must not hand it to the sweep at once.
    t.clock.advance((PAY_LIMIT + 5) * 60_000);
    await sweepOrderTimers(t.backend.services, () => {});
    expectOk(await act.unfreeze(id));
    const o = await orderRow(t, id);
    expect(o.status).toBe(0);
    expect(new Date(o.auto_cancel_at!).getTime()).toBe(t.clock.now().getTime() + PAY_LIMIT * 60_000);
    expect((await changesOf(t, id)).at(-1)).toMatchObject({ event_en: "Order unfrozen: back to Waiting", from_status: 6, to_status: 0, actor: "admin" });
    expect((await noticesOf(t, p.seller.id, id)).at(-1)!.title_en).toBe("Order unfrozen");
    const audit = await t.db.selectFrom("staff_audit").selectAll().where("entity_type", "=", "order").where("entity_id", "=", id).orderBy("id").execute();
    expect(audit.map((r) => [r.action, (r.before as { status: number }).status, (r.after as { status: number }).status])).toEqual([
      ["order.freeze", 0, 6],
      ["order.unfreeze", 6, 0],
    ]);
    expect((await detail(id)).actions).toEqual({ resolve: false, freeze: true, complete: false, cancel: false, unfreeze: false });
    await sweepOrderTimers(t.backend.services, () => {});
    expect((await orderRow(t, id)).status).toBe(0);

    // The merchant opens it: now the price is held, as for any order.
    const viewed = await placeOrder(t, p.seller.token, advertId, FACE);
    expectOk(await act.freeze(viewed));
    expectOk(await act.unfreeze(viewed));
    expectOk(await act.view(viewed));
    expect((await detail(viewed)).money).toEqual({ held: PRICE, paid: 0, returned: 0 });
    expectOk(await act.complete(viewed));

    // Not viewed within the fresh limit: cancelled by the timer, the card the seller's.
    t.clock.advance(PAY_LIMIT * 60_000 + 1);
    await sweepOrderTimers(t.backend.services, () => {});
    expect((await orderRow(t, id)).status).toBe(5);
    expect((await detail(id)).money).toEqual({ held: 0, paid: 0, returned: 0 });
    // What ledger:check checks: balances equal their ledger, and every frozen balance the orders' escrow.
    await expectLedgerBalanced(t.db);
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../contract/fields";
import { ORDER_POINTS_DESCRIPTION } from "../../backend/modules/membership/earn";
import { expectLedgerBalanced } from "../support/ledger";
import type { TestBackend } from "../support/backend";
import {
  advertRemaining,
  balances,
  billsOf,
  changesOf,
  expectOk,
  makeAdvert,
  orderRow,
  placeOrder,
  secretFor,
  setUpOrderTests,
  staff,
  type Parties,
} from "../support/orders";

let t: TestBackend;
let p: Parties;

const FACE = 10_000;
const PRICE = 8_500;

setUpOrderTests((world) => {
  ({ t, p } = world);
});

const countOrders = async (advertId: number) =>
  Number((await t.db.selectFrom("orders").select((eb) => eb.fn.countAll<number>().as("n")).where("advert_id", "=", advertId).executeTakeFirstOrThrow()).n);

describe(`parallel addOrder (${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  it("50 parallel orders against room for exactly 10: exactly 10 succeed, nothing is oversold", async () => {
    const advertId = await makeAdvert(t, { merchantId: p.merchant.id, tradeAmount: 10 * FACE });
    // Each submission has its own secret; two sellers share the load.
    const sellers = [p.seller, p.seller2];
    const jobs = [];
    for (let i = 0; i < 50; i++) {
      const who = sellers[i % 2];
      jobs.push({ who, secret: await secretFor(t, who.token, advertId) });
    }
    const results = await Promise.all(
      jobs.map(({ who, secret }, i) =>
        t.call("/order/addOrder", { advertId, tradeAmount: FACE, cardCode: `CODE-${i}`, secret }, { token: who.token }),
      ),
    );
    const ok = results.filter((r) => r.code === 1);
    expect(ok).toHaveLength(10);
    expect(new Set(ok.map((r) => r.data.id)).size).toBe(10);
    for (const r of results.filter((r) => r.code !== 1)) expect(r).toEqual({ code: 0, msg: MESSAGES.remainNotEnough });
    expect(await advertRemaining(t, advertId)).toBe(0);
    expect(await countOrders(advertId)).toBe(10);
  });

  it("the same submission sent 10 times at once creates one order", async () => {
    const advertId = await makeAdvert(t, { merchantId: p.merchant.id, tradeAmount: 100 * FACE });
    const secret = await secretFor(t, p.seller.token, advertId);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => t.call("/order/addOrder", { advertId, tradeAmount: FACE, cardCode: "SAME-CODE", secret }, { token: p.seller.token })),
    );
    for (const r of results) expect(r.code).toBe(1);
    expect(new Set(results.map((r) => r.data.id)).size).toBe(1);
    expect(await countOrders(advertId)).toBe(1);
    expect(await advertRemaining(t, advertId)).toBe(99 * FACE);
  });
});

describe("parallel completion", () => {
  let advertId: number;
  beforeAll(async () => {
    advertId = await makeAdvert(t, { merchantId: p.merchant.id, discount: 8_500 });
  });

  async function negotiated(): Promise<number> {
    const id = await placeOrder(t, p.seller.token, advertId, FACE);
    expectOk(await staff(t, "/merchant/order/view", { id }, p.merchant.token));
    expectOk(
      await staff(t, "/merchant/order/negotiate", { id, arbitrationType: 3, arbitrationApplyAmount: 9_000, arbitrationApplyPrice: 7_650, arbitrationContent: "90 USD only." }, p.merchant.token),
    );
    return id;
  }

  async function expectPaidOnce(id: number, sellerBefore: number, results: { code: number }[]) {
    expect(results.filter((r) => r.code === 1)).toHaveLength(1);
    const o = await orderRow(t, id);
    expect([4, 5]).toContain(o.status);
    const bills = await billsOf(t, p.seller.id, id);
    expect(bills.length).toBeLessThanOrEqual(1);
    expect((await balances(t, p.seller.id)).amount).toBe(sellerBefore + (bills[0]?.trans_amount ?? 0));
    expect(bills[0]?.trans_amount ?? 0).toBe(o.status === 4 ? o.real_total_price : 0);
    expect((await changesOf(t, id)).filter((c) => c.to_status === 4 || c.to_status === 5)).toHaveLength(1);
    expect(o.frozen_amount).toBe(0);
    // Points for a completed order ride on the same compare-and-set: one Income record or none.
    const points = await t.db.selectFrom("wealth_records").selectAll().where("ref_type", "=", "order").where("ref_id", "=", id).execute();
    expect(points).toHaveLength(o.status === 4 ? 1 : 0);
    if (points[0]) expect(points[0]).toMatchObject({ user_id: p.seller.id, type: 1, description_en: ORDER_POINTS_DESCRIPTION });
    await expectLedgerBalanced(t.db);
  }

  it("20 parallel merchant complete + admin resolve calls (+ the seller's accept) on one order: the seller is credited exactly once", async () => {
    const id = await negotiated();
    const before = (await balances(t, p.seller.id)).amount;
    const calls = Array.from({ length: 20 }, (_, i) =>
      i % 2 === 0
        ? staff(t, "/merchant/order/complete", { id }, p.merchant.token)
        : staff(t, "/admin/order/resolve", { id, outcome: "complete" }, p.admin.token),
    );
    calls.push(t.call("/order/acceptDispute", { id }, { token: p.seller.token }));
    const results = await Promise.all(calls);
    await expectPaidOnce(id, before, results);
    // Every loser got a clear refusal.
    for (const r of results.filter((r) => r.code !== 1)) expect(r.msg).toMatch(/The order status has changed|not possible while the order is/);
  });

  it("in arbitration: 10 admin resolves, 10 seller accepts, racing: exactly one wins", async () => {
    const id = await negotiated();
    expectOk(await t.call("/order/applyArbitration", { id }, { token: p.seller.token }));
    const before = (await balances(t, p.seller.id)).amount;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? staff(t, "/admin/order/resolve", { id, outcome: i % 4 === 0 ? "complete" : "cancel" }, p.admin.token)
          : t.call("/order/acceptDispute", { id }, { token: p.seller.token }),
      ),
    );
    await expectPaidOnce(id, before, results);
  });
});

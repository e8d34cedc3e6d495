import { describe, expect, it } from "vitest";
import { createBackend } from "../../backend/app";
import { sweepOrderTimers } from "../../backend/jobs/order-timers";
import { ORDER_CHANGED } from "../../backend/modules/orders/state-machine";
import { ARBITRATION_MINUTES, RELEASE_MINUTES } from "../../backend/modules/orders/timing";
import { createSecretBox } from "../../backend/security/secret-box";
import { TEST_DATA_KEY, TestClock, type TestBackend } from "../support/backend";
import {
  advertRemaining,
  balances,
  billsOf,
  changesOf,
  expectOk,
  expectRefused,
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
const PAY_LIMIT = 20;
const FACE = 5_000;
const PRICE = 4_000; // 50 USD at 8000 per 10000
const MIN = 60_000;

setUpOrderTests(async (world) => {
  ({ t, p } = world);
  advertId = await makeAdvert(t, { merchantId: p.merchant.id, discount: 8_000, payLimit: PAY_LIMIT });
});

const sweep = () => sweepOrderTimers(t.backend.services, () => {});
const view = (id: number) => staff(t, "/merchant/order/view", { id }, p.merchant.token);

/** Every due timer of earlier tests is swept first, so each test counts only its own. */
async function settle() {
  await sweep();
}

describe("auto cancel (status 0)", () => {
  it("fires at autoCancelTimestamp, not before: 0 → 5, the face returns to the advert", async () => {
    await settle();
    const id = await placeOrder(t, p.seller.token, advertId, FACE);
    const remaining = await advertRemaining(t, advertId);
    const o = await orderRow(t, id);
    expect(new Date(o.auto_cancel_at!).getTime()).toBe(t.clock.t + PAY_LIMIT * MIN);

    t.clock.advance(PAY_LIMIT * MIN - 1);
    expect(await sweep()).toEqual({ moved: 0, skipped: 0 });
    expect((await orderRow(t, id)).status).toBe(0);

    t.clock.advance(1);
    expect(await sweep()).toEqual({ moved: 1, skipped: 0 });
    expect((await orderRow(t, id)).status).toBe(5);
    expect(await advertRemaining(t, advertId)).toBe(remaining + FACE);
    expect((await changesOf(t, id)).map((c) => c.event_en)).toEqual(["Order created", "Order cancelled: the merchant did not view the card in time"]);
    expect((await noticesOf(t, p.seller.id, id)).at(-1)!.title_en).toBe("Order cancelled");
    expect(await sweep()).toEqual({ moved: 0, skipped: 0 });
  });

  it("a merchant too late to view is refused even before the sweep runs", async () => {
    await settle();
    const id = await placeOrder(t, p.seller.token, advertId, FACE);
    t.clock.advance(PAY_LIMIT * MIN);
    const m = await balances(t, p.merchant.id);
    expectRefused(await view(id), ORDER_CHANGED, 7);
    expect(await balances(t, p.merchant.id)).toEqual(m);
    expect((await sweep()).moved).toBe(1);
    expect((await orderRow(t, id)).status).toBe(5);
  });
});

describe("auto release (status 1)", () => {
  it("pays the seller when the merchant does nothing for RELEASE_MINUTES after viewing", async () => {
    await settle();
    const id = await placeOrder(t, p.seller.token, advertId, FACE);
    t.clock.advance(5 * MIN);
    expectOk(await view(id));
    const s = await balances(t, p.seller.id);
    const m = await balances(t, p.merchant.id);
    t.clock.advance(RELEASE_MINUTES * MIN - 1);
    expect((await sweep()).moved).toBe(0);
    t.clock.advance(1);
    expect(await sweep()).toEqual({ moved: 1, skipped: 0 });
    expect((await orderRow(t, id)).status).toBe(4);
    expect(await balances(t, p.seller.id)).toEqual({ amount: s.amount + PRICE, frozen: s.frozen });
    expect(await balances(t, p.merchant.id)).toEqual({ amount: m.amount, frozen: m.frozen - PRICE });
    expect((await billsOf(t, p.seller.id, id)).map((b) => b.trans_amount)).toEqual([PRICE]);
    expect((await changesOf(t, id)).at(-1)).toMatchObject({ event_en: "Order completed: the coins were released automatically", actor: "timer" });
  });
});

describe("auto arbitration (status 2)", () => {
  it("moves an unanswered negotiation to arbitration, and never pays or cancels by itself", async () => {
    await settle();
    const id = await placeOrder(t, p.seller.token, advertId, FACE);
    expectOk(await view(id));
    expectOk(
      await staff(t, "/merchant/order/negotiate", { id, arbitrationType: 0, arbitrationApplyAmount: 0, arbitrationApplyPrice: 0, arbitrationContent: "Invalid card." }, p.merchant.token),
    );
    const m = await balances(t, p.merchant.id);
    t.clock.advance(ARBITRATION_MINUTES * MIN - 1);
    expect((await sweep()).moved).toBe(0);
    t.clock.advance(1);
    expect((await sweep()).moved).toBe(1);
    expect((await orderRow(t, id)).status).toBe(3);
    expect(await balances(t, p.merchant.id)).toEqual(m);
    expect((await orderRow(t, id)).frozen_amount).toBe(PRICE);
    // Status 3 has no timer: a human decides.
    t.clock.advance(1000 * MIN);
    expect((await sweep()).moved).toBe(0);
    expect((await orderRow(t, id)).status).toBe(3);
  });
});

describe("a restart between the due time and the sweep", () => {
  it("a second backend on the same database carries the timer out exactly once", async () => {
    await settle();
    const id = await placeOrder(t, p.seller.token, advertId, FACE);
    expectOk(await view(id));
    const s = await balances(t, p.seller.id);
    const dueAt = new Date((await orderRow(t, id)).auto_release_at!).getTime();

    // The first process "crashes" here; a new one starts on the same database after the due time.
    const clock2 = new TestClock(dueAt + 30_000);
    const second = createBackend({ db: t.db, config: t.config, clock: clock2, secrets: createSecretBox(TEST_DATA_KEY), log: () => {} });
    expect(await sweepOrderTimers(second.services, () => {})).toEqual({ moved: 1, skipped: 0 });
    expect(await sweepOrderTimers(second.services, () => {})).toEqual({ moved: 0, skipped: 0 });
    // The old process (or a second one running side by side) finds nothing left to do.
    t.clock.t = dueAt + 60_000;
    expect(await sweep()).toEqual({ moved: 0, skipped: 0 });

    expect((await orderRow(t, id)).status).toBe(4);
    expect(await balances(t, p.seller.id)).toEqual({ amount: s.amount + PRICE, frozen: s.frozen });
    expect(await billsOf(t, p.seller.id, id)).toHaveLength(1);
    expect((await changesOf(t, id)).filter((c) => c.to_status === 4)).toHaveLength(1);
    expect((await noticesOf(t, p.seller.id, id)).filter((n) => n.title_en === "Order completed")).toHaveLength(1);
  });

  it("two sweeps racing on the same due rows move each exactly once", async () => {
    await settle();
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await placeOrder(t, p.seller.token, advertId, FACE));
    t.clock.advance(PAY_LIMIT * MIN);
    const [a, b] = await Promise.all([sweep(), sweep()]);
    expect(a.moved + b.moved).toBe(5);
    for (const id of ids) {
      expect((await orderRow(t, id)).status).toBe(5);
      expect((await changesOf(t, id)).filter((c) => c.to_status === 5)).toHaveLength(1);
    }
  });
});

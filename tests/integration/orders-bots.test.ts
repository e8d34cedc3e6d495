import { describe, expect, it } from "vitest";
import { botNegotiates, runDemoBots } from "../../backend/demo/bots";
import type { TestBackend } from "../support/backend";
import { balances, changesOf, expectOk, makeAdvert, orderRow, placeOrder, setUpOrderTests, staff, type Parties } from "../support/orders";

let t: TestBackend;
let p: Parties;
const DELAY = 15_000;

// The harness turns the bots' job off; the test runs their sweep by hand with the default delay.
setUpOrderTests((world) => {
  ({ t, p } = world);
});

const bots = () => runDemoBots(t.backend.services, () => {});

describe("demo bots", () => {
  it("view after the delay, then complete, negotiating on every order whose id is a multiple of 4", async () => {
    expect(t.config.DEMO_BOT_DELAY_MS).toBe(DELAY);
    const advertId = await makeAdvert(t, { merchantId: p.merchant.id, discount: 8_000 });
    // A non-demo business user's orders are left alone.
    const other = (await t.db.selectFrom("users").select("id").where("email", "=", "withdrawer1@demo.test").executeTakeFirstOrThrow()).id;
    const otherAdvert = await makeAdvert(t, { merchantId: other });
    const ignored = await placeOrder(t, p.seller.token, otherAdvert, 10_000);
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push(await placeOrder(t, p.seller.token, advertId, 10_000));

    t.clock.advance(DELAY - 1);
    expect(await bots()).toBe(0);
    t.clock.advance(1);
    expect(await bots()).toBe(4);
    for (const id of ids) expect((await orderRow(t, id)).status).toBe(1);
    expect((await orderRow(t, ignored)).status).toBe(0);

    const s = await balances(t, p.seller.id);
    t.clock.advance(DELAY);
    expect(await bots()).toBe(4);
    let paid = 0;
    for (const id of ids) {
      const o = await orderRow(t, id);
      if (botNegotiates(id)) {
        expect(o).toMatchObject({
          status: 2,
          arbitration_type: 3,
          arbitration_apply_price: 7_200,
          // The face found, the price and the words agree: 90% of a 100 USD card, 90% of the price.
          arbitration_apply_amount: 9_000,
          arbitration_content: "The card redeemed for 90 USD, less than the 100 USD you entered, so we can only pay for 90 USD.",
        });
        expect((await changesOf(t, id)).at(-1)!.event_en).toBe("Merchant opened a negotiation: Wrong amount / rate");
      } else {
        expect(o.status).toBe(4);
        paid += o.real_total_price;
      }
    }
    expect(ids.filter(botNegotiates)).toHaveLength(1);
    expect((await balances(t, p.seller.id)).amount).toBe(s.amount + paid);
    // Nothing more to do: negotiations wait for the seller or the arbitration timer.
    t.clock.advance(DELAY);
    expect(await bots()).toBe(0);
  });

  it("leave an order its merchant viewed by hand (the desk) to the merchant", async () => {
    const advertId = await makeAdvert(t, { merchantId: p.merchant.id, discount: 8_000 });
    const byHand = await placeOrder(t, p.seller.token, advertId, 10_000);
    const byBot = await placeOrder(t, p.seller.token, advertId, 10_000);
    // The merchant views one from the desk before the bot's delay is up.
    expectOk(await staff(t, "/merchant/order/view", { id: byHand }, p.merchant.token));
    t.clock.advance(DELAY);
    expect(await bots()).toBe(1);
    expect(await orderRow(t, byBot)).toMatchObject({ status: 1, bot_viewed: true });
    expect(await orderRow(t, byHand)).toMatchObject({ status: 1, bot_viewed: false });
    t.clock.advance(DELAY);
    // The bot finishes only its own view; the hand-taken order waits for its merchant (or the release timer).
    expect(await bots()).toBe(1);
    expect((await orderRow(t, byHand)).status).toBe(1);
    expect([2, 4]).toContain((await orderRow(t, byBot)).status);
    t.clock.advance(DELAY);
    expect(await bots()).toBe(0);
    expectOk(await staff(t, "/merchant/order/complete", { id: byHand }, p.merchant.token));
  });
});

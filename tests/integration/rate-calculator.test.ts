/**
 * The rate calculator's figures from the public offer list (docs/decisions/0072-the-rate-calculator.md):
 * a guest's /advert/getAdvertList carries today's best withdrawer NGN rate, and it follows the
 * withdrawers (the catalog cache is emptied by their rate, status and currency, migration 038).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bestNgnRate } from "../../backend/modules/rate-alerts/evaluate";
import { offersPaying } from "../../contract/rate-calculator";
import { sellOfferOf } from "../../contract/sell-rules";
import { coinsForFace, payoutFor } from "../../contract/money";
import { makeWithdrawer } from "../support/wallet";
import { createTestBackend, type TestBackend } from "../support/backend";
import { expectOk, makeAdvert, parties, type Parties } from "../support/orders";

let t: TestBackend;
let p: Parties;
let appleId: number;
const settled = () => t.backend.services.catalog.settled();
/** A currency no demo offer uses: the test's offers are the only ones priced. */
const CURRENCY = "XTC";

beforeAll(async () => {
  t = await createTestBackend();
  await t.backend.services.catalog.ready;
  p = await parties(t);
  appleId = (await t.db.selectFrom("card_types").select("id").where("name_en", "=", "Apple Gift Card").executeTakeFirstOrThrow()).id;
  await t.db.insertInto("currencies").values({ currency: CURRENCY, symbol: "X", name_en: "Test currency" }).execute();
});
afterAll(async () => {
  await t?.close();
});

const guestList = async () => {
  const res = await t.call("/advert/getAdvertList", { cardTypeId: appleId, currency: CURRENCY });
  expectOk(res);
  return res.data as { list: Parameters<typeof sellOfferOf>[0][]; bestNgnRate: number | null };
};

describe("the offer list as the calculator reads it", () => {
  it("answers a guest the best accepting NGN withdrawer's rate, and follows a better one, a paused one and a foreign one", async () => {
    const before = (await bestNgnRate(t.db))!;
    expect(before).toBeGreaterThan(0);
    expect((await guestList()).bestNgnRate).toBe(before);

    const better = await makeWithdrawer(t, { userId: p.merchant2.id, currencyRate: before + 50_000 });
    const ghs = await makeWithdrawer(t, { userId: p.merchant2.id, currency: "GHS", currencyRate: before + 900_000 });
    await settled();
    expect((await guestList()).bestNgnRate).toBe(before + 50_000);

    await t.db.updateTable("withdrawers").set({ status: 0 }).where("id", "=", better).execute();
    await settled();
    expect((await guestList()).bestNgnRate).toBe(before);
    await t.db.deleteFrom("withdrawers").where("id", "in", [better, ghs]).execute();
    await settled();
  });

  it("prices a card from the guest's list exactly as selling it would: the offer's coins, then naira at that rate, best first", async () => {
    const low = await makeAdvert(t, { merchantId: p.merchant.id, currency: CURRENCY, discount: 7_000 });
    const high = await makeAdvert(t, { merchantId: p.merchant.id, currency: CURRENCY, discount: 8_500 });
    await settled();
    const { list, bestNgnRate: rate } = await guestList();
    const priced = offersPaying({ face: 10_000, form: 1, currency: CURRENCY }, list.map((a) => ({ ...sellOfferOf(a), discount: a.discount, id: a.id })), rate);
    expect(priced.map((r) => r.offer.id)).toEqual([high, low]);
    expect(priced[0]!.pays).toEqual({ coins: coinsForFace(10_000, 8_500), naira: payoutFor(coinsForFace(10_000, 8_500), rate!) });
    await t.db.updateTable("adverts").set({ status: 0 }).where("id", "in", [low, high]).execute();
  });
});

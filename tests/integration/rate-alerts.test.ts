import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { NoticeType } from "../../contract/enums";
import { coinsForFace, payoutFor } from "../../contract/money";
import { RATE_ALERTS_FULL, RATE_ALERTS_MAX, RATE_ALERT_NOT_FOUND } from "../../contract/rate-alerts";
import { createBackend } from "../../backend/app";
import { openDatabase } from "../../backend/db/index";
import { createCatalogCache } from "../../backend/modules/catalog/cache";
import { bestNgnRate } from "../../backend/modules/rate-alerts/evaluate";
import { createSecretBox } from "../../backend/security/secret-box";
import { makeWithdrawer } from "../support/wallet";
import { TEST_DATA_KEY, createTestBackend, type Envelope, type TestBackend } from "../support/backend";
import { expectOk, expectRefused, makeAdvert, parties, type Parties } from "../support/orders";

/**
 * Rate alerts (docs/decisions/0071-rate-alerts.md): a crossing fires once, staying above does not
 * fire again, a fall re-arms, a paused alert stays quiet, ten is the most, ids are the caller's;
 * on PostgreSQL, two backend processes hearing the same change fire it once.
 */

let t: TestBackend;
let p: Parties;
let appleId: number;
let rate: number;
/** A currency no demo offer uses: the test's offers are the only ones weighed. */
const CURRENCY = "XTS";
const FACE = 10_000;
const payAt = (discount: number) => payoutFor(coinsForFace(FACE, discount), rate);

beforeAll(async () => {
  t = await createTestBackend();
  await t.backend.services.catalog.ready;
  p = await parties(t);
  appleId = (await t.db.selectFrom("card_types").select("id").where("name_en", "=", "Apple Gift Card").executeTakeFirstOrThrow()).id;
  await t.db.insertInto("currencies").values({ currency: CURRENCY, symbol: "X", name_en: "Test currency" }).execute();
  rate = (await bestNgnRate(t.db))!;
  expect(rate).toBeGreaterThan(0);
});
afterAll(async () => {
  await t?.close();
});

/** The answer of a call that must succeed. */
const ok = (res: Envelope) => {
  expectOk(res);
  return res;
};
const settled = () => t.backend.services.catalog.settled();
/** Her rate-alert notices (each test starts with none: clearAlerts). */
const alertNotices = (userId: number) =>
  t.db.selectFrom("notices").select(["title_en", "content_en", "ref_id"]).where("user_id", "=", userId).where("type", "=", NoticeType.RateAlert).execute();
const alertMails = async (userId: number) => {
  const { email } = await t.db.selectFrom("users").select("email").where("id", "=", userId).executeTakeFirstOrThrow();
  return t.db.selectFrom("outbox").select("body").where("recipient", "=", email!).where("type", "=", "RATE_ALERT").execute();
};
const setDiscount = async (advert: number, discount: number) => {
  await t.db.updateTable("adverts").set({ discount, usd_discount: discount }).where("id", "=", advert).execute();
  await settled();
};
const addAlert = async (token: string, threshold: number) =>
  Number(ok(await t.call("/rateAlert/addRateAlert", { cardTypeId: appleId, currency: CURRENCY, form: 1, face: FACE, threshold }, { token })).data.id);
const clearAlerts = async (userId: number) => {
  await t.db.deleteFrom("rate_alerts").where("user_id", "=", userId).execute();
  await t.db.deleteFrom("notices").where("user_id", "=", userId).where("type", "=", NoticeType.RateAlert).execute();
};

describe("a rate alert", () => {
  beforeEach(() => clearAlerts(p.seller.id));

  it("fires once per crossing, stays quiet above, fires again after a fall and a new crossing", async () => {
    const advert = await makeAdvert(t, { merchantId: p.merchant.id, currency: CURRENCY, discount: 5_000 });
    await settled();
    const mailsBefore = (await alertMails(p.seller.id)).length;
    const id = await addAlert(p.seller.token, payAt(8_000));
    expect(await alertNotices(p.seller.id)).toHaveLength(0);

    await setDiscount(advert, 8_000);
    const first = await alertNotices(p.seller.id);
    expect(first).toHaveLength(1);
    expect(first[0]!.content_en).toContain(`now pays ₦`);
    // Opening it leads to the card's offers.
    expect(first[0]!.ref_id).toBe(appleId);
    expect(await alertMails(p.seller.id)).toHaveLength(mailsBefore + 1);

    await setDiscount(advert, 8_500);
    expect(await alertNotices(p.seller.id)).toHaveLength(1);

    await setDiscount(advert, 5_000);
    expect(await alertNotices(p.seller.id)).toHaveLength(1);
    await setDiscount(advert, 9_000);
    expect(await alertNotices(p.seller.id)).toHaveLength(2);
    expect(await alertMails(p.seller.id)).toHaveLength(mailsBefore + 2);

    const list = ok(await t.call("/rateAlert/getRateAlerts", {}, { token: p.seller.token })).data.list;
    expect(list.find((a: { id: number }) => a.id === id)).toMatchObject({ active: true, paysNow: payAt(9_000), threshold: payAt(8_000) });
    expect(list.find((a: { id: number }) => a.id === id).firedAt).not.toBeNull();
    await t.db.updateTable("adverts").set({ status: 0 }).where("id", "=", advert).execute();
    await clearAlerts(p.seller.id);
  });

  it("fires when a withdrawer's better naira rate makes the card pay enough, and re-arms when it stops", async () => {
    const advert = await makeAdvert(t, { merchantId: p.merchant.id, currency: CURRENCY, discount: 8_000 });
    const better = rate + 100_000;
    const id = await addAlert(p.seller.token, payoutFor(coinsForFace(FACE, 8_000), better));
    expect(await alertNotices(p.seller.id)).toHaveLength(0);
    const withdrawer = await makeWithdrawer(t, { userId: p.merchant2.id, currencyRate: rate });
    await settled();
    expect(await alertNotices(p.seller.id)).toHaveLength(0);
    await t.db.updateTable("withdrawers").set({ currency_rate: better }).where("id", "=", withdrawer).execute();
    await settled();
    expect(await alertNotices(p.seller.id)).toHaveLength(1);
    await t.db.updateTable("withdrawers").set({ status: 0 }).where("id", "=", withdrawer).execute();
    await settled();
    expect((await t.db.selectFrom("rate_alerts").select("armed").where("id", "=", id).executeTakeFirstOrThrow()).armed).toBe(true);
    await t.db.deleteFrom("withdrawers").where("id", "=", withdrawer).execute();
    await t.db.updateTable("adverts").set({ status: 0 }).where("id", "=", advert).execute();
    await clearAlerts(p.seller.id);
  });

  it("does not fire while paused, and resuming weighs it again", async () => {
    const advert = await makeAdvert(t, { merchantId: p.merchant.id, currency: CURRENCY, discount: 5_000 });
    const id = await addAlert(p.seller.token, payAt(8_000));
    expectOk(await t.call("/rateAlert/setRateAlertActive", { id, active: false }, { token: p.seller.token }));
    await setDiscount(advert, 9_000);
    expect(await alertNotices(p.seller.id)).toHaveLength(0);
    expectOk(await t.call("/rateAlert/setRateAlertActive", { id, active: true }, { token: p.seller.token }));
    expect(await alertNotices(p.seller.id)).toHaveLength(1);
    await t.db.updateTable("adverts").set({ status: 0 }).where("id", "=", advert).execute();
    await clearAlerts(p.seller.id);
  });

  it("refuses the eleventh alert", async () => {
    for (let i = 0; i < RATE_ALERTS_MAX; i++) await addAlert(p.seller2.token, 1_000_000_000 + i);
    expectRefused(await t.call("/rateAlert/addRateAlert", { cardTypeId: appleId, currency: CURRENCY, form: 1, face: FACE, threshold: 5 }, { token: p.seller2.token }), RATE_ALERTS_FULL);
    const n = await t.db.selectFrom("rate_alerts").select((eb) => eb.fn.countAll<number>().as("n")).where("user_id", "=", p.seller2.id).executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(RATE_ALERTS_MAX);
    await clearAlerts(p.seller2.id);
  });

  it("refuses another user's alert id for pause, resume and delete", async () => {
    const id = await addAlert(p.seller.token, 1_000_000_000);
    expectRefused(await t.call("/rateAlert/setRateAlertActive", { id, active: false }, { token: p.seller2.token }), RATE_ALERT_NOT_FOUND);
    expectRefused(await t.call("/rateAlert/deleteRateAlert", { id }, { token: p.seller2.token }), RATE_ALERT_NOT_FOUND);
    const list = ok(await t.call("/rateAlert/getRateAlerts", {}, { token: p.seller2.token })).data.list as { id: number }[];
    expect(list.map((a) => a.id)).not.toContain(id);
    const row = await t.db.selectFrom("rate_alerts").select("active").where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.active).toBe(true);
    expectOk(await t.call("/rateAlert/deleteRateAlert", { id }, { token: p.seller.token }));
    expect(await t.db.selectFrom("rate_alerts").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();
  });

  it.runIf(process.env.DATABASE_URL)("fires exactly once when two backend processes hear one rate change", async () => {
    const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, schema: t.schema });
    const catalog = createCatalogCache(database.db, database.notifications, database.writes, () => {});
    await catalog.ready;
    createBackend({ db: database.db, config: t.config, clock: t.clock, secrets: createSecretBox(TEST_DATA_KEY), log: () => {}, catalog });
    try {
      const advert = await makeAdvert(t, { merchantId: p.merchant.id, currency: CURRENCY, discount: 5_000 });
      const id = await addAlert(p.seller.token, payAt(8_000));
      const mailsBefore = (await alertMails(p.seller.id)).length;
      await t.db.updateTable("adverts").set({ discount: 9_000, usd_discount: 9_000 }).where("id", "=", advert).execute();
      await Promise.all([settled(), catalog.settled()]);
      expect(await alertNotices(p.seller.id)).toHaveLength(1);
      expect(await alertMails(p.seller.id)).toHaveLength(mailsBefore + 1);
      await t.db.updateTable("adverts").set({ status: 0 }).where("id", "=", advert).execute();
      await Promise.all([settled(), catalog.settled()]);
    } finally {
      await catalog.close();
      await database.close();
    }
  });
});

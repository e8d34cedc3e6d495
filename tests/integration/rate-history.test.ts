/**
 * Each card type's best rate per currency over time (migration 037, ADR 0070): a trigger on adverts
 * writes a row when the best rate changes, once however many transactions race, prunes rows past 90
 * days but the one a 90-day window opens with, and /cardType/getRateHistory cuts the window.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../backend/db/index";
import { createTestBackend, type TestBackend } from "../support/backend";

let t: TestBackend;
let merchantId: number;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestBackend();
  merchantId = (await t.db.selectFrom("users").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await t?.close();
});

let cardTypes = 0;
/** A card type of its own per test, so the seed's offers and other tests' rows stay out. */
async function newCardType(): Promise<number> {
  cardTypes += 1;
  return (await t.db.insertInto("card_types").values({ name_en: `Rate test card ${cardTypes}`, icon: "/demo/x.svg" }).returning("id").executeTakeFirstOrThrow()).id;
}

const offer = (cardTypeId: number, discount: number, currency = "USD", tradeAmount = 1_000_000) => ({
  user_id: merchantId,
  card_type_id: cardTypeId,
  card_type: 1,
  min_trade: 1_000,
  max_trade: 100_000,
  trade_currency: currency,
  discount,
  usd_discount: discount,
  trade_amount: tradeAmount,
  created_at: new Date(),
});

async function addOffer(cardTypeId: number, discount: number, currency = "USD"): Promise<number> {
  return (await t.db.insertInto("adverts").values(offer(cardTypeId, discount, currency)).returning("id").executeTakeFirstOrThrow()).id;
}

async function history(cardTypeId: number) {
  const rows = await t.db.selectFrom("rate_history").select(["currency", "discount"]).where("card_type_id", "=", cardTypeId).orderBy("recorded_at").orderBy("id").execute();
  return rows.map((r) => `${r.currency} ${r.discount ?? "none"}`);
}

describe("rate history rows", () => {
  it("writes a row when the best rate in a currency changes, and none when it does not", async () => {
    const ct = await newCardType();
    const best = await addOffer(ct, 8_000);
    expect(await history(ct)).toEqual(["USD 8000"]);
    const lower = await addOffer(ct, 7_000);
    expect(await history(ct), "a lower offer is not the best").toEqual(["USD 8000"]);
    await addOffer(ct, 9_100, "EUR");
    await t.db.updateTable("adverts").set({ discount: 8_200 }).where("id", "=", best).execute();
    expect(await history(ct)).toEqual(["USD 8000", "EUR 9100", "USD 8200"]);
    // An order taking part of what is left, and a rewrite with the same rate, change nothing.
    await t.db.updateTable("adverts").set({ trade_amount: 500_000 }).where("id", "=", best).execute();
    await t.db.updateTable("adverts").set({ discount: 7_000, explain_info: "new words" }).where("id", "=", lower).execute();
    expect(await history(ct)).toHaveLength(3);
    // The best offer sold out: the next one is the best; the last one closed: none left.
    await t.db.updateTable("adverts").set({ trade_amount: 0 }).where("id", "=", best).execute();
    await t.db.updateTable("adverts").set({ status: 0 }).where("id", "=", lower).execute();
    expect(await history(ct)).toEqual(["USD 8000", "EUR 9100", "USD 8200", "USD 7000", "USD none"]);
  });

  it("writes one row for a statement that adds many offers, and moves a key when an offer changes currency", async () => {
    const ct = await newCardType();
    await t.db.insertInto("adverts").values([offer(ct, 8_000), offer(ct, 8_500), offer(ct, 8_300)]).execute();
    expect(await history(ct)).toEqual(["USD 8500"]);
    const gbp = await addOffer(ct, 9_000, "GBP");
    await t.db.updateTable("adverts").set({ trade_currency: "EUR" }).where("id", "=", gbp).execute();
    expect(await history(ct)).toEqual(["USD 8500", "GBP 9000", "GBP none", "EUR 9000"]);
  });

  it("writes one row when two transactions change the same rate at once", async () => {
    const ct = await newCardType();
    await addOffer(ct, 8_000);
    await Promise.all([0, 1].map(() => t.db.transaction().execute(async (trx) => trx.insertInto("adverts").values(offer(ct, 8_800)).execute())));
    expect(await history(ct)).toEqual(["USD 8000", "USD 8800"]);
  });

  it.skipIf(!process.env.DATABASE_URL)("writes one row when two processes' transactions overlap on PostgreSQL", async () => {
    const ct = await newCardType();
    await addOffer(ct, 8_000);
    const other = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, schema: t.schema });
    try {
      let second: Promise<unknown> | undefined;
      await t.db.transaction().execute(async (trx) => {
        await trx.insertInto("adverts").values(offer(ct, 8_800)).execute();
        // The other process's offer is written while this transaction is open and its row unwritten.
        second = other.db.insertInto("adverts").values(offer(ct, 8_800)).execute();
        await new Promise((r) => setTimeout(r, 300));
      });
      await second;
    } finally {
      await other.close();
    }
    expect(await history(ct)).toEqual(["USD 8000", "USD 8800"]);
  });

  it("prunes a key's rows older than 90 days on its next write, but the one the window opens with", async () => {
    const ct = await newCardType();
    const id = await addOffer(ct, 8_000);
    const ago = (days: number) => sql<Date>`clock_timestamp() - ${`${days} days`}::interval`;
    await t.db
      .insertInto("rate_history")
      .values([
        { card_type_id: ct, currency: "USD", discount: 7_000, recorded_at: ago(120) },
        { card_type_id: ct, currency: "USD", discount: 7_100, recorded_at: ago(100) },
        { card_type_id: ct, currency: "USD", discount: 7_200, recorded_at: ago(95) },
        { card_type_id: ct, currency: "USD", discount: 7_300, recorded_at: ago(10) },
        { card_type_id: ct, currency: "EUR", discount: 9_000, recorded_at: ago(200) },
      ])
      .execute();
    await t.db.updateTable("adverts").set({ discount: 8_100 }).where("id", "=", id).execute();
    expect(await history(ct)).toEqual(["EUR 9000", "USD 7200", "USD 7300", "USD 8000", "USD 8100"]);
  });
});

describe("/cardType/getRateHistory", () => {
  it("answers the rate the window opens with and each change in it, per currency, in exact integers", async () => {
    const ct = await newCardType();
    const now = t.clock.now().getTime();
    await t.db
      .insertInto("rate_history")
      .values([
        { card_type_id: ct, currency: "USD", discount: 7_000, recorded_at: new Date(now - 40 * DAY) },
        { card_type_id: ct, currency: "USD", discount: 7_250, recorded_at: new Date(now - 20 * DAY) },
        { card_type_id: ct, currency: "USD", discount: 7_125, recorded_at: new Date(now - 2 * DAY) },
        { card_type_id: ct, currency: "EUR", discount: 9_000, recorded_at: new Date(now - 60 * DAY) },
        { card_type_id: ct, currency: "GBP", discount: 8_000, recorded_at: new Date(now - 50 * DAY) },
        { card_type_id: ct, currency: "GBP", discount: null, recorded_at: new Date(now - 45 * DAY) },
      ])
      .execute();
    const month = await t.call("/cardType/getRateHistory", { cardTypeId: ct, range: 30 });
    expect(month.code).toBe(1);
    expect(month.data).toEqual({
      cardTypeId: ct,
      range: 30,
      from: now - 30 * DAY,
      to: now,
      series: [
        { currency: "EUR", points: [{ at: now - 30 * DAY, discount: 9_000 }] },
        {
          currency: "USD",
          points: [
            { at: now - 30 * DAY, discount: 7_000 },
            { at: now - 20 * DAY, discount: 7_250 },
            { at: now - 2 * DAY, discount: 7_125 },
          ],
        },
      ],
    });
    const quarter = await t.call("/cardType/getRateHistory", { cardTypeId: ct, range: 90 });
    expect(quarter.data.series.map((s: { currency: string; points: unknown[] }) => `${s.currency} ${s.points.length}`)).toEqual(["EUR 1", "GBP 2", "USD 3"]);
    const week = await t.call("/cardType/getRateHistory", { cardTypeId: ct, range: 7 });
    expect(week.data.series[1]).toEqual({ currency: "USD", points: [{ at: now - 7 * DAY, discount: 7_250 }, { at: now - 2 * DAY, discount: 7_125 }] });
  });

  it("refuses an unknown card type and a range it does not offer", async () => {
    expect((await t.call("/cardType/getRateHistory", { cardTypeId: 999_999, range: 7 })).code).not.toBe(1);
    const bad = await t.call("/cardType/getRateHistory", { cardTypeId: 1, range: 14 });
    expect(bad.code).not.toBe(1);
    expect(bad.msg).toBeTruthy();
  });
});

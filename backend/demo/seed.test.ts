import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate, openDatabase, type Database_ } from "../db/index";
import { findLedgerMismatches } from "../modules/wallet/ledger";
import { findAdvertFigureMismatches } from "../modules/orders/advert-figures";
import { orderStatsOf } from "../modules/orders/order-stats";
import { ORDER_POINTS_DESCRIPTION } from "../modules/membership/earn";
import { verifyPassword } from "../security/passwords";
import { PLATFORM_USER_ID } from "../modules/wallet/platform";
import { DEMO_LOGINS, seedDemoWorld } from "./seed";
import { pgliteDump } from "../../tests/support/db-template";
import { CONTACT_KEYS, DEMO_BANNERS, DEMO_REDEMPTION_ITEMS, AVATAR_PICS, LEVEL_CARD_PICS } from "./world";

const publicDir = fileURLToPath(new URL("../../public", import.meta.url));
const publicFileExists = (webPath: string) => webPath.startsWith("/demo/") && existsSync(publicDir + webPath);

let handle: Database_;

beforeAll(async () => {
  // The run's migrated (unseeded) PGlite when the global setup made one (ADR 0038): this file tests the seed.
  handle = await openDatabase({ loadDataDir: await pgliteDump(false) });
  await migrate(handle.db);
}, 120_000);

afterAll(async () => {
  await handle?.close();
});

const count = async (table: "banners" | "card_types" | "currencies" | "countries" | "adverts" | "withdrawers" | "redemption_items" | "users" | "config" | "ledger_entries" | "bills") => {
  const row = await handle.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
};

describe("seedDemoWorld", () => {
  it("seeds the demo world once", async () => {
    expect(await seedDemoWorld(handle.db)).toEqual({ seeded: true });
    const db = handle.db;

    const banners = await db.selectFrom("banners").selectAll().execute();
    expect(banners.length).toBeGreaterThanOrEqual(5);
    expect(new Set(banners.map((b) => b.type))).toEqual(new Set([1, 2, 3]));
    expect(new Set(banners.map((b) => b.location))).toEqual(new Set(["home", "home_h5", "home_pop"]));
    for (const b of banners) expect(publicFileExists(b.pic), b.pic).toBe(true);

    const cardTypes = await db.selectFrom("card_types").selectAll().execute();
    expect(cardTypes.length).toBeGreaterThanOrEqual(10);
    for (const c of cardTypes) expect(publicFileExists(c.icon), c.icon).toBe(true);
    // The internal banner route points at a real card type.
    const internal = banners.filter((b) => b.url.startsWith("/advertList/"));
    for (const b of internal) expect(cardTypes.map((c) => `/advertList/${c.id}`)).toContain(b.url);

    const currencies = await db.selectFrom("currencies").selectAll().execute();
    expect(currencies.map((c) => c.currency).sort()).toEqual(["AUD", "CAD", "EUR", "GBP", "USD"]);
    expect(currencies.every((c) => c.symbol && c.name_en)).toBe(true);

    const countries = await db.selectFrom("countries").selectAll().orderBy("sort").execute();
    expect(countries.length).toBeGreaterThanOrEqual(15);
    expect(countries[0]).toMatchObject({ name_en: "Nigeria", inter_code: "234" });

    const business = await db.selectFrom("users").selectAll().where("is_business", "=", 1).execute();
    expect(business.length).toBeGreaterThanOrEqual(6);
    expect(new Set(business.map((u) => u.online_status))).toEqual(new Set([0, 1]));
    const users = await db.selectFrom("users").selectAll().execute();
    expect(new Set(users.map((u) => u.invite_code)).size).toBe(users.length);
    // The platform's system user (migration 016) is not a demo user: its avatar is the site icon.
    for (const u of users.filter((u) => u.id !== PLATFORM_USER_ID)) {
      expect(u.invite_code).toMatch(/^[A-Z]{6}$/);
      expect(publicFileExists(u.avatar), u.avatar).toBe(true);
    }
    expect(users.some((u) => u.is_admin)).toBe(true);

    const adverts = await db.selectFrom("adverts").selectAll().execute();
    expect(adverts.length).toBeGreaterThanOrEqual(30);
    expect(new Set(adverts.map((a) => a.card_type))).toEqual(new Set([0, 1]));
    expect(new Set(adverts.map((a) => a.trade_currency)).size).toBeGreaterThanOrEqual(3);
    expect(adverts.some((a) => a.fix_trade !== "")).toBe(true);
    expect(adverts.some((a) => a.trade_amount === 0)).toBe(true);
    expect(new Set(adverts.map((a) => a.card_type_id)).size).toBe(cardTypes.length);
    const businessIds = new Set(business.map((u) => u.id));
    for (const a of adverts) {
      expect(businessIds.has(a.user_id)).toBe(true);
      expect(a.min_trade).toBeLessThanOrEqual(a.max_trade);
      expect(a.pay_limit).toBeGreaterThanOrEqual(15);
      expect(a.pay_limit).toBeLessThanOrEqual(60);
      // Fixed faces are whole units inside [min_trade, max_trade] (hundredths).
      for (const face of a.fix_trade ? a.fix_trade.split("|").map(Number) : []) {
        expect(face * 100).toBeGreaterThanOrEqual(a.min_trade);
        expect(face * 100).toBeLessThanOrEqual(a.max_trade);
      }
    }

    const withdrawers = await db.selectFrom("withdrawers").selectAll().where("currency", "=", "NGN").execute();
    expect(withdrawers.length).toBeGreaterThanOrEqual(4);

    const contact = await db.selectFrom("config").select(["ckey", "cvalue"]).where("grp", "=", "contact").execute();
    expect(contact.map((c) => c.ckey).sort()).toEqual([...CONTACT_KEYS].sort());
    const cfg = async (grp: string, ckey: string) =>
      (await db.selectFrom("config").select("cvalue").where("grp", "=", grp).where("ckey", "=", ckey).executeTakeFirstOrThrow()).cvalue;
    expect(await cfg("system", "NGNRate")).toBe("54673");
    expect(await cfg("system", "CoinName")).toBe("Coins");
    const levelCards = (await cfg("wealth", "levelCard")).split(",");
    expect(levelCards).toHaveLength(8);
    for (const p of levelCards) expect(publicFileExists(p), p).toBe(true);
    const upgrade = (await cfg("wealth", "upgradeWealth")).split(",").map(Number);
    expect(upgrade).toHaveLength(8);
    expect(upgrade[0]).toBe(0);
    expect([...upgrade].sort((x, y) => x - y)).toEqual(upgrade);
    expect((await cfg("wealth", "benefitsIntroduction")).split("|")).toHaveLength(8);
    const checkin = await db.selectFrom("config").select("ckey").where("grp", "=", "checkin").execute();
    expect(checkin.map((c) => c.ckey).sort()).toEqual(["1", "2", "3", "4", "5", "6", "7"]);

    const items = await db.selectFrom("redemption_items").selectAll().execute();
    expect(items).toHaveLength(6);
    expect(items.some((i) => i.show_type === 0)).toBe(true);
    // ADR 0023: a coins item, an avatar frame and a badge, each with what it delivers; what the frame and badge show (0052).
    expect(new Set(items.map((i) => i.delivery))).toEqual(new Set(["coins", "frame", "badge", "manual"]));
    for (const i of items.filter((i) => i.delivery === "frame" || i.delivery === "badge")) expect(i.look, i.name).not.toBe("");
    // Withdrawals carry no fee: nothing in the mall sells one (ADR 0052).
    expect(items.map((i) => i.name)).not.toContain("Fee-free withdrawal");
    for (const i of items) expect(publicFileExists(i.pic), i.pic).toBe(true);

    // Every picture the world names exists.
    for (const p of [...DEMO_BANNERS.map((b) => b.pic), ...DEMO_REDEMPTION_ITEMS.map((r) => r.pic), ...AVATAR_PICS, ...LEVEL_CARD_PICS]) {
      expect(publicFileExists(p), p).toBe(true);
    }
  }, 60_000);

  it("gives the seller a working password, trade password and opening balance", async () => {
    const db = handle.db;
    const seller = await db.selectFrom("users").selectAll().where("email", "=", DEMO_LOGINS.seller).executeTakeFirstOrThrow();
    expect(seller.mobile).toBe(DEMO_LOGINS.sellerMobile);
    expect(seller.nickname).toBe("DemoSeller");
    expect(await verifyPassword(DEMO_LOGINS.password, seller.password_hash)).toBe(true);
    expect(await verifyPassword("wrong-pass", seller.password_hash)).toBe(false);
    expect(await verifyPassword(DEMO_LOGINS.tradePassword, seller.trade_pwd_hash)).toBe(true);

    const account = await db.selectFrom("accounts").selectAll().where("user_id", "=", seller.id).executeTakeFirstOrThrow();
    expect(account.amount).toBe(250_000);
    const bills = await db.selectFrom("bills").selectAll().where("user_id", "=", seller.id).execute();
    expect(bills).toHaveLength(1);
    expect(bills[0]).toMatchObject({ type: 1, description_en: "Demo opening balance", trans_amount: 250_000, current_amount: 250_000 });

    const seller2 = await db.selectFrom("users").innerJoin("accounts", "accounts.user_id", "users.id").select("accounts.amount").where("email", "=", DEMO_LOGINS.seller2).executeTakeFirstOrThrow();
    expect(seller2.amount).toBe(50_000);

    const withdrawerBails = await db
      .selectFrom("users")
      .innerJoin("accounts", "accounts.user_id", "users.id")
      .select("accounts.bail_amount")
      .where("users.is_withdrawer", "=", true)
      .execute();
    expect(withdrawerBails).toHaveLength(4);
    for (const w of withdrawerBails) expect(w.bail_amount).toBe(2_000_000);

    // Every user has an account row.
    const withoutAccount = await db
      .selectFrom("users")
      .leftJoin("accounts", "accounts.user_id", "users.id")
      .select("users.id")
      .where("accounts.user_id", "is", null)
      .execute();
    expect(withoutAccount).toEqual([]);

    expect(await findLedgerMismatches(db)).toEqual([]);
  });

  it("shows figures that agree: offers count their orders and feedback, points name nothing not done", async () => {
    const db = handle.db;
    // Every offer's trades and positive feedback are what its orders and feedback say (none yet).
    expect(await findAdvertFigureMismatches(db)).toEqual([]);
    // A withdrawer's sales are the coin sales it paid (none yet), not a number of the world's.
    const withdrawers = await db.selectFrom("withdrawers").select(["sales", "feedback"]).execute();
    for (const w of withdrawers) expect(w).toEqual({ sales: 0, feedback: 0 });
    // The points of each user: no "Completed order" beyond its completed orders, no "Friend joined" beyond its friends.
    for (const u of await db.selectFrom("users").select("id").execute()) {
      const records = await db.selectFrom("wealth_records").select("description_en").where("user_id", "=", u.id).execute();
      const stats = await orderStatsOf(db, u.id);
      const friends = await db.selectFrom("users").select((eb) => eb.fn.countAll<number>().as("n")).where("invited_by", "=", u.id).executeTakeFirstOrThrow();
      expect(records.filter((r) => r.description_en === ORDER_POINTS_DESCRIPTION).length, `user ${u.id}`).toBeLessThanOrEqual(stats.completedN);
      expect(records.filter((r) => r.description_en === "Friend joined").length, `user ${u.id}`).toBeLessThanOrEqual(Number(friends.n));
    }
  });

  it("inserts nothing the second time", async () => {
    const tables = ["banners", "card_types", "currencies", "countries", "adverts", "withdrawers", "redemption_items", "users", "config", "ledger_entries", "bills"] as const;
    const before = await Promise.all(tables.map(count));
    expect(await seedDemoWorld(handle.db)).toEqual({ seeded: false });
    expect(await Promise.all(tables.map(count))).toEqual(before);
  });
});

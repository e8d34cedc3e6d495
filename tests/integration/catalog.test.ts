import { lookupHashFromSecret } from "../../backend/security/order-secret";
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTACT_KEYS } from "../../contract/enums";
import { CHECKIN_REWARDS, DEMO_LOGINS } from "../../backend/demo/world";
import { createTestBackend, type TestBackend } from "../support/backend";

let t: TestBackend;
let sellerToken: string;
let sellerId: number;
let appleId: number;
let steamId: number;

const userIdOf = async (email: string) =>
  (await t.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
const cardTypeIdOf = async (name: string) =>
  (await t.db.selectFrom("card_types").select("id").where("name_en", "=", name).executeTakeFirstOrThrow()).id;
const countRows = async (table: "track_records" | "advert_secrets") =>
  Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);

/** A body that is not JSON: every call answers code 2 with a message. */
async function notJson(path: string, token?: string) {
  const res = await t.raw(`/client${path}`, "{not json", { token });
  return (await res.json()) as { code: number; msg?: string };
}

function expectInvalid(res: { code: number; msg?: string }, msg?: string | RegExp) {
  expect(res.code).toBe(2);
  expect(res.msg).toBeTruthy();
  if (msg !== undefined) expect(res.msg).toMatch(msg);
}

beforeAll(async () => {
  t = await createTestBackend();
  sellerToken = await t.login(DEMO_LOGINS.seller);
  sellerId = await userIdOf(DEMO_LOGINS.seller);
  appleId = await cardTypeIdOf("Apple Gift Card");
  steamId = await cardTypeIdOf("Steam Wallet");
});

afterAll(async () => {
  await t?.close();
});

describe("/systemConfig", () => {
  it("getSystemConfig: NGN rate as a number, coin name, contact record", async () => {
    const res = await t.call("/systemConfig/getSystemConfig");
    expect(res.code).toBe(1);
    expect(res.data.NGNRate).toBe(54673);
    expect(res.data.CoinName).toBe("Coins");
    const contactRows = await t.db.selectFrom("config").select(["ckey", "cvalue"]).where("grp", "=", "contact").execute();
    expect(res.data.contact).toEqual(Object.fromEntries(contactRows.map((r) => [r.ckey, r.cvalue])));
    expect(Object.keys(res.data.contact).sort()).toEqual([...CONTACT_KEYS].sort());
    expect(res.data.contact.contectUs).toMatch(/contact-us$/);
  });

  it("getBtcTradeConfig: the btc group with integer rates", async () => {
    const res = await t.call("/systemConfig/getBtcTradeConfig");
    expect(res.code).toBe(1);
    expect(res.data.btcTrade).toEqual({
      btcAddress: "bc1q64dhp3qryxkgd6u3zk9ndvyncxuwxkhrkejync",
      usdtAddress: "TX7bu7R52d9JBq4XPTCs9dioPYy3Fe62pk",
      serviceUrl: "https://help.giftmarket.example/crypto-desk",
      usdRate: 10000,
      discount: 9500,
    });
  });

  it("getWealthConfig: ckey/cvalue entries in sort order", async () => {
    const res = await t.call("/systemConfig/getWealthConfig");
    expect(res.code).toBe(1);
    expect(res.data.wealth.map((e: { ckey: string }) => e.ckey)).toEqual(["levelCard", "upgradeWealth", "benefitsIntroduction", "wealthRuleUrl"]);
    const levelCard = res.data.wealth[0].cvalue as string;
    expect(levelCard.split(",")).toHaveLength(8);
    expect(res.data.wealth[2].cvalue.split("|")).toHaveLength(8);
  });

  it("getUserCheckInConfig: integer day and reward, ordered by day", async () => {
    // A day 10 row must sort after day 9, not after day 1 (numeric, not text order).
    await t.db.insertInto("config").values({ grp: "checkin", ckey: "10", cvalue: "70000", sort: 0 }).execute();
    try {
      const res = await t.call("/systemConfig/getUserCheckInConfig");
      expect(res.code).toBe(1);
      expect(res.data.checkInList).toEqual([
        ...CHECKIN_REWARDS.map((cvalue, i) => ({ ckey: i + 1, cvalue })),
        { ckey: 10, cvalue: 70000 },
      ]);
    } finally {
      await t.db.deleteFrom("config").where("grp", "=", "checkin").where("ckey", "=", "10").execute();
    }
  });

  it("rejects a body that is not JSON", async () => {
    for (const path of [
      "/systemConfig/getSystemConfig",
      "/systemConfig/getBtcTradeConfig",
      "/systemConfig/getWealthConfig",
      "/systemConfig/getUserCheckInConfig",
      "/cardType/getCardType",
      "/currency/getCurrency",
      "/country/getCountryList",
    ]) {
      expectInvalid(await notJson(path), "Request body must be JSON.");
    }
  });
});

describe("/trackRecord/addTrackRecord", () => {
  it("records a channel arrival with the caller's ip and no user", async () => {
    const res = await t.call("/trackRecord/addTrackRecord", { type: 4, remark: " partnerX " }, { ip: "10.1.2.3" });
    expect(res).toEqual({ code: 1, data: null });
    const row = await t.db.selectFrom("track_records").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(row).toMatchObject({ type: 4, remark: "partnerX", ref_id: null, user_id: null, ip: "10.1.2.3" });
  });

  it("records a banner click with the signed-in user", async () => {
    const banner = await t.db.selectFrom("banners").select("id").orderBy("id").executeTakeFirstOrThrow();
    const res = await t.call("/trackRecord/addTrackRecord", { type: 3, refId: banner.id }, { token: sellerToken, ip: "10.9.9.9" });
    expect(res.code).toBe(1);
    const row = await t.db.selectFrom("track_records").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(row).toMatchObject({ type: 3, ref_id: banner.id, remark: null, user_id: sellerId, ip: "10.9.9.9" });
  });

  it("refuses a click on an unknown banner and records nothing", async () => {
    const before = await countRows("track_records");
    const res = await t.call("/trackRecord/addTrackRecord", { type: 3, refId: 987654 });
    expect(res.code).not.toBe(1);
    expect(res.msg).toBe("Banner not found.");
    expect(await countRows("track_records")).toBe(before);
  });

  it("rejects bad input with code 2", async () => {
    const before = await countRows("track_records");
    expectInvalid(await t.call("/trackRecord/addTrackRecord", {}));
    expectInvalid(await t.call("/trackRecord/addTrackRecord", { type: 7, remark: "x" }));
    expectInvalid(await t.call("/trackRecord/addTrackRecord", { type: 4 }));
    expectInvalid(await t.call("/trackRecord/addTrackRecord", { type: 4, remark: "   " }), "The channel must not be empty.");
    expectInvalid(await t.call("/trackRecord/addTrackRecord", { type: 3 }));
    expectInvalid(await t.call("/trackRecord/addTrackRecord", { type: 3, refId: "abc" }), "The id must be a number.");
    expect(await countRows("track_records")).toBe(before);
  });
});

describe("/banner/getBanners", () => {
  it("lists the banners of one location in sort order", async () => {
    for (const location of ["home", "home_h5", "home_pop"]) {
      const res = await t.call("/banner/getBanners", { location });
      expect(res.code).toBe(1);
      const rows = await t.db.selectFrom("banners").selectAll().where("location", "=", location).orderBy("sort").execute();
      expect(res.data.list).toEqual(rows.map((b) => ({ id: b.id, pic: b.pic, type: b.type, nameEn: b.name_en, url: b.url, location })));
      expect(res.data.list.length).toBeGreaterThan(0);
    }
    const home = await t.call("/banner/getBanners", { location: "home" });
    expect(home.data.list.find((b: { type: number }) => b.type === 2).url).toBe(`/advertList/${appleId}`);
  });

  it("rejects a missing or unknown location", async () => {
    expectInvalid(await t.call("/banner/getBanners", {}));
    expectInvalid(await t.call("/banner/getBanners", { location: "sidebar" }), "Unknown banner location.");
    expectInvalid(await t.call("/banner/getBanners", { location: 1 }), "Unknown banner location.");
  });
});

describe("/cardType/getCardType", () => {
  it("summarises each card type's active adverts", async () => {
    const res = await t.call("/cardType/getCardType");
    expect(res.code).toBe(1);
    const types = await t.db.selectFrom("card_types").selectAll().orderBy("sort").execute();
    expect(res.data.list.map((c: { id: number }) => c.id)).toEqual(types.map((c) => c.id));

    const active = await t.db.selectFrom("adverts").selectAll().where("status", "=", 1).where("trade_amount", ">", 0).execute();
    for (const ct of res.data.list) {
      const mine = active.filter((a) => a.card_type_id === ct.id);
      const counted = await t.db
        .selectFrom("adverts")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("card_type_id", "=", ct.id)
        .where("status", "=", 1)
        .where("trade_amount", ">", 0)
        .executeTakeFirstOrThrow();
      expect(ct.totalAdvert, ct.nameEn).toBe(Number(counted.n));
      expect(ct.minAmount).toBe(Math.min(...mine.map((a) => a.min_trade)));
      expect(ct.maxAmount).toBe(Math.max(...mine.map((a) => a.max_trade)));
      const best = [...mine].sort((a, b) => b.usd_discount - a.usd_discount || a.id - b.id)[0]!;
      expect(ct.maxDiscount).toBe(best.discount);
      expect(ct.maxDiscountCurrency).toBe(best.trade_currency);
      expect(ct.icon).toBe(types.find((x) => x.id === ct.id)!.icon);
    }
  });

  it("compares offers per USD: Apple's best is the USD offer, not the GBP one with a larger raw number", async () => {
    const res = await t.call("/cardType/getCardType");
    const apple = res.data.list.find((c: { id: number }) => c.id === appleId);
    expect(apple).toMatchObject({ nameEn: "Apple Gift Card", maxDiscount: 8800, maxDiscountCurrency: "USD", minAmount: 2500, maxAmount: 100000 });
    const gbp = await t.db.selectFrom("adverts").select("discount").where("card_type_id", "=", appleId).where("trade_currency", "=", "GBP").executeTakeFirstOrThrow();
    expect(gbp.discount).toBeGreaterThan(apple.maxDiscount);
  });

  it("answers zeros and '' for a card type without active adverts (sold-out and withdrawn ones do not count)", async () => {
    const ct = await t.db.insertInto("card_types").values({ name_en: "Empty Test Card", icon: "/demo/card-apple.svg", sort: 99 }).returning("id").executeTakeFirstOrThrow();
    const merchant = await userIdOf("merchant1@demo.test");
    const base = { user_id: merchant, card_type_id: ct.id, card_type: 0, min_trade: 1000, max_trade: 5000, trade_currency: "USD", discount: 9999, usd_discount: 9999 };
    await t.db.insertInto("adverts").values([{ ...base, trade_amount: 0 }, { ...base, trade_amount: 100000, status: 0 }]).execute();
    const res = await t.call("/cardType/getCardType");
    expect(res.data.list.find((c: { id: number }) => c.id === ct.id)).toEqual({
      id: ct.id,
      nameEn: "Empty Test Card",
      icon: "/demo/card-apple.svg",
      maxDiscount: 0,
      maxDiscountCurrency: "",
      minAmount: 0,
      maxAmount: 0,
      totalAdvert: 0,
    });
  });
});

describe("/currency/getCurrency and /country/getCountryList", () => {
  it("lists the currencies in sort order", async () => {
    const res = await t.call("/currency/getCurrency");
    expect(res.code).toBe(1);
    const rows = await t.db.selectFrom("currencies").selectAll().orderBy("sort").execute();
    expect(res.data.list).toEqual(rows.map((c) => ({ id: c.id, currency: c.currency, symbol: c.symbol, nameEn: c.name_en })));
    expect(res.data.list[0]).toMatchObject({ currency: "USD", symbol: "$" });
  });

  it("lists the countries with their calling codes", async () => {
    const res = await t.call("/country/getCountryList");
    expect(res.code).toBe(1);
    const n = await t.db.selectFrom("countries").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(res.data.list).toHaveLength(Number(n.n));
    expect(res.data.list[0]).toEqual({ nameEn: "Nigeria", interCode: "234" });
    for (const c of res.data.list) expect(c.interCode).toMatch(/^\d+$/);
  });
});

describe("/advert/getAdvertList", () => {
  type Item = { id: number; userid: number; onlineStatus: number; usdDiscount: number; tradeCurrency: string; [k: string]: unknown };

  it("lists the active adverts of a card type: online merchants first, then best rate per USD", async () => {
    const res = await t.call("/advert/getAdvertList", { cardTypeId: appleId });
    expect(res.code).toBe(1);
    const list = res.data.list as Item[];
    const expected = await t.db
      .selectFrom("adverts")
      .select("id")
      .where("card_type_id", "=", appleId)
      .where("status", "=", 1)
      .where("trade_amount", ">", 0)
      .execute();
    expect(list.map((a) => a.id).sort((a, b) => a - b)).toEqual(expected.map((a) => a.id).sort((a, b) => a - b));
    // Order: online before offline; within each, usd_discount desc then id.
    for (let i = 1; i < list.length; i++) {
      const [p, c] = [list[i - 1]!, list[i]!];
      const pOn = p.onlineStatus ? 1 : 0;
      const cOn = c.onlineStatus ? 1 : 0;
      expect(pOn >= cOn).toBe(true);
      if (pOn === cOn) expect(p.usdDiscount > c.usdDiscount || (p.usdDiscount === c.usdDiscount && p.id < c.id)).toBe(true);
    }
    // The offline merchant (NightOwlCards) is listed, last, with onlineStatus 0.
    const offline = list.filter((a) => a.onlineStatus === 0);
    expect(offline.map((a) => a.nickname)).toContain("NightOwlCards");
    expect(list[list.length - 1]!.onlineStatus).toBe(0);
    // Card type fields, integers everywhere.
    for (const a of list) {
      expect(a).toMatchObject({ cardtypeid: appleId, paymentNameEn: "Apple Gift Card", paymentIcon: "/demo/card-apple.svg" });
      for (const k of ["minTrade", "maxTrade", "tradeAmount", "totalBuyAmount", "discount", "usdDiscount", "payLimit"]) expect(Number.isInteger(a[k]), k).toBe(true);
    }
    // businessList: exactly the distinct merchants of the list, with their public fields.
    const business = res.data.businessList as { id: number; nickname: string; avatar: string; onlineStatus: number }[];
    expect(business.map((b) => b.id).sort()).toEqual([...new Set(list.map((a) => a.userid))].sort());
    expect(new Set(business.map((b) => b.id)).size).toBe(business.length);
    for (const b of business) {
      const u = await t.db.selectFrom("users").select(["nickname", "avatar", "online_status"]).where("id", "=", b.id).executeTakeFirstOrThrow();
      expect(b).toEqual({ id: b.id, nickname: u.nickname, avatar: u.avatar, onlineStatus: u.online_status });
    }
  });

  it("converts fixTrade to hundredths like minTrade and maxTrade", async () => {
    const res = await t.call("/advert/getAdvertList", { cardTypeId: appleId, currency: "USD" });
    const fixed = (res.data.list as Item[]).find((a) => a.fixTrade !== "")!;
    const row = await t.db.selectFrom("adverts").select(["fix_trade", "min_trade"]).where("id", "=", fixed.id).executeTakeFirstOrThrow();
    expect(row.fix_trade).toBe("50|100|200");
    expect(fixed.fixTrade).toBe("5000|10000|20000");
    expect(fixed.minTrade).toBe(row.min_trade);
    for (const face of (fixed.fixTrade as string).split("|").map(Number)) {
      expect(face).toBeGreaterThanOrEqual(fixed.minTrade as number);
      expect(face).toBeLessThanOrEqual(fixed.maxTrade as number);
    }
  });

  it("filters by currency (case-insensitive) and businessList covers exactly its merchants", async () => {
    for (const currency of ["USD", "gbp"]) {
      const res = await t.call("/advert/getAdvertList", { cardTypeId: appleId, currency });
      expect(res.code).toBe(1);
      const list = res.data.list as Item[];
      expect(list.length).toBeGreaterThan(0);
      for (const a of list) expect(a.tradeCurrency).toBe(currency.toUpperCase());
      const counted = await t.db
        .selectFrom("adverts")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("card_type_id", "=", appleId)
        .where("trade_currency", "=", currency.toUpperCase())
        .where("status", "=", 1)
        .where("trade_amount", ">", 0)
        .executeTakeFirstOrThrow();
      expect(list).toHaveLength(Number(counted.n));
      expect(res.data.businessList.map((b: { id: number }) => b.id).sort()).toEqual([...new Set(list.map((a) => a.userid))].sort());
    }
    const none = await t.call("/advert/getAdvertList", { cardTypeId: appleId, currency: "" });
    const all = await t.call("/advert/getAdvertList", { cardTypeId: appleId });
    expect(none.data.list.length).toBe(all.data.list.length);
  });

  it("leaves out sold-out adverts", async () => {
    const soldOut = await t.db.selectFrom("adverts").select("id").where("card_type_id", "=", steamId).where("trade_amount", "=", 0).executeTakeFirstOrThrow();
    const res = await t.call("/advert/getAdvertList", { cardTypeId: steamId });
    expect(res.code).toBe(1);
    expect(res.data.list.map((a: Item) => a.id)).not.toContain(soldOut.id);
    const cad = await t.call("/advert/getAdvertList", { cardTypeId: steamId, currency: "CAD" });
    // Today's best withdrawer NGN rate comes with every list, an empty one too (ADR 0072).
    expect(cad.data).toEqual({ list: [], businessList: [], traderFigures: [], bestNgnRate: expect.any(Number) });
  });

  it("rejects bad input and unknown card types", async () => {
    expectInvalid(await t.call("/advert/getAdvertList", {}));
    expectInvalid(await t.call("/advert/getAdvertList", { cardTypeId: "apple" }), "The id must be a number.");
    expectInvalid(await t.call("/advert/getAdvertList", { cardTypeId: appleId, currency: 5 }), "Unknown currency.");
    expectInvalid(await t.call("/advert/getAdvertList", { cardTypeId: appleId, currency: "US$" }), "Unknown currency.");
    const unknown = await t.call("/advert/getAdvertList", { cardTypeId: 987654 });
    expect(unknown.code).not.toBe(1);
    expect(unknown.msg).toBe("Card type not found.");
  });
});

describe("/advert/getAdvertDetail", () => {
  const firstApple = async () =>
    (await t.db.selectFrom("adverts").selectAll().where("card_type_id", "=", appleId).orderBy("id").executeTakeFirstOrThrow());

  it("gives anonymous visitors the advert and an empty secret, storing nothing", async () => {
    const a = await firstApple();
    const before = await countRows("advert_secrets");
    const res = await t.call("/advert/getAdvertDetail", { id: a.id });
    expect(res.code).toBe(1);
    expect(res.data.secret).toBe("");
    const merchant = await t.db.selectFrom("users").selectAll().where("id", "=", a.user_id).executeTakeFirstOrThrow();
    expect(res.data.advert).toMatchObject({
      id: a.id,
      userid: a.user_id,
      cardtypeid: appleId,
      cardType: a.card_type,
      paymentNameEn: "Apple Gift Card",
      minTrade: a.min_trade,
      maxTrade: a.max_trade,
      tradeCurrency: a.trade_currency,
      discount: a.discount,
      usdDiscount: a.usd_discount,
      tradeAmount: a.trade_amount,
      payLimit: a.pay_limit,
      tagListEn: a.tag_list_en,
      nickname: merchant.nickname,
      avatar: merchant.avatar,
      onlineStatus: merchant.online_status,
    });
    expect(await countRows("advert_secrets")).toBe(before);
  });

  it("gives a signed-in user a fresh 64-hex secret, stored sealed with its hash", async () => {
    const a = await firstApple();
    const res = await t.call("/advert/getAdvertDetail", { id: a.id }, { token: sellerToken });
    expect(res.code).toBe(1);
    const secret = res.data.secret as string;
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    const imageKey = createHash("sha256").update(secret).digest("hex");
    const row = await t.db.selectFrom("advert_secrets").selectAll().where("secret_hash", "=", lookupHashFromSecret(secret)).executeTakeFirstOrThrow();
    expect(row.secret_hash).not.toBe(imageKey); // the database never holds the image key
    expect(row).toMatchObject({ advert_id: a.id, user_id: sellerId, used_at: null });
    expect(row.sealed_secret).not.toContain(secret);
    expect(t.backend.services.secrets.open(row.sealed_secret)).toBe(secret);

    const again = await t.call("/advert/getAdvertDetail", { id: a.id }, { token: sellerToken });
    expect(again.data.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(again.data.secret).not.toBe(secret);
  });

  it("shows a listed advert even when sold out (fixTrade in hundredths)", async () => {
    const soldOut = await t.db.selectFrom("adverts").select("id").where("trade_amount", "=", 0).where("status", "=", 1).orderBy("id").executeTakeFirstOrThrow();
    const res = await t.call("/advert/getAdvertDetail", { id: soldOut.id });
    expect(res.code).toBe(1);
    expect(res.data.advert.tradeAmount).toBe(0);
    const fixed = await t.db.selectFrom("adverts").select("id").where("fix_trade", "=", "20|50|100").executeTakeFirstOrThrow();
    expect((await t.call("/advert/getAdvertDetail", { id: fixed.id })).data.advert.fixTrade).toBe("2000|5000|10000");
  });

  it("answers 'Advert not found.' for unknown and withdrawn adverts", async () => {
    const unknown = await t.call("/advert/getAdvertDetail", { id: 987654 }, { token: sellerToken });
    expect(unknown.code).not.toBe(1);
    expect(unknown.msg).toBe("Advert not found.");
    const a = await firstApple();
    const { id: _id, created_at: _c, ...copy } = a;
    const withdrawn = await t.db.insertInto("adverts").values({ ...copy, status: 0 }).returning("id").executeTakeFirstOrThrow();
    const res = await t.call("/advert/getAdvertDetail", { id: withdrawn.id });
    expect(res.code).not.toBe(1);
    expect(res.msg).toBe("Advert not found.");
  });

  it("rejects bad input with code 2", async () => {
    expectInvalid(await t.call("/advert/getAdvertDetail", {}));
    expectInvalid(await t.call("/advert/getAdvertDetail", { id: "abc" }), "The id must be a number.");
    expectInvalid(await t.call("/advert/getAdvertDetail", { id: -3 }), "The id must be a number.");
    expectInvalid(await notJson("/advert/getAdvertDetail"));
  });
});

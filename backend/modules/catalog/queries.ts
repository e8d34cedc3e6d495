import { lookupHashFromSecret } from "../../security/order-secret";
import { createHash, randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { AdvertWithMerchant, Banner, BusinessUser, CardType } from "../../../contract/entities";
import type { BannerLocation, BannerType } from "../../../contract/enums";
import type { Executor } from "../../db/index";
import type { SecretBox } from "../../security/secret-box";
import { adornmentOf, nextChange, wornBy } from "../membership/adornments";

/**
 * Read side of the public catalogue: config groups, banners, card types,
 * currencies, countries and adverts. Every function takes `db | trx`.
 */

// ---------------------------------------------------------------- config

/** The rows of one config group, in their sort order. */
export function configGroup(db: Executor, grp: string) {
  return db.selectFrom("config").select(["ckey", "cvalue"]).where("grp", "=", grp).orderBy("sort").orderBy("ckey").execute();
}

/** One config group as a record ckey -> cvalue. */
export async function configRecord(db: Executor, grp: string): Promise<Record<string, string>> {
  const rows = await configGroup(db, grp);
  return Object.fromEntries(rows.map((r) => [r.ckey, r.cvalue]));
}

/** An integer config value; `fallback` when absent or not an integer. */
export function intValue(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === "") return fallback;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : fallback;
}

/** The check-in rewards by streak day (ckey 1-based day, cvalue per 10000), in day order. */
export async function checkInList(db: Executor) {
  const rows = await configGroup(db, "checkin");
  return rows
    .map((r) => ({ ckey: intValue(r.ckey, NaN), cvalue: intValue(r.cvalue, 0) }))
    .filter((e) => Number.isInteger(e.ckey))
    .sort((a, b) => a.ckey - b.ckey);
}

// ---------------------------------------------------------------- tracking

export function bannerExists(db: Executor, id: number) {
  return db.selectFrom("banners").select("id").where("id", "=", id).executeTakeFirst().then((r) => r !== undefined);
}

export function insertTrackRecord(
  db: Executor,
  row: { type: number; refId: number | null; remark: string | null; userId: number | null; ip: string; at: Date },
) {
  return db
    .insertInto("track_records")
    .values({ type: row.type, ref_id: row.refId, remark: row.remark, user_id: row.userId, ip: row.ip || null, created_at: row.at })
    .execute();
}

// ---------------------------------------------------------------- banners, currencies, countries

export async function bannersAt(db: Executor, location: BannerLocation): Promise<Banner[]> {
  const rows = await db.selectFrom("banners").selectAll().where("location", "=", location).orderBy("sort").orderBy("id").execute();
  return rows.map((b) => ({
    id: b.id,
    pic: b.pic,
    type: b.type as BannerType,
    nameEn: b.name_en,
    url: b.url,
    location: b.location as BannerLocation,
  }));
}

export async function currencies(db: Executor) {
  const rows = await db.selectFrom("currencies").selectAll().orderBy("sort").orderBy("id").execute();
  return rows.map((c) => ({ id: c.id, currency: c.currency, symbol: c.symbol, nameEn: c.name_en }));
}

export async function countries(db: Executor) {
  const rows = await db.selectFrom("countries").select(["name_en", "inter_code"]).orderBy("sort").orderBy("id").execute();
  return rows.map((c) => ({ nameEn: c.name_en, interCode: c.inter_code }));
}

// ---------------------------------------------------------------- card types

/** What Home shows of a card type's offers: how many, the amounts they take, the best rate. */
export type OfferSummary = Pick<CardType, "maxDiscount" | "maxDiscountCurrency" | "minAmount" | "maxAmount" | "totalAdvert">;

/**
 * The summary's aggregates over active adverts (status 1, something left to buy). The best offer is
 * picked by usd_discount (rates in different currencies compare fairly per USD), ties by the lower
 * id; maxDiscount/maxDiscountCurrency report that advert's own discount and currency.
 */
const summaryColumns = [
  sql<number>`count(*)`.as("total"),
  sql<number>`min(min_trade)`.as("min_amount"),
  sql<number>`max(max_trade)`.as("max_amount"),
  sql<number>`(array_agg(discount order by usd_discount desc, id asc))[1]`.as("best_discount"),
  sql<string>`(array_agg(trade_currency order by usd_discount desc, id asc))[1]`.as("best_currency"),
] as const;

interface SummaryRow {
  total: number | null;
  min_amount: number | null;
  max_amount: number | null;
  best_discount: number | null;
  best_currency: string | null;
}

const toSummary = (r: SummaryRow): OfferSummary => ({
  maxDiscount: Number(r.best_discount ?? 0),
  maxDiscountCurrency: r.best_currency ?? "",
  minAmount: Number(r.min_amount ?? 0),
  maxAmount: Number(r.max_amount ?? 0),
  totalAdvert: Number(r.total ?? 0),
});

/** Every card type with the summary of its active adverts, in one grouped query. */
export async function cardTypesWithStats(db: Executor): Promise<CardType[]> {
  const rows = await db
    .selectFrom("card_types as ct")
    .leftJoin(
      (eb) =>
        eb.selectFrom("adverts").where("status", "=", 1).where("trade_amount", ">", 0).groupBy("card_type_id").select(["card_type_id", ...summaryColumns]).as("s"),
      (join) => join.onRef("s.card_type_id", "=", "ct.id"),
    )
    .select(["ct.id", "ct.name_en", "ct.icon", "s.total", "s.min_amount", "s.max_amount", "s.best_discount", "s.best_currency"])
    .orderBy("ct.sort")
    .orderBy("ct.id")
    .execute();
  return rows.map((r) => ({ id: r.id, nameEn: r.name_en, icon: r.icon, ...toSummary(r) }));
}

/**
 * The summaries a viewer who cannot see these merchants' offers (blocks, ADR 0021) gets where
 * they differ from everyone's: only the card types those merchants have active offers in, each
 * summed without them (ADR 0059). Empty, after one read of the merchants' own adverts (index
 * adverts_user), when they have none: the viewer then shares everyone's summaries.
 */
export async function offerSummariesWithout(db: Executor, merchantIds: readonly number[]): Promise<Map<number, OfferSummary>> {
  const theirs = await db
    .selectFrom("adverts")
    .select("card_type_id")
    .distinct()
    .where("user_id", "in", [...merchantIds])
    .where("status", "=", 1)
    .where("trade_amount", ">", 0)
    .execute();
  const touched = theirs.map((r) => r.card_type_id);
  if (touched.length === 0) return new Map();
  const rows = await db
    .selectFrom("adverts")
    .where("card_type_id", "in", touched)
    .where("user_id", "not in", [...merchantIds])
    .where("status", "=", 1)
    .where("trade_amount", ">", 0)
    .groupBy("card_type_id")
    .select(["card_type_id", ...summaryColumns])
    .execute();
  const rest = new Map(rows.map((r) => [r.card_type_id, r]));
  // A card type left with none of its offers: no rate, 0 offers.
  const none: SummaryRow = { total: 0, min_amount: null, max_amount: null, best_discount: null, best_currency: null };
  return new Map(touched.map((id) => [id, toSummary(rest.get(id) ?? none)]));
}

// ---------------------------------------------------------------- adverts

/** An advert joined with its merchant and its card type: what the mapper needs. */
export function advertRows(db: Executor) {
  return db
    .selectFrom("adverts as a")
    .innerJoin("users as u", "u.id", "a.user_id")
    .innerJoin("card_types as ct", "ct.id", "a.card_type_id")
    .select([
      "a.id",
      "a.user_id",
      "a.card_type_id",
      "a.card_type",
      "a.tag_list_en",
      "a.min_trade",
      "a.max_trade",
      "a.trade_currency",
      "a.discount",
      "a.usd_discount",
      "a.trade_amount",
      "a.total_buy_amount",
      "a.fix_trade",
      "a.pay_limit",
      "a.explain_info",
      "a.total_trade",
      "a.favourable_num",
      "a.codes_per_order",
      "a.status",
      "u.nickname",
      "u.avatar",
      "u.online_status",
      "ct.name_en as card_type_name",
      "ct.icon as card_type_icon",
      "ct.code_format",
    ]);
}
export type AdvertRow = Awaited<ReturnType<ReturnType<typeof advertRows>["executeTakeFirstOrThrow"]>>;

/**
 * adverts.fix_trade holds fixed faces in WHOLE units of the trade currency
 * ("50|100|200", see backend/demo/world.ts), while the contract documents
 * Advert.fixTrade in hundredths like minTrade/maxTrade. This is the one place
 * that converts ("50|100|200" -> "5000|10000|20000"); entries that are not
 * numbers are dropped.
 */
export function fixTradeToMinor(stored: string): string {
  return stored
    .split("|")
    .map((s) => s.trim())
    .filter((s) => s !== "" && Number.isFinite(Number(s)) && Number(s) > 0)
    .map((s) => String(Math.round(Number(s) * 100)))
    .join("|");
}

/** The one mapper from a joined advert row to the contract's AdvertWithMerchant. */
export function toAdvert(r: AdvertRow): AdvertWithMerchant {
  return {
    id: r.id,
    userid: r.user_id,
    cardtypeid: r.card_type_id,
    cardType: r.card_type as AdvertWithMerchant["cardType"],
    paymentNameEn: r.card_type_name,
    paymentIcon: r.card_type_icon,
    tagListEn: r.tag_list_en,
    minTrade: Number(r.min_trade),
    maxTrade: Number(r.max_trade),
    tradeCurrency: r.trade_currency,
    discount: r.discount,
    usdDiscount: r.usd_discount,
    tradeAmount: Number(r.trade_amount),
    totalBuyAmount: Number(r.total_buy_amount),
    fixTrade: fixTradeToMinor(r.fix_trade),
    payLimit: r.pay_limit,
    explainInfo: r.explain_info,
    totalTrade: r.total_trade,
    favourableNum: r.favourable_num,
    codesPerOrder: r.codes_per_order,
    codeFormat: r.code_format,
    nickname: r.nickname,
    avatar: r.avatar,
    onlineStatus: r.online_status,
  };
}

/**
 * Active adverts (status 1, something left to buy) of a card type, optionally
 * of one currency: online merchants first, then the best rate per USD, then id.
 */
export async function activeAdverts(db: Executor, cardTypeId: number, currency?: string): Promise<AdvertWithMerchant[]> {
  let q = advertRows(db).where("a.card_type_id", "=", cardTypeId).where("a.status", "=", 1).where("a.trade_amount", ">", 0);
  if (currency) q = q.where("a.trade_currency", "=", currency);
  const rows = await q
    .orderBy(sql`case when u.online_status <> 0 then 0 else 1 end`)
    .orderBy("a.usd_discount", "desc")
    .orderBy("a.id")
    .execute();
  return rows.map(toAdvert);
}

/** The distinct merchants of a list of adverts, in the order they first appear. */
export function merchantsOf(adverts: AdvertWithMerchant[]): BusinessUser[] {
  const seen = new Map<number, BusinessUser>();
  for (const a of adverts) {
    if (!seen.has(a.userid)) seen.set(a.userid, { id: a.userid, avatar: a.avatar, nickname: a.nickname, onlineStatus: a.onlineStatus });
  }
  return [...seen.values()];
}

/**
 * The adverts with their merchants' point-mall frames and badges (ADR 0052; one query for the whole
 * list; nothing added to a merchant who wears none), and when what they show next changes by time.
 */
export async function wearingAdverts(db: Executor, adverts: AdvertWithMerchant[], now: Date): Promise<{ list: AdvertWithMerchant[]; changesAt: number | null }> {
  const worn = await wornBy(db, adverts.map((a) => a.userid), now);
  return { list: adverts.map((a) => (worn.has(a.userid) ? { ...a, ...adornmentOf(worn, a.userid) } : a)), changesAt: nextChange(worn) };
}

/** A listed advert (status 1), whatever is left of it; undefined when there is none. */
export async function listedAdvert(db: Executor, id: number): Promise<AdvertWithMerchant | undefined> {
  const row = await advertRows(db).where("a.id", "=", id).where("a.status", "=", 1).executeTakeFirst();
  return row && toAdvert(row);
}

export const sha256Hex = (s: string) => createHash("sha256").update(s, "utf8").digest("hex");

/**
 * Hands out a fresh advert secret to a signed-in user: 32 random bytes as hex,
 * kept sealed at rest with its sha256 (the sell-card order quotes it back).
 */
export async function issueAdvertSecret(db: Executor, secrets: SecretBox, advertId: number, userId: number, at: Date): Promise<string> {
  const secret = randomBytes(32).toString("hex");
  await db
    .insertInto("advert_secrets")
    .values({ advert_id: advertId, user_id: userId, sealed_secret: secrets.seal(secret), secret_hash: lookupHashFromSecret(secret), created_at: at })
    .execute();
  return secret;
}

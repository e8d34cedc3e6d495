import { LIST_PAGE_SIZE } from "../../../contract/constants";
import { AdvertStatus, OnlineStatus } from "../../../contract/enums";
import type { AdvertFields, MerchantAdvert } from "../../../contract/calls/catalog-merchant";
import { parseFaces } from "../../../contract/advert-rules";
import type { Executor } from "../../db/index";
import { conflict, fail, notFound } from "../../http/errors";
import { units } from "../orders/format";
import { usdDiscountOf } from "../../../contract/money";
import { advertRows, toAdvert, type AdvertRow } from "./queries";

/**
 * A merchant's own adverts (the desk's offers, ADR 0036). Every query is scoped by the
 * merchant: another's advert answers "Advert not found." like a missing one. Writes go to
 * `adverts` and `users`, whose triggers (migration 017) forget the catalogue cache at commit,
 * and this process's write-watch at once (ADR 0026): no call here has to remember it.
 */

const toMerchantAdvert = (r: AdvertRow & { status: number }): MerchantAdvert => ({ ...toAdvert(r), status: r.status as AdvertStatus });

export async function merchantAdvertPage(db: Executor, merchantId: number, lastId?: number | null): Promise<MerchantAdvert[]> {
  let q = advertRows(db).where("a.user_id", "=", merchantId);
  if (lastId) q = q.where("a.id", "<", lastId);
  const rows = await q.orderBy("a.id", "desc").limit(LIST_PAGE_SIZE).execute();
  return rows.map(toMerchantAdvert);
}

export async function merchantAdvert(db: Executor, merchantId: number, id: number): Promise<MerchantAdvert> {
  const row = await advertRows(db).where("a.id", "=", id).where("a.user_id", "=", merchantId).executeTakeFirst();
  if (!row) throw notFound("Advert");
  return toMerchantAdvert(row);
}

/** The columns an advert's fields set; checks the card type and currency exist (a clear message, not a foreign-key 500). */
async function columnsOf(db: Executor, f: AdvertFields) {
  const [cardType, currency] = await Promise.all([
    db.selectFrom("card_types").select("id").where("id", "=", f.cardTypeId).executeTakeFirst(),
    db.selectFrom("currencies").select("currency").where("currency", "=", f.tradeCurrency).executeTakeFirst(),
  ]);
  if (!cardType) throw fail("Please select the card type.");
  if (!currency) throw fail("Please select the currency.");
  return {
    card_type_id: f.cardTypeId,
    card_type: f.cardType,
    trade_currency: f.tradeCurrency,
    discount: f.discount,
    usd_discount: usdDiscountOf(f.discount, f.tradeCurrency),
    min_trade: f.minTrade,
    max_trade: f.maxTrade,
    // adverts.fix_trade keeps whole units (backend/demo/world.ts); the contract speaks hundredths.
    fix_trade: parseFaces(f.fixTrade)
      .map((h) => String(h / 100))
      .join("|"),
    pay_limit: f.payLimit,
    tag_list_en: f.tagListEn
      .split("|")
      .map((t) => t.trim())
      .filter(Boolean)
      .join("|"),
    explain_info: f.explainInfo,
    trade_amount: f.tradeAmount,
    codes_per_order: f.codesPerOrder,
  };
}

export async function createAdvert(db: Executor, merchantId: number, f: AdvertFields, now: Date): Promise<{ id: number }> {
  const values = await columnsOf(db, f);
  const row = await db
    .insertInto("adverts")
    .values({ ...values, user_id: merchantId, status: AdvertStatus.Listed, created_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: Number(row.id) };
}

/** The desk's words when sales moved the amount left while the merchant edited the offer. */
export const amountLeftChanged = (left: number, currency: string) =>
  `Orders were placed while you edited: the face amount left is now ${units(left)} ${currency}. Check it and save again.`;

/**
 * Changes an advert. Orders already placed keep the figures they were placed at (each order
 * snapshots its price and advert info); the amount left to buy becomes the one given. With
 * `seenTradeAmount` (the amount the merchant's form showed) it is a compare-and-set: a sale
 * reserved meanwhile is never undone by the save (code 7, the amount now named).
 */
export async function updateAdvert(db: Executor, merchantId: number, id: number, f: AdvertFields, seenTradeAmount?: number): Promise<void> {
  const values = await columnsOf(db, f);
  let q = db.updateTable("adverts").set(values).where("id", "=", id).where("user_id", "=", merchantId);
  if (seenTradeAmount !== undefined) q = q.where("trade_amount", "=", seenTradeAmount);
  const r = await q.executeTakeFirst();
  if (Number(r.numUpdatedRows) > 0) return;
  const now = await merchantAdvert(db, merchantId, id); // not the merchant's: "Advert not found."
  throw conflict(amountLeftChanged(now.tradeAmount, now.tradeCurrency));
}

/** Pause (1 → 0) or resume (0 → 1), as a compare-and-set. */
export async function setAdvertStatus(db: Executor, merchantId: number, id: number, to: AdvertStatus): Promise<void> {
  const from = to === AdvertStatus.Listed ? AdvertStatus.Paused : AdvertStatus.Listed;
  const r = await db.updateTable("adverts").set({ status: to }).where("id", "=", id).where("user_id", "=", merchantId).where("status", "=", from).executeTakeFirst();
  if (Number(r.numUpdatedRows) > 0) return;
  await merchantAdvert(db, merchantId, id); // not the merchant's: "Advert not found."
  throw fail(to === AdvertStatus.Listed ? "The offer is already listed." : "The offer is already paused.");
}

export async function setOnlineStatus(db: Executor, merchantId: number, status: OnlineStatus): Promise<void> {
  await db.updateTable("users").set({ online_status: status }).where("id", "=", merchantId).execute();
}

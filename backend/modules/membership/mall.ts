import { BillType, RestrictType, ShowType, WealthRecordType } from "../../../contract/enums";
import type { RedemptionItem } from "../../../contract/entities";
import type { Executor, Trx } from "../../db/index";
import type { RedemptionItemsTable } from "../../db/schema";
import type { Selectable } from "kysely";
import { fail, notFound } from "../../http/errors";
import { applyBalanceChanges, ensureAccount } from "../wallet/ledger";
import { localMonth } from "./zone";
import { openMallOrder } from "./mall-orders";

/**
 * The point mall (docs/decisions/0023-point-mall.md). Limits are per user: restrictType 1 counts
 * this calendar month in the user's zone, 2 every redemption, anything else is unlimited. A
 * user's redemptions run one at a time under their account row lock, so the count read before
 * spending includes every earlier redemption (30 parallel submits of an item with 5 left: 5).
 * Each redemption delivers in its own transaction (ADR 0052): coins credited, a frame or badge
 * worn until its end date, or a mall order Pending on the staff desk for what staff send by hand.
 */
export const INSUFFICIENT_WEALTH = "Insufficient wealth, redeem failed.";
export const ITEM_UNAVAILABLE = "This item is not available.";
export const ITEM_LIMIT_REACHED = "You have reached the redemption limit of this item.";
export const MOBILE_REQUIRED = "Bind a mobile number first: this item is sent to it.";
/** The ref of a redemption's Exchange record and ledger rows (the Point Order row finds its delivery by it). */
export const REDEMPTION_REF = "wealth_redemption";
const DAY_MS = 86_400_000;

type ItemRow = Selectable<RedemptionItemsTable>;

const isLimited = (restrictType: number) => restrictType === RestrictType.Monthly || restrictType === RestrictType.Overall;

/** How many times the user redeemed each item, counted the way its limit counts (this month for monthly items). */
async function redeemedCounts(db: Executor, userId: number, items: ItemRow[], month: string): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom("wealth_redemptions")
    .select(["item_id", "month", (eb) => eb.fn.countAll().as("n")])
    .where("user_id", "=", userId)
    .groupBy(["item_id", "month"])
    .execute();
  const monthly = new Set(items.filter((i) => i.restrict_type === RestrictType.Monthly).map((i) => i.id));
  const counts = new Map<number, number>();
  for (const r of rows) {
    if (monthly.has(r.item_id) && r.month !== month) continue;
    counts.set(r.item_id, (counts.get(r.item_id) ?? 0) + Number(r.n));
  }
  return counts;
}

function toItem(i: ItemRow, count: number): RedemptionItem {
  const limited = isLimited(i.restrict_type);
  const atLimit = limited && count >= i.limit_num;
  return {
    id: i.id,
    name: i.name,
    pic: i.pic,
    explainInfo: i.explain_info,
    wealthAmount: Number(i.wealth_amount),
    restrictType: i.restrict_type as RedemptionItem["restrictType"],
    limitNum: i.limit_num,
    remainNum: limited ? Math.max(0, i.limit_num - count) : 0,
    showType: i.show_type === ShowType.Unavailable || atLimit ? ShowType.Unavailable : ShowType.Available,
  };
}

export async function mallItems(db: Executor, userId: number, now: Date, zone: string) {
  const items = await db.selectFrom("redemption_items").selectAll().where("retired_at", "is", null).orderBy("sort").orderBy("id").execute();
  const counts = await redeemedCounts(db, userId, items, localMonth(now, zone));
  return {
    list: items.map((i) => toItem(i, counts.get(i.id) ?? 0)),
    redeemCountMap: Object.fromEntries([...counts].map(([id, n]) => [String(id), n])),
  };
}

/** A frame's or badge's period: from now, or from the end of the same item still running (a second redemption extends it). */
async function periodEnd(trx: Trx, userId: number, item: ItemRow, now: Date): Promise<Date> {
  const running = await trx
    .selectFrom("wealth_redemptions")
    .select((eb) => eb.fn.max("active_until").as("until"))
    .where("user_id", "=", userId)
    .where("item_id", "=", item.id)
    .where("active_until", ">", now)
    .executeTakeFirst();
  const from = running?.until ? new Date(running.until).getTime() : now.getTime();
  return new Date(from + Number(item.delivery_value) * DAY_MS);
}

export async function redeemItem(trx: Trx, userId: number, itemId: number, now: Date, zone: string) {
  // Serialises this user's redemptions: the limit count below then sees every earlier one.
  await ensureAccount(trx, userId);
  const account = await trx.selectFrom("accounts").select("wealth_amount").where("user_id", "=", userId).forUpdate().executeTakeFirstOrThrow();
  // The items' ids are int4 (serial): a larger one is simply not an item.
  const item = itemId <= 2_147_483_647 ? await trx.selectFrom("redemption_items").selectAll().where("id", "=", itemId).executeTakeFirst() : undefined;
  if (!item) throw notFound("Item");
  if (item.show_type === ShowType.Unavailable || item.retired_at !== null) throw fail(ITEM_UNAVAILABLE);
  const month = localMonth(now, zone);
  const count = (await redeemedCounts(trx, userId, [item], month)).get(item.id) ?? 0;
  if (isLimited(item.restrict_type) && count >= item.limit_num) throw fail(ITEM_LIMIT_REACHED);
  const price = Number(item.wealth_amount);
  if (account.wealth_amount < price) throw fail(INSUFFICIENT_WEALTH);
  // Staff send a manual item (airtime, data) to the mobile number bound now: none, nothing to send to.
  const mobile = item.delivery === "manual" ? ((await trx.selectFrom("users").select("mobile").where("id", "=", userId).executeTakeFirst())?.mobile ?? null) : null;
  if (item.delivery === "manual" && !mobile) throw fail(MOBILE_REQUIRED);

  const worn = item.delivery === "frame" || item.delivery === "badge";
  const redemption = await trx
    .insertInto("wealth_redemptions")
    .values({
      user_id: userId,
      item_id: item.id,
      month,
      created_at: now,
      delivery: item.delivery,
      delivery_value: Number(item.delivery_value),
      price,
      active_until: worn ? await periodEnd(trx, userId, item, now) : null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const meta = { refType: REDEMPTION_REF, refId: Number(redemption.id), at: now };
  await applyBalanceChanges(trx, userId, [{ part: "wealth", delta: -price }], {
    ...meta,
    reason: "point mall",
    whenShort: INSUFFICIENT_WEALTH,
    wealthRecord: { type: WealthRecordType.Exchange, descriptionEn: item.name },
  });
  if (item.delivery === "coins" && Number(item.delivery_value) > 0) {
    const coins = Number(item.delivery_value);
    await applyBalanceChanges(trx, userId, [{ part: "amount", delta: coins }], {
      ...meta,
      reason: "point mall coins",
      bill: { type: BillType.Income, descriptionEn: `Point mall: ${item.name}`, transAmount: coins },
    });
  }
  if (item.delivery === "manual") await openMallOrder(trx, Number(redemption.id), mobile, now);
  return { redemptionId: Number(redemption.id) };
}

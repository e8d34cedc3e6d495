import { sql } from "kysely";
import { BADGE_CAP, LIST_PAGE_SIZE } from "../../../contract/constants";
import type { Order, OrderChange } from "../../../contract/entities";
import type { ArbitrationType, FeedbackType, OrderListTab, OrderStatus } from "../../../contract/enums";
import { orderListTabStatuses } from "../../../contract/enums";
import type { OrderMoney, StaffOrder } from "../../../contract/calls/orders-desks";
import type { Executor } from "../../db/index";
import type { Services } from "../../http/context";
import { openNullable, type Opener } from "../../security/secret-box";
import type { OrderRow } from "../../db/schema";
import { cardName } from "./format";
import { countRows, countRowsUpTo } from "../../db/count";

/** Read side of orders: every query is scoped by the caller (seller or buyer). */

const ms = (d: Date | string | null) => (d === null ? null : new Date(d).getTime());
const numOrNull = (v: number | null) => (v === null ? null : Number(v));

/** Orders joined with both parties' public fields and the earlier order a duplicate card was in (for staff only: toStaffOrder). */
function orderRows(db: Executor) {
  return db
    .selectFrom("orders as o")
    .innerJoin("users as b", "b.id", "o.buyer_id")
    .innerJoin("users as s", "s.id", "o.seller_id")
    .leftJoin("orders as d", "d.id", "o.duplicate_of")
    .selectAll("o")
    .select(["b.nickname as buyer_nickname", "b.avatar as buyer_avatar", "s.nickname as seller_nickname", "s.avatar as seller_avatar"])
    .select(["d.status as duplicate_status", "d.seller_id as duplicate_seller_id"]);
}
export type JoinedOrder = OrderRow & {
  buyer_nickname: string;
  buyer_avatar: string;
  seller_nickname: string;
  seller_avatar: string;
  duplicate_status: number | null;
  duplicate_seller_id: number | null;
};

/** The database and the box that opens the remark and the dispute's words (ADR 0056). */
type Store = Pick<Services, "db" | "secrets">;

export function toOrder(box: Opener, r: JoinedOrder): Order {
  return {
    id: r.id,
    status: r.status as OrderStatus,
    buyerid: r.buyer_id,
    buyerNickname: r.buyer_nickname,
    buyerAvatar: r.buyer_avatar,
    advertInfo: r.advert_info,
    tradeAmount: Number(r.trade_amount),
    tradeCurrency: r.trade_currency,
    usdDiscount: r.usd_discount,
    calculateTotalPrice: Number(r.calculate_total_price),
    realTotalPrice: Number(r.real_total_price),
    createTimestamp: ms(r.created_at)!,
    autoCancelTimestamp: ms(r.auto_cancel_at),
    autoReleaseTimestamp: ms(r.auto_release_at),
    autoArbitrationTimestamp: ms(r.auto_arbitration_at),
    arbitrationType: r.arbitration_type as ArbitrationType | null,
    arbitrationApplyAmount: numOrNull(r.arbitration_apply_amount),
    arbitrationApplyPrice: numOrNull(r.arbitration_apply_price),
    arbitrationContent: openNullable(box, r.arbitration_content),
    sellerRemark: openNullable(box, r.seller_remark),
  };
}

export function toStaffOrder(box: Opener, r: JoinedOrder): StaffOrder {
  return {
    ...toOrder(box, r),
    sellerid: r.seller_id,
    sellerNickname: r.seller_nickname,
    sellerAvatar: r.seller_avatar,
    cardtypeid: r.card_type_id,
    paymentNameEn: cardName(r),
    duplicateOf:
      r.duplicate_of === null || r.duplicate_status === null
        ? null
        : { orderId: Number(r.duplicate_of), status: r.duplicate_status as OrderStatus, sameSeller: r.duplicate_seller_id === r.seller_id },
  };
}

export function findOrder(db: Executor, id: number): Promise<JoinedOrder | undefined> {
  return orderRows(db).where("o.id", "=", id).executeTakeFirst() as Promise<JoinedOrder | undefined>;
}

export interface SellerListFilter {
  tab: OrderListTab;
  cardTypeId?: number;
  /** Milliseconds; created at or after. */
  start?: number;
  /** Milliseconds; created at or before. */
  end?: number;
  lastId?: number | null;
}

/** One page of the seller's orders of a tab, newest first. */
export async function sellerOrderPage(store: Store, sellerId: number, f: SellerListFilter): Promise<Order[]> {
  let q = orderRows(store.db)
    .where("o.seller_id", "=", sellerId)
    .where("o.status", "in", [...orderListTabStatuses[f.tab]]);
  if (f.cardTypeId) q = q.where("o.card_type_id", "=", f.cardTypeId);
  if (f.start !== undefined) q = q.where("o.created_at", ">=", new Date(f.start));
  if (f.end !== undefined) q = q.where("o.created_at", "<=", new Date(f.end));
  if (f.lastId) q = q.where("o.id", "<", f.lastId);
  const rows = (await q.orderBy("o.id", "desc").limit(LIST_PAGE_SIZE).execute()) as JoinedOrder[];
  return rows.map((r) => toOrder(store.secrets, r));
}

export interface BuyerListFilter {
  status?: number;
  cardTypeId?: number;
  lastId?: number | null;
}

/** One page of the merchant's (buyer's) orders, optionally of one status and card type, newest first. */
export async function buyerOrderPage(store: Store, buyerId: number, f: BuyerListFilter): Promise<StaffOrder[]> {
  return buyerRows(store, buyerId, f.status === undefined ? undefined : [f.status], f.cardTypeId, f.lastId, LIST_PAGE_SIZE);
}

async function buyerRows(store: Store, buyerId: number, statuses: number[] | undefined, cardTypeId: number | undefined, lastId: number | null | undefined, limit: number) {
  let q = orderRows(store.db).where("o.buyer_id", "=", buyerId);
  if (statuses) q = q.where("o.status", "in", statuses);
  if (cardTypeId) q = q.where("o.card_type_id", "=", cardTypeId);
  if (lastId) q = q.where("o.id", "<", lastId);
  const rows = (await q.orderBy("o.id", "desc").limit(limit).execute()) as JoinedOrder[];
  return rows.map((r) => toStaffOrder(store.secrets, r));
}

/** The staff arbitration queue: orders In arbitration (3) and Frozen (6), oldest first (ids above lastId). */
export async function staffQueuePage(store: Store, f: { status?: number; lastId?: number | null }): Promise<StaffOrder[]> {
  let q = orderRows(store.db).where("o.status", "in", f.status !== undefined ? [f.status] : [3, 6]);
  if (f.lastId) q = q.where("o.id", ">", f.lastId);
  const rows = (await q.orderBy("o.id", "asc").limit(LIST_PAGE_SIZE).execute()) as JoinedOrder[];
  return rows.map((r) => toStaffOrder(store.secrets, r));
}

/** The desk queue's groups (ADR 0036): rank 0 Waiting, rank 1 Processing and In negotiation. */
export const QUEUE_RANKS = [[0], [1, 2]] as const;
export const queueRankOf = (status: number): 0 | 1 => (status === 0 ? 0 : 1);

/**
 * One page of the merchant's desk queue: Waiting orders newest first, then Processing and
 * In negotiation newest first. Keyset: (lastRank, lastId) of the page before; each group
 * reads orders_buyer_open in id order.
 */
export async function buyerQueuePage(store: Store, buyerId: number, f: { cardTypeId?: number; lastId?: number | null; lastRank?: 0 | 1 | null }): Promise<StaffOrder[]> {
  const page: StaffOrder[] = [];
  const startRank = f.lastId ? (f.lastRank ?? 0) : 0;
  for (let rank = startRank; rank < QUEUE_RANKS.length && page.length < LIST_PAGE_SIZE; rank++) {
    const after = rank === startRank ? f.lastId : undefined;
    page.push(...(await buyerRows(store, buyerId, [...QUEUE_RANKS[rank]], f.cardTypeId, after, LIST_PAGE_SIZE - page.length)));
  }
  return page;
}

/** Waiting orders sold to a merchant, counted up to one past the badge's cap. */
export function countWaitingForBuyer(db: Executor, buyerId: number): Promise<number> {
  return countRowsUpTo(db, db.selectFrom("orders").where("buyer_id", "=", buyerId).where("status", "=", 0), BADGE_CAP + 1);
}

export async function orderChanges(db: Executor, orderId: number): Promise<OrderChange[]> {
  const rows = await db.selectFrom("order_changes").select(["id", "event_en", "change_timestamp"]).where("order_id", "=", orderId).orderBy("id").execute();
  return rows.map((c) => ({ id: c.id, eventEn: c.event_en, changeTimestamp: new Date(c.change_timestamp).getTime() }));
}

/**
 * An order's coins as its own ledger rows have them (ADR 0051), for the staff page: held from the
 * merchant now (its frozen part), paid to the seller (the seller's amount), returned from the hold
 * to the merchant (what came back to its amount). The inviter's reward and the seller's points ride
 * on the same order's rows but are other accounts' or other parts, so they are not counted.
 */
export async function orderMoney(db: Executor, o: Pick<OrderRow, "id" | "buyer_id" | "seller_id">): Promise<OrderMoney> {
  const r = await db
    .selectFrom("ledger_entries")
    .select([
      sql<string>`coalesce(sum(delta) filter (where user_id = ${o.buyer_id} and part = 'frozen'), 0)`.as("held"),
      sql<string>`coalesce(sum(delta) filter (where user_id = ${o.seller_id} and part = 'amount'), 0)`.as("paid"),
      sql<string>`coalesce(sum(delta) filter (where user_id = ${o.buyer_id} and part = 'amount' and delta > 0), 0)`.as("returned"),
    ])
    .where("ref_type", "=", "order")
    .where("ref_id", "=", o.id)
    .executeTakeFirstOrThrow();
  return { held: Number(r.held), paid: Number(r.paid), returned: Number(r.returned) };
}

export function orderDetailsRow(db: Executor, orderId: number) {
  return db.selectFrom("order_details").selectAll().where("order_id", "=", orderId).executeTakeFirst();
}

/** The sealed advert secret of an order. */
export async function sealedSecretOf(db: Executor, secretId: number): Promise<string> {
  const r = await db.selectFrom("advert_secrets").select("sealed_secret").where("id", "=", secretId).executeTakeFirstOrThrow();
  return r.sealed_secret;
}

// ---------------------------------------------------------------- statistics and counters

/** Orders of a user (as seller or buyer) in some statuses: count and coin sum of a column. */
export async function orderTotals(
  db: Executor,
  userId: number,
  opts: { statuses?: readonly number[]; asSellerOnly?: boolean; sum: "calculate_total_price" | "real_total_price" },
): Promise<{ n: number; amount: number }> {
  let q = db
    .selectFrom("orders")
    .select([sql<number>`count(*)`.as("n"), sql<number>`coalesce(sum(${sql.ref(opts.sum)}), 0)`.as("amount")]);
  q = opts.asSellerOnly
    ? q.where("seller_id", "=", userId)
    : q.where((eb) => eb.or([eb("seller_id", "=", userId), eb("buyer_id", "=", userId)]));
  if (opts.statuses) q = q.where("status", "in", [...opts.statuses]);
  const r = await q.executeTakeFirstOrThrow();
  return { n: Number(r.n), amount: Number(r.amount) };
}

export async function countFeedbackReceived(db: Executor, userId: number, type: FeedbackType): Promise<number> {
  return countRows(db.selectFrom("feedbacks").where("buyer_id", "=", userId).where("type", "=", type));
}

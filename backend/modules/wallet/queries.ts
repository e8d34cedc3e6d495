import { sql } from "kysely";
import { LIST_PAGE_SIZE } from "../../../contract/constants";
import type { Bill, TradeStatisticsDay } from "../../../contract/entities";
import { OrderStatus, VirtualCoinOrderStatus, WithdrawalStatus, type BillType } from "../../../contract/enums";
import type { Executor } from "../../db/index";

/** Read side of the wallet: the user's bills and trade statistics. Every query is scoped to one user id. */

export interface BillFilter {
  /** 1-4; undefined: every type (the ALL tab). */
  type?: number;
  /** Milliseconds; at or after. */
  start?: number;
  /** Milliseconds; at or before. */
  end?: number;
  lastId?: number | null;
}

/** One page of the user's bills, newest first, after the cursor. */
export async function billPage(db: Executor, userId: number, f: BillFilter): Promise<Bill[]> {
  let q = db
    .selectFrom("bills as b")
    .leftJoin("users as o", "o.id", "b.opposite_user_id")
    // A bill links to its receipt (ADR 0075) when what it is for is hers and done: one key lookup each.
    .leftJoin("orders as ro", (j) => j.onRef("ro.id", "=", "b.ref_id").on("b.ref_type", "=", "order").on("ro.seller_id", "=", userId).on("ro.status", "=", OrderStatus.Completed))
    .leftJoin("withdrawals as rw", (j) => j.onRef("rw.id", "=", "b.ref_id").on("b.ref_type", "=", "withdrawal").on("rw.user_id", "=", userId).on("rw.status", "=", WithdrawalStatus.Completed))
    .leftJoin("virtual_coin_orders as rt", (j) =>
      j.onRef("rt.id", "=", "b.ref_id").on("b.ref_type", "=", "virtual_coin_order").on("rt.user_id", "=", userId).on("rt.status", "=", VirtualCoinOrderStatus.Confirmed),
    )
    .select(["b.id", "b.type", "b.description_en", "b.trans_amount", "b.current_amount", "b.created_at", "o.nickname", "o.avatar"])
    .select(["ro.id as receipt_order", "rw.id as receipt_withdrawal", "rt.id as receipt_transfer"])
    .where("b.user_id", "=", userId);
  if (f.type) q = q.where("b.type", "=", f.type);
  if (f.start !== undefined) q = q.where("b.created_at", ">=", new Date(f.start));
  if (f.end !== undefined) q = q.where("b.created_at", "<=", new Date(f.end));
  if (f.lastId) q = q.where("b.id", "<", f.lastId);
  const rows = await q.orderBy("b.id", "desc").limit(LIST_PAGE_SIZE).execute();
  return rows.map((r) => ({
    id: r.id,
    transTime: new Date(r.created_at).getTime(),
    type: r.type as BillType,
    oppositeNickname: r.nickname ?? null,
    oppositePhoto: r.avatar ?? null,
    descriptionEn: r.description_en,
    transAmount: Number(r.trans_amount),
    currentAmount: Number(r.current_amount),
    receipt: receiptOf(r),
  }));
}

function receiptOf(r: { receipt_order: number | null; receipt_withdrawal: number | null; receipt_transfer: number | null }): Bill["receipt"] {
  if (r.receipt_order !== null) return { kind: "order", id: Number(r.receipt_order) };
  if (r.receipt_withdrawal !== null) return { kind: "withdrawal", id: Number(r.receipt_withdrawal) };
  if (r.receipt_transfer !== null) return { kind: "transfer", id: Number(r.receipt_transfer) };
  return null;
}

export const STATISTICS_DAYS = 30;
export const DAY_MS = 86_400_000;

/**
 * The 30 days ending with the day that starts at `zeroTimestamp` (the client's local midnight),
 * oldest first, each of 24 hours: day i covers [zero - (29 - i) days, zero - (28 - i) days).
 * Per day: the realTotalPrice sum and number of the user's orders as seller completed (status 4)
 * in it, by completion time; days without any are zeros.
 */
export async function tradeStatistics(db: Executor, userId: number, zeroTimestamp: number) {
  const first = zeroTimestamp - (STATISTICS_DAYS - 1) * DAY_MS;
  const end = zeroTimestamp + DAY_MS;
  const rows = await sql<{ day: number; n: number; amount: number }>`
    select floor((extract(epoch from completed_at) * 1000 - ${first}::float8) / ${DAY_MS})::int as day,
           count(*)::int as n,
           coalesce(sum(real_total_price), 0)::bigint as amount
    from orders
    where seller_id = ${userId} and status = ${OrderStatus.Completed}
      and completed_at >= ${new Date(first)} and completed_at < ${new Date(end)}
    group by 1
  `.execute(db);
  const byDay = new Map(rows.rows.map((r) => [Number(r.day), r]));
  const list: TradeStatisticsDay[] = Array.from({ length: STATISTICS_DAYS }, (_, i) => {
    const r = byDay.get(i);
    return { day: first + i * DAY_MS, tradeAmount: r ? Number(r.amount) : 0, tradeCount: r ? Number(r.n) : 0 };
  });
  return {
    list,
    totalAmount: list.reduce((s, d) => s + d.tradeAmount, 0),
    totalCount: list.reduce((s, d) => s + d.tradeCount, 0),
  };
}

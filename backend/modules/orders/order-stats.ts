import { sql } from "kysely";
import { OrderStatus } from "../../../contract/enums";
import type { Executor, Trx } from "../../db/index";
import type { OrderRow } from "../../db/schema";

/**
 * Each user's order figures, as seller or buyer (ADR 0048, migration 023): written with the order
 * in its own transaction, so the profile, a user's page and the partner list read one row instead
 * of counting all of a merchant's orders. `npm run ledger:check` (wallet/checks.ts) compares them
 * with the orders.
 */
export interface OrderStats {
  /** Orders in any status, and the sum of their calculate_total_price (hundredths). */
  ordersN: number;
  ordersAmount: number;
  /** Completed orders, and the sum of their real_total_price (hundredths). */
  completedN: number;
  completedAmount: number;
}

type Added = Partial<Record<"orders_n" | "orders_amount" | "completed_n" | "completed_amount", number>>;

/** Adds to the seller's and the buyer's rows; the lower id first, so two orders never lock the pair in opposite orders. */
async function addToBoth(trx: Trx, order: OrderRow, add: Added): Promise<void> {
  const ids = [Number(order.seller_id), Number(order.buyer_id)].sort((a, b) => a - b);
  await trx
    .insertInto("user_order_stats")
    .values(ids.map((user_id) => ({ user_id, orders_n: 0, orders_amount: 0, completed_n: 0, completed_amount: 0, ...add })))
    .onConflict((oc) =>
      oc.column("user_id").doUpdateSet({
        orders_n: sql`user_order_stats.orders_n + excluded.orders_n`,
        orders_amount: sql`user_order_stats.orders_amount + excluded.orders_amount`,
        completed_n: sql`user_order_stats.completed_n + excluded.completed_n`,
        completed_amount: sql`user_order_stats.completed_amount + excluded.completed_amount`,
      }),
    )
    .execute();
}

/** createOrder: one more order for both sides. */
export function countNewOrder(trx: Trx, order: OrderRow): Promise<void> {
  return addToBoth(trx, order, { orders_n: 1, orders_amount: Number(order.calculate_total_price) });
}

/** The move to Completed (final): one more completed order, at the price paid (what payOrder sets as real_total_price). */
export function countCompletedOrder(trx: Trx, order: OrderRow, paid: number): Promise<void> {
  return addToBoth(trx, order, { completed_n: 1, completed_amount: paid });
}

type StatsRow = Partial<Record<"orders_n" | "orders_amount" | "completed_n" | "completed_amount", unknown>>;

/** A row's figures (none: zeros). */
function toOrderStats(r: StatsRow | null | undefined): OrderStats {
  return {
    ordersN: Number(r?.orders_n ?? 0),
    ordersAmount: Number(r?.orders_amount ?? 0),
    completedN: Number(r?.completed_n ?? 0),
    completedAmount: Number(r?.completed_amount ?? 0),
  };
}

export async function orderStatsOf(db: Executor, userId: number): Promise<OrderStats> {
  return toOrderStats(await db.selectFrom("user_order_stats").selectAll().where("user_id", "=", userId).executeTakeFirst());
}

/** Every user's figures counted from the orders themselves: what the rows must say. */
const counted = sql`
  select u as user_id, count(*) as orders_n, coalesce(sum(calc), 0) as orders_amount,
    count(*) filter (where status = ${OrderStatus.Completed}) as completed_n,
    coalesce(sum(paid) filter (where status = ${OrderStatus.Completed}), 0) as completed_amount
  from (
    select seller_id as u, status, calculate_total_price as calc, real_total_price as paid from orders
    union all
    select buyer_id, status, calculate_total_price, real_total_price from orders
  ) o
  group by u`;

/** Sets every row from the orders: for writers that insert orders in bulk (the large world's seeder). */
export async function recountOrderStats(db: Executor): Promise<void> {
  await sql`
    insert into user_order_stats (user_id, orders_n, orders_amount, completed_n, completed_amount)
    ${counted}
    on conflict (user_id) do update set orders_n = excluded.orders_n, orders_amount = excluded.orders_amount,
      completed_n = excluded.completed_n, completed_amount = excluded.completed_amount`.execute(db);
}

export interface OrderStatsMismatch {
  user_id: number;
  kept: OrderStats;
  counted: OrderStats;
}

/** Users whose row does not say what their orders do (a missing row counts as zeros). */
export async function findOrderStatsMismatches(db: Executor): Promise<OrderStatsMismatch[]> {
  const { rows } = await sql<{ user_id: number; kept: StatsRow | null; counted: StatsRow | null }>`
    with counted as (${counted})
    select coalesce(c.user_id, s.user_id) as user_id, to_jsonb(s) as kept, to_jsonb(c) as counted
    from counted c full join user_order_stats s on s.user_id = c.user_id
    where coalesce(s.orders_n, 0) <> coalesce(c.orders_n, 0) or coalesce(s.orders_amount, 0) <> coalesce(c.orders_amount, 0)
      or coalesce(s.completed_n, 0) <> coalesce(c.completed_n, 0) or coalesce(s.completed_amount, 0) <> coalesce(c.completed_amount, 0)
    order by 1`.execute(db);
  return rows.map((r) => ({ user_id: Number(r.user_id), kept: toOrderStats(r.kept), counted: toOrderStats(r.counted) }));
}

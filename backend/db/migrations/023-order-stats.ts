import { sql, type Kysely } from "kysely";

/**
 * Each user's order figures, kept as orders happen (ADR 0048). The profile, a user's
 * public page and the partner list showed them by counting and summing all of the user's orders:
 * for a merchant of the large world, 40,000 orders read on every sign-in and every visit of its
 * page. Written in the order's own transaction by the orders module (order-stats.ts): at
 * createOrder, orders_n and orders_amount (calculate_total_price) for the seller and the buyer; at
 * the move to Completed, completed_n and completed_amount (real_total_price, the price paid).
 * Completed is final, so nothing is ever taken back. The backfill counts the orders already there.
 */
export async function up(db: Kysely<any>) {
  await sql`
    create table user_order_stats (
      user_id bigint primary key references users(id),
      orders_n bigint not null default 0,
      orders_amount bigint not null default 0,
      completed_n bigint not null default 0,
      completed_amount bigint not null default 0
    );
    insert into user_order_stats (user_id, orders_n, orders_amount, completed_n, completed_amount)
    select u, count(*), coalesce(sum(calc), 0), count(*) filter (where status = 4), coalesce(sum(paid) filter (where status = 4), 0)
    from (
      select seller_id as u, status, calculate_total_price as calc, real_total_price as paid from orders
      union all
      select buyer_id, status, calculate_total_price, real_total_price from orders
    ) o
    group by u;
  `.execute(db);
}

/** Migration 023 on a database with orders: each user's order figures are counted from them. */
import { sql } from "kysely";
import { describe, expect, test } from "vitest";
import { useMemoryDatabase } from "../../../tests/support/memory-database";
import { migrate } from "../index";
import { scaledSizes, seedLargeWorld } from "../../demo/large-world";
import { findOrderStatsMismatches } from "../../modules/orders/order-stats";
import * as m023 from "./023-order-stats";

const memoryDb = useMemoryDatabase();

describe("023-order-stats", () => {
  test("the backfill counts every user's orders as seller or buyer, and their completed ones at the price paid", async () => {
    const db = memoryDb();
    await migrate(db);
    // A small large world: completed and cancelled orders of many sellers with the demo merchants.
    await seedLargeWorld(db, scaledSizes(0.001));
    const kept = async () => (await sql<Record<string, unknown>>`select * from user_order_stats order by user_id`.execute(db)).rows;
    const bySeeder = await kept();
    expect(await findOrderStatsMismatches(db)).toEqual([]);

    await sql`drop table user_order_stats`.execute(db);
    await m023.up(db);
    expect(await findOrderStatsMismatches(db)).toEqual([]);
    expect(await kept()).toEqual(bySeeder);
    // Not a vacuous match: there are orders of both kinds, and merchants with many.
    const sums = (await sql<{ n: number; done: number; users: number }>`
      select sum(orders_n)::int as n, sum(completed_n)::int as done, count(*)::int as users from user_order_stats`.execute(db)).rows[0]!;
    expect(sums.n).toBe(2 * Number((await sql<{ n: number }>`select count(*)::int as n from orders`.execute(db)).rows[0]!.n));
    expect(sums.done).toBeGreaterThan(0);
    expect(sums.done).toBeLessThan(sums.n);
    expect(sums.users).toBeGreaterThan(10);
  });

  test("a row that says other than the orders is found", async () => {
    const db = memoryDb();
    const [row] = (await sql<{ user_id: number }>`select user_id from user_order_stats order by user_id limit 1`.execute(db)).rows;
    await sql`update user_order_stats set completed_amount = completed_amount + 1 where user_id = ${row!.user_id}`.execute(db);
    const found = await findOrderStatsMismatches(db);
    expect(found.map((m) => m.user_id)).toEqual([Number(row!.user_id)]);
    expect(found[0]!.kept.completedAmount).toBe(found[0]!.counted.completedAmount + 1);
    await sql`update user_order_stats set completed_amount = completed_amount - 1 where user_id = ${row!.user_id}`.execute(db);
  });
});

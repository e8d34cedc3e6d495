/** Migration 023 on a database with orders: each user's order figures are counted from them. */
import { sql } from "kysely";
import { describe, expect, test } from "vitest";
import { useMemoryDatabase } from "../../../tests/support/memory-database";
import { OrderStatus } from "../../../contract/enums";
import { migrate } from "../index";
import { scaledSizes, seedLargeWorld } from "../../demo/large-world";
import { createSecretBox } from "../../security/secret-box";
import { findOrderStatsMismatches, orderStatsOf } from "../../modules/orders/order-stats";
import { orderTotals } from "../../modules/orders/queries";
import { findAdvertFigureMismatches } from "../../modules/orders/advert-figures";
import * as m023 from "./023-order-stats";

const memoryDb = useMemoryDatabase();

describe("023-order-stats", () => {
  test("the backfill gives every user the figures the profile counted from its orders; a row that differs is found", async () => {
    const db = memoryDb();
    await migrate(db);
    // A small large world: completed and cancelled orders of many sellers with the demo merchants.
    await seedLargeWorld(db, scaledSizes(0.001), createSecretBox("unused-key"));
    const kept = async () => (await sql<Record<string, unknown>>`select * from user_order_stats order by user_id`.execute(db)).rows;
    const bySeeder = await kept();
    await sql`drop table user_order_stats`.execute(db);
    await m023.up(db);
    expect(await kept()).toEqual(bySeeder);
    expect(await findOrderStatsMismatches(db)).toEqual([]);
    // Its offers count the orders it wrote for them, as each completion would have (ADR 0062).
    expect(await findAdvertFigureMismatches(db)).toEqual([]);

    // The definitions the profile used before (orderTotals over the orders), for the busiest seller and merchant and one more.
    const busiest = (side: "seller_id" | "buyer_id") =>
      sql<{ id: number }>`select ${sql.ref(side)} as id from orders group by 1 order by count(*) desc limit 1`.execute(db).then((r) => Number(r.rows[0]!.id));
    const someone = Number((await sql<{ id: number }>`select seller_id as id from orders where status = ${OrderStatus.Cancelled} order by id desc limit 1`.execute(db)).rows[0]!.id);
    for (const id of [await busiest("seller_id"), await busiest("buyer_id"), someone]) {
      const all = await orderTotals(db, id, { sum: "calculate_total_price" });
      const done = await orderTotals(db, id, { statuses: [OrderStatus.Completed], sum: "real_total_price" });
      expect(await orderStatsOf(db, id), `user ${id}`).toEqual({ ordersN: all.n, ordersAmount: all.amount, completedN: done.n, completedAmount: done.amount });
      // The busiest have completed orders; a user with a cancelled order has fewer completed ones than orders.
      if (id === someone) expect(all.n).toBeGreaterThan(done.n);
      else expect(done.n).toBeGreaterThan(0);
    }

    const first = Number((bySeeder[0] as { user_id: number }).user_id);
    await sql`update user_order_stats set completed_amount = completed_amount + 1 where user_id = ${first}`.execute(db);
    const found = await findOrderStatsMismatches(db);
    expect(found.map((m) => m.user_id)).toEqual([first]);
    expect(found[0]!.kept.completedAmount).toBe(found[0]!.counted.completedAmount + 1);
  });
});

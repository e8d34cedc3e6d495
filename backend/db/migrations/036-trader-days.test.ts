/** Migration 036 on a database with orders: the backfill writes the trader days the moves would have kept. */
import { sql } from "kysely";
import { describe, expect, test } from "vitest";
import { useMemoryDatabase } from "../../../tests/support/memory-database";
import { migrate } from "../index";
import { scaledSizes, seedLargeWorld } from "../../demo/large-world";
import { createSecretBox } from "../../security/secret-box";
import { findTraderDayMismatches } from "../../modules/trader-figures/days";
import * as m036 from "./036-trader-days";

const memoryDb = useMemoryDatabase();

describe("036-trader-days", () => {
  test("the backfill gives every merchant the days its orders make; a row that differs is found", async () => {
    const db = memoryDb();
    await migrate(db);
    await seedLargeWorld(db, scaledSizes(0.001), createSecretBox("unused-key"));
    const kept = async () => (await sql<Record<string, unknown>>`select * from trader_days order by user_id, side, day`.execute(db)).rows;
    const bySeeder = await kept();
    expect(bySeeder.length).toBeGreaterThan(0);
    await sql`drop table trader_days`.execute(db);
    await m036.up(db);
    expect(await kept()).toEqual(bySeeder);
    expect(await findTraderDayMismatches(db)).toEqual([]);

    const first = bySeeder[0] as { user_id: number; side: number; day: number };
    await sql`update trader_days set completed_n = completed_n + 1 where user_id = ${first.user_id} and side = ${first.side} and day = ${first.day}`.execute(db);
    expect(await findTraderDayMismatches(db)).toEqual([{ user_id: Number(first.user_id), side: Number(first.side), day: Number(first.day) }]);
  });
});

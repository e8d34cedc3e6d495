/** Migration 015 on a database where points were credited before wealth records existed (redemption codes, 012). */
import { sql } from "kysely";
import { describe, expect, test } from "vitest";
import { migratedUpTo, useMemoryDatabase } from "../../../tests/support/memory-database";
import { findWealthMismatches } from "../../modules/wallet/ledger";

const memoryDb = useMemoryDatabase();

describe("015-membership", () => {
  test("gives every earlier change of points its record, so the points books hold from the start", async () => {
    const db = memoryDb();
    const steps = await migratedUpTo(db, "014-relationships");
    const user = await sql<{ id: number }>`insert into users (email, nickname, password_hash, invite_code) values ('pts@test.example', 'Pts', 'x', 'PTSPTS') returning id`.execute(db);
    const uid = user.rows[0].id;
    await sql`insert into accounts (user_id, wealth_amount) values (${uid}, 500000)`.execute(db);
    await sql`insert into ledger_entries (user_id, part, delta, balance_after, reason, ref_type, ref_id) values
      (${uid}, 'wealth', 700000, 700000, 'redemption code', 'redemption_code', 1),
      (${uid}, 'wealth', -200000, 500000, 'correction', null, null)`.execute(db);

    await steps.latest();
    const records = await sql<{ type: number; description_en: string; amount: string }>`select type, description_en, amount from wealth_records where user_id = ${uid} order by id`.execute(db);
    expect(records.rows.map((r) => [r.type, r.description_en, Number(r.amount)])).toEqual([
      [1, "Redemption code", 700000],
      [3, "Points", -200000],
    ]);
    expect(await findWealthMismatches(db)).toEqual([]);
  });
});

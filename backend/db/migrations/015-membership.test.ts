/** Migration 015 on a database where points were credited before wealth records existed (redemption codes, 012). */
import { Migrator, sql } from "kysely";
import { describe, expect, test } from "vitest";
import { useMemoryDatabase } from "../../../tests/support/memory-database";
import { findWealthMismatches } from "../../modules/wallet/ledger";
import { migrations } from "./index";

const memoryDb = useMemoryDatabase();

describe("015-membership", () => {
  test("gives every earlier change of points its record, so the points books hold from the start", async () => {
    const db = memoryDb();
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo("014-relationships")).error).toBeUndefined();
    const user = await sql<{ id: number }>`insert into users (email, nickname, password_hash, invite_code) values ('pts@test.example', 'Pts', 'x', 'PTSPTS') returning id`.execute(db);
    const uid = user.rows[0].id;
    await sql`insert into accounts (user_id, wealth_amount) values (${uid}, 500000)`.execute(db);
    await sql`insert into ledger_entries (user_id, part, delta, balance_after, reason, ref_type, ref_id) values
      (${uid}, 'wealth', 700000, 700000, 'redemption code', 'redemption_code', 1),
      (${uid}, 'wealth', -200000, 500000, 'correction', null, null)`.execute(db);

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const records = await sql<{ type: number; description_en: string; amount: string }>`select type, description_en, amount from wealth_records where user_id = ${uid} order by id`.execute(db);
    expect(records.rows.map((r) => [r.type, r.description_en, Number(r.amount)])).toEqual([
      [1, "Redemption code", 700000],
      [3, "Points", -200000],
    ]);
    expect(await findWealthMismatches(db)).toEqual([]);
  });
});

/** Migration 026 on a database with bills: a merchant's card bought becomes a Purchase bill, every other bill stays as it was. */
import { sql } from "kysely";
import { describe, expect, test } from "vitest";
import { migratedUpTo, useMemoryDatabase } from "../../../tests/support/memory-database";

const memoryDb = useMemoryDatabase();

describe("026-purchase-bills", () => {
  test("re-types an order's negative Income bill as Purchase (5); sales, other negative bills and amounts stay; type 5 is allowed from then on", async () => {
    const db = memoryDb();
    const steps = await migratedUpTo(db, "024-completed-pairs");
    const user = async (n: string) =>
      (await sql<{ id: number }>`insert into users (email, nickname, password_hash, invite_code) values (${`${n}@test.example`}, ${n}, 'x', ${n.toUpperCase()}) returning id`.execute(db)).rows[0]!.id;
    const [merchant, seller] = [await user("buyer26"), await user("seller26")];
    const bill = async (userId: number, type: number, amount: number, refType: string | null, description: string) =>
      (
        await sql<{ id: number }>`insert into bills (user_id, type, description_en, trans_amount, current_amount, ref_type, ref_id)
          values (${userId}, ${type}, ${description}, ${amount}, 0, ${refType}, ${refType ? 7 : null}) returning id`.execute(db)
      ).rows[0]!.id;
    await bill(merchant, 1, -8_600, "order", "Bought Apple Gift Card 100 USD");
    await bill(seller, 1, 8_600, "order", "Sold Apple Gift Card 100 USD");
    await bill(seller, 2, -1_000, "withdrawal", "Withdrawal");
    await bill(merchant, 1, 500, "redemption_code", "Redemption code");
    await expect(bill(merchant, 5, -1, "order", "too early")).rejects.toThrow();

    await steps.latest();
    const rows = await sql<{ user_id: number; type: number; trans_amount: string; description_en: string }>`
      select user_id, type, trans_amount, description_en from bills order by id
    `.execute(db);
    expect(rows.rows.map((r) => [r.user_id, r.type, Number(r.trans_amount), r.description_en])).toEqual([
      [merchant, 5, -8_600, "Bought Apple Gift Card 100 USD"],
      [seller, 1, 8_600, "Sold Apple Gift Card 100 USD"],
      [seller, 2, -1_000, "Withdrawal"],
      [merchant, 1, 500, "Redemption code"],
    ]);
    await bill(merchant, 5, -100, "order", "Bought after");
    await expect(bill(merchant, 6, -1, "order", "unknown type")).rejects.toThrow();
  });
});

/** Migration 009 on a database that already holds duplicate bank accounts (saved before the rule). */
import { sql } from "kysely";
import { describe, expect, test } from "vitest";
import { migratedUpTo, useMemoryDatabase } from "../../../tests/support/memory-database";

const memoryDb = useMemoryDatabase();

describe("009-bank-account-unique", () => {
  test("keeps the oldest of each duplicate, soft-deletes the rest, then refuses a new duplicate", async () => {
    const db = memoryDb();
    const steps = await migratedUpTo(db, "008-card-codes");
    const user = await sql<{ id: number }>`insert into users (email, nickname, password_hash, invite_code) values ('dup@test.example', 'Dup', 'x', 'DUPDUP') returning id`.execute(db);
    const uid = user.rows[0].id;
    const bank = (await sql<{ id: number }>`select id from payment_types order by id limit 1`.execute(db)).rows[0].id;
    for (const number of ["0123456789", "0123 456 789", "0123-456-789", "9999999999"])
      await sql`insert into user_payments (user_id, payment_id, realname, account_number) values (${uid}, ${bank}, 'Ada', ${number})`.execute(db);

    // Its own step: 030 moves the rule to a keyed hash of the number (030-sealed-personal-data.test.ts).
    await steps.through("009-bank-account-unique");
    const kept = await sql<{ account_number: string }>`select account_number from user_payments where user_id = ${uid} and deleted_at is null order by id`.execute(db);
    expect(kept.rows.map((r) => r.account_number)).toEqual(["0123456789", "9999999999"]);
    await expect(sql`insert into user_payments (user_id, payment_id, realname, account_number) values (${uid}, ${bank}, 'Ada', '0123456789 ')`.execute(db)).rejects.toMatchObject({ code: "23505" });
  });
});

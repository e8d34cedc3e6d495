/** Migration 028 on a database that already holds bank accounts, some of which fail the new check. */
import { sql } from "kysely";
import { describe, expect, test } from "vitest";
import { migratedUpTo, useMemoryDatabase } from "../../../tests/support/memory-database";
import { NGN_BANK_CODES } from "./028-bank-codes";

const memoryDb = useMemoryDatabase();

describe("028-bank-codes", () => {
  test("gives every bank its CBN code, keeps every saved account, and refuses a code of no known form", async () => {
    const db = memoryDb();
    const steps = await migratedUpTo(db, "024-completed-pairs");
    const user = await sql<{ id: number }>`insert into users (email, nickname, password_hash, invite_code) values ('old@test.example', 'Old', 'x', 'OLDOLD') returning id`.execute(db);
    const uid = user.rows[0].id;
    const gtb = (await sql<{ id: number }>`select id from payment_types where name_en = 'GTBank'`.execute(db)).rows[0].id;
    for (const number of ["0123456785", "abc-12", "0123456789"])
      await sql`insert into user_payments (user_id, payment_id, realname, account_number) values (${uid}, ${gtb}, 'Ada', ${number})`.execute(db);

    // Its own step: 030 then seals the accounts (030-sealed-personal-data.test.ts).
    await steps.through("028-bank-codes");
    const banks = await sql<{ name_en: string; code: string; phone_accounts: boolean }>`select name_en, code, phone_accounts from payment_types order by sort`.execute(db);
    expect(Object.fromEntries(banks.rows.map((b) => [b.name_en, b.code]))).toEqual(NGN_BANK_CODES);
    expect(banks.rows.filter((b) => b.phone_accounts).map((b) => b.name_en)).toEqual(["Opay", "PalmPay"]);
    const kept = await sql<{ account_number: string }>`select account_number from user_payments where user_id = ${uid} and deleted_at is null order by id`.execute(db);
    expect(kept.rows.map((r) => r.account_number)).toEqual(["0123456785", "abc-12", "0123456789"]);
    await expect(sql`update payment_types set code = '12' where id = ${gtb}`.execute(db)).rejects.toMatchObject({ code: "23514" });
    await expect(sql`update payment_types set code = '812345' where id = ${gtb}`.execute(db)).rejects.toMatchObject({ code: "23514" });
  });
});

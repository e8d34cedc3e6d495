/** Migration 030 on a database that holds personal data in plain text (ADR 0056). */
import { Migrator, sql } from "kysely";
import { describe, expect, test } from "vitest";
import { migratedUpTo, useMemoryDatabase } from "../../../tests/support/memory-database";
import { legacySeal } from "../../../tests/support/legacy-seal";
import { migrationsWith } from "./index";
import { NEEDS_KEYS } from "./030-sealed-personal-data";
import { accountHashOf } from "../../modules/wallet/payments";
import { countByKey } from "../../security/sealed-columns";
import { createSecretBox } from "../../security/secret-box";

const memoryDb = useMemoryDatabase();
const ROOT = "the-root-before-key-rings";
/** The server's box after the upgrade: key 1 seals, v1 (the old root) opens what was sealed before. */
const box = createSecretBox(ROOT, [
  { id: "1", secret: "key-one-0123456789abc" },
  { id: "v1", secret: ROOT },
]);

/** The longest note an account may have: sealed, it is longer than the column's old limit. */
const ACCOUNT = { paymentNameEn: "GTBank", realname: "Ada Obi", accountNumber: "0123 456-785", remark: "salary ".repeat(14) + "xx" };

describe("030-sealed-personal-data", () => {
  test("seals every personal value already stored, moves the one-account rule to a keyed hash, labels withdrawals; refused without the keys", async () => {
    const db = memoryDb();
    const steps = await migratedUpTo(db, "029-known-devices", box);
    const one = async <T>(q: ReturnType<typeof sql<T>>) => (await q.execute(db)).rows[0]!;
    const user = async (n: string) => (await one(sql<{ id: number }>`insert into users (email, nickname, password_hash, invite_code) values (${`${n}@test.example`}, ${n}, 'x', ${n.toUpperCase()}) returning id`)).id;
    const seller = await user("sealme");
    const merchant = await user("merchx");
    const gtb = (await one(sql<{ id: number }>`select id from payment_types where name_en = 'GTBank'`)).id;
    await sql`insert into currencies (currency, symbol, name_en) values ('USD', '$', 'US Dollar') on conflict do nothing`.execute(db);
    const cardType = (await one(sql<{ id: number }>`insert into card_types (name_en, icon) values ('Test card', '') returning id`)).id;
    const advert = (await one(sql<{ id: number }>`
      insert into adverts (user_id, card_type_id, card_type, min_trade, max_trade, trade_currency, discount, usd_discount, trade_amount)
      values (${merchant}, ${cardType}, 1, 100, 100000, 'USD', 8000, 8000, 100000) returning id`)).id;
    const secret = async (n: number) => (await one(sql<{ id: number }>`insert into advert_secrets (advert_id, sealed_secret, secret_hash) values (${advert}, ${legacySeal(ROOT, `secret-${n}`)}, ${`hash-${n}`}) returning id`)).id;
    const order = async (s: number, remark: string | null, dispute: string | null) =>
      (await one(sql<{ id: number }>`
        insert into orders (seller_id, buyer_id, advert_id, card_type_id, card_type, advert_info, trade_amount, trade_currency, discount, usd_discount,
          calculate_total_price, real_total_price, created_at, seller_remark, arbitration_content, secret_id)
        values (${seller}, ${merchant}, ${advert}, ${cardType}, 1, '{}', 1000, 'USD', 8000, 8000, 800, 800, now(), ${remark}, ${dispute}, ${s})
        returning id`)).id;
    const withRemark = await order(await secret(1), "please be quick", "The card holds 90 USD.");
    const bare = await order(await secret(2), null, null);
    const account = (await one(sql<{ id: number }>`
      insert into user_payments (user_id, payment_id, realname, account_number, remark) values (${seller}, ${gtb}, ${ACCOUNT.realname}, ${ACCOUNT.accountNumber}, ${ACCOUNT.remark}) returning id`)).id;
    await sql`insert into user_payments (user_id, payment_id, realname, account_number, deleted_at) values (${seller}, ${gtb}, 'Old Name', '0698732151', now())`.execute(db);
    const withdrawer = (await one(sql<{ id: number }>`
      insert into withdrawers (user_id, currency, currency_rate, min_trade, max_trade, remain_balance, total_balance) values (${merchant}, 'NGN', 10000, 100, 100000, 100000, 100000) returning id`)).id;
    const snapshot = JSON.stringify({ id: account, ...ACCOUNT });
    const withdrawal = (await one(sql<{ id: number }>`
      insert into withdrawals (user_id, withdrawer_id, amount, currency, currency_rate, currency_amount, user_payment_id, user_payment, user_remark, created_at)
      values (${seller}, ${withdrawer}, 1000, 'NGN', 10000, 1000, ${account}, ${snapshot}, 'pay to this one', now()) returning id`)).id;
    const idNo = legacySeal(ROOT, "A12345678");
    await sql`
      insert into kyc_certs (user_id, status, id_country, id_kind, id_no_sealed, realname, birthday, id_face, id_oppo, social_account, submitted_at)
      values (${seller}, 0, 'Nigeria', 1, ${idNo}, 'Ada Chioma Obi', '1990-05-17', '/blob/cert/a.jpg', '/blob/cert/b.jpg', 'WhatsApp +2348012345678', now())`.execute(db);
    const conv = (await one(sql<{ id: number }>`insert into chat_conversations (key, kind, user_a, user_b) values ('c2c:mig', 'c2c', ${seller}, ${merchant}) returning id`)).id;
    const system = (await one(sql<{ id: number }>`insert into chat_conversations (key, kind, user_a) values ('system:mig', 'system', ${seller}) returning id`)).id;
    const said = (await one(sql<{ id: number }>`insert into chat_messages (conversation_id, sender_id, type, text, created_at) values (${conv}, ${seller}, 'text', 'my card pin is 4455', now()) returning id`)).id;
    const notice = (await one(sql<{ id: number }>`insert into chat_messages (conversation_id, sender_id, type, text, created_at) values (${system}, null, 'text', ${"Order completed\nYou were paid."}, now()) returning id`)).id;

    // Without the keys it cannot seal what is there: refused, and nothing changed.
    const keyless = new Migrator({ db, provider: { getMigrations: async () => migrationsWith() } });
    const failed = await keyless.migrateToLatest();
    expect(String(failed.error)).toContain(NEEDS_KEYS);
    expect((await one(sql<{ account_number: string }>`select account_number from user_payments where id = ${account}`)).account_number).toBe(ACCOUNT.accountNumber);

    await steps.latest();

    const row = async (table: string, id: number) => (await one(sql<Record<string, string | null>>`select * from ${sql.table(table)} where id = ${id}`)) as Record<string, string | null>;
    const opened = (r: Record<string, string | null>, columns: string[]) =>
      Object.fromEntries(columns.map((c) => [c, r[c] === null ? null : (expect(r[c]).toMatch(/^v2\.1\./), box.open(r[c]!))]));

    const p = await row("user_payments", account);
    expect(ACCOUNT.remark).toHaveLength(100);
    expect(opened(p, ["realname", "account_number", "remark"])).toEqual({ realname: "Ada Obi", account_number: "0123 456-785", remark: ACCOUNT.remark });
    expect(p.account_hash).toBe(accountHashOf(box, "0123456785"));
    expect("account_key" in p).toBe(false);
    // The same account again, however spaced, is refused by the index; a deleted one does not count.
    const add = (n: string) =>
      sql`insert into user_payments (user_id, payment_id, realname, account_number, account_hash) values (${seller}, ${gtb}, ${box.seal("Ada Obi")}, ${box.seal(n)}, ${accountHashOf(box, n)})`.execute(db);
    await expect(add("0123456785")).rejects.toMatchObject({ code: "23505" });
    await add("0698732151");

    const w = await row("withdrawals", withdrawal);
    expect(opened(w, ["user_payment", "user_remark"])).toEqual({ user_payment: snapshot, user_remark: "pay to this one" });
    expect(w.account_label).toBe("GTBank ••••6785");

    const o = await row("orders", withRemark);
    expect(opened(o, ["seller_remark", "arbitration_content"])).toEqual({ seller_remark: "please be quick", arbitration_content: "The card holds 90 USD." });
    expect(opened(await row("orders", bare), ["seller_remark", "arbitration_content"])).toEqual({ seller_remark: null, arbitration_content: null });

    const k = (await one(sql<Record<string, string | null>>`select * from kyc_certs where user_id = ${seller}`)) as Record<string, string | null>;
    expect(opened(k, ["id_country", "realname", "birthday", "social_account"])).toEqual({
      id_country: "Nigeria",
      realname: "Ada Chioma Obi",
      birthday: "1990-05-17",
      social_account: "WhatsApp +2348012345678",
    });
    // Sealed before key ids: left under v1 for the server's re-seal (backend/jobs/reseal.ts), and v1 recorded.
    expect(k.id_no_sealed).toBe(idNo);
    expect((await sql<{ id: string }>`select id from data_keys`.execute(db)).rows).toEqual([{ id: "v1" }]);

    const m = await row("chat_messages", said);
    expect(opened(m, ["text"])).toEqual({ text: "my card pin is 4455" });
    // The system's words are the notice's, readable like the notice.
    expect((await row("chat_messages", notice)).text).toBe("Order completed\nYou were paid.");

    // Nothing personal is left in plain text, and nothing under a key the server lacks.
    const counts = await countByKey(db);
    expect(counts.filter((c) => c.key === "(not sealed)")).toEqual([]);
    expect(new Set(counts.map((c) => c.key))).toEqual(new Set(["1", "v1"]));
  });
});

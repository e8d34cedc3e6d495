/**
 * Migration 027 on a database redeemed in before it: the fee-free withdrawal is retired and its
 * points go back through the books; the demo seed's hand-written airtime record gets its
 * redemption (so the monthly limit counts it) and waits for staff; frames and badges get their
 * end date and what they show.
 */
import { sql } from "kysely";
import { describe, expect, test } from "vitest";
import { migratedUpTo, useMemoryDatabase } from "../../../tests/support/memory-database";
import { findLedgerMismatches, findWealthMismatches } from "../../modules/wallet/ledger";

const memoryDb = useMemoryDatabase();
const DAY = 86_400_000;

describe("027-mall-delivery", () => {
  test("retires the fee-free withdrawal with a refund, links the seed's airtime record, dates the badge", async () => {
    const db = memoryDb();
    const steps = await migratedUpTo(db, "024-completed-pairs");
    const item = async (name: string, price: number, delivery: string, value = 0, restrict = 2) =>
      (
        await sql<{ id: number }>`insert into redemption_items (name, pic, wealth_amount, restrict_type, limit_num, show_type, delivery, delivery_value)
          values (${name}, '/demo/x.svg', ${price}, ${restrict}, 2, 1, ${delivery}, ${value}) returning id`.execute(db)
      ).rows[0]!.id;
    const airtime = await item("Airtime top-up ₦500", 500_000, "manual", 0, 1);
    const feeFree = await item("Fee-free withdrawal", 1_000_000, "manual");
    const frame = await item("Gold avatar frame", 3_000_000, "frame", 30);
    const badge = await item("Trusted Trader badge", 2_000_000, "badge", 90);
    const uid = (await sql<{ id: number }>`insert into users (email, mobile, nickname, password_hash, invite_code) values ('mall@test.example', '234-8000000009', 'Mall', 'x', 'MALLMA') returning id`.execute(db)).rows[0]!.id;
    const at = new Date("2026-11-10T12:00:00Z");

    // The books before: +5,000,000 earned, then a fee-free withdrawal and a badge redeemed, then the seed's airtime record.
    let balance = 0;
    const change = async (amount: number, type: number, description: string, ref: { type: string; id: number } | null) => {
      balance += amount;
      await sql`insert into wealth_records (user_id, type, description_en, amount, balance_after, ref_type, ref_id, created_at)
        values (${uid}, ${type}, ${description}, ${amount}, ${balance}, ${ref?.type ?? null}, ${ref?.id ?? null}, ${at})`.execute(db);
      await sql`insert into ledger_entries (user_id, part, delta, balance_after, reason, ref_type, ref_id) values (${uid}, 'wealth', ${amount}, ${balance}, 'test', ${ref?.type ?? null}, ${ref?.id ?? null})`.execute(db);
    };
    const redeem = async (itemId: number) =>
      (await sql<{ id: number }>`insert into wealth_redemptions (user_id, item_id, month, created_at) values (${uid}, ${itemId}, '2026-11', ${at}) returning id`.execute(db)).rows[0]!.id;
    await change(5_000_000, 1, "Welcome bonus", null);
    const feeFreeRedemption = await redeem(feeFree);
    await change(-1_000_000, 3, "Fee-free withdrawal", { type: "wealth_redemption", id: feeFreeRedemption });
    const badgeRedemption = await redeem(badge);
    await change(-2_000_000, 3, "Trusted Trader badge", { type: "wealth_redemption", id: badgeRedemption });
    await change(-500_000, 3, "Airtime top-up ₦500", null);
    await sql`insert into accounts (user_id, wealth_amount) values (${uid}, ${balance})`.execute(db);
    expect(balance).toBe(1_500_000);

    await steps.latest();

    // The fee-free withdrawal: out of the mall, its order Refunded with the reason, the points back with their record and ledger row.
    const retired = (await sql<{ show_type: number; retired_at: Date | null }>`select show_type, retired_at from redemption_items where id = ${feeFree}`.execute(db)).rows[0]!;
    expect(retired.show_type).toBe(0);
    expect(retired.retired_at).not.toBeNull();
    const refunded = (await sql<{ status: number; reason: string }>`select status, reason from mall_fulfilments where redemption_id = ${feeFreeRedemption}`.execute(db)).rows[0]!;
    expect(refunded).toEqual({ status: 2, reason: "Withdrawals carry no fee, so this item is retired. Your points are back." });
    const account = (await sql<{ wealth_amount: string }>`select wealth_amount from accounts where user_id = ${uid}`.execute(db)).rows[0]!;
    expect(Number(account.wealth_amount)).toBe(2_500_000);
    const refund = (await sql<{ type: number; amount: string; ref_type: string; ref_id: string }>`select type, amount, ref_type, ref_id from wealth_records where description_en = 'Refund: Fee-free withdrawal'`.execute(db)).rows;
    expect(refund.map((r) => [r.type, Number(r.amount), r.ref_type, Number(r.ref_id)])).toEqual([[3, 1_000_000, "mall_refund", feeFreeRedemption]]);
    expect(await findWealthMismatches(db)).toEqual([]);
    expect(await findLedgerMismatches(db)).toEqual([]);

    // The seed's airtime record: now a redemption of this month that the limit counts, waiting for staff with the mobile number.
    const linked = (await sql<{ ref_type: string; ref_id: string }>`select ref_type, ref_id from wealth_records where description_en = 'Airtime top-up ₦500'`.execute(db)).rows[0]!;
    expect(linked.ref_type).toBe("wealth_redemption");
    const airtimeRedemption = (
      await sql<{ item_id: number; month: string; delivery: string; price: string }>`select item_id, month, delivery, price from wealth_redemptions where id = ${Number(linked.ref_id)}`.execute(db)
    ).rows[0]!;
    expect({ ...airtimeRedemption, price: Number(airtimeRedemption.price) }).toEqual({ item_id: airtime, month: "2026-11", delivery: "manual", price: 500_000 });
    const waiting = (await sql<{ status: number; mobile: string }>`select status, mobile from mall_fulfilments where redemption_id = ${Number(linked.ref_id)}`.execute(db)).rows[0]!;
    expect(waiting).toEqual({ status: 0, mobile: "234-8000000009" });

    // The badge: worn for its 90 days from the redemption, showing its words; the frame shows gold.
    const worn = (await sql<{ active_until: Date; price: string }>`select active_until, price from wealth_redemptions where id = ${badgeRedemption}`.execute(db)).rows[0]!;
    expect(new Date(worn.active_until).getTime()).toBe(at.getTime() + 90 * DAY);
    expect(Number(worn.price)).toBe(2_000_000);
    const looks = (await sql<{ id: number; look: string }>`select id, look from redemption_items where id in (${frame}, ${badge}) order by id`.execute(db)).rows;
    expect(looks).toEqual([
      { id: frame, look: "gold" },
      { id: badge, look: "Trusted Trader" },
    ]);
  });
});

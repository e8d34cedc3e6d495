/**
 * Withdrawals under concurrency (docs/product/wallet.md), on PGlite and on PostgreSQL (DATABASE_URL):
 * parallel applyWithdraw never overdraws the available balance nor the withdrawer's remaining
 * balance; parallel complete / cancel / process of one withdrawal: exactly one wins.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../contract/fields";
import type { TestBackend } from "../support/backend";
import { expectOk, staff, type Party } from "../support/orders";
import { account, addBank, makeUser, makeWithdrawer, payPicturePath, setAvailable, setUpWalletTests, withdrawalRow, withdrawerRow, type WalletParties } from "../support/wallet";

let t: TestBackend;
let p: WalletParties;

setUpWalletTests((world) => {
  ({ t, p } = world);
});

const LOST = /The withdrawal status has changed|not possible while the withdrawal is/;

async function seller(available: number): Promise<Party & { bank: number }> {
  const u = await makeUser(t);
  await setAvailable(t, u.id, available);
  return { ...u, bank: await addBank(t, u.token) };
}

const countWithdrawals = async (userId: number) =>
  Number((await t.db.selectFrom("withdrawals").select((eb) => eb.fn.countAll<number>().as("n")).where("user_id", "=", userId).executeTakeFirstOrThrow()).n);

describe(`parallel applyWithdraw (${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  it("30 parallel sales that together exceed the available balance: exactly floor(balance / amount) succeed, never negative", async () => {
    const BALANCE = 100_000;
    const AMOUNT = 7_000;
    const u = await seller(BALANCE);
    const wid = await makeWithdrawer(t, { userId: p.withdrawer.id, remainBalance: 10_000_000 });
    const results = await Promise.all(
      Array.from({ length: 30 }, () => t.call("/userWithdraw/applyWithdraw", { withdrawerId: wid, amount: AMOUNT, userPaymentId: u.bank }, { token: u.token })),
    );
    const wins = Math.floor(BALANCE / AMOUNT);
    const ok = results.filter((r) => r.code === 1);
    expect(ok).toHaveLength(wins);
    expect(new Set(ok.map((r) => r.data.id)).size).toBe(wins);
    for (const r of results.filter((r) => r.code !== 1)) expect(r).toEqual({ code: 0, msg: MESSAGES.availableNotEnough });
    expect(await account(t, u.id)).toEqual({ amount: BALANCE - wins * AMOUNT, frozen: wins * AMOUNT });
    expect(await countWithdrawals(u.id)).toBe(wins);
    // The withdrawer's reservation was rolled back for every refused sale.
    expect(Number((await withdrawerRow(t, wid)).remain_balance)).toBe(10_000_000 - wins * AMOUNT);
    const bills = await t.db.selectFrom("bills").selectAll().where("user_id", "=", u.id).where("type", "=", 2).execute();
    expect(bills).toHaveLength(wins);
  });

  it("30 parallel sales that exceed the withdrawer's remaining balance: it is never overdrawn", async () => {
    const REMAIN = 50_000;
    const AMOUNT = 7_000;
    const a = await seller(1_000_000);
    const b = await seller(1_000_000);
    const wid = await makeWithdrawer(t, { userId: p.withdrawer.id, remainBalance: REMAIN });
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => {
        const who = i % 2 === 0 ? a : b;
        return t.call("/userWithdraw/applyWithdraw", { withdrawerId: wid, amount: AMOUNT, userPaymentId: who.bank }, { token: who.token });
      }),
    );
    const wins = Math.floor(REMAIN / AMOUNT);
    expect(results.filter((r) => r.code === 1)).toHaveLength(wins);
    for (const r of results.filter((r) => r.code !== 1)) expect(r).toEqual({ code: 0, msg: MESSAGES.remainNotEnough });
    expect(Number((await withdrawerRow(t, wid)).remain_balance)).toBe(REMAIN - wins * AMOUNT);
    const frozen = (await account(t, a.id)).frozen + (await account(t, b.id)).frozen;
    expect(frozen).toBe(wins * AMOUNT);
  });
});

describe("parallel moves of one withdrawal", () => {
  let u: Party & { bank: number };
  let wid: number;

  beforeAll(async () => {
    u = await seller(0);
    wid = await makeWithdrawer(t, { userId: p.withdrawer.id, remainBalance: 10_000_000 });
  });

  async function open(amount: number, processed: boolean): Promise<number> {
    await setAvailable(t, u.id, (await account(t, u.id)).amount + amount);
    const r = await t.call("/userWithdraw/applyWithdraw", { withdrawerId: wid, amount, userPaymentId: u.bank }, { token: u.token });
    expectOk(r);
    if (processed) expectOk(await staff(t, "/merchant/withdraw/process", { id: r.data.id }, p.withdrawer.token));
    return r.data.id;
  }

  for (let round = 0; round < 3; round++) {
    it(`10 completes and 10 cancels racing on one withdrawal: exactly one wins (round ${round + 1})`, async () => {
      const AMOUNT = 25_000;
      const id = await open(AMOUNT, true);
      const before = await account(t, u.id);
      const remainBefore = Number((await withdrawerRow(t, wid)).remain_balance);
      const pictures = await Promise.all(Array.from({ length: 10 }, () => payPicturePath(t, p.withdrawer.token)));
      const calls = Array.from({ length: 20 }, (_, i) =>
        i % 2 === round % 2
          ? staff(t, "/merchant/withdraw/complete", { id, payPicture: pictures[i >> 1] }, p.withdrawer.token)
          : staff(t, "/merchant/withdraw/cancel", { id, reason: `Cancel ${i}` }, p.withdrawer.token),
      );
      const results = await Promise.all(calls);
      expect(results.filter((r) => r.code === 1)).toHaveLength(1);
      for (const r of results.filter((r) => r.code !== 1)) expect(r.msg).toMatch(LOST);
      const w = await withdrawalRow(t, id);
      expect([2, 3]).toContain(w.status);
      const after = await account(t, u.id);
      const refunds = await t.db.selectFrom("bills").selectAll().where("ref_type", "=", "withdrawal").where("ref_id", "=", id).where("trans_amount", ">", 0).execute();
      const finals = await t.db.selectFrom("withdrawal_changes").selectAll().where("withdrawal_id", "=", id).where("to_status", "in", [2, 3]).execute();
      expect(finals).toHaveLength(1);
      const notices = await t.db.selectFrom("notices").selectAll().where("type", "=", 2).where("ref_id", "=", id).execute();
      expect(notices).toHaveLength(2); // processing + the one final change
      if (w.status === 2) {
        expect(after).toEqual({ amount: before.amount, frozen: before.frozen - AMOUNT });
        expect(refunds).toHaveLength(0);
        expect(pictures).toContain(w.pay_picture);
        expect(Number((await withdrawerRow(t, wid)).remain_balance)).toBe(remainBefore);
      } else {
        expect(after).toEqual({ amount: before.amount + AMOUNT, frozen: before.frozen - AMOUNT });
        expect(refunds).toHaveLength(1);
        expect(w.pay_picture).toBeNull();
        expect(Number((await withdrawerRow(t, wid)).remain_balance)).toBe(remainBefore + AMOUNT);
      }
    });
  }

  it("10 parallel cancels of a waiting withdrawal: the coins return once", async () => {
    const id = await open(10_000, false);
    const before = await account(t, u.id);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => staff(t, "/merchant/withdraw/cancel", { id, reason: `Cancel ${i}` }, p.withdrawer.token)));
    expect(results.filter((r) => r.code === 1)).toHaveLength(1);
    for (const r of results.filter((r) => r.code !== 1)) expect(r.msg).toMatch(LOST);
    expect(await account(t, u.id)).toEqual({ amount: before.amount + 10_000, frozen: before.frozen - 10_000 });
  });

  it("10 parallel process calls: one moves it, the rest are refused", async () => {
    const id = await open(10_000, false);
    const results = await Promise.all(Array.from({ length: 10 }, () => staff(t, "/merchant/withdraw/process", { id }, p.withdrawer.token)));
    expect(results.filter((r) => r.code === 1)).toHaveLength(1);
    for (const r of results.filter((r) => r.code !== 1)) expect(r.msg).toMatch(LOST);
    const changes = await t.db.selectFrom("withdrawal_changes").selectAll().where("withdrawal_id", "=", id).where("to_status", "=", 1).execute();
    expect(changes).toHaveLength(1);
    expectOk(await staff(t, "/merchant/withdraw/cancel", { id, reason: "Test over." }, p.withdrawer.token));
  });

  it("a sale and a cancellation of the same user racing against each other keep the books", async () => {
    const ids = [await open(5_000, false), await open(5_000, true)];
    await setAvailable(t, u.id, 40_000);
    const results = await Promise.all([
      ...ids.map((id) => staff(t, "/merchant/withdraw/cancel", { id, reason: "Race." }, p.withdrawer.token)),
      ...Array.from({ length: 8 }, () => t.call("/userWithdraw/applyWithdraw", { withdrawerId: wid, amount: 10_000, userPaymentId: u.bank }, { token: u.token })),
    ]);
    expect(results.slice(0, 2).every((r) => r.code === 1)).toBe(true);
    const sold = results.slice(2).filter((r) => r.code === 1).length;
    // 40,000 available plus whatever the cancellations returned before each sale locked the account.
    expect(sold).toBeGreaterThanOrEqual(4);
    expect(sold).toBeLessThanOrEqual(5);
    const a = await account(t, u.id);
    expect(a.amount).toBe(50_000 - sold * 10_000);
    expect(a.amount).toBeGreaterThanOrEqual(0);
  });
});

/**
 * A seeded pseudo-random property test of the wallet (docs/product/wallet.md): 300+ random operations over
 * 3 users and 2 withdrawers — credits (a card sold and completed, or a BTC/USDT transfer an
 * administrator confirms), applyWithdraw (often out of bounds on purpose), process, complete and
 * cancel (often on a withdrawal in the wrong status). A simple model predicts every answer and
 * balance; after each step every balance is ≥ 0, the balances equal the model, and the ledger
 * sums to the balances. The seed is printed on failure: rerun with WALLET_PROPERTY_SEED=<seed>.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { OFFLINE_USDT } from "../../backend/adapters/price-feed";
import { coinsForCrypto } from "../../contract/money";
import { checkBooks } from "../../backend/modules/wallet/checks";
import { MESSAGES } from "../../contract/fields";
import { createTestBackend, type Envelope, type TestBackend } from "../support/backend";
import { makeAdvert, placeOrder, staff, type Party } from "../support/orders";
import { account, addBank, makeUser, makeWithdrawer, setAvailable, setUpWalletTests, type WalletParties } from "../support/wallet";

const STEPS = Number(process.env.WALLET_PROPERTY_STEPS ?? 320);
const SEED = Number(process.env.WALLET_PROPERTY_SEED ?? Math.floor(Math.random() * 2 ** 31));

/** mulberry32: a small seeded PRNG. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
  };
}

let t: TestBackend;
let p: WalletParties;

setUpWalletTests((world) => {
  ({ t, p } = world);
});

interface ModelUser extends Party {
  bank: number;
  amount: number;
  frozen: number;
}
interface ModelWithdrawer {
  id: number;
  remain: number;
  min: number;
  max: number;
}
interface ModelWithdrawal {
  id: number;
  user: ModelUser;
  w: ModelWithdrawer;
  amount: number;
  status: 0 | 1 | 2 | 3;
}

const DISCOUNT = 8_000;
const LOST = /not possible while the withdrawal is/;

describe(`wallet property (${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  it(`${STEPS} random credits, sales, processes, completions and cancellations keep every balance ≥ 0 and the ledger equal to the balances`, async () => {
    const r = prng(SEED);
    const users: ModelUser[] = [];
    for (let i = 0; i < 3; i++) {
      const u = await makeUser(t);
      users.push({ ...u, bank: await addBank(t, u.token), amount: 0, frozen: 0 });
    }
    const withdrawers: ModelWithdrawer[] = [
      { id: await makeWithdrawer(t, { userId: p.withdrawer.id, minTrade: 100, maxTrade: 50_000, remainBalance: 2_000_000 }), remain: 2_000_000, min: 100, max: 50_000 },
      { id: await makeWithdrawer(t, { userId: p.withdrawer.id, minTrade: 1_000, maxTrade: 30_000, remainBalance: 60_000 }), remain: 60_000, min: 1_000, max: 30_000 },
    ];
    const withdrawals: ModelWithdrawal[] = [];
    // The merchant buying the cards has plenty of coins; its own balance is not part of the model.
    await setAvailable(t, p.merchant.id, 1_000_000_000);
    const advertId = await makeAdvert(t, { merchantId: p.merchant.id, discount: DISCOUNT, minTrade: 100, maxTrade: 1_000_000, tradeAmount: 1_000_000_000 });

    const counts: Record<string, number> = {};
    const ok = (res: Envelope, what: string) => {
      if (res.code !== 1) throw new Error(`${what}: expected success, got ${res.code} ${res.msg}`);
    };
    const refused = (res: Envelope, msg: string | RegExp, what: string) => {
      if (res.code === 1 || !(typeof msg === "string" ? res.msg === msg : msg.test(res.msg ?? ""))) throw new Error(`${what}: expected refusal ${msg}, got ${res.code} ${res.msg}`);
    };

    const ops = {
      async creditByOrder() {
        const u = r.pick(users);
        const face = r.int(100, 60_000);
        const id = await placeOrder(t, u.token, advertId, face, `CODE-${randomUUID()}`);
        ok(await staff(t, "/merchant/order/view", { id }, p.merchant.token), "view");
        ok(await staff(t, "/merchant/order/complete", { id }, p.merchant.token), "complete order");
        u.amount += Math.floor((face * DISCOUNT) / 10_000);
      },
      async creditByTransfer() {
        const u = r.pick(users);
        const tradeAmount = r.int(106, 400) * 100_000_000 + r.int(0, 99_999_999);
        const res = await t.call("/virtualCoinOrder/addVirtualCoinOrder", { type: 1, fromAddress: "TXprop", transactionId: randomUUID(), tradeAmount }, { token: u.token });
        ok(res, "addVirtualCoinOrder");
        if (r.next() < 0.8) {
          ok(await staff(t, "/admin/virtualCoin/confirm", { id: res.data.id }, p.admin.token), "confirm");
          u.amount += coinsForCrypto(tradeAmount, { price: OFFLINE_USDT, usdRate: 10_000, discount: 9_500 });
        } else ok(await staff(t, "/admin/virtualCoin/reject", { id: res.data.id, reason: "Not found on chain." }, p.admin.token), "reject");
      },
      async apply() {
        const u = r.pick(users);
        const w = r.pick(withdrawers);
        // Mostly plausible amounts, sometimes beyond the limits or the balance.
        const amount = r.next() < 0.15 ? r.int(1, 70_000) : r.int(w.min, Math.max(w.min, Math.min(w.max, u.amount + 5_000)));
        const res = await t.call("/userWithdraw/applyWithdraw", { withdrawerId: w.id, amount, userPaymentId: u.bank }, { token: u.token });
        if (amount < w.min || amount > w.max) return refused(res, MESSAGES.sellCoinsRange(w.min / 100, w.max / 100), "apply out of limits");
        if (amount > w.remain) return refused(res, MESSAGES.remainNotEnough, "apply beyond remain");
        if (amount > u.amount) return refused(res, MESSAGES.availableNotEnough, "apply beyond available");
        ok(res, "apply");
        u.amount -= amount;
        u.frozen += amount;
        w.remain -= amount;
        withdrawals.push({ id: res.data.id, user: u, w, amount, status: 0 });
      },
      async process() {
        const d = pickWithdrawal([0], 0.8);
        if (!d) return;
        const res = await staff(t, "/merchant/withdraw/process", { id: d.id }, p.withdrawer.token);
        if (d.status !== 0) return refused(res, LOST, "process in wrong status");
        ok(res, "process");
        d.status = 1;
      },
      async complete() {
        const d = pickWithdrawal([1], 0.8);
        if (!d) return;
        const payPicture = `/blob/payment/2026/11/${randomUUID()}.jpg`;
        await t.db.insertInto("uploads").values({ path: payPicture, user_id: p.withdrawer.id, kind: "payment", bytes: 1, created_at: t.clock.now() }).execute();
        const res = await staff(t, "/merchant/withdraw/complete", { id: d.id, payPicture }, p.withdrawer.token);
        if (d.status !== 1) return refused(res, LOST, "complete in wrong status");
        ok(res, "complete");
        d.status = 2;
        d.user.frozen -= d.amount;
      },
      async cancel() {
        const d = pickWithdrawal([0, 1], 0.8);
        if (!d) return;
        const res = await staff(t, "/merchant/withdraw/cancel", { id: d.id, reason: "Random cancel." }, p.withdrawer.token);
        if (d.status !== 0 && d.status !== 1) return refused(res, LOST, "cancel in wrong status");
        ok(res, "cancel");
        d.status = 3;
        d.user.frozen -= d.amount;
        d.user.amount += d.amount;
        d.w.remain += d.amount;
      },
    };

    /** Usually a withdrawal in one of `statuses`, sometimes any (to hit refusals). */
    function pickWithdrawal(statuses: number[], share: number): ModelWithdrawal | undefined {
      const fitting = withdrawals.filter((d) => statuses.includes(d.status));
      if (fitting.length > 0 && r.next() < share) return r.pick(fitting);
      return withdrawals.length > 0 ? r.pick(withdrawals) : undefined;
    }

    const weighted: [keyof typeof ops, number][] = [
      ["creditByOrder", 2],
      ["creditByTransfer", 1],
      ["apply", 5],
      ["process", 2],
      ["complete", 2],
      ["cancel", 2],
    ];
    const total = weighted.reduce((s, [, w]) => s + w, 0);

    let step = 0;
    try {
      for (step = 0; step < STEPS; step++) {
        let x = r.next() * total;
        const op = weighted.find(([, w]) => (x -= w) < 0)![0];
        counts[op] = (counts[op] ?? 0) + 1;
        await ops[op]();
        // After every step: the balances are the model's, never negative, and the books hold.
        for (const u of users) {
          const a = await account(t, u.id);
          if (a.amount !== u.amount || a.frozen !== u.frozen)
            throw new Error(`user ${u.id}: balance ${JSON.stringify(a)}, model ${JSON.stringify({ amount: u.amount, frozen: u.frozen })}`);
        }
        const negative = await t.db
          .selectFrom("accounts")
          .select("user_id")
          .where((eb) => eb.or([eb("amount", "<", 0), eb("frozen_amount", "<", 0), eb("bail_amount", "<", 0), eb("wealth_amount", "<", 0)]))
          .execute();
        if (negative.length > 0) throw new Error(`negative balance: ${JSON.stringify(negative)}`);
        for (const w of withdrawers) {
          const row = await t.db.selectFrom("withdrawers").select("remain_balance").where("id", "=", w.id).executeTakeFirstOrThrow();
          if (Number(row.remain_balance) !== w.remain) throw new Error(`withdrawer ${w.id}: remain ${row.remain_balance}, model ${w.remain}`);
        }
        const books = await checkBooks(t.db);
        if (!books.ok) throw new Error(`books do not add up: ${JSON.stringify(books)}`);
      }
    } catch (err) {
      const msg = `wallet property failed at step ${step} (${JSON.stringify(counts)}), seed ${SEED}: rerun with WALLET_PROPERTY_SEED=${SEED}`;
      console.error(msg);
      throw new Error(`${msg}\n${err instanceof Error ? err.message : String(err)}`);
    }
    // The run exercised every kind of step, closed and open withdrawals alike.
    for (const [op] of weighted) expect(counts[op] ?? 0, `${op} (seed ${SEED})`).toBeGreaterThan(0);
    expect(withdrawals.some((d) => d.status === 2), `a completion (seed ${SEED})`).toBe(true);
    expect(withdrawals.some((d) => d.status === 3), `a cancellation (seed ${SEED})`).toBe(true);
  }, 600_000);
});

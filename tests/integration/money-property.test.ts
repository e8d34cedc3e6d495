/**
 * One home for money, proved on the real backend and database (ADR 0050): fast-check draws
 * cards (face typed as a seller types it, discount), coins sold at a withdrawer's rate, and
 * crypto amounts, and for each:
 *   - the figure the web tier's form shows (contract/money.ts through app/services/money/format.ts'
 *     reading of the typed text and the action's `shown`) is what the backend charges;
 *   - no rounding makes or loses a minor unit: across a completed card trade every coin the
 *     seller and her inviter receive is one the merchant and the platform paid (the ledger rows
 *     of the trade sum to zero); a withdrawal takes from the seller exactly the coins sold and
 *     pays the floor of coins × rate; a confirmed transfer credits exactly the coins shown;
 *   - the books balance afterwards (checkBooks: balances, escrow, points, order figures).
 * contract/money.test.ts proves the formulas themselves over thousands of values; this test
 * runs MONEY_PROPERTY_RUNS (default 40) of each kind through the calls.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ADVERT_DISCOUNT_MAX } from "../../contract/advert-rules";
import { coinsForCrypto, coinsForFace, payoutFor, referralShare } from "../../contract/money";
import { REFERRAL_BONUS, REFERRAL_BONUS_TRADE } from "../../contract/constants";
import { VirtualCoinType } from "../../contract/enums";
import { checkBooks } from "../../backend/modules/wallet/checks";
import { PLATFORM_USER_ID } from "../../backend/modules/wallet/platform";
import { minorFromInput } from "../../app/services/money/format";
import { shown } from "../../app/services/forms/quote.server";
import type { TestBackend } from "../support/backend";
import { expectOk, makeAdvert, staff, uniqueCode, userIdOf } from "../support/orders";
import { addBank, makeUser, makeWithdrawer, payPicturePath, setAvailable, setUpWalletTests, type WalletParties } from "../support/wallet";

const RUNS = Number(process.env.MONEY_PROPERTY_RUNS ?? 40);

let t: TestBackend;
let p: WalletParties;
setUpWalletTests((w) => {
  ({ t, p } = w);
});

/** Coins (amount + frozen) each user's ledger rows moved since ledger row `after`. */
async function coinMoves(after: number): Promise<Map<number, number>> {
  const rows = await t.db
    .selectFrom("ledger_entries")
    .select(["user_id", "delta"])
    .where("id", ">", after)
    .where("part", "in", ["amount", "frozen"])
    .execute();
  const by = new Map<number, number>();
  for (const r of rows) by.set(Number(r.user_id), (by.get(Number(r.user_id)) ?? 0) + Number(r.delta));
  return by;
}
const lastLedgerId = async () => Number((await t.db.selectFrom("ledger_entries").select((eb) => eb.fn.max("id").as("m")).executeTakeFirstOrThrow()).m ?? 0);

/** A typed face for a face in hundredths, as a seller may type it: "40", "40.5", "1,234.56". */
const typedFace = (minor: number, grouped: boolean) => {
  const units = Math.trunc(minor / 100);
  const cents = minor % 100;
  const int = grouped ? units.toLocaleString("en-US") : String(units);
  return cents === 0 ? int : `${int}.${String(cents).padStart(2, "0").replace(/0$/, "")}`;
};

describe("a card sold: the form's coins are the coins paid, and no minor unit is made or lost", () => {
  it(`holds for ${RUNS} drawn cards`, async () => {
    const merchant = { id: await userIdOf(t, "merchant1@demo.test"), token: p.merchant.token };
    // A seller invited by someone, so a completion pays an inviter's share from the platform too.
    const inviter = await makeUser(t);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 100, max: 5_000_000 }), // faces from 1.00 to 50,000.00
        fc.integer({ min: 1, max: ADVERT_DISCOUNT_MAX }),
        fc.boolean(),
        async (face, discount, grouped) => {
          const seller = await makeUser(t);
          await t.db.updateTable("users").set({ invited_by: inviter.id }).where("id", "=", seller.id).execute();
          const advert = await makeAdvert(t, { merchantId: merchant.id, discount, minTrade: 100, maxTrade: 5_000_000, tradeAmount: 5_000_000 });
          // The merchant can pay for what it views.
          await setAvailable(t, merchant.id, 1_000_000_000);
          const detail = await t.call("/advert/getAdvertDetail", { id: advert }, { token: seller.token });
          expectOk(detail);

          // The web tier: the face as typed, the coins the form shows, the quote the action sends.
          const typed = typedFace(face, grouped);
          const tradeAmount = minorFromInput(typed)!;
          expect(tradeAmount).toBe(face);
          const form = shown(detail.data.quote, (rate) => coinsForFace(tradeAmount, rate))!;
          expect(form.shown).toBe(coinsForFace(face, discount));

          const before = await lastLedgerId();
          const placed = await t.call("/order/addOrder", { advertId: advert, tradeAmount, cardCode: uniqueCode(), secret: detail.data.secret, quote: form }, { token: seller.token });
          expectOk(placed);
          const id = placed.data.id as number;
          expectOk(await staff(t, "/merchant/order/view", { id }, merchant.token));
          expectOk(await staff(t, "/merchant/order/complete", { id }, merchant.token));

          const o = await t.db.selectFrom("orders").select(["calculate_total_price", "real_total_price"]).where("id", "=", id).executeTakeFirstOrThrow();
          expect(Number(o.calculate_total_price)).toBe(form.shown);
          expect(Number(o.real_total_price)).toBe(form.shown);

          const moves = await coinMoves(before);
          const price = form.shown;
          const bonus = price >= REFERRAL_BONUS_TRADE && !(await t.db.selectFrom("referral_rewards").select("id").where("friend_id", "=", seller.id).where("kind", "=", "bonus").where("order_id", "<>", id).executeTakeFirst()) ? REFERRAL_BONUS : 0;
          const reward = referralShare(price) + bonus;
          expect(moves.get(seller.id) ?? 0).toBe(price);
          expect((moves.get(merchant.id) ?? 0) + price).toBe(0);
          expect(moves.get(inviter.id) ?? 0).toBe(reward);
          expect((moves.get(PLATFORM_USER_ID) ?? 0) + reward).toBe(0);
          expect([...moves.values()].reduce((a, b) => a + b, 0)).toBe(0);
        },
      ),
      { numRuns: RUNS },
    );
    expect(await checkBooks(t.db)).toMatchObject({ ok: true });
  });
});

describe("coins sold to a withdrawer: the payout shown is the payout made", () => {
  it(`holds for ${RUNS} drawn amounts and rates`, async () => {
    const wid = await makeWithdrawer(t, { userId: p.withdrawer.id, minTrade: 1, maxTrade: 100_000_000, remainBalance: 100_000_000 });
    await fc.assert(
      // Up to 10,000 coins: what a seller without identity verification may sell in a day (ADR 0020).
      fc.asyncProperty(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 1, max: 100_000_000 }), async (amount, rate) => {
        const seller = await makeUser(t);
        const bank = await addBank(t, seller.token);
        await t.db.updateTable("withdrawers").set({ currency_rate: rate, remain_balance: 100_000_000 }).where("id", "=", wid).execute();
        await setAvailable(t, seller.id, amount);
        const detail = await t.call("/userWithdraw/getWithdrawerDetail", { id: wid }, { token: seller.token });
        expectOk(detail);
        const form = shown(detail.data.quote, (r) => payoutFor(amount, r))!;
        const before = await lastLedgerId();
        const applied = await t.call("/userWithdraw/applyWithdraw", { withdrawerId: wid, amount, userPaymentId: bank, quote: form }, { token: seller.token });
        expectOk(applied);
        const id = applied.data.id as number;
        expectOk(await staff(t, "/merchant/withdraw/process", { id }, p.withdrawer.token));
        expectOk(await staff(t, "/merchant/withdraw/complete", { id, payPicture: await payPicturePath(t, p.withdrawer.token) }, p.withdrawer.token));
        const w = await t.db.selectFrom("withdrawals").select(["currency_amount", "amount"]).where("id", "=", id).executeTakeFirstOrThrow();
        expect(Number(w.currency_amount)).toBe(form.shown);
        expect(Number(w.currency_amount)).toBe(payoutFor(amount, rate));
        // The coins sold leave the seller, all of them and no more (they are redeemed: ADR 0008).
        expect((await coinMoves(before)).get(seller.id)! + amount).toBe(0);
      }),
      { numRuns: RUNS },
    );
    expect(await checkBooks(t.db)).toMatchObject({ ok: true });
  });
});

describe("a crypto transfer: the coins shown are the coins credited", () => {
  it(`holds for ${RUNS} drawn amounts`, async () => {
    let tx = 0;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(VirtualCoinType.BTC, VirtualCoinType.USDT), fc.integer({ min: 1, max: 1_000_000_000_000 }), async (type, amount) => {
        const prices = await t.call("/virtualCoinOrder/getPrices", {});
        const quote = prices.data.list.find((q: { type: number }) => q.type === type).quote;
        const coins = coinsForCrypto(amount, { price: quote.rate, usdRate: 10_000, discount: 9_500 });
        const form = shown(quote, (price) => coinsForCrypto(amount, { price, usdRate: 10_000, discount: 9_500 }))!;
        const res = await t.call(
          "/virtualCoinOrder/addVirtualCoinOrder",
          { type, fromAddress: "bc1qsender", transactionId: `prop-${Date.now()}-${++tx}`, tradeAmount: amount, quote: form },
          { token: p.seller2.token },
        );
        if (coins < 10_000) {
          expect(res.msg).toBe("The transaction amount is too low.");
          return;
        }
        expectOk(res);
        const before = await lastLedgerId();
        expectOk(await staff(t, "/admin/virtualCoin/confirm", { id: res.data.id }, p.admin.token));
        expect((await coinMoves(before)).get(p.seller2.id)).toBe(coins);
      }),
      { numRuns: RUNS },
    );
    expect(await checkBooks(t.db)).toMatchObject({ ok: true });
  });
});

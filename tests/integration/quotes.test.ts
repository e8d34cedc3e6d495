/**
 * A price shown is a price promised (ADR 0050), on the real backend and database: each sell
 * call made with the quote its form showed is made at exactly that rate, or makes nothing and
 * answers QUOTE_CHANGED (code 8) naming the new price, with a quote that sells at it. The
 * walkthrough's cases: a merchant changes its discount from 7800 to 5000 while a seller has a
 * 40 USD card's form open; a withdrawer changes its rate while a seller sells 10 coins; a BTC
 * price moves. Then quotes that ran out, quotes made up by the client, and 20 parallel sales
 * around a rate change.
 */
import { describe, expect, it } from "vitest";
import { Code } from "../../contract/envelope";
import { coinsForCrypto, coinsForFace, payoutFor } from "../../contract/money";
import { QUOTE_VALID_MS, type Quote } from "../../contract/quote";
import { OFFLINE_USDT, offlineBtcPrice } from "../../backend/adapters/price-feed";
import { VirtualCoinType } from "../../contract/enums";
import type { TestBackend } from "../support/backend";
import { advertRemaining, expectOk, expectRefused, makeAdvert, orderRow, setUpOrderTests, staff, uniqueCode, userIdOf, type Parties } from "../support/orders";
import { DEMO_LOGINS } from "../../backend/demo/world";
import { addBank, makeUser, makeWithdrawer, setAvailable } from "../support/wallet";
import { expectLedgerBalanced } from "../support/ledger";
import { checkBooks } from "../../backend/modules/wallet/checks";

let t: TestBackend;
let p: Parties;
setUpOrderTests((w) => {
  ({ t, p } = w);
});

const FACE = 4_000; // 40 USD

/** What the sell-card page gets: the secret and the quote. */
async function openOffer(token: string, advertId: number): Promise<{ secret: string; quote: Quote }> {
  const res = await t.call("/advert/getAdvertDetail", { id: advertId }, { token });
  expectOk(res);
  return { secret: res.data.secret, quote: res.data.quote };
}

const sell = (token: string, advertId: number, secret: string, quote: Quote | undefined, shown?: number, face = FACE) =>
  t.call(
    "/order/addOrder",
    { advertId, tradeAmount: face, cardCode: uniqueCode(), secret, ...(quote ? { quote: { ...quote, shown: shown ?? coinsForFace(face, quote.rate) } } : {}) },
    { token },
  );

/**
 * The merchant changes its offer's discount on its desk: the whole offer is saved with the amount
 * left the form showed, as the desk does; a save refused because sales moved that amount (code 7)
 * is made again from a fresh form, as the merchant would.
 */
async function changeDiscount(advertId: number, discount: number, merchant = p.merchant): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const res = await saveDiscount(advertId, discount, merchant);
    if (res.code === 1) return;
    expect(res.code).toBe(Code.CONFLICT);
  }
  throw new Error("the offer was never saved");
}

async function saveDiscount(advertId: number, discount: number, merchant: Parties["merchant"]) {
  const d = await staff(t, "/merchant/advert/detail", { id: advertId }, merchant.token);
  expectOk(d);
  const a = d.data;
  return staff(
    t,
    "/merchant/advert/update",
    {
      id: advertId,
      cardTypeId: a.cardtypeid,
      cardType: a.cardType,
      tradeCurrency: a.tradeCurrency,
      discount,
      minTrade: a.minTrade,
      maxTrade: a.maxTrade,
      fixTrade: a.fixTrade,
      payLimit: a.payLimit,
      tagListEn: a.tagListEn,
      explainInfo: a.explainInfo,
      tradeAmount: a.tradeAmount,
      codesPerOrder: a.codesPerOrder,
      seenTradeAmount: a.tradeAmount,
    },
    merchant.token,
  );
}

async function ordersOfSeller(userId: number, advertId: number) {
  return t.db.selectFrom("orders").select(["id", "discount", "calculate_total_price"]).where("seller_id", "=", userId).where("advert_id", "=", advertId).execute();
}

describe("selling a card at the price the form showed", () => {
  it("is made at the quoted discount", async () => {
    const advert = await makeAdvert(t, { merchantId: p.merchant.id, discount: 7_800 });
    const { secret, quote } = await openOffer(p.seller.token, advert);
    expect(quote.rate).toBe(7_800);
    const res = await sell(p.seller.token, advert, secret, quote);
    expectOk(res);
    const o = await orderRow(t, res.data.id);
    expect([Number(o.discount), Number(o.calculate_total_price)]).toEqual([7_800, 3_120]);
  });

  it("the merchant changed its discount (7800 → 5000): nothing is sold, the seller is told the new price and can sell at it", async () => {
    const advert = await makeAdvert(t, { merchantId: p.merchant.id, discount: 7_800, tradeAmount: 1_000_000 });
    const { secret, quote } = await openOffer(p.seller.token, advert);
    await changeDiscount(advert, 5_000);

    const refused = await sell(p.seller.token, advert, secret, quote);
    expectRefused(refused, "The rate changed: 40 USD now pays 20.00 Coins. Sell at the new rate?", Code.QUOTE_CHANGED);
    expect(refused.data).toMatchObject({ quote: { rate: 5_000 }, shown: 2_000, why: "changed" });
    expect(await ordersOfSeller(p.seller.id, advert)).toEqual([]);
    expect(await advertRemaining(t, advert)).toBe(1_000_000); // nothing reserved

    // "Sell at the new rate": the same form (secret) with the quote the refusal carried.
    const accepted = await sell(p.seller.token, advert, secret, refused.data.quote);
    expectOk(accepted);
    const o = await orderRow(t, accepted.data.id);
    expect([Number(o.discount), Number(o.calculate_total_price)]).toEqual([5_000, 2_000]);
  });

  it("a quote that ran out is asked again even at the same rate", async () => {
    const advert = await makeAdvert(t, { merchantId: p.merchant.id, discount: 7_800 });
    const { secret, quote } = await openOffer(p.seller.token, advert);
    t.clock.advance(QUOTE_VALID_MS.card + 1_000);
    const refused = await sell(p.seller.token, advert, secret, quote);
    expectRefused(refused, "The price you saw has expired: 40 USD pays 31.20 Coins now. Sell at this price?", Code.QUOTE_CHANGED);
    expect(refused.data).toMatchObject({ quote: { rate: 7_800 }, shown: 3_120, why: "expired" });
    expect(refused.data.quote.at).toBe(t.clock.now().getTime());
    expectOk(await sell(p.seller.token, advert, secret, refused.data.quote));
  });

  it("a quote the backend did not issue, or an amount its rate does not give, sells nothing", async () => {
    const advert = await makeAdvert(t, { merchantId: p.merchant.id, discount: 7_800 });
    const { secret, quote } = await openOffer(p.seller.token, advert);
    // A better rate written into the quote: not signed for it.
    const forged = await sell(p.seller.token, advert, secret, { ...quote, rate: 9_000 });
    expectRefused(forged, /^The price you saw has expired/, Code.QUOTE_CHANGED);
    expect(forged.data.quote.rate).toBe(7_800);
    // Another offer's quote.
    const other = await makeAdvert(t, { merchantId: p.merchant.id, discount: 7_800 });
    expectRefused(await sell(p.seller.token, advert, secret, (await openOffer(p.seller.token, other)).quote), undefined, Code.QUOTE_CHANGED);
    // The right quote with coins it does not give.
    const wrongShown = await sell(p.seller.token, advert, secret, quote, 3_121);
    expectRefused(wrongShown, "The rate changed: 40 USD now pays 31.20 Coins. Sell at the new rate?", Code.QUOTE_CHANGED);
    expect(await ordersOfSeller(p.seller.id, advert)).toEqual([]);
  });

  it("the same form sent twice answers its one order, even after the rate moved", async () => {
    const advert = await makeAdvert(t, { merchantId: p.merchant.id, discount: 7_800 });
    const { secret, quote } = await openOffer(p.seller.token, advert);
    const body = { advertId: advert, tradeAmount: FACE, cardCode: uniqueCode(), secret, quote: { ...quote, shown: 3_120 } };
    const first = await t.call("/order/addOrder", body, { token: p.seller.token });
    expectOk(first);
    await changeDiscount(advert, 5_000);
    const again = await t.call("/order/addOrder", body, { token: p.seller.token });
    expectOk(again);
    expect(again.data.id).toBe(first.data.id);
    expect(Number((await orderRow(t, first.data.id)).calculate_total_price)).toBe(3_120);
  });

  it("a call without a quote (the original request shape) is made at the rate it reserves at", async () => {
    const advert = await makeAdvert(t, { merchantId: p.merchant.id, discount: 7_800 });
    const { secret } = await openOffer(p.seller.token, advert);
    await changeDiscount(advert, 6_000);
    const res = await sell(p.seller.token, advert, secret, undefined);
    expectOk(res);
    expect(Number((await orderRow(t, res.data.id)).calculate_total_price)).toBe(2_400);
  });

  it("20 parallel sales around a rate change: every order is at a price its seller was quoted", async () => {
    const advert = await makeAdvert(t, { merchantId: p.merchant.id, discount: 7_800, tradeAmount: 100_000_000 });
    const sellers = await Promise.all(Array.from({ length: 20 }, () => makeUser(t)));
    const forms = await Promise.all(sellers.map(async (s) => ({ s, ...(await openOffer(s.token, advert)) })));
    const [answers] = await Promise.all([
      Promise.all(forms.map((f) => sell(f.s.token, advert, f.secret, f.quote))),
      changeDiscount(advert, 5_000),
    ]);
    // Every answer is an order at 7800 (reserved before the change) or a question naming 5000.
    for (const a of answers) {
      if (a.code === 1) continue;
      expectRefused(a, "The rate changed: 40 USD now pays 20.00 Coins. Sell at the new rate?", Code.QUOTE_CHANGED);
    }
    // The asked sellers accept the new price.
    const second = await Promise.all(
      answers.map((a, i) => (a.code === 1 ? a : sell(forms[i]!.s.token, advert, forms[i]!.secret, a.data.quote))),
    );
    for (const [i, a] of second.entries()) {
      expectOk(a);
      const quoted = answers[i]!.code === 1 ? 7_800 : 5_000;
      const o = await orderRow(t, a.data.id);
      expect([Number(o.discount), Number(o.calculate_total_price)]).toEqual([quoted, coinsForFace(FACE, quoted)]);
    }
    expect(new Set(second.map((a) => a.data.id)).size).toBe(20);
    expect(await advertRemaining(t, advert)).toBe(100_000_000 - 20 * FACE);
  });
});

describe("the merchant's offer form", () => {
  it("a save never undoes a sale made while the merchant edited (the amount left it showed is compared)", async () => {
    const advert = await makeAdvert(t, { merchantId: p.merchant.id, discount: 7_800, tradeAmount: 1_000_000 });
    const shownLeft = (await staff(t, "/merchant/advert/detail", { id: advert }, p.merchant.token)).data.tradeAmount;
    const { secret, quote } = await openOffer(p.seller.token, advert);
    expectOk(await sell(p.seller.token, advert, secret, quote)); // 40 USD reserved meanwhile
    const d = (await staff(t, "/merchant/advert/detail", { id: advert }, p.merchant.token)).data;
    const save = (seenTradeAmount: number) =>
      staff(
        t,
        "/merchant/advert/update",
        { id: advert, cardTypeId: d.cardtypeid, cardType: d.cardType, tradeCurrency: d.tradeCurrency, discount: 5_000, minTrade: d.minTrade, maxTrade: d.maxTrade, fixTrade: d.fixTrade, payLimit: d.payLimit, tagListEn: d.tagListEn, explainInfo: d.explainInfo, tradeAmount: shownLeft, codesPerOrder: d.codesPerOrder, seenTradeAmount },
        p.merchant.token,
      );
    expectRefused(await save(shownLeft), "Orders were placed while you edited: the face amount left is now 9960 USD. Check it and save again.", Code.CONFLICT);
    expect(await advertRemaining(t, advert)).toBe(1_000_000 - FACE);
    expectOk(await save(1_000_000 - FACE));
  });
});

// ------------------------------------------------------------------ coins to a withdrawer

/** The withdrawer changes its rate on its desk; a sale that moved its remaining coins meanwhile makes it load the settings again. */
async function changeRate(withdrawer: { token: string }, id: number, currencyRate: number): Promise<void> {
  const s = await staff(t, "/merchant/withdrawer/getSettings", { id }, withdrawer.token);
  expectOk(s);
  const w = s.data.withdrawer;
  const res = await staff(
      t,
      "/merchant/withdrawer/updateSettings",
      {
        id,
        seenRemainBalance: w.remainBalance,
        status: w.status,
        currencyRate,
        minTrade: w.minTrade,
        maxTrade: w.maxTrade,
        remainBalance: w.remainBalance,
        tags: w.tags,
        description: w.description,
      },
      withdrawer.token,
  );
  if (res.code === Code.CONFLICT) return changeRate(withdrawer, id, currencyRate);
  expectOk(res);
}

describe("selling coins at the payout the form showed", () => {
  const COINS = 1_000; // 10 coins

  /** An offer of the demo withdrawer's own (it holds the deposit a withdrawer needs to accept sales). */
  async function world(rate = 5_365_000) {
    const wUser = { id: await userIdOf(t, DEMO_LOGINS.withdrawers[0]!), token: await t.login(DEMO_LOGINS.withdrawers[0]!) };
    const wid = await makeWithdrawer(t, { userId: wUser.id, currencyRate: rate, remainBalance: 100_000 });
    const seller = await makeUser(t, { tradePassword: "123456" });
    await setAvailable(t, seller.id, 100_000);
    const bank = await addBank(t, seller.token);
    return { wUser, wid, seller, bank };
  }
  const detail = async (token: string, id: number) => {
    const res = await t.call("/userWithdraw/getWithdrawerDetail", { id }, { token });
    expectOk(res);
    return res.data.quote as Quote;
  };
  const apply = (token: string, wid: number, bank: number, quote: Quote | undefined, tradePwd = "123456") =>
    t.call("/userWithdraw/applyWithdraw", { withdrawerId: wid, amount: COINS, userPaymentId: bank, tradePwd, ...(quote ? { quote: { ...quote, shown: payoutFor(COINS, quote.rate) } } : {}) }, { token });

  it("the withdrawer changed its rate: nothing is sold, no trade password attempt is spent, the new payout is named and can be accepted", async () => {
    const w = await world();
    const quote = await detail(w.seller.token, w.wid);
    expect(payoutFor(COINS, quote.rate)).toBe(536_500); // the form showed 5,365 NGN
    await changeRate(w.wUser, w.wid, 4_000_000);

    const refused = await apply(w.seller.token, w.wid, w.bank, quote, "999999"); // even a wrong password is not tried
    expectRefused(refused, "The rate changed: 10 Coins now pay 4,000 NGN. Sell at the new rate?", Code.QUOTE_CHANGED);
    expect(refused.data).toMatchObject({ quote: { rate: 4_000_000 }, shown: 400_000, why: "changed" });
    const user = await t.db.selectFrom("users").select("trade_pwd_failures").where("id", "=", w.seller.id).executeTakeFirstOrThrow();
    expect(user.trade_pwd_failures).toBe(0);
    expect(await t.db.selectFrom("withdrawals").select("id").where("user_id", "=", w.seller.id).execute()).toEqual([]);

    const accepted = await apply(w.seller.token, w.wid, w.bank, refused.data.quote);
    expectOk(accepted);
    const row = await t.db.selectFrom("withdrawals").selectAll().where("id", "=", accepted.data.id).executeTakeFirstOrThrow();
    expect([Number(row.currency_rate), Number(row.currency_amount)]).toEqual([4_000_000, 400_000]);
  });

  it("a quote that ran out, or was made up, is asked again", async () => {
    const w = await world();
    const quote = await detail(w.seller.token, w.wid);
    expectRefused(await apply(w.seller.token, w.wid, w.bank, { ...quote, rate: 9_000_000 }), /^The rate you saw has expired/, Code.QUOTE_CHANGED);
    t.clock.advance(QUOTE_VALID_MS.coins + 1);
    const late = await apply(w.seller.token, w.wid, w.bank, quote);
    expectRefused(late, "The rate you saw has expired: 10 Coins pay 5,365 NGN now. Sell at this rate?", Code.QUOTE_CHANGED);
    expectOk(await apply(w.seller.token, w.wid, w.bank, late.data.quote));
  });

  it("20 parallel sales around a rate change: every withdrawal pays the rate its seller was quoted", async () => {
    const w = await world();
    const sellers = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const s = await makeUser(t);
        await setAvailable(t, s.id, 10_000);
        return { s, bank: await addBank(t, s.token), quote: await detail(s.token, w.wid) };
      }),
    );
    const [answers] = await Promise.all([Promise.all(sellers.map((x) => apply(x.s.token, w.wid, x.bank, x.quote, ""))), changeRate(w.wUser, w.wid, 4_000_000)]);
    const second = await Promise.all(answers.map((a, i) => (a.code === 1 ? a : apply(sellers[i]!.s.token, w.wid, sellers[i]!.bank, a.data.quote, ""))));
    for (const [i, a] of second.entries()) {
      expectOk(a);
      const rate = answers[i]!.code === 1 ? 5_365_000 : 4_000_000;
      const row = await t.db.selectFrom("withdrawals").selectAll().where("id", "=", a.data.id).executeTakeFirstOrThrow();
      expect([Number(row.currency_rate), Number(row.currency_amount)]).toEqual([rate, payoutFor(COINS, rate)]);
    }
    await expectLedgerBalanced(t.db);
  });
});

// ------------------------------------------------------------------ BTC and USDT

describe("reporting a crypto transfer at the price the form showed", () => {
  const quoteOf = async (type: VirtualCoinType): Promise<Quote> => {
    const res = await t.call("/virtualCoinOrder/getPrices", {});
    expectOk(res);
    return res.data.list.find((q: { type: number }) => q.type === type).quote;
  };
  let tx = 0;
  const report = (token: string, type: VirtualCoinType, amount: number, quote: Quote | undefined, shown?: number) =>
    t.call(
      "/virtualCoinOrder/addVirtualCoinOrder",
      {
        type,
        fromAddress: "bc1qsender",
        transactionId: `tx-quote-${++tx}-${Date.now()}`,
        tradeAmount: amount,
        ...(quote ? { quote: { ...quote, shown: shown ?? coinsForCrypto(amount, { price: quote.rate, usdRate: 10_000, discount: 9_500 }) } } : {}),
      },
      { token },
    );
  const coinsOf = async (id: number) => t.db.selectFrom("virtual_coin_orders").select(["price", "coins"]).where("id", "=", id).executeTakeFirstOrThrow();

  it("the price it showed stands for its quote's life even as the feed moves", async () => {
    const quote = await quoteOf(VirtualCoinType.BTC);
    t.clock.advance(QUOTE_VALID_MS.crypto - 5_000);
    expect(offlineBtcPrice(t.clock.now().getTime())).not.toBe(quote.rate); // the feed has moved
    const res = await report(p.seller.token, VirtualCoinType.BTC, 1_000_000, quote);
    expectOk(res);
    const row = await coinsOf(res.data.id);
    expect([Number(row.price), Number(row.coins)]).toEqual([quote.rate, coinsForCrypto(1_000_000, { price: quote.rate, usdRate: 10_000, discount: 9_500 })]);
  });

  it("after its life the seller is asked again at the price now", async () => {
    const quote = await quoteOf(VirtualCoinType.BTC);
    t.clock.advance(QUOTE_VALID_MS.crypto + 5_000);
    const now = offlineBtcPrice(t.clock.now().getTime());
    const refused = await report(p.seller.token, VirtualCoinType.BTC, 1_000_000, quote);
    const coins = coinsForCrypto(1_000_000, { price: now, usdRate: 10_000, discount: 9_500 });
    expectRefused(refused, new RegExp(`^The price you saw has expired: 0.01 BTC pays [\\d,]+\\.\\d\\d Coins now\\. Report at this price\\?$`), Code.QUOTE_CHANGED);
    expect(refused.data).toMatchObject({ quote: { rate: now }, shown: coins, why: "expired" });
    expectOk(await report(p.seller.token, VirtualCoinType.BTC, 1_000_000, refused.data.quote));
  });

  it("a price written into the quote, or a change of the platform's terms, voids it", async () => {
    const quote = await quoteOf(VirtualCoinType.USDT);
    expect(quote.rate).toBe(OFFLINE_USDT);
    expectRefused(await report(p.seller.token, VirtualCoinType.USDT, 20_000_000_000, { ...quote, rate: 200 }), /^The price you saw has expired/, Code.QUOTE_CHANGED);
    await t.db.updateTable("config").set({ cvalue: "9000" }).where("grp", "=", "btc").where("ckey", "=", "discount").execute();
    try {
      const refused = await report(p.seller.token, VirtualCoinType.USDT, 20_000_000_000, quote);
      expectRefused(refused, "The price you saw has expired: 200 USDT pays 180.00 Coins now. Report at this price?", Code.QUOTE_CHANGED);
      expect(refused.data.shown).toBe(18_000);
    } finally {
      await t.db.updateTable("config").set({ cvalue: "9500" }).where("grp", "=", "btc").where("ckey", "=", "discount").execute();
    }
  });
});

describe("after the races", () => {
  it("the books balance as npm run ledger:check reads them (balances, escrow, points, order figures)", async () => {
    expect(await checkBooks(t.db)).toMatchObject({ ok: true, ledger: [], frozen: [], wealth: [], orderStats: [] });
  });
});

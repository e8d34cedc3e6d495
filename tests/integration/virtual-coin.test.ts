/**
 * BTC/USDT transfer orders (docs/product/transfers.md): prices, the minimum, required fields, one order per
 * transaction id, and the administrator's confirm (credited exactly once) and reject.
 * The default offline price feed makes every figure deterministic under the TestClock.
 */
import { describe, expect, it } from "vitest";
import { MIN_VIRTUAL_COIN_ORDER } from "../../contract/constants";
import { MESSAGES } from "../../contract/fields";
import { OFFLINE_USDT, offlineBtcPrice } from "../../backend/adapters/price-feed";
import { TRANSACTION_USED } from "../../backend/modules/virtual-coin/actions";
import { coinsForCrypto } from "../../contract/money";
import type { TestBackend } from "../support/backend";
import { expectOk, expectRefused, staff } from "../support/orders";
import { account, makeUser, setUpWalletTests, type WalletParties } from "../support/wallet";

let t: TestBackend;
let p: WalletParties;

setUpWalletTests((world) => {
  ({ t, p } = world);
});

/** Demo btc config: 1 coin per USD, 95% paid. */
const USD_RATE = 10_000;
const DISCOUNT = 9_500;
let txSeq = 0;
const tx = () => `${(++txSeq).toString(16).padStart(8, "0")}${"ab".repeat(28)}`;
const orderRow = (id: number) => t.db.selectFrom("virtual_coin_orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe("virtualCoinOrder/getPrices", () => {
  it("answers BTC and USDT from the offline feed, labelled indicative, without a session", async () => {
    const res = await t.call("/virtualCoinOrder/getPrices");
    expectOk(res);
    const now = t.clock.t;
    expect(res.data.list).toEqual([
      { type: 0, symbol: "BTC", price: offlineBtcPrice(now), indicative: true, updatedAt: Math.floor(now / 5000) * 5000, quote: expect.objectContaining({ rate: offlineBtcPrice(now), at: now }) },
      { type: 1, symbol: "USDT", price: OFFLINE_USDT, indicative: true, updatedAt: Math.floor(now / 5000) * 5000, quote: expect.objectContaining({ rate: OFFLINE_USDT, at: now }) },
    ]);
    const btc = res.data.list[0].price;
    expect(btc).toBeGreaterThan(6_500_000);
    expect(btc).toBeLessThan(6_900_000);
    // It drifts slowly: a few hours later it differs, but by little.
    const later = offlineBtcPrice(now + 2 * 3_600_000);
    expect(later).not.toBe(btc);
    expect(Math.abs(later - btc)).toBeLessThan(btc * 0.05);
  });
});

describe("virtualCoinOrder/addVirtualCoinOrder", () => {
  const add = (body: Record<string, unknown>, token = p.seller2.token) => t.call("/virtualCoinOrder/addVirtualCoinOrder", body, { token });

  it("requires every field, with clear messages", async () => {
    const good = { type: 1, fromAddress: "TXsender111", transactionId: tx(), tradeAmount: 200 * 1e8 };
    expectRefused(await add({ ...good, fromAddress: " " }), "Please enter the address.", 2);
    expectRefused(await add({ ...good, fromAddress: undefined }), "Please enter the address.", 2);
    expectRefused(await add({ ...good, transactionId: "" }), "Please enter the transaction hash.", 2);
    expectRefused(await add({ ...good, tradeAmount: undefined }), "Please enter the amount.", 2);
    expectRefused(await add({ ...good, tradeAmount: 0 }), "Please enter the amount.", 2);
    expectRefused(await add({ ...good, type: 2 }), "Please select BTC or USDT.", 2);
    expectRefused(await add(good, ""), undefined, 3);
  });

  it("refuses a value under 100 coins ('The transaction amount is too low.') and accepts one at the minimum", async () => {
    // USDT at 1.00: coins = floor(tradeAmount × 100 × 10000 × 9500 / 1e16); 100 coins need 105.26315790 USDT.
    const below = 10_526_315_789;
    const at = 10_526_315_790;
    expect(coinsForCrypto(below, { price: OFFLINE_USDT, usdRate: USD_RATE, discount: DISCOUNT })).toBe(MIN_VIRTUAL_COIN_ORDER - 1);
    expect(coinsForCrypto(at, { price: OFFLINE_USDT, usdRate: USD_RATE, discount: DISCOUNT })).toBe(MIN_VIRTUAL_COIN_ORDER);
    expectRefused(await add({ type: 1, fromAddress: "TXsender", transactionId: tx(), tradeAmount: below }), MESSAGES.amountTooLow, 0);
    const ok = await add({ type: 1, fromAddress: "TXsender", transactionId: tx(), tradeAmount: at });
    expectOk(ok);
    expect(ok.data.id).toBeGreaterThanOrEqual(300_001);
    expect(await orderRow(ok.data.id)).toMatchObject({ type: 1, price: 100, price_indicative: true, usd_rate: USD_RATE, discount: DISCOUNT, coins: 10_000, status: 0 });

    // BTC: 0.001 BTC is about 63 coins (too low); 0.01 BTC about 636 coins.
    const price = offlineBtcPrice(t.clock.t);
    expectRefused(await add({ type: 0, fromAddress: "bc1qsender", transactionId: tx(), tradeAmount: 100_000 }), MESSAGES.amountTooLow, 0);
    const btc = await add({ type: 0, fromAddress: " bc1qsender ", transactionId: tx(), tradeAmount: 1_000_000 });
    expectOk(btc);
    const row = await orderRow(btc.data.id);
    expect(row).toMatchObject({ type: 0, from_address: "bc1qsender", price, coins: coinsForCrypto(1_000_000, { price, usdRate: USD_RATE, discount: DISCOUNT }), user_id: p.seller2.id });
    expect(row.coins).toBe(Math.floor((1_000_000 * price * 0.95) / 1e8));
    // Nothing is credited before an administrator confirms.
    const bills = await t.db.selectFrom("bills").select("id").where("ref_type", "=", "virtual_coin_order").where("ref_id", "=", btc.data.id).execute();
    expect(bills).toEqual([]);
  });

  it("a transaction id can be used once per coin (hex case ignored), even when sent 10 times at once", async () => {
    const id = tx();
    const first = await add({ type: 1, fromAddress: "TXa", transactionId: id, tradeAmount: 200 * 1e8 });
    expectOk(first);
    expectRefused(await add({ type: 1, fromAddress: "TXb", transactionId: id, tradeAmount: 300 * 1e8 }, p.seller.token), TRANSACTION_USED, 0);
    expectRefused(await add({ type: 1, fromAddress: "TXa", transactionId: ` ${id.toUpperCase()} `, tradeAmount: 200 * 1e8 }), TRANSACTION_USED, 0);
    // The same hash on the other chain is another transaction.
    expectOk(await add({ type: 0, fromAddress: "bc1q", transactionId: id, tradeAmount: 1_000_000 }));

    const raced = tx();
    const results = await Promise.all(Array.from({ length: 10 }, () => add({ type: 1, fromAddress: "TXr", transactionId: raced, tradeAmount: 150 * 1e8 })));
    expect(results.filter((r) => r.code === 1)).toHaveLength(1);
    for (const r of results.filter((r) => r.code !== 1)) expect(r).toEqual({ code: 0, msg: TRANSACTION_USED });
  });
});

describe("admin/virtualCoin", () => {
  async function pending(usdt = 200, who = p.seller2): Promise<{ id: number; coins: number }> {
    const r = await t.call("/virtualCoinOrder/addVirtualCoinOrder", { type: 1, fromAddress: "TXsender", transactionId: tx(), tradeAmount: usdt * 1e8 }, { token: who.token });
    expectOk(r);
    return { id: r.data.id, coins: Number((await orderRow(r.data.id)).coins) };
  }

  it("10 parallel confirmations credit the coins exactly once, as a Transfer bill", async () => {
    const u = await makeUser(t);
    const o = await pending(250, u);
    expect(o.coins).toBe(23_750);
    const results = await Promise.all(Array.from({ length: 10 }, () => staff(t, "/admin/virtualCoin/confirm", { id: o.id }, p.admin.token)));
    expect(results.filter((r) => r.code === 1)).toHaveLength(1);
    for (const r of results.filter((r) => r.code !== 1)) expect(r.msg).toMatch(/The transfer order status has changed|not possible while the transfer order is Confirmed/);
    expect(await account(t, u.id)).toEqual({ amount: 23_750, frozen: 0 });
    const bills = (await t.call("/userBill/getUserBillList", { type: 4 }, { token: u.token })).data.list;
    expect(bills).toHaveLength(1);
    expect(bills[0]).toMatchObject({ type: 4, transAmount: 23_750, currentAmount: 23_750, descriptionEn: expect.stringMatching(/^USDT transfer confirmed \(tx [0-9a-f]{6}…[0-9a-f]{6}\)$/) });
    expect(await orderRow(o.id)).toMatchObject({ status: 1, processed_by: p.admin.id, confirm_at: t.clock.now() });
    // Once confirmed, it cannot be rejected or confirmed again.
    expectRefused(await staff(t, "/admin/virtualCoin/reject", { id: o.id, reason: "Late." }, p.admin.token), "This action is not possible while the transfer order is Confirmed.", 0);
    expectRefused(await staff(t, "/admin/virtualCoin/confirm", { id: o.id }, p.admin.token), "This action is not possible while the transfer order is Confirmed.", 0);
    expect(await account(t, u.id)).toEqual({ amount: 23_750, frozen: 0 });
  });

  it("reject closes a pending order with a reason and credits nothing", async () => {
    const u = await makeUser(t);
    const o = await pending(300, u);
    expectRefused(await staff(t, "/admin/virtualCoin/reject", { id: o.id, reason: "" }, p.admin.token), "Please give a reason.", 2);
    expectOk(await staff(t, "/admin/virtualCoin/reject", { id: o.id, reason: "No such transfer on chain." }, p.admin.token));
    expect(await orderRow(o.id)).toMatchObject({ status: 2, reason: "No such transfer on chain." });
    expectRefused(await staff(t, "/admin/virtualCoin/confirm", { id: o.id }, p.admin.token), "This action is not possible while the transfer order is Rejected.", 0);
    expect(await account(t, u.id)).toEqual({ amount: 0, frozen: 0 });
    expectRefused(await staff(t, "/admin/virtualCoin/confirm", { id: 999_999 }, p.admin.token), "Transfer order not found.", 5);
  });

  it("lists orders for administrators, by status, newest first; nobody else may list, confirm or reject", async () => {
    const a = await pending();
    const b = await pending();
    expectOk(await staff(t, "/admin/virtualCoin/reject", { id: a.id, reason: "Duplicate." }, p.admin.token));
    const all = await staff(t, "/admin/virtualCoin/list", {}, p.admin.token);
    expectOk(all);
    expect(all.data.list[0]).toMatchObject({ id: b.id, status: 0, type: 1, userId: p.seller2.id, userNickname: "DemoSeller2", coins: b.coins, priceIndicative: true });
    const rejected = (await staff(t, "/admin/virtualCoin/list", { status: 2 }, p.admin.token)).data.list;
    expect(rejected.every((o: { status: number }) => o.status === 2)).toBe(true);
    expect(rejected[0]).toMatchObject({ id: a.id, reason: "Duplicate.", rejectTimestamp: t.clock.t });
    expect((await staff(t, "/admin/virtualCoin/list", { lastId: b.id }, p.admin.token)).data.list[0].id).toBe(a.id);

    for (const who of [p.seller, p.seller2, p.merchant, p.withdrawer]) {
      expectRefused(await staff(t, "/admin/virtualCoin/confirm", { id: b.id }, who.token), "Access denied", 4);
      expectRefused(await staff(t, "/admin/virtualCoin/reject", { id: b.id, reason: "x" }, who.token), "Access denied", 4);
      expectRefused(await staff(t, "/admin/virtualCoin/list", {}, who.token), "Access denied", 4);
    }
    expect((await orderRow(b.id)).status).toBe(0);
  });
});

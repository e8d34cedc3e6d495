/**
 * Several cards in one trade (docs/decisions/0073-several-cards-in-one-trade.md): one submit, N
 * orders to the same offer, all or none, idempotent on the form's secret, each card checked as a
 * single sale is and a refusal naming its card. Runs on PGlite, or on the PostgreSQL of DATABASE_URL.
 */
import { describe, expect, it } from "vitest";
import { MESSAGES } from "../../contract/fields";
import { cardAlreadyInOpenOrder } from "../../contract/messages";
import { OrderStatus } from "../../contract/enums";
import { MERCHANT_CANNOT_PAY, SAME_CARD_TWICE } from "../../backend/modules/orders/add-order";
import type { TestBackend } from "../support/backend";
import {
  advertRemaining,
  balances,
  expectOk,
  expectRefused,
  fakeUploads,
  ledgerCount,
  makeAdvert,
  orderRow,
  placeOrder,
  secretFor,
  setUpOrderTests,
  staff,
  uniqueCode,
  type Parties,
  type Party,
} from "../support/orders";
import { setAvailable } from "../support/wallet";

let t: TestBackend;
let p: Parties;

setUpOrderTests((world) => {
  ({ t, p } = world);
});

const FACE = 10_000;
type Item = { tradeAmount: number; cardCode?: string; cardImg?: string };

async function addOrders(who: Party, advertId: number, items: Item[], secret?: string) {
  const s = secret ?? (await secretFor(t, who.token, advertId));
  return { ...(await t.call("/order/addOrders", { advertId, secret: s, items }, { token: who.token })), secret: s };
}
const codes = (n: number): Item[] => Array.from({ length: n }, () => ({ tradeAmount: FACE, cardCode: uniqueCode() }));
const count = async (table: "orders" | "order_batches" | "card_fingerprints" | "notices") =>
  Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
const snapshot = async () => ({ orders: await count("orders"), batches: await count("order_batches"), prints: await count("card_fingerprints"), notices: await count("notices"), ledger: await ledgerCount(t) });
const batchOf = (who: Party, id: number) => t.call("/order/getOrderBatch", { id }, { token: who.token });

describe(`addOrders (${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  it("three e-codes: three Waiting orders linked by one batch, the faces reserved, each held when the merchant opens it", async () => {
    const advertId = await makeAdvert(t, { merchantId: p.merchant.id, tradeAmount: 10 * FACE });
    const items = [{ tradeAmount: FACE, cardCode: uniqueCode() }, { tradeAmount: 2 * FACE, cardCode: `${uniqueCode()}\n${uniqueCode()}` }, { tradeAmount: FACE, cardCode: uniqueCode() }];
    const res = await addOrders(p.seller, advertId, items);
    expectOk(res);
    const batch = await batchOf(p.seller, res.data.id);
    expectOk(batch);
    expect(batch.data.orders.map((o: { tradeAmount: number; status: number }) => [o.tradeAmount, o.status])).toEqual([
      [FACE, OrderStatus.Waiting],
      [2 * FACE, OrderStatus.Waiting],
      [FACE, OrderStatus.Waiting],
    ]);
    expect(await advertRemaining(t, advertId)).toBe(6 * FACE);
    const rows = await Promise.all(batch.data.orders.map((o: { id: number }) => orderRow(t, o.id)));
    expect(rows.map((r) => Number(r.batch_id))).toEqual([res.data.id, res.data.id, res.data.id]);
    expect(rows.map((r) => Number(r.calculate_total_price))).toEqual(batch.data.orders.map((o: { calculateTotalPrice: number }) => o.calculateTotalPrice));
    // Each order is its own: its timer, its codes (two under one face in card 2).
    expect(rows.every((r) => r.auto_cancel_at !== null)).toBe(true);
    const detail = await t.call("/order/getOrderDetails", { id: rows[1]!.id }, { token: p.seller.token });
    expectOk(detail);
    const counts = await t.db.selectFrom("order_details").select("card_count").where("order_id", "in", rows.map((r) => r.id)).orderBy("order_id").execute();
    expect(counts.map((c) => c.card_count)).toEqual([1, 2, 1]);
    // The coins are held as each card is opened (ADR 0007): one hold, one set of ledger rows, per order.
    const before = await balances(t, p.merchant.id);
    const ledgerBefore = await ledgerCount(t);
    for (const r of rows) expectOk(await staff(t, "/merchant/order/view", { id: r.id }, p.merchant.token));
    const total = rows.reduce((s, r) => s + Number(r.calculate_total_price), 0);
    expect(await balances(t, p.merchant.id)).toEqual({ amount: before.amount - total, frozen: before.frozen + total });
    expect(await ledgerCount(t)).toBeGreaterThanOrEqual(ledgerBefore + 2 * rows.length);
  });

  it("the same submit again answers the same batch; ten at once make one batch", async () => {
    const advertId = await makeAdvert(t, { merchantId: p.merchant.id, tradeAmount: 10 * FACE });
    const items = codes(2);
    const first = await addOrders(p.seller, advertId, items);
    expectOk(first);
    const again = await addOrders(p.seller, advertId, items, first.secret);
    expect(again.data).toEqual(first.data);
    const secret = await secretFor(t, p.seller.token, advertId);
    const before = await count("orders");
    const at = codes(3);
    const all = await Promise.all(Array.from({ length: 10 }, () => t.call("/order/addOrders", { advertId, secret, items: at }, { token: p.seller.token })));
    for (const r of all) expectOk(r);
    expect(new Set(all.map((r) => r.data.id)).size).toBe(1);
    expect((await count("orders")) - before).toBe(3);
    expect(await advertRemaining(t, advertId)).toBe(5 * FACE);
  });

  it("a duplicate code in card 3 (of an open order, or of card 1): nothing is created and the message names card 3", async () => {
    const advertId = await makeAdvert(t, { merchantId: p.merchant.id });
    const sold = uniqueCode();
    const earlier = await placeOrder(t, p.seller.token, advertId, FACE, sold);
    const remain = await advertRemaining(t, advertId);
    const before = await snapshot();
    const items = codes(3);
    items[2]!.cardCode = sold.toLowerCase();
    expectRefused(await addOrders(p.seller, advertId, items), `Card 3: ${cardAlreadyInOpenOrder(earlier)}`);
    const twice = codes(3);
    twice[2]!.cardCode = twice[0]!.cardCode;
    expectRefused(await addOrders(p.seller, advertId, twice), `Card 3: ${SAME_CARD_TWICE(1)}`);
    expect(await snapshot()).toEqual(before);
    expect(await advertRemaining(t, advertId)).toBe(remain);
  });

  it("a card beyond the remaining amount, or beyond what the merchant can pay: nothing, naming that card", async () => {
    const advertId = await makeAdvert(t, { merchantId: p.merchant2.id, tradeAmount: 2 * FACE + 5_000 });
    const before = await snapshot();
    expectRefused(await addOrders(p.seller, advertId, codes(3)), `Card 3: ${MESSAGES.remainNotEnough}`);
    expect(await advertRemaining(t, advertId)).toBe(2 * FACE + 5_000);

    const roomy = await makeAdvert(t, { merchantId: p.merchant2.id, discount: 8_500 });
    const { amount } = await balances(t, p.merchant2.id);
    // Enough for one card and a half of coins: the second card is the one refused.
    await setAvailable(t, p.merchant2.id, 8_500 + 4_000);
    const shortBefore = await snapshot();
    expectRefused(await addOrders(p.seller, roomy, codes(3)), `Card 2: ${MERCHANT_CANNOT_PAY}`);
    expect(await snapshot()).toEqual(shortBefore);
    expect(await advertRemaining(t, roomy)).toBe(10_000_000);
    await setAvailable(t, p.merchant2.id, amount);
    expect((await snapshot()).orders).toBe(before.orders);
  });

  it("each card is checked by the sell rules: a face outside the offer's range names its card", async () => {
    const advertId = await makeAdvert(t, { merchantId: p.merchant.id, minTrade: 1_000, maxTrade: 20_000 });
    const items = codes(2);
    items[1]!.tradeAmount = 50_000;
    expectRefused(await addOrders(p.seller, advertId, items), /^Card 2: /);
    expectRefused(await addOrders(p.seller, advertId, codes(11)));
  });

  it("pictures: each card its own uploads under the form's secret", async () => {
    const advertId = await makeAdvert(t, { merchantId: p.merchant.id, cardType: 0 });
    const secret = await secretFor(t, p.seller.token, advertId);
    const paths = await fakeUploads(t, p.seller.id, secret, 3);
    const res = await addOrders(p.seller, advertId, [{ tradeAmount: FACE, cardImg: paths[0] }, { tradeAmount: FACE, cardImg: `${paths[1]}|${paths[2]}` }], secret);
    expectOk(res);
    const batch = await batchOf(p.seller, res.data.id);
    expect(batch.data.orders).toHaveLength(2);
    const imgs = await t.db.selectFrom("order_details").select("card_img").where("order_id", "in", batch.data.orders.map((o: { id: number }) => o.id)).orderBy("order_id").execute();
    expect(imgs.map((r) => r.card_img)).toEqual([paths[0], `${paths[1]}|${paths[2]}`]);
  });

  it("another seller cannot read the batch; a single order still answers as before", async () => {
    const advertId = await makeAdvert(t, { merchantId: p.merchant.id });
    const res = await addOrders(p.seller, advertId, codes(2));
    expectOk(res);
    expectRefused(await batchOf(p.seller2, res.data.id), "Batch not found.");
    expectRefused(await batchOf(p.seller, 999_999), "Batch not found.");
    const id = await placeOrder(t, p.seller.token, advertId);
    expect((await orderRow(t, id)).batch_id).toBeNull();
  });
});

/**
 * /virtualCoinOrder/getMyOrders (ADR 0068, docs/product/transfers.md): her own transfer orders,
 * newest first, paged by the id of the last one, by status, with the figures as the order stored them.
 */
import { describe, expect, it } from "vitest";
import { LIST_PAGE_SIZE } from "../../contract/constants";
import type { MyVirtualCoinOrder } from "../../contract/calls/virtual-coin";
import { coinsForCrypto } from "../../contract/money";
import type { TestBackend } from "../support/backend";
import { expectOk, expectRefused, staff, type Party } from "../support/orders";
import { makeUser, setUpWalletTests, type WalletParties } from "../support/wallet";

let t: TestBackend;
let p: WalletParties;

setUpWalletTests((world) => {
  ({ t, p } = world);
});

let txSeq = 0;
const tx = () => `${(++txSeq).toString(16).padStart(8, "0")}${"cd".repeat(28)}`;

async function report(who: Party, type = 1, amount = 200 * 1e8): Promise<number> {
  const r = await t.call("/virtualCoinOrder/addVirtualCoinOrder", { type, fromAddress: "TXsender", transactionId: tx(), tradeAmount: amount }, { token: who.token });
  expectOk(r);
  return r.data.id;
}

async function mine(who: Party, body: Record<string, unknown> = {}): Promise<MyVirtualCoinOrder[]> {
  const r = await t.call("/virtualCoinOrder/getMyOrders", body, { token: who.token });
  expectOk(r);
  return r.data.list as MyVirtualCoinOrder[];
}

/** Every page, following the cursor to a short one. */
async function allPages(who: Party, body: Record<string, unknown> = {}): Promise<MyVirtualCoinOrder[][]> {
  const pages: MyVirtualCoinOrder[][] = [];
  let lastId: number | undefined;
  for (;;) {
    const page = await mine(who, { ...body, lastId });
    pages.push(page);
    if (page.length < LIST_PAGE_SIZE) return pages;
    lastId = page[page.length - 1].id;
  }
}

describe("virtualCoinOrder/getMyOrders", () => {
  it("pages her orders newest first by the last id, over more than one page, each once", async () => {
    const u = await makeUser(t);
    const ids: number[] = [];
    for (let i = 0; i < LIST_PAGE_SIZE + 5; i++) ids.push(await report(u, i % 2, i % 2 ? (150 + i) * 1e8 : 1_000_000 + i));
    const pages = await allPages(u);
    expect(pages.map((pg) => pg.length)).toEqual([LIST_PAGE_SIZE, 5]);
    expect(pages.flat().map((o) => o.id)).toEqual([...ids].reverse());
    // A cursor past her oldest is an empty page, not an error.
    expect(await mine(u, { lastId: ids[0] })).toEqual([]);
  });

  it("answers the figures the order was made at, as stored, and the staff's decision with its time and reason", async () => {
    const u = await makeUser(t);
    const btc = await report(u, 0, 1_234_567);
    const usdt = await report(u, 1, 321_12345678);
    const pending = await report(u, 1, 250 * 1e8);
    t.clock.advance(60_000);
    expectOk(await staff(t, "/admin/virtualCoin/confirm", { id: btc }, p.admin.token));
    const confirmedAt = t.clock.t;
    t.clock.advance(60_000);
    expectOk(await staff(t, "/admin/virtualCoin/reject", { id: usdt, reason: "No such transfer on chain." }, p.admin.token));
    const rejectedAt = t.clock.t;

    const list = await mine(u);
    const rows = await t.db.selectFrom("virtual_coin_orders").selectAll().where("user_id", "=", u.id).orderBy("id", "desc").execute();
    expect(list).toEqual(
      rows.map((r) => ({
        id: r.id,
        type: r.type,
        fromAddress: r.from_address,
        transactionId: r.transaction_id,
        tradeAmount: Number(r.trade_amount),
        price: Number(r.price),
        priceIndicative: r.price_indicative,
        coins: Number(r.coins),
        status: r.status,
        reason: r.reason,
        createTimestamp: new Date(r.created_at).getTime(),
        confirmTimestamp: r.confirm_at ? new Date(r.confirm_at).getTime() : null,
        rejectTimestamp: r.reject_at ? new Date(r.reject_at).getTime() : null,
      })),
    );
    expect(list.map((o) => [o.id, o.status])).toEqual([
      [pending, 0],
      [usdt, 2],
      [btc, 1],
    ]);
    expect(list[1]).toMatchObject({ tradeAmount: 321_12345678, price: 100, coins: coinsForCrypto(321_12345678, { price: 100, usdRate: 10_000, discount: 9_500 }), reason: "No such transfer on chain.", rejectTimestamp: rejectedAt, confirmTimestamp: null });
    expect(list[2]).toMatchObject({ type: 0, tradeAmount: 1_234_567, confirmTimestamp: confirmedAt, rejectTimestamp: null, reason: null });
    // Hers carries neither who reported it nor the platform's terms.
    for (const k of ["userId", "userNickname", "usdRate", "discount"]) expect(list[0]).not.toHaveProperty(k);

    // A price change later does not move what she was promised.
    await t.db.updateTable("config").set({ cvalue: "5000" }).where("grp", "=", "btc").where("ckey", "=", "discount").execute();
    expect((await mine(u)).map((o) => o.coins)).toEqual(list.map((o) => o.coins));
  });

  it("filters by status, paging within it", async () => {
    const u = await makeUser(t);
    const ids: number[] = [];
    for (let i = 0; i < LIST_PAGE_SIZE + 3; i++) ids.push(await report(u));
    const rejected = ids.filter((_, i) => i % 4 === 0);
    for (const id of ids.slice(0, LIST_PAGE_SIZE + 2)) {
      if (rejected.includes(id)) expectOk(await staff(t, "/admin/virtualCoin/reject", { id, reason: "Not seen." }, p.admin.token));
      else expectOk(await staff(t, "/admin/virtualCoin/confirm", { id }, p.admin.token));
    }
    expect((await allPages(u, { status: 0 })).flat().map((o) => o.id)).toEqual([ids[ids.length - 1]]);
    expect((await allPages(u, { status: 2 })).flat().map((o) => o.id)).toEqual([...rejected].reverse());
    const confirmed = await allPages(u, { status: 1 });
    expect(confirmed.flat().map((o) => o.id)).toEqual(ids.slice(0, LIST_PAGE_SIZE + 2).filter((id) => !rejected.includes(id)).reverse());
    expect(confirmed.flat().every((o) => o.status === 1)).toBe(true);
    // null is every status, as absent; an unknown status is a clear refusal.
    expect((await mine(u, { status: null })).length).toBe(LIST_PAGE_SIZE);
    expectRefused(await t.call("/virtualCoinOrder/getMyOrders", { status: 7 }, { token: u.token }), undefined, 2);
  });

  it("shows only her own rows: another seller's id as the cursor leaks nothing, and signed out is refused", async () => {
    const her = await makeUser(t);
    const other = await makeUser(t);
    const a = await report(her);
    const theirs = await report(other);
    const b = await report(her);
    const theirsLater = await report(other);
    expect((await mine(her)).map((o) => o.id)).toEqual([b, a]);
    expect((await mine(other)).map((o) => o.id)).toEqual([theirsLater, theirs]);
    // Their ids as her cursor only bound her own rows.
    expect((await mine(her, { lastId: theirsLater })).map((o) => o.id)).toEqual([b, a]);
    expect((await mine(her, { lastId: theirs })).map((o) => o.id)).toEqual([a]);
    expect((await mine(her, { lastId: theirs, status: 0 })).map((o) => o.id)).toEqual([a]);
    expectRefused(await t.call("/virtualCoinOrder/getMyOrders", {}), undefined, 3);
  });
});

/**
 * The withdrawer desk's calls (ADR 0037) over a real backend: the seller's bank account
 * only once processing has started (list and detail), the queue oldest first, the withdrawer's own
 * offer (read, change, validation, the deposit rule, a save racing a sale), what sellers then see,
 * and every other role refused (0 successes). The books are checked after every test.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { LIST_PAGE_SIZE } from "../../contract/constants";
import { SETTINGS_MESSAGES } from "../../contract/calls/withdrawals-withdrawer";
import type { TestBackend } from "../support/backend";
import { expectOk, expectRefused, staff, type Party } from "../support/orders";
import { addBank, account, makeUser, makeWithdrawer, setAvailable, setUpWalletTests, withdrawerRow, type WalletParties } from "../support/wallet";

let t: TestBackend;
let p: WalletParties;

setUpWalletTests((world) => {
  ({ t, p } = world);
});

let seller: Party;
let bank: number;

beforeAll(async () => {
  seller = await makeUser(t);
  bank = await addBank(t, seller.token, { bank: "Opay", accountNumber: "8039876543", realname: "Kemi Adeyemi" });
  await setAvailable(t, seller.id, 5_000_000);
});

async function applyTo(withdrawerId: number, amount = 20_000): Promise<number> {
  const r = await t.call("/userWithdraw/applyWithdraw", { withdrawerId, amount, userPaymentId: bank }, { token: seller.token });
  expectOk(r);
  return r.data.id as number;
}

const settings = async (token = p.withdrawer.token, body: Record<string, unknown> = {}) => staff(t, "/merchant/withdrawer/getSettings", body, token);

describe("merchant/withdraw/list and detail: the bank account only once processing has started", () => {
  let wid: number;
  beforeAll(async () => {
    wid = await makeWithdrawer(t, { userId: p.withdrawer.id });
  });

  it("hides the account while Waiting, shows it from Processing on, never after a cancel while Waiting", async () => {
    const id = await applyTo(wid);
    const listed = async () => (await staff(t, "/merchant/withdraw/list", { status: null }, p.withdrawer.token)).data.list.find((w: { id: number }) => w.id === id);
    const detail = async () => staff(t, "/merchant/withdraw/detail", { id }, p.withdrawer.token);

    expect(await listed()).toMatchObject({ id, status: 0, userPayment: null, userId: seller.id });
    let d = await detail();
    expectOk(d);
    expect(d.data.withdrawal).toMatchObject({ id, status: 0, userPayment: null, amount: 20_000 });
    expect(d.data.actions).toEqual(["process", "cancel"]);
    // Nothing in the answer carries the account number.
    expect(JSON.stringify(d.data)).not.toContain("8039876543");
    expect(JSON.stringify(await listed())).not.toContain("8039876543");

    expectOk(await staff(t, "/merchant/withdraw/process", { id }, p.withdrawer.token));
    d = await detail();
    expect(d.data.actions).toEqual(["complete", "cancel"]);
    expect(JSON.parse(d.data.withdrawal.userPayment)).toMatchObject({ realname: "Kemi Adeyemi", accountNumber: "8039876543", paymentNameEn: "Opay" });
    expect(JSON.parse((await listed()).userPayment)).toMatchObject({ accountNumber: "8039876543" });
    expectOk(await staff(t, "/merchant/withdraw/cancel", { id, reason: "Test over." }, p.withdrawer.token));
    // Started, then cancelled: it was already shown, and stays readable for the record.
    expect(JSON.parse((await detail()).data.withdrawal.userPayment)).toMatchObject({ accountNumber: "8039876543" });

    const never = await applyTo(wid);
    expectOk(await staff(t, "/merchant/withdraw/cancel", { id: never, reason: "Cannot pay today." }, p.withdrawer.token));
    const gone = await staff(t, "/merchant/withdraw/detail", { id: never }, p.withdrawer.token);
    expect(gone.data.withdrawal).toMatchObject({ status: 3, userPayment: null, reason: "Cannot pay today." });
    expect(gone.data.actions).toEqual([]);
  });

  it("the owner still sees its own account; administrators see it too (they decide stuck withdrawals)", async () => {
    const id = await applyTo(wid);
    const own = await t.call("/userWithdraw/getWithdrawDetail", { id }, { token: seller.token });
    expect(JSON.parse(own.data.withdrawal.userPayment)).toMatchObject({ accountNumber: "8039876543" });
    const admin = await staff(t, "/admin/withdraw/list", { status: 0 }, p.admin.token);
    expect(JSON.parse(admin.data.list.find((w: { id: number }) => w.id === id).userPayment)).toMatchObject({ accountNumber: "8039876543" });
    expectOk(await staff(t, "/merchant/withdraw/cancel", { id, reason: "Test over." }, p.withdrawer.token));
  });

  it("detail answers 'Withdrawal not found.' for another withdrawer's withdrawal and for none", async () => {
    const id = await applyTo(wid);
    expectRefused(await staff(t, "/merchant/withdraw/detail", { id }, p.withdrawer2.token), "Withdrawal not found.", 5);
    expectRefused(await staff(t, "/merchant/withdraw/detail", { id: 99_999_999 }, p.withdrawer.token), "Withdrawal not found.", 5);
    expectRefused(await staff(t, "/merchant/withdraw/detail", { id: "x" }, p.withdrawer.token), undefined, 2);
    expectOk(await staff(t, "/merchant/withdraw/cancel", { id, reason: "Test over." }, p.withdrawer.token));
  });

  it("pages the queue oldest first with oldestFirst (lastId pages forward), newest first without", async () => {
    const own = await makeWithdrawer(t, { userId: p.withdrawer2.id });
    const ids: number[] = [];
    for (let i = 0; i < LIST_PAGE_SIZE + 2; i++) ids.push(await applyTo(own, 1_000));
    const first = await staff(t, "/merchant/withdraw/list", { status: 0, oldestFirst: true }, p.withdrawer2.token);
    expect(first.data.list.map((w: { id: number }) => w.id)).toEqual(ids.slice(0, LIST_PAGE_SIZE));
    const next = await staff(t, "/merchant/withdraw/list", { status: 0, oldestFirst: true, lastId: ids[LIST_PAGE_SIZE - 1] }, p.withdrawer2.token);
    expect(next.data.list.map((w: { id: number }) => w.id)).toEqual(ids.slice(LIST_PAGE_SIZE));
    const newest = await staff(t, "/merchant/withdraw/list", { status: 0 }, p.withdrawer2.token);
    expect(newest.data.list[0].id).toBe(ids.at(-1));
    for (const id of ids) expectOk(await staff(t, "/merchant/withdraw/cancel", { id, reason: "Test over." }, p.withdrawer2.token));
  });
});

describe("merchant/withdrawer/getSettings and updateSettings", () => {
  // The demo offer of withdrawer3 (deposit 20000 coins), used only here.
  let w3: Party;
  let offer: { id: number; remainBalance: number };
  const save = (body: Record<string, unknown>, token = w3.token) =>
    staff(
      t,
      "/merchant/withdrawer/updateSettings",
      {
        id: offer.id,
        seenRemainBalance: offer.remainBalance,
        status: 1,
        currencyRate: 5_500_000,
        minTrade: 2_000,
        maxTrade: 400_000,
        remainBalance: offer.remainBalance,
        tags: " Fast | Night payouts |",
        description: "  Paid within 10 minutes.  ",
        ...body,
      },
      token,
    );
  const reload = async () => {
    const s = await settings(w3.token);
    expectOk(s);
    offer = { id: s.data.withdrawer.id, remainBalance: s.data.withdrawer.remainBalance };
    return s.data;
  };

  beforeAll(async () => {
    const { DEMO_LOGINS } = await import("../../backend/demo/world");
    const { userIdOf } = await import("../support/orders");
    w3 = { id: await userIdOf(t, DEMO_LOGINS.withdrawers[2]), token: await t.login(DEMO_LOGINS.withdrawers[2]) };
    await reload();
  });

  it("reads the withdrawer's own offer with its deposit and what is open against it", async () => {
    const s = await reload();
    expect(s.withdrawer).toMatchObject({ nickname: "NairaDesk", currency: "NGN", currencyRate: 5_320_000, minTrade: 1_000, maxTrade: 200_000, remainBalance: 120_000 });
    expect(s.withdrawerIds).toEqual([s.withdrawer.id]);
    expect(s.deposit).toBe(2_000_000);
    expect(s.openAmount).toBe(0);
    expect(s.maxRemainBalance).toBe(2_000_000);
    expectRefused(await settings(w3.token, { id: 99_999_999 }), "Withdrawer not found.", 5);
    // Another withdrawer's offer is not found either.
    const other = (await settings(p.withdrawer.token)).data.withdrawer.id;
    expectRefused(await settings(w3.token, { id: other }), "Withdrawer not found.", 5);
  });

  it("saves rate, limits, tags, description and balance; sellers see it at once", async () => {
    expectOk(await save({ remainBalance: 1_500_000 }));
    const s = await reload();
    expect(s.withdrawer).toMatchObject({ currencyRate: 5_500_000, minTrade: 2_000, maxTrade: 400_000, remainBalance: 1_500_000, totalBalance: 1_500_000, tags: "Fast|Night payouts", description: "Paid within 10 minutes.", status: 1 });
    const pub = await t.call("/userWithdraw/getWithdrawer", { currency: "NGN" }, { token: seller.token });
    expect(pub.data.list.find((w: { id: number }) => w.id === offer.id)).toMatchObject({ currencyRate: 5_500_000, remainBalance: 1_500_000, tags: "Fast|Night payouts" });
    // A new withdrawal snapshots the new rate.
    const id = await applyTo(offer.id, 10_000);
    expect((await t.call("/userWithdraw/getWithdrawDetail", { id }, { token: seller.token })).data.withdrawal).toMatchObject({ currencyRate: 5_500_000, currencyAmount: 5_500_000 });
    expectOk(await staff(t, "/merchant/withdraw/cancel", { id, reason: "Test over." }, w3.token));
    await reload();
  });

  it("not accepting: sellers cannot apply; accepting again they can", async () => {
    expectOk(await save({ status: 0 }));
    await reload();
    expectRefused(await t.call("/userWithdraw/applyWithdraw", { withdrawerId: offer.id, amount: 10_000, userPaymentId: bank }, { token: seller.token }), "The withdrawer is not accepting orders now.");
    expectOk(await save({ status: 1 }));
    await reload();
  });

  it("refuses bad input with the form's messages (code 2), changing nothing", async () => {
    const before = await withdrawerRow(t, offer.id);
    expectRefused(await save({ currencyRate: 0 }), SETTINGS_MESSAGES.rate, 2);
    expectRefused(await save({ minTrade: 500_000, maxTrade: 400_000 }), SETTINGS_MESSAGES.minAboveMax, 2);
    expectRefused(await save({ minTrade: 0 }), SETTINGS_MESSAGES.minTrade, 2);
    expectRefused(await save({ remainBalance: -1 }), SETTINGS_MESSAGES.remain, 2);
    expectRefused(await save({ remainBalance: 1.5 }), SETTINGS_MESSAGES.remain, 2);
    expectRefused(await save({ tags: "a|b|c|d|e|f" }), SETTINGS_MESSAGES.tags, 2);
    expectRefused(await save({ tags: "x".repeat(21) }), SETTINGS_MESSAGES.tags, 2);
    expectRefused(await save({ description: "d".repeat(501) }), SETTINGS_MESSAGES.description, 2);
    expectRefused(await save({ status: 2 }), SETTINGS_MESSAGES.status, 2);
    expectRefused(await save({ id: "nope" }), undefined, 2);
    expect(await withdrawerRow(t, offer.id)).toEqual(before);
  });

  it("the deposit rule: the coins it buys plus its open withdrawals stay within the deposit, checked when the offer goes up", async () => {
    const id = await applyTo(offer.id, 300_000);
    const s = await reload();
    expect(s.openAmount).toBe(300_000);
    expect(s.maxRemainBalance).toBe(1_700_000);
    expectRefused(await save({ remainBalance: 1_700_001 }), SETTINGS_MESSAGES.overDeposit("17000"));
    expectOk(await save({ remainBalance: 1_700_000 }));
    await reload();
    // Lowering is always allowed.
    expectOk(await save({ remainBalance: 1_000_000 }));
    await reload();
    expectOk(await staff(t, "/merchant/withdraw/cancel", { id, reason: "Test over." }, w3.token));
    expect((await reload()).withdrawer.remainBalance).toBe(1_300_000);
  });

  it("accepting needs the fixed deposit", async () => {
    const { transaction } = await import("../../backend/db/index");
    const { applyBalanceChanges } = await import("../../backend/modules/wallet/ledger");
    const move = (delta: number) =>
      transaction(t.db, (trx) => applyBalanceChanges(trx, w3.id, [{ part: "bail", delta }, { part: "amount", delta: -delta }], { reason: "test deposit" }));
    await setAvailable(t, w3.id, 0);
    await move(-1_000);
    expectRefused(await save({ status: 1 }), SETTINGS_MESSAGES.depositTooSmall("20000"));
    expectOk(await save({ status: 0, remainBalance: 0 }));
    await reload();
    await move(1_000);
    expectOk(await save({ status: 1 }));
    await reload();
    expect((await account(t, w3.id)).amount).toBe(0);
  });

  it("a save racing a sale is refused rather than undoing the sale (code 7)", async () => {
    expectOk(await save({ remainBalance: 500_000 }));
    await reload();
    const seen = offer.remainBalance;
    const id = await applyTo(offer.id, 10_000);
    expectRefused(await save({ seenRemainBalance: seen, remainBalance: 600_000 }), SETTINGS_MESSAGES.remainChanged, 7);
    expect((await withdrawerRow(t, offer.id)).remain_balance).toBe(490_000);
    expectOk(await staff(t, "/merchant/withdraw/cancel", { id, reason: "Test over." }, w3.token));
    await reload();
  });
});

describe("who may use the withdrawer desk's calls: the withdrawer only", () => {
  it("guest (3), seller, merchant and administrator (4): 0 successes", async () => {
    const wid = (await settings()).data.withdrawer.id as number;
    const id = await applyTo(wid, 1_000);
    const bodies = {
      "/merchant/withdraw/list": { status: null },
      "/merchant/withdraw/detail": { id },
      "/merchant/withdrawer/getSettings": {},
      "/merchant/withdrawer/updateSettings": { id: wid, seenRemainBalance: 0, status: 1, currencyRate: 1, minTrade: 1, maxTrade: 1, remainBalance: 0, tags: "", description: "" },
    } as const;
    let successes = 0;
    for (const [path, body] of Object.entries(bodies)) {
      for (const [who, token, code] of [
        ["guest", "", 3],
        ["seller", p.seller.token, 4],
        ["merchant", p.merchant.token, 4],
        ["admin", p.admin.token, 4],
      ] as const) {
        const r = await staff(t, path as keyof typeof bodies, body, token);
        if (r.code === 1) successes++;
        expect({ path, who, code: r.code }).toEqual({ path, who, code });
      }
    }
    expect(successes).toBe(0);
    // Nothing moved.
    expect((await staff(t, "/merchant/withdraw/detail", { id }, p.withdrawer.token)).data.withdrawal.status).toBe(0);
    expectOk(await staff(t, "/merchant/withdraw/cancel", { id, reason: "Test over." }, p.withdrawer.token));
  });
});

describe("checkNotice.deskWithdrawals: the withdrawer desk's badge", () => {
  it("counts the Waiting withdrawals sent to the caller; not another withdrawer's, not Processing ones; 0 for a seller", async () => {
    const mine = await makeWithdrawer(t, { userId: p.withdrawer.id });
    const other = await makeUser(t);
    const theirs = await makeWithdrawer(t, { userId: other.id });
    const badge = async (token: string) => (await t.call("/notice/checkNotice", {}, { token })).data.deskWithdrawals as number;
    const before = await badge(p.withdrawer.token);
    const a = await applyTo(mine);
    await applyTo(mine);
    await applyTo(theirs);
    expect(await badge(p.withdrawer.token)).toBe(before + 2);
    expectOk(await staff(t, "/merchant/withdraw/process", { id: a }, p.withdrawer.token));
    expect(await badge(p.withdrawer.token)).toBe(before + 1);
    expect(await badge(seller.token)).toBe(0);
  });
});

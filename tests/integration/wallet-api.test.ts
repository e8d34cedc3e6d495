/**
 * The wallet calls over a real backend: bills, trade statistics, bank accounts,
 * withdrawals (the user's and the withdrawer's side), the withdrawal timer, and who may do what.
 * The books are checked after every test.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { LIST_PAGE_SIZE, WITHDRAWER_TIME_LIMIT_MINUTES } from "../../contract/constants";
import { MESSAGES } from "../../contract/fields";
import { sweepWithdrawalTimers } from "../../backend/jobs/withdrawal-timers";
import { NGN_BANKS } from "../../backend/db/migrations/004-wallet";
import { NO_PAY_PICTURE } from "../../backend/modules/withdrawals/handlers";
import {
  NO_SELF_WITHDRAWAL,
  PAY_PICTURE_NOT_YOURS,
  PAY_PICTURE_USED,
  TRADE_PASSWORD_MISSING,
  WITHDRAWER_NOT_ACCEPTING,
} from "../../backend/modules/withdrawals/actions";
import { AUTO_CANCEL_REASON, WITHDRAWAL_CHANGED } from "../../backend/modules/withdrawals/state-machine";
import { accountHashOf, BANK_ACCOUNT_EXISTS, BANK_ACCOUNT_NOT_FOUND } from "../../backend/modules/wallet/payments";
import { BAD_TRADE_PWD } from "../../backend/modules/auth/handlers";
import type { TestBackend } from "../support/backend";
import { expectOk, expectRefused, makeAdvert, placeOrder, staff, type Party } from "../support/orders";
import {
  account,
  addBank,
  bankIdByName,
  makeUser,
  makeWithdrawer,
  payPicturePath,
  setAvailable,
  uploadPayment,
  setUpWalletTests,
  withdrawalRow,
  withdrawerRow,
  type WalletParties,
} from "../support/wallet";
import { accountNumberAt } from "../support/bank-accounts";

/** Numbers that pass their bank's check (ADR 0053). */
const ADA_GTB = accountNumberAt("GTBank", 12_345_678);
const ADA_KUDA = accountNumberAt("Kuda", 987_654_321);

let t: TestBackend;
let p: WalletParties;

setUpWalletTests((world) => {
  ({ t, p } = world);
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

// ---------------------------------------------------------------- bills

describe("userBill/getUserBillList", () => {
  let u: Party;
  const base = Date.parse("2026-10-01T00:00:00Z");
  const TOTAL = LIST_PAGE_SIZE + 5;

  beforeAll(async () => {
    u = await makeUser(t);
    // Bills are what the user sees (the ledger is separate): written here with fixed times.
    for (let i = 0; i < TOTAL; i++) {
      await t.db
        .insertInto("bills")
        .values({
          user_id: u.id,
          type: (i % 5) + 1,
          description_en: `Bill ${i}`,
          trans_amount: (i + 1) * 100,
          current_amount: 0,
          opposite_user_id: i === 0 ? p.merchant.id : null,
          created_at: new Date(base + i * HOUR),
        })
        .execute();
    }
  });

  const list = (body: Record<string, unknown>, token = u.token) => t.call("/userBill/getUserBillList", body, { token });

  it("pages the user's own bills, newest first, by the id of the last item, ending with an empty page", async () => {
    const first = await list({});
    expectOk(first);
    expect(first.data.list).toHaveLength(LIST_PAGE_SIZE);
    expect(first.data.list[0]).toMatchObject({ descriptionEn: `Bill ${TOTAL - 1}`, transAmount: TOTAL * 100, transTime: base + (TOTAL - 1) * HOUR });
    const ids = first.data.list.map((b: { id: number }) => b.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const second = await list({ lastId: ids.at(-1) });
    expect(second.data.list).toHaveLength(TOTAL - LIST_PAGE_SIZE);
    expect(second.data.list.at(-1)).toMatchObject({ descriptionEn: "Bill 0", type: 1, oppositeNickname: "SwiftCards", oppositePhoto: expect.stringMatching(/^\/demo\//) });
    expect((await list({ lastId: second.data.list.at(-1).id })).data.list).toEqual([]);
    // Another user sees none of them.
    const other = await list({}, p.seller2.token);
    expect(other.data.list.some((b: { descriptionEn: string }) => b.descriptionEn.startsWith("Bill "))).toBe(false);
  });

  it("filters by tab: 0 or null is ALL, 1-5 one type (5: a merchant's purchases, ADR 0051)", async () => {
    for (const type of [1, 2, 3, 4, 5]) {
      const res = await list({ type });
      expect(res.data.list.length).toBeGreaterThan(0);
      expect(res.data.list.every((b: { type: number }) => b.type === type)).toBe(true);
    }
    expect((await list({ type: 0 })).data.list).toHaveLength(LIST_PAGE_SIZE);
    expect((await list({ type: null })).data.list).toHaveLength(LIST_PAGE_SIZE);
    expectRefused(await list({ type: 6 }), "Unknown transaction type.", 2);
  });

  it("filters by start and end (inclusive), with the cursor", async () => {
    const res = await list({ start: base + 3 * HOUR, end: base + 7 * HOUR });
    expect(res.data.list.map((b: { descriptionEn: string }) => b.descriptionEn)).toEqual(["Bill 7", "Bill 6", "Bill 5", "Bill 4", "Bill 3"]);
    const after = await list({ start: base + 3 * HOUR, end: base + 7 * HOUR, lastId: res.data.list[1].id });
    expect(after.data.list).toHaveLength(3);
    expect((await list({ start: "", end: null })).data.list).toHaveLength(LIST_PAGE_SIZE);
    expectRefused(await list({ start: base + 2 * HOUR, end: base }), "The end date must not be before the start date.", 2);
  });

  it("needs a session", async () => {
    expectRefused(await t.call("/userBill/getUserBillList", {}), undefined, 3);
  });
});

// ---------------------------------------------------------------- trade statistics

describe("userBill/getTradeStatistics", () => {
  it("answers the 30 days ending with the day of zeroTimestamp, zeros included, from the user's completed sales", async () => {
    const u = await makeUser(t);
    const advertId = await makeAdvert(t, { merchantId: p.merchant.id, discount: 8_000 });
    // Lagos midnight of 21 Nov 2026.
    const zero = Date.parse("2026-11-20T23:00:00Z");
    const sell = async (at: number, face: number, complete = true) => {
      t.clock.t = at;
      const id = await placeOrder(t, u.token, advertId, face);
      expectOk(await staff(t, "/merchant/order/view", { id }, p.merchant.token));
      if (complete) expectOk(await staff(t, "/merchant/order/complete", { id }, p.merchant.token));
      return id;
    };
    const saved = t.clock.t;
    await sell(zero + 2 * HOUR, 10_000); // today: 80.00 coins
    await sell(zero + 5 * HOUR, 5_000); // today: 40.00 coins
    await sell(zero - 5 * DAY + HOUR, 20_000); // 5 days ago: 160.00 coins
    await sell(zero - 29 * DAY, 1_000); // the first day, at its very start: 8.00 coins
    await sell(zero - 29 * DAY - 1, 1_000); // one ms before the window
    await sell(zero + DAY, 1_000); // the day after
    await sell(zero - 2 * DAY, 50_000, false); // viewed but not completed
    t.clock.t = saved;

    const res = await t.call("/userBill/getTradeStatistics", { zeroTimestamp: zero }, { token: u.token });
    expectOk(res);
    const { list, totalAmount, totalCount } = res.data;
    expect(list).toHaveLength(30);
    expect(list[0].day).toBe(zero - 29 * DAY);
    expect(list[29].day).toBe(zero);
    list.forEach((d: { day: number }, i: number) => expect(d.day).toBe(zero - (29 - i) * DAY));
    expect(list[29]).toEqual({ day: zero, tradeAmount: 12_000, tradeCount: 2 });
    expect(list[24]).toEqual({ day: zero - 5 * DAY, tradeAmount: 16_000, tradeCount: 1 });
    expect(list[0]).toEqual({ day: zero - 29 * DAY, tradeAmount: 800, tradeCount: 1 });
    expect(list.filter((d: { tradeCount: number }) => d.tradeCount === 0)).toHaveLength(27);
    expect(totalAmount).toBe(28_800);
    expect(totalCount).toBe(4);

    // Another user's statistics are all zeros.
    const other = await t.call("/userBill/getTradeStatistics", { zeroTimestamp: zero }, { token: (await makeUser(t)).token });
    expect(other.data.totalCount).toBe(0);
    expect(other.data.list).toHaveLength(30);
    expectRefused(await t.call("/userBill/getTradeStatistics", {}, { token: u.token }), "The day is required.", 2);
  });
});

// ---------------------------------------------------------------- bank accounts

describe("userPayment", () => {
  it("lists the banks", async () => {
    const res = await t.call("/userPayment/getPaymentType", {}, { token: p.seller.token });
    expectOk(res);
    expect(res.data.paymentType.map((b: { nameEn: string }) => b.nameEn)).toEqual([...NGN_BANKS]);
  });

  it("adds, lists, edits and removes the user's own accounts, with the messages of docs/product/validation.md", async () => {
    const u = await makeUser(t);
    const gtb = await bankIdByName(t, "GTBank");
    const add = (body: Record<string, unknown>) => t.call("/userPayment/addPayment", body, { token: u.token });
    expectRefused(await add({ paymentId: gtb, userPayment: { realname: " ", accountNumber: ADA_GTB } }), MESSAGES.realName, 2);
    expectRefused(await add({ userPayment: { realname: "Ada Obi", accountNumber: ADA_GTB } }), MESSAGES.bank, 2);
    expectRefused(await add({ paymentId: "", userPayment: { realname: "Ada Obi", accountNumber: ADA_GTB } }), MESSAGES.bank, 2);
    expectRefused(await add({ paymentId: 99_999, userPayment: { realname: "Ada Obi", accountNumber: ADA_GTB } }), MESSAGES.bank, 0);
    expectRefused(await add({ paymentId: gtb, userPayment: { realname: "Ada Obi", accountNumber: "" } }), "Please enter your Account Number.", 2);
    expectRefused(await add({ paymentId: gtb, userPayment: { realname: "Ada Obi", accountNumber: ADA_GTB, remark: "x".repeat(101) } }), "The note has at most 100 characters.", 2);

    const created = await add({ paymentId: String(gtb), userPayment: { realname: " Ada Obi ", accountNumber: ADA_GTB, remark: "x".repeat(100) } });
    expectOk(created);
    const id = created.data.id as number;
    let list = (await t.call("/userPayment/getPaymentList", {}, { token: u.token })).data.paymentList;
    expect(list).toEqual([
      { id, paymentid: gtb, paymentNameEn: "GTBank", paymentIcon: "", realname: "Ada Obi", accountNumber: ADA_GTB, receiveQr: null, remark: "x".repeat(100) },
    ]);

    const kuda = await bankIdByName(t, "Kuda");
    expectOk(await t.call("/userPayment/updatePayment", { paymentId: kuda, userPayment: { id, realname: "Ada N. Obi", accountNumber: ADA_KUDA, remark: "" } }, { token: u.token }));
    list = (await t.call("/userPayment/getPaymentList", {}, { token: u.token })).data.paymentList;
    expect(list[0]).toMatchObject({ id, paymentid: kuda, paymentNameEn: "Kuda", realname: "Ada N. Obi", accountNumber: ADA_KUDA, remark: null });

    expectOk(await t.call("/userPayment/removePayment", { userPayment: { id } }, { token: u.token }));
    expect((await t.call("/userPayment/getPaymentList", {}, { token: u.token })).data.paymentList).toEqual([]);
    expectRefused(await t.call("/userPayment/removePayment", { userPayment: { id } }, { token: u.token }), BANK_ACCOUNT_NOT_FOUND, 5);
    expectRefused(
      await t.call("/userPayment/updatePayment", { paymentId: kuda, userPayment: { id, realname: "A", accountNumber: ADA_KUDA } }, { token: u.token }),
      BANK_ACCOUNT_NOT_FOUND,
      5,
    );
    expectRefused(await t.call("/userPayment/getPaymentList", {}), undefined, 3);
  });

  it("the same bank and account number is kept once per user, however it is spaced, even when added twice at once", async () => {
    const u = await makeUser(t);
    const gtb = await bankIdByName(t, "GTBank");
    const opay = await bankIdByName(t, "Opay");
    const add = (paymentId: number, accountNumber: string) =>
      t.call("/userPayment/addPayment", { paymentId, userPayment: { realname: "Ada Obi", accountNumber } }, { token: u.token });
    const count = async () => (await t.call("/userPayment/getPaymentList", {}, { token: u.token })).data.paymentList.length;

    // 0803 123 4567 without its 0: a NUBAN at GTBank (by chance) and an OPay mobile-number account.
    const number = "8031234567";
    const first = await add(gtb, number);
    expectOk(first);
    expectRefused(await add(gtb, number), BANK_ACCOUNT_EXISTS, 0);
    expectRefused(await add(gtb, " 8031 234-567 "), BANK_ACCOUNT_EXISTS, 0);
    expect(await count()).toBe(1);
    // Another bank, or another user, may have the same number.
    const other = await add(opay, number);
    expectOk(other);
    expectOk(await t.call("/userPayment/addPayment", { paymentId: gtb, userPayment: { realname: "Ada Obi", accountNumber: number } }, { token: p.seller2.token }));
    // Editing one into the other is refused, and changes nothing.
    expectRefused(
      await t.call("/userPayment/updatePayment", { paymentId: gtb, userPayment: { id: other.data.id, realname: "Ada Obi", accountNumber: number } }, { token: u.token }),
      BANK_ACCOUNT_EXISTS,
      0,
    );
    // Removed, it may be added again.
    expectOk(await t.call("/userPayment/removePayment", { userPayment: { id: first.data.id } }, { token: u.token }));
    expectOk(await add(gtb, number));

    // Ten parallel adds of a new account: exactly one is kept, the others are told why.
    const racing = accountNumberAt("GTBank", 555_000_111);
    const racers = await Promise.all(Array.from({ length: 10 }, () => add(gtb, racing)));
    expect(racers.filter((r) => r.code === 1)).toHaveLength(1);
    for (const r of racers.filter((r) => r.code !== 1)) expectRefused(r, BANK_ACCOUNT_EXISTS, 0);
    const rows = await t.db.selectFrom("user_payments").select("id").where("user_id", "=", u.id).where("account_hash", "=", accountHashOf(t.backend.services.secrets, racing)).where("deleted_at", "is", null).execute();
    expect(rows).toHaveLength(1);
  });

  it("seller2 can neither see, edit nor remove the seller's accounts", async () => {
    const id = await addBank(t, p.seller.token, { realname: "Seller One" });
    const list2 = (await t.call("/userPayment/getPaymentList", {}, { token: p.seller2.token })).data.paymentList;
    expect(list2.some((a: { id: number }) => a.id === id)).toBe(false);
    const kuda = await bankIdByName(t, "Kuda");
    expectRefused(
      await t.call("/userPayment/updatePayment", { paymentId: kuda, userPayment: { id, realname: "Thief", accountNumber: ADA_KUDA } }, { token: p.seller2.token }),
      BANK_ACCOUNT_NOT_FOUND,
      5,
    );
    expectRefused(await t.call("/userPayment/removePayment", { userPayment: { id } }, { token: p.seller2.token }), BANK_ACCOUNT_NOT_FOUND, 5);
    const mine = (await t.call("/userPayment/getPaymentList", {}, { token: p.seller.token })).data.paymentList;
    expect(mine.find((a: { id: number }) => a.id === id)).toMatchObject({ realname: "Seller One", paymentNameEn: "GTBank" });
  });
});

// ---------------------------------------------------------------- withdrawals: the user's side

describe("userWithdraw: withdrawers", () => {
  it("lists the withdrawers, by currency, and one by id", async () => {
    const all = await t.call("/userWithdraw/getWithdrawer", {}, { token: p.seller.token });
    expectOk(all);
    expect(all.data.list.length).toBeGreaterThanOrEqual(4);
    const cash = all.data.list.find((w: { nickname: string }) => w.nickname === "CashPointNG");
    expect(cash).toMatchObject({ currency: "NGN", currencyRate: 5_350_000, minTrade: 1_000, maxTrade: 500_000, status: 1, tags: "Fast|Bank transfer|24/7" });
    expect((await t.call("/userWithdraw/getWithdrawer", { currency: "ngn" }, { token: p.seller.token })).data.list.length).toBe(all.data.list.length);
    expect((await t.call("/userWithdraw/getWithdrawer", { currency: "USD" }, { token: p.seller.token })).data.list).toEqual([]);
    expectRefused(await t.call("/userWithdraw/getWithdrawer", { currency: "$$" }, { token: p.seller.token }), "Unknown currency.", 2);
    const one = await t.call("/userWithdraw/getWithdrawerDetail", { id: cash.id }, { token: p.seller.token });
    expect(one.data.withdrawer).toEqual(cash);
    expectRefused(await t.call("/userWithdraw/getWithdrawerDetail", { id: 999_999 }, { token: p.seller.token }), "Withdrawer not found.", 5);
    expectRefused(await t.call("/userWithdraw/getWithdrawer", {}), undefined, 3);
  });
});

describe("userWithdraw/applyWithdraw", () => {
  let u: Party;
  let wid: number;
  let bank: number;

  beforeAll(async () => {
    u = await makeUser(t, { tradePassword: "246810" });
    wid = await makeWithdrawer(t, { userId: p.withdrawer.id, minTrade: 1_000, maxTrade: 500_000, remainBalance: 1_000_000, currencyRate: 5_350_000 });
    bank = await addBank(t, u.token, { realname: "Ada Obi", accountNumber: ADA_GTB });
  });

  const apply = (body: Record<string, unknown>, token = u.token) =>
    t.call("/userWithdraw/applyWithdraw", { withdrawerId: wid, userPaymentId: bank, tradePwd: "246810", ...body }, { token });

  it("refuses with the messages of docs/product/validation.md, verbatim", async () => {
    await setAvailable(t, u.id, 300_000);
    expectRefused(await apply({ amount: 999 }), "The Sell Coins must be between 10-5000 Coins.", 0);
    expectRefused(await apply({ amount: 500_001 }), "The Sell Coins must be between 10-5000 Coins.", 0);
    expectRefused(await apply({ amount: 300_001 }), MESSAGES.availableNotEnough, 0);
    expectRefused(await apply({ amount: 10_000, userPaymentId: undefined }), MESSAGES.bankAccountRequired, 2);
    expectRefused(await apply({ amount: 10_000, userPaymentId: "" }), MESSAGES.bankAccountRequired, 2);
    // Someone else's account, or a removed one, is not the user's.
    const foreign = await addBank(t, p.seller2.token);
    expectRefused(await apply({ amount: 10_000, userPaymentId: foreign }), MESSAGES.bankAccountRequired, 0);
    const gone = await addBank(t, u.token);
    expectOk(await t.call("/userPayment/removePayment", { userPayment: { id: gone } }, { token: u.token }));
    expectRefused(await apply({ amount: 10_000, userPaymentId: gone }), MESSAGES.bankAccountRequired, 0);
    // The trade password, when one is set.
    expectRefused(await apply({ amount: 10_000, tradePwd: "" }), TRADE_PASSWORD_MISSING, 0);
    expectRefused(await apply({ amount: 10_000, tradePwd: "12ab56" }), MESSAGES.tradePassword, 2);
    expectRefused(await apply({ amount: 10_000, tradePwd: "111111" }), BAD_TRADE_PWD, 0);
    expectRefused(await apply({ amount: 10_000, withdrawerId: 999_999 }), "Withdrawer not found.", 5);
    expectRefused(await apply({ amount: -5 }), "Please enter the coins to sell.", 2);
    expectRefused(await apply({ amount: 10.5 }), "Please enter the coins to sell.", 2);
    // Nothing moved.
    expect(await account(t, u.id)).toEqual({ amount: 300_000, frozen: 0 });
    expect(Number((await withdrawerRow(t, wid)).remain_balance)).toBe(1_000_000);
  });

  it("refuses beyond the withdrawer's remaining balance, a withdrawer not accepting, and selling to oneself", async () => {
    const small = await makeWithdrawer(t, { userId: p.withdrawer.id, minTrade: 1_000, maxTrade: 500_000, remainBalance: 5_000 });
    await setAvailable(t, u.id, 300_000);
    expectRefused(await apply({ amount: 5_001, withdrawerId: small }), MESSAGES.remainNotEnough, 0);
    const off = await makeWithdrawer(t, { userId: p.withdrawer.id, status: 0 });
    expectRefused(await apply({ amount: 5_000, withdrawerId: off }), WITHDRAWER_NOT_ACCEPTING, 0);
    const wBank = await addBank(t, p.withdrawer.token);
    await setAvailable(t, p.withdrawer.id, 100_000);
    expectRefused(
      await t.call("/userWithdraw/applyWithdraw", { withdrawerId: wid, amount: 5_000, userPaymentId: wBank }, { token: p.withdrawer.token }),
      NO_SELF_WITHDRAWAL,
      0,
    );
    await setAvailable(t, p.withdrawer.id, 0);
  });

  it("too many wrong trade passwords lock the account's attempts", async () => {
    const v = await makeUser(t, { tradePassword: "135790" });
    const vBank = await addBank(t, v.token);
    await setAvailable(t, v.id, 100_000);
    const body = { withdrawerId: wid, amount: 10_000, userPaymentId: vBank, tradePwd: "000000" };
    for (let i = 0; i < t.config.TRADE_PWD_LIMIT_PER_ACCOUNT; i++)
      expectRefused(await t.call("/userWithdraw/applyWithdraw", body, { token: v.token }), BAD_TRADE_PWD);
    expectRefused(await t.call("/userWithdraw/applyWithdraw", body, { token: v.token }), undefined, 6);
    // Even the right one now waits for the window to pass.
    expectRefused(await t.call("/userWithdraw/applyWithdraw", { ...body, tradePwd: "135790" }, { token: v.token }), undefined, 6);
    expect(await account(t, v.id)).toEqual({ amount: 100_000, frozen: 0 });
  });

  it("freezes the coins with a Withdraw bill, reserves the withdrawer's balance and snapshots the bank account", async () => {
    await setAvailable(t, u.id, 300_000);
    const before = Number((await withdrawerRow(t, wid)).remain_balance);
    const res = await apply({ amount: 123_456, remark: " thanks " });
    expectOk(res);
    const id = res.data.id as number;
    expect(id).toBeGreaterThanOrEqual(200_001);
    expect(await account(t, u.id)).toEqual({ amount: 300_000 - 123_456, frozen: 123_456 });
    expect(Number((await withdrawerRow(t, wid)).remain_balance)).toBe(before - 123_456);
    const bills = (await t.call("/userBill/getUserBillList", { type: 2 }, { token: u.token })).data.list;
    expect(bills[0]).toMatchObject({ type: 2, descriptionEn: "Sell coins to CashPointNG", transAmount: -123_456, currentAmount: 300_000 - 123_456, oppositeNickname: "CashPointNG" });

    const detail = await t.call("/userWithdraw/getWithdrawDetail", { id }, { token: u.token });
    expectOk(detail);
    expect(detail.data.withdrawal).toMatchObject({
      id,
      withdrawerId: wid,
      withdrawerName: "CashPointNG",
      status: 0,
      amount: 123_456,
      currency: "NGN",
      currencyRate: 5_350_000,
      // floor(123456 × 5350000 / 10000) hundredths of NGN = 660,489.60 NGN
      currencyAmount: 66_048_960,
      userRemark: "thanks",
      payPicture: null,
      reason: null,
      createTimestamp: t.clock.t,
      processTimestamp: null,
    });
    expect(JSON.parse(detail.data.withdrawal.userPayment)).toMatchObject({ id: bank, paymentNameEn: "GTBank", realname: "Ada Obi", accountNumber: ADA_GTB });
    // The Withdrawal badge counts it.
    expect((await t.call("/notice/checkNotice", {}, { token: u.token })).data.withdrawCount).toBe(1);

    // The bank account may be removed: the withdrawal keeps its snapshot.
    expectOk(await t.call("/userPayment/removePayment", { userPayment: { id: bank } }, { token: u.token }));
    const again = await t.call("/userWithdraw/getWithdrawDetail", { id }, { token: u.token });
    expect(JSON.parse(again.data.withdrawal.userPayment)).toMatchObject({ accountNumber: ADA_GTB });
    bank = await addBank(t, u.token, { realname: "Ada Obi", accountNumber: ADA_GTB });
    // Cancelled by the withdrawer for the next tests.
    expectOk(await staff(t, "/merchant/withdraw/cancel", { id, reason: "Test over." }, p.withdrawer.token));
  });

  it("a user without a trade password needs none", async () => {
    const v = await makeUser(t);
    const vBank = await addBank(t, v.token);
    await setAvailable(t, v.id, 20_000);
    const r = await t.call("/userWithdraw/applyWithdraw", { withdrawerId: wid, amount: 20_000, userPaymentId: vBank, tradePwd: "" }, { token: v.token });
    expectOk(r);
    expect(await account(t, v.id)).toEqual({ amount: 0, frozen: 20_000 });
    expectOk(await staff(t, "/merchant/withdraw/cancel", { id: r.data.id, reason: "Test over." }, p.withdrawer.token));
  });
});

describe("userWithdraw: lists and details", () => {
  it("lists only the user's withdrawals, newest first, with start/end and the cursor; details only to the owner", async () => {
    const u = await makeUser(t);
    const bank = await addBank(t, u.token);
    const wid = await makeWithdrawer(t, { userId: p.withdrawer.id });
    await setAvailable(t, u.id, 1_000_000);
    const base = t.clock.t;
    const ids: number[] = [];
    for (let i = 0; i < LIST_PAGE_SIZE + 2; i++) {
      t.clock.t = base + i * HOUR;
      const r = await t.call("/userWithdraw/applyWithdraw", { withdrawerId: wid, amount: 1_000, userPaymentId: bank }, { token: u.token });
      expectOk(r);
      ids.push(r.data.id);
    }
    t.clock.t = base;
    const first = await t.call("/userWithdraw/getWithdrawList", {}, { token: u.token });
    expect(first.data.list.map((w: { id: number }) => w.id)).toEqual([...ids].reverse().slice(0, LIST_PAGE_SIZE));
    const second = await t.call("/userWithdraw/getWithdrawList", { lastId: first.data.list.at(-1).id }, { token: u.token });
    expect(second.data.list.map((w: { id: number }) => w.id)).toEqual([ids[1], ids[0]]);
    expect((await t.call("/userWithdraw/getWithdrawList", { lastId: ids[0] }, { token: u.token })).data.list).toEqual([]);
    const ranged = await t.call("/userWithdraw/getWithdrawList", { start: base + 2 * HOUR, end: base + 4 * HOUR }, { token: u.token });
    expect(ranged.data.list.map((w: { id: number }) => w.id)).toEqual([ids[4], ids[3], ids[2]]);
    expectRefused(await t.call("/userWithdraw/getWithdrawList", { start: base + HOUR, end: base }, { token: u.token }), undefined, 2);

    // seller2 sees none of them and cannot open one.
    const other = await t.call("/userWithdraw/getWithdrawList", {}, { token: p.seller2.token });
    expect(other.data.list.some((w: { id: number }) => ids.includes(w.id))).toBe(false);
    expectRefused(await t.call("/userWithdraw/getWithdrawDetail", { id: ids[0] }, { token: p.seller2.token }), "Withdrawal not found.", 5);
    expectRefused(await t.call("/userWithdraw/getPayPicture", { id: ids[0] }, { token: p.seller2.token }), "Withdrawal not found.", 5);
    expectRefused(await t.call("/userWithdraw/getWithdrawDetail", { id: 1 }, { token: u.token }), "Withdrawal not found.", 5);
    expect((await t.call("/notice/checkNotice", {}, { token: u.token })).data.withdrawCount).toBe(LIST_PAGE_SIZE + 2);
    for (const id of ids) expectOk(await staff(t, "/merchant/withdraw/cancel", { id, reason: "Test over." }, p.withdrawer.token));
    expect((await t.call("/notice/checkNotice", {}, { token: u.token })).data.withdrawCount).toBe(0);
  });
});

// ---------------------------------------------------------------- withdrawals: the withdrawer's side

describe("merchant/withdraw", () => {
  let u: Party;
  let wid: number;
  let bank: number;

  beforeAll(async () => {
    u = await makeUser(t);
    wid = await makeWithdrawer(t, { userId: p.withdrawer.id, remainBalance: 10_000_000, currencyRate: 5_400_000 });
    bank = await addBank(t, u.token, { bank: "Opay", accountNumber: "8031234567", realname: "Tunde Bello" });
  });

  async function applied(amount = 50_000): Promise<number> {
    await setAvailable(t, u.id, (await account(t, u.id)).amount + amount);
    const r = await t.call("/userWithdraw/applyWithdraw", { withdrawerId: wid, amount, userPaymentId: bank }, { token: u.token });
    expectOk(r);
    return r.data.id;
  }

  const noticesOf = (id: number) => t.db.selectFrom("notices").selectAll().where("user_id", "=", u.id).where("ref_id", "=", id).where("type", "=", 2).orderBy("id").execute();

  it("process then complete with a payment picture: the frozen coins leave, no second bill, a notice per change", async () => {
    const id = await applied(50_000);
    const before = await account(t, u.id);
    const billsBefore = (await t.call("/userBill/getUserBillList", {}, { token: u.token })).data.list.length;

    const listed = await staff(t, "/merchant/withdraw/list", { status: 0 }, p.withdrawer.token);
    expect(listed.data.list.find((w: { id: number }) => w.id === id)).toMatchObject({ userId: u.id, userNickname: expect.any(String), status: 0, amount: 50_000, currencyAmount: 27_000_000 });

    // Not possible before processing.
    const picture = await payPicturePath(t, p.withdrawer.token);
    expect(picture).toMatch(/^\/blob\/payment\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.jpg$/);
    expectRefused(await staff(t, "/merchant/withdraw/complete", { id, payPicture: picture }, p.withdrawer.token), "This action is not possible while the withdrawal is Waiting.", 0);

    t.clock.advance(60_000);
    expectOk(await staff(t, "/merchant/withdraw/process", { id }, p.withdrawer.token));
    expectRefused(await staff(t, "/merchant/withdraw/process", { id }, p.withdrawer.token), "This action is not possible while the withdrawal is Processing.", 0);
    let w = (await t.call("/userWithdraw/getWithdrawDetail", { id }, { token: u.token })).data.withdrawal;
    expect(w).toMatchObject({ status: 1, processTimestamp: t.clock.t, payPicture: null });
    expectRefused(await t.call("/userWithdraw/getPayPicture", { id }, { token: u.token }), NO_PAY_PICTURE, 0);

    // The picture must be an uploaded payment picture of this withdrawer.
    expectRefused(await staff(t, "/merchant/withdraw/complete", { id, payPicture: "" }, p.withdrawer.token), "Please upload the payment picture.", 2);
    expectRefused(await staff(t, "/merchant/withdraw/complete", { id, payPicture: "/blob/payment/2026/11/nope.jpg" }, p.withdrawer.token), PAY_PICTURE_NOT_YOURS, 0);
    const otherPicture = await payPicturePath(t, p.withdrawer2.token);
    expectRefused(await staff(t, "/merchant/withdraw/complete", { id, payPicture: otherPicture }, p.withdrawer.token), PAY_PICTURE_NOT_YOURS, 0);

    t.clock.advance(60_000);
    expectOk(await staff(t, "/merchant/withdraw/complete", { id, payPicture: picture }, p.withdrawer.token));
    expect(await account(t, u.id)).toEqual({ amount: before.amount, frozen: before.frozen - 50_000 });
    expect((await t.call("/userBill/getUserBillList", {}, { token: u.token })).data.list.length).toBe(billsBefore);
    w = (await t.call("/userWithdraw/getWithdrawDetail", { id }, { token: u.token })).data.withdrawal;
    expect(w).toMatchObject({ status: 2, completeTimestamp: t.clock.t, payPicture: picture, cancelTimestamp: null });
    const notices = await noticesOf(id);
    expect(notices.map((n) => n.title_en)).toEqual(["Withdrawal processing", "Withdrawal completed"]);
    expect(notices[1]).toMatchObject({ trans_amount: 27_000_000, trans_currency: "NGN", trans_price: 50_000, opposite_user_id: p.withdrawer.id, goods_name: "Sell Coins" });
    expect(notices[1].content_en).toContain("270,000.00 NGN");
    expect(notices[1].content_en).toContain("Opay ••••4567");
    const changes = await t.db.selectFrom("withdrawal_changes").selectAll().where("withdrawal_id", "=", id).orderBy("id").execute();
    expect(changes.map((c) => [c.from_status, c.to_status, c.actor])).toEqual([
      [null, 0, "user"],
      [0, 1, "withdrawer"],
      [1, 2, "withdrawer"],
    ]);
    expect(Number((await withdrawerRow(t, wid)).sales)).toBe(1);

    // Only the owner and the withdrawer get the picture.
    const pic = await t.call("/userWithdraw/getPayPicture", { id }, { token: u.token });
    expectOk(pic);
    expect(pic.data.contentType).toBe("image/jpeg");
    expect(Buffer.from(pic.data.base64, "base64").subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const staffPic = await staff(t, "/merchant/withdraw/getPayPicture", { id }, p.withdrawer.token);
    expect(staffPic.data.base64).toBe(pic.data.base64);
    expectRefused(await staff(t, "/merchant/withdraw/getPayPicture", { id }, p.withdrawer2.token), "Withdrawal not found.", 5);
    expectRefused(await t.call("/userWithdraw/getPayPicture", { id }, { token: p.seller2.token }), "Withdrawal not found.", 5);
    // The blob route never serves payment pictures, key or no key.
    const blob = await t.backend.handle(new Request(`http://test${picture}`), { trusted: true });
    expect(blob.status).toBe(404);

    // Finished: neither cancel nor a second completion; and the picture cannot prove another payout.
    expectRefused(await staff(t, "/merchant/withdraw/cancel", { id, reason: "Late." }, p.withdrawer.token), "This action is not possible while the withdrawal is Completed.", 0);
    const next = await applied(10_000);
    expectOk(await staff(t, "/merchant/withdraw/process", { id: next }, p.withdrawer.token));
    expectRefused(await staff(t, "/merchant/withdraw/complete", { id: next, payPicture: picture }, p.withdrawer.token), PAY_PICTURE_USED, 0);
    expectOk(await staff(t, "/merchant/withdraw/complete", { id: next, payPicture: await payPicturePath(t, p.withdrawer.token) }, p.withdrawer.token));
  });

  it("cancel from Waiting or Processing returns the coins with a bill and restores the withdrawer's balance", async () => {
    for (const processFirst of [false, true]) {
      const before = await account(t, u.id);
      const remainBefore = Number((await withdrawerRow(t, wid)).remain_balance);
      const id = await applied(30_000);
      expect(Number((await withdrawerRow(t, wid)).remain_balance)).toBe(remainBefore - 30_000);
      if (processFirst) expectOk(await staff(t, "/merchant/withdraw/process", { id }, p.withdrawer.token));
      expectRefused(await staff(t, "/merchant/withdraw/cancel", { id, reason: "  " }, p.withdrawer.token), "Please give a reason.", 2);
      expectOk(await staff(t, "/merchant/withdraw/cancel", { id, reason: "The account name does not match." }, p.withdrawer.token));
      expect(await account(t, u.id)).toEqual({ amount: before.amount + 30_000, frozen: before.frozen });
      expect(Number((await withdrawerRow(t, wid)).remain_balance)).toBe(remainBefore);
      const bills = (await t.call("/userBill/getUserBillList", { type: 2 }, { token: u.token })).data.list;
      expect(bills[0]).toMatchObject({ descriptionEn: "Withdrawal cancelled: The account name does not match.", transAmount: 30_000 });
      expect(bills[1]).toMatchObject({ descriptionEn: "Sell coins to CashPointNG", transAmount: -30_000 });
      const w = (await t.call("/userWithdraw/getWithdrawDetail", { id }, { token: u.token })).data.withdrawal;
      expect(w).toMatchObject({ status: 3, reason: "The account name does not match.", cancelTimestamp: t.clock.t, payPicture: null });
      expect((await noticesOf(id)).at(-1)!.title_en).toBe("Withdrawal cancelled");
      expectRefused(await staff(t, "/merchant/withdraw/cancel", { id, reason: "Again." }, p.withdrawer.token), "This action is not possible while the withdrawal is Cancelled.", 0);
      expectRefused(await staff(t, "/merchant/withdraw/process", { id }, p.withdrawer.token), "This action is not possible while the withdrawal is Cancelled.", 0);
    }
  });

  it("only the withdrawer it was sent to may act on it; others' calls change nothing", async () => {
    const id = await applied(20_000);
    const listed2 = await staff(t, "/merchant/withdraw/list", {}, p.withdrawer2.token);
    expect(listed2.data.list.some((w: { id: number }) => w.id === id)).toBe(false);
    const picture2 = await payPicturePath(t, p.withdrawer2.token);
    expectRefused(await staff(t, "/merchant/withdraw/process", { id }, p.withdrawer2.token), "Withdrawal not found.", 5);
    expectRefused(await staff(t, "/merchant/withdraw/cancel", { id, reason: "Mine now." }, p.withdrawer2.token), "Withdrawal not found.", 5);
    expectOk(await staff(t, "/merchant/withdraw/process", { id }, p.withdrawer.token));
    expectRefused(await staff(t, "/merchant/withdraw/complete", { id, payPicture: picture2 }, p.withdrawer2.token), "Withdrawal not found.", 5);
    expect((await withdrawalRow(t, id)).status).toBe(1);

    // Users without the withdrawer role may not call /merchant/withdraw/* at all.
    for (const who of [p.seller, p.merchant, p.admin]) {
      expectRefused(await staff(t, "/merchant/withdraw/list", {}, who.token), "Access denied", 4);
      expectRefused(await staff(t, "/merchant/withdraw/process", { id }, who.token), "Access denied", 4);
      expectRefused(await staff(t, "/merchant/withdraw/complete", { id, payPicture: picture2 }, who.token), "Access denied", 4);
      expectRefused(await staff(t, "/merchant/withdraw/cancel", { id, reason: "No." }, who.token), "Access denied", 4);
    }
    expectRefused(await staff(t, "/merchant/withdraw/list", {}, ""), undefined, 3);
    // Nor upload payment pictures.
    expectRefused(await uploadPayment(t, p.seller.token), "Only withdrawers can upload payment pictures.", 4);
    expect((await withdrawalRow(t, id)).status).toBe(1);
    expectOk(await staff(t, "/merchant/withdraw/cancel", { id, reason: "Test over." }, p.withdrawer.token));
  });

  it("an administrator lists every withdrawal and cancels one stuck in Processing; nobody else may", async () => {
    const stuck = await applied(40_000);
    expectOk(await staff(t, "/merchant/withdraw/process", { id: stuck }, p.withdrawer.token));
    const before = await account(t, u.id);
    const remainBefore = Number((await withdrawerRow(t, wid)).remain_balance);

    const listed = (await staff(t, "/admin/withdraw/list", { status: 1 }, p.admin.token)).data.list;
    expect(listed.every((w: { status: number }) => w.status === 1)).toBe(true);
    expect(listed.find((w: { id: number }) => w.id === stuck)).toMatchObject({ userId: u.id, amount: 40_000, withdrawerName: expect.any(String) });
    expect((await staff(t, "/admin/withdraw/list", { lastId: stuck }, p.admin.token)).data.list.every((w: { id: number }) => w.id < stuck)).toBe(true);

    for (const who of [p.seller, p.withdrawer, p.merchant]) {
      expectRefused(await staff(t, "/admin/withdraw/list", {}, who.token), "Access denied", 4);
      expectRefused(await staff(t, "/admin/withdraw/cancel", { id: stuck, reason: "No." }, who.token), "Access denied", 4);
    }
    expectRefused(await staff(t, "/admin/withdraw/cancel", { id: stuck, reason: " " }, p.admin.token), "Please give a reason.", 2);
    expectRefused(await staff(t, "/admin/withdraw/cancel", { id: 99_999_999, reason: "Gone." }, p.admin.token), "Withdrawal not found.", 5);
    expect((await withdrawalRow(t, stuck)).status).toBe(1);

    expectOk(await staff(t, "/admin/withdraw/cancel", { id: stuck, reason: "The withdrawer did not pay within a day." }, p.admin.token));
    expect(await account(t, u.id)).toEqual({ amount: before.amount + 40_000, frozen: before.frozen - 40_000 });
    expect(Number((await withdrawerRow(t, wid)).remain_balance)).toBe(remainBefore + 40_000);
    const w = (await t.call("/userWithdraw/getWithdrawDetail", { id: stuck }, { token: u.token })).data.withdrawal;
    expect(w).toMatchObject({ status: 3, reason: "The withdrawer did not pay within a day." });
    expect((await noticesOf(stuck)).at(-1)!.title_en).toBe("Withdrawal cancelled");
    const change = await t.db.selectFrom("withdrawal_changes").selectAll().where("withdrawal_id", "=", stuck).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(change).toMatchObject({ actor: "admin", actor_user_id: p.admin.id });
    // Once: a second cancel (or the withdrawer completing it now) is refused.
    expectRefused(await staff(t, "/admin/withdraw/cancel", { id: stuck, reason: "Again." }, p.admin.token), "This action is not possible while the withdrawal is Cancelled.", 0);
    expectRefused(
      await staff(t, "/merchant/withdraw/complete", { id: stuck, payPicture: await payPicturePath(t, p.withdrawer.token) }, p.withdrawer.token),
      "This action is not possible while the withdrawal is Cancelled.",
      0,
    );
  });

  it("a status filter and the cursor on the withdrawer's list", async () => {
    const a = await applied(1_000);
    const b = await applied(1_000);
    expectOk(await staff(t, "/merchant/withdraw/process", { id: b }, p.withdrawer.token));
    const waiting = (await staff(t, "/merchant/withdraw/list", { status: 0 }, p.withdrawer.token)).data.list;
    expect(waiting.every((w: { status: number }) => w.status === 0)).toBe(true);
    expect(waiting.some((w: { id: number }) => w.id === a)).toBe(true);
    const all = (await staff(t, "/merchant/withdraw/list", { status: null }, p.withdrawer.token)).data.list;
    expect(all[0].id).toBe(b);
    expect((await staff(t, "/merchant/withdraw/list", { lastId: b }, p.withdrawer.token)).data.list[0].id).toBe(a);
    expectRefused(await staff(t, "/merchant/withdraw/list", { status: 7 }, p.withdrawer.token), "Unknown withdrawal status.", 2);
    for (const id of [a, b]) expectOk(await staff(t, "/merchant/withdraw/cancel", { id, reason: "Test over." }, p.withdrawer.token));
  });
});

// ---------------------------------------------------------------- the timer

describe("withdrawal timer", () => {
  it(`cancels a withdrawal still Waiting after ${WITHDRAWER_TIME_LIMIT_MINUTES} minutes; never one in Processing`, async () => {
    const u = await makeUser(t);
    const bank = await addBank(t, u.token);
    const wid = await makeWithdrawer(t, { userId: p.withdrawer.id });
    await setAvailable(t, u.id, 20_000);
    const apply = async () => (await t.call("/userWithdraw/applyWithdraw", { withdrawerId: wid, amount: 10_000, userPaymentId: bank }, { token: u.token })).data.id as number;
    const waiting = await apply();
    const processing = await apply();
    expectOk(await staff(t, "/merchant/withdraw/process", { id: processing }, p.withdrawer.token));
    const sweep = () => sweepWithdrawalTimers(t.backend.services, () => {});
    const saved = t.clock.t;

    t.clock.advance(WITHDRAWER_TIME_LIMIT_MINUTES * 60_000 - 1);
    expect((await sweep()).moved).toBe(0);
    t.clock.advance(1);
    expect((await sweep()).moved).toBe(1);
    expect(await withdrawalRow(t, waiting)).toMatchObject({ status: 3, reason: AUTO_CANCEL_REASON });
    expect((await withdrawalRow(t, processing)).status).toBe(1);
    expect(await account(t, u.id)).toEqual({ amount: 10_000, frozen: 10_000 });
    t.clock.advance(DAY);
    expect((await sweep()).moved).toBe(0);
    expectRefused(await staff(t, "/merchant/withdraw/cancel", { id: waiting, reason: "x" }, p.withdrawer.token), undefined, 0);
    expectOk(await staff(t, "/merchant/withdraw/cancel", { id: processing, reason: "Test over." }, p.withdrawer.token));
    t.clock.t = saved;
    // A lost race answers the clear message.
    expect(WITHDRAWAL_CHANGED).toMatch(/changed/);
  });
});

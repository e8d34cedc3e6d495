/**
 * Membership (ADRs 0022 and 0023) on a real database: points are money too (every change
 * of wealth_amount has its wealth record, the books check them); the daily check-in counts calendar
 * days in the user's zone, once under parallel submits, with a streak that resets after a missed
 * day; the point mall's limits hold under 30 parallel redeems; Vip Records page by cursor and by
 * number; levels follow the points earned.
 */
import { describe, expect, it } from "vitest";
import { Code } from "../../contract/envelope";
import { DEMO_LOGINS } from "../../backend/demo/world";
import { transaction } from "../../backend/db/index";
import { ALREADY_CHECKED_IN, CHECK_IN_DESCRIPTION } from "../../backend/modules/membership/check-in";
import { levelFor } from "../../backend/modules/membership/levels";
import { INSUFFICIENT_WEALTH, ITEM_LIMIT_REACHED, ITEM_UNAVAILABLE } from "../../backend/modules/membership/mall";
import { orderPoints } from "../../contract/money";
import { checkBooks } from "../../backend/modules/wallet/checks";
import { applyBalanceChanges } from "../../backend/modules/wallet/ledger";
import { expectLedgerBalanced } from "../support/ledger";
import { staff, userIdOf } from "../support/orders";
import { useBackend } from "../support/use-backend";
import { account, makeUser } from "../support/wallet";

const t = useBackend();
const LAGOS = "Africa/Lagos";
const TOKYO = "Asia/Tokyo";

/** Sets the controllable clock to an instant (forwards or back: every test uses fresh users). */
const moveTo = (iso: string) => t.b.clock.advance(Date.parse(iso) - t.b.clock.now().getTime());
const wealthOf = async (userId: number) =>
  Number((await t.b.db.selectFrom("accounts").select("wealth_amount").where("user_id", "=", userId).executeTakeFirst())?.wealth_amount ?? 0);
/** Signs the user in again: a session lasts a day of the moved clock. */
async function signInAgain(userId: number) {
  const u = await t.b.db.selectFrom("users").select("email").where("id", "=", userId).executeTakeFirstOrThrow();
  return t.b.login(u.email!);
}

async function givePoints(userId: number, amount: number) {
  await transaction(t.b.db, (trx) =>
    applyBalanceChanges(trx, userId, [{ part: "wealth", delta: amount }], { reason: "test points", wealthRecord: { type: 4, descriptionEn: "Test points" } }),
  );
}

const checkIn = (token: string, timeZone = LAGOS) => t.b.call("/userCheckIn/userCheckIn", {}, { token, timeZone });
const info = async (token: string, timeZone = LAGOS) => (await t.b.call("/userCheckIn/getCheckInInfo", {}, { token, timeZone })).data;
const exchange = (token: string, id: number, timeZone = LAGOS) => t.b.call("/wealthRedemption/wealthExchange", { id }, { token, timeZone });
const itemId = async (name: string) => (await t.b.db.selectFrom("redemption_items").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id;

describe("points are money too", () => {
  it("the demo world seeds the seller's points as wealth records, and the books balance", async () => {
    const seller = await userIdOf(t.b, DEMO_LOGINS.seller);
    const records = await t.b.db.selectFrom("wealth_records").selectAll().where("user_id", "=", seller).execute();
    expect(records.length).toBeGreaterThan(0);
    expect(await wealthOf(seller)).toBe(records.reduce((s, r) => s + Number(r.amount), 0));
    await expectLedgerBalanced(t.b.db);
  });

  it("a change of wealth without its wealth record is refused", async () => {
    const user = await makeUser(t.b);
    await expect(transaction(t.b.db, (trx) => applyBalanceChanges(trx, user.id, [{ part: "wealth", delta: 10 }], { reason: "no record" }))).rejects.toThrow(
      /wealth record/,
    );
    expect(await wealthOf(user.id)).toBe(0);
  });

  it("the books check reports an account whose points differ from its wealth records", async () => {
    const user = await makeUser(t.b);
    await givePoints(user.id, 30_000);
    expect((await checkBooks(t.b.db)).wealth).toEqual([]);
    await t.b.db.updateTable("accounts").set({ wealth_amount: 30_001 }).where("user_id", "=", user.id).execute();
    const books = await checkBooks(t.b.db);
    expect(books.ok).toBe(false);
    expect(books.wealth).toEqual([{ user_id: user.id, balance: 30_001, records: 30_000 }]);
    await t.b.db.updateTable("accounts").set({ wealth_amount: 30_000 }).where("user_id", "=", user.id).execute();
  });

  it("a points redemption code writes an Income record 'Redemption code'", async () => {
    const admin = await t.b.login(DEMO_LOGINS.admin);
    const batch = await staff(t.b, "/admin/redemptionCode/create", { kind: "points", value: 40_000, count: 1, perUserLimit: 1, expiresAt: t.b.clock.now().getTime() + 86_400_000 }, admin);
    const { codes } = batch.data as { codes: string[] };
    const user = await makeUser(t.b);
    expect((await t.b.call("/userRedemptionCode/confirmRedemptionCode", { redemptionCode: codes[0] }, { token: user.token })).code).toBe(Code.OK);
    const list = await t.b.call("/wealthRecord/wealthRecordList", {}, { token: user.token });
    expect(list.data.list).toEqual([expect.objectContaining({ type: 1, descriptionEn: "Redemption code", transAmount: 40_000 })]);
    await expectLedgerBalanced(t.b.db);
  });
});

describe("levels", () => {
  it("follow the points earned against upgradeWealth; spending does not demote", async () => {
    const thresholds = [0, 1_000_000, 5_000_000, 20_000_000, 50_000_000, 100_000_000, 300_000_000, 1_000_000_000];
    expect(levelFor(0, thresholds)).toBe(0);
    expect(levelFor(999_999, thresholds)).toBe(0);
    expect(levelFor(1_000_000, thresholds)).toBe(1);
    expect(levelFor(5_000_000_000, thresholds)).toBe(7);
    const user = await makeUser(t.b);
    await givePoints(user.id, 1_500_000);
    const balance = await t.b.call("/userInfo/getAccountBalance", {}, { token: user.token });
    expect(balance.data.level).toBe(1);
    expect(balance.data.account.wealthAmount).toBe(1_500_000);
    expect((await t.b.call("/userInfo/getProfileInfo", {}, { token: user.token })).data.profile.level).toBe(1);
    expect((await exchange(user.token, await itemId("Bonus 5 Coins"))).code).toBe(Code.OK);
    expect((await t.b.call("/userInfo/getAccountBalance", {}, { token: user.token })).data.level).toBe(1);
  });

  it("a completed order earns 1 point per coin paid, 10% more per level, rounded down", () => {
    expect(orderPoints(8_500, 0)).toBe(850_000); // 85 coins -> 85 points
    expect(orderPoints(8_501, 3)).toBe(Math.floor((8_501 * 100 * 13) / 10));
    expect(orderPoints(1, 7)).toBe(170);
  });
});

describe("daily check-in", () => {
  it("credits the day's reward once as an Income 'Daily check-in' record; a second one that day is refused", async () => {
    moveTo("2026-11-21T10:00:00Z");
    const user = await makeUser(t.b);
    expect(await info(user.token)).toEqual({ checkInCount: 0, isCheckIn: false });
    const res = await checkIn(user.token);
    expect(res.data).toEqual({ checkInCount: 1, reward: 10_000 });
    expect(await info(user.token)).toEqual({ checkInCount: 1, isCheckIn: true });
    expect((await checkIn(user.token)).msg).toBe(ALREADY_CHECKED_IN);
    const list = await t.b.call("/wealthRecord/wealthRecordList", { type: 1 }, { token: user.token });
    expect(list.data.list).toEqual([expect.objectContaining({ type: 1, descriptionEn: CHECK_IN_DESCRIPTION, transAmount: 10_000 })]);
    expect(await wealthOf(user.id)).toBe(10_000);
  });

  it("10 parallel submits check in exactly once", async () => {
    moveTo("2026-11-21T12:00:00Z");
    const user = await makeUser(t.b);
    const results = await Promise.all(Array.from({ length: 10 }, () => checkIn(user.token)));
    expect(results.filter((r) => r.code === Code.OK)).toHaveLength(1);
    for (const r of results.filter((r) => r.code !== Code.OK)) expect(r.msg).toBe(ALREADY_CHECKED_IN);
    expect(await wealthOf(user.id)).toBe(10_000);
    expect(await t.b.db.selectFrom("wealth_records").select("id").where("user_id", "=", user.id).execute()).toHaveLength(1);
    await expectLedgerBalanced(t.b.db);
  });

  it("a new day starts at midnight in the user's zone: Lagos (UTC+1) and Tokyo (UTC+9)", async () => {
    // 22:30 UTC is 23:30 in Lagos; half an hour later it is the next day there.
    moveTo("2026-11-21T22:30:00Z");
    const lagos = await makeUser(t.b);
    expect((await checkIn(lagos.token, LAGOS)).data.checkInCount).toBe(1);
    t.b.clock.advance(29 * 60_000); // 23:59 in Lagos
    expect((await checkIn(lagos.token, LAGOS)).msg).toBe(ALREADY_CHECKED_IN);
    t.b.clock.advance(2 * 60_000); // 23:01 UTC: 00:01 on Nov 22 in Lagos
    expect((await checkIn(lagos.token, LAGOS)).data).toEqual({ checkInCount: 2, reward: 10_000 });

    // 14:30 UTC is 23:30 in Tokyo but only 15:30 in Lagos.
    moveTo("2026-11-22T14:30:00Z");
    const tokyo = await makeUser(t.b);
    expect((await checkIn(tokyo.token, TOKYO)).data.checkInCount).toBe(1);
    t.b.clock.advance(3600_000); // 00:30 on Nov 23 in Tokyo
    expect(await info(tokyo.token, TOKYO)).toEqual({ checkInCount: 1, isCheckIn: false });
    expect((await checkIn(tokyo.token, TOKYO)).data).toEqual({ checkInCount: 2, reward: 10_000 });
    expect(await info(tokyo.token, TOKYO)).toEqual({ checkInCount: 2, isCheckIn: true });
    // A zone's name in any letter case is the same zone (and the same day).
    expect(await info(tokyo.token, "aSiA/tOkYo")).toEqual({ checkInCount: 2, isCheckIn: true });
  });

  it("the streak resets after a missed day; beyond the reward list every day earns its last reward", async () => {
    moveTo("2026-12-01T09:00:00Z");
    const user = await makeUser(t.b);
    const rewards: number[] = [];
    let token = user.token;
    for (let day = 0; day < 9; day++) {
      rewards.push((await checkIn(token)).data.reward);
      t.b.clock.advance(86_400_000);
      token = await signInAgain(user.id);
    }
    expect(rewards).toEqual([10_000, 10_000, 20_000, 20_000, 30_000, 30_000, 50_000, 50_000, 50_000]);
    // Today (day 10) not yet checked in: the streak of yesterday still counts.
    expect(await info(token)).toEqual({ checkInCount: 9, isCheckIn: false });
    t.b.clock.advance(86_400_000); // day 10 missed
    token = await signInAgain(user.id);
    expect(await info(token)).toEqual({ checkInCount: 0, isCheckIn: false });
    expect((await checkIn(token)).data).toEqual({ checkInCount: 1, reward: 10_000 });
    await expectLedgerBalanced(t.b.db);
  });

  it("a guest is told to log in", async () => {
    expect((await t.b.call("/userCheckIn/userCheckIn", {})).code).toBe(Code.NOT_LOGGED_IN);
    expect((await t.b.call("/wealthRedemption/wealthRedemptionList", {})).code).toBe(Code.NOT_LOGGED_IN);
  });
});

describe("point mall", () => {
  it("lists the items with the user's redeemed counts; short of points: 'Insufficient wealth, redeem failed.'", async () => {
    moveTo("2026-11-21T10:00:00Z");
    const user = await makeUser(t.b);
    const coins = await itemId("Bonus 5 Coins");
    const list = await t.b.call("/wealthRedemption/wealthRedemptionList", {}, { token: user.token });
    expect(list.data.redeemCountMap).toEqual({});
    expect(list.data.list.find((i: { id: number }) => i.id === coins)).toMatchObject({ restrictType: 2, limitNum: 3, remainNum: 3, showType: 1 });
    expect((await exchange(user.token, coins)).msg).toBe(INSUFFICIENT_WEALTH);
    expect(await wealthOf(user.id)).toBe(0);
  });

  it("redeeming the coins item: a negative Exchange record, an Income bill of 5 coins, the Point Order row", async () => {
    const user = await makeUser(t.b);
    await givePoints(user.id, 2_000_000);
    const coins = await itemId("Bonus 5 Coins");
    const res = await exchange(user.token, coins);
    expect(res.code, res.msg).toBe(Code.OK);
    expect(await wealthOf(user.id)).toBe(500_000);
    expect((await account(t.b, user.id)).amount).toBe(500);
    const bills = await t.b.call("/userBill/getUserBillList", {}, { token: user.token });
    expect(bills.data.list[0]).toMatchObject({ type: 1, transAmount: 500, descriptionEn: "Point mall: Bonus 5 Coins" });
    const orders = await t.b.call("/wealthRecord/pageWealthRecord", { page: { pageIndex: 1, pageSize: 10 }, type: 3 }, { token: user.token });
    expect(orders.data).toEqual({ total: 1, list: [expect.objectContaining({ type: 3, descriptionEn: "Bonus 5 Coins", transAmount: -1_500_000 })] });
    const list = await t.b.call("/wealthRedemption/wealthRedemptionList", {}, { token: user.token });
    expect(list.data.redeemCountMap).toEqual({ [String(coins)]: 1 });
    expect(list.data.list.find((i: { id: number }) => i.id === coins)).toMatchObject({ remainNum: 2, showType: 1 });
    await expectLedgerBalanced(t.b.db);
  });

  it("30 parallel redeems of an item with 5 left give exactly 5", async () => {
    const item = await t.b.db
      .insertInto("redemption_items")
      .values({ name: "Test sticker", pic: "/demo/mall-badge.svg", wealth_amount: 10_000, restrict_type: 2, limit_num: 5, show_type: 1, delivery: "coins", delivery_value: 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    const user = await makeUser(t.b);
    await givePoints(user.id, 1_000_000);
    const results = await Promise.all(Array.from({ length: 30 }, () => exchange(user.token, item.id)));
    expect(results.filter((r) => r.code === Code.OK)).toHaveLength(5);
    for (const r of results.filter((r) => r.code !== Code.OK)) expect(r.msg).toBe(ITEM_LIMIT_REACHED);
    expect(await wealthOf(user.id)).toBe(1_000_000 - 5 * 10_000);
    const list = await t.b.call("/wealthRedemption/wealthRedemptionList", {}, { token: user.token });
    expect(list.data.list.find((i: { id: number }) => i.id === item.id)).toMatchObject({ remainNum: 0, showType: 0 });
    await expectLedgerBalanced(t.b.db);
  });

  it("a monthly limit counts the calendar month in the user's zone", async () => {
    moveTo("2026-11-30T22:30:00Z"); // 23:30 on Nov 30 in Lagos
    const user = await makeUser(t.b, { mobile: `234-80${String(Date.now()).slice(-8)}` });
    await givePoints(user.id, 5_000_000);
    const airtime = await itemId("Airtime top-up ₦500");
    expect((await exchange(user.token, airtime)).code).toBe(Code.OK);
    expect((await exchange(user.token, airtime)).code).toBe(Code.OK);
    expect((await exchange(user.token, airtime)).msg).toBe(ITEM_LIMIT_REACHED);
    t.b.clock.advance(3600_000); // 00:30 on Dec 1 in Lagos
    expect((await exchange(user.token, airtime)).code).toBe(Code.OK);
  });

  it("an unavailable item and an unknown id are refused without spending", async () => {
    const user = await makeUser(t.b);
    await givePoints(user.id, 50_000_000);
    expect((await exchange(user.token, await itemId("Power bank 10000 mAh"))).msg).toBe(ITEM_UNAVAILABLE);
    expect((await exchange(user.token, 999_999)).code).toBe(Code.NOT_FOUND);
    // Past the items' int4 ids, and past any id at all: a message, never a server error.
    expect((await exchange(user.token, 3_000_000_000)).code).toBe(Code.NOT_FOUND);
    expect((await exchange(user.token, 2 ** 60)).code).toBe(2);
    const page = await t.b.call("/wealthRecord/pageWealthRecord", { page: { pageIndex: 2 ** 52, pageSize: 10 } }, { token: user.token });
    expect(page).toMatchObject({ code: 2, msg: "Invalid page." });
    expect(await wealthOf(user.id)).toBe(50_000_000);
  });
});

describe("Vip Records", () => {
  it("page by cursor (newest first, filtered by type) and by number with the total, each user only their own", async () => {
    const user = await makeUser(t.b);
    for (let i = 0; i < 25; i++) await givePoints(user.id, 100 + i);
    const first = await t.b.call("/wealthRecord/wealthRecordList", { lastId: 0 }, { token: user.token });
    expect(first.data.list).toHaveLength(20);
    expect(first.data.list[0].transAmount).toBe(124);
    const next = await t.b.call("/wealthRecord/wealthRecordList", { lastId: first.data.list[19].id }, { token: user.token });
    expect(next.data.list).toHaveLength(5);
    expect((await t.b.call("/wealthRecord/wealthRecordList", { type: 3 }, { token: user.token })).data.list).toEqual([]);
    const page3 = await t.b.call("/wealthRecord/pageWealthRecord", { page: { pageIndex: 3, pageSize: 10 }, type: 0 }, { token: user.token });
    expect(page3.data.total).toBe(25);
    expect(page3.data.list.map((r: { transAmount: number }) => r.transAmount)).toEqual([104, 103, 102, 101, 100]);
    const other = await makeUser(t.b);
    expect((await t.b.call("/wealthRecord/wealthRecordList", {}, { token: other.token })).data.list).toEqual([]);
  });
});

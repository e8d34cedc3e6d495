import { describe, expect, it } from "vitest";
import { LIST_PAGE_SIZE, REFERRAL_BONUS } from "../../contract/constants";
import { BillType, NoticeType } from "../../contract/enums";
import { newInviteCode } from "../../backend/modules/auth/users";
import { referralShare } from "../../contract/money";
import { checkBooks } from "../../backend/modules/wallet/checks";
import { PLATFORM_USER_ID } from "../../backend/modules/wallet/platform";
import type { TestBackend } from "../support/backend";
import { balances, billsOf, expectOk, makeAdvert, orderRow, placeOrder, setUpOrderTests, staff, type Parties, type Party } from "../support/orders";

/**
 * The referral programme (ADR 0024): rewards paid with the friend's completion,
 * exactly once, from the platform's account; the inviter's statistics and friends list.
 */

let t: TestBackend;
let p: Parties;
let advertId: number;

/** 100 USD at 85%: 85.00 coins paid, 3 per mille = 25.5 → 0.25 coins. */
const FACE = 10_000;
const PRICE = 8_500;
/** 1200 USD at 85%: 1020.00 coins, over the 1000-coin bonus line. */
const BIG_FACE = 120_000;
const BIG_PRICE = 102_000;

setUpOrderTests(async (world) => {
  ({ t, p } = world);
  advertId = await makeAdvert(t, { merchantId: p.merchant.id, discount: 8_500, maxTrade: 200_000 });
});

let n = 0;
/** A user invited by `inviterId` (the demo seller's password), signed in. */
async function newFriend(inviterId: number | null, createdAt?: Date): Promise<Party & { nickname: string }> {
  const pwd = await t.db.selectFrom("users").select("password_hash").where("id", "=", p.seller.id).executeTakeFirstOrThrow();
  const nickname = `friend_${++n}_${Date.now() % 100_000}`;
  const email = `${nickname}@example.com`;
  const row = await t.db
    .insertInto("users")
    .values({ email, nickname, password_hash: pwd.password_hash, invite_code: await newInviteCode(t.db), invited_by: inviterId, ...(createdAt ? { created_at: createdAt } : {}) })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, nickname, token: createdAt ? "" : await t.login(email) };
}

/** An order of `seller` viewed by the merchant (status 1, coins in escrow). */
async function viewedOrder(seller: Party, face = FACE): Promise<number> {
  const id = await placeOrder(t, seller.token, advertId, face);
  expectOk(await staff(t, "/merchant/order/view", { id }, p.merchant.token));
  return id;
}

const complete = (id: number) => staff(t, "/merchant/order/complete", { id }, p.merchant.token);

const rewardsOf = (friendId: number) => t.db.selectFrom("referral_rewards").selectAll().where("friend_id", "=", friendId).orderBy("id").execute();
const inviteBills = (userId: number) => t.db.selectFrom("bills").selectAll().where("user_id", "=", userId).where("type", "=", BillType.Invite).orderBy("id").execute();
const platformAmount = async () => (await balances(t, PLATFORM_USER_ID)).amount;

async function expectBooks() {
  const books = await checkBooks(t.db);
  expect({ ledger: books.ledger, frozen: books.frozen, orderStats: books.orderStats }).toEqual({ ledger: [], frozen: [], orderStats: [] });
}

describe("rewards", () => {
  it("3 per mille of a friend's completed order, rounded down, from the platform, with an Invite bill and a notice", async () => {
    const inviter = await newFriend(null);
    const friend = await newFriend(inviter.id);
    const platformBefore = await platformAmount();
    const id = await viewedOrder(friend);
    expectOk(await complete(id));

    expect((await orderRow(t, id)).real_total_price).toBe(PRICE);
    expect(referralShare(PRICE)).toBe(25);
    const bills = await inviteBills(inviter.id);
    expect(bills).toHaveLength(1);
    expect(bills[0]).toMatchObject({ trans_amount: 25, current_amount: 25, opposite_user_id: friend.id, description_en: `Invite reward: 0.3% of ${friend.nickname}'s order` });
    expect((await balances(t, inviter.id)).amount).toBe(25);
    expect(await platformAmount()).toBe(platformBefore - 25);
    expect(await rewardsOf(friend.id)).toMatchObject([{ inviter_id: inviter.id, order_id: id, kind: "share", amount: 25 }]);

    const notices = await t.db.selectFrom("notices").selectAll().where("user_id", "=", inviter.id).execute();
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ type: NoticeType.Referral, ref_id: friend.id, title_en: "Referral reward", trans_amount: 25 });
    expect(notices[0].content_en).toBe(`Your friend ${friend.nickname} completed an order. You earned 0.25 Coins.`);
    await expectBooks();
  });

  it("rounds down to a hundredth of a coin", () => {
    expect(referralShare(333)).toBe(0);
    expect(referralShare(334)).toBe(1);
    expect(referralShare(8_500)).toBe(25);
    expect(referralShare(102_000)).toBe(306);
    expect(referralShare(99_999)).toBe(299);
  });

  it("an order too small for a hundredth pays nothing and writes no reward", async () => {
    const inviter = await newFriend(null);
    const friend = await newFriend(inviter.id);
    // 3 USD at 85%: 2.55 coins; 3 per mille is 0.00765 coins.
    const small = await makeAdvert(t, { merchantId: p.merchant.id, discount: 8_500, minTrade: 100 });
    const id = await placeOrder(t, friend.token, small, 300);
    expectOk(await staff(t, "/merchant/order/view", { id }, p.merchant.token));
    expectOk(await complete(id));
    expect(await rewardsOf(friend.id)).toEqual([]);
    expect(await inviteBills(inviter.id)).toEqual([]);
    expect(await t.db.selectFrom("notices").select("id").where("user_id", "=", inviter.id).execute()).toEqual([]);
  });

  it("the 3-coin bonus comes with the first 1000-coin order only", async () => {
    const inviter = await newFriend(null);
    const friend = await newFriend(inviter.id);
    const first = await viewedOrder(friend, BIG_FACE);
    expectOk(await complete(first));
    const second = await viewedOrder(friend, BIG_FACE);
    expectOk(await complete(second));

    const rewards = await rewardsOf(friend.id);
    expect(rewards.map((r) => [r.order_id, r.kind, r.amount])).toEqual([
      [first, "share", 306],
      [first, "bonus", REFERRAL_BONUS],
      [second, "share", 306],
    ]);
    expect((await inviteBills(inviter.id)).map((b) => b.trans_amount)).toEqual([306, REFERRAL_BONUS, 306]);
    expect((await inviteBills(inviter.id))[1].description_en).toBe(`Invite bonus: ${friend.nickname}'s first 1000-coin order`);
    expect((await balances(t, inviter.id)).amount).toBe(306 * 2 + REFERRAL_BONUS);
    expect((await orderRow(t, first)).real_total_price).toBe(BIG_PRICE);
    await expectBooks();
  });

  it("a seller without an inviter pays no one", async () => {
    const loner = await newFriend(null);
    const platformBefore = await platformAmount();
    const id = await viewedOrder(loner, BIG_FACE);
    expectOk(await complete(id));
    expect(await rewardsOf(loner.id)).toEqual([]);
    expect(await platformAmount()).toBe(platformBefore);
    await expectBooks();
  });

  it("a merchant is not rewarded for buying from a friend it invited itself", async () => {
    const friend = await newFriend(p.merchant.id);
    const platformBefore = await platformAmount();
    const id = await viewedOrder(friend, BIG_FACE);
    expectOk(await complete(id));
    expect(await rewardsOf(friend.id)).toEqual([]);
    expect(await inviteBills(p.merchant.id)).toEqual([]);
    expect(await platformAmount()).toBe(platformBefore);
    await expectBooks();
  });

  it("a negotiated price pays 3 per mille of what the friend was paid", async () => {
    const inviter = await newFriend(null);
    const friend = await newFriend(inviter.id);
    const id = await viewedOrder(friend);
    expectOk(
      await staff(t, "/merchant/order/negotiate", { id, arbitrationType: 3, arbitrationApplyAmount: 9_000, arbitrationApplyPrice: 7_650, arbitrationContent: "90 USD only." }, p.merchant.token),
    );
    expectOk(await t.call("/order/acceptDispute", { id }, { token: friend.token }));
    expect((await rewardsOf(friend.id)).map((r) => r.amount)).toEqual([referralShare(7_650)]);
    await expectBooks();
  });
});

describe(`rewards under races (${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  it("20 parallel completes of one order: the seller is paid once and the inviter rewarded once", async () => {
    const inviter = await newFriend(null);
    const friend = await newFriend(inviter.id);
    const id = await viewedOrder(friend, BIG_FACE);
    const results = await Promise.all(Array.from({ length: 20 }, () => complete(id)));
    expect(results.filter((r) => r.code === 1)).toHaveLength(1);
    expect(await billsOf(t, friend.id, id)).toHaveLength(1);
    expect((await balances(t, friend.id)).amount).toBe(BIG_PRICE);
    expect((await rewardsOf(friend.id)).map((r) => r.kind)).toEqual(["share", "bonus"]);
    expect((await balances(t, inviter.id)).amount).toBe(306 + REFERRAL_BONUS);
    expect(await inviteBills(inviter.id)).toHaveLength(2);
    await expectBooks();
  });

  it("two 1000-coin orders of one friend completing at once: one bonus", async () => {
    const inviter = await newFriend(null);
    const friend = await newFriend(inviter.id);
    const a = await viewedOrder(friend, BIG_FACE);
    const b = await viewedOrder(friend, BIG_FACE);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => complete(i % 2 ? a : b)));
    expect(results.filter((r) => r.code === 1)).toHaveLength(2);
    const rewards = await rewardsOf(friend.id);
    expect(rewards.filter((r) => r.kind === "bonus")).toHaveLength(1);
    expect(rewards.filter((r) => r.kind === "share")).toHaveLength(2);
    expect((await balances(t, inviter.id)).amount).toBe(306 * 2 + REFERRAL_BONUS);
    await expectBooks();
  });
});

describe("/userShare calls", () => {
  it("getShareStatistics: the caller's invite count and the sum of its rewards", async () => {
    const inviter = await newFriend(null);
    const friend = await newFriend(inviter.id);
    await newFriend(inviter.id);
    expectOk(await complete(await viewedOrder(friend, BIG_FACE)));
    const res = await t.call("/userShare/getShareStatistics", {}, { token: inviter.token });
    expectOk(res);
    expect(res.data).toEqual({ inviteCount: 2, inviteAward: 306 + REFERRAL_BONUS });
    const sum = (await inviteBills(inviter.id)).reduce((s, b) => s + b.trans_amount, 0);
    expect(res.data.inviteAward).toBe(sum);
    // Someone else's figures are their own.
    const other = await t.call("/userShare/getShareStatistics", {}, { token: friend.token });
    expect(other.data).toEqual({ inviteCount: 0, inviteAward: 0 });
  });

  it("getShareUsers: the caller's friends, newest first, with their figures", async () => {
    const inviter = await newFriend(null);
    const older = await newFriend(inviter.id, new Date(Date.now() - 60_000));
    const seller = await newFriend(inviter.id);
    await newFriend(seller.id); // a friend of a friend is not the inviter's
    const id = await viewedOrder(seller, BIG_FACE);
    expectOk(await complete(id));
    const completedAt = (await orderRow(t, id)).completed_at!.getTime();

    const res = await t.call("/userShare/getShareUsers", {}, { token: inviter.token });
    expectOk(res);
    expect(res.data.list.map((u: { nickname: string }) => u.nickname)).toEqual([seller.nickname, older.nickname]);
    expect(res.data.list[0]).toMatchObject({ sellTradeNum: 1, sellTradeAmount: BIG_PRICE, lastTradeTime: completedAt, inviteShareAward: 306 + REFERRAL_BONUS });
    expect(res.data.list[1]).toMatchObject({ sellTradeNum: 0, sellTradeAmount: 0, lastTradeTime: null, inviteShareAward: 0 });
    expect(typeof res.data.list[0].avatar).toBe("string");
  });

  it("getShareUsers pages by registerTime; friends sharing the last millisecond stay on one page", async () => {
    const inviter = await newFriend(null);
    const base = Date.now() - 3_600_000;
    // 30 friends one second apart, then 3 more in the millisecond of the 20th newest.
    const times = Array.from({ length: 30 }, (_, i) => base + i * 1000);
    for (const ms of times) await newFriend(inviter.id, new Date(ms));
    const tie = times[30 - LIST_PAGE_SIZE];
    for (let i = 0; i < 3; i++) await newFriend(inviter.id, new Date(tie));

    const seen: number[] = [];
    let cursor: number | undefined;
    const sizes: number[] = [];
    for (let guard = 0; guard < 10; guard++) {
      const res = await t.call("/userShare/getShareUsers", cursor ? { registerTime: cursor } : {}, { token: inviter.token });
      expectOk(res);
      const list = res.data.list as { registerTime: number }[];
      sizes.push(list.length);
      seen.push(...list.map((u) => u.registerTime));
      if (list.length < LIST_PAGE_SIZE) break;
      cursor = list[list.length - 1].registerTime;
    }
    expect(sizes).toEqual([LIST_PAGE_SIZE + 3, 10]);
    expect(seen).toHaveLength(33);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
  });

  it("guests get code 3; a bad cursor is refused", async () => {
    expect((await t.call("/userShare/getShareStatistics", {})).code).toBe(3);
    expect((await t.call("/userShare/getShareUsers", {})).code).toBe(3);
    // A word, or a time past the last date JavaScript has: a message, not a server error.
    for (const registerTime of ["soon", 9_000_000_000_000_000]) {
      const res = await t.call("/userShare/getShareUsers", { registerTime }, { token: p.seller.token });
      expect(res.code).toBe(2);
      expect(res.msg).toBeTruthy();
    }
  });
});

describe("the platform account", () => {
  it("is seeded by the migration, cannot sign in, and only its available coins may go below zero", async () => {
    const u = await t.db.selectFrom("users").selectAll().where("id", "=", PLATFORM_USER_ID).executeTakeFirstOrThrow();
    expect(u.email).toBe("platform@giftmarket.invalid");
    const login = await t.call("/userAuth/login", { type: "EMAIL", loginName: u.email!, loginPwd: "anything1" });
    expect(login.code).not.toBe(1);
    await expect(t.db.updateTable("accounts").set({ amount: -1 }).where("user_id", "=", p.seller.id).execute()).rejects.toThrow();
    await expect(t.db.updateTable("accounts").set({ frozen_amount: -1 }).where("user_id", "=", PLATFORM_USER_ID).execute()).rejects.toThrow();
  });
});

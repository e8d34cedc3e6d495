import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIST_PAGE_SIZE } from "../../contract/constants";
import { DEMO_LOGINS } from "../../backend/demo/world";
import { createTestBackend, type TestBackend } from "../support/backend";

let t: TestBackend;
let sellerToken: string;
let seller2Token: string;
let sellerId: number;
let seller2Id: number;
let merchant: { id: number; nickname: string; avatar: string };
/** Ids of the seller's notices, oldest first; the first READ_COUNT start read. */
let sellerNoticeIds: number[] = [];
let seller2NoticeId: number;

const TOTAL = LIST_PAGE_SIZE + 5;
const READ_COUNT = 3;
const BASE_TIME = Date.parse("2026-11-01T08:00:00Z");

const userOf = (email: string) => t.db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
const statusOf = async (id: number) => (await t.db.selectFrom("notices").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;
const unreadInDb = async (userId: number) =>
  Number(
    (
      await t.db
        .selectFrom("notices")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("user_id", "=", userId)
        .where("status", "=", 0)
        .executeTakeFirstOrThrow()
    ).n,
  );

function expectInvalid(res: { code: number; msg?: string }) {
  expect(res.code).toBe(2);
  expect(res.msg).toBeTruthy();
}

beforeAll(async () => {
  t = await createTestBackend();
  sellerToken = await t.login(DEMO_LOGINS.seller);
  seller2Token = await t.login(DEMO_LOGINS.seller2);
  sellerId = (await userOf(DEMO_LOGINS.seller)).id;
  seller2Id = (await userOf(DEMO_LOGINS.seller2)).id;
  merchant = await userOf(DEMO_LOGINS.merchants[0]);

  // Notices for the seller (alternately order notices with a merchant, and withdrawal notices without one),
  // interleaved with one for seller2 so ids of the two users mix.
  for (let i = 0; i < TOTAL; i++) {
    const order = i % 2 === 0;
    const row = await t.db
      .insertInto("notices")
      .values({
        user_id: sellerId,
        type: order ? 1 : 2,
        ref_id: 500 + i,
        status: i < READ_COUNT ? 1 : 0,
        title_en: `Title ${i}`,
        content_en: `Content ${i}`,
        opposite_user_id: order ? merchant.id : null,
        goods_name: order ? "Apple Gift Card" : null,
        trans_amount: order ? 10_000 + i : null,
        trans_currency: order ? "USD" : null,
        trans_price: order ? 8_600 + i : null,
        created_at: new Date(BASE_TIME + i * 60_000),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    sellerNoticeIds.push(row.id);
    if (i === 10) {
      const other = await t.db
        .insertInto("notices")
        .values({ user_id: seller2Id, type: 1, ref_id: 999, title_en: "Seller2 only", content_en: "Private", created_at: new Date(BASE_TIME) })
        .returning("id")
        .executeTakeFirstOrThrow();
      seller2NoticeId = other.id;
    }
  }
});

afterAll(async () => {
  await t?.close();
});

describe("signed-out callers", () => {
  it("get code 3 from every notice call", async () => {
    for (const [path, body] of [
      ["/notice/checkNotice", {}],
      ["/notice/getNoticeList", { lastId: 0 }],
      ["/notice/setRead", { id: sellerNoticeIds[5] }],
      ["/notice/setAllRead", {}],
    ] as const) {
      const res = await t.call(path, body);
      expect(res.code, path).toBe(3);
      expect((await t.call(path, body, { token: "expired-or-forged" })).code, path).toBe(3);
    }
    expect(await unreadInDb(sellerId)).toBe(TOTAL - READ_COUNT);
  });
});

describe("/notice/checkNotice", () => {
  it("returns the badge counts and the latest 5 unread notices, mapped per contract", async () => {
    const res = await t.call("/notice/checkNotice", {}, { token: sellerToken });
    expect(res.code).toBe(1);
    expect(res.data.orderCount).toBe(0);
    expect(res.data.withdrawCount).toBe(0);
    expect(res.data.unRead).toBe(TOTAL - READ_COUNT);
    expect(res.data.list.map((n: { id: number }) => n.id)).toEqual(sellerNoticeIds.slice(-5).reverse());
    for (const n of res.data.list) expect(n.status).toBe(0);

    const i = TOTAL - 1; // the newest notice
    const newest = res.data.list[0];
    const order = i % 2 === 0;
    expect(newest).toEqual({
      id: sellerNoticeIds[i],
      type: order ? 1 : 2,
      refId: 500 + i,
      status: 0,
      titleEn: `Title ${i}`,
      contentEn: `Content ${i}`,
      createtime: BASE_TIME + i * 60_000,
      oppositeNickname: order ? merchant.nickname : null,
      oppositePhoto: order ? merchant.avatar : null,
      goodsName: order ? "Apple Gift Card" : null,
      transAmount: order ? 10_000 + i : null,
      transCurrency: order ? "USD" : null,
      transPrice: order ? 8_600 + i : null,
    });
    const other = res.data.list[1];
    expect(other.type).toBe(order ? 2 : 1);
    expect(other.oppositeNickname).toBe(order ? null : merchant.nickname);
  });

  it("says who is asking as the top bar shows her, so a new nickname or avatar shows on the next page (ADR 0059)", async () => {
    const before = await t.call("/notice/checkNotice", {}, { token: seller2Token });
    const row = await userOf(DEMO_LOGINS.seller2);
    expect(before.data.user).toEqual({ id: seller2Id, nickname: row.nickname, avatar: row.avatar, isBusiness: 0, level: row.level, desks: { merchant: false, withdrawer: false, staff: false } });
    await t.db.updateTable("users").set({ nickname: "Seller2_renamed", avatar: "/demo/avatar-3.svg" }).where("id", "=", seller2Id).execute();
    try {
      const after = await t.call("/notice/checkNotice", {}, { token: seller2Token });
      expect(after.data.user).toMatchObject({ id: seller2Id, nickname: "Seller2_renamed", avatar: "/demo/avatar-3.svg" });
    } finally {
      await t.db.updateTable("users").set({ nickname: row.nickname, avatar: row.avatar }).where("id", "=", seller2Id).execute();
    }
  });

  it("shows each user only their own notices", async () => {
    const res = await t.call("/notice/checkNotice", undefined, { token: seller2Token });
    expect(res.code).toBe(1);
    expect(res.data.unRead).toBe(1);
    expect(res.data.list.map((n: { id: number }) => n.id)).toEqual([seller2NoticeId]);
    expect(res.data.list[0]).toMatchObject({ titleEn: "Seller2 only", oppositeNickname: null, transAmount: null });
  });

  it("rejects a body that is not JSON", async () => {
    const res = await t.raw("/client/notice/checkNotice", "[[", { token: sellerToken });
    expectInvalid(await res.json());
  });
});

describe("/notice/getNoticeList", () => {
  it("pages the user's notices newest first by the id of the last item", async () => {
    const first = await t.call("/notice/getNoticeList", { lastId: null }, { token: sellerToken });
    expect(first.code).toBe(1);
    const newestFirst = [...sellerNoticeIds].reverse();
    expect(first.data.list.map((n: { id: number }) => n.id)).toEqual(newestFirst.slice(0, LIST_PAGE_SIZE));

    const lastId = first.data.list[first.data.list.length - 1].id;
    const second = await t.call("/notice/getNoticeList", { lastId }, { token: sellerToken });
    expect(second.data.list.map((n: { id: number }) => n.id)).toEqual(newestFirst.slice(LIST_PAGE_SIZE));
    // Read and unread alike: the oldest READ_COUNT are read.
    expect(second.data.list.slice(-READ_COUNT).map((n: { status: number }) => n.status)).toEqual([1, 1, 1]);
    expect(second.data.list.map((n: { id: number }) => n.id)).not.toContain(seller2NoticeId);

    const third = await t.call("/notice/getNoticeList", { lastId: second.data.list[second.data.list.length - 1].id }, { token: sellerToken });
    expect(third.data.list).toEqual([]);

    const noCursor = await t.call("/notice/getNoticeList", {}, { token: sellerToken });
    expect(noCursor.data.list).toEqual(first.data.list);
    const zero = await t.call("/notice/getNoticeList", { lastId: "0" }, { token: sellerToken });
    expect(zero.data.list).toEqual(first.data.list);
  });

  it("rejects a bad cursor with code 2", async () => {
    expectInvalid(await t.call("/notice/getNoticeList", { lastId: "abc" }, { token: sellerToken }));
    expectInvalid(await t.call("/notice/getNoticeList", { lastId: -1 }, { token: sellerToken }));
    expectInvalid(await t.call("/notice/getNoticeList", { lastId: 1.5 }, { token: sellerToken }));
  });
});

describe("/notice/setRead", () => {
  it("does not let another user mark the seller's notice read", async () => {
    const id = sellerNoticeIds[10]!;
    expect(await statusOf(id)).toBe(0);
    const res = await t.call("/notice/setRead", { id }, { token: seller2Token });
    expect(res.code).not.toBe(1);
    expect(res.msg).toBe("Notice not found.");
    expect(await statusOf(id)).toBe(0);
    expect(await unreadInDb(sellerId)).toBe(TOTAL - READ_COUNT);
  });

  it("marks the user's own notice read, once or twice", async () => {
    const id = sellerNoticeIds[10]!;
    const res = await t.call("/notice/setRead", { id }, { token: sellerToken });
    expect(res).toEqual({ code: 1, data: null });
    expect(await statusOf(id)).toBe(1);
    expect((await t.call("/notice/setRead", { id: String(id) }, { token: sellerToken })).code).toBe(1);
    const check = await t.call("/notice/checkNotice", {}, { token: sellerToken });
    expect(check.data.unRead).toBe(TOTAL - READ_COUNT - 1);
    // The other user's notice is untouched.
    expect(await statusOf(seller2NoticeId)).toBe(0);
  });

  it("answers 'Notice not found.' for unknown ids and code 2 for bad ones", async () => {
    const res = await t.call("/notice/setRead", { id: 987_654 }, { token: sellerToken });
    expect(res.code).not.toBe(1);
    expect(res.msg).toBe("Notice not found.");
    expectInvalid(await t.call("/notice/setRead", {}, { token: sellerToken }));
    expectInvalid(await t.call("/notice/setRead", { id: "first" }, { token: sellerToken }));
    expectInvalid(await t.call("/notice/setRead", { id: 0 }, { token: sellerToken }));
  });
});

describe("/notice/setAllRead", () => {
  it("marks all of the user's notices read and nobody else's", async () => {
    const res = await t.call("/notice/setAllRead", {}, { token: sellerToken });
    expect(res).toEqual({ code: 1, data: null });
    expect(await unreadInDb(sellerId)).toBe(0);
    expect(await unreadInDb(seller2Id)).toBe(1);
    const check = await t.call("/notice/checkNotice", {}, { token: sellerToken });
    // deskWaiting is the merchant desk's badge: 0 for a seller (ADR 0036).
    expect(check.data).toEqual({ orderCount: 0, withdrawCount: 0, unRead: 0, list: [], deskWaiting: 0, deskWithdrawals: 0, user: expect.objectContaining({ id: sellerId }) });
    const list = await t.call("/notice/getNoticeList", {}, { token: sellerToken });
    for (const n of list.data.list) expect(n.status).toBe(1);
    // Idempotent.
    expect((await t.call("/notice/setAllRead", undefined, { token: sellerToken })).code).toBe(1);
  });

  it("rejects a body that is not JSON", async () => {
    const res = await t.raw("/client/notice/setAllRead", "nope", { token: seller2Token });
    expectInvalid(await res.json());
    expect(await unreadInDb(seller2Id)).toBe(1);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../contract/fields";
import { DEMO_LOGINS, WITHDRAWER_BAIL } from "../../backend/demo/world";
import { createTestBackend, type TestBackend } from "../support/backend";

let t: TestBackend;
let sellerToken: string;
let seller2Token: string;
let sellerId: number;

const userOf = (email: string) => t.db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirstOrThrow();

function expectInvalid(res: { code: number; msg?: string }, msg?: string | RegExp) {
  expect(res.code).toBe(2);
  expect(res.msg).toBeTruthy();
  if (msg !== undefined) expect(res.msg).toMatch(msg);
}

const USER_CALLS = [
  ["/userInfo/getAccountBalance", {}],
  ["/userInfo/getProfileInfo", {}],
  ["/userInfo/updateNickname", { nickname: "Someone_1" }],
  ["/userInfo/updateAvatar", { avatar: "/demo/avatar-2.svg" }],
] as const;

beforeAll(async () => {
  t = await createTestBackend();
  sellerToken = await t.login(DEMO_LOGINS.seller);
  seller2Token = await t.login(DEMO_LOGINS.seller2);
  sellerId = (await userOf(DEMO_LOGINS.seller)).id;
});

afterAll(async () => {
  await t?.close();
});

describe("signed-out callers", () => {
  it("get code 3 from every 'user' call and change nothing", async () => {
    const before = await userOf(DEMO_LOGINS.seller);
    for (const [path, body] of USER_CALLS) {
      const res = await t.call(path, body);
      expect(res.code, path).toBe(3);
      expect(res.msg).toBeTruthy();
      const bad = await t.call(path, body, { token: "not-a-real-token" });
      expect(bad.code, path).toBe(3);
    }
    expect(await userOf(DEMO_LOGINS.seller)).toEqual(before);
  });
});

describe("/userInfo/getAccountBalance", () => {
  it("returns the balances of the account row and the level", async () => {
    const res = await t.call("/userInfo/getAccountBalance", {}, { token: sellerToken });
    expect(res.code).toBe(1);
    const acc = await t.db.selectFrom("accounts").selectAll().where("user_id", "=", sellerId).executeTakeFirstOrThrow();
    expect(res.data).toEqual({
      account: { amount: acc.amount, frozenAmount: acc.frozen_amount, bailAmount: acc.bail_amount, wealthAmount: acc.wealth_amount },
      // The demo seller has earned 400 points (demo wealth records): v1 (ADR 0022).
      level: 1,
    });
    expect(res.data.account.amount).toBe(250_000);
  });

  it("reflects the withdrawer deposit and the level column", async () => {
    const w = await userOf(DEMO_LOGINS.withdrawers[0]);
    await t.db.updateTable("users").set({ level: 3 }).where("id", "=", w.id).execute();
    const token = await t.login(DEMO_LOGINS.withdrawers[0]);
    const res = await t.call("/userInfo/getAccountBalance", undefined, { token });
    expect(res.code).toBe(1);
    expect(res.data.account.bailAmount).toBe(WITHDRAWER_BAIL);
    expect(res.data.level).toBe(3);
  });

  it("rejects a body that is not JSON", async () => {
    const res = await t.raw("/client/userInfo/getAccountBalance", "{oops", { token: sellerToken });
    expectInvalid(await res.json());
  });
});

describe("/userInfo/getProfileInfo", () => {
  it("returns the profile flags, bound contacts, statistics and deposit", async () => {
    const res = await t.call("/userInfo/getProfileInfo", {}, { token: sellerToken });
    expect(res.code).toBe(1);
    expect(res.data.profile).toEqual({
      id: sellerId,
      avatar: "/demo/avatar-1.svg",
      nickname: "DemoSeller",
      isBusiness: 0,
      onlineStatus: 1,
      level: 1,
      nicknameChanged: 0,
      tradepwdFlag: 1,
      emailBindFlag: 1,
      mobileBindFlag: 1,
      kycAuthFlag: 0,
      kycAuthStatus: 0,
      inviteCode: "DSELLA",
      frame: null,
      badge: null,
    });
    expect(res.data.account).toEqual({ email: DEMO_LOGINS.seller, mobile: DEMO_LOGINS.sellerMobile });
    expect(res.data.bail_amount).toBe(0);
    expect(res.data.statistics).toEqual({
      totalNum: 0,
      totalAmount: 0,
      beTrustNum: 0,
      beBlackNum: 0,
      inviteCount: 0,
      tradeNum: 0,
      favourableNum: 0,
      negativeNum: 0,
      tradeAmount: 0,
    });
  });

  it("sets flags to 0 for what is not bound", async () => {
    const res = await t.call("/userInfo/getProfileInfo", {}, { token: seller2Token });
    expect(res.code).toBe(1);
    expect(res.data.profile).toMatchObject({ tradepwdFlag: 0, emailBindFlag: 1, mobileBindFlag: 0, inviteCode: "DSELLB" });
    expect(res.data.account).toEqual({ email: DEMO_LOGINS.seller2, mobile: null });
  });

  it("counts invited friends and reports the deposit as bail_amount", async () => {
    for (const n of [1, 2]) {
      await t.db
        .insertInto("users")
        .values({ email: `friend${n}@test.test`, nickname: `Friend${n}`, password_hash: "x", invite_code: `FRND0${n}`, invited_by: sellerId })
        .execute();
    }
    const res = await t.call("/userInfo/getProfileInfo", {}, { token: sellerToken });
    expect(res.data.statistics.inviteCount).toBe(2);

    const token = await t.login(DEMO_LOGINS.withdrawers[1]);
    const w = await t.call("/userInfo/getProfileInfo", {}, { token });
    expect(w.data.bail_amount).toBe(WITHDRAWER_BAIL);
    expect(w.data.profile.isBusiness).toBe(1);
  });

  it("shows kycAuthFlag 1 once the certificate is submitted", async () => {
    const u = await userOf(DEMO_LOGINS.merchants[0]);
    await t.db.updateTable("users").set({ kyc_auth_status: 1 }).where("id", "=", u.id).execute();
    const token = await t.login(DEMO_LOGINS.merchants[0]);
    const res = await t.call("/userInfo/getProfileInfo", {}, { token });
    expect(res.data.profile).toMatchObject({ kycAuthFlag: 1, kycAuthStatus: 1 });
  });
});

describe("/userInfo/getUserInfo", () => {
  it("returns another user's public profile and statistics, never contacts", async () => {
    const m = await userOf("merchant5@demo.test");
    const res = await t.call("/userInfo/getUserInfo", { userId: m.id });
    expect(res.code).toBe(1);
    expect(res.data.profile).toEqual({ id: m.id, avatar: m.avatar, nickname: "NightOwlCards", isBusiness: 1, onlineStatus: 0, level: 0, frame: null, badge: null });
    expect(res.data.statistics.inviteCount).toBe(0);
    const text = JSON.stringify(res);
    expect(text).not.toContain("@demo.test");
    expect(text).not.toMatch(/email|mobile|inviteCode|tradepwd/i);
  });

  it("accepts a numeric string id and counts the user's invitations", async () => {
    const res = await t.call("/userInfo/getUserInfo", { userId: String(sellerId) }, { token: seller2Token });
    expect(res.code).toBe(1);
    expect(res.data.profile.nickname).toBe("DemoSeller");
    expect(res.data.statistics.inviteCount).toBe(2);
    expect(JSON.stringify(res)).not.toContain(DEMO_LOGINS.sellerMobile);
  });

  it("answers 'User not found.' for an unknown id and code 2 for bad input", async () => {
    const res = await t.call("/userInfo/getUserInfo", { userId: 999_999 });
    expect(res.code).not.toBe(1);
    expect(res.msg).toBe("User not found.");
    expectInvalid(await t.call("/userInfo/getUserInfo", {}));
    expectInvalid(await t.call("/userInfo/getUserInfo", { userId: "me" }), "The id must be a number.");
    expectInvalid(await t.call("/userInfo/getUserInfo", { userId: 0 }), "The id must be a number.");
  });
});

describe("/userInfo/updateNickname", () => {
  it("changes the nickname once, then refuses", async () => {
    const res = await t.call("/userInfo/updateNickname", { nickname: "  Fresh_Name2 " }, { token: seller2Token });
    expect(res).toEqual({ code: 1, data: null });
    const u = await userOf(DEMO_LOGINS.seller2);
    expect(u).toMatchObject({ nickname: "Fresh_Name2", nickname_changed: true });
    const profile = await t.call("/userInfo/getProfileInfo", {}, { token: seller2Token });
    expect(profile.data.profile.nickname).toBe("Fresh_Name2");

    const again = await t.call("/userInfo/updateNickname", { nickname: "Other_Name" }, { token: seller2Token });
    expect(again.code).not.toBe(1);
    expect(again.msg).toBe("The nickname can be changed only once.");
    expect((await userOf(DEMO_LOGINS.seller2)).nickname).toBe("Fresh_Name2");
  });

  it("lets only one of two concurrent changes through", async () => {
    const token = await t.login(DEMO_LOGINS.merchants[2]);
    const [a, b] = await Promise.all([
      t.call("/userInfo/updateNickname", { nickname: "RaceA" }, { token }),
      t.call("/userInfo/updateNickname", { nickname: "RaceB" }, { token }),
    ]);
    const codes = [a.code, b.code].sort();
    expect(codes[0]).not.toBe(1);
    expect(codes).toContain(1);
    const winner = a.code === 1 ? "RaceA" : "RaceB";
    expect((await userOf(DEMO_LOGINS.merchants[2])).nickname).toBe(winner);
  });

  it("rejects nicknames outside 2-20 letters, digits and underscores", async () => {
    const before = await userOf(DEMO_LOGINS.seller);
    for (const nickname of ["a", "x".repeat(21), "bad name", "<script>", ""]) {
      expectInvalid(await t.call("/userInfo/updateNickname", { nickname }, { token: sellerToken }), MESSAGES.nickname);
    }
    expectInvalid(await t.call("/userInfo/updateNickname", { nickname: 42 }, { token: sellerToken }), MESSAGES.nickname);
    expectInvalid(await t.call("/userInfo/updateNickname", {}, { token: sellerToken }));
    const after = await userOf(DEMO_LOGINS.seller);
    expect(after).toMatchObject({ nickname: before.nickname, nickname_changed: false });
  });
});

describe("/userInfo/updateAvatar", () => {
  it("accepts a built-in avatar; an uploaded one only when this user uploaded it", async () => {
    const res = await t.call("/userInfo/updateAvatar", { avatar: "/demo/avatar-7.svg" }, { token: sellerToken });
    expect(res).toEqual({ code: 1, data: null });
    expect((await userOf(DEMO_LOGINS.seller)).avatar).toBe("/demo/avatar-7.svg");

    // A path that names no upload, and another user's upload, are refused; the avatar stays.
    const mine = "/files/avatar/3f9a1c2e-0000-4000-8000-000000000001.jpg";
    const theirs = "/files/avatar/3f9a1c2e-0000-4000-8000-000000000002.jpg";
    const seller2Id = (await userOf(DEMO_LOGINS.seller2)).id;
    for (const [path, userId] of [[mine, sellerId], [theirs, seller2Id]] as const)
      await t.db.insertInto("uploads").values({ path, user_id: userId, kind: "avatar", secret_hash: null, bytes: 1000, created_at: new Date() }).execute();
    for (const avatar of ["/files/avatar/none.jpg", theirs, "/demo/avatar-11.svg"]) {
      const r = await t.call("/userInfo/updateAvatar", { avatar }, { token: sellerToken });
      expect(r.code, avatar).toBe(2);
      expect(r.msg).toBe("Please choose one of the avatars or upload an image.");
    }
    expect((await userOf(DEMO_LOGINS.seller)).avatar).toBe("/demo/avatar-7.svg");

    expect((await t.call("/userInfo/updateAvatar", { avatar: mine }, { token: sellerToken })).code).toBe(1);
    expect((await userOf(DEMO_LOGINS.seller)).avatar).toBe(mine);
    const profile = await t.call("/userInfo/getProfileInfo", {}, { token: sellerToken });
    expect(profile.data.profile.avatar).toBe(mine);
  });

  it("refuses anything that is not a local avatar path, and keeps the old one", async () => {
    const before = (await userOf(DEMO_LOGINS.seller)).avatar;
    for (const avatar of [
      "https://evil.example/a.png",
      "http://localhost/files/avatar/a.png",
      "//evil.example/files/avatar/a.png",
      "javascript:alert(1)",
      "JavaScript:alert(1)//.svg",
      "data:image/svg+xml;base64,PHN2Zz4=",
      "/files/avatar/../../etc/passwd",
      "/files/avatar/",
      "/files/order/abc.jpg",
      "/demo/avatar-1.svg?x=1",
      "/demo/avatar-x.svg",
      "/demo/banner-home-1.svg",
      "files/avatar/a.png",
    ]) {
      const res = await t.call("/userInfo/updateAvatar", { avatar }, { token: sellerToken });
      expect(res.code, avatar).toBe(2);
      expect(res.msg).toBe("Please choose one of the avatars or upload an image.");
    }
    expectInvalid(await t.call("/userInfo/updateAvatar", {}, { token: sellerToken }));
    expectInvalid(await t.call("/userInfo/updateAvatar", { avatar: "   " }, { token: sellerToken }));
    expectInvalid(await t.call("/userInfo/updateAvatar", { avatar: 12 }, { token: sellerToken }));
    expect((await userOf(DEMO_LOGINS.seller)).avatar).toBe(before);
  });
});

describe("/userInfo/getDesks", () => {
  it("names the desks of each role and no other", async () => {
    const desksOf = async (login: string) => (await t.call("/userInfo/getDesks", {}, { token: await t.login(login) })).data;
    expect(await desksOf(DEMO_LOGINS.seller)).toEqual({ merchant: false, withdrawer: false, staff: false });
    expect(await desksOf(DEMO_LOGINS.merchants[0])).toEqual({ merchant: true, withdrawer: false, staff: false });
    // Withdrawers are certified merchants too (isBusiness 1 in the demo world).
    expect(await desksOf(DEMO_LOGINS.withdrawers[0])).toEqual({ merchant: true, withdrawer: true, staff: false });
    expect(await desksOf(DEMO_LOGINS.admin)).toEqual({ merchant: false, withdrawer: false, staff: true });
    expect((await t.call("/userInfo/getDesks", {})).code).toBe(3);
  });
});

/**
 * Authentication calls (docs/product/validation.md, docs/product/calls.md Authentication, docs/product/messages.md) end to end: a real
 * backend on PGlite, seeded with the demo world, called through its Fetch handler.
 *
 * Every describe block that moves rate-limit counters or the clock gets its own
 * backend, so no test depends on what another one left behind.
 */
import { describe, expect, it } from "vitest";
import { Code } from "../../contract/envelope";
import { DEMO_LOGINS } from "../../backend/demo/world";
import {
  BAD_INVITE,
  BAD_LOGIN,
  BAD_TRADE_PWD,
  EMAIL_TAKEN,
  NO_MOBILE_BOUND,
  PHONE_TAKEN,
  SET_TRADE_PWD_FIRST,
  ACCOUNT_SIGN_IN_LOCKED,
} from "../../backend/modules/auth/handlers";
import { WRONG_CODE } from "../../backend/modules/auth/codes";
import { hashPassword } from "../../backend/security/passwords";
import { SESSION_END_MESSAGES, sessionOf } from "../../backend/security/tokens";
import type { TestBackend } from "../support/backend";
import { withCheckDigit } from "../../contract/bank-accounts";
import { useBackend } from "../support/use-backend";

// docs/product/validation.md, verbatim.
const MSG = {
  email: "Please enter a valid email address.",
  phone: "Please enter a valid phone number.",
  code: "Please enter a valid code.",
  nickname: "Username consists of 2 to 20 alphanumeric characters or underscores.",
  password: "Password: 6-16 characters, only letters and numbers",
  oldPassword: "OldPassword: 6-16 characters, only letters and numbers",
  newPassword: "NewPassword: 6-16 characters, only letters and numbers",
  tradePassword: "Trade Password: 6 numbers.",
};

const SELLER = DEMO_LOGINS.seller;
const SELLER2 = DEMO_LOGINS.seller2;
const SELLER_MOBILE = DEMO_LOGINS.sellerMobile;
const PWD = DEMO_LOGINS.password;
const TRADE_PWD = DEMO_LOGINS.tradePassword;
const TOO_MANY = /too many/i;

/** A 6-digit code that is certainly not `code`. */
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

const userByEmail = (b: TestBackend, email: string) =>
  b.db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
const userByMobile = (b: TestBackend, mobile: string) =>
  b.db.selectFrom("users").selectAll().where("mobile", "=", mobile).executeTakeFirst();
const userCount = async (b: TestBackend) =>
  Number((await b.db.selectFrom("users").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
const outboxCount = async (b: TestBackend, to?: string) => {
  let q = b.db.selectFrom("outbox").select((eb) => eb.fn.countAll().as("n"));
  if (to) q = q.where("recipient", "=", to);
  return Number((await q.executeTakeFirstOrThrow()).n);
};

/** A call that only succeeds with a valid session (and has no other effect worth noting). */
const whoAmI = (b: TestBackend, token?: string) =>
  b.call("/userRemark/addUserRemark", { remark: "probe" }, token === undefined ? {} : { token });

/** Sends a REGISTER code by e-mail and registers with it. */
async function registerByEmail(b: TestBackend, email: string, nickname: string, loginPwd = "abc12345", extra: Record<string, unknown> = {}) {
  const sent = await b.call("/userAuth/sendCodeByEmail", { email, type: "REGISTER" });
  expect(sent.code, sent.msg).toBe(Code.OK);
  const code = await b.latestCode(email.toLowerCase(), "REGISTER");
  return b.call("/userAuth/register", { email, code, nickname, loginPwd, ...extra });
}

// ---------------------------------------------------------------------------

describe("login", () => {
  const t = useBackend();

  it("signs in by e-mail and returns a token", async () => {
    const res = await t.b.call("/userAuth/login", { loginName: SELLER, loginPwd: PWD, type: "EMAIL" });
    expect(res.code).toBe(Code.OK);
    expect(typeof res.data.token).toBe("string");
    expect(res.data.token.length).toBeGreaterThanOrEqual(32);
    expect(Object.keys(res.data)).toEqual(["token"]);
    expect((await whoAmI(t.b, res.data.token)).code).toBe(Code.OK);
  });

  it("signs in by mobile ('interCode-number')", async () => {
    const res = await t.b.call("/userAuth/login", { loginName: SELLER_MOBILE, loginPwd: PWD, type: "MOBILE" });
    expect(res.code).toBe(Code.OK);
    expect(typeof res.data.token).toBe("string");
  });

  it("matches e-mails case-insensitively and ignores surrounding spaces", async () => {
    const res = await t.b.call("/userAuth/login", { loginName: "  SELLER@Demo.Test ", loginPwd: PWD, type: "EMAIL" });
    expect(res.code).toBe(Code.OK);
  });

  it("each login gets its own token", async () => {
    const a = await t.b.login(SELLER);
    const b = await t.b.login(SELLER);
    expect(a).not.toBe(b);
  });

  it("refuses a wrong password with a message and no token", async () => {
    const res = await t.b.call("/userAuth/login", { loginName: SELLER, loginPwd: "wrong123", type: "EMAIL" });
    expect(res.code).not.toBe(Code.OK);
    expect(res.msg).toBe(BAD_LOGIN);
    expect(res.data).toBeUndefined();
  });

  it("answers an unknown account exactly like a wrong password", async () => {
    const wrong = await t.b.call("/userAuth/login", { loginName: SELLER, loginPwd: "wrong123", type: "EMAIL" });
    const unknown = await t.b.call("/userAuth/login", { loginName: "nobody@demo.test", loginPwd: PWD, type: "EMAIL" });
    const unknownMobile = await t.b.call("/userAuth/login", { loginName: "234-8099999999", loginPwd: PWD, type: "MOBILE" });
    expect(unknown).toEqual(wrong);
    expect(unknownMobile).toEqual(wrong);
  });

  it("does not let an e-mail sign in as type MOBILE or a mobile as type EMAIL", async () => {
    const a = await t.b.call("/userAuth/login", { loginName: SELLER, loginPwd: PWD, type: "MOBILE" });
    expect(a.code).toBe(Code.INVALID);
    expect(a.msg).toBe(MSG.phone);
    const b = await t.b.call("/userAuth/login", { loginName: SELLER_MOBILE, loginPwd: PWD, type: "EMAIL" });
    expect(b.code).toBe(Code.INVALID);
    expect(b.msg).toBe(MSG.email);
  });

  it.each([
    ["an invalid e-mail for type EMAIL", { loginName: "seller@demo", loginPwd: PWD, type: "EMAIL" }, MSG.email],
    ["an e-mail with spaces inside", { loginName: "sel ler@demo.test", loginPwd: PWD, type: "EMAIL" }, MSG.email],
    ["a non-numeric mobile", { loginName: "234-80abc00001", loginPwd: PWD, type: "MOBILE" }, MSG.phone],
    ["a mobile without its interCode", { loginName: "+2348000000001", loginPwd: PWD, type: "MOBILE" }, MSG.phone],
    ["a password of 5 characters", { loginName: SELLER, loginPwd: "demo1", type: "EMAIL" }, MSG.password],
    ["a password of 33 characters", { loginName: SELLER, loginPwd: "a".repeat(33), type: "EMAIL" }, MSG.password],
    ["a missing password", { loginName: SELLER, type: "EMAIL" }, MSG.password],
  ])("refuses %s with code 2 and the spec message", async (_name, body, msg) => {
    const res = await t.b.call("/userAuth/login", body);
    expect(res.code).toBe(Code.INVALID);
    expect(res.msg).toBe(msg);
  });

  it("refuses a missing or unknown type and a missing login name with code 2", async () => {
    for (const body of [
      { loginName: SELLER, loginPwd: PWD },
      { loginName: SELLER, loginPwd: PWD, type: "PHONE" },
      { loginPwd: PWD, type: "EMAIL" },
      { loginName: "", loginPwd: PWD, type: "EMAIL" },
      {},
    ]) {
      const res = await t.b.call("/userAuth/login", body);
      expect(res.code, JSON.stringify(body)).toBe(Code.INVALID);
      expect(res.msg, JSON.stringify(body)).toBeTruthy();
    }
  });

  it("at login, any 6-32 characters are a password (the letters-and-digits rule is for new ones)", async () => {
    const res = await t.b.call("/userAuth/login", { loginName: SELLER, loginPwd: "p@ss w0rd!", type: "EMAIL" });
    expect(res.code).not.toBe(Code.INVALID);
    expect(res.msg).toBe(BAD_LOGIN);
  });
});

// ---------------------------------------------------------------------------

describe("tokens and logout", () => {
  const t = useBackend();

  it("a call that needs a user answers code 3 without a token", async () => {
    const res = await t.b.call("/userAuth/updatePassword", { oldPassword: PWD, newPassword: "abc12345" });
    expect(res.code).toBe(Code.NOT_LOGGED_IN);
    expect(res.msg).toBeTruthy();
  });

  it("answers code 3 for a garbage, empty-looking or over-long token", async () => {
    for (const token of ["garbage", "Bearer nonsense", "x".repeat(500)]) {
      const res = await t.b.call("/userAuth/updatePassword", { oldPassword: PWD, newPassword: "abc12345" }, { token });
      expect(res.code, token.slice(0, 20)).toBe(Code.NOT_LOGGED_IN);
    }
  });

  it("checks the session before the body: a bad body without a token is still code 3", async () => {
    const res = await t.b.call("/userAuth/updatePassword", { oldPassword: 1 }, {});
    expect(res.code).toBe(Code.NOT_LOGGED_IN);
  });

  it("accepts the token bare or as 'Bearer <token>'", async () => {
    const token = await t.b.login(SELLER);
    expect((await whoAmI(t.b, token)).code).toBe(Code.OK);
    expect((await whoAmI(t.b, `Bearer ${token}`)).code).toBe(Code.OK);
  });

  it("logout revokes that token only", async () => {
    const a = await t.b.login(SELLER);
    const b = await t.b.login(SELLER);
    const out = await t.b.call("/userAuth/logout", {}, { token: a });
    expect(out.code).toBe(Code.OK);
    expect(out.data).toBeNull();
    expect((await whoAmI(t.b, a)).code).toBe(Code.NOT_LOGGED_IN);
    expect((await t.b.call("/userAuth/updatePassword", { oldPassword: PWD, newPassword: "abc12345" }, { token: a })).code).toBe(
      Code.NOT_LOGGED_IN,
    );
    expect((await whoAmI(t.b, b)).code).toBe(Code.OK);
    // Logging out twice is harmless.
    expect((await t.b.call("/userAuth/logout", {}, { token: a })).code).toBe(Code.OK);
  });

  it("logout without a token (or with a garbage one) succeeds", async () => {
    expect((await t.b.call("/userAuth/logout")).code).toBe(Code.OK);
    expect((await t.b.call("/userAuth/logout", {}, { token: "garbage" })).code).toBe(Code.OK);
  });

  it("stores only a hash of the token", async () => {
    const token = await t.b.login(SELLER);
    const rows = await t.b.db.selectFrom("user_tokens").select("token_hash").execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
  });

  it("a token expires after TOKEN_TTL_HOURS", async () => {
    const token = await t.b.login(SELLER);
    expect((await whoAmI(t.b, token)).code).toBe(Code.OK);
    t.b.clock.advance(t.b.config.TOKEN_TTL_HOURS * 3600_000 + 1000);
    expect((await whoAmI(t.b, token)).code).toBe(Code.NOT_LOGGED_IN);
  });

  it("a call finds its session, the user's row with it, in one statement", async () => {
    const token = await t.b.login(SELLER);
    const statements: string[] = [];
    const recorded = t.b.db.withPlugin({
      transformQuery: ({ node }) => (statements.push(node.kind), node),
      transformResult: async ({ result }) => result,
    });
    const { user, endedBecause } = await sessionOf(recorded, token, t.b.clock.now());
    expect(statements).toEqual(["SelectQueryNode"]);
    // The user's own row, every column and nothing of the token's (both tables have created_at).
    const row = await t.b.db.selectFrom("users").selectAll().where("email", "=", SELLER).executeTakeFirstOrThrow();
    expect(user).toEqual(row);
    expect(endedBecause).toBeUndefined();
    expect(await sessionOf(t.b.db, "not-a-token", t.b.clock.now())).toEqual({});
  });
});

// ---------------------------------------------------------------------------

describe("registration", () => {
  const t = useBackend();

  it("by e-mail: REGISTER code from the outbox, register, then login", async () => {
    const res = await registerByEmail(t.b, "New.User@Example.com", "new_user1", "abc12345");
    expect(res.code, res.msg).toBe(Code.OK);
    expect(res.data).toBeNull();
    const row = await userByEmail(t.b, "new.user@example.com");
    expect(row).toBeDefined();
    expect(row!.nickname).toBe("new_user1");
    expect(row!.mobile).toBeNull();
    expect(row!.invited_by).toBeNull();
    expect(row!.trade_pwd_hash).toBeNull();
    expect(row!.invite_code).toMatch(/^[A-Z2-9]{6}$/);
    expect(row!.password_hash).not.toContain("abc12345");
    // A wallet account comes with the user.
    const account = await t.b.db.selectFrom("accounts").selectAll().where("user_id", "=", row!.id).executeTakeFirst();
    expect(account).toBeDefined();
    expect((await t.b.call("/userAuth/login", { loginName: "new.user@example.com", loginPwd: "abc12345", type: "EMAIL" })).code).toBe(Code.OK);
  });

  it("by phone: REGISTER code by SMS, register, then login by mobile", async () => {
    const phone = "234-8011111111";
    const sent = await t.b.call("/userAuth/sendCodeByPhone", { phone, type: "REGISTER" });
    expect(sent.code, sent.msg).toBe(Code.OK);
    const out = await t.b.db.selectFrom("outbox").selectAll().where("recipient", "=", phone).executeTakeFirstOrThrow();
    expect(out.channel).toBe("sms");
    const code = await t.b.latestCode(phone, "REGISTER");
    expect(code).toMatch(/^\d{6}$/);
    const res = await t.b.call("/userAuth/register", { phone, code, nickname: "phone_user", loginPwd: "Phone123" });
    expect(res.code, res.msg).toBe(Code.OK);
    const row = await userByMobile(t.b, phone);
    expect(row?.email).toBeNull();
    expect((await t.b.call("/userAuth/login", { loginName: phone, loginPwd: "Phone123", type: "MOBILE" })).code).toBe(Code.OK);
  });

  it("a valid invite code sets invited_by (case-insensitively)", async () => {
    const seller = await userByEmail(t.b, SELLER);
    const res = await registerByEmail(t.b, "invited@example.com", "invited_1", "abc12345", { inviteCode: seller!.invite_code.toLowerCase() });
    expect(res.code, res.msg).toBe(Code.OK);
    expect((await userByEmail(t.b, "invited@example.com"))!.invited_by).toBe(seller!.id);
  });

  it("an unknown invite code is refused, no user is written, and the code stays usable", async () => {
    const email = "badinvite@example.com";
    await t.b.call("/userAuth/sendCodeByEmail", { email, type: "REGISTER" });
    const code = await t.b.latestCode(email, "REGISTER");
    const before = await userCount(t.b);
    const res = await t.b.call("/userAuth/register", { email, code, nickname: "bad_invite", loginPwd: "abc12345", inviteCode: "ZZZZZZ" });
    expect(res.code).not.toBe(Code.OK);
    expect(res.msg).toBe(BAD_INVITE);
    expect(await userCount(t.b)).toBe(before);
    expect(await userByEmail(t.b, email)).toBeUndefined();
    const again = await t.b.call("/userAuth/register", { email, code, nickname: "bad_invite", loginPwd: "abc12345", inviteCode: "" });
    expect(again.code, again.msg).toBe(Code.OK);
    expect((await userByEmail(t.b, email))!.invited_by).toBeNull();
  });

  it("a wrong code is refused and no user is written", async () => {
    const email = "wrongcode@example.com";
    await t.b.call("/userAuth/sendCodeByEmail", { email, type: "REGISTER" });
    const code = await t.b.latestCode(email, "REGISTER");
    const before = await userCount(t.b);
    const res = await t.b.call("/userAuth/register", { email, code: otherCode(code), nickname: "wrong_code", loginPwd: "abc12345" });
    expect(res.code).not.toBe(Code.OK);
    expect(res.msg).toBe(WRONG_CODE);
    expect(await userCount(t.b)).toBe(before);
  });

  it("a code sent to one address does not register another, nor does a code of another type", async () => {
    const email = "codeowner@example.com";
    await t.b.call("/userAuth/sendCodeByEmail", { email, type: "REGISTER" });
    const code = await t.b.latestCode(email, "REGISTER");
    const other = await t.b.call("/userAuth/register", { email: "thief@example.com", code, nickname: "thief", loginPwd: "abc12345" });
    expect(other.code).not.toBe(Code.OK);
    expect(await userByEmail(t.b, "thief@example.com")).toBeUndefined();
    // A FORGET code of the seller is no REGISTER code for anything.
    await t.b.call("/userAuth/sendCodeByEmail", { email: SELLER, type: "FORGET" });
    const forget = await t.b.latestCode(SELLER, "FORGET");
    const res = await t.b.call("/userAuth/register", { email, code: forget, nickname: "owner", loginPwd: "abc12345" });
    expect(res.code).not.toBe(Code.OK);
  });

  it("a code cannot be used again after a successful registration", async () => {
    const email = "reuse@example.com";
    const ok = await registerByEmail(t.b, email, "reuse_one");
    expect(ok.code, ok.msg).toBe(Code.OK);
    const code = await t.b.latestCode(email, "REGISTER");
    const before = await userCount(t.b);
    const again = await t.b.call("/userAuth/register", { email, code, nickname: "reuse_two", loginPwd: "abc12345" });
    expect(again.code).not.toBe(Code.OK);
    expect(again.msg).toBeTruthy();
    expect(await userCount(t.b)).toBe(before);
    const used = await t.b.db.selectFrom("verification_codes").selectAll().where("target", "=", email).executeTakeFirstOrThrow();
    expect(used.consumed_at).not.toBeNull();
    expect(used.code_hash).not.toContain(code);
  });

  it("an already registered e-mail or phone is refused, at send time and at register time", async () => {
    const res = await t.b.call("/userAuth/register", { email: "SELLER@demo.test", code: "123456", nickname: "copycat", loginPwd: "abc12345" });
    expect(res.code).not.toBe(Code.OK);
    expect(res.msg).toBe(EMAIL_TAKEN);
    expect(res.msg).toBe("This email is already registered.");

    const before = await outboxCount(t.b, SELLER);
    const send = await t.b.call("/userAuth/sendCodeByEmail", { email: SELLER, type: "REGISTER" });
    expect(send.code).not.toBe(Code.OK);
    expect(send.msg).toBe(EMAIL_TAKEN);
    expect(await outboxCount(t.b, SELLER)).toBe(before);

    const sms = await t.b.call("/userAuth/sendCodeByPhone", { phone: SELLER_MOBILE, type: "REGISTER" });
    expect(sms.code).not.toBe(Code.OK);
    expect(sms.msg).toBe(PHONE_TAKEN);
    const reg = await t.b.call("/userAuth/register", { phone: SELLER_MOBILE, code: "123456", nickname: "copycat", loginPwd: "abc12345" });
    expect(reg.msg).toBe(PHONE_TAKEN);
  });

  it("a second send within 60 s is refused; after 61 s it works and only the newest code counts", async () => {
    const email = "resend@example.com";
    expect((await t.b.call("/userAuth/sendCodeByEmail", { email, type: "REGISTER" })).code).toBe(Code.OK);
    const first = await t.b.latestCode(email, "REGISTER");
    t.b.clock.advance(30_000);
    const again = await t.b.call("/userAuth/sendCodeByEmail", { email, type: "REGISTER" });
    expect(again.code).not.toBe(Code.OK);
    expect(again.msg).toMatch(/60 seconds/);
    expect(await outboxCount(t.b, email)).toBe(1);
    t.b.clock.advance(31_000);
    const later = await t.b.call("/userAuth/sendCodeByEmail", { email, type: "REGISTER" });
    expect(later.code, later.msg).toBe(Code.OK);
    expect(await outboxCount(t.b, email)).toBe(2);
    const second = await t.b.latestCode(email, "REGISTER");
    if (second !== first) {
      const old = await t.b.call("/userAuth/register", { email, code: first, nickname: "resend_old", loginPwd: "abc12345" });
      expect(old.code).not.toBe(Code.OK);
    }
    const res = await t.b.call("/userAuth/register", { email, code: second, nickname: "resend_new", loginPwd: "abc12345" });
    expect(res.code, res.msg).toBe(Code.OK);
  });

  it("the 60 s wait is per address: another address can get a code at once", async () => {
    expect((await t.b.call("/userAuth/sendCodeByEmail", { email: "one@example.com", type: "REGISTER" })).code).toBe(Code.OK);
    expect((await t.b.call("/userAuth/sendCodeByEmail", { email: "two@example.com", type: "REGISTER" })).code).toBe(Code.OK);
  });

  it("a code is good until 10 minutes have passed, not after", async () => {
    await t.b.call("/userAuth/sendCodeByEmail", { email: "intime@example.com", type: "REGISTER" });
    await t.b.call("/userAuth/sendCodeByEmail", { email: "late@example.com", type: "REGISTER" });
    const inTime = await t.b.latestCode("intime@example.com", "REGISTER");
    const late = await t.b.latestCode("late@example.com", "REGISTER");
    t.b.clock.advance(10 * 60_000 - 1000);
    const ok = await t.b.call("/userAuth/register", { email: "intime@example.com", code: inTime, nickname: "in_time", loginPwd: "abc12345" });
    expect(ok.code, ok.msg).toBe(Code.OK);
    t.b.clock.advance(2000);
    const res = await t.b.call("/userAuth/register", { email: "late@example.com", code: late, nickname: "too_late", loginPwd: "abc12345" });
    expect(res.code).not.toBe(Code.OK);
    expect(res.msg).toBe(WRONG_CODE);
    expect(await userByEmail(t.b, "late@example.com")).toBeUndefined();
  });

  it("5 wrong guesses lock the code: the right one is refused afterwards", async () => {
    const email = "locked@example.com";
    await t.b.call("/userAuth/sendCodeByEmail", { email, type: "REGISTER" });
    const code = await t.b.latestCode(email, "REGISTER");
    for (let i = 1; i <= 5; i++) {
      const res = await t.b.call("/userAuth/register", { email, code: String((Number(code) + i) % 1_000_000).padStart(6, "0"), nickname: "locked", loginPwd: "abc12345" });
      expect(res.code).not.toBe(Code.OK);
      expect(res.msg).toBe(WRONG_CODE);
    }
    const row = await t.b.db.selectFrom("verification_codes").selectAll().where("target", "=", email).executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);
    const res = await t.b.call("/userAuth/register", { email, code, nickname: "locked", loginPwd: "abc12345" });
    expect(res.code).not.toBe(Code.OK);
    expect(await userByEmail(t.b, email)).toBeUndefined();
    // A new code (after the resend wait) works again.
    t.b.clock.advance(61_000);
    const fresh = await registerByEmail(t.b, email, "unlocked");
    expect(fresh.code, fresh.msg).toBe(Code.OK);
  });

  it("4 wrong guesses do not lock the code", async () => {
    const email = "fourwrong@example.com";
    await t.b.call("/userAuth/sendCodeByEmail", { email, type: "REGISTER" });
    const code = await t.b.latestCode(email, "REGISTER");
    for (let i = 1; i <= 4; i++) {
      await t.b.call("/userAuth/register", { email, code: String((Number(code) + i) % 1_000_000).padStart(6, "0"), nickname: "four_wrong", loginPwd: "abc12345" });
    }
    const res = await t.b.call("/userAuth/register", { email, code, nickname: "four_wrong", loginPwd: "abc12345" });
    expect(res.code, res.msg).toBe(Code.OK);
  });

  describe("bad input (code 2, the spec's messages, nothing written)", () => {
    const base = { email: "valid@example.com", code: "123456", nickname: "valid_name", loginPwd: "abc12345" };
    it.each([
      ["both e-mail and phone", { ...base, phone: "234-8033333333" }, "Please enter either an email address or a phone number, not both."],
      ["neither e-mail nor phone", { ...base, email: "" }, "Please enter an email address or a phone number."],
      ["an invalid e-mail", { ...base, email: "valid@example" }, MSG.email],
      ["a non-numeric phone", { ...base, email: undefined, phone: "234-80x3333333" }, MSG.phone],
      ["a missing code", { ...base, code: undefined }, MSG.code],
      ["a 5-digit code", { ...base, code: "12345" }, MSG.code],
      ["a code with letters", { ...base, code: "12a456" }, MSG.code],
      ["a 1-character nickname", { ...base, nickname: "a" }, MSG.nickname],
      ["a 21-character nickname", { ...base, nickname: "a".repeat(21) }, MSG.nickname],
      ["a nickname with a space", { ...base, nickname: "bad name" }, MSG.nickname],
      ["a numeric nickname field", { ...base, nickname: 12345 }, MSG.nickname],
      ["a missing nickname", { ...base, nickname: undefined }, MSG.nickname],
      ["a password with symbols", { ...base, loginPwd: "abc!2345" }, MSG.password],
      ["a password of 5 characters", { ...base, loginPwd: "abc12" }, MSG.password],
      ["a missing password", { ...base, loginPwd: undefined }, MSG.password],
      ["an invite code of 7 characters", { ...base, inviteCode: "ABCDEFG" }, "The invitation code has at most 6 characters."],
    ])("%s", async (_name, body, msg) => {
      const before = await userCount(t.b);
      const res = await t.b.call("/userAuth/register", body as Record<string, unknown>);
      expect(res.code).toBe(Code.INVALID);
      expect(res.msg).toBe(msg);
      expect(await userCount(t.b)).toBe(before);
    });
  });

  describe("bad input for the send calls", () => {
    it.each([
      ["/userAuth/sendCodeByEmail", { email: "nope", type: "REGISTER" }, MSG.email],
      ["/userAuth/sendCodeByEmail", { type: "REGISTER" }, MSG.email],
      ["/userAuth/sendCodeByEmail", { email: "x@example.com", type: "SOMETHING" }, undefined],
      ["/userAuth/sendCodeByEmail", { email: "x@example.com" }, undefined],
      ["/userAuth/sendCodeByPhone", { phone: "8012345678", type: "REGISTER" }, MSG.phone],
      ["/userAuth/sendCodeByPhone", { phone: "234-80abc", type: "REGISTER" }, MSG.phone],
      ["/userAuth/sendCodeByPhone", { type: "REGISTER" }, MSG.phone],
    ] as const)("%s %j", async (path, body, msg) => {
      const before = await outboxCount(t.b);
      const res = await t.b.call(path, body as Record<string, unknown>);
      expect(res.code).toBe(Code.INVALID);
      if (msg) expect(res.msg).toBe(msg);
      else expect(res.msg).toBeTruthy();
      expect(await outboxCount(t.b)).toBe(before);
    });

    it("TRADE_PWD and BIND codes need a signed-in user", async () => {
      for (const [path, body] of [
        ["/userAuth/sendCodeByEmail", { type: "TRADE_PWD" }],
        ["/userAuth/sendCodeByEmail", { email: "bind@example.com", type: "BIND" }],
        ["/userAuth/sendCodeByPhone", { type: "TRADE_PWD" }],
        ["/userAuth/sendCodeByPhone", { phone: "234-8044444444", type: "BIND" }],
      ] as const) {
        const res = await t.b.call(path, body);
        expect(res.code, `${path} ${body.type}`).toBe(Code.NOT_LOGGED_IN);
      }
    });
  });
});

// ---------------------------------------------------------------------------

describe("forgotten password (FORGET, resetPassword)", () => {
  const t = useBackend();

  it("FORGET for an unknown e-mail or phone answers 1 but sends nothing", async () => {
    const before = await outboxCount(t.b);
    const a = await t.b.call("/userAuth/sendCodeByEmail", { email: "ghost@example.com", type: "FORGET" });
    expect(a.code).toBe(Code.OK);
    expect(a.data).toBeNull();
    const b = await t.b.call("/userAuth/sendCodeByPhone", { phone: "234-8055555555", type: "FORGET" });
    expect(b.code).toBe(Code.OK);
    expect(await outboxCount(t.b)).toBe(before);
  });

  it("a second FORGET within 60 s waits alike for a real and an unknown account", async () => {
    const ghost = "ghost2@example.com";
    const real = await t.b.db.selectFrom("users").select("email").where("email", "=", "seller2@demo.test").executeTakeFirstOrThrow();
    const answers = [];
    for (const email of [ghost, real.email!]) {
      expect((await t.b.call("/userAuth/sendCodeByEmail", { email, type: "FORGET" })).code).toBe(Code.OK);
      const again = await t.b.call("/userAuth/sendCodeByEmail", { email, type: "FORGET" });
      answers.push({ code: again.code, msg: again.msg });
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]!.code).not.toBe(Code.OK);
    // Only the real account was sent a code.
    expect(await outboxCount(t.b, ghost)).toBe(0);
    expect(await outboxCount(t.b, real.email!)).toBe(1);
  });

  it("resetPassword for an unknown e-mail fails", async () => {
    const res = await t.b.call("/userAuth/resetPassword", { email: "ghost@example.com", code: "123456", loginPwd: "abc12345" });
    expect(res.code).not.toBe(Code.OK);
  });

  it("resetPassword validates its input", async () => {
    for (const [body, msg] of [
      [{ email: SELLER, code: "123456", loginPwd: "abc!12345" }, MSG.password],
      [{ email: SELLER, code: "12345", loginPwd: "abc12345" }, MSG.code],
      [{ email: SELLER, phone: SELLER_MOBILE, code: "123456", loginPwd: "abc12345" }, "Please enter either an email address or a phone number, not both."],
      [{ code: "123456", loginPwd: "abc12345" }, "Please enter an email address or a phone number."],
    ] as const) {
      const res = await t.b.call("/userAuth/resetPassword", body);
      expect(res.code).toBe(Code.INVALID);
      expect(res.msg).toBe(msg);
    }
  });

  it("for the seller: the code resets the password, revokes old tokens, and cannot be reused", async () => {
    const t1 = await t.b.login(SELLER);
    const t2 = await t.b.login(SELLER_MOBILE, PWD, "MOBILE");
    const sent = await t.b.call("/userAuth/sendCodeByEmail", { email: "Seller@Demo.Test", type: "FORGET" });
    expect(sent.code).toBe(Code.OK);
    const code = await t.b.latestCode(SELLER, "FORGET");

    const wrong = await t.b.call("/userAuth/resetPassword", { email: SELLER, code: otherCode(code), loginPwd: "NewPass99" });
    expect(wrong.code).not.toBe(Code.OK);
    expect(wrong.msg).toBe(WRONG_CODE);
    expect((await whoAmI(t.b, t1)).code).toBe(Code.OK);

    const res = await t.b.call("/userAuth/resetPassword", { email: SELLER, code, loginPwd: "NewPass99" });
    expect(res.code, res.msg).toBe(Code.OK);
    expect(res.data).toBeNull();
    expect((await whoAmI(t.b, t1)).code).toBe(Code.NOT_LOGGED_IN);
    expect((await whoAmI(t.b, t2)).code).toBe(Code.NOT_LOGGED_IN);

    const old = await t.b.call("/userAuth/login", { loginName: SELLER, loginPwd: PWD, type: "EMAIL" });
    expect(old.code).not.toBe(Code.OK);
    expect(old.msg).toBe(BAD_LOGIN);
    expect((await t.b.call("/userAuth/login", { loginName: SELLER, loginPwd: "NewPass99", type: "EMAIL" })).code).toBe(Code.OK);
    expect((await t.b.call("/userAuth/login", { loginName: SELLER_MOBILE, loginPwd: "NewPass99", type: "MOBILE" })).code).toBe(Code.OK);

    const reuse = await t.b.call("/userAuth/resetPassword", { email: SELLER, code, loginPwd: "Another99" });
    expect(reuse.code).not.toBe(Code.OK);
    expect(reuse.msg).toBe(WRONG_CODE);
    expect((await t.b.call("/userAuth/login", { loginName: SELLER, loginPwd: "NewPass99", type: "EMAIL" })).code).toBe(Code.OK);
  });

  it("by phone: a FORGET SMS code resets the password", async () => {
    expect((await t.b.call("/userAuth/sendCodeByPhone", { phone: SELLER_MOBILE, type: "FORGET" })).code).toBe(Code.OK);
    const code = await t.b.latestCode(SELLER_MOBILE, "FORGET");
    const res = await t.b.call("/userAuth/resetPassword", { phone: SELLER_MOBILE, code, loginPwd: "ByPhone123" });
    expect(res.code, res.msg).toBe(Code.OK);
    expect((await t.b.call("/userAuth/login", { loginName: SELLER_MOBILE, loginPwd: "ByPhone123", type: "MOBILE" })).code).toBe(Code.OK);
  });

  it("a REGISTER-type code is no FORGET code", async () => {
    await t.b.call("/userAuth/sendCodeByEmail", { email: "fresh@example.com", type: "REGISTER" });
    const code = await t.b.latestCode("fresh@example.com", "REGISTER");
    const res = await t.b.call("/userAuth/resetPassword", { email: "fresh@example.com", code, loginPwd: "abc12345" });
    expect(res.code).not.toBe(Code.OK);
  });
});

// ---------------------------------------------------------------------------

describe("updatePassword", () => {
  const t = useBackend();

  it("validates old and new password with the spec messages", async () => {
    const token = await t.b.login(SELLER2);
    for (const [body, msg] of [
      [{ oldPassword: "abc12", newPassword: "abc12345" }, MSG.oldPassword],
      [{ newPassword: "abc12345" }, MSG.oldPassword],
      [{ oldPassword: PWD, newPassword: "abc!12345" }, MSG.newPassword],
      [{ oldPassword: PWD, newPassword: "abc" }, MSG.newPassword],
      [{ oldPassword: PWD }, MSG.newPassword],
    ] as const) {
      const res = await t.b.call("/userAuth/updatePassword", body, { token });
      expect(res.code).toBe(Code.INVALID);
      expect(res.msg).toBe(msg);
    }
  });

  it("refuses a wrong old password with a message and keeps the session", async () => {
    const token = await t.b.login(SELLER2);
    const res = await t.b.call("/userAuth/updatePassword", { oldPassword: "wrong123", newPassword: "Changed99" }, { token });
    expect(res.code).not.toBe(Code.OK);
    expect(res.msg).toBe("The old password is incorrect.");
    expect((await whoAmI(t.b, token)).code).toBe(Code.OK);
    expect((await t.b.call("/userAuth/login", { loginName: SELLER2, loginPwd: PWD, type: "EMAIL" })).code).toBe(Code.OK);
  });

  it("the right old password changes it and revokes every other token of the user (not this one, not other users')", async () => {
    const t1 = await t.b.login(SELLER2);
    const t2 = await t.b.login(SELLER2);
    const other = await t.b.login(SELLER);
    const res = await t.b.call("/userAuth/updatePassword", { oldPassword: PWD, newPassword: "Changed99" }, { token: t1 });
    expect(res.code, res.msg).toBe(Code.OK);
    expect(res.data).toBeNull();
    // The session that proved the old password goes on (ADR 0058).
    expect((await whoAmI(t.b, t1)).code).toBe(Code.OK);
    expect((await whoAmI(t.b, t2)).code).toBe(Code.NOT_LOGGED_IN);
    expect((await whoAmI(t.b, other)).code).toBe(Code.OK);
    expect((await t.b.call("/userAuth/login", { loginName: SELLER2, loginPwd: PWD, type: "EMAIL" })).msg).toBe(BAD_LOGIN);
    expect((await t.b.call("/userAuth/login", { loginName: SELLER2, loginPwd: "Changed99", type: "EMAIL" })).code).toBe(Code.OK);
  });
});

describe("a session ended by a password change or reset says why", () => {
  const t = useBackend();

  it("other devices' calls after a change answer code 3 with the reason; a signed-out token with the plain message", async () => {
    const here = await t.b.login(SELLER2);
    const elsewhere = await t.b.login(SELLER2);
    const signedOut = await t.b.login(SELLER2);
    expect((await t.b.call("/userAuth/logout", {}, { token: signedOut })).code).toBe(Code.OK);
    expect((await t.b.call("/userAuth/updatePassword", { oldPassword: PWD, newPassword: "Changed99" }, { token: here })).code).toBe(Code.OK);
    const other = await whoAmI(t.b, elsewhere);
    expect(other.code).toBe(Code.NOT_LOGGED_IN);
    expect(other.msg).toBe(SESSION_END_MESSAGES.password_changed);
    const plain = await whoAmI(t.b, signedOut);
    expect(plain.code).toBe(Code.NOT_LOGGED_IN);
    expect(plain.msg).toBe("Please log in first.");
    expect((await whoAmI(t.b, "no-such-token")).msg).toBe("Please log in first.");
  });

  it("after a reset by code, the old sessions' calls say the password was reset", async () => {
    const old = await t.b.login(SELLER);
    expect((await t.b.call("/userAuth/sendCodeByEmail", { email: SELLER, type: "FORGET" })).code).toBe(Code.OK);
    const code = await t.b.latestCode(SELLER, "FORGET");
    expect((await t.b.call("/userAuth/resetPassword", { email: SELLER, code, loginPwd: "Reset1234" })).code).toBe(Code.OK);
    const r = await whoAmI(t.b, old);
    expect(r.code).toBe(Code.NOT_LOGGED_IN);
    expect(r.msg).toBe(SESSION_END_MESSAGES.password_reset);
  });
});

// ---------------------------------------------------------------------------

describe("trade password (TRADE_PWD, updateTradePassword)", () => {
  const t = useBackend();

  it("sets a new trade password with a TRADE_PWD code sent to the bound e-mail; bindEmail then takes it", async () => {
    const token = await t.b.login(SELLER);
    const sent = await t.b.call("/userAuth/sendCodeByEmail", { type: "TRADE_PWD" }, { token });
    expect(sent.code, sent.msg).toBe(Code.OK);
    const code = await t.b.latestCode(SELLER, "TRADE_PWD");

    const wrong = await t.b.call("/userAuth/updateTradePassword", { tradePwd: "654321", type: "EMAIL", code: otherCode(code) }, { token });
    expect(wrong.code).not.toBe(Code.OK);
    expect(wrong.msg).toBe(WRONG_CODE);
    // The code went to the e-mail: it is no MOBILE code.
    const viaMobile = await t.b.call("/userAuth/updateTradePassword", { tradePwd: "654321", type: "MOBILE", code }, { token });
    expect(viaMobile.code).not.toBe(Code.OK);

    const res = await t.b.call("/userAuth/updateTradePassword", { tradePwd: "654321", type: "EMAIL", code }, { token });
    expect(res.code, res.msg).toBe(Code.OK);
    expect(res.data).toBeNull();

    // Verify: binding a new e-mail now wants 654321, not the old 123456.
    const bindTo = "seller.new@example.com";
    expect((await t.b.call("/userAuth/sendCodeByEmail", { email: bindTo, type: "BIND" }, { token })).code).toBe(Code.OK);
    const bindCode = await t.b.latestCode(bindTo, "BIND");
    const old = await t.b.call("/userAuth/bindEmail", { email: bindTo, code: bindCode, tradePwd: TRADE_PWD }, { token });
    expect(old.code).not.toBe(Code.OK);
    expect(old.msg).toBe(BAD_TRADE_PWD);
    const ok = await t.b.call("/userAuth/bindEmail", { email: bindTo, code: bindCode, tradePwd: "654321" }, { token });
    expect(ok.code, ok.msg).toBe(Code.OK);
    expect((await t.b.db.selectFrom("users").select("email").where("mobile", "=", SELLER_MOBILE).executeTakeFirstOrThrow()).email).toBe(bindTo);
    expect((await t.b.call("/userAuth/login", { loginName: bindTo, loginPwd: PWD, type: "EMAIL" })).code).toBe(Code.OK);
    expect((await t.b.call("/userAuth/login", { loginName: SELLER, loginPwd: PWD, type: "EMAIL" })).code).not.toBe(Code.OK);
  });

  it("TRADE_PWD by phone goes to the bound mobile; without a bound mobile it is refused", async () => {
    const seller = await t.b.login(SELLER_MOBILE, PWD, "MOBILE");
    expect((await t.b.call("/userAuth/sendCodeByPhone", { type: "TRADE_PWD" }, { token: seller })).code).toBe(Code.OK);
    const code = await t.b.latestCode(SELLER_MOBILE, "TRADE_PWD");
    const res = await t.b.call("/userAuth/updateTradePassword", { tradePwd: "111222", type: "MOBILE", code }, { token: seller });
    expect(res.code, res.msg).toBe(Code.OK);

    const token = await t.b.login(SELLER2);
    const before = await outboxCount(t.b);
    const none = await t.b.call("/userAuth/sendCodeByPhone", { type: "TRADE_PWD" }, { token });
    expect(none.code).not.toBe(Code.OK);
    expect(none.msg).toBe(NO_MOBILE_BOUND);
    expect(await outboxCount(t.b)).toBe(before);
    const upd = await t.b.call("/userAuth/updateTradePassword", { tradePwd: "111222", type: "MOBILE", code: "123456" }, { token });
    expect(upd.code).not.toBe(Code.OK);
    expect(upd.msg).toBe(NO_MOBILE_BOUND);
  });

  it("a TRADE_PWD code sent to a given address still goes to the bound e-mail only", async () => {
    const token = await t.b.login(SELLER2);
    const res = await t.b.call("/userAuth/sendCodeByEmail", { email: "attacker@example.com", type: "TRADE_PWD" }, { token });
    expect(res.code, res.msg).toBe(Code.OK);
    expect(await outboxCount(t.b, "attacker@example.com")).toBe(0);
    expect(await outboxCount(t.b, SELLER2)).toBe(1);
  });

  it("validates the trade password and the code; needs a session", async () => {
    const token = await t.b.login(SELLER2);
    for (const [body, msg] of [
      [{ tradePwd: "12345a", type: "EMAIL", code: "123456" }, MSG.tradePassword],
      [{ tradePwd: "12345", type: "EMAIL", code: "123456" }, MSG.tradePassword],
      [{ tradePwd: "1234567", type: "EMAIL", code: "123456" }, MSG.tradePassword],
      [{ tradePwd: "123456", type: "EMAIL", code: "abc" }, MSG.code],
    ] as const) {
      const res = await t.b.call("/userAuth/updateTradePassword", body, { token });
      expect(res.code).toBe(Code.INVALID);
      expect(res.msg).toBe(msg);
    }
    const missingType = await t.b.call("/userAuth/updateTradePassword", { tradePwd: "123456", code: "123456" }, { token });
    expect(missingType.code).toBe(Code.INVALID);
    const anon = await t.b.call("/userAuth/updateTradePassword", { tradePwd: "123456", type: "EMAIL", code: "123456" });
    expect(anon.code).toBe(Code.NOT_LOGGED_IN);
  });
});

// ---------------------------------------------------------------------------

describe("bindEmail and bindMobile", () => {
  const t = useBackend();

  it("binds a mobile with a BIND SMS code; the user can then sign in by it", async () => {
    const token = await t.b.login(SELLER2);
    const phone = "234-8022222222";
    expect((await t.b.call("/userAuth/sendCodeByPhone", { phone, type: "BIND" }, { token })).code).toBe(Code.OK);
    const code = await t.b.latestCode(phone, "BIND");
    const wrong = await t.b.call("/userAuth/bindMobile", { phone, code: otherCode(code), tradePwd: "123456" }, { token });
    expect(wrong.msg).toBe(WRONG_CODE);
    const res = await t.b.call("/userAuth/bindMobile", { phone, code, tradePwd: "123456" }, { token });
    expect(res.code, res.msg).toBe(Code.OK);
    expect((await userByEmail(t.b, SELLER2))!.mobile).toBe(phone);
    expect((await t.b.call("/userAuth/login", { loginName: phone, loginPwd: PWD, type: "MOBILE" })).code).toBe(Code.OK);
  });

  it("validates bind input", async () => {
    const token = await t.b.login(SELLER2);
    for (const [path, body, msg] of [
      ["/userAuth/bindMobile", { phone: "8022222222", code: "123456", tradePwd: "123456" }, MSG.phone],
      ["/userAuth/bindMobile", { phone: "234-8022222222", code: "12345", tradePwd: "123456" }, MSG.code],
      ["/userAuth/bindMobile", { phone: "234-8022222222", code: "123456", tradePwd: "abcdef" }, MSG.tradePassword],
      ["/userAuth/bindMobile", { phone: "234-8022222222", code: "123456" }, MSG.tradePassword],
      ["/userAuth/bindEmail", { email: "no-at-sign", code: "123456", tradePwd: "123456" }, MSG.email],
      ["/userAuth/bindEmail", { email: "ok@example.com", code: "123456", tradePwd: "12345" }, MSG.tradePassword],
    ] as const) {
      const res = await t.b.call(path, body, { token });
      expect(res.code, JSON.stringify(body)).toBe(Code.INVALID);
      expect(res.msg).toBe(msg);
    }
    expect((await t.b.call("/userAuth/bindEmail", { email: "ok@example.com", code: "123456", tradePwd: "123456" })).code).toBe(Code.NOT_LOGGED_IN);
  });

  it("an e-mail or mobile of another account is refused at send time", async () => {
    const token = await t.b.login(SELLER);
    const before = await outboxCount(t.b);
    const email = await t.b.call("/userAuth/sendCodeByEmail", { email: "SELLER2@demo.test", type: "BIND" }, { token });
    expect(email.code).not.toBe(Code.OK);
    expect(email.msg).toBe(EMAIL_TAKEN);
    const token2 = await t.b.login(SELLER2);
    const phone = await t.b.call("/userAuth/sendCodeByPhone", { phone: SELLER_MOBILE, type: "BIND" }, { token: token2 });
    expect(phone.code).not.toBe(Code.OK);
    expect(phone.msg).toBe(PHONE_TAKEN);
    expect(await outboxCount(t.b)).toBe(before);
  });

  it("an e-mail taken between send and bind is refused at bind time", async () => {
    const token = await t.b.login(SELLER2);
    const email = "race@example.com";
    expect((await t.b.call("/userAuth/sendCodeByEmail", { email, type: "BIND" }, { token })).code).toBe(Code.OK);
    const bindCode = await t.b.latestCode(email, "BIND");
    // Someone registers that e-mail meanwhile.
    const reg = await registerByEmail(t.b, email, "race_winner");
    expect(reg.code, reg.msg).toBe(Code.OK);
    const res = await t.b.call("/userAuth/bindEmail", { email, code: bindCode, tradePwd: "123456" }, { token });
    expect(res.code).not.toBe(Code.OK);
    expect(res.msg).toBe(EMAIL_TAKEN);
    expect((await t.b.db.selectFrom("users").select("email").where("nickname", "=", "DemoSeller2").executeTakeFirstOrThrow()).email).toBe(SELLER2);
  });

  it("a wrong trade password is refused; after 5 wrong tries even the right one is refused", async () => {
    const token = await t.b.login(SELLER);
    const email = "bind.seller@example.com";
    expect((await t.b.call("/userAuth/sendCodeByEmail", { email, type: "BIND" }, { token })).code).toBe(Code.OK);
    const code = await t.b.latestCode(email, "BIND");
    expect(t.b.config.TRADE_PWD_LIMIT_PER_ACCOUNT).toBe(5);
    for (let i = 0; i < 5; i++) {
      const res = await t.b.call("/userAuth/bindEmail", { email, code, tradePwd: "000000" }, { token });
      expect(res.code).not.toBe(Code.OK);
      expect(res.msg).toBe(BAD_TRADE_PWD);
      expect(res.msg).toBe("The trade password is incorrect.");
    }
    const right = await t.b.call("/userAuth/bindEmail", { email, code, tradePwd: TRADE_PWD }, { token });
    expect(right.code).not.toBe(Code.OK);
    expect(right.msg).toMatch(TOO_MANY);
    expect((await userByEmail(t.b, SELLER))).toBeDefined();
    // The same lock covers bindMobile.
    const mobile = await t.b.call("/userAuth/bindMobile", { phone: "234-8077777777", code: "123456", tradePwd: TRADE_PWD }, { token });
    expect(mobile.msg).toMatch(TOO_MANY);
    expect((await userByEmail(t.b, email))).toBeUndefined();
    // The lock lifts after TRADE_PWD_LOCK_MINUTES (30); then the right trade password binds (with a fresh code).
    t.b.clock.advance(t.b.config.TRADE_PWD_LOCK_MINUTES * 60_000);
    expect((await t.b.call("/userAuth/sendCodeByEmail", { email, type: "BIND" }, { token })).code).toBe(Code.OK);
    const fresh = await t.b.latestCode(email, "BIND");
    const later = await t.b.call("/userAuth/bindEmail", { email, code: fresh, tradePwd: TRADE_PWD }, { token });
    expect(later.code, later.msg).toBe(Code.OK);
    expect((await userByEmail(t.b, email))!.mobile).toBe(SELLER_MOBILE);
  });
});

// ---------------------------------------------------------------------------

describe("an account locked by failed sign-ins opens to its owner's reset code", () => {
  const t = useBackend({ LOGIN_LIMIT_PER_ACCOUNT: "3" });

  it("says how to get in, and a reset with a code lets the owner sign in at once", async () => {
    for (let i = 0; i < 3; i++) await t.b.call("/userAuth/login", { loginName: SELLER2, loginPwd: `guess${i}999`, type: "EMAIL" }, { ip: `10.7.0.${i}` });
    const locked = await t.b.call("/userAuth/login", { loginName: SELLER2, loginPwd: PWD, type: "EMAIL" }, { ip: "10.7.1.1" });
    expect(locked.code).toBe(Code.TOO_MANY);
    expect(locked.msg).toBe(ACCOUNT_SIGN_IN_LOCKED);
    expect((await t.b.call("/userAuth/sendCodeByEmail", { email: SELLER2, type: "FORGET" })).code).toBe(Code.OK);
    const code = await t.b.latestCode(SELLER2, "FORGET");
    expect((await t.b.call("/userAuth/resetPassword", { email: SELLER2, code, loginPwd: "Owner1234" })).code).toBe(Code.OK);
    const back = await t.b.call("/userAuth/login", { loginName: SELLER2, loginPwd: "Owner1234", type: "EMAIL" }, { ip: "10.7.1.1" });
    expect(back.code, back.msg).toBe(Code.OK);
  });
});

describe("the trade-password lock (5 wrong in a row, 30 minutes)", () => {
  const t = useBackend();
  const bind = (token: string, tradePwd: string) => t.b.call("/userAuth/bindMobile", { phone: "234-8066666666", code: "000000", tradePwd }, { token });

  it("the right trade password resets the count: 4 wrong, the right one, 4 wrong again do not lock", async () => {
    const token = await t.b.login(SELLER);
    for (let i = 0; i < 4; i++) expect((await bind(token, "000000")).msg).toBe(BAD_TRADE_PWD);
    // Right: the trade-password check passes and the call goes on to the code (wrong here).
    expect((await bind(token, TRADE_PWD)).msg).toBe(WRONG_CODE);
    for (let i = 0; i < 4; i++) expect((await bind(token, "000000")).msg).toBe(BAD_TRADE_PWD);
    expect((await bind(token, TRADE_PWD)).msg).toBe(WRONG_CODE);
  });

  it("the fifth wrong one locks withdrawals and binding for 30 minutes with a message that says so; then it lifts", async () => {
    const token = await t.b.login(SELLER);
    for (let i = 0; i < 5; i++) expect((await bind(token, "111111")).msg).toBe(BAD_TRADE_PWD);
    const locked = await bind(token, TRADE_PWD);
    expect(locked.code).toBe(Code.TOO_MANY);
    expect(locked.msg).toBe("Too many wrong trade passwords. Withdrawals, binding and showing card codes are locked for 30 minutes.");
    const withdrawers = await t.b.call("/userWithdraw/getWithdrawer", {}, { token });
    const w = withdrawers.data.list[0];
    const banks = await t.b.call("/userPayment/getPaymentType", {}, { token });
    const bank = banks.data.paymentType[0];
    const added = await t.b.call("/userPayment/addPayment", { paymentId: bank.id, userPayment: { realname: "Ada Obi", accountNumber: withCheckDigit(bank.code, "012345678") } }, { token });
    expect(added.code, added.msg).toBe(Code.OK);
    const payments = await t.b.call("/userPayment/getPaymentList", {}, { token });
    const sell = await t.b.call(
      "/userWithdraw/applyWithdraw",
      { withdrawerId: w.id, amount: w.minTrade, userPaymentId: payments.data.paymentList[0].id, tradePwd: TRADE_PWD },
      { token },
    );
    expect(sell.msg).toBe(locked.msg);
    t.b.clock.advance(29 * 60_000);
    expect((await bind(token, TRADE_PWD)).msg).toBe("Too many wrong trade passwords. Withdrawals, binding and showing card codes are locked for 1 minute.");
    t.b.clock.advance(60_000);
    expect((await bind(token, TRADE_PWD)).msg).toBe(WRONG_CODE);
  });

  it("parallel guesses cannot get past the limit: of 12 at once exactly 5 are compared, the rest are locked out", async () => {
    // A fresh account with a trade password (set in the row: the code flow is tested above).
    expect((await registerByEmail(t.b, "parallel.guess@example.com", "parallel_guess")).code).toBe(Code.OK);
    const trade_pwd_hash = await hashPassword(TRADE_PWD);
    await t.b.db.updateTable("users").set({ trade_pwd_hash }).where("email", "=", "parallel.guess@example.com").execute();
    const token = await t.b.login("parallel.guess@example.com", "abc12345");
    const answers = await Promise.all(Array.from({ length: 12 }, () => bind(token, "222222")));
    expect(answers.filter((a) => a.msg === BAD_TRADE_PWD)).toHaveLength(5);
    expect(answers.filter((a) => a.code === Code.TOO_MANY)).toHaveLength(7);
    expect((await bind(token, TRADE_PWD)).code).toBe(Code.TOO_MANY);
  });

  it("changing a bound contact needs a trade password to be set", async () => {
    const token = await t.b.login(SELLER2);
    const res = await t.b.call("/userAuth/bindEmail", { email: "new.seller2@example.com", code: "000000", tradePwd: "123456" }, { token });
    expect(res.msg).toBe(SET_TRADE_PWD_FIRST);
  });
});

describe("login rate limits per account", () => {
  const t = useBackend({ LOGIN_LIMIT_PER_ACCOUNT: "3" });

  it("after LOGIN_LIMIT_PER_ACCOUNT failures even the right password is refused, by e-mail and by mobile", async () => {
    for (let i = 0; i < 3; i++) {
      const res = await t.b.call("/userAuth/login", { loginName: SELLER, loginPwd: `wrong${i}99`, type: "EMAIL" }, { ip: `10.9.0.${i}` });
      expect(res.msg).toBe(BAD_LOGIN);
    }
    const right = await t.b.call("/userAuth/login", { loginName: SELLER, loginPwd: PWD, type: "EMAIL" }, { ip: "10.9.1.1" });
    expect(right.code).not.toBe(Code.OK);
    expect(right.msg).toMatch(TOO_MANY);
    expect(right.data).toBeUndefined();
    // The account's mobile is the same account.
    const mobile = await t.b.call("/userAuth/login", { loginName: SELLER_MOBILE, loginPwd: PWD, type: "MOBILE" }, { ip: "10.9.1.2" });
    expect(mobile.msg).toMatch(TOO_MANY);
    // Other accounts are not affected.
    expect((await t.b.call("/userAuth/login", { loginName: SELLER2, loginPwd: PWD, type: "EMAIL" }, { ip: "10.9.1.3" })).code).toBe(Code.OK);
  });

  it("unknown accounts are limited the same way (no difference to tell)", async () => {
    for (let i = 0; i < 3; i++) {
      const res = await t.b.call("/userAuth/login", { loginName: "ghost@demo.test", loginPwd: "wrong999", type: "EMAIL" });
      expect(res.msg).toBe(BAD_LOGIN);
    }
    const res = await t.b.call("/userAuth/login", { loginName: "ghost@demo.test", loginPwd: "wrong999", type: "EMAIL" });
    expect(res.msg).toMatch(TOO_MANY);
  });

  it("wrong old passwords in updatePassword count too, and then the right one is refused", async () => {
    const token = await t.b.login("merchant1@demo.test");
    for (let i = 0; i < 3; i++) {
      const res = await t.b.call("/userAuth/updatePassword", { oldPassword: `wrong${i}99`, newPassword: "Changed99" }, { token });
      expect(res.code).not.toBe(Code.OK);
    }
    const right = await t.b.call("/userAuth/updatePassword", { oldPassword: PWD, newPassword: "Changed99" }, { token });
    expect(right.code).not.toBe(Code.OK);
    expect(right.msg).toMatch(TOO_MANY);
    expect((await t.b.call("/userAuth/login", { loginName: "merchant1@demo.test", loginPwd: "Changed99", type: "EMAIL" })).code).not.toBe(Code.OK);
  });

  it("the limit lifts when the window has passed", async () => {
    t.b.clock.advance(t.b.config.RATE_WINDOW_SECONDS * 1000);
    expect((await t.b.call("/userAuth/login", { loginName: SELLER, loginPwd: PWD, type: "EMAIL" })).code).toBe(Code.OK);
  });
});

describe("login rate limit per IP", () => {
  const t = useBackend({ LOGIN_LIMIT_PER_IP: "5" });

  it("counts every login from one IP across accounts; another IP still works", async () => {
    const ip = "10.5.5.5";
    const names = [SELLER, SELLER2, "merchant1@demo.test", "merchant2@demo.test", "nobody@demo.test"];
    for (const loginName of names) {
      const res = await t.b.call("/userAuth/login", { loginName, loginPwd: PWD, type: "EMAIL" }, { ip });
      expect(res.code === Code.OK || res.msg === BAD_LOGIN, `${loginName}: ${res.msg}`).toBe(true);
    }
    const sixth = await t.b.call("/userAuth/login", { loginName: "merchant3@demo.test", loginPwd: PWD, type: "EMAIL" }, { ip });
    expect(sixth.code).not.toBe(Code.OK);
    expect(sixth.msg).toMatch(TOO_MANY);
    const other = await t.b.call("/userAuth/login", { loginName: "merchant3@demo.test", loginPwd: PWD, type: "EMAIL" }, { ip: "10.5.5.6" });
    expect(other.code, other.msg).toBe(Code.OK);
  });
});

describe("code sending rate limits", () => {
  const t = useBackend({ CODE_LIMIT_PER_IP: "3", CODE_LIMIT_PER_TARGET: "2" });

  it("CODE_LIMIT_PER_IP sends from one IP, then refused; another IP still sends", async () => {
    const ip = "10.7.7.7";
    for (let i = 0; i < 3; i++) {
      const res = await t.b.call("/userAuth/sendCodeByEmail", { email: `ip${i}@example.com`, type: "REGISTER" }, { ip });
      expect(res.code, res.msg).toBe(Code.OK);
    }
    const before = await outboxCount(t.b);
    const fourth = await t.b.call("/userAuth/sendCodeByPhone", { phone: "234-8066666666", type: "REGISTER" }, { ip });
    expect(fourth.code).not.toBe(Code.OK);
    expect(fourth.msg).toMatch(TOO_MANY);
    expect(await outboxCount(t.b)).toBe(before);
    const other = await t.b.call("/userAuth/sendCodeByPhone", { phone: "234-8066666666", type: "REGISTER" }, { ip: "10.7.7.8" });
    expect(other.code, other.msg).toBe(Code.OK);
  });

  it("CODE_LIMIT_PER_TARGET sends to one address, even 60 s apart and from different IPs", async () => {
    const email = "target@example.com";
    for (let i = 0; i < 2; i++) {
      const res = await t.b.call("/userAuth/sendCodeByEmail", { email, type: "REGISTER" }, { ip: `10.8.0.${i}` });
      expect(res.code, res.msg).toBe(Code.OK);
      t.b.clock.advance(61_000);
    }
    const third = await t.b.call("/userAuth/sendCodeByEmail", { email, type: "REGISTER" }, { ip: "10.8.0.9" });
    expect(third.code).not.toBe(Code.OK);
    expect(third.msg).toMatch(TOO_MANY);
    expect(await outboxCount(t.b, email)).toBe(2);
  });
});

// ---------------------------------------------------------------------------

describe("addUserRemark", () => {
  const t = useBackend();

  it("stores a row and sets the user's channel once", async () => {
    const token = await t.b.login(SELLER2);
    const user = (await userByEmail(t.b, SELLER2))!;
    const res = await t.b.call("/userRemark/addUserRemark", { remark: "  facebook  " }, { token });
    expect(res.code, res.msg).toBe(Code.OK);
    expect(res.data).toBeNull();
    const rows = await t.b.db.selectFrom("user_remarks").selectAll().where("user_id", "=", user.id).execute();
    expect(rows.map((r) => r.remark)).toEqual(["facebook"]);
    expect((await userByEmail(t.b, SELLER2))!.channel).toBe("facebook");
    expect((await t.b.call("/userRemark/addUserRemark", { remark: "twitter" }, { token })).code).toBe(Code.OK);
    expect(await t.b.db.selectFrom("user_remarks").selectAll().where("user_id", "=", user.id).execute()).toHaveLength(2);
    expect((await userByEmail(t.b, SELLER2))!.channel).toBe("facebook");
  });

  it("refuses an empty, blank, missing or too long remark and a caller without a session", async () => {
    const token = await t.b.login(SELLER2);
    for (const body of [{ remark: "" }, { remark: "   " }, {}]) {
      const res = await t.b.call("/userRemark/addUserRemark", body, { token });
      expect(res.code).toBe(Code.INVALID);
      expect(res.msg).toBe("The remark must not be empty.");
    }
    expect((await t.b.call("/userRemark/addUserRemark", { remark: "x".repeat(101) }, { token })).code).toBe(Code.INVALID);
    expect((await t.b.call("/userRemark/addUserRemark", { remark: "facebook" })).code).toBe(Code.NOT_LOGGED_IN);
  });
});

/**
 * Limits that hold under bursts (ADR 0055), with real concurrency on the real database: every
 * attempt reserves its place under the limit in the statement that checks it, before a secret is
 * compared, so a burst of parallel guesses has at most the limit compared (each compared guess
 * answers its own wrong-secret message; the rest are refused before, code 6). And nobody is locked
 * out by strangers: a device the account signed in from before keeps its own budget.
 */
import { describe, expect, it } from "vitest";
import { Code } from "../../contract/envelope";
import { NoticeType } from "../../contract/enums";
import { DEMO_LOGINS } from "../../backend/demo/world";
import { ACCOUNT_SIGN_IN_LOCKED, BAD_LOGIN, BAD_TRADE_PWD } from "../../backend/modules/auth/handlers";
import { CODE_GUESSES_USED, WRONG_CODE } from "../../backend/modules/auth/codes";
import { CODE_NOT_VALID } from "../../backend/modules/redemption/handlers";
import type { TestBackend } from "../support/backend";
import { useBackend } from "../support/use-backend";
import { addBank, makeUser, makeWithdrawer, setAvailable } from "../support/wallet";

const SELLER = DEMO_LOGINS.seller;
const PWD = DEMO_LOGINS.password;
const LIMIT = 10;

const login = (b: TestBackend, password: string, init: { ip?: string; device?: string } = {}, loginName: string = SELLER) =>
  b.call("/userAuth/login", { loginName, loginPwd: password, type: "EMAIL" }, init);
const tally = (answers: { code: number; msg?: string }[]) => {
  const by = new Map<string, number>();
  for (const a of answers) by.set(a.code === 1 ? "ok" : a.msg ?? String(a.code), (by.get(a.code === 1 ? "ok" : a.msg ?? String(a.code)) ?? 0) + 1);
  return by;
};

describe("sign-in under a burst", () => {
  const t = useBackend({ LOGIN_LIMIT_PER_ACCOUNT: String(LIMIT) });

  it("100 parallel wrong passwords and the right one, from one address: at most 10 compared, the rest refused before", async () => {
    const answers = await Promise.all([...Array.from({ length: 100 }, () => login(t.b, "wrong123")), login(t.b, PWD)]);
    const by = tally(answers);
    const compared = (by.get(BAD_LOGIN) ?? 0) + (by.get("ok") ?? 0);
    expect(compared).toBeLessThanOrEqual(LIMIT);
    // Every other one was refused before any comparison (code 6; the 101st by the address's limit of 100).
    expect(answers.filter((a) => a.code !== Code.OK && a.msg !== BAD_LOGIN).every((a) => a.code === Code.TOO_MANY)).toBe(true);
    expect(by.get(ACCOUNT_SIGN_IN_LOCKED)).toBeGreaterThanOrEqual(90);
    // Once the budget is spent, the right password from an unknown device is refused too.
    if (!by.get("ok")) expect((await login(t.b, PWD, { ip: "10.2.0.1" })).msg).toBe(ACCOUNT_SIGN_IN_LOCKED);
  });
});

describe("sign-in from 60 addresses", () => {
  const t = useBackend({ LOGIN_LIMIT_PER_ACCOUNT: String(LIMIT) });

  it("60 parallel guesses for one account from 60 addresses: at most 10 compared", async () => {
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => login(t.b, "wrong123", { ip: `10.1.${i}.7` })));
    const by = tally(answers);
    expect(by.get(BAD_LOGIN)).toBe(LIMIT);
    expect(by.get(ACCOUNT_SIGN_IN_LOCKED)).toBe(60 - LIMIT);
  });
});

describe("no lock-out by strangers", () => {
  const t = useBackend({ LOGIN_LIMIT_PER_ACCOUNT: String(LIMIT) });
  const OWNER_DEVICE = "owner-phone-0000-1111-2222";

  it("10 wrong from a stranger's device pause new devices; the owner signs in from hers, and is told", async () => {
    const owner = await makeUser(t.b);
    const user = await t.b.db.selectFrom("users").select(["id", "email"]).where("id", "=", owner.id).executeTakeFirstOrThrow();
    // The owner has signed in from her phone before.
    expect((await login(t.b, PWD, { device: OWNER_DEVICE }, user.email!)).code).toBe(Code.OK);

    for (let i = 0; i < LIMIT; i++) expect((await login(t.b, "wrong123", { device: "stranger-laptop-9999-8888", ip: "203.0.113.9" }, user.email!)).msg).toBe(BAD_LOGIN);
    // The stranger, and any device the account has not used, are paused ...
    expect((await login(t.b, PWD, { device: "stranger-laptop-9999-8888" }, user.email!)).msg).toBe(ACCOUNT_SIGN_IN_LOCKED);
    expect((await login(t.b, PWD, { device: "another-new-device-7777" }, user.email!)).msg).toBe(ACCOUNT_SIGN_IN_LOCKED);
    expect((await login(t.b, PWD, {}, user.email!)).msg).toBe(ACCOUNT_SIGN_IN_LOCKED);
    // ... the owner is not.
    expect((await login(t.b, PWD, { device: OWNER_DEVICE }, user.email!)).code).toBe(Code.OK);

    // She was told, once: a notice and an e-mail.
    const notices = await t.b.db.selectFrom("notices").select(["title_en", "type"]).where("user_id", "=", owner.id).execute();
    expect(notices.filter((n) => n.title_en === "Sign-ins from new devices are paused")).toEqual([{ title_en: "Sign-ins from new devices are paused", type: NoticeType.Security }]);
    const mail = await t.b.db.selectFrom("outbox").select(["type", "body", "code"]).where("recipient", "=", user.email!).where("type", "=", "SECURITY").execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]!.body).toContain("Sign-ins from new devices are paused");
    expect(mail[0]!.code).toBeNull();
  });

  it("a known device's own failures lock only that device", async () => {
    const owner = await makeUser(t.b);
    const email = (await t.b.db.selectFrom("users").select("email").where("id", "=", owner.id).executeTakeFirstOrThrow()).email!;
    expect((await login(t.b, PWD, { device: "tablet-aaaa-bbbb-cccc" }, email)).code).toBe(Code.OK);
    expect((await login(t.b, PWD, { device: "phone-dddd-eeee-ffff" }, email)).code).toBe(Code.OK);
    for (let i = 0; i < LIMIT; i++) await login(t.b, "wrong123", { device: "tablet-aaaa-bbbb-cccc" }, email);
    expect((await login(t.b, PWD, { device: "tablet-aaaa-bbbb-cccc" }, email)).code).toBe(Code.TOO_MANY);
    expect((await login(t.b, PWD, { device: "phone-dddd-eeee-ffff" }, email)).code).toBe(Code.OK);
  });

  it("a sign-in from a new device is news to the owner (not her first device)", async () => {
    const owner = await makeUser(t.b);
    const email = (await t.b.db.selectFrom("users").select("email").where("id", "=", owner.id).executeTakeFirstOrThrow()).email!;
    const told = async () => (await t.b.db.selectFrom("notices").select("id").where("user_id", "=", owner.id).where("title_en", "=", "New sign-in to your account").execute()).length;
    const before = await told(); // makeUser signed in without a device: no known device yet
    expect((await login(t.b, PWD, { device: "first-device-1234-5678" }, email)).code).toBe(Code.OK);
    expect(await told()).toBe(before);
    expect((await login(t.b, PWD, { device: "first-device-1234-5678" }, email)).code).toBe(Code.OK);
    expect(await told()).toBe(before);
    expect((await login(t.b, PWD, { device: "second-device-8765-4321" }, email)).code).toBe(Code.OK);
    expect(await told()).toBe(before + 1);
    const mail = await t.b.db.selectFrom("outbox").select("body").where("recipient", "=", email).where("type", "=", "SECURITY").execute();
    expect(mail.map((m) => m.body)).toEqual([expect.stringContaining("New sign-in to your account")]);
  });
});

describe("unknown devices are slowed down", () => {
  const t = useBackend({ LOGIN_LIMIT_PER_ACCOUNT: String(LIMIT), LOGIN_SLOWDOWN_MS: "60" });

  it("the first three failures answer at once, later ones wait longer each time", async () => {
    const owner = await makeUser(t.b);
    const email = (await t.b.db.selectFrom("users").select("email").where("id", "=", owner.id).executeTakeFirstOrThrow()).email!;
    const took: number[] = [];
    for (let i = 0; i < 6; i++) {
      const start = performance.now();
      expect((await login(t.b, "wrong123", {}, email)).msg).toBe(BAD_LOGIN);
      took.push(performance.now() - start);
    }
    // 4th: 60 ms, 5th: 120 ms, 6th: 180 ms of waiting on top of the comparison.
    expect(took[3]!).toBeGreaterThanOrEqual(60);
    expect(took[5]!).toBeGreaterThanOrEqual(180);
    expect(took[5]! - took[0]!).toBeGreaterThan(120);
  });
});

describe("the login password while signed in", () => {
  const t = useBackend({ LOGIN_LIMIT_PER_ACCOUNT: String(LIMIT) });

  it("100 parallel wrong old passwords: at most 10 compared", async () => {
    const u = await makeUser(t.b);
    const answers = await Promise.all(Array.from({ length: 100 }, () => t.b.call("/userAuth/updatePassword", { oldPassword: "wrong123", newPassword: "new12345" }, { token: u.token })));
    const by = tally(answers);
    expect(by.get("The old password is incorrect.")).toBe(LIMIT);
    expect([...by.keys()].filter((k) => k !== "The old password is incorrect.")).toEqual([ACCOUNT_SIGN_IN_LOCKED]);
  });
});

describe("trade passwords under a burst", () => {
  const t = useBackend();

  async function seller() {
    const s = await makeUser(t.b, { tradePassword: "123456" });
    await setAvailable(t.b, s.id, 100_000);
    return { ...s, bank: await addBank(t.b, s.token) };
  }
  const withdrawerUser = async () => {
    const w = await makeUser(t.b);
    return makeWithdrawer(t.b, { userId: w.id, minTrade: 100, maxTrade: 100_000, remainBalance: 10_000_000 });
  };
  const apply = (s: { token: string; bank: number }, wid: number, tradePwd: string) =>
    t.b.call("/userWithdraw/applyWithdraw", { withdrawerId: wid, amount: 100, userPaymentId: s.bank, tradePwd }, { token: s.token });

  it("20 parallel sales with the right trade password all pass", async () => {
    const s = await seller();
    const wid = await withdrawerUser();
    const answers = await Promise.all(Array.from({ length: 20 }, () => apply(s, wid, "123456")));
    expect(tally(answers)).toEqual(new Map([["ok", 20]]));
  });

  it("100 parallel wrong trade passwords: at most 5 compared, then locked", async () => {
    const s = await seller();
    const wid = await withdrawerUser();
    const answers = await Promise.all(Array.from({ length: 100 }, () => apply(s, wid, "000000")));
    const by = tally(answers);
    expect(by.get(BAD_TRADE_PWD)).toBe(t.b.config.TRADE_PWD_LIMIT_PER_ACCOUNT);
    expect([...by.keys()].filter((k) => k !== BAD_TRADE_PWD).every((k) => k.startsWith("Too many wrong trade passwords."))).toBe(true);
    expect((await apply(s, wid, "123456")).msg).toMatch(/^Too many wrong trade passwords\./);
  });
});

describe("verification and redemption codes under a burst", () => {
  const t = useBackend();

  it("100 parallel wrong reset codes: at most 5 compared; the code is then used up and says so", async () => {
    const u = await makeUser(t.b);
    const email = (await t.b.db.selectFrom("users").select("email").where("id", "=", u.id).executeTakeFirstOrThrow()).email!;
    expect((await t.b.call("/userAuth/sendCodeByEmail", { email, type: "FORGET" })).code).toBe(Code.OK);
    const code = await t.b.latestCode(email, "FORGET");
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const answers = await Promise.all(Array.from({ length: 100 }, () => t.b.call("/userAuth/resetPassword", { email, code: wrong, loginPwd: "new12345" })));
    const by = tally(answers);
    expect(by.get(WRONG_CODE)).toBe(5);
    expect(by.get(CODE_GUESSES_USED)).toBe(95);
    // Even the right code is refused now: a new one must be asked for.
    expect((await t.b.call("/userAuth/resetPassword", { email, code, loginPwd: "new12345" })).msg).toBe(CODE_GUESSES_USED);
  });

  it("a right code gives its attempt back: five right-but-failed uses do not use a code up", async () => {
    const u = await makeUser(t.b);
    const email = (await t.b.db.selectFrom("users").select("email").where("id", "=", u.id).executeTakeFirstOrThrow()).email!;
    expect((await t.b.call("/userAuth/sendCodeByEmail", { email, type: "FORGET" })).code).toBe(Code.OK);
    const code = await t.b.latestCode(email, "FORGET");
    const row = await t.b.db.selectFrom("verification_codes").select("attempts").where("target", "=", email).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(row.attempts).toBe(0);
    expect((await t.b.call("/userAuth/resetPassword", { email, code, loginPwd: "new12345" })).code).toBe(Code.OK);
    const after = await t.b.db.selectFrom("verification_codes").select(["attempts", "consumed_at"]).where("target", "=", email).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(after.attempts).toBe(0);
    expect(after.consumed_at).not.toBeNull();
  });

  it("100 parallel unknown redemption codes from one user: at most 10 looked up", async () => {
    const u = await makeUser(t.b);
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => t.b.call("/userRedemptionCode/confirmRedemptionCode", { redemptionCode: `ZZZZZ${String(i).padStart(5, "3")}`.slice(0, 10) }, { token: u.token })));
    const by = tally(answers);
    expect(by.get(CODE_NOT_VALID)).toBe(10);
    expect([...by.keys()].filter((k) => k !== CODE_NOT_VALID).every((k) => k.startsWith("Too many wrong redemption codes."))).toBe(true);
  });

  it("guesses from many users at one address share the address's budget of 30", async () => {
    const users = await Promise.all(Array.from({ length: 10 }, () => makeUser(t.b)));
    const answers = await Promise.all(
      users.flatMap((u, j) => Array.from({ length: 8 }, (_, i) => t.b.call("/userRedemptionCode/confirmRedemptionCode", { redemptionCode: `YYYY${j}${i}3333`.slice(0, 10) }, { token: u.token, ip: "198.51.100.4" }))),
    );
    expect(tally(answers).get(CODE_NOT_VALID)).toBe(30);
  });
});

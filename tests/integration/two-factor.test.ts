/**
 * Two-factor sign-in (ADR 0057) over a real backend on PGlite and PostgreSQL: setting it up with
 * the app's first code, signing in in two steps (the challenge bound to the device and password),
 * a code and a recovery code each working once, wrong codes under real concurrency (reserved before
 * compared: at most the limit compared), the step-up of every protected change, turning it off,
 * and the desks' policy. Codes are made with the same library the backend checks them with.
 */
import { Secret, TOTP } from "otpauth";
import { beforeAll, describe, expect, it } from "vitest";
import { Code } from "../../contract/envelope";
import { TWO_FACTOR_MESSAGES as M } from "../../contract/two-factor";
import { DEMO_LOGINS } from "../../backend/demo/world";
import { readBackendConfig, twoFactorRequiredRoles } from "../../backend/config";
import type { Envelope, TestBackend } from "../support/backend";
import { useBackend } from "../support/use-backend";
import { expectOk, expectRefused, staff, userIdOf, type Party } from "../support/orders";
import { addBank, account, bankIdByName, makeUser, makeWithdrawer, setAvailable } from "../support/wallet";
import { freshAccountNumber } from "../support/bank-accounts";

const PWD: string = DEMO_LOGINS.password;
const STEP_MS = 30_000;

/** The app's code for the test clock's time (the library an authenticator app would use). */
const appCode = (t: TestBackend, secret: string, offsetSteps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30, timestamp: t.clock.now().getTime() + offsetSteps * STEP_MS });

/** A code from the next step: codes work once, so each use waits for the next one, as a person would. */
function nextCode(t: TestBackend, secret: string): string {
  t.clock.advance(STEP_MS);
  return appCode(t, secret);
}

interface Enrolled extends Party {
  email: string;
  secret: string;
  recoveryCodes: string[];
}

/** A new user with two-factor on, through the calls a person's page makes. */
async function enrolled(t: TestBackend, opts: { tradePassword?: string } = {}): Promise<Enrolled> {
  return enrol(t, await makeUser(t, opts));
}

async function enrol(t: TestBackend, u: Party): Promise<Enrolled> {
  const email = (await t.db.selectFrom("users").select("email").where("id", "=", u.id).executeTakeFirstOrThrow()).email!;
  const setup = await t.call("/twoFactor/beginSetup", {}, { token: u.token });
  expectOk(setup);
  const confirmed = await t.call("/twoFactor/confirmSetup", { code: appCode(t, setup.data.secret) }, { token: u.token });
  expectOk(confirmed);
  return { ...u, email, secret: setup.data.secret, recoveryCodes: confirmed.data.recoveryCodes };
}

const password = (t: TestBackend, email: string, device?: string, loginPwd = PWD) => t.call("/userAuth/login", { loginName: email, loginPwd, type: "EMAIL" }, { device });
const second = (t: TestBackend, challenge: string, code: string, init: { device?: string; ip?: string } = {}) => t.call("/twoFactor/signIn", { challenge, code }, init);

/** Both steps: the token. */
async function signInWith(t: TestBackend, u: Enrolled, code: string, device?: string): Promise<string> {
  const first = await password(t, u.email, device);
  expectOk(first);
  const done = await second(t, first.data.twoFactor.challenge, code, { device });
  expectOk(done);
  return done.data.token as string;
}

describe("setting it up", () => {
  const t = useBackend();

  it("a sealed pending secret, the same on a reload, turned on by the app's first code with ten recovery codes shown once", async () => {
    const u = await makeUser(t.b);
    expect((await t.b.call("/twoFactor/getStatus", {}, { token: u.token })).data).toEqual({ enabled: false, enabledAt: null, pending: false, recoveryCodesLeft: 0, requiredForDesk: false });
    expect((await t.b.call("/twoFactor/getSetup", {}, { token: u.token })).data).toBeNull();

    const setup = await t.b.call("/twoFactor/beginSetup", {}, { token: u.token });
    expectOk(setup);
    const { secret, otpauthUri } = setup.data as { secret: string; otpauthUri: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toContain(`secret=${secret}`);
    expect(otpauthUri).toContain("issuer=GiftMarket");
    expect((await t.b.call("/twoFactor/getSetup", {}, { token: u.token })).data).toEqual(setup.data);
    // Kept sealed, never as the base32 the app was shown.
    const row = await t.b.db.selectFrom("two_factor").selectAll().where("user_id", "=", u.id).executeTakeFirstOrThrow();
    expect(row.secret_sealed).not.toContain(secret);
    expect(row.enabled_at).toBeNull();
    expect((await t.b.call("/twoFactor/getStatus", {}, { token: u.token })).data.pending).toBe(true);

    // Pending is not on: signing in still takes the password only.
    const email = (await t.b.db.selectFrom("users").select("email").where("id", "=", u.id).executeTakeFirstOrThrow()).email!;
    expect((await password(t.b, email)).data.token).toEqual(expect.any(String));

    expectRefused(await t.b.call("/twoFactor/confirmSetup", { code: "12345" }, { token: u.token }), M.setupCodeShape, Code.INVALID);
    const wrong = appCode(t.b, secret, 5);
    expectRefused(await t.b.call("/twoFactor/confirmSetup", { code: wrong }, { token: u.token }), M.codeWrong);

    const confirmed = await t.b.call("/twoFactor/confirmSetup", { code: appCode(t.b, secret) }, { token: u.token });
    expectOk(confirmed);
    const codes = confirmed.data.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const status = (await t.b.call("/twoFactor/getStatus", {}, { token: u.token })).data;
    expect(status).toEqual({ enabled: true, enabledAt: t.b.clock.now().getTime(), pending: false, recoveryCodesLeft: 10, requiredForDesk: false });
    // Only keyed hashes are kept.
    const kept = await t.b.db.selectFrom("two_factor_recovery_codes").select("code_hash").where("user_id", "=", u.id).execute();
    expect(kept).toHaveLength(10);
    for (const k of kept) expect(codes.map((c) => c.replace("-", ""))).not.toContain(k.code_hash);
    // Not a second time, and the owner is told.
    expectRefused(await t.b.call("/twoFactor/beginSetup", {}, { token: u.token }), M.alreadyOn);
    expect((await t.b.call("/twoFactor/getSetup", {}, { token: u.token })).data).toBeNull();
    const notices = await t.b.db.selectFrom("notices").select("title_en").where("user_id", "=", u.id).execute();
    expect(notices.map((n) => n.title_en)).toContain("Two-factor sign-in is on");
  });

  it("a setup begun again replaces the secret: the first QR code's codes no longer turn it on", async () => {
    const u = await makeUser(t.b);
    const first = (await t.b.call("/twoFactor/beginSetup", {}, { token: u.token })).data.secret as string;
    const again = (await t.b.call("/twoFactor/beginSetup", {}, { token: u.token })).data.secret as string;
    expect(again).not.toBe(first);
    expectRefused(await t.b.call("/twoFactor/confirmSetup", { code: appCode(t.b, first) }, { token: u.token }), M.codeWrong);
    expectOk(await t.b.call("/twoFactor/confirmSetup", { code: appCode(t.b, again) }, { token: u.token }));
  });

  it("confirming with nothing pending says to start again; a guest is refused", async () => {
    const u = await makeUser(t.b);
    expectRefused(await t.b.call("/twoFactor/confirmSetup", { code: "123456" }, { token: u.token }), M.noSetup);
    expectRefused(await t.b.call("/twoFactor/beginSetup", {}), undefined, Code.NOT_LOGGED_IN);
  });
});

describe("signing in", () => {
  const t = useBackend();

  it("the password answers a challenge and no session; the app's code completes the sign-in", async () => {
    const u = await enrolled(t.b);
    const sessionsBefore = await t.b.db.selectFrom("user_tokens").select("token_hash").where("user_id", "=", u.id).execute();
    const first = await password(t.b, u.email, "phone-of-ada-0001");
    expectOk(first);
    expect(first.data.token).toBeUndefined();
    expect(first.data.twoFactor.expiresAt).toBe(t.b.clock.now().getTime() + 5 * 60_000);
    // No session yet, and the device is not known yet.
    expect(await t.b.db.selectFrom("user_tokens").select("token_hash").where("user_id", "=", u.id).execute()).toHaveLength(sessionsBefore.length);
    expect(await t.b.db.selectFrom("known_devices").select("user_id").where("user_id", "=", u.id).execute()).toHaveLength(0);

    const done = await second(t.b, first.data.twoFactor.challenge, appCode(t.b, u.secret, 1), { device: "phone-of-ada-0001" });
    expectOk(done);
    expect((await t.b.call("/userInfo/getProfileInfo", {}, { token: done.data.token })).code).toBe(Code.OK);
    expect(await t.b.db.selectFrom("known_devices").select("user_id").where("user_id", "=", u.id).execute()).toHaveLength(1);
  });

  it("a code works once; the next one works; a wrong password never reaches the second step", async () => {
    const u = await enrolled(t.b);
    const code = nextCode(t.b, u.secret);
    await signInWith(t.b, u, code);
    const again = await password(t.b, u.email);
    expectRefused(await second(t.b, again.data.twoFactor.challenge, code), M.codeUsed);
    // The same challenge with the next code.
    expectOk(await second(t.b, again.data.twoFactor.challenge, nextCode(t.b, u.secret)));
    expectRefused(await password(t.b, u.email, undefined, "wrong123"), "Incorrect account or password.");
  });

  it("a device the account knows is asked for the code too", async () => {
    const u = await enrolled(t.b);
    await signInWith(t.b, u, nextCode(t.b, u.secret), "known-phone-1234");
    expect(await t.b.db.selectFrom("known_devices").select("user_id").where("user_id", "=", u.id).execute()).toHaveLength(1);
    const first = await password(t.b, u.email, "known-phone-1234");
    expect(first.data.token).toBeUndefined();
    expect(first.data.twoFactor.challenge).toEqual(expect.any(String));
  });

  it("the challenge holds only on its device, for five minutes, and for the password it answered", async () => {
    const u = await enrolled(t.b);
    const first = await password(t.b, u.email, "device-aaaa-1111");
    const c = first.data.twoFactor.challenge as string;
    expectRefused(await second(t.b, c, nextCode(t.b, u.secret), { device: "device-bbbb-2222" }), M.challengeExpired);
    expectRefused(await second(t.b, c, appCode(t.b, u.secret)), M.challengeExpired);
    expectRefused(await second(t.b, "1.2.3.4", appCode(t.b, u.secret)), M.challengeExpired);
    expectRefused(await second(t.b, `${u.id}.9999999999999.x.forged`, appCode(t.b, u.secret)), M.challengeExpired);
    t.b.clock.advance(5 * 60_000);
    expectRefused(await second(t.b, c, appCode(t.b, u.secret), { device: "device-aaaa-1111" }), M.challengeExpired);

    // A password changed since the password step ends its challenge.
    const fresh = await password(t.b, u.email, "device-aaaa-1111");
    const token = await signInWith(t.b, u, nextCode(t.b, u.secret), "device-aaaa-1111");
    expectOk(await t.b.call("/userAuth/updatePassword", { oldPassword: PWD, newPassword: "Changed99", otp: nextCode(t.b, u.secret) }, { token, device: "device-aaaa-1111" }));
    expectRefused(await second(t.b, fresh.data.twoFactor.challenge, nextCode(t.b, u.secret), { device: "device-aaaa-1111" }), M.challengeExpired);
  });

  it("a recovery code signs in once, the owner is told and the count goes down", async () => {
    const u = await enrolled(t.b);
    const code = u.recoveryCodes[3]!;
    // As people type it: upper case, without the dash.
    await signInWith(t.b, u, code.toUpperCase().replace("-", ""));
    const again = await password(t.b, u.email);
    expectRefused(await second(t.b, again.data.twoFactor.challenge, code), M.recoveryCodeWrong);
    expectRefused(await second(t.b, again.data.twoFactor.challenge, "zzzzz-zzzzz"), M.recoveryCodeWrong);
    expectRefused(await second(t.b, again.data.twoFactor.challenge, "not a code"), M.codeShape, Code.INVALID);
    expect((await t.b.call("/twoFactor/getStatus", {}, { token: u.token })).data.recoveryCodesLeft).toBe(9);
    const notices = await t.b.db.selectFrom("notices").select(["title_en", "content_en"]).where("user_id", "=", u.id).where("title_en", "=", "A recovery code was used").execute();
    expect(notices).toHaveLength(1);
    expect(notices[0]!.content_en).toContain("9 left");
    // Another user's recovery code is nothing here.
    const other = await enrolled(t.b);
    expectRefused(await second(t.b, (await password(t.b, u.email)).data.twoFactor.challenge, other.recoveryCodes[0]!), M.recoveryCodeWrong);
  });

  it("two sign-ins racing with one code: one session", async () => {
    const u = await enrolled(t.b);
    const code = nextCode(t.b, u.secret);
    const challenges = await Promise.all(Array.from({ length: 5 }, () => password(t.b, u.email)));
    const answers = await Promise.all(challenges.map((c) => second(t.b, c.data.twoFactor.challenge, code)));
    expect(answers.filter((a) => a.code === Code.OK)).toHaveLength(1);
    expect(answers.filter((a) => a.msg === M.codeUsed)).toHaveLength(4);
  });
});

describe("wrong codes under a burst", () => {
  const LIMIT = 5;
  const t = useBackend({ TWO_FACTOR_LIMIT_PER_ACCOUNT: String(LIMIT), LOGIN_LIMIT_PER_IP: "10000" });
  const tally = (answers: Envelope[]) => {
    const by = new Map<string, number>();
    for (const a of answers) {
      const k = a.code === Code.OK ? "ok" : (a.msg ?? String(a.code));
      by.set(k, (by.get(k) ?? 0) + 1);
    }
    return by;
  };

  it("100 parallel wrong codes and the right one, from a stranger's device: at most 5 compared, the owner's own phone still signs in", async () => {
    const u = await enrolled(t.b);
    // The owner signed in from her phone before.
    await signInWith(t.b, u, nextCode(t.b, u.secret), "owner-phone-5555");
    const right = nextCode(t.b, u.secret);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, "0");
    const c = (await password(t.b, u.email, "stranger-laptop-1")).data.twoFactor.challenge;
    const answers = await Promise.all([
      ...Array.from({ length: 100 }, () => second(t.b, c, wrong, { device: "stranger-laptop-1" })),
      second(t.b, c, right, { device: "stranger-laptop-1" }),
    ]);
    const by = tally(answers);
    const compared = (by.get(M.codeWrong) ?? 0) + (by.get("ok") ?? 0) + (by.get(M.codeUsed) ?? 0);
    expect(compared).toBeLessThanOrEqual(LIMIT);
    const locked = answers.filter((a) => a.code !== Code.OK && a.msg !== M.codeWrong);
    expect(locked.length).toBeGreaterThanOrEqual(96);
    for (const a of locked) expectRefused(a, /^Too many wrong two-factor codes\. Please try again in \d+ minutes\.$/, Code.TOO_MANY);

    // Spent: the right code from a new device waits too ...
    if (!by.get("ok")) {
      const c2 = (await password(t.b, u.email, "stranger-laptop-1")).data.twoFactor.challenge;
      expect((await second(t.b, c2, nextCode(t.b, u.secret), { device: "stranger-laptop-1" })).code).toBe(Code.TOO_MANY);
    }
    // ... the owner's phone does not, and she was told once.
    await signInWith(t.b, u, nextCode(t.b, u.secret), "owner-phone-5555");
    const told = await t.b.db.selectFrom("notices").select("title_en").where("user_id", "=", u.id).where("title_en", "=", "Wrong two-factor codes on your account").execute();
    expect(told).toHaveLength(1);
  });

  it("100 parallel wrong codes on a protected change: at most 5 compared, nothing changed", async () => {
    const u = await enrolled(t.b);
    const paymentId = await bankIdByName(t.b, "GTBank");
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        t.b.call("/userPayment/addPayment", { paymentId, userPayment: { realname: "Ada Obi", accountNumber: freshAccountNumber("GTBank") }, otp: "000000" }, { token: u.token }),
      ),
    );
    const by = tally(answers);
    expect(by.get(M.codeWrong) ?? 0).toBeLessThanOrEqual(LIMIT);
    expect((by.get(M.codeWrong) ?? 0) + [...by.entries()].filter(([k]) => k.startsWith("Too many wrong two-factor codes.")).reduce((n, [, v]) => n + v, 0)).toBe(100);
    expect(await t.b.db.selectFrom("user_payments").select("id").where("user_id", "=", u.id).execute()).toHaveLength(0);
  });
});

describe("step-up: each protected change asks for a current code when two-factor is on", () => {
  const t = useBackend();
  let u: Enrolled;
  let wid: number;
  let bank: number;

  beforeAll(async () => {
    // A bank account and coins from before two-factor was on.
    const plain = await makeUser(t.b, { tradePassword: "135790" });
    bank = await addBank(t.b, plain.token, { bank: "Opay", accountNumber: "8031234567", realname: "Ada Obi" });
    u = await enrol(t.b, plain);
    await setAvailable(t.b, u.id, 1_000_000);
    const w = await makeUser(t.b);
    wid = await makeWithdrawer(t.b, { userId: w.id });
  });

  const withdraw = (otp?: string) => t.b.call("/userWithdraw/applyWithdraw", { withdrawerId: wid, amount: 10_000, userPaymentId: bank, tradePwd: "135790", otp }, { token: u.token });

  it("applyWithdraw: without a code or with a wrong one nothing is frozen; with the current one the coins go", async () => {
    expectRefused(await withdraw(), M.codeRequired);
    expectRefused(await withdraw(""), M.codeRequired);
    expectRefused(await withdraw(appCode(t.b, u.secret, 4)), M.codeWrong);
    expect(await account(t.b, u.id)).toEqual({ amount: 1_000_000, frozen: 0 });
    const code = nextCode(t.b, u.secret);
    expectOk(await withdraw(code));
    expect(await account(t.b, u.id)).toEqual({ amount: 990_000, frozen: 10_000 });
    // The same code does not sell twice.
    expectRefused(await withdraw(code), M.codeUsed);
    expect(await account(t.b, u.id)).toEqual({ amount: 990_000, frozen: 10_000 });
  });

  it("addPayment, updatePayment and removePayment", async () => {
    const paymentId = await bankIdByName(t.b, "GTBank");
    const userPayment = { realname: "Ada Obi", accountNumber: freshAccountNumber("GTBank") };
    expectRefused(await t.b.call("/userPayment/addPayment", { paymentId, userPayment }, { token: u.token }), M.codeRequired);
    expectRefused(await t.b.call("/userPayment/addPayment", { paymentId, userPayment, otp: "12ab" }, { token: u.token }), M.codeShape, Code.INVALID);
    const added = await t.b.call("/userPayment/addPayment", { paymentId, userPayment, otp: nextCode(t.b, u.secret) }, { token: u.token });
    expectOk(added);
    const id = added.data.id as number;
    const edited = { ...userPayment, id, remark: "Salary" };
    expectRefused(await t.b.call("/userPayment/updatePayment", { paymentId, userPayment: edited }, { token: u.token }), M.codeRequired);
    expectOk(await t.b.call("/userPayment/updatePayment", { paymentId, userPayment: edited, otp: nextCode(t.b, u.secret) }, { token: u.token }));
    expectRefused(await t.b.call("/userPayment/removePayment", { userPayment: { id } }, { token: u.token }), M.codeRequired);
    // Another user's account is not found before any code is looked at.
    const other = await makeUser(t.b);
    expectRefused(await t.b.call("/userPayment/removePayment", { userPayment: { id }, otp: "123456" }, { token: other.token }), "Bank account not found.");
    expectOk(await t.b.call("/userPayment/removePayment", { userPayment: { id }, otp: nextCode(t.b, u.secret) }, { token: u.token }));
    const list = (await t.b.call("/userPayment/getPaymentList", {}, { token: u.token })).data.paymentList as Array<{ id: number }>;
    expect(list.map((p) => p.id)).not.toContain(id);
  });

  it("updatePassword", async () => {
    expectRefused(await t.b.call("/userAuth/updatePassword", { oldPassword: PWD, newPassword: "Newer123" }, { token: u.token }), M.codeRequired);
    // Still the old password.
    expect((await password(t.b, u.email)).code).toBe(Code.OK);
    const token = await signInWith(t.b, u, nextCode(t.b, u.secret));
    expectOk(await t.b.call("/userAuth/updatePassword", { oldPassword: PWD, newPassword: "Newer123", otp: nextCode(t.b, u.secret) }, { token }));
    expect((await password(t.b, u.email, undefined, "Newer123")).data.twoFactor).toBeDefined();
  });

  it("the withdrawer's payout settings", async () => {
    const w = await enrolled(t.b);
    const offer = await makeWithdrawer(t.b, { userId: w.id, remainBalance: 0 });
    await t.b.db.updateTable("users").set({ is_withdrawer: true }).where("id", "=", w.id).execute();
    const body = { id: offer, seenRemainBalance: 0, status: 0, currencyRate: 5_500_000, minTrade: 2_000, maxTrade: 400_000, remainBalance: 0, tags: "", description: "" };
    expectRefused(await staff(t.b, "/merchant/withdrawer/updateSettings", body, w.token), M.codeRequired);
    expectOk(await staff(t.b, "/merchant/withdrawer/updateSettings", { ...body, otp: nextCode(t.b, w.secret) }, w.token));
    expect(Number((await t.b.db.selectFrom("withdrawers").select("currency_rate").where("id", "=", offer).executeTakeFirstOrThrow()).currency_rate)).toBe(5_500_000);
  });

  it("without two-factor on, none of them asks", async () => {
    const plain = await makeUser(t.b);
    const paymentId = await bankIdByName(t.b, "GTBank");
    expectOk(await t.b.call("/userPayment/addPayment", { paymentId, userPayment: { realname: "Bola Ade", accountNumber: freshAccountNumber("GTBank") } }, { token: plain.token }));
  });
});

describe("new recovery codes, and turning it off", () => {
  const t = useBackend();

  it("new recovery codes take a current code; the old ones stop working", async () => {
    const u = await enrolled(t.b);
    expectRefused(await t.b.call("/twoFactor/renewRecoveryCodes", { otp: appCode(t.b, u.secret, 3) }, { token: u.token }), M.codeWrong);
    const renewed = await t.b.call("/twoFactor/renewRecoveryCodes", { otp: nextCode(t.b, u.secret) }, { token: u.token });
    expectOk(renewed);
    const fresh = renewed.data.recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    const c = (await password(t.b, u.email)).data.twoFactor.challenge;
    expectRefused(await second(t.b, c, u.recoveryCodes[0]!), M.recoveryCodeWrong);
    expectOk(await second(t.b, c, fresh[0]!));
  });

  it("off with the login password and a code (or a recovery code); sign-in is one step again", async () => {
    const u = await enrolled(t.b);
    expectRefused(await t.b.call("/twoFactor/disable", { otp: nextCode(t.b, u.secret), loginPwd: "wrong123" }, { token: u.token }), M.loginPasswordWrong);
    expectRefused(await t.b.call("/twoFactor/disable", { otp: "zzzzz-zzzzz", loginPwd: PWD }, { token: u.token }), M.recoveryCodeWrong);
    expectRefused(await t.b.call("/twoFactor/disable", { loginPwd: PWD }, { token: u.token }), M.codeRequired, Code.INVALID);
    expectOk(await t.b.call("/twoFactor/disable", { otp: u.recoveryCodes[9]!, loginPwd: PWD }, { token: u.token }));
    expect((await t.b.call("/twoFactor/getStatus", {}, { token: u.token })).data).toMatchObject({ enabled: false, pending: false, recoveryCodesLeft: 0 });
    expect(await t.b.db.selectFrom("two_factor_recovery_codes").select("id").where("user_id", "=", u.id).execute()).toHaveLength(0);
    expect((await password(t.b, u.email)).data.token).toEqual(expect.any(String));
    expectRefused(await t.b.call("/twoFactor/disable", { otp: "123456", loginPwd: PWD }, { token: u.token }), M.notOn);
    const notices = await t.b.db.selectFrom("notices").select("title_en").where("user_id", "=", u.id).execute();
    expect(notices.map((n) => n.title_en)).toContain("Two-factor sign-in is off");
  });
});

describe("the desks' policy (TWO_FACTOR_REQUIRED_ROLES)", () => {
  it("production requires it of administrators and withdrawers by default; development and the demo world of nobody; none turns it off", () => {
    const roles = (env: Record<string, string>) => [...twoFactorRequiredRoles(readBackendConfig({ DATA_DIR: "/tmp/x", ...env }))].sort();
    expect(roles({ NODE_ENV: "production" })).toEqual(["admin", "withdrawer"]);
    expect(roles({ NODE_ENV: "development" })).toEqual([]);
    expect(roles({ NODE_ENV: "test" })).toEqual([]);
    expect(roles({ NODE_ENV: "production", TWO_FACTOR_REQUIRED_ROLES: "none" })).toEqual([]);
    expect(roles({ NODE_ENV: "production", TWO_FACTOR_REQUIRED_ROLES: "" })).toEqual([]);
    expect(roles({ NODE_ENV: "development", TWO_FACTOR_REQUIRED_ROLES: " Admin, business " })).toEqual(["admin", "business"]);
    expect(() => readBackendConfig({ TWO_FACTOR_REQUIRED_ROLES: "admin,staff" })).toThrow("TWO_FACTOR_REQUIRED_ROLES: unknown role staff");
  });

  describe("with admin and withdrawer required", () => {
    const t = useBackend({ TWO_FACTOR_REQUIRED_ROLES: "admin,withdrawer" });

    it("a withdrawer or an administrator without it signs in and sells, but its desk answers code 4 until it is on", async () => {
      const withdrawer = await t.b.login(DEMO_LOGINS.withdrawers[3]);
      const admin = await t.b.login(DEMO_LOGINS.admin);
      const merchant = await t.b.login(DEMO_LOGINS.merchants[0]);
      const seller = await t.b.login(DEMO_LOGINS.seller);
      expectRefused(await staff(t.b, "/merchant/withdrawer/getSettings", {}, withdrawer), M.requiredForDesk, Code.FORBIDDEN);
      expectRefused(await staff(t.b, "/merchant/withdraw/list", { status: 0 }, withdrawer), M.requiredForDesk, Code.FORBIDDEN);
      expectRefused(await staff(t.b, "/admin/withdraw/list", {}, admin), M.requiredForDesk, Code.FORBIDDEN);
      // Not a role that is required: the merchant desk works; the seller's calls work for everyone.
      expectOk(await staff(t.b, "/merchant/order/list", {}, merchant));
      expectOk(await t.b.call("/userInfo/getProfileInfo", {}, { token: withdrawer }));
      // Another role's desk stays what it was: refused as not theirs.
      expectRefused(await staff(t.b, "/admin/withdraw/list", {}, seller), undefined, Code.FORBIDDEN);
      expect((await staff(t.b, "/admin/withdraw/list", {}, seller)).msg).not.toBe(M.requiredForDesk);

      expect((await t.b.call("/twoFactor/getStatus", {}, { token: withdrawer })).data.requiredForDesk).toBe(true);
      expect((await t.b.call("/twoFactor/getStatus", {}, { token: merchant })).data.requiredForDesk).toBe(false);
      expect((await t.b.call("/twoFactor/getStatus", {}, { token: seller })).data.requiredForDesk).toBe(false);

      const setup = await t.b.call("/twoFactor/beginSetup", {}, { token: withdrawer });
      expectOk(await t.b.call("/twoFactor/confirmSetup", { code: appCode(t.b, setup.data.secret) }, { token: withdrawer }));
      expectOk(await staff(t.b, "/merchant/withdrawer/getSettings", {}, withdrawer));
      expectOk(await staff(t.b, "/merchant/withdraw/list", { status: 0 }, withdrawer));
      expectRefused(await staff(t.b, "/admin/withdraw/list", {}, admin), M.requiredForDesk, Code.FORBIDDEN);
      expect(await userIdOf(t.b, DEMO_LOGINS.withdrawers[3])).toBeGreaterThan(0);
    });
  });
});

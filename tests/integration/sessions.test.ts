/**
 * The sessions an account can see and end (ADR 0058) on a real database: the list (this
 * one first, device and place, first and last seen), last seen kept at most once per interval
 * without waiting on a lock, signing out one session or all the others (their devices told why),
 * a password change that keeps the session that made it, and no reach into another account's.
 */
import { describe, expect, it } from "vitest";
import { Code } from "../../contract/envelope";
import type { SignedInSession } from "../../contract/calls/sessions";
import { DEMO_LOGINS } from "../../backend/demo/world";
import { NOT_THIS_SESSION } from "../../backend/modules/sessions/sessions";
import { LAST_SEEN_EVERY_MS, SESSION_END_MESSAGES, hashToken, sessionOf } from "../../backend/security/tokens";
import type { TestBackend } from "../support/backend";
import { expectRefused } from "../support/orders";
import { useBackend } from "../support/use-backend";

const PWD = DEMO_LOGINS.password;
const MINUTE = 60_000;

const ANDROID_CHROME = "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36";
const IPHONE_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
const WINDOWS_FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0";

let registered = 0;

/** A fresh account of its own (a REGISTER code from the outbox), so no test sees another's sessions. */
async function newUser(b: TestBackend): Promise<string> {
  const email = `sessions${++registered}-${Date.now().toString(36)}@example.com`;
  expect((await b.call("/userAuth/sendCodeByEmail", { email, type: "REGISTER" })).code).toBe(Code.OK);
  const code = await b.latestCode(email, "REGISTER");
  const res = await b.call("/userAuth/register", { email, code, nickname: `ses_${registered}_${Date.now().toString(36)}`.slice(0, 20), loginPwd: PWD });
  expect(res.code, res.msg).toBe(Code.OK);
  return email;
}

/** Signs in as a browser would through our web tier: its device id, address and User-Agent. */
async function signIn(b: TestBackend, email: string, from: { device: string; ip: string; userAgent?: string }, password = PWD): Promise<string> {
  const res = await b.call("/userAuth/login", { loginName: email, loginPwd: password, type: "EMAIL" }, from);
  expect(res.code, res.msg).toBe(Code.OK);
  return res.data.token as string;
}

async function sessions(b: TestBackend, token: string): Promise<SignedInSession[]> {
  const res = await b.call("/userSession/getSessionList", {}, { token });
  expect(res.code, res.msg).toBe(Code.OK);
  return res.data.list;
}

/** A call that succeeds only with a live session, and changes nothing worth noting. */
const probe = (b: TestBackend, token: string) => b.call("/userInfo/getAccountBalance", {}, { token });

const lastSeenOf = async (b: TestBackend, token: string) =>
  (await b.db.selectFrom("user_tokens").select("last_seen_at").where("token_hash", "=", hashToken(token)).executeTakeFirstOrThrow()).last_seen_at;

const PHONE = { device: "device-phone-0001", ip: "102.89.34.17", userAgent: ANDROID_CHROME };
const IPHONE = { device: "device-iphone-0002", ip: "192.168.1.5", userAgent: IPHONE_SAFARI };
const LAPTOP = { device: "device-laptop-0003", ip: "127.0.0.1", userAgent: WINDOWS_FIREFOX };

describe("the list of sessions", () => {
  const t = useBackend();

  it("lists the live sessions, this one first and marked, each with its device, place and first and last seen", async () => {
    const email = await newUser(t.b);
    const phone = await signIn(t.b, email, PHONE);
    const signedInAt = t.b.clock.now().getTime();
    t.b.clock.advance(10 * MINUTE);
    const iphone = await signIn(t.b, email, IPHONE);
    t.b.clock.advance(MINUTE);
    const laptop = await signIn(t.b, email, LAPTOP);
    // One signed out, one expired: neither is listed.
    const gone = await signIn(t.b, email, { device: "device-gone-0004", ip: "10.0.0.9" });
    expect((await t.b.call("/userAuth/logout", {}, { token: gone })).code).toBe(Code.OK);
    const expired = await signIn(t.b, email, { device: "device-old-0005", ip: "10.0.0.9" });
    await t.b.db.updateTable("user_tokens").set({ expires_at: t.b.clock.now() }).where("token_hash", "=", hashToken(expired)).execute();

    const list = await sessions(t.b, iphone);
    expect(list.map((s) => [s.device, s.place, s.current])).toEqual([
      ["Safari on iPhone", "Private network", true],
      // Then the most recently used.
      ["Firefox on Windows", "This computer", false],
      ["Chrome on Android", "102.89.*.*", false],
    ]);
    const phoneRow = list[2]!;
    expect(phoneRow.firstSeen).toBe(signedInAt);
    expect(phoneRow.lastSeen).toBe(signedInAt);

    // Ids are opaque: not the token, not its hash, nothing made from either that a client holds.
    for (const s of list) {
      expect(s.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      for (const token of [phone, iphone, laptop]) {
        expect(token).not.toContain(s.id);
        expect(hashToken(token)).not.toContain(s.id);
      }
    }
    // Stable from call to call and from device to device; each device sees itself marked.
    const fromPhone = await sessions(t.b, phone);
    expect(fromPhone.map((s) => s.id).sort()).toEqual(list.map((s) => s.id).sort());
    expect(fromPhone[0]).toMatchObject({ id: phoneRow.id, current: true });
    expect(fromPhone.filter((s) => s.current)).toHaveLength(1);
  });

  it("shows none of another account's sessions, and nothing to a caller who is not signed in", async () => {
    const mine = await signIn(t.b, await newUser(t.b), PHONE);
    const theirs = await signIn(t.b, await newUser(t.b), IPHONE);
    const mineIds = (await sessions(t.b, mine)).map((s) => s.id);
    const theirIds = (await sessions(t.b, theirs)).map((s) => s.id);
    expect(mineIds).toHaveLength(1);
    expect(theirIds).toHaveLength(1);
    expect(mineIds).not.toEqual(theirIds);
    expect((await t.b.call("/userSession/getSessionList")).code).toBe(Code.NOT_LOGGED_IN);
    expect((await t.b.call("/userSession/signOutOtherSessions")).code).toBe(Code.NOT_LOGGED_IN);
    expect((await t.b.call("/userSession/signOutSession", { id: theirIds[0] })).code).toBe(Code.NOT_LOGGED_IN);
  });

  it("a session from a client that sent no address or browser is listed as an unknown device", async () => {
    const email = await newUser(t.b);
    const token = await signIn(t.b, email, { device: "device-bare-0006", ip: "unknown" });
    expect((await sessions(t.b, token))[0]).toMatchObject({ device: "Unknown device", place: null, current: true });
  });
});

describe("last seen", () => {
  const t = useBackend();

  it("moves at most once per interval, with one extra statement only when it does", async () => {
    const token = await signIn(t.b, await newUser(t.b), PHONE);
    const start = t.b.clock.now().getTime();
    const statements: string[] = [];
    const recorded = t.b.db.withPlugin({
      transformQuery: ({ node }) => (statements.push(node.kind), node),
      transformResult: async ({ result }) => result,
    });
    const look = async () => {
      statements.length = 0;
      expect((await sessionOf(recorded, token, t.b.clock.now())).user).toBeDefined();
      return [...statements];
    };

    // Fresh: the one statement that finds the session, nothing written.
    t.b.clock.advance(LAST_SEEN_EVERY_MS - 1000);
    expect(await look()).toEqual(["SelectQueryNode"]);
    expect(new Date((await lastSeenOf(t.b, token))!).getTime()).toBe(start);

    // Stale: one more statement moves it to now.
    t.b.clock.advance(1000);
    expect(await look()).toEqual(["SelectQueryNode", "UpdateQueryNode"]);
    const moved = t.b.clock.now().getTime();
    expect(new Date((await lastSeenOf(t.b, token))!).getTime()).toBe(moved);

    // Fresh again until the next interval has passed; the list shows it.
    t.b.clock.advance(MINUTE);
    expect(await look()).toEqual(["SelectQueryNode"]);
    expect((await sessions(t.b, token))[0]!.lastSeen).toBe(moved);
    t.b.clock.advance(LAST_SEEN_EVERY_MS);
    expect((await probe(t.b, token)).code).toBe(Code.OK);
    expect((await sessions(t.b, token))[0]!.lastSeen).toBe(t.b.clock.now().getTime());
  });

  it("a session signed in before last seen was kept (null) gets it on its next call", async () => {
    const token = await signIn(t.b, await newUser(t.b), PHONE);
    await t.b.db.updateTable("user_tokens").set({ last_seen_at: null }).where("token_hash", "=", hashToken(token)).execute();
    expect((await probe(t.b, token)).code).toBe(Code.OK);
    expect(new Date((await lastSeenOf(t.b, token))!).getTime()).toBe(t.b.clock.now().getTime());
  });

  it("an ended session's last seen stays where it was", async () => {
    const email = await newUser(t.b);
    const here = await signIn(t.b, email, PHONE);
    const there = await signIn(t.b, email, IPHONE);
    const before = await lastSeenOf(t.b, there);
    expect((await t.b.call("/userSession/signOutOtherSessions", {}, { token: here })).code).toBe(Code.OK);
    t.b.clock.advance(2 * LAST_SEEN_EVERY_MS);
    expect((await probe(t.b, there)).code).toBe(Code.NOT_LOGGED_IN);
    expect(await lastSeenOf(t.b, there)).toEqual(before);
  });

  // PGlite is one connection: a transaction holds it whole, so there is no row lock to skip there.
  it.skipIf(!process.env.DATABASE_URL)("a call whose session row another transaction holds goes on without waiting, and writes nothing", async () => {
    const token = await signIn(t.b, await newUser(t.b), PHONE);
    const before = await lastSeenOf(t.b, token);
    t.b.clock.advance(LAST_SEEN_EVERY_MS);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    const holder = t.b.db.transaction().execute(async (trx) => {
      await trx.selectFrom("user_tokens").select("token_hash").where("token_hash", "=", hashToken(token)).forUpdate().execute();
      locked();
      await held;
    });
    try {
      await isLocked;
      const started = Date.now();
      const answer = await Promise.race([probe(t.b, token), new Promise<"waited">((r) => setTimeout(() => r("waited"), 5_000))]);
      expect(answer).not.toBe("waited");
      expect((answer as { code: number }).code).toBe(Code.OK);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      release();
      await holder;
    }
    expect(await lastSeenOf(t.b, token)).toEqual(before);
    // The next call after the holder is done records the use.
    expect((await probe(t.b, token)).code).toBe(Code.OK);
    expect(new Date((await lastSeenOf(t.b, token))!).getTime()).toBe(t.b.clock.now().getTime());
  });
});

describe("signing out", () => {
  const t = useBackend();

  it("one other session: its next call is signed out and says why; this one and the rest go on", async () => {
    const email = await newUser(t.b);
    const phone = await signIn(t.b, email, PHONE);
    const iphone = await signIn(t.b, email, IPHONE);
    const laptop = await signIn(t.b, email, LAPTOP);
    const target = (await sessions(t.b, phone)).find((s) => s.device === "Safari on iPhone")!;

    const res = await t.b.call("/userSession/signOutSession", { id: target.id }, { token: phone });
    expect(res.code, res.msg).toBe(Code.OK);
    expect(res.data).toBeNull();
    expect(await probe(t.b, iphone)).toEqual({ code: Code.NOT_LOGGED_IN, msg: SESSION_END_MESSAGES.signed_out_elsewhere });
    expect(SESSION_END_MESSAGES.signed_out_elsewhere).toBe("You were signed out from another device.");
    expect((await probe(t.b, phone)).code).toBe(Code.OK);
    expect((await probe(t.b, laptop)).code).toBe(Code.OK);
    expect((await sessions(t.b, phone)).map((s) => s.device)).toEqual(["Chrome on Android", "Firefox on Windows"]);

    // Again: it is gone. This session is not ended from the list (the menu's Sign out does that).
    expectRefused(await t.b.call("/userSession/signOutSession", { id: target.id }, { token: phone }), "Session not found.", Code.NOT_FOUND);
    const self = (await sessions(t.b, phone)).find((s) => s.current)!;
    expectRefused(await t.b.call("/userSession/signOutSession", { id: self.id }, { token: phone }), NOT_THIS_SESSION, Code.FAILED);
    expect((await probe(t.b, phone)).code).toBe(Code.OK);
  });

  it("refuses an id that is not one, with a message", async () => {
    const token = await signIn(t.b, await newUser(t.b), PHONE);
    for (const id of [undefined, "", "short", "x".repeat(23), "a b c d e f g h i j k ", 42, "../../../etc/passwd/xx"])
      expectRefused(await t.b.call("/userSession/signOutSession", id === undefined ? {} : { id }, { token }), "Choose a session.", Code.INVALID);
    // Well formed, but no session's.
    expectRefused(await t.b.call("/userSession/signOutSession", { id: "A".repeat(22) }, { token }), "Session not found.", Code.NOT_FOUND);
    expect((await probe(t.b, token)).code).toBe(Code.OK);
  });

  it("all the others: each is told why on its next call; this one, and other accounts, go on", async () => {
    const email = await newUser(t.b);
    const phone = await signIn(t.b, email, PHONE);
    const iphone = await signIn(t.b, email, IPHONE);
    const laptop = await signIn(t.b, email, LAPTOP);
    const stranger = await signIn(t.b, await newUser(t.b), PHONE);

    const res = await t.b.call("/userSession/signOutOtherSessions", {}, { token: laptop });
    expect(res.code, res.msg).toBe(Code.OK);
    expect(res.data).toEqual({ count: 2 });
    for (const token of [phone, iphone]) expect(await probe(t.b, token)).toEqual({ code: Code.NOT_LOGGED_IN, msg: SESSION_END_MESSAGES.signed_out_elsewhere });
    expect((await probe(t.b, laptop)).code).toBe(Code.OK);
    expect((await probe(t.b, stranger)).code).toBe(Code.OK);
    expect((await sessions(t.b, laptop)).map((s) => [s.device, s.current])).toEqual([["Firefox on Windows", true]]);
    // Nothing left to sign out.
    expect((await t.b.call("/userSession/signOutOtherSessions", {}, { token: laptop })).data).toEqual({ count: 0 });
  });

  it("another account's session answers 'Session not found.' and goes on", async () => {
    const mine = await signIn(t.b, await newUser(t.b), PHONE);
    const theirEmail = await newUser(t.b);
    const theirs = await signIn(t.b, theirEmail, IPHONE);
    const theirOther = await signIn(t.b, theirEmail, LAPTOP);
    for (const s of await sessions(t.b, theirs)) {
      expectRefused(await t.b.call("/userSession/signOutSession", { id: s.id }, { token: mine }), "Session not found.", Code.NOT_FOUND);
    }
    expect((await probe(t.b, theirs)).code).toBe(Code.OK);
    expect((await probe(t.b, theirOther)).code).toBe(Code.OK);
    expect(await sessions(t.b, theirs)).toHaveLength(2);
  });

  it("a device signed out from elsewhere is forgotten: its next sign-in is news to the owner again; hers stays known", async () => {
    const email = await newUser(t.b);
    const userId = Number((await t.b.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id);
    const known = async () => (await t.b.db.selectFrom("known_devices").select("device_hash").where("user_id", "=", userId).execute()).length;
    const told = async () => (await t.b.db.selectFrom("notices").select("id").where("user_id", "=", userId).where("title_en", "=", "New sign-in to your account").execute()).length;
    const phone = await signIn(t.b, email, PHONE);
    await signIn(t.b, email, IPHONE);
    await signIn(t.b, email, LAPTOP);
    expect(await known()).toBe(3);
    const notices = await told();

    // One: the iPhone is forgotten, and signing in from it again tells the owner again.
    const iphoneId = (await sessions(t.b, phone)).find((s) => s.device === "Safari on iPhone")!.id;
    expect((await t.b.call("/userSession/signOutSession", { id: iphoneId }, { token: phone })).code).toBe(Code.OK);
    expect(await known()).toBe(2);
    await signIn(t.b, email, IPHONE);
    expect(await told()).toBe(notices + 1);

    // All others: only this device is left known; this device signing in again is no news.
    expect((await t.b.call("/userSession/signOutOtherSessions", {}, { token: phone })).data).toEqual({ count: 2 });
    expect(await known()).toBe(1);
    await signIn(t.b, email, PHONE);
    expect(await told()).toBe(notices + 1);
  });

  it("changing the login password keeps this session and signs out the others, which say why", async () => {
    const email = await newUser(t.b);
    const phone = await signIn(t.b, email, PHONE);
    const iphone = await signIn(t.b, email, IPHONE);
    const before = (await sessions(t.b, phone)).find((s) => s.current)!;
    const res = await t.b.call("/userAuth/updatePassword", { oldPassword: PWD, newPassword: "Changed99" }, { token: phone });
    expect(res.code, res.msg).toBe(Code.OK);
    expect((await probe(t.b, phone)).code).toBe(Code.OK);
    expect(await probe(t.b, iphone)).toEqual({ code: Code.NOT_LOGGED_IN, msg: SESSION_END_MESSAGES.password_changed });
    // The same session, not a new one: its id and first seen stand.
    expect(await sessions(t.b, phone)).toEqual([before]);
    expect((await t.b.call("/userAuth/login", { loginName: email, loginPwd: "Changed99", type: "EMAIL" })).code).toBe(Code.OK);
  });
});

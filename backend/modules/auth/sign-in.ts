import { setTimeout as sleep } from "node:timers/promises";
import { enqueue } from "../../adapters/outbox";
import { transaction, type Executor } from "../../db/index";
import type { User } from "../../db/schema";
import type { CallContext } from "../../http/context";
import { fail, tooMany } from "../../http/errors";
import { deviceHashOf, userAgentOf } from "../../security/devices";
import { unknownAccountHash, verifyPassword } from "../../security/passwords";
import { reserve, type Reservation } from "../../security/rate-limit";
import { issueToken } from "../../security/tokens";
import { notify } from "../notices/notify";
import { issueChallenge, type TwoFactorChallenge } from "../two-factor/challenge";
import { twoFactorOn } from "../two-factor/store";
import { findUserByLogin } from "./users";

/**
 * Signing in (ADR 0055, amending 0018).
 *
 * - **One atomic step per attempt.** Each attempt reserves its place under the account's limit in
 *   the statement that checks the limit, before the password is compared; a right password gives
 *   it back. Of any number of parallel guesses at most LOGIN_LIMIT_PER_ACCOUNT are compared.
 * - **No lock-out by strangers.** A device the account has signed in from before (known_devices)
 *   has a budget of its own: failures from elsewhere never lock it, and its own failures lock only
 *   it. Unknown devices share the account's budget: each failure after the third is answered more
 *   slowly, and at the limit they are locked for the window, and the owner is told.
 * - A sign-in from a device the account has not used before is news to its owner: a notice and a
 *   message to the bound e-mail (or mobile), unless it is the account's first device.
 * - With two-factor on (ADR 0057), a right password answers a challenge instead of a token, and
 *   completeSignIn runs only after its code (/twoFactor/signIn): a device becomes known, and a
 *   session begins, only once both steps passed.
 */
export const BAD_LOGIN = "Incorrect account or password.";

/**
 * After LOGIN_LIMIT_PER_ACCOUNT failed sign-ins from unknown devices, those devices wait: the owner
 * gets in from a device she has used before, or at once by resetting the password with a code.
 */
export const ACCOUNT_SIGN_IN_LOCKED =
  "Too many failed sign-ins on this account from new devices. Sign in from a device you have used before, reset your password with a code (Forgot Password?), or try again later.";

/** Failures from unknown devices answered at full speed; each later one waits longer (LOGIN_SLOWDOWN_MS a step). */
const FAST_FAILURES = 3;
const SLOWDOWN_CAP_MS = 2_000;

/** The failed-sign-in budget an attempt draws on: the device's own when the account knows it, else the account's shared one. */
function budgetOf(user: User | undefined, loginName: string, device: string | null, known: boolean) {
  if (user && device && known) return { bucket: "login:device", key: `user:${user.id}:${device}` };
  return { bucket: "login:fail", key: user ? `user:${user.id}` : `name:${loginName.trim().toLowerCase()}` };
}

/** The account's shared budget key (a password reset clears it: the owner proved herself with a code). */
export const sharedBudgetKey = (userId: number) => `user:${userId}`;

export async function isKnownDevice(db: Executor, userId: number, device: string | null): Promise<boolean> {
  if (!device) return false;
  return Boolean(await db.selectFrom("known_devices").select("user_id").where("user_id", "=", userId).where("device_hash", "=", device).executeTakeFirst());
}

/** Reserves an attempt on the budget the caller's device draws on; refused (code 6) once it is spent. */
async function reserveAttempt(ctx: CallContext, user: User | undefined, loginName: string): Promise<{ attempt: Reservation; known: boolean; device: string | null }> {
  const device = deviceHashOf(ctx.secrets, ctx.headers);
  const known = user ? await isKnownDevice(ctx.db, user.id, device) : false;
  const b = budgetOf(user, loginName, device, known);
  const attempt = await reserve(ctx.db, b.bucket, b.key, ctx.config.LOGIN_LIMIT_PER_ACCOUNT, ctx.config.RATE_WINDOW_SECONDS, ctx.now);
  if (!attempt) throw tooMany(known ? undefined : ACCOUNT_SIGN_IN_LOCKED);
  return { attempt, known, device };
}

/** A wrong password: slowed down for unknown devices, and the owner told when it locks them out. */
async function wrongPassword(ctx: CallContext, user: User | undefined, r: { attempt: Reservation; known: boolean }): Promise<never> {
  if (!r.known) {
    const beyond = r.attempt.count - FAST_FAILURES;
    const wait = Math.min(SLOWDOWN_CAP_MS, beyond * ctx.config.LOGIN_SLOWDOWN_MS);
    if (wait > 0) await sleep(wait);
    if (user && r.attempt.count === ctx.config.LOGIN_LIMIT_PER_ACCOUNT) await tellOwner(ctx, user, "locked");
  }
  throw fail(BAD_LOGIN);
}

/** /userAuth/login: the token of a right sign-in (or, with two-factor on, the challenge for its code), or the reason it is refused. */
export async function signIn(
  ctx: CallContext,
  input: { type: "EMAIL" | "MOBILE"; loginName: string; loginPwd: string },
): Promise<{ token: string } | { twoFactor: TwoFactorChallenge }> {
  const user = await findUserByLogin(ctx.db, input.type, input.loginName);
  const r = await reserveAttempt(ctx, user, input.loginName);
  // Hash even when the account is unknown, so timing does not tell who exists.
  const ok = await verifyPassword(input.loginPwd, user?.password_hash ?? unknownAccountHash());
  if (!user || !ok) return wrongPassword(ctx, user, r);
  await r.attempt.release();
  // A known device is asked too: a stolen phone that was signed in before is still only one factor.
  if (await twoFactorOn(ctx.db, user.id)) return { twoFactor: issueChallenge(ctx, user, r.device) };
  return completeSignIn(ctx, user, r.device, r.known);
}

/** Both factors passed: the device is remembered (its owner told when it is new) and a session begins. */
export async function completeSignIn(ctx: CallContext, user: User, device: string | null, known: boolean): Promise<{ token: string }> {
  return transaction(ctx.db, async (trx) => {
    const firstDevice = !(await trx.selectFrom("known_devices").select("user_id").where("user_id", "=", user.id).executeTakeFirst());
    if (device) {
      await trx
        .insertInto("known_devices")
        .values({ user_id: user.id, device_hash: device, first_seen_at: ctx.now, last_seen_at: ctx.now })
        .onConflict((oc) => oc.columns(["user_id", "device_hash"]).doUpdateSet({ last_seen_at: ctx.now }))
        .execute();
    }
    if (!known && !firstDevice) await tellOwner({ ...ctx, db: trx }, user, "newDevice");
    const token = await issueToken(trx, user.id, ctx.now, ctx.config.TOKEN_TTL_HOURS, { device, ip: ctx.ip, userAgent: userAgentOf(ctx.headers) });
    return { token };
  });
}

/**
 * The login password of a signed-in user (changing it): drawn on the same budget as signing in from
 * the session's device, in the same atomic step, so a stolen session cannot guess it faster.
 */
export async function checkLoginPassword(ctx: CallContext, user: User, password: string, wrong: string = OLD_PASSWORD_WRONG): Promise<void> {
  const r = await reserveAttempt(ctx, user, "");
  if (!(await verifyPassword(password, user.password_hash))) {
    if (!r.known && r.attempt.count === ctx.config.LOGIN_LIMIT_PER_ACCOUNT) await tellOwner(ctx, user, "locked");
    throw fail(wrong);
  }
  await r.attempt.release();
}

export const OLD_PASSWORD_WRONG = "The old password is incorrect.";

const TELL = {
  locked: {
    title: "Sign-ins from new devices are paused",
    content: (minutes: number) =>
      `Someone entered a wrong password for your account too many times from a device you have not used. Sign-ins from new devices are paused for up to ${minutes} minutes; your own devices are not affected. If this was not you, change your password.`,
  },
  newDevice: {
    title: "New sign-in to your account",
    content: () => "Your account was signed in from a device it had not used before. If this was not you, change your password now: that signs out every other device.",
  },
} as const;

async function tellOwner(ctx: CallContext, user: User, what: keyof typeof TELL): Promise<void> {
  const t = TELL[what];
  await securityNotice(ctx, user, t.title, t.content(Math.ceil(ctx.config.RATE_WINDOW_SECONDS / 60)));
}

/** A security notice for the owner, and the same words to her bound e-mail (or mobile). */
export async function securityNotice(ctx: CallContext, user: User, title: string, content: string): Promise<void> {
  const write = async (db: Executor) => {
    await notify(db as Parameters<typeof notify>[0], {
      userId: user.id,
      about: { type: "security", id: user.id },
      title,
      content,
      oppositeUserId: null,
      goodsName: null,
      transAmount: null,
      transCurrency: null,
      transPrice: null,
      at: ctx.now,
    });
    const to = user.email ? { channel: "email" as const, recipient: user.email } : user.mobile ? { channel: "sms" as const, recipient: user.mobile } : null;
    if (to) await enqueue(db, { ...to, type: "SECURITY", code: null, body: `${title}. ${content}` }, ctx.now);
  };
  await (ctx.db.isTransaction ? write(ctx.db) : transaction(ctx.db, write));
}

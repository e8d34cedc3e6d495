import { sql } from "kysely";
import { LoginType, VerificationCodeType } from "../../../contract/enums";
import type { Executor, Trx } from "../../db/index";
import { transaction } from "../../db/index";
import type { User } from "../../db/schema";
import { requireUser, type CallContext } from "../../http/context";
import { conflict, fail, invalid, tooMany } from "../../http/errors";
import type { HandlerGroup } from "../../http/handler-types";
import { hashPassword, unknownAccountHash, verifyPassword } from "../../security/passwords";
import { hit, peek } from "../../security/rate-limit";
import { issueToken, revokeAllTokens, revokeToken } from "../../security/tokens";
import { ensureAccount } from "../wallet/ledger";
import { consumeCode, countWrongGuess, sendCode, type CodeChannel } from "./codes";
import { findUserByLogin, newInviteCode, normalizeEmail } from "./users";

export const BAD_LOGIN = "Incorrect account or password.";
export const EMAIL_TAKEN = "This email is already registered.";
export const PHONE_TAKEN = "This phone number is already registered.";
export const BAD_INVITE = "The invitation code does not exist.";
export const BAD_TRADE_PWD = "The trade password is incorrect.";
export const NO_EMAIL_BOUND = "Please bind an email first.";
export const NO_MOBILE_BOUND = "Please bind a mobile first.";
export const NICKNAME_SET_ONCE = "The nickname can be changed only once.";

/**
 * The failed-login counter's key: the account id, so an account's e-mail and mobile
 * share one budget (and updatePassword counts against it too); the name when no account has it.
 */
const loginFailKey = (user: { id: number } | undefined, loginName: string) =>
  user ? `user:${user.id}` : `name:${loginName.trim().toLowerCase()}`;

function limits(ctx: CallContext) {
  const c = ctx.config;
  const w = c.RATE_WINDOW_SECONDS;
  return {
    loginIp: () => hit(ctx.db, "login:ip", ctx.ip, c.LOGIN_LIMIT_PER_IP, w, ctx.now),
    loginAccount: (key: string) => hit(ctx.db, "login:fail", key, c.LOGIN_LIMIT_PER_ACCOUNT, w, ctx.now),
    codeTarget: (target: string) => hit(ctx.db, "code:target", target, c.CODE_LIMIT_PER_TARGET, w, ctx.now),
    codeIp: () => hit(ctx.db, "code:ip", ctx.ip, c.CODE_LIMIT_PER_IP, w, ctx.now),
  };
}

/**
 * Checks a trade password with a per-account limit on failures. Users who have
 * not set one pass (the spec asks for it only "if one is set").
 *
 * The attempt is taken before the password is compared, in one conditional UPDATE: a burst of
 * parallel guesses cannot all pass a lock check read earlier, each one counts, and the one that
 * reaches the limit sets the lock in the same statement. A right password gives the attempt back
 * (count to 0, lock lifted, since it proved the owner).
 */
export async function checkTradePassword(ctx: CallContext, user: User, tradePwd: string | undefined) {
  if (!user.trade_pwd_hash) return;
  const c = ctx.config;
  const until = new Date(ctx.now.getTime() + c.TRADE_PWD_LOCK_MINUTES * 60_000);
  const taken = await ctx.db
    .updateTable("users")
    .set({
      trade_pwd_failures: sql<number>`case when trade_pwd_failures >= ${c.TRADE_PWD_LIMIT_PER_ACCOUNT - 1}::int then 0 else trade_pwd_failures + 1 end`,
      trade_pwd_locked_until: sql<Date | null>`case when trade_pwd_failures >= ${c.TRADE_PWD_LIMIT_PER_ACCOUNT - 1}::int then ${until}::timestamptz else null end`,
    })
    .where("id", "=", user.id)
    .where((eb) => eb.or([eb("trade_pwd_locked_until", "is", null), eb("trade_pwd_locked_until", "<=", ctx.now)]))
    .returning("trade_pwd_failures")
    .executeTakeFirst();
  if (!taken) {
    const row = await ctx.db.selectFrom("users").select("trade_pwd_locked_until").where("id", "=", user.id).executeTakeFirstOrThrow();
    throw tooMany(tradePasswordLocked(new Date(row.trade_pwd_locked_until ?? until), ctx.now));
  }
  if (tradePwd && (await verifyPassword(tradePwd, user.trade_pwd_hash))) {
    await ctx.db.updateTable("users").set({ trade_pwd_failures: 0, trade_pwd_locked_until: null }).where("id", "=", user.id).execute();
    return;
  }
  throw fail(BAD_TRADE_PWD);
}

/** The lock's message, with the minutes left (rounded up). */
export const tradePasswordLocked = (until: Date, now: Date) =>
  `Too many wrong trade passwords. Withdrawals and binding are locked for ${Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000))} minutes.`;

/**
 * After LOGIN_LIMIT_PER_ACCOUNT failed sign-ins, anyone who knows an address could keep its owner
 * out: the owner gets in at once by resetting the password with a code (ADR 0018).
 */
export const ACCOUNT_SIGN_IN_LOCKED =
  "Too many failed sign-ins on this account. Reset your password with a code (Forgot Password?) to sign in now, or try again later.";

/** Changing a contact that is already bound asks for the trade password, so one must be set. */
export const SET_TRADE_PWD_FIRST = "Please set a trade password before you change a bound contact.";

/**
 * A transaction that consumes a verification code. A wrong guess rolls the
 * transaction back, so it is counted afterwards (else 5 wrong guesses never lock a code).
 */
async function codeTransaction<T>(ctx: CallContext, fn: (trx: Trx) => Promise<T>): Promise<T> {
  try {
    return await transaction(ctx.db, fn);
  } catch (err) {
    await countWrongGuess(ctx.db, err);
    throw err;
  }
}

async function assertContactFree(db: Executor, contact: { email?: string; phone?: string }, exceptUserId?: number) {
  if (contact.email) {
    const u = await db.selectFrom("users").select("id").where("email", "=", normalizeEmail(contact.email)).executeTakeFirst();
    if (u && u.id !== exceptUserId) throw conflict(EMAIL_TAKEN);
  }
  if (contact.phone) {
    const u = await db.selectFrom("users").select("id").where("mobile", "=", contact.phone).executeTakeFirst();
    if (u && u.id !== exceptUserId) throw conflict(PHONE_TAKEN);
  }
}

/** Where a code goes, whether this type may be sent to it, and whether it is really sent, for both send calls. */
async function codeTarget(ctx: CallContext, channel: CodeChannel, given: string | undefined, type: string): Promise<{ target: string; deliver: boolean }> {
  switch (type) {
    case VerificationCodeType.Register: {
      await assertContactFree(ctx.db, channel === "email" ? { email: given } : { phone: given });
      return { target: channel === "email" ? normalizeEmail(given!) : given!, deliver: true };
    }
    case VerificationCodeType.Forget: {
      const target = channel === "email" ? normalizeEmail(given!) : given!;
      const exists = await findUserByLogin(ctx.db, channel === "email" ? "EMAIL" : "MOBILE", target);
      // Answer alike whether or not the account exists (limits and the 60 s wait included):
      // nobody learns who is registered. Only a real account is sent the code.
      return { target, deliver: Boolean(exists) };
    }
    case VerificationCodeType.TradePwd: {
      const u = requireUser(ctx);
      const bound = channel === "email" ? u.email : u.mobile;
      if (!bound) throw fail(channel === "email" ? NO_EMAIL_BOUND : NO_MOBILE_BOUND);
      return { target: bound, deliver: true };
    }
    case VerificationCodeType.Bind: {
      const u = requireUser(ctx);
      await assertContactFree(ctx.db, channel === "email" ? { email: given } : { phone: given }, u.id);
      return { target: channel === "email" ? normalizeEmail(given!) : given!, deliver: true };
    }
    default:
      throw invalid("Unknown code type.");
  }
}

async function handleSendCode(ctx: CallContext, channel: CodeChannel, given: string | undefined, type: string) {
  const byIp = await limits(ctx).codeIp();
  if (!byIp.allowed) throw tooMany();
  const { target, deliver } = await codeTarget(ctx, channel, given, type);
  const byTarget = await limits(ctx).codeTarget(target);
  if (!byTarget.allowed) throw tooMany();
  await transaction(ctx.db, (trx) => sendCode(trx, channel, target, type, ctx.now, { deliver }));
  return null;
}

export const authHandlers = {
  async "/userAuth/login"(input, ctx) {
    const l = limits(ctx);
    if (!(await l.loginIp()).allowed) throw tooMany();
    const user = await findUserByLogin(ctx.db, input.type, input.loginName);
    const failKey = loginFailKey(user, input.loginName);
    const failures = await peek(ctx.db, "login:fail", failKey, ctx.config.RATE_WINDOW_SECONDS, ctx.now);
    if (failures >= ctx.config.LOGIN_LIMIT_PER_ACCOUNT) throw tooMany(ACCOUNT_SIGN_IN_LOCKED);
    // Hash even when the account is unknown, so timing does not tell who exists.
    const ok = await verifyPassword(input.loginPwd, user?.password_hash ?? unknownAccountHash());
    if (!user || !ok) {
      await l.loginAccount(failKey);
      throw fail(BAD_LOGIN);
    }
    const token = await issueToken(ctx.db, user.id, ctx.now, ctx.config.TOKEN_TTL_HOURS);
    return { token };
  },

  async "/userAuth/logout"(_input, ctx) {
    if (ctx.token) await revokeToken(ctx.db, ctx.token, ctx.now);
    return null;
  },

  async "/userAuth/register"(input, ctx) {
    const email = input.email ? normalizeEmail(input.email) : undefined;
    const phone = input.phone;
    await codeTransaction(ctx, async (trx) => {
      await assertContactFree(trx, { email, phone });
      let invitedBy: number | null = null;
      if (input.inviteCode) {
        const inviter = await trx.selectFrom("users").select("id").where("invite_code", "=", input.inviteCode.toUpperCase()).executeTakeFirst();
        if (!inviter) throw fail(BAD_INVITE);
        invitedBy = inviter.id;
      }
      await consumeCode(trx, (email ?? phone)!, VerificationCodeType.Register, input.code, ctx.now);
      const user = await trx
        .insertInto("users")
        .values({
          email: email ?? null,
          mobile: phone ?? null,
          nickname: input.nickname,
          password_hash: await hashPassword(input.loginPwd),
          trade_pwd_hash: null,
          invite_code: await newInviteCode(trx),
          invited_by: invitedBy,
          channel: null,
          created_at: ctx.now,
        })
        .returning("id")
        .executeTakeFirstOrThrow()
        .catch((e: unknown) => {
          // Two registrations racing for one contact: the unique index decides.
          if (String(e).includes("unique")) throw conflict(email ? EMAIL_TAKEN : PHONE_TAKEN);
          throw e;
        });
      await ensureAccount(trx, user.id);
    });
    return null;
  },

  async "/userAuth/sendCodeByEmail"(input, ctx) {
    return handleSendCode(ctx, "email", input.email, input.type);
  },

  async "/userAuth/sendCodeByPhone"(input, ctx) {
    return handleSendCode(ctx, "sms", input.phone, input.type);
  },

  async "/userAuth/resetPassword"(input, ctx) {
    const target = input.email ? normalizeEmail(input.email) : input.phone!;
    await codeTransaction(ctx, async (trx) => {
      await consumeCode(trx, target, VerificationCodeType.Forget, input.code, ctx.now);
      const user = await findUserByLogin(trx, input.email ? "EMAIL" : "MOBILE", target);
      if (!user) throw fail(BAD_LOGIN);
      await trx.updateTable("users").set({ password_hash: await hashPassword(input.loginPwd) }).where("id", "=", user.id).execute();
      await revokeAllTokens(trx, user.id, ctx.now, "password_reset");
      // The owner proved themselves with the code: the failed sign-ins that locked the account no longer count.
      await trx.deleteFrom("rate_limits").where("bucket", "=", "login:fail").where("key", "=", loginFailKey(user, "")).execute();
    });
    return null;
  },

  async "/userAuth/updateTradePassword"(input, ctx) {
    const user = requireUser(ctx);
    const target = input.type === LoginType.Email ? user.email : user.mobile;
    if (!target) throw fail(input.type === LoginType.Email ? NO_EMAIL_BOUND : NO_MOBILE_BOUND);
    await codeTransaction(ctx, async (trx) => {
      await consumeCode(trx, target, VerificationCodeType.TradePwd, input.code, ctx.now);
      await trx.updateTable("users").set({ trade_pwd_hash: await hashPassword(input.tradePwd) }).where("id", "=", user.id).execute();
    });
    return null;
  },

  async "/userAuth/updatePassword"(input, ctx) {
    const user = requireUser(ctx);
    const l = limits(ctx);
    const failKey = loginFailKey(user, "");
    // Refuse before checking once the limit is reached, as login does: else guessing could go on.
    const failures = await peek(ctx.db, "login:fail", failKey, ctx.config.RATE_WINDOW_SECONDS, ctx.now);
    if (failures >= ctx.config.LOGIN_LIMIT_PER_ACCOUNT) throw tooMany();
    if (!(await verifyPassword(input.oldPassword, user.password_hash))) {
      const r = await l.loginAccount(failKey);
      throw r.allowed ? fail("The old password is incorrect.") : tooMany();
    }
    await transaction(ctx.db, async (trx) => {
      await trx.updateTable("users").set({ password_hash: await hashPassword(input.newPassword) }).where("id", "=", user.id).execute();
      // Every session ends, this one too: the user signs in again with the new password.
      await revokeAllTokens(trx, user.id, ctx.now, "password_changed");
    });
    return null;
  },

  async "/userAuth/bindMobile"(input, ctx) {
    const user = requireUser(ctx);
    await checkTradePassword(ctx, user, input.tradePwd);
    await codeTransaction(ctx, async (trx) => {
      await assertContactFree(trx, { phone: input.phone }, user.id);
      if (user.mobile && !user.trade_pwd_hash) throw fail(SET_TRADE_PWD_FIRST);
      await consumeCode(trx, input.phone, VerificationCodeType.Bind, input.code, ctx.now);
      await trx.updateTable("users").set({ mobile: input.phone }).where("id", "=", user.id).execute();
    });
    return null;
  },

  async "/userAuth/bindEmail"(input, ctx) {
    const user = requireUser(ctx);
    await checkTradePassword(ctx, user, input.tradePwd);
    const email = normalizeEmail(input.email);
    await codeTransaction(ctx, async (trx) => {
      await assertContactFree(trx, { email }, user.id);
      if (user.email && !user.trade_pwd_hash) throw fail(SET_TRADE_PWD_FIRST);
      await consumeCode(trx, email, VerificationCodeType.Bind, input.code, ctx.now);
      await trx.updateTable("users").set({ email }).where("id", "=", user.id).execute();
    });
    return null;
  },

  async "/userRemark/addUserRemark"(input, ctx) {
    const user = requireUser(ctx);
    await ctx.db.insertInto("user_remarks").values({ user_id: user.id, remark: input.remark, created_at: ctx.now }).execute();
    await ctx.db.updateTable("users").set({ channel: input.remark }).where("id", "=", user.id).where("channel", "is", null).execute();
    return null;
  },
} satisfies HandlerGroup<
  | "/userAuth/login"
  | "/userAuth/logout"
  | "/userAuth/register"
  | "/userAuth/sendCodeByEmail"
  | "/userAuth/sendCodeByPhone"
  | "/userAuth/resetPassword"
  | "/userAuth/updateTradePassword"
  | "/userAuth/updatePassword"
  | "/userAuth/bindMobile"
  | "/userAuth/bindEmail"
  | "/userRemark/addUserRemark"
>;

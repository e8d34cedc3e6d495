import { sql } from "kysely";
import { LoginType, VerificationCodeType } from "../../../contract/enums";
import type { Executor, Trx } from "../../db/index";
import { transaction } from "../../db/index";
import type { User } from "../../db/schema";
import { requireUser, type CallContext } from "../../http/context";
import { conflict, fail, invalid, tooMany } from "../../http/errors";
import type { HandlerGroup } from "../../http/handler-types";
import { hashPassword, verifyPassword } from "../../security/passwords";
import { hit } from "../../security/rate-limit";
import { revokeAllTokens, revokeToken } from "../../security/tokens";
import { lockUser, USER_LOCK } from "../../db/user-locks";
import { ensureAccount } from "../wallet/ledger";
import { checkCode, sendCode, spendCode, type CodeChannel } from "./codes";
import { BAD_LOGIN, checkLoginPassword, sharedBudgetKey, signIn } from "./sign-in";
import { findUserByLogin, newInviteCode, normalizeEmail } from "./users";
import { requireSecondFactor } from "../two-factor/verify";

export { ACCOUNT_SIGN_IN_LOCKED, BAD_LOGIN } from "./sign-in";
export const EMAIL_TAKEN = "This email is already registered.";
export const PHONE_TAKEN = "This phone number is already registered.";
export const BAD_INVITE = "The invitation code does not exist.";
export const BAD_TRADE_PWD = "The trade password is incorrect.";
export const NO_EMAIL_BOUND = "Please bind an email first.";
export const NO_MOBILE_BOUND = "Please bind a mobile first.";
export const NICKNAME_SET_ONCE = "The nickname can be changed only once.";

function limits(ctx: CallContext) {
  const c = ctx.config;
  const w = c.RATE_WINDOW_SECONDS;
  return {
    loginIp: () => hit(ctx.db, "login:ip", ctx.ip, c.LOGIN_LIMIT_PER_IP, w, ctx.now),
    codeTarget: (target: string) => hit(ctx.db, "code:target", target, c.CODE_LIMIT_PER_TARGET, w, ctx.now),
    codeIp: () => hit(ctx.db, "code:ip", ctx.ip, c.CODE_LIMIT_PER_IP, w, ctx.now),
  };
}

/**
 * Checks a trade password with a per-account limit on failures in a row. Users who have not set
 * one pass (the spec asks for it only "if one is set").
 *
 * One user's attempts run one at a time (ADR 0055): each takes the user's trade-password lock,
 * reads the failures and the lock, compares, and counts a wrong one (the one that reaches the
 * limit sets the lock) before the next may look. So a burst of parallel guesses has at most the
 * limit compared, and a burst of right passwords all pass: nothing is counted before it is known
 * to be wrong.
 */
export async function checkTradePassword(ctx: CallContext, user: User, tradePwd: string | undefined) {
  if (!user.trade_pwd_hash) return;
  const c = ctx.config;
  const right = await transaction(ctx.db, async (trx) => {
    await lockUser(trx, USER_LOCK.tradePassword, user.id);
    const row = await trx.selectFrom("users").select(["trade_pwd_hash", "trade_pwd_failures", "trade_pwd_locked_until"]).where("id", "=", user.id).executeTakeFirstOrThrow();
    if (row.trade_pwd_locked_until && new Date(row.trade_pwd_locked_until) > ctx.now) {
      throw tooMany(tradePasswordLocked(new Date(row.trade_pwd_locked_until), ctx.now));
    }
    if (tradePwd && row.trade_pwd_hash && (await verifyPassword(tradePwd, row.trade_pwd_hash))) {
      if (row.trade_pwd_failures > 0 || row.trade_pwd_locked_until) {
        await trx.updateTable("users").set({ trade_pwd_failures: 0, trade_pwd_locked_until: null }).where("id", "=", user.id).execute();
      }
      return true;
    }
    const locks = row.trade_pwd_failures + 1 >= c.TRADE_PWD_LIMIT_PER_ACCOUNT;
    await trx
      .updateTable("users")
      .set(
        locks
          ? { trade_pwd_failures: 0, trade_pwd_locked_until: new Date(ctx.now.getTime() + c.TRADE_PWD_LOCK_MINUTES * 60_000) }
          : { trade_pwd_failures: row.trade_pwd_failures + 1, trade_pwd_locked_until: null },
      )
      .where("id", "=", user.id)
      .execute();
    return false;
  });
  if (!right) throw fail(BAD_TRADE_PWD);
}

/** The lock's message, with the minutes left (rounded up). */
export const tradePasswordLocked = (until: Date, now: Date) => {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  // Every use of the trade password is named: she may meet the lock first at a card code (ADR 0066).
  return `Too many wrong trade passwords. Withdrawals, binding and showing card codes are locked for ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
};

/** Changing a contact that is already bound asks for the trade password, so one must be set. */
export const SET_TRADE_PWD_FIRST = "Please set a trade password before you change a bound contact.";

/**
 * A change that a verification code authorises: the code is checked first, its guess counted in
 * the statement that checks its attempts (codes.ts checkCode), then spent in the transaction of
 * the change, so a change that fails leaves it for another try.
 */
async function withCode<T>(ctx: CallContext, target: string, type: string, code: string, fn: (trx: Trx) => Promise<T>): Promise<T> {
  const codeId = await checkCode(ctx.db, target, type, code, ctx.now);
  return transaction(ctx.db, async (trx) => {
    await spendCode(trx, codeId, ctx.now);
    return fn(trx);
  });
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
    if (!(await limits(ctx).loginIp()).allowed) throw tooMany();
    return signIn(ctx, input);
  },

  async "/userAuth/logout"(_input, ctx) {
    if (ctx.token) await revokeToken(ctx.db, ctx.token, ctx.now);
    return null;
  },

  async "/userAuth/register"(input, ctx) {
    const email = input.email ? normalizeEmail(input.email) : undefined;
    const phone = input.phone;
    // What needs no code is refused first: a code is not spent on a form that cannot succeed.
    await assertContactFree(ctx.db, { email, phone });
    let invitedBy: number | null = null;
    if (input.inviteCode) {
      const inviter = await ctx.db.selectFrom("users").select("id").where("invite_code", "=", input.inviteCode.toUpperCase()).executeTakeFirst();
      if (!inviter) throw fail(BAD_INVITE);
      invitedBy = inviter.id;
    }
    await withCode(ctx, (email ?? phone)!, VerificationCodeType.Register, input.code, async (trx) => {
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
    await withCode(ctx, target, VerificationCodeType.Forget, input.code, async (trx) => {
      const user = await findUserByLogin(trx, input.email ? "EMAIL" : "MOBILE", target);
      if (!user) throw fail(BAD_LOGIN);
      await trx.updateTable("users").set({ password_hash: await hashPassword(input.loginPwd) }).where("id", "=", user.id).execute();
      await revokeAllTokens(trx, user.id, ctx.now, "password_reset");
      // The owner proved herself with the code: the failed sign-ins that paused new devices no longer count.
      await trx.deleteFrom("rate_limits").where("bucket", "=", "login:fail").where("key", "=", sharedBudgetKey(user.id)).execute();
    });
    return null;
  },

  async "/userAuth/updateTradePassword"(input, ctx) {
    const user = requireUser(ctx);
    const target = input.type === LoginType.Email ? user.email : user.mobile;
    if (!target) throw fail(input.type === LoginType.Email ? NO_EMAIL_BOUND : NO_MOBILE_BOUND);
    await withCode(ctx, target, VerificationCodeType.TradePwd, input.code, async (trx) => {
      await trx.updateTable("users").set({ trade_pwd_hash: await hashPassword(input.tradePwd) }).where("id", "=", user.id).execute();
    });
    return null;
  },

  async "/userAuth/updatePassword"(input, ctx) {
    const user = requireUser(ctx);
    // Drawn on the sign-in budget, in the same atomic step as a sign-in (sign-in.ts).
    await checkLoginPassword(ctx, user, input.oldPassword);
    // With two-factor on, a current code too (ADR 0057): a stolen session and password are not enough.
    await requireSecondFactor(ctx, user, input.otp);
    await transaction(ctx.db, async (trx) => {
      await trx.updateTable("users").set({ password_hash: await hashPassword(input.newPassword) }).where("id", "=", user.id).execute();
      // Every other session ends; the one that proved the old password goes on (ADR 0058).
      await revokeAllTokens(trx, user.id, ctx.now, "password_changed", ctx.token);
    });
    return null;
  },

  async "/userAuth/bindMobile"(input, ctx) {
    const user = requireUser(ctx);
    await checkTradePassword(ctx, user, input.tradePwd);
    await assertContactFree(ctx.db, { phone: input.phone }, user.id);
    if (user.mobile && !user.trade_pwd_hash) throw fail(SET_TRADE_PWD_FIRST);
    await withCode(ctx, input.phone, VerificationCodeType.Bind, input.code, async (trx) => {
      await assertContactFree(trx, { phone: input.phone }, user.id);
      await trx.updateTable("users").set({ mobile: input.phone }).where("id", "=", user.id).execute();
    });
    return null;
  },

  async "/userAuth/bindEmail"(input, ctx) {
    const user = requireUser(ctx);
    await checkTradePassword(ctx, user, input.tradePwd);
    const email = normalizeEmail(input.email);
    await assertContactFree(ctx.db, { email }, user.id);
    if (user.email && !user.trade_pwd_hash) throw fail(SET_TRADE_PWD_FIRST);
    await withCode(ctx, email, VerificationCodeType.Bind, input.code, async (trx) => {
      await assertContactFree(trx, { email }, user.id);
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

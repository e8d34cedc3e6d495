import { TWO_FACTOR_MESSAGES as M, formatRecoveryCode } from "../../../contract/two-factor";
import { transaction, type Executor } from "../../db/index";
import type { User } from "../../db/schema";
import type { CallContext } from "../../http/context";
import { fail } from "../../http/errors";
import { checkLoginPassword, securityNotice } from "../auth/sign-in";
import { requiredForDesk } from "./policy";
import { accountLabel, factorOf } from "./store";
import { newRecoveryCodes, newTotpSecret, otpauthUri, recoveryCodeHash } from "./totp";
import { acceptAppCode, checkSecondFactor, recoveryCodesLeft } from "./verify";

/**
 * Turning two-factor sign-in on and off (ADR 0057). A setup starts with a new secret, sealed and
 * pending; the app's first code turns it on and answers ten recovery codes, once (only keyed
 * hashes are kept). Turning it off takes a current code (or a recovery code) and the login
 * password. The owner is told of either by a security notice and a message.
 */

export async function twoFactorStatus(ctx: CallContext, user: User) {
  const row = await factorOf(ctx.db, user.id);
  const enabled = Boolean(row?.enabled_at);
  return {
    enabled,
    enabledAt: row?.enabled_at ? new Date(row.enabled_at).getTime() : null,
    pending: Boolean(row && !row.enabled_at),
    recoveryCodesLeft: enabled ? await recoveryCodesLeft(ctx, user.id) : 0,
    requiredForDesk: requiredForDesk(ctx.config, user),
  };
}

const setupOf = (ctx: CallContext, user: User, sealed: string) => {
  const secret = ctx.secrets.open(sealed);
  return { secret, otpauthUri: otpauthUri(secret, accountLabel(user)) };
};

/** A new pending secret (replacing a pending one); never over one that is on. */
export async function beginSetup(ctx: CallContext, user: User) {
  const sealed = ctx.secrets.seal(newTotpSecret());
  const row = await ctx.db
    .insertInto("two_factor")
    .values({ user_id: user.id, secret_sealed: sealed, created_at: ctx.now, enabled_at: null, last_step: 0 })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ secret_sealed: sealed, created_at: ctx.now, last_step: 0 }).where("two_factor.enabled_at", "is", null))
    .returning("user_id")
    .executeTakeFirst();
  if (!row) throw fail(M.alreadyOn);
  return setupOf(ctx, user, sealed);
}

/** The pending setup again (a page reloaded), or null. */
export async function pendingSetup(ctx: CallContext, user: User) {
  const row = await factorOf(ctx.db, user.id);
  return row && !row.enabled_at ? setupOf(ctx, user, row.secret_sealed) : null;
}

/** Ten new recovery codes in place of the old ones, answered formatted ("abcde-fghij"). */
async function replaceRecoveryCodes(trx: Executor, ctx: CallContext, userId: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  await trx.deleteFrom("two_factor_recovery_codes").where("user_id", "=", userId).execute();
  await trx
    .insertInto("two_factor_recovery_codes")
    .values(codes.map((c) => ({ user_id: userId, code_hash: recoveryCodeHash(ctx.secrets, userId, c), created_at: ctx.now, used_at: null })))
    .execute();
  return codes.map(formatRecoveryCode);
}

/** The app's first code turns the pending secret on; the answer is the recovery codes, shown once. */
export async function confirmSetup(ctx: CallContext, user: User, code: string): Promise<{ recoveryCodes: string[] }> {
  const row = await factorOf(ctx.db, user.id);
  if (row?.enabled_at) throw fail(M.alreadyOn);
  if (!row) throw fail(M.noSetup);
  const step = await acceptAppCode(ctx, user, ctx.secrets.open(row.secret_sealed), code, async () => true);
  const recoveryCodes = await transaction(ctx.db, async (trx) => {
    // The secret the code was right for, still pending: a setup begun again meanwhile (another
    // tab showed a new QR code) is not turned on by this page's code.
    const on = await trx
      .updateTable("two_factor")
      // The first code is used up like any other.
      .set({ enabled_at: ctx.now, last_step: step })
      .where("user_id", "=", user.id)
      .where("enabled_at", "is", null)
      .where("secret_sealed", "=", row.secret_sealed)
      .executeTakeFirst();
    if (Number(on.numUpdatedRows) !== 1) throw fail(M.noSetup);
    const codes = await replaceRecoveryCodes(trx, ctx, user.id);
    await securityNotice(
      { ...ctx, db: trx },
      user,
      "Two-factor sign-in is on",
      "Signing in to your account now also asks for a code from your authenticator app, and so do withdrawals and changes to your bank accounts and password. If this was not you, contact support at once.",
    );
    return codes;
  });
  return { recoveryCodes };
}

/** Ten new recovery codes for a current code; the old ones stop working. */
export async function renewRecoveryCodes(ctx: CallContext, user: User, otp: string): Promise<{ recoveryCodes: string[] }> {
  await checkSecondFactor(ctx, user, otp);
  return { recoveryCodes: await transaction(ctx.db, (trx) => replaceRecoveryCodes(trx, ctx, user.id)) };
}

/** Off, with the login password and a current code (or a recovery code). */
export async function disableTwoFactor(ctx: CallContext, user: User, otp: string, loginPwd: string): Promise<void> {
  if (!(await factorOf(ctx.db, user.id))?.enabled_at) throw fail(M.notOn);
  await checkLoginPassword(ctx, user, loginPwd, M.loginPasswordWrong);
  await checkSecondFactor(ctx, user, otp);
  await transaction(ctx.db, async (trx) => {
    await trx.deleteFrom("two_factor_recovery_codes").where("user_id", "=", user.id).execute();
    await trx.deleteFrom("two_factor").where("user_id", "=", user.id).execute();
    await securityNotice(
      { ...ctx, db: trx },
      user,
      "Two-factor sign-in is off",
      "Signing in to your account asks for your password only again. If this was not you, change your password now and turn two-factor sign-in on again.",
    );
  });
}

import { sql } from "kysely";
import { TWO_FACTOR_MESSAGES as M, isAppCode, normalizeSecondFactor } from "../../../contract/two-factor";
import type { User } from "../../db/schema";
import type { CallContext } from "../../http/context";
import { fail, tooMany } from "../../http/errors";
import { deviceHashOf } from "../../security/devices";
import { minutesLeftInWindow, reserve, type Reservation } from "../../security/rate-limit";
import { isKnownDevice, securityNotice } from "../auth/sign-in";
import { factorOf } from "./store";
import { matchStep, recoveryCodeHash } from "./totp";

/**
 * Checking a second factor (ADR 0057), at the sign-in's second step and before a protected change.
 *
 * - **Reserved before compared** (ADR 0055): each attempt takes its place under
 *   TWO_FACTOR_LIMIT_PER_ACCOUNT in the statement that checks the limit, and a right code gives it
 *   back; of any number of parallel guesses at most the limit are compared. The budget is the
 *   device's own when the account knows the device, else the account's shared one, so a stranger
 *   who has the password cannot lock the owner's own phone out; when the shared one runs out the
 *   owner is told, since whoever it was knows her password.
 * - **A code works once**: the app's code is accepted for a step later than the last accepted one
 *   (a compare-and-set on last_step); a recovery code is spent by setting its used_at.
 */
const LOCKED_TITLE = "Wrong two-factor codes on your account";
const lockedContent = (minutes: number) =>
  `Someone entered your password and then wrong two-factor codes too many times from a device you have not used. Codes from new devices are paused for up to ${minutes} minutes. If this was not you, change your password now: whoever it was knows it.`;
const RECOVERY_USED_TITLE = "A recovery code was used";
const recoveryUsedContent = (left: number) =>
  `One of your two-factor recovery codes was just used; ${left} left. If this was not you, change your password and turn two-factor sign-in off and on again for new codes.`;

interface Attempt {
  attempt: Reservation;
  known: boolean;
}

/** An attempt under the budget of the caller's device; refused (code 6) once it is spent. */
async function reserveCodeAttempt(ctx: CallContext, user: User): Promise<Attempt> {
  const device = deviceHashOf(ctx.secrets, ctx.headers);
  const known = await isKnownDevice(ctx.db, user.id, device);
  const [bucket, key] = known && device ? ["2fa:device", `user:${user.id}:${device}`] : ["2fa:fail", `user:${user.id}`];
  const c = ctx.config;
  const attempt = await reserve(ctx.db, bucket, key, c.TWO_FACTOR_LIMIT_PER_ACCOUNT, c.RATE_WINDOW_SECONDS, ctx.now);
  if (!attempt) throw tooMany(M.locked(minutesLeftInWindow(c.RATE_WINDOW_SECONDS, ctx.now)));
  return { attempt, known };
}

/** A wrong code keeps its reservation; the one that spends the shared budget tells the owner. */
async function wrongCode(ctx: CallContext, user: User, a: Attempt, message: string): Promise<never> {
  if (!a.known && a.attempt.count === ctx.config.TWO_FACTOR_LIMIT_PER_ACCOUNT) {
    await securityNotice(ctx, user, LOCKED_TITLE, lockedContent(Math.ceil(ctx.config.RATE_WINDOW_SECONDS / 60)));
  }
  throw fail(message);
}

/**
 * Compares the app's code for `secretBase32` under the limit: the step it belongs to, or the
 * refusal thrown. `spend` takes the step (a compare-and-set); false means it was taken already.
 */
export async function acceptAppCode(ctx: CallContext, user: User, secretBase32: string, code: string, spend: (step: number) => Promise<boolean>): Promise<number> {
  const a = await reserveCodeAttempt(ctx, user);
  const step = matchStep(secretBase32, code, ctx.now);
  if (step === null) return wrongCode(ctx, user, a, M.codeWrong);
  // A right code is no guess, even one used before: its reservation goes back either way.
  await a.attempt.release();
  if (!(await spend(step))) throw fail(M.codeUsed);
  return step;
}

/** Checks a code from the app or a recovery code of a user with two-factor on, and uses it up. */
export async function checkSecondFactor(ctx: CallContext, user: User, typed: string): Promise<void> {
  const factor = await factorOf(ctx.db, user.id);
  if (!factor?.enabled_at) throw fail(M.notOn);
  await checkFactor(ctx, user, factor.secret_sealed, typed);
}

async function checkFactor(ctx: CallContext, user: User, secretSealed: string, typed: string): Promise<void> {
  const code = normalizeSecondFactor(typed);
  if (isAppCode(code)) {
    await acceptAppCode(ctx, user, ctx.secrets.open(secretSealed), code, async (step) => {
      const taken = await ctx.db
        .updateTable("two_factor")
        .set({ last_step: step })
        .where("user_id", "=", user.id)
        .where("enabled_at", "is not", null)
        .where("last_step", "<", step)
        .executeTakeFirst();
      return Number(taken.numUpdatedRows) === 1;
    });
    return;
  }
  const a = await reserveCodeAttempt(ctx, user);
  const spent = await ctx.db
    .updateTable("two_factor_recovery_codes")
    .set({ used_at: ctx.now })
    .where("user_id", "=", user.id)
    .where("code_hash", "=", recoveryCodeHash(ctx.secrets, user.id, code))
    .where("used_at", "is", null)
    .returning("id")
    .executeTakeFirst();
  if (!spent) return wrongCode(ctx, user, a, M.recoveryCodeWrong);
  await a.attempt.release();
  await securityNotice(ctx, user, RECOVERY_USED_TITLE, recoveryUsedContent(await recoveryCodesLeft(ctx, user.id)));
}

export async function recoveryCodesLeft(ctx: Pick<CallContext, "db">, userId: number): Promise<number> {
  const row = await ctx.db
    .selectFrom("two_factor_recovery_codes")
    .select(sql<number>`count(*)::int`.as("n"))
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * A protected change (a withdrawal, a bank account, payout settings, the login password): with
 * two-factor on, `otp` must be a current code (or a recovery code), used up here; without, nothing.
 */
export async function requireSecondFactor(ctx: CallContext, user: User, otp: string | undefined): Promise<void> {
  const factor = await factorOf(ctx.db, user.id);
  if (!factor?.enabled_at) return;
  if (!otp) throw fail(M.codeRequired);
  await checkFactor(ctx, user, factor.secret_sealed, otp);
}

import { lockUser, USER_LOCK } from "../../db/user-locks";
import { KycReview, WithdrawalStatus } from "../../../contract/enums";
import { MESSAGES } from "../../../contract/fields";
import { ACCOUNT_NEEDS_ATTENTION } from "../../../contract/bank-accounts";
import { transaction, type DB, type Trx } from "../../db/index";
import type { User } from "../../db/schema";
import type { CallContext } from "../../http/context";
import { fail, notFound, visibleTo } from "../../http/errors";
import { checkTradePassword } from "../auth/handlers";
import { requireSecondFactor } from "../two-factor/verify";
import { units } from "../orders/format";
import { bankAccountOf } from "../wallet/payments";
import { sealNullable } from "../../security/secret-box";
import { bankLabel } from "./format";
import { findWithdrawal, findWithdrawer, type JoinedWithdrawal } from "./queries";
import { moveOwnerCoins, PAY_PICTURE_REQUIRED, recordChange, transition, type WithdrawalActor } from "./state-machine";
import { isUniqueViolation } from "../../db/errors";
import { auditAfter } from "../audit/audit";
import { payoutFor } from "../../../contract/money";
import { coinsQuoteExpired, coinsRateChanged, type ShownQuote } from "../../../contract/quote";
import { askAgain, quotedRate, type QuoteTerms } from "../quotes/quotes";

/**
 * The withdrawal commands: who may ask (checked here, on every call), then the change.
 * Used by the /client and /merchant handlers, the timer and the demo withdrawers alike.
 * A withdrawal that is not the caller's answers "Withdrawal not found." (code 5), the same
 * as one that does not exist, so ids cannot be probed.
 */

export const WITHDRAWER_NOT_ACCEPTING = "The withdrawer is not accepting orders now.";
export const NO_SELF_WITHDRAWAL = "You cannot sell coins to yourself.";
export const TRADE_PASSWORD_MISSING = "Please enter your trade password.";
export const PAY_PICTURE_NOT_YOURS = "The payment picture must be an image you uploaded as a payment picture.";
export const PAY_PICTURE_USED = "This payment picture is already used for another withdrawal.";

export interface ApplyInput {
  withdrawerId: number;
  /** Coins in hundredths. */
  amount: number;
  userPaymentId: number;
  tradePwd?: string;
  remark?: string;
  /** The quote the form showed and the payout it displayed (ADR 0050). */
  quote?: ShownQuote;
  /** A current two-factor code, when the user has two-factor on (ADR 0057). */
  otp?: string;
}

/** Coins (hundredths) an account without approved identity verification may sell in 24 hours (ADR 0020). */
export const UNVERIFIED_CASH_OUT_PER_DAY = 1_000_000;
export const unverifiedCapMessage = (left: number) =>
  `Verify your identity to sell more than ${units(UNVERIFIED_CASH_OUT_PER_DAY)} coins in 24 hours. You can sell ${units(Math.max(0, left))} coins now.`;

/**
 * Without an approved KYC certificate, what was sold in the last 24 hours (not cancelled) plus
 * this amount must stay within UNVERIFIED_CASH_OUT_PER_DAY. The user's cash-out lock is taken
 * first, so two parallel withdrawals cannot both read the old total.
 */
async function withinUnverifiedCap(trx: Trx, userId: number, amount: number, now: Date) {
  const verified = await trx.selectFrom("kyc_certs").select("id").where("user_id", "=", userId).where("status", "=", KycReview.Approved).executeTakeFirst();
  if (verified) return;
  // A per-user advisory lock, not a row lock: it serializes this user's sales and holds no row
  // that a cancel or a completion (which raises levels on the users row) waits for.
  await lockUser(trx, USER_LOCK.cashOutCap, userId);
  const sold = await trx
    .selectFrom("withdrawals")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("amount"), eb.lit(0)).as("total"))
    .where("user_id", "=", userId)
    .where("status", "<>", WithdrawalStatus.Cancelled)
    .where("created_at", ">", new Date(now.getTime() - 24 * 3600_000))
    .executeTakeFirstOrThrow();
  const left = UNVERIFIED_CASH_OUT_PER_DAY - Number(sold.total);
  if (amount > left) throw fail(unverifiedCapMessage(left));
}

/**
 * Sells coins to a withdrawer. Checks, in this order: the withdrawer exists and accepts orders,
 * the amount lies within its limits, the bank account is the user's, the trade password (when
 * one is set; failures count against the per-account limit), a current two-factor code (when it is
 * on, ADR 0057). Then, in one transaction: the amount
 * is reserved from the withdrawer's remaining balance at the quoted rate (UPDATE ... WHERE
 * remain_balance >= amount AND currency_rate = the quote's: ADR 0050), and frozen from the user's
 * available balance with a Withdraw bill (-amount) — not enough available rolls the reservation back.
 */
export async function applyWithdraw(ctx: CallContext, user: User, input: ApplyInput): Promise<{ id: number }> {
  const w = await findWithdrawer(ctx.db, input.withdrawerId);
  if (!w) throw notFound("Withdrawer");
  if (w.status === 0) throw fail(WITHDRAWER_NOT_ACCEPTING);
  if (w.user_id === user.id) throw fail(NO_SELF_WITHDRAWAL);
  const min = Number(w.min_trade);
  const max = Number(w.max_trade);
  if (input.amount < min || input.amount > max) throw fail(MESSAGES.sellCoinsRange(units(min), units(max)));
  const account = await bankAccountOf(ctx, user.id, input.userPaymentId);
  if (!account) throw fail(MESSAGES.bankAccountRequired);
  // Saved before numbers were checked, and failing the check: no coins leave for it (ADR 0053).
  if (account.problem) throw fail(ACCOUNT_NEEDS_ATTENTION);
  const amount = input.amount;
  // The payout she saw: the quote's rate, or a refusal that asks her again (before the trade
  // password is tried, so a moved rate costs her no attempt).
  const terms: QuoteTerms = {
    kind: "coins",
    subject: `withdrawer:${w.id}`,
    shown: input.quote,
    priceAt: (rate) => payoutFor(amount, rate),
    changed: (payout) => coinsRateChanged(amount, payout, w.currency),
    expired: (payout) => coinsQuoteExpired(amount, payout, w.currency),
  };
  const quoted = await quotedRate(ctx, terms, { rate: async () => Number(w.currency_rate), mustEqual: true });
  if (user.trade_pwd_hash && !input.tradePwd) throw fail(TRADE_PASSWORD_MISSING);
  await checkTradePassword(ctx, user, input.tradePwd);
  // Last of the checks: a code is used up once accepted, so nothing refusable should follow it.
  await requireSecondFactor(ctx, user, input.otp);

  const now = ctx.now;
  // The account as it is now, sealed like the account itself (ADR 0056), and the label notices show.
  const snapshot = JSON.stringify(account);
  return transaction(ctx.db, async (trx) => {
    await withinUnverifiedCap(trx, user.id, amount, now);
    let reserve = trx
      .updateTable("withdrawers")
      .set((eb) => ({ remain_balance: eb("remain_balance", "-", amount), last_update: now }))
      .where("id", "=", w.id)
      .where("status", "<>", 0)
      .where("remain_balance", ">=", amount);
    if (quoted !== undefined) reserve = reserve.where("currency_rate", "=", quoted);
    const reserved = await reserve.returning(["currency", "currency_rate"]).executeTakeFirst();
    if (!reserved) {
      const latest = quoted === undefined ? undefined : await trx.selectFrom("withdrawers").select("currency_rate").where("id", "=", w.id).executeTakeFirst();
      if (latest && Number(latest.currency_rate) !== quoted) throw askAgain(ctx, terms, Number(latest.currency_rate), "changed");
      throw fail(MESSAGES.remainNotEnough);
    }
    const rate = Number(reserved.currency_rate);
    const row = await trx
      .insertInto("withdrawals")
      .values({
        user_id: user.id,
        withdrawer_id: w.id,
        amount,
        currency: reserved.currency,
        currency_rate: rate,
        currency_amount: payoutFor(amount, rate),
        user_payment_id: account.id,
        user_payment: ctx.secrets.seal(snapshot),
        account_label: bankLabel(snapshot),
        user_remark: sealNullable(ctx.secrets, input.remark),
        created_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await moveOwnerCoins(trx, { id: row.id, ownerId: user.id, withdrawerUserId: w.user_id }, "amount", "frozen", amount, {
      reason: "withdrawal applied: coins frozen",
      bill: `Sell coins to ${w.nickname}`,
      whenShort: MESSAGES.availableNotEnough,
    });
    await recordChange(trx, row.id, { eventEn: "Created", at: now, from: null, to: WithdrawalStatus.Waiting, actor: "user", actorUserId: user.id });
    return { id: row.id };
  });
}

// ---------------------------------------------------------------- who may touch which withdrawal

export const withdrawalOfOwner = async (db: DB, userId: number, id: number): Promise<JoinedWithdrawal> =>
  visibleTo(await findWithdrawal(db, id), (w) => w.user_id === userId, "Withdrawal");

/** A withdrawal sent to one of the caller's withdrawer rows. */
export const withdrawalOfWithdrawer = async (db: DB, withdrawerUserId: number, id: number): Promise<JoinedWithdrawal> =>
  visibleTo(await findWithdrawal(db, id), (w) => w.withdrawer_user_id === withdrawerUserId, "Withdrawal");

function move(
  db: DB,
  w: JoinedWithdrawal,
  to: WithdrawalStatus,
  actor: WithdrawalActor,
  now: Date,
  extra: { actorUserId?: number; payPicture?: string; reason?: string } = {},
  /** Runs in the same transaction after the change (the administrator's audit row). */
  then?: (trx: Trx, row: JoinedWithdrawal) => Promise<void>,
) {
  return transaction(db, async (trx) => {
    const row = await transition(trx, { withdrawalId: w.id, from: w.status, to, actor, now, ...extra });
    if (then) await then(trx, row);
    return row;
  });
}

// ---------------------------------------------------------------- withdrawer

export async function processWithdrawal(db: DB, withdrawerUserId: number, id: number, now: Date) {
  const w = await withdrawalOfWithdrawer(db, withdrawerUserId, id);
  await move(db, w, WithdrawalStatus.Processing, "withdrawer", now, { actorUserId: withdrawerUserId });
}

/** payPicture: a path /image/uploadImage (type "payment") returned to this withdrawer, not used by another withdrawal. */
export async function completeWithdrawal(db: DB, withdrawerUserId: number, id: number, payPicture: string, now: Date) {
  const w = await withdrawalOfWithdrawer(db, withdrawerUserId, id);
  if (!payPicture) throw fail(PAY_PICTURE_REQUIRED);
  const upload = await db
    .selectFrom("uploads")
    .select(["user_id", "kind"])
    .where("path", "=", payPicture)
    .executeTakeFirst();
  if (!upload || upload.kind !== "payment" || upload.user_id !== withdrawerUserId) throw fail(PAY_PICTURE_NOT_YOURS);
  const used = await db.selectFrom("withdrawals").select("id").where("pay_picture", "=", payPicture).where("id", "<>", w.id).executeTakeFirst();
  if (used) throw fail(PAY_PICTURE_USED);
  try {
    await move(db, w, WithdrawalStatus.Completed, "withdrawer", now, { actorUserId: withdrawerUserId, payPicture });
  } catch (e) {
    // Two withdrawals completed at once with the same picture: the unique index decides.
    if (isUniqueViolation(e)) throw fail(PAY_PICTURE_USED);
    throw e;
  }
}

export async function cancelWithdrawal(db: DB, withdrawerUserId: number, id: number, reason: string, now: Date) {
  const w = await withdrawalOfWithdrawer(db, withdrawerUserId, id);
  await move(db, w, WithdrawalStatus.Cancelled, "withdrawer", now, { actorUserId: withdrawerUserId, reason });
}

// ---------------------------------------------------------------- administrators

/** Any withdrawal still open (0 or 1): the coins return to the seller (ADR 0008). */
export async function adminCancelWithdrawal(db: DB, adminUserId: number, id: number, reason: string, now: Date) {
  const w = await findWithdrawal(db, id);
  if (!w) throw notFound("Withdrawal");
  const snap = (r: JoinedWithdrawal) => ({ status: r.status, amount: Number(r.amount), reason: r.reason ?? null });
  await move(
    db,
    w,
    WithdrawalStatus.Cancelled,
    "admin",
    now,
    { actorUserId: adminUserId, reason },
    auditAfter<JoinedWithdrawal>({ adminId: adminUserId, action: "withdrawal.cancel", entityType: "withdrawal", entityId: w.id, at: now }, snap(w), snap),
  );
}

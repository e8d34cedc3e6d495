import type { Updateable } from "kysely";
import { WITHDRAWER_TIME_LIMIT_MINUTES } from "../../../contract/constants";
import { BillType, WithdrawalAction, WithdrawalStatus, withdrawalStatusLabels } from "../../../contract/enums";
import type { Trx } from "../../db/index";
import type { BalancePart, WithdrawalsTable } from "../../db/schema";
import { conflict, fail } from "../../http/errors";
import { notify } from "../notices/notify";
import { coins } from "../orders/format";
import { applyBalanceChanges, moveBalance } from "../wallet/ledger";
import { applyMove, mayTake, ruleFor, type Machine, type MoveInput, type MoveRule } from "../transitions";
import { money } from "./format";
import { findWithdrawal, type JoinedWithdrawal } from "./queries";
import { countTraderEvent, TraderSide, type TraderEvent } from "../trader-figures/days";

/**
 * The one owner of every withdrawal status change (ADR 0008), built like the orders' (ADR 0007):
 * the allowed transitions are data (TRANSITIONS); `transition()` applies one as a compare-and-set
 * UPDATE inside the caller's transaction and, in that same transaction, writes the timeline row
 * (withdrawal_changes), the owner's notice (type 2) and the ledger rows.
 *
 * Money (coins in hundredths; the Withdraw bill of applyWithdraw already showed -amount):
 * - process (0 → 1): nothing moves.
 * - complete (1 → 2): the frozen coins leave: frozen -amount, a ledger row and NO second bill
 *   (the coins left the user's available balance, and its bill, at apply time). The withdrawer's
 *   sales count goes up.
 * - cancel (0 or 1 → 3): the coins return: frozen -amount, amount +amount, with a Withdraw bill
 *   (type 2) of +amount "Withdrawal cancelled: {reason}"; the withdrawer's remaining balance gets
 *   the amount back.
 *
 * Lock order, everywhere: the withdrawal row (the compare-and-set), then the withdrawer row, then
 * the account row. applyWithdraw has no withdrawal row yet: for an unverified user it first takes
 * the user's cash-out advisory lock (the 24-hour cap, ADR 0020; no row, so no move here waits on
 * it), then the withdrawer row, then the account.
 */

export type WithdrawalActor = "withdrawer" | "admin" | "timer";
type Effect = "none" | "payOut" | "refund";

export interface WithdrawalRule extends MoveRule<WithdrawalStatus, WithdrawalActor> {
  effect: Effect;
  /** eventEn of the timeline row. */
  event: (w: JoinedWithdrawal) => string;
  /** The owner's notice. */
  notice: (w: JoinedWithdrawal) => { title: string; content: string };
}

const S = WithdrawalStatus;
const payout = (w: JoinedWithdrawal) => money(Number(w.currency_amount), w.currency);

export const AUTO_CANCEL_REASON = `The withdrawer did not accept it within ${WITHDRAWER_TIME_LIMIT_MINUTES} minutes.`;

/** Every allowed move. (from, to, actor) picks exactly one rule. */
export const TRANSITIONS: readonly WithdrawalRule[] = [
  {
    name: "process",
    from: [S.Waiting],
    to: S.Processing,
    actors: ["withdrawer"],
    effect: "none",
    event: () => "Processing started",
    notice: (w) => ({
      title: "Withdrawal processing",
      content: `${w.withdrawer_nickname} is paying ${payout(w)} for your ${coins(Number(w.amount))} to ${w.account_label}.`,
    }),
  },
  {
    name: "complete",
    from: [S.Processing],
    to: S.Completed,
    actors: ["withdrawer"],
    effect: "payOut",
    event: () => "Completed",
    notice: (w) => ({
      title: "Withdrawal completed",
      content: `${w.withdrawer_nickname} paid ${payout(w)} to ${w.account_label} for your ${coins(Number(w.amount))}. The payment picture is in the withdrawal's details.`,
    }),
  },
  {
    name: "cancel",
    from: [S.Waiting, S.Processing],
    to: S.Cancelled,
    actors: ["withdrawer", "admin"],
    effect: "refund",
    event: (w) => `Cancelled: ${w.reason ?? ""}`,
    notice: (w) => ({
      title: "Withdrawal cancelled",
      content: `Your withdrawal of ${coins(Number(w.amount))} was cancelled: ${w.reason ?? ""} The coins are back in your available balance.`,
    }),
  },
  {
    name: "autoCancel",
    from: [S.Waiting],
    to: S.Cancelled,
    actors: ["timer"],
    effect: "refund",
    event: (w) => `Cancelled: ${w.reason ?? AUTO_CANCEL_REASON}`,
    notice: (w) => ({
      title: "Withdrawal cancelled",
      content: `Your withdrawal of ${coins(Number(w.amount))} was cancelled: ${w.reason ?? AUTO_CANCEL_REASON} The coins are back in your available balance.`,
    }),
  },
];

/** The transitions behind each action of the withdrawer (the owner only waits; timers and staff act elsewhere). */
const ACTION_RULES: ReadonlyArray<{ action: WithdrawalAction; rule: string }> = [
  { action: WithdrawalAction.Process, rule: "process" },
  { action: WithdrawalAction.Complete, rule: "complete" },
  { action: WithdrawalAction.Cancel, rule: "cancel" },
];

/** What the owner or the withdrawer of a withdrawal may do with it now, from TRANSITIONS (docs/architecture.md#rule-9). */
export function withdrawalActions(w: { status: number }, role: "owner" | "withdrawer"): WithdrawalAction[] {
  if (role === "owner") return [];
  return ACTION_RULES.filter((a) => mayTake(TRANSITIONS, [a.rule], w.status, "withdrawer")).map((a) => a.action);
}

/** The owner's coins of a withdrawal change part (frozen on apply, returned on cancel), with the Withdraw bill the owner sees. */
export function moveOwnerCoins(
  trx: Trx,
  w: { id: number; ownerId: number; withdrawerUserId: number },
  from: BalancePart,
  to: BalancePart,
  amount: number,
  why: { reason: string; bill: string; whenShort?: string },
) {
  const bill = { type: BillType.Withdraw, descriptionEn: why.bill, transAmount: from === "amount" ? -amount : amount, oppositeUserId: w.withdrawerUserId };
  return moveBalance(trx, w.ownerId, { from, to, amount }, { reason: why.reason, refType: "withdrawal", refId: w.id, whenShort: why.whenShort, bill });
}

export const WITHDRAWAL_CHANGED = "The withdrawal status has changed. Please refresh.";
export const PAY_PICTURE_REQUIRED = "Please upload the payment picture.";
export const REASON_REQUIRED = "Please give a reason.";
export const notPossible = (status: number) =>
  `This action is not possible while the withdrawal is ${withdrawalStatusLabels[status as WithdrawalStatus] ?? "in this status"}.`;

export const findRule = (from: number, to: number, actor: WithdrawalActor) => ruleFor(TRANSITIONS, from, to, actor);

export interface TransitionInput extends MoveInput<WithdrawalStatus, WithdrawalActor> {
  withdrawalId: number;
  /** The user acting (withdrawer or administrator), recorded on the timeline. */
  actorUserId?: number;
  /** complete: the uploaded proof of payment. */
  payPicture?: string;
  /** cancel: why. */
  reason?: string;
}

/** The withdrawal's changes as a compare-and-set on its status, with their effects (see applyMove). */
const WITHDRAWAL_MACHINE: Machine<WithdrawalRule, TransitionInput, JoinedWithdrawal> = {
  rules: TRANSITIONS,
  notPossible,
  changed: WITHDRAWAL_CHANGED,
  check(rule, input) {
    if (rule.to === S.Completed && !input.payPicture) throw fail(PAY_PICTURE_REQUIRED);
    if (rule.to === S.Cancelled && !reasonOf(input)) throw fail(REASON_REQUIRED);
  },
  async write(trx, rule, input) {
    const now = input.now;
    const patch: Updateable<WithdrawalsTable> = { status: rule.to };
    if (rule.to === S.Processing) patch.process_at = now;
    if (rule.to === S.Completed) {
      patch.complete_at = now;
      patch.pay_picture = input.payPicture;
    }
    if (rule.to === S.Cancelled) {
      patch.cancel_at = now;
      patch.reason = reasonOf(input);
    }
    const moved = await trx
      .updateTable("withdrawals")
      .set(patch)
      .where("id", "=", input.withdrawalId)
      .where("status", "=", input.from)
      .returning("id")
      .executeTakeFirst();
    return moved ? (await findWithdrawal(trx, input.withdrawalId))! : undefined;
  },
  async effects(trx, rule, w, input) {
    const amount = Number(w.amount);
    const figures = withdrawerEventOf(rule.name, input.actor, w, input.now);
    if (figures) await countTraderEvent(trx, TraderSide.Withdrawer, Number(w.withdrawer_user_id), input.now, figures);
    if (rule.effect === "payOut") {
      await trx
        .updateTable("withdrawers")
        .set((eb) => ({ sales: eb("sales", "+", 1), last_update: input.now }))
        .where("id", "=", w.withdrawer_id)
        .execute();
      await applyBalanceChanges(trx, w.user_id, [{ part: "frozen", delta: -amount }], {
        reason: "withdrawal completed: coins sold",
        refType: "withdrawal",
        refId: w.id,
      });
    }
    if (rule.effect === "refund") {
      await trx
        .updateTable("withdrawers")
        .set((eb) => ({ remain_balance: eb("remain_balance", "+", amount), last_update: input.now }))
        .where("id", "=", w.withdrawer_id)
        .execute();
      await moveOwnerCoins(trx, { id: w.id, ownerId: w.user_id, withdrawerUserId: w.withdrawer_user_id }, "frozen", "amount", amount, {
        reason: "withdrawal cancelled: coins returned",
        bill: `Withdrawal cancelled: ${w.reason ?? ""}`,
      });
    }
    return w;
  },
  async record(trx, rule, w, input) {
    await recordChange(trx, w.id, { eventEn: rule.event(w), at: input.now, from: input.from, to: rule.to, actor: input.actor, actorUserId: input.actorUserId });
    await noticeOwner(trx, w, rule.notice(w), input.now);
  },
};

/**
 * What a withdrawal's move says about its withdrawer (ADR 0069): accepting it (minutes from the
 * request), completing it (a trade, minutes from the request), and letting it fail: the timer's
 * cancel (not accepted in time) or its own. A cancel by staff judges no one: not counted.
 */
function withdrawerEventOf(rule: string, actor: string, w: JoinedWithdrawal, now: Date): TraderEvent | null {
  const after = now.getTime() - new Date(w.created_at).getTime();
  if (rule === "process") return { viewedAfterMs: after };
  if (rule === "complete") return { completed: true, completedAfterMs: after };
  if (rule === "autoCancel" || (rule === "cancel" && actor === "withdrawer")) return { failed: true };
  return null;
}

/** Why a withdrawal is cancelled: the reason given, or the timer's own. */
const reasonOf = (input: TransitionInput) => input.reason?.trim() || (input.actor === "timer" ? AUTO_CANCEL_REASON : "");

/**
 * Applies one transition. Throws code 0 with a clear msg when the move is not allowed from
 * `from`, and code 7 WITHDRAWAL_CHANGED when someone else moved the withdrawal first.
 */
export const transition = (trx: Trx, input: TransitionInput): Promise<JoinedWithdrawal> => applyMove(trx, WITHDRAWAL_MACHINE, input);

/** One line of the withdrawal's timeline. */
export async function recordChange(
  trx: Trx,
  withdrawalId: number,
  c: { eventEn: string; at: Date; from: number | null; to: number; actor: WithdrawalActor | "user"; actorUserId?: number },
) {
  await trx
    .insertInto("withdrawal_changes")
    .values({
      withdrawal_id: withdrawalId,
      event_en: c.eventEn,
      change_timestamp: c.at,
      from_status: c.from,
      to_status: c.to,
      actor: c.actor,
      actor_user_id: c.actorUserId ?? null,
    })
    .execute();
}

/**
 * A type 2 (withdrawal) notice for the withdrawal's owner. Like an order notice: transAmount is
 * the payout in hundredths of transCurrency, transPrice the coins (hundredths) sold.
 */
export async function noticeOwner(trx: Trx, w: JoinedWithdrawal, text: { title: string; content: string }, at: Date) {
  await notify(trx, {
    userId: w.user_id,
    about: { type: "withdrawal", id: w.id },
    ...text,
    oppositeUserId: w.withdrawer_user_id,
    goodsName: "Sell Coins",
    transAmount: Number(w.currency_amount),
    transCurrency: w.currency,
    transPrice: Number(w.amount),
    at,
  });
}

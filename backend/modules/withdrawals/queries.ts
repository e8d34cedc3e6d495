import { BADGE_CAP, LIST_PAGE_SIZE } from "../../../contract/constants";
import type { DeskWithdrawal, StaffWithdrawal } from "../../../contract/calls/withdrawals-desks";
import type { Withdrawal, Withdrawer } from "../../../contract/entities";
import type { WithdrawalStatus } from "../../../contract/enums";
import { OPEN_WITHDRAWAL_STATUSES } from "../../../contract/withdrawal-rules";
import type { Executor } from "../../db/index";
import type { Services } from "../../http/context";
import { openNullable, type Opener } from "../../security/secret-box";
import type { WithdrawalRow, WithdrawerRow } from "../../db/schema";
import { countRows, countRowsUpTo } from "../../db/count";
import { traderFiguresOf, TraderSide } from "../trader-figures/days";

/** Read side of withdrawals and withdrawers. Every list is scoped by its caller (owner or withdrawer). */

const ms = (d: Date | string | null) => (d === null ? null : new Date(d).getTime());

// ---------------------------------------------------------------- withdrawers

function withdrawerRows(db: Executor) {
  return db.selectFrom("withdrawers as w").innerJoin("users as u", "u.id", "w.user_id").selectAll("w").select(["u.nickname", "u.avatar"]);
}
export type JoinedWithdrawer = WithdrawerRow & { nickname: string; avatar: string };

export function toWithdrawer(r: JoinedWithdrawer): Withdrawer {
  return {
    id: r.id,
    avatar: r.avatar,
    nickname: r.nickname,
    status: r.status,
    sales: r.sales,
    feedback: r.feedback,
    currency: r.currency,
    currencyRate: Number(r.currency_rate),
    minTrade: Number(r.min_trade),
    maxTrade: Number(r.max_trade),
    remainBalance: Number(r.remain_balance),
    totalBalance: Number(r.total_balance),
    tags: r.tags,
    description: r.description,
    lastUpdate: ms(r.last_update)!,
  };
}

/** Every withdrawer (optionally of one payout currency): accepting ones first, then by id. */
/** The withdrawers a seller may choose from, each with its figures over 30 days (ADR 0069). */
export async function withdrawerList(db: Executor, now: Date, currency?: string): Promise<Withdrawer[]> {
  let q = withdrawerRows(db);
  if (currency) q = q.where("w.currency", "=", currency);
  const rows = (await q.orderBy("w.status", "desc").orderBy("w.id").limit(200).execute()) as JoinedWithdrawer[];
  const figures = await traderFiguresOf(db, TraderSide.Withdrawer, rows.map((r) => Number(r.user_id)), now);
  return rows.map((r) => ({ ...toWithdrawer(r), figures: figures.get(Number(r.user_id)) }));
}

/** One withdrawer as the list shows it, figures included (the sell form's page). */
export async function withdrawerWithFigures(db: Executor, row: JoinedWithdrawer, now: Date): Promise<Withdrawer> {
  const figures = await traderFiguresOf(db, TraderSide.Withdrawer, [Number(row.user_id)], now);
  return { ...toWithdrawer(row), figures: figures.get(Number(row.user_id)) };
}

export function findWithdrawer(db: Executor, id: number): Promise<JoinedWithdrawer | undefined> {
  return withdrawerRows(db).where("w.id", "=", id).executeTakeFirst() as Promise<JoinedWithdrawer | undefined>;
}

// ---------------------------------------------------------------- withdrawals

function withdrawalRows(db: Executor) {
  return db
    .selectFrom("withdrawals as d")
    .innerJoin("withdrawers as w", "w.id", "d.withdrawer_id")
    .innerJoin("users as wu", "wu.id", "w.user_id")
    .innerJoin("users as u", "u.id", "d.user_id")
    .selectAll("d")
    .select([
      "w.user_id as withdrawer_user_id",
      "wu.nickname as withdrawer_nickname",
      "wu.avatar as withdrawer_avatar",
      "u.nickname as user_nickname",
      "u.avatar as user_avatar",
    ]);
}
export type JoinedWithdrawal = WithdrawalRow & {
  withdrawer_user_id: number;
  withdrawer_nickname: string;
  withdrawer_avatar: string;
  user_nickname: string;
  user_avatar: string;
};

/** The database and the box that opens the account copy (ADR 0056). */
type Store = Pick<Services, "db" | "secrets">;

export function toWithdrawal(box: Opener, r: JoinedWithdrawal): Withdrawal {
  return {
    id: r.id,
    withdrawerId: r.withdrawer_id,
    withdrawerName: r.withdrawer_nickname,
    withdrawerAvatar: r.withdrawer_avatar,
    status: r.status as WithdrawalStatus,
    amount: Number(r.amount),
    currency: r.currency,
    currencyRate: Number(r.currency_rate),
    currencyAmount: Number(r.currency_amount),
    userPayment: box.open(r.user_payment),
    userRemark: openNullable(box, r.user_remark),
    payPicture: r.pay_picture,
    reason: r.reason,
    createTimestamp: ms(r.created_at)!,
    processTimestamp: ms(r.process_at),
    completeTimestamp: ms(r.complete_at),
    cancelTimestamp: ms(r.cancel_at),
  };
}

export function toStaffWithdrawal(box: Opener, r: JoinedWithdrawal): StaffWithdrawal {
  return { ...toWithdrawal(box, r), userId: r.user_id, userNickname: r.user_nickname, userAvatar: r.user_avatar };
}

/**
 * The withdrawer's view (ADR 0037): the seller's bank account only once processing has started.
 * A withdrawal cancelled while Waiting never showed it, and never will.
 */
export function toDeskWithdrawal(box: Opener, r: JoinedWithdrawal): DeskWithdrawal {
  const w = toStaffWithdrawal(box, r);
  return { ...w, userPayment: r.process_at === null ? null : w.userPayment };
}

export function findWithdrawal(db: Executor, id: number): Promise<JoinedWithdrawal | undefined> {
  return withdrawalRows(db).where("d.id", "=", id).executeTakeFirst() as Promise<JoinedWithdrawal | undefined>;
}

/** One page of the user's withdrawals, newest first. */
export async function ownerWithdrawalPage(
  store: Store,
  userId: number,
  f: { start?: number; end?: number; lastId?: number | null },
): Promise<Withdrawal[]> {
  let q = withdrawalRows(store.db).where("d.user_id", "=", userId);
  if (f.start !== undefined) q = q.where("d.created_at", ">=", new Date(f.start));
  if (f.end !== undefined) q = q.where("d.created_at", "<=", new Date(f.end));
  if (f.lastId) q = q.where("d.id", "<", f.lastId);
  const rows = (await q.orderBy("d.id", "desc").limit(LIST_PAGE_SIZE).execute()) as JoinedWithdrawal[];
  return rows.map((r) => toWithdrawal(store.secrets, r));
}

/**
 * One page of staff-visible withdrawals: those sent to a withdrawer (any of its withdrawer rows),
 * or every user's when withdrawerUserId is "all" (administrators). Newest first, or oldest first
 * (a work queue: lastId then pages forward).
 */
export async function withdrawerWithdrawalRows(
  db: Executor,
  withdrawerUserId: number | "all",
  f: { status?: number; lastId?: number | null; oldestFirst?: boolean },
): Promise<JoinedWithdrawal[]> {
  let q = withdrawalRows(db);
  if (withdrawerUserId !== "all") q = q.where("w.user_id", "=", withdrawerUserId);
  if (f.status !== undefined) q = q.where("d.status", "=", f.status);
  if (f.lastId) q = q.where("d.id", f.oldestFirst ? ">" : "<", f.lastId);
  return (await q.orderBy("d.id", f.oldestFirst ? "asc" : "desc").limit(LIST_PAGE_SIZE).execute()) as JoinedWithdrawal[];
}

export async function withdrawerWithdrawalPage(store: Store, withdrawerUserId: number | "all", f: { status?: number; lastId?: number | null }): Promise<StaffWithdrawal[]> {
  return (await withdrawerWithdrawalRows(store.db, withdrawerUserId, f)).map((r) => toStaffWithdrawal(store.secrets, r));
}

/** Waiting withdrawals sent to this withdrawer (index withdrawals_withdrawer): its desk's badge, capped like the others. */
export function countWaitingForWithdrawer(db: Executor, withdrawerUserId: number): Promise<number> {
  const q = db
    .selectFrom("withdrawals")
    .where("status", "=", 0)
    .where("withdrawer_id", "in", db.selectFrom("withdrawers").select("id").where("user_id", "=", withdrawerUserId));
  return countRowsUpTo(db, q, BADGE_CAP + 1);
}

/** Withdrawals of the user still open (contract/withdrawal-rules.ts): the top bar's Withdrawal badge. */
export async function countOpenWithdrawals(db: Executor, userId: number): Promise<number> {
  return countRows(db.selectFrom("withdrawals").where("user_id", "=", userId).where("status", "in", OPEN_WITHDRAWAL_STATUSES));
}

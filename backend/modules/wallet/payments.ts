import type { PaymentType, UserPayment } from "../../../contract/entities";
import { MESSAGES } from "../../../contract/fields";
import {
  BANK_ACCOUNT_EXISTS,
  BANK_CHECK_UNAVAILABLE,
  accountNotFoundAt,
  accountNumberProblem,
  normalizeAccountNumber,
  savedAccountProblem,
  type BankRule,
} from "../../../contract/bank-accounts";
import type { Executor } from "../../db/index";
import { isUniqueViolation } from "../../db/errors";
import type { CallContext } from "../../http/context";
import { fail, notFound, tooMany } from "../../http/errors";
import { countRows } from "../../db/count";
import { hit, minutesLeftInWindow } from "../../security/rate-limit";
import { openNullable, sealNullable, type SecretBox } from "../../security/secret-box";

/**
 * Bank accounts (docs/product/entities.md#user-payment). Every query is scoped to the owner: another user's id
 * answers "Bank account not found." exactly like an id that does not exist. Removing is a soft
 * delete; a withdrawal keeps its own JSON snapshot of the account, so an account in use by an
 * open withdrawal may still be removed.
 *
 * An account that is added or edited must exist (ADR 0053): its number passes its bank's NUBAN
 * check (contract/bank-accounts.ts), then the bank-data provider is asked for the holder's name,
 * which is what is saved as realname. Saved accounts that fail the check carry `problem`.
 *
 * The holder's name, the number and the remark are sealed at rest (ADR 0056); the number is found
 * again by its keyed hash (account_hash), which the one-account-once index is on.
 */

export { BANK_ACCOUNT_EXISTS };
export const BANK_ACCOUNT_NOT_FOUND = "Bank account not found.";
/** Designed guard: accounts a user may keep at once. */
export const MAX_BANK_ACCOUNTS = 20;
export const TOO_MANY_BANK_ACCOUNTS = `You can keep at most ${MAX_BANK_ACCOUNTS} bank accounts.`;
export const tooManyAccountChecks = (minutes: number) =>
  `You have checked too many bank accounts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;

/** Runs a write that the one-account-once index may refuse, with a clear message instead of a 500. */
async function once<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (isUniqueViolation(e)) throw fail(BANK_ACCOUNT_EXISTS);
    throw e;
  }
}

/** What reading and writing accounts needs of a call: the database and the box that seals them. */
export type AccountStore = Pick<CallContext, "db" | "secrets">;

/** The account number as it is compared: without spaces and dashes, upper-cased (as migration 009 had it). */
export const accountKeyOf = (accountNumber: string) => normalizeAccountNumber(accountNumber).toUpperCase();

/** The keyed hash the one-account-once index compares: the same number under any spacing, and nothing else. */
export const accountHashOf = (box: Pick<SecretBox, "keyedHash">, accountNumber: string) => box.keyedHash("bank-account", accountKeyOf(accountNumber));

export interface BankAccountInput {
  realname: string;
  accountNumber: string;
  receiveQr?: string;
  remark?: string;
}

/** Banks offered for new accounts: shown, and with a code to check numbers with (ADR 0053). */
function offeredBanks(db: Executor) {
  return db
    .selectFrom("payment_types")
    .select(["id", "name_en", "code", "phone_accounts"])
    .where("status", "=", 1)
    .where("code", "is not", null);
}

const ruleOf = (r: { name_en: string; code: string | null; phone_accounts: boolean }): BankRule => ({
  nameEn: r.name_en,
  code: r.code,
  phoneAccounts: r.phone_accounts,
});

export async function paymentTypes(db: Executor): Promise<PaymentType[]> {
  const rows = await offeredBanks(db).orderBy("sort").orderBy("id").execute();
  return rows.map((r) => ({ id: r.id, nameEn: r.name_en, code: r.code!, phoneAccounts: r.phone_accounts }));
}

function accountRows(db: Executor) {
  return db
    .selectFrom("user_payments as p")
    .innerJoin("payment_types as t", "t.id", "p.payment_id")
    .select(["p.id", "p.user_id", "p.payment_id", "p.realname", "p.account_number", "p.receive_qr", "p.remark", "t.name_en", "t.icon", "t.code", "t.phone_accounts"])
    .where("p.deleted_at", "is", null);
}
type AccountRow = Awaited<ReturnType<ReturnType<typeof accountRows>["executeTakeFirstOrThrow"]>>;

function toUserPayment(box: SecretBox, r: AccountRow): UserPayment {
  const accountNumber = box.open(r.account_number);
  // Flagged when read, not stored: the rule and the bank's code stay the one truth.
  const problem = savedAccountProblem(ruleOf(r), accountNumber);
  return {
    id: r.id,
    paymentid: r.payment_id,
    paymentNameEn: r.name_en,
    paymentIcon: r.icon,
    realname: box.open(r.realname),
    accountNumber,
    receiveQr: r.receive_qr,
    remark: openNullable(box, r.remark),
    ...(problem ? { problem } : {}),
  };
}

export async function bankAccountsOf(store: AccountStore, userId: number): Promise<UserPayment[]> {
  const rows = await accountRows(store.db).where("p.user_id", "=", userId).orderBy("p.id").execute();
  return rows.map((r) => toUserPayment(store.secrets, r));
}

/** One of the user's (not deleted) bank accounts, or undefined. */
export async function bankAccountOf(store: AccountStore, userId: number, id: number): Promise<UserPayment | undefined> {
  const r = await accountRows(store.db).where("p.user_id", "=", userId).where("p.id", "=", id).executeTakeFirst();
  return r ? toUserPayment(store.secrets, r) : undefined;
}

// ---------------------------------------------------------------- an account that exists

/** What checking an account needs of a call. */
export type BankContext = Pick<CallContext, "db" | "secrets" | "bankResolver" | "config" | "now">;

/** The typed account a check is about; accountNumber already normalized by the contract's schema. */
export interface AccountToCheck {
  paymentId: number;
  accountNumber: string;
  realname: string;
}

/**
 * Checks an account before it is saved, in this order: the bank is offered, the number passes its
 * check, the user has not saved it already (`editing` aside), then the bank-data provider knows it
 * (counted against the user's look-ups). Returns the holder's name the bank answered; refuses with
 * the message for the field otherwise, having saved nothing.
 */
export async function checkAccount(ctx: BankContext, userId: number, a: AccountToCheck, editing?: number): Promise<{ accountName: string }> {
  const bank = await offeredBanks(ctx.db).where("id", "=", a.paymentId).executeTakeFirst();
  if (!bank) throw fail(MESSAGES.bank);
  const problem = accountNumberProblem(ruleOf(bank), a.accountNumber);
  if (problem) throw fail(problem);
  let saved = ctx.db
    .selectFrom("user_payments")
    .select("id")
    .where("user_id", "=", userId)
    .where("payment_id", "=", a.paymentId)
    .where("account_hash", "=", accountHashOf(ctx.secrets, a.accountNumber))
    .where("deleted_at", "is", null);
  if (editing) saved = saved.where("id", "<>", editing);
  if (await saved.executeTakeFirst()) throw fail(BANK_ACCOUNT_EXISTS);

  const c = ctx.config;
  const allowed = await hit(ctx.db, "bank:resolve", `user:${userId}`, c.BANK_RESOLVE_LIMIT_PER_USER, c.RATE_WINDOW_SECONDS, ctx.now);
  if (!allowed.allowed) throw tooMany(tooManyAccountChecks(minutesLeftInWindow(c.RATE_WINDOW_SECONDS, ctx.now)));
  const answer = await ctx.bankResolver.resolve({ bankCode: bank.code!, accountNumber: a.accountNumber, typedName: a.realname });
  if (!answer.found) throw fail(answer.reason === "notFound" ? accountNotFoundAt(bank.name_en) : BANK_CHECK_UNAVAILABLE);
  return { accountName: answer.accountName };
}

/** The columns an add and an edit write alike: the holder's name is the bank's, not the one typed. */
const columns = (box: SecretBox, paymentId: number, a: BankAccountInput, accountName: string) => ({
  payment_id: paymentId,
  realname: box.seal(accountName),
  account_number: box.seal(a.accountNumber),
  account_hash: accountHashOf(box, a.accountNumber),
  receive_qr: a.receiveQr ?? null,
  remark: sealNullable(box, a.remark),
});

export async function addBankAccount(ctx: BankContext, userId: number, paymentId: number, a: BankAccountInput): Promise<number> {
  // The cheap refusal first: no look-up is spent on an account that could not be kept.
  const n = await countRows(ctx.db.selectFrom("user_payments").where("user_id", "=", userId).where("deleted_at", "is", null));
  if (n >= MAX_BANK_ACCOUNTS) throw fail(TOO_MANY_BANK_ACCOUNTS);
  const { accountName } = await checkAccount(ctx, userId, { paymentId, ...a });
  const row = await once(() =>
    ctx.db
      .insertInto("user_payments")
      .values({ user_id: userId, ...columns(ctx.secrets, paymentId, a, accountName), created_at: ctx.now })
      .returning("id")
      .executeTakeFirstOrThrow()
  );
  return row.id;
}

export async function updateBankAccount(ctx: BankContext, userId: number, id: number, paymentId: number, a: BankAccountInput) {
  if (!(await bankAccountOf(ctx, userId, id))) throw notFound("Bank account");
  const { accountName } = await checkAccount(ctx, userId, { paymentId, ...a }, id);
  const r = await once(() =>
    ctx.db
      .updateTable("user_payments")
      .set({ ...columns(ctx.secrets, paymentId, a, accountName), updated_at: ctx.now })
      .where("id", "=", id)
      .where("user_id", "=", userId)
      .where("deleted_at", "is", null)
      .executeTakeFirst()
  );
  if (Number(r.numUpdatedRows) !== 1) throw notFound("Bank account");
}

export async function removeBankAccount(db: Executor, userId: number, id: number, now: Date) {
  const r = await db
    .updateTable("user_payments")
    .set({ deleted_at: now })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) throw notFound("Bank account");
}

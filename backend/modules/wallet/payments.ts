import type { PaymentType, UserPayment } from "../../../contract/entities";
import { MESSAGES } from "../../../contract/fields";
import type { Executor } from "../../db/index";
import { isUniqueViolation } from "../../db/errors";
import { fail, notFound } from "../../http/errors";
import { countRows } from "../../db/count";

/**
 * Bank accounts (spec §3 User payment). Every query is scoped to the owner: another user's id
 * answers "Bank account not found." exactly like an id that does not exist. Removing is a soft
 * delete; a withdrawal keeps its own JSON snapshot of the account, so an account in use by an
 * open withdrawal may still be removed.
 */

export const BANK_ACCOUNT_NOT_FOUND = "Bank account not found.";
/** Designed guard: accounts a user may keep at once. */
export const MAX_BANK_ACCOUNTS = 20;
export const TOO_MANY_BANK_ACCOUNTS = `You can keep at most ${MAX_BANK_ACCOUNTS} bank accounts.`;
/** The same bank and account number (spaces and dashes aside) is kept once per user (migration 009). */
export const BANK_ACCOUNT_EXISTS = "This bank account is already saved.";

/** Runs a write that the one-account-once index may refuse, with a clear message instead of a 500. */
async function once<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (isUniqueViolation(e)) throw fail(BANK_ACCOUNT_EXISTS);
    throw e;
  }
}

export interface BankAccountInput {
  realname: string;
  accountNumber: string;
  receiveQr?: string;
  remark?: string;
}

export async function paymentTypes(db: Executor): Promise<PaymentType[]> {
  const rows = await db.selectFrom("payment_types").select(["id", "name_en"]).where("status", "=", 1).orderBy("sort").orderBy("id").execute();
  return rows.map((r) => ({ id: r.id, nameEn: r.name_en }));
}

async function assertBank(db: Executor, paymentId: number) {
  const bank = await db.selectFrom("payment_types").select("id").where("id", "=", paymentId).where("status", "=", 1).executeTakeFirst();
  if (!bank) throw fail(MESSAGES.bank);
}

function accountRows(db: Executor) {
  return db
    .selectFrom("user_payments as p")
    .innerJoin("payment_types as t", "t.id", "p.payment_id")
    .select(["p.id", "p.user_id", "p.payment_id", "p.realname", "p.account_number", "p.receive_qr", "p.remark", "t.name_en", "t.icon"])
    .where("p.deleted_at", "is", null);
}
type AccountRow = Awaited<ReturnType<ReturnType<typeof accountRows>["executeTakeFirstOrThrow"]>>;

export function toUserPayment(r: AccountRow): UserPayment {
  return {
    id: r.id,
    paymentid: r.payment_id,
    paymentNameEn: r.name_en,
    paymentIcon: r.icon,
    realname: r.realname,
    accountNumber: r.account_number,
    receiveQr: r.receive_qr,
    remark: r.remark,
  };
}

export async function bankAccountsOf(db: Executor, userId: number): Promise<UserPayment[]> {
  const rows = await accountRows(db).where("p.user_id", "=", userId).orderBy("p.id").execute();
  return rows.map(toUserPayment);
}

/** One of the user's (not deleted) bank accounts, or undefined. */
export async function bankAccountOf(db: Executor, userId: number, id: number): Promise<UserPayment | undefined> {
  const r = await accountRows(db).where("p.user_id", "=", userId).where("p.id", "=", id).executeTakeFirst();
  return r ? toUserPayment(r) : undefined;
}

/** The columns an add and an edit write alike. */
const columns = (paymentId: number, a: BankAccountInput) => ({
  payment_id: paymentId,
  realname: a.realname,
  account_number: a.accountNumber,
  receive_qr: a.receiveQr ?? null,
  remark: a.remark ?? null,
});

export async function addBankAccount(db: Executor, userId: number, paymentId: number, a: BankAccountInput, now: Date): Promise<number> {
  await assertBank(db, paymentId);
  const n = await countRows(db.selectFrom("user_payments").where("user_id", "=", userId).where("deleted_at", "is", null));
  if (n >= MAX_BANK_ACCOUNTS) throw fail(TOO_MANY_BANK_ACCOUNTS);
  const row = await once(() =>
    db
      .insertInto("user_payments")
      .values({ user_id: userId, ...columns(paymentId, a), created_at: now })
      .returning("id")
      .executeTakeFirstOrThrow()
  );
  return row.id;
}

export async function updateBankAccount(db: Executor, userId: number, id: number, paymentId: number, a: BankAccountInput, now: Date) {
  if (!(await bankAccountOf(db, userId, id))) throw notFound("Bank account");
  await assertBank(db, paymentId);
  const r = await once(() =>
    db
      .updateTable("user_payments")
      .set({ ...columns(paymentId, a), updated_at: now })
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

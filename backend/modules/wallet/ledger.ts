import { sql } from "kysely";
import type { BillType } from "../../../contract/enums";
import type { Trx } from "../../db/index";
import type { BalancePart } from "../../db/schema";
import { fail } from "../../http/errors";
import { raiseLevel } from "../membership/levels";
import { mayOverdraw } from "./platform";

/**
 * The only way a balance changes. Inside the caller's transaction it locks the
 * account row, applies each delta, refuses to go below zero (but for the platform's
 * available coins, ADR 0024), writes one ledger
 * entry per part and, when asked, the bill the user sees.
 */
export const PART_COLUMN = {
  amount: "amount",
  frozen: "frozen_amount",
  bail: "bail_amount",
  wealth: "wealth_amount",
} as const satisfies Record<BalancePart, string>;

export interface BalanceChange {
  part: BalancePart;
  delta: number;
}

export interface BillInput {
  type: BillType;
  descriptionEn: string;
  /** The amount shown on the bill (signed, hundredths). */
  transAmount: number;
  oppositeUserId?: number | null;
}

/** The Vip Record a change of the wealth part writes (its amount is the wealth delta). */
export interface WealthRecordInput {
  /** 1 Income, 2 Invite, 3 Exchange, 4 Transfer. */
  type: 1 | 2 | 3 | 4;
  descriptionEn: string;
}

export class InsufficientBalance extends Error {
  constructor(public readonly part: BalancePart) {
    super(`insufficient ${part}`);
  }
}

export async function ensureAccount(trx: Trx, userId: number) {
  await trx.insertInto("accounts").values({ user_id: userId }).onConflict((oc) => oc.column("user_id").doNothing()).execute();
}

export interface ChangeMeta {
  reason: string;
  refType?: string;
  refId?: number;
  bill?: BillInput;
  /** Required when the wealth part changes: points are money too, and the user sees each change. */
  wealthRecord?: WealthRecordInput;
  /** When the wealth record happened (the caller's clock); the database's now() otherwise. */
  at?: Date;
  /** The user's message when a part would go below zero; without it the InsufficientBalance error stands. */
  whenShort?: string;
}

export async function applyBalanceChanges(trx: Trx, userId: number, changes: BalanceChange[], meta: ChangeMeta) {
  try {
    return await writeBalanceChanges(trx, userId, changes, meta);
  } catch (e) {
    if (meta.whenShort && e instanceof InsufficientBalance) throw fail(meta.whenShort);
    throw e;
  }
}

/** Freezing and unfreezing: `amount` coins leave one part of the account for another. */
export async function moveBalance(trx: Trx, userId: number, move: { from: BalancePart; to: BalancePart; amount: number }, meta: ChangeMeta) {
  return applyBalanceChanges(
    trx,
    userId,
    [
      { part: move.from, delta: -move.amount },
      { part: move.to, delta: move.amount },
    ],
    meta,
  );
}

async function writeBalanceChanges(trx: Trx, userId: number, changes: BalanceChange[], meta: ChangeMeta) {
  await ensureAccount(trx, userId);
  const account = await trx.selectFrom("accounts").selectAll().where("user_id", "=", userId).forUpdate().executeTakeFirstOrThrow();
  const next = { ...account };
  const wealthDelta = changes.reduce((sum, c) => (c.part === "wealth" ? sum + c.delta : sum), 0);
  if (wealthDelta !== 0 && !meta.wealthRecord) throw new Error("a change of wealth needs its wealth record");
  for (const c of changes) {
    if (!Number.isSafeInteger(c.delta)) throw new Error("ledger deltas are integers in minor units");
    const col = PART_COLUMN[c.part];
    next[col] = next[col] + c.delta;
    if (next[col] < 0 && !mayOverdraw(userId, c.part)) throw new InsufficientBalance(c.part);
  }
  await trx
    .updateTable("accounts")
    .set({ amount: next.amount, frozen_amount: next.frozen_amount, bail_amount: next.bail_amount, wealth_amount: next.wealth_amount })
    .where("user_id", "=", userId)
    .execute();
  let billId: number | null = null;
  if (meta.bill) {
    const bill = await trx
      .insertInto("bills")
      .values({
        user_id: userId,
        type: meta.bill.type,
        description_en: meta.bill.descriptionEn,
        trans_amount: meta.bill.transAmount,
        current_amount: next.amount,
        opposite_user_id: meta.bill.oppositeUserId ?? null,
        ref_type: meta.refType ?? null,
        ref_id: meta.refId ?? null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    billId = bill.id;
  }
  if (wealthDelta !== 0 && meta.wealthRecord) {
    await trx
      .insertInto("wealth_records")
      .values({
        user_id: userId,
        type: meta.wealthRecord.type,
        description_en: meta.wealthRecord.descriptionEn,
        amount: wealthDelta,
        balance_after: next.wealth_amount,
        ref_type: meta.refType ?? null,
        ref_id: meta.refId ?? null,
        ...(meta.at ? { created_at: meta.at } : {}),
      })
      .execute();
    if (wealthDelta > 0) await raiseLevel(trx, userId);
  }
  for (const c of changes) {
    if (c.delta === 0) continue;
    await trx
      .insertInto("ledger_entries")
      .values({
        user_id: userId,
        part: c.part,
        delta: c.delta,
        balance_after: next[PART_COLUMN[c.part]],
        bill_id: billId,
        reason: meta.reason,
        ref_type: meta.refType ?? null,
        ref_id: meta.refId ?? null,
      })
      .execute();
  }
  return { account: next, billId };
}

/** Accounts whose points differ from the sum of their wealth records (empty when they hold). */
export async function findWealthMismatches(db: Trx | import("../../db/index").DB) {
  const rows = await sql<{ user_id: number; balance: number; records: number }>`
    with sums as (select user_id, sum(amount)::bigint as s from wealth_records group by user_id)
    select a.user_id, a.wealth_amount as balance, coalesce(s.s, 0)::bigint as records
    from accounts a left join sums s on s.user_id = a.user_id
    where a.wealth_amount <> coalesce(s.s, 0)
    order by a.user_id
  `.execute(db);
  return rows.rows.map((r) => ({ user_id: Number(r.user_id), balance: Number(r.balance), records: Number(r.records) }));
}

/** Accounts whose balances differ from the sum of their ledger (empty when the books hold). */
export async function findLedgerMismatches(db: Trx | import("../../db/index").DB) {
  const rows = await sql<{ user_id: number; part: string; balance: number; ledger: number }>`
    with parts as (
      select user_id, 'amount' as part, amount as balance from accounts
      union all select user_id, 'frozen', frozen_amount from accounts
      union all select user_id, 'bail', bail_amount from accounts
      union all select user_id, 'wealth', wealth_amount from accounts
    ), sums as (
      select user_id, part, sum(delta)::bigint as ledger from ledger_entries group by user_id, part
    )
    select p.user_id, p.part, p.balance, coalesce(s.ledger, 0)::bigint as ledger
    from parts p left join sums s on s.user_id = p.user_id and s.part = p.part
    where p.balance <> coalesce(s.ledger, 0)
    order by p.user_id, p.part
  `.execute(db);
  return rows.rows.map((r) => ({ ...r, balance: Number(r.balance), ledger: Number(r.ledger) }));
}

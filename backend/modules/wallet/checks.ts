import { sql } from "kysely";
import { OPEN_WITHDRAWAL_STATUSES } from "../../../contract/withdrawal-rules";
import type { Executor } from "../../db/index";
import { findLedgerMismatches, findWealthMismatches } from "./ledger";
import { findOrderStatsMismatches } from "../orders/order-stats";

/**
 * Checks of the books (npm run ledger:check, and the tests after every scenario):
 * - ledger: every balance part of every account equals the sum of its ledger entries;
 * - frozen: every account's frozen balance equals what it holds for open business: the escrow
 *   of its orders as merchant (orders.frozen_amount) plus its open withdrawals (contract/withdrawal-rules.ts);
 * - wealth: every account's points equal the sum of its wealth records (the Vip Records it sees);
 * - orderStats: every user's kept order figures equal its orders' (orders/order-stats.ts).
 */

export interface FrozenMismatch {
  user_id: number;
  frozen: number;
  /** Order escrow + open withdrawals. */
  held: number;
}

export async function findFrozenMismatches(db: Executor): Promise<FrozenMismatch[]> {
  const rows = await sql<{ user_id: number; frozen: number; held: number }>`
    with o as (select buyer_id as user_id, sum(frozen_amount)::bigint as s from orders group by buyer_id),
         w as (select user_id, sum(amount)::bigint as s from withdrawals where status in (${sql.join(OPEN_WITHDRAWAL_STATUSES)}) group by user_id)
    select a.user_id, a.frozen_amount as frozen, (coalesce(o.s, 0) + coalesce(w.s, 0))::bigint as held
    from accounts a left join o on o.user_id = a.user_id left join w on w.user_id = a.user_id
    where a.frozen_amount <> coalesce(o.s, 0) + coalesce(w.s, 0)
    order by a.user_id
  `.execute(db);
  return rows.rows.map((r) => ({ user_id: Number(r.user_id), frozen: Number(r.frozen), held: Number(r.held) }));
}

export async function checkBooks(db: Executor) {
  const [ledger, frozen, wealth, orderStats] = [
    await findLedgerMismatches(db),
    await findFrozenMismatches(db),
    await findWealthMismatches(db),
    await findOrderStatsMismatches(db),
  ];
  return { ok: ledger.length === 0 && frozen.length === 0 && wealth.length === 0 && orderStats.length === 0, ledger, frozen, wealth, orderStats };
}

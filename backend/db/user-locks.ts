import { sql } from "kysely";
import type { Trx } from "./index";

/**
 * Per-user locks that are not row locks: they serialize one user's transactions of one kind (the
 * 24-hour cash-out cap, redemption attempts, trade-password checks) without locking the users row, which completions
 * update (levels) after they lock accounts. Taking the users row first here made a cycle with them.
 * Two-int advisory keys, a space apart from the one-key locks (the chat's).
 */
export const USER_LOCK = { cashOutCap: 1, redemption: 2, cardFingerprint: 3, tradePassword: 4 } as const;

/** Held until the transaction ends. Ids beyond int4 share a key with another user: more waiting, never less safety. */
export async function lockUser(trx: Trx, kind: (typeof USER_LOCK)[keyof typeof USER_LOCK], userId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(${sql.lit(kind)}::int, (${userId}::bigint % 2147483647)::int)`.execute(trx);
}

/**
 * Several keys of one kind (not user ids: cardFingerprint takes 32 bits of a card's digest), held
 * until the transaction ends. Taken in ascending order, so two holders never wait on each other in a cycle.
 */
export async function lockKeys(trx: Trx, kind: (typeof USER_LOCK)[keyof typeof USER_LOCK], keys: readonly number[]): Promise<void> {
  const sorted = [...new Set(keys)].sort((a, b) => a - b);
  if (sorted.length === 0) return;
  // pg_advisory_xact_lock is volatile, so it runs after the sort, in key order.
  await sql`select pg_advisory_xact_lock(${sql.lit(kind)}::int, k) from (values ${sql.join(sorted.map((k) => sql`(${k}::int)`))}) as v(k) order by k`.execute(trx);
}

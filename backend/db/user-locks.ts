import { sql } from "kysely";
import type { Trx } from "./index";

/**
 * Per-user locks that are not row locks: they serialize one user's transactions of one kind (the
 * 24-hour cash-out cap, redemption attempts) without locking the users row, which completions
 * update (levels) after they lock accounts. Taking the users row first here made a cycle with them.
 * Two-int advisory keys, a space apart from the one-key locks (the chat's).
 */
export const USER_LOCK = { cashOutCap: 1, redemption: 2 } as const;

/** Held until the transaction ends. Ids beyond int4 share a key with another user: more waiting, never less safety. */
export async function lockUser(trx: Trx, kind: (typeof USER_LOCK)[keyof typeof USER_LOCK], userId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(${sql.lit(kind)}::int, (${userId}::bigint % 2147483647)::int)`.execute(trx);
}

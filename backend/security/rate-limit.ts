import { sql } from "kysely";
import type { Executor } from "../db/index";

/**
 * Fixed-window counters in the database, so limits hold across restarts and
 * processes. `hit` counts one attempt and says whether it is within the limit.
 */
export async function hit(
  db: Executor,
  bucket: string,
  key: string,
  limit: number,
  windowSeconds: number,
  now: Date,
): Promise<{ allowed: boolean; count: number }> {
  const windowMs = windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const row = await db
    .insertInto("rate_limits")
    .values({ bucket, key, window_start: windowStart, count: 1 })
    .onConflict((oc) => oc.columns(["bucket", "key", "window_start"]).doUpdateSet({ count: sql`rate_limits.count + 1` }))
    .returning("count")
    .executeTakeFirstOrThrow();
  return { allowed: row.count <= limit, count: row.count };
}

/** An attempt reserved under a limit: `count` is this attempt's place in the window. */
export interface Reservation {
  count: number;
  /** Gives the attempt back (a right answer: only failures use up a limit). */
  release(): Promise<void>;
}

/**
 * Reserves one attempt under `limit` in the statement that checks it (ADR 0055): an upsert that
 * adds one only while the count is below the limit. Of any number of parallel attempts at most
 * `limit` get a reservation, so at most that many secrets are ever compared; null when the limit
 * is reached. The caller compares its secret after, and releases the reservation when it was right.
 */
export async function reserve(db: Executor, bucket: string, key: string, limit: number, windowSeconds: number, now: Date): Promise<Reservation | null> {
  const windowMs = windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const row = await db
    .insertInto("rate_limits")
    .values({ bucket, key, window_start: windowStart, count: 1 })
    .onConflict((oc) =>
      oc
        .columns(["bucket", "key", "window_start"])
        .doUpdateSet({ count: sql`rate_limits.count + 1` })
        .where("rate_limits.count", "<", limit),
    )
    .returning("count")
    .executeTakeFirst();
  if (!row) return null;
  let released = false;
  return {
    count: row.count,
    async release() {
      if (released) return;
      released = true;
      await db
        .updateTable("rate_limits")
        .set({ count: sql`greatest(count - 1, 0)` })
        .where("bucket", "=", bucket)
        .where("key", "=", key)
        .where("window_start", "=", windowStart)
        .execute();
    },
  };
}

/** How many attempts are counted in the current window (without counting one). */
export async function peek(db: Executor, bucket: string, key: string, windowSeconds: number, now: Date) {
  const windowMs = windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const row = await db
    .selectFrom("rate_limits")
    .select("count")
    .where("bucket", "=", bucket)
    .where("key", "=", key)
    .where("window_start", "=", windowStart)
    .executeTakeFirst();
  return row?.count ?? 0;
}

/** Whole minutes (at least 1) until the current window ends and its counts no longer hold. */
export function minutesLeftInWindow(windowSeconds: number, now: Date): number {
  const windowMs = windowSeconds * 1000;
  const end = (Math.floor(now.getTime() / windowMs) + 1) * windowMs;
  return Math.max(1, Math.ceil((end - now.getTime()) / 60_000));
}

export async function pruneRateLimits(db: Executor, now: Date) {
  await db.deleteFrom("rate_limits").where("window_start", "<", new Date(now.getTime() - 24 * 3600_000)).execute();
}

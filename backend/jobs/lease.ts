import type { DB } from "../db/index";

/**
 * Leases for background jobs that must not run in two processes at once
 * (docs/decisions/0013-job-leases.md): sending an email or a Tencent message
 * twice cannot be taken back. Each sweep first takes or renews its job's
 * lease with one upsert, a compare-and-set on the row: it succeeds when the
 * lease is free, expired, or already this holder's. A process that dies loses
 * the lease when it expires, and another takes over. No connection is held
 * between statements, so this works on PGlite's one connection as on a pool.
 */

/** How long a lease lasts without renewal: far longer than any sweep's batch. */
export const LEASE_TTL_MS = 60_000;

/** True when `holder` holds `name` until now + ttlMs after this call. */
export async function holdLease(db: DB, name: string, holder: string, now: Date, ttlMs = LEASE_TTL_MS): Promise<boolean> {
  const until = new Date(now.getTime() + ttlMs);
  const row = await db
    .insertInto("job_leases")
    .values({ name, holder, held_until: until })
    .onConflict((oc) =>
      oc
        .column("name")
        .doUpdateSet({ holder, held_until: until })
        .where((eb) => eb.or([eb("job_leases.held_until", "<", now), eb("job_leases.holder", "=", holder)])),
    )
    .returning("name")
    .executeTakeFirst();
  return row !== undefined;
}

/** Gives the lease up (on a clean stop), so another process need not wait for it to expire. */
export async function releaseLease(db: DB, name: string, holder: string): Promise<void> {
  await db.deleteFrom("job_leases").where("name", "=", name).where("holder", "=", holder).execute();
}

import { sql } from "kysely";
import type { Executor } from "../db/index";
import { KeyRingError, keyRank } from "./key-ring";
import { countByKey, resealAll, totalsByKey, type PassOptions, type SealPass } from "./sealed-columns";
import type { SecretBox } from "./secret-box";

/**
 * The keys a database's values are sealed under (table data_keys, migration 030; ADR 0056): each
 * key's check value, when it was first seen, when every value came to be under it (the re-seal is
 * done), and when it was retired. Only check values are stored, never keys.
 */

export interface KeyRecord {
  id: string;
  checkValue: string | null;
  addedAt: Date;
  resealedAt: Date | null;
  retiredAt: Date | null;
}

export async function keyRecords(db: Executor): Promise<KeyRecord[]> {
  const { rows } = await sql<{ id: string; check_value: string | null; added_at: Date; resealed_at: Date | null; retired_at: Date | null }>`
    select id, check_value, added_at, resealed_at, retired_at from data_keys
  `.execute(db);
  return rows
    .map((r) => ({ id: r.id, checkValue: r.check_value, addedAt: new Date(r.added_at), resealedAt: r.resealed_at && new Date(r.resealed_at), retiredAt: r.retired_at && new Date(r.retired_at) }))
    .sort((a, b) => keyRank(b.id) - keyRank(a.id));
}

/**
 * Records the ring's keys, and refuses a ring whose key under some id is not the one this
 * database knows under it (a typo in DATA_KEYS, another deployment's folder): what it sealed no
 * other process could open. `foldersRing`: this ring is the one truth (the data directory's), so a
 * key recorded here but gone from it was retired.
 */
export async function registerKeys(db: Executor, box: SecretBox, opts: { at: Date; foldersRing?: boolean }): Promise<void> {
  const ids = box.keyIds();
  for (const id of ids) {
    await sql`
      insert into data_keys (id, check_value, added_at) values (${id}, ${box.checkValueOf(id)}, ${opts.at})
      on conflict (id) do update set check_value = excluded.check_value, retired_at = null
        where data_keys.check_value is null or data_keys.retired_at is not null and data_keys.check_value = excluded.check_value
    `.execute(db);
  }
  const known = await keyRecords(db);
  const wrong = known.filter((k) => ids.includes(k.id) && k.checkValue !== box.checkValueOf(k.id));
  if (wrong.length > 0) {
    throw new KeyRingError(
      `Key ${wrong.map((k) => k.id).join(", ")} of this process is not the key ${wrong.map((k) => k.id).join(", ")} this database's values are sealed under: check DATA_KEYS (or DATA_DIR/keys).`,
    );
  }
  if (opts.foldersRing) await sql`update data_keys set retired_at = ${opts.at} where retired_at is null and not (id in (${sql.join(ids)}))`.execute(db);
}

/** A key newer than `current` that this database has seen: a process still sealing under `current` is behind. */
export async function newerKeyThan(db: Executor, current: string): Promise<string | undefined> {
  return (await keyRecords(db)).find((k) => keyRank(k.id) > keyRank(current) && k.retiredAt === null)?.id;
}

export async function isResealed(db: Executor, id: string): Promise<boolean> {
  return (await keyRecords(db)).some((k) => k.id === id && k.resealedAt !== null);
}

/** Records that every value is under `id` (kept from the first time). */
export async function markResealed(db: Executor, id: string, at: Date): Promise<void> {
  await sql`update data_keys set resealed_at = ${at} where id = ${id} and resealed_at is null`.execute(db);
}

/** Values under a key other than `current`, per key. */
export const otherThan = (counts: Record<string, number>, current: string): Record<string, number> =>
  Object.fromEntries(Object.entries(counts).filter(([key, n]) => key !== current && n > 0));

export async function markRetired(db: Executor, id: string, at: Date): Promise<void> {
  await sql`update data_keys set retired_at = ${at} where id = ${id}`.execute(db);
}

export interface Rotation {
  pass: SealPass;
  /** Values per key over every sealed column, after the pass. */
  counts: Record<string, number>;
  /** The values still under another key than the current one, per key (none: the rotation is done). */
  left: Record<string, number>;
}

/**
 * One rotation pass: every value under another key is re-sealed under the current one; then the
 * values are counted, and when none is left under another key the current key is recorded as
 * re-sealed. Run it again to finish what a stop, a crash or a process still sealing under an older
 * key left behind.
 */
export async function rotateToCurrent(db: Executor, box: SecretBox, opts: PassOptions & { now: () => Date }): Promise<Rotation> {
  const current = box.currentKeyId;
  const pass = await resealAll(db, box, opts);
  const counts = totalsByKey(await countByKey(db));
  const left = otherThan(counts, current);
  if (Object.keys(left).length === 0) await markResealed(db, current, opts.now());
  return { pass, counts, left };
}

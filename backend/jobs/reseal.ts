import { writeFileSync, renameSync } from "node:fs";
import { join } from "node:path";
import type { Services } from "../http/context";
import { isResealed, markResealed, newerKeyThan, otherThan, registerKeys, rotateToCurrent, type Rotation } from "../security/rotation";
import { countByKey, totalsByKey, type SealPass } from "../security/sealed-columns";
import { holdLease } from "./lease";
import { lineLogger, log as processLog } from "../ops/log";

/**
 * The server's half of a key rotation (ADR 0056). Every sweep it reads the data directory's key
 * ring again (a key `npm run keys:rotate` just added there becomes current), and when its current
 * key is not yet recorded as re-sealed it re-seals every value under another key, batch by batch,
 * renewing its lease as it goes, then records it. A stop or a crash half way loses nothing: the
 * next sweep (or the next start) walks the tables again and finds the rest. It runs in one process
 * at a time (lease "reseal").
 *
 * What it did last is written to DATA_DIR/keys-status.json: the embedded database belongs to the
 * server while it runs, and that file is how `keys:status`, `keys:rotate` and `keys:retire` learn
 * the counts from outside.
 */
export const RESEAL_EVERY_MS = 5_000;
/** A pass that left values it could not open (a retired key) is tried again only this much later. */
export const RESEAL_RETRY_MS = 10 * 60_000;
const STATUS_EVERY_MS = 1_000;
export const RESEAL_LEASE = "reseal";

export const statusFileOf = (dataDir: string) => join(dataDir, "keys-status.json");

/** What keys-status.json holds. */
export interface ResealStatus {
  pid: number;
  updatedAt: number;
  /** The key this server seals under, and its whole ring. */
  current: string;
  ring: string[];
  /** True while a pass runs. */
  running: boolean;
  /** Every value is under the current key (recorded in the database). */
  resealed: boolean;
  /** Values per key, as last counted (at start, and after each pass). */
  counts?: Record<string, number>;
  pass?: SealPass;
  /** A key newer than the current one that the database knows: this process is behind. */
  behind?: string;
}

export function readStatusFile(text: string): ResealStatus | undefined {
  try {
    return JSON.parse(text) as ResealStatus;
  } catch {
    return undefined;
  }
}

export function resealSweep(services: Pick<Services, "db" | "secrets" | "clock" | "config">, holder: string, opts: { foldersRing: boolean; log?: (line: string) => void }) {
  const { db, secrets, clock, config } = services;
  const log = opts.log ?? lineLogger(processLog, "info");
  const file = statusFileOf(config.DATA_DIR);
  let counts: Record<string, number> | undefined;
  let retryAt = 0;
  let lastWrite = 0;
  let warned = "";

  const write = (s: Omit<ResealStatus, "pid" | "updatedAt" | "current" | "ring">) => {
    lastWrite = Date.now();
    const status: ResealStatus = { pid: process.pid, updatedAt: lastWrite, current: secrets.currentKeyId, ring: secrets.keyIds(), ...s };
    try {
      writeFileSync(`${file}.tmp`, JSON.stringify(status, null, 1));
      renameSync(`${file}.tmp`, file);
    } catch (err) {
      log(`[reseal] cannot write ${file}: ${err instanceof Error ? err.message : String(err)}`);
    }
  };

  let sealingUnder = secrets.currentKeyId;
  let ring = secrets.keyIds().join();
  return async function run(): Promise<void> {
    secrets.reload();
    // A new ring (read now, or when a value under a key new to it arrived): this process may have
    // sealed under the old key meanwhile, after another's pass went by, so it walks the tables once.
    const switched = secrets.currentKeyId !== sealingUnder;
    if (switched || secrets.keyIds().join() !== ring) {
      await registerKeys(db, secrets, { at: clock.now(), foldersRing: opts.foldersRing });
      retryAt = 0;
      ring = secrets.keyIds().join();
      sealingUnder = secrets.currentKeyId;
      log(`[reseal] key ${secrets.currentKeyId} is current (keys: ${ring})`);
    }
    const current = secrets.currentKeyId;
    const behind = await newerKeyThan(db, current);
    if (behind) {
      // Never re-seal backwards: another process knows a newer key.
      if (warned !== behind) log(`[reseal] this process seals under key ${current}, but key ${behind} is in use: give it the newer keys and restart it`);
      warned = behind;
      write({ running: false, resealed: false, counts, behind });
      return;
    }
    const resealed = await isResealed(db, current);
    if (counts === undefined || switched) counts = totalsByKey(await countByKey(db));
    if ((resealed && !switched) || Date.now() < retryAt) {
      if (lastWrite === 0 || Date.now() - lastWrite > 60_000) write({ running: false, resealed, counts });
      return;
    }
    // Counted first: a database whose values are all under the current key (a fresh one, the large
    // world seeded with it) is recorded as such without a walk through every table.
    if (Object.keys(otherThan(counts, current)).length === 0) {
      await markResealed(db, current, clock.now());
      write({ running: false, resealed: true, counts });
      return;
    }
    log(`[reseal] re-sealing every value under key ${current}`);
    const r: Rotation = await rotateToCurrent(db, secrets, {
      now: () => clock.now(),
      onBatch: async (pass) => {
        if (!(await holdLease(db, RESEAL_LEASE, holder, clock.now()))) throw new Error("the reseal lease passed to another process");
        if (Date.now() - lastWrite >= STATUS_EVERY_MS) write({ running: true, resealed: false, counts, pass });
      },
    });
    counts = r.counts;
    const left = Object.entries(r.left);
    if (left.length > 0) {
      retryAt = Date.now() + RESEAL_RETRY_MS;
      log(`[reseal] still under other keys: ${left.map(([k, n]) => `${n} under ${k}`).join(", ")}${Object.keys(r.pass.unopenable).length ? " (some cannot be opened: retired keys)" : ""}`);
    } else log(`[reseal] every value is under key ${current} (${r.pass.written} re-sealed)`);
    write({ running: false, resealed: left.length === 0, counts, pass: r.pass });
  };
}

/**
 * The data keys (ADR 0056), on the configured database (DATABASE_URL, or PGlite in DATA_DIR):
 *
 *   npm run keys:status                    values per key, and the ring
 *   npm run keys:rotate [-- --no-wait]     a new current key, and every value re-sealed under it
 *                                          (an unfinished rotation goes on instead; --new-key starts another)
 *   npm run keys:retire -- <id>            a key that holds no value any more leaves the ring
 *
 * rotate: with DATA_DIR/keys (DATA_KEYS unset) it adds the next key there; with DATA_KEYS the
 * current key is the highest listed (give every process the new list first). Then every value
 * under another key is re-sealed in batches, each written by compare-and-set in its own
 * statement, while the servers keep serving; stopped at any point, run it again. On PostgreSQL
 * this process does it beside the servers. The embedded database belongs to its running server:
 * then the server re-seals (backend/jobs/reseal.ts) and this waits for it, reading
 * DATA_DIR/keys-status.json. Exit codes: 0 done, 1 refused or not finished, 2 cannot run.
 */
import { existsSync, readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { readBackendConfig } from "../backend/config";
import { DataDirInUseError } from "../backend/db/data-dir-lock";
import { openConfiguredDatabase, pgliteDir, type Database_ } from "../backend/db/index";
import { readStatusFile, statusFileOf, type ResealStatus } from "../backend/jobs/reseal";
import { addFolderKey, keyFolderOf, KeyRingError, removeFolderKey } from "../backend/security/key-ring";
import { keyRecords, markRetired, newerKeyThan, otherThan, registerKeys, rotateToCurrent } from "../backend/security/rotation";
import { countByKey, totalsByKey, type SealPass } from "../backend/security/sealed-columns";
import { loadSecretBox } from "../backend/security/secret-box";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { "no-wait": { type: "boolean" }, "wait-seconds": { type: "string" }, "new-key": { type: "boolean" } },
});
const [command, id] = positionals;
const USAGE = "usage: npm run keys:status | npm run keys:rotate [-- --no-wait] [--wait-seconds N] [--new-key] | npm run keys:retire -- <key id>";

const config = readBackendConfig();
const secrets = loadSecretBox(config);
const foldersRing = !config.DATA_KEYS;
const ringName = foldersRing ? keyFolderOf(config.DATA_DIR) : "DATA_KEYS";
const waitMs = Number(values["wait-seconds"] ?? 600) * 1000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const n = (x: number) => x.toLocaleString("en-US");

/** Refused, or not finished: what to do is in the message. */
class Refused extends Error {}

function progress() {
  let last = 0;
  return (pass: SealPass, table: string) => {
    if (Date.now() - last < 1000) return;
    last = Date.now();
    console.log(`  ${table}: ${n(pass.written)} values re-sealed so far (${n(pass.scanned)} rows read)`);
  };
}

const describeLeft = (left: Record<string, number>) => Object.entries(left).map(([k, v]) => `${n(v)} under key ${k}`).join(", ");

// ---------------------------------------------------------------- with the database

async function status(database: Database_) {
  const db = database.db;
  const records = await keyRecords(db);
  const counts = await countByKey(db);
  const totals = totalsByKey(counts);
  console.log(`Key ring (${ringName}): ${secrets.keyIds().join(", ")}; key ${secrets.currentKeyId} seals.`);
  const ids = [...new Set([...secrets.keyIds(), ...records.map((r) => r.id), ...Object.keys(totals)])];
  for (const k of ids) {
    const r = records.find((x) => x.id === k);
    const notes = [
      k === secrets.currentKeyId ? "current" : secrets.keyIds().includes(k) ? "in the ring" : "not in the ring",
      r?.resealedAt ? `every value under it since ${r.resealedAt.toISOString()}` : "",
      r?.retiredAt ? `retired ${r.retiredAt.toISOString()}` : "",
    ].filter(Boolean);
    console.log(`  key ${k}: ${n(totals[k] ?? 0)} values (${notes.join("; ")})`);
  }
  for (const c of counts) console.log(`    ${c.table}.${c.column}: ${n(c.n)} under ${c.key}`);
}

async function rotate(database: Database_) {
  const db = database.db;
  await registerKeys(db, secrets, { at: new Date(), foldersRing });
  const newer = await newerKeyThan(db, secrets.currentKeyId);
  if (newer) throw new Refused(`Key ${newer} is newer than this ring's current key ${secrets.currentKeyId}: use the newest keys.`);
  const deadline = Date.now() + waitMs;
  for (;;) {
    const r = await rotateToCurrent(db, secrets, { now: () => new Date(), onBatch: progress() });
    const left = Object.entries(r.left);
    console.log(`Re-sealed ${n(r.pass.written)} values under key ${secrets.currentKeyId}${r.pass.raced ? ` (${n(r.pass.raced)} rows were rewritten meanwhile)` : ""}.`);
    if (left.length === 0) {
      console.log(`Done: every value is under key ${secrets.currentKeyId}. Retire an old key with npm run keys:retire -- <id>.`);
      return;
    }
    const unopenable = left.filter(([k]) => !secrets.keyIds().includes(k));
    if (unopenable.length === left.length) throw new Refused(`These values cannot be opened with this ring, so they stay as they are: ${describeLeft(r.left)}.`);
    if (Date.now() > deadline) {
      throw new Refused(`Still ${describeLeft(r.left)}: a process may still seal under an older key (give every process the new keys), then run npm run keys:rotate again.`);
    }
    console.log(`Still ${describeLeft(r.left)} (written meanwhile by a process that has not switched yet?): again in 5 s.`);
    await sleep(5000);
  }
}

async function retire(database: Database_, key: string) {
  const totals = totalsByKey(await countByKey(database.db));
  const held = totals[key] ?? 0;
  if (held > 0) throw new Refused(`Key ${key} still seals ${n(held)} values: run npm run keys:rotate first.`);
  await markRetired(database.db, key, new Date());
  finishRetire(key);
}

// ---------------------------------------------------------------- while the server holds the embedded database

function serverStatus(): ResealStatus | undefined {
  const file = statusFileOf(config.DATA_DIR);
  return existsSync(file) ? readStatusFile(readFileSync(file, "utf8")) : undefined;
}

function printServerStatus(s: ResealStatus | undefined) {
  if (!s) return console.log("The server has not reported yet (DATA_DIR/keys-status.json): try again in a few seconds.");
  console.log(`The server (pid ${s.pid}) seals under key ${s.current} (ring: ${s.ring.join(", ")}), as of ${new Date(s.updatedAt).toISOString()}.`);
  if (s.behind) console.log(`  It is behind: key ${s.behind} is in use.`);
  if (s.running) console.log(`  Re-sealing now: ${n(s.pass?.written ?? 0)} values so far.`);
  else console.log(s.resealed ? "  Every value is under its current key." : "  Not every value is under its current key yet.");
  for (const [k, v] of Object.entries(s.counts ?? {})) console.log(`  key ${k}: ${n(v)} values`);
}

async function waitForServer() {
  const target = secrets.currentKeyId;
  console.log(`The server running on ${config.DATA_DIR} holds the embedded database: it re-seals the values under key ${target} itself.`);
  if (values["no-wait"]) return console.log("Not waiting: npm run keys:status shows how far it has got.");
  const deadline = Date.now() + waitMs;
  let said = 0;
  for (;;) {
    const s = serverStatus();
    if (s && s.current === target && s.resealed && !s.running) return console.log(`Done: every value is under key ${target}.`);
    if (s?.running && (s.pass?.written ?? 0) !== said) {
      said = s.pass?.written ?? 0;
      console.log(`  ${n(said)} values re-sealed so far`);
    }
    if (Date.now() > deadline) {
      printServerStatus(s);
      throw new Refused(s && s.current !== target ? `The server seals under key ${s.current}, not ${target}: give it the same keys.` : "Not finished yet: the server goes on; npm run keys:status shows how far.");
    }
    await sleep(1000);
  }
}

function retireBeside(key: string) {
  const s = serverStatus();
  if (!s || s.current !== secrets.currentKeyId || !s.resealed || s.running || !s.counts) {
    printServerStatus(s);
    throw new Refused(`The server has not reported that every value is under key ${secrets.currentKeyId}: run npm run keys:rotate first.`);
  }
  const held = s.counts[key] ?? 0;
  if (held > 0) throw new Refused(`Key ${key} still seals ${n(held)} values: run npm run keys:rotate first.`);
  finishRetire(key);
}

function finishRetire(key: string) {
  if (foldersRing) {
    if (secrets.keyIds().includes(key)) removeFolderKey(config.DATA_DIR, key);
    console.log(`Key ${key} is retired: ${keyFolderOf(config.DATA_DIR)}/${key}.key is removed. A value still sealed under it would be refused with a message, never opened.`);
  } else console.log(`Key ${key} holds no value: remove it from DATA_KEYS on every process, and restart them.`);
}

// ---------------------------------------------------------------- main

/**
 * DATA_DIR/keys: a new key, unless the last rotation has not finished (values are still under an
 * older key): then it goes on with the current one, so a stopped rotation is resumed, not doubled.
 */
function newKeyUnless(unfinished: boolean) {
  const folder = keyFolderOf(config.DATA_DIR);
  if (unfinished && !values["new-key"]) {
    console.log(`Key ${secrets.currentKeyId}'s rotation has not finished: it goes on (npm run keys:rotate -- --new-key starts another).`);
    return;
  }
  const added = addFolderKey(config.DATA_DIR);
  secrets.reload();
  console.log(`Key ${added} is current now (${folder}/${added}.key).`);
}

const olderThanCurrent = (counts: Record<string, number>) => Object.keys(otherThan(counts, secrets.currentKeyId)).length > 0;

async function main(): Promise<number> {
  if (command !== "status" && command !== "rotate" && command !== "retire") throw new Refused(USAGE);
  if (command === "retire" && !id) throw new Refused(USAGE);
  if (command === "retire" && id === secrets.currentKeyId) throw new Refused(`Key ${id} is the current key: rotate to a new one first.`);
  if (command === "rotate" && !foldersRing) console.log(`Key ${secrets.currentKeyId}, the highest of DATA_KEYS, seals.`);

  let database: Database_;
  try {
    database = await openConfiguredDatabase(config);
  } catch (err) {
    if (!(err instanceof DataDirInUseError)) throw err;
    const s = serverStatus();
    if (command === "status") printServerStatus(s);
    else if (command === "rotate") {
      if (foldersRing) newKeyUnless(s !== undefined && s.current === secrets.currentKeyId && (s.running || olderThanCurrent(s.counts ?? {})));
      await waitForServer();
    } else retireBeside(id!);
    return 0;
  }
  try {
    if (command === "status") await status(database);
    else if (command === "rotate") {
      if (foldersRing) newKeyUnless(olderThanCurrent(totalsByKey(await countByKey(database.db))));
      await rotate(database);
    } else await retire(database, id!);
  } finally {
    await database.close();
  }
  return 0;
}

main()
  .then((code) => process.exit(code))
  .catch((err: unknown) => {
    if (err instanceof Refused || err instanceof KeyRingError) {
      console.error(err.message);
      process.exit(1);
    }
    console.error(`keys: ${err instanceof Error ? err.message : String(err)} (${config.DATABASE_URL ? "PostgreSQL" : `PGlite in ${pgliteDir(config.DATA_DIR)}`})`);
    process.exit(2);
  });

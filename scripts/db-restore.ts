/**
 * `npm run db:restore -- FILE [--data-dir DIR] [--keys FILE] [--force]` (ADR 0083).
 *
 * Embedded PGlite: opens the backup (`npm run db:backup`) in a folder beside the target, checks it
 * (a marketplace database whose migrations this version knows; its sealed personal data opens with
 * the keys the server will run with: DATA_KEYS, or the target's keys, or those of --keys), and only
 * then renames it into DIR/pglite (DIR: --data-dir, else DATA_DIR). A target that holds a database
 * is refused unless --force; --keys writes the kept secrets that DIR does not hold yet, and refuses
 * one that differs from what DIR holds.
 *
 * PostgreSQL (DATABASE_URL, a new empty database): pg_restore in one transaction, then the same checks.
 * Exit codes: 0 restored, 1 refused, 2 cannot run.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { Kysely, sql } from "kysely";
import { readBackendConfig } from "../backend/config";
import { DataDirInUseError, lockDataDir } from "../backend/db/data-dir-lock";
import { openDatabase, pgliteDir, type DB } from "../backend/db/index";
import { migrationsWith } from "../backend/db/migrations/index";
import { PGliteDialect } from "../backend/db/pglite-dialect";
import type { Database } from "../backend/db/schema";
import { parseDataKeys, type DataKey } from "../backend/security/key-ring";
import { SEALED_COLUMNS } from "../backend/security/sealed-columns";
import { createSecretBox } from "../backend/security/secret-box";
import { keptSecretFiles, parseKeptSecrets, postgresRestoreCommand, Refused, runCommand } from "./db-backup-files";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { "data-dir": { type: "string" }, keys: { type: "string" }, force: { type: "boolean" } },
});
const USAGE = "usage: npm run db:restore -- FILE [--data-dir DIR] [--keys KEYS-FILE] [--force]";
const config = readBackendConfig();
const dataDir = resolve(values["data-dir"] ?? config.DATA_DIR);

/** The kept secrets of --keys, checked against what the target already holds. */
function keptSecretsToWrite(): Record<string, string> {
  if (!values.keys) return {};
  let kept: Record<string, string>;
  try {
    kept = parseKeptSecrets(readFileSync(values.keys, "utf8"));
  } catch (err) {
    throw new Refused(`${values.keys} cannot be used: ${err instanceof Error ? err.message : String(err)}.`);
  }
  const held = keptSecretFiles(dataDir);
  const differ = Object.keys(kept).filter((name) => held[name] !== undefined && held[name] !== kept[name]);
  if (differ.length > 0) throw new Refused(`${dataDir} already holds other ${differ.join(", ")} than ${values.keys}: restore into an empty data directory, or remove those files first.`);
  return Object.fromEntries(Object.entries(kept).filter(([name]) => held[name] === undefined));
}

/**
 * The keys the server will run with on `dataDir` once `toWrite` is there (secret-box.ts
 * loadSecretBox's choice, read without generating anything), or undefined: it would make new ones.
 */
function keysToRunWith(toWrite: Record<string, string>): { root: string; ring: DataKey[]; where: string } | undefined {
  const files = { ...keptSecretFiles(dataDir), ...toWrite };
  const root = config.DATA_ENCRYPTION_KEY ?? files["data-encryption.key"]?.trim();
  if (config.DATA_KEYS) return { root: root ?? "", ring: parseDataKeys(config.DATA_KEYS, root), where: "DATA_KEYS" };
  const ring = Object.entries(files)
    .filter(([name]) => name.startsWith("keys/"))
    .map(([name, secret]) => ({ id: name.slice("keys/".length, -".key".length), secret: secret.trim() }));
  return root && ring.length > 0 ? { root, ring, where: join(dataDir, "keys") } : undefined;
}

/** What a restored database holds, checked: a marketplace database of known migrations whose sealed values open. */
async function check(db: DB, keys: ReturnType<typeof keysToRunWith>): Promise<string> {
  const applied = await sql<{ name: string }>`select name from kysely_migration order by name`
    .execute(db)
    .then((r) => r.rows.map((x) => x.name))
    .catch(() => undefined);
  if (!applied?.length) throw new Refused("The backup holds no marketplace database (it has no migrations table).");
  const known = Object.keys(migrationsWith());
  const unknown = applied.filter((name) => !known.includes(name));
  if (unknown.length > 0) throw new Refused(`The backup was made by a newer version (migrations ${unknown.join(", ")} are unknown here): restore it with that version.`);
  const pending = known.length - applied.length;

  const box = keys && createSecretBox(keys.root, keys.ring);
  let opened = 0;
  for (const spec of SEALED_COLUMNS) {
    const where = "where" in spec ? sql`and (${sql.raw(spec.where)})` : sql``;
    for (const column of spec.columns) {
      const c = sql.ref(column);
      const { rows } = await sql<{ v: string }>`select ${c} as v from ${sql.table(spec.table)} where ${c} like 'v_.%' ${where} limit 1`.execute(db);
      const sealed = rows[0]?.v;
      if (sealed === undefined) continue;
      if (!box) throw new Refused(`The backup holds sealed personal data, and ${dataDir} has no keys to open it with: pass --keys with the file db:backup --keys-out wrote, or set DATA_KEYS and DATA_ENCRYPTION_KEY as the backed-up server had them.`);
      try {
        box.open(sealed);
        opened++;
      } catch (err) {
        throw new Refused(`The keys in ${keys.where} do not open the backup's sealed personal data (${spec.table}.${column}: ${err instanceof Error ? err.message : String(err)}). Restore with the keys the backed-up server had: --keys, or DATA_KEYS and DATA_ENCRYPTION_KEY.`);
      }
    }
  }
  const orders = await db.selectFrom("orders").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return (
    `${orders.n} orders; migrations up to ${applied.at(-1)}${pending > 0 ? ` (${pending} newer ones run when the server starts)` : ""}; ` +
    (opened > 0 ? `${opened} sealed values opened with the keys in ${keys!.where}.` : "no sealed values to check the keys with.")
  );
}

/** Opens PGlite's dump in a folder of its own (the target's sibling, for the rename) and checks it. */
async function restoreEmbedded(file: string) {
  const dbDir = pgliteDir(dataDir);
  let unlock: () => void;
  try {
    unlock = await lockDataDir(dbDir);
  } catch (err) {
    if (err instanceof DataDirInUseError) throw new Refused(`The marketplace is running on ${dataDir}: stop it first, then restore.`);
    throw err;
  }
  const aside = `${dbDir}.restoring-${randomBytes(4).toString("hex")}`;
  try {
    const held = existsSync(dbDir) && readdirSync(dbDir).length > 0;
    if (held && !values.force) throw new Refused(`${dbDir} already holds a database: restore into an empty data directory (--data-dir), or pass --force to replace it.`);
    const toWrite = keptSecretsToWrite();
    const keys = keysToRunWith(toWrite);
    const bytes = readFileSync(file);
    mkdirSync(aside, { recursive: true });
    let pglite: PGlite;
    try {
      pglite = await PGlite.create({ dataDir: aside, loadDataDir: new Blob([new Uint8Array(bytes)]) });
    } catch (err) {
      throw new Refused(`${file} is not a backup that opens (${err instanceof Error ? err.message : String(err)}): nothing was restored.`);
    }
    const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
    let summary: string;
    try {
      summary = await check(db, keys);
    } finally {
      await db.destroy();
      await pglite.close();
    }
    // Checked: now it takes the target's place, by renames on one file system.
    const replaced = `${dbDir}.replaced-${randomBytes(4).toString("hex")}`;
    if (existsSync(dbDir)) renameSync(dbDir, replaced);
    renameSync(aside, dbDir);
    rmSync(replaced, { recursive: true, force: true });
    writeKept(toWrite);
    console.log(`Restored ${file} into ${dbDir}: ${summary}`);
  } finally {
    rmSync(aside, { recursive: true, force: true });
    unlock();
  }
}

function writeKept(toWrite: Record<string, string>) {
  for (const [name, text] of Object.entries(toWrite)) {
    const path = join(dataDir, name);
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    writeFileSync(path, text, { mode: 0o600, flag: "wx" });
  }
  if (Object.keys(toWrite).length > 0) console.log(`Wrote ${Object.keys(toWrite).join(", ")} into ${dataDir}.`);
}

/** pg_restore into an empty database in one transaction, then the same checks on what it holds. */
async function restorePostgres(file: string, databaseUrl: string) {
  const database = await openDatabase({ databaseUrl });
  try {
    const tables = await sql<{ n: number }>`select count(*)::int as n from information_schema.tables where table_schema = current_schema()`.execute(database.db);
    if (tables.rows[0]!.n > 0) throw new Refused("DATABASE_URL names a database that holds tables: restore into a new, empty database (createdb), then point the servers at it.");
    const toWrite = keptSecretsToWrite();
    const { command, args, env } = postgresRestoreCommand(databaseUrl, file);
    if (spawnSync(command, ["--version"]).status !== 0) {
      console.log(`pg_restore is not on PATH. Run, with the password in PGPASSWORD:\n  ${[command, ...args].join(" ")}`);
      return 2;
    }
    const run = spawnSync(command, args, { env: { ...process.env, ...env }, encoding: "utf8" });
    if (run.status !== 0) throw new Refused(`pg_restore refused ${file}; nothing was restored:\n${run.stderr.trim()}`);
    // Restored in one transaction: a check that fails says so, and leaves the database for inspection.
    const summary = await check(database.db, keysToRunWith(toWrite)).catch((err: unknown) => {
      if (err instanceof Refused) throw new Refused(`Restored into DATABASE_URL, but: ${err.message}`);
      throw err;
    });
    writeKept(toWrite);
    console.log(`Restored ${file} into DATABASE_URL: ${summary}`);
  } finally {
    await database.close();
  }
}

await runCommand("Restore", async () => {
  const file = positionals[0];
  if (!file || positionals.length > 1) throw new Refused(USAGE);
  if (!existsSync(file)) throw new Refused(`${file} does not exist.`);
  return config.DATABASE_URL ? restorePostgres(resolve(file), config.DATABASE_URL) : restoreEmbedded(resolve(file));
});

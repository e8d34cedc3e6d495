/**
 * A migrated (and seeded) database made once per test run and copied for every test backend and
 * e2e server, instead of each one creating, migrating and seeding its own (ADR 0038).
 *
 * Why: a fresh PGlite runs initdb inside WebAssembly, 20-40 s on a loaded 2-core machine; loading
 * a dumped data directory takes ~3 s. With ~50 integration backends and ~35 e2e servers per run
 * that was most of CI's time. On PostgreSQL, CREATE DATABASE ... TEMPLATE copies one in a second.
 *
 * The copies are what a fresh start would have built: the same migrations and demo seed (whose
 * only clock use is the relative order of offers and withdrawers), and every backend still runs
 * migrate() and the seed on its copy, which then change nothing. The demo users' password hashes
 * are made at the test cost, as a server under NODE_ENV=test would make them (ADR 0039): the e2e
 * template is built by scripts/test.ts, which is not such a process.
 */
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { migrate, openDatabase, pgliteDir, type OpenOptions } from "../../backend/db/index";
import { seedDemoWorld } from "../../backend/demo/seed";
import { TEST_PASSWORD_COST } from "../../backend/security/passwords";

const seed = (db: Parameters<typeof seedDemoWorld>[0]) => seedDemoWorld(db, { passwordCost: TEST_PASSWORD_COST });

/** Environment variables that carry the templates from a global setup to the test processes. */
export const TEMPLATE_ENV = {
  /** Integration (PGlite in memory): a directory holding migrated.tar and seeded.tar. */
  pgliteDumps: "TEST_PGLITE_TEMPLATES",
  /** E2E on PGlite: a DATA_DIR whose pglite/ is migrated and seeded. */
  dataDir: "E2E_DATA_DIR_TEMPLATE",
  /** E2E on PostgreSQL: the name of a migrated and seeded database on DATABASE_URL's server. */
  database: "E2E_DATABASE_TEMPLATE",
} as const;

// ---- integration: PGlite dumps, loaded into memory ------------------------------------------

/** Builds migrated.tar and seeded.tar in a new temp dir; returns the dir. */
export async function buildPgliteDumps(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "pglite-templates-"));
  const database = await openDatabase({});
  try {
    if (!database.pglite) throw new Error("expected PGlite");
    await migrate(database.db);
    await writeFile(join(dir, "migrated.tar"), Buffer.from(await (await database.pglite.dumpDataDir("none")).arrayBuffer()));
    await seed(database.db);
    await writeFile(join(dir, "seeded.tar"), Buffer.from(await (await database.pglite.dumpDataDir("none")).arrayBuffer()));
  } finally {
    await database.close();
  }
  return dir;
}

/** The dump a test backend starts from, or undefined when no global setup made one. */
export async function pgliteDump(seeded: boolean): Promise<Blob | undefined> {
  const dir = process.env[TEMPLATE_ENV.pgliteDumps];
  const file = dir ? join(dir, seeded ? "seeded.tar" : "migrated.tar") : undefined;
  if (!file || !existsSync(file)) return undefined;
  return new Blob([await readFile(file)]);
}

/**
 * Puts the run's seeded database (ADR 0038) into DATA_DIR `dataDir` for a server process, so its
 * start migrates and seeds nothing (without a global setup the server seeds it itself).
 */
export async function seedDataDirFromDump(dataDir: string): Promise<void> {
  const seeded = await pgliteDump(true);
  if (!seeded) return;
  const db = await openDatabase({ dataDir: pgliteDir(dataDir), loadDataDir: seeded });
  await migrate(db.db);
  await db.close();
}

// ---- e2e: a data directory (PGlite) or a template database (PostgreSQL) ----------------------

/** Opens a database, migrates and seeds it, and closes it again (so its files or name can be copied). */
async function migrateAndSeed(opts: OpenOptions): Promise<void> {
  const database = await openDatabase(opts);
  try {
    await migrate(database.db);
    await seed(database.db);
  } finally {
    await database.close();
  }
}

/** A DATA_DIR whose PGlite is migrated and seeded. */
export async function buildDataDirTemplate(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "e2e-template-"));
  await migrateAndSeed({ dataDir: pgliteDir(dir) });
  return dir;
}

/** Copies the template's database into a server's fresh DATA_DIR (nothing else: keys and blobs stay per server). */
export async function copyDataDirTemplate(template: string, dataDir: string): Promise<void> {
  await cp(pgliteDir(template), pgliteDir(dataDir), { recursive: true });
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export function databaseUrlOf(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A migrated and seeded database `e2e_tpl_<hex>` on baseUrl's server, with no connection left open. */
export async function buildTemplateDatabase(baseUrl: string): Promise<string> {
  const name = `e2e_tpl_${randomBytes(6).toString("hex")}`;
  // The name is ours (hex only), so quoting it directly is safe.
  await adminQuery(baseUrl, `CREATE DATABASE "${name}"`);
  await migrateAndSeed({ databaseUrl: databaseUrlOf(baseUrl, name) });
  return name;
}

export async function dropTemplateDatabase(baseUrl: string, name: string): Promise<void> {
  await adminQuery(baseUrl, `DROP DATABASE IF EXISTS "${name}"`);
}

export async function removeDir(dir: string | undefined): Promise<void> {
  if (dir) await rm(dir, { recursive: true, force: true });
}

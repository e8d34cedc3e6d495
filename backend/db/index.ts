import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { Kysely, Migrator, PostgresDialect, type Transaction } from "kysely";
import pg from "pg";
import { migrations } from "./migrations/index";
import { PGliteDialect } from "./pglite-dialect";
import type { Database } from "./schema";

export type DB = Kysely<Database>;
export type Trx = Transaction<Database>;
/** Functions that work inside or outside a transaction take this. */
export type Executor = DB | Trx;

const INT8 = 20;
const NUMERIC = 1700;

export interface OpenOptions {
  /** postgres:// URL of a real server. */
  databaseUrl?: string;
  /** Folder for PGlite's files; "memory://" (or undefined with memory: true) keeps it in memory. */
  dataDir?: string;
  /** Start PGlite from a dumped data directory (tests use a migrated template). */
  loadDataDir?: Blob;
  /** Run only in this schema (tests against a shared PostgreSQL server). */
  schema?: string;
}

export interface Database_ {
  db: DB;
  kind: "pglite" | "postgres";
  /** The raw PGlite (for dumps in tests); undefined on PostgreSQL. */
  pglite?: PGlite;
  close(): Promise<void>;
}

export async function openDatabase(opts: OpenOptions): Promise<Database_> {
  if (opts.databaseUrl) {
    pg.types.setTypeParser(INT8, (v) => Number(v));
    pg.types.setTypeParser(NUMERIC, (v) => Number(v));
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      ...(opts.schema ? { options: `-c search_path=${opts.schema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: "postgres", close: () => db.destroy() };
  }
  let dataDir = opts.dataDir ?? "memory://";
  if (!dataDir.startsWith("memory://")) {
    dataDir = resolve(dataDir);
    mkdirSync(dataDir, { recursive: true });
  }
  const pglite = await PGlite.create({
    dataDir,
    loadDataDir: opts.loadDataDir,
    parsers: { [INT8]: (v: string) => Number(v), [NUMERIC]: (v: string) => Number(v) },
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return {
    db,
    kind: "pglite",
    pglite,
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}

export function pgliteDir(dataDir: string) {
  return join(dataDir, "pglite");
}

/** Migrate to the latest. `schema`: keep Kysely's bookkeeping tables in that schema too
 * (tests run side by side in their own schemas on one server). */
export async function migrate(db: DB, opts: { schema?: string } = {}) {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(opts.schema ? { migrationTableSchema: opts.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === "Error");
    throw new Error(`Migration ${failed?.migrationName ?? "?"} failed: ${String(error)}`);
  }
  return results ?? [];
}

/** Run fn in a transaction; every balance change and status move goes through here. */
export function transaction<T>(db: DB, fn: (trx: Trx) => Promise<T>): Promise<T> {
  return db.transaction().execute(fn);
}

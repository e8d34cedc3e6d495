import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { Kysely, Migrator, PostgresDialect, sql, type LogEvent, type Transaction } from "kysely";
import pg from "pg";
import { migrationsWith, type MigrationContext } from "./migrations/index";
import type { BackendConfig } from "../config";
import { lockDataDir } from "./data-dir-lock";
import { PGliteDialect } from "./pglite-dialect";
import type { Database } from "./schema";
import { createWriteWatch, type WriteWatch } from "./write-watch";

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
  /** Told of every statement with its duration (the metrics, backend/ops/metrics.ts); never given to anything that logs SQL text. */
  log?: (event: LogEvent) => void;
}

/**
 * PostgreSQL's LISTEN/NOTIFY, for telling other processes on the same database
 * (the chat bus, modules/chat/bus.ts). Channels are per schema, so test runs side
 * by side on one server never hear each other.
 */
export interface Notifications {
  /**
   * Calls `onPayload` with every notification on `channel`, this process's own
   * included. On PostgreSQL a dedicated connection listens; when it is lost it
   * reconnects every second and then calls `onReconnect` (what was sent meanwhile
   * is gone); `onDisconnect` runs as soon as it is lost. Resolves, once listening,
   * with the way to stop.
   */
  listen(channel: string, onPayload: (payload: string) => void, onReconnect?: () => void, onDisconnect?: () => void): Promise<() => Promise<void>>;
  /** Sends `payload` (at most 8000 bytes) to every listener of `channel`. */
  notify(channel: string, payload: string): Promise<void>;
}

export interface Database_ {
  db: DB;
  kind: "pglite" | "postgres";
  notifications: Notifications;
  /** The tables this process's own statements write, as they run (the catalog cache's read-your-writes). */
  writes: WriteWatch;
  /** The raw PGlite (for dumps in tests); undefined on PostgreSQL. */
  pglite?: PGlite;
  /** PostgreSQL's connection pool (its counts are metrics); undefined on PGlite. */
  pool?: pg.Pool;
  close(): Promise<void>;
}

/**
 * PGlite's own start parameters plus a small shared buffer pool (ADR 0084). PostgreSQL's default
 * of 128 MB is zeroed at start, so all of it was resident in every process that embeds PGlite (the
 * WASM memory then grew to 189 MB). The embedded database is tens of MB and its files sit in the
 * kernel's page cache anyway: 16 MB of buffers cost no measurable time and save about 130 MB.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"];

export async function openDatabase(opts: OpenOptions): Promise<Database_> {
  const writes = createWriteWatch();
  if (opts.databaseUrl) {
    pg.types.setTypeParser(INT8, (v) => Number(v));
    pg.types.setTypeParser(NUMERIC, (v) => Number(v));
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      ...(opts.schema ? { options: `-c search_path=${opts.schema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [writes.plugin], log: opts.log });
    return { db, kind: "postgres", writes, pool, notifications: pgNotifications(db, opts.databaseUrl, opts.schema), close: () => db.destroy() };
  }
  let dataDir = opts.dataDir ?? "memory://";
  let unlock = () => {};
  if (!dataDir.startsWith("memory://")) {
    dataDir = resolve(dataDir);
    mkdirSync(dataDir, { recursive: true });
    unlock = await lockDataDir(dataDir);
  }
  let pglite: PGlite;
  try {
    pglite = await PGlite.create({
      dataDir,
      loadDataDir: opts.loadDataDir,
      startParams: PGLITE_START_PARAMS,
      parsers: { [INT8]: (v: string) => Number(v), [NUMERIC]: (v: string) => Number(v) },
    });
  } catch (err) {
    unlock();
    throw err;
  }
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite), plugins: [writes.plugin], log: opts.log });
  return {
    db,
    kind: "pglite",
    writes,
    pglite,
    notifications: {
      async listen(channel, onPayload) {
        const stop = await pglite.listen(channel, onPayload);
        return async () => stop();
      },
      notify: (channel, payload) => notify(db, channel, payload),
    },
    close: async () => {
      await db.destroy();
      await pglite.close();
      unlock();
    },
  };
}

async function notify(db: DB, channel: string, payload: string) {
  await sql`select pg_notify(${channel}, ${payload})`.execute(db);
}

/** LISTEN on a connection of its own (a pooled one may go back to the pool), reconnecting. */
function pgNotifications(db: DB, databaseUrl: string, schema: string | undefined): Notifications {
  const scoped = (channel: string) => (schema ? `${channel}_${schema}` : channel);
  return {
    async listen(channel, onPayload, onReconnect, onDisconnect) {
      const name = scoped(channel);
      if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`bad channel name ${name}`);
      let stopped = false;
      let client: pg.Client | undefined;
      const connect = async (): Promise<void> => {
        const c = new pg.Client({ connectionString: databaseUrl });
        c.on("notification", (n) => {
          if (n.channel === name) onPayload(n.payload ?? "");
        });
        c.on("error", () => undefined); // "end" follows; handled there.
        c.on("end", () => {
          // Only a listener that was up reconnects here; a failed attempt is retried by retry().
          if (stopped || client !== c) return;
          client = undefined;
          onDisconnect?.();
          setTimeout(() => void retry(), 1000).unref?.();
        });
        try {
          await c.connect();
          await c.query(`listen "${name}"`);
        } catch (err) {
          await c.end().catch(() => undefined);
          throw err;
        }
        if (stopped) {
          await c.end().catch(() => undefined);
          return;
        }
        client = c;
      };
      const retry = async () => {
        if (stopped) return;
        try {
          await connect();
          onReconnect?.();
        } catch {
          setTimeout(() => void retry(), 1000).unref?.();
        }
      };
      await connect();
      return async () => {
        stopped = true;
        await client?.end().catch(() => undefined);
      };
    },
    notify: (channel, payload) => notify(db, scoped(channel), payload),
  };
}

export function pgliteDir(dataDir: string) {
  return join(dataDir, "pglite");
}

/** The database the configuration names: DATABASE_URL, or embedded PGlite in DATA_DIR/pglite. */
export function openConfiguredDatabase(config: Pick<BackendConfig, "DATABASE_URL" | "DATA_DIR">, extra: Pick<OpenOptions, "log"> = {}): Promise<Database_> {
  return openDatabase(config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL, ...extra } : { dataDir: pgliteDir(config.DATA_DIR), ...extra });
}

/** Migrate to the latest. `schema`: keep Kysely's bookkeeping tables in that schema too
 * (tests run side by side in their own schemas on one server). `secrets`: the server's box, which
 * migration 030 seals the personal data already stored with (ADR 0056). */
export async function migrate(db: DB, opts: { schema?: string } & MigrationContext = {}) {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrationsWith({ secrets: opts.secrets }) },
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

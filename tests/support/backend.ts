import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { CallRequest, ClientPath } from "../../contract/index";
import { createBackend } from "../../backend/app";
import { readBackendConfig } from "../../backend/config";
import { migrate, openDatabase } from "../../backend/db/index";
import { seedDemoWorld } from "../../backend/demo/seed";
import { createCatalogCache } from "../../backend/modules/catalog/cache";
import type { Clock } from "../../backend/http/context";
import type { Metrics } from "../../backend/ops/metrics";
import { createSecretBox, type SecretBox } from "../../backend/security/secret-box";

/** The test backend's root secret: its box (one key derived from it) seals and opens secrets. */
export const TEST_DATA_KEY = "test-key";
import { pgliteDump } from "./db-template";
import type { Logger } from "../../backend/ops/log";

/**
 * A real backend on a real database for integration tests: PGlite in memory,
 * or a fresh schema on the PostgreSQL server of DATABASE_URL. Migrated and
 * seeded with the demo world. Calls go through the same Fetch handler the HTTP
 * server uses.
 */
export class TestClock implements Clock {
  constructor(public t = Date.parse("2026-11-21T10:00:00Z")) {}
  now() {
    return new Date(this.t);
  }
  advance(ms: number) {
    this.t += ms;
  }
}

export interface Envelope<T = any> {
  code: number;
  msg?: string;
  data?: T;
  encrypt?: string;
}

/**
 * Kysely's migrator reads the server's whole catalogue (every schema's tables); a schema another
 * test process drops meanwhile makes that read fail with "schema t_… does not exist". Migrations
 * hold this advisory lock shared, a drop holds it alone.
 */
const SCHEMA_DROP_LOCK = 4_242_017;

/** Runs `fn` on a connection of its own to the server, closed afterwards. */
async function withAdmin<T>(databaseUrl: string, fn: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

export async function createTestBackend(opts: { env?: Record<string, string>; seed?: boolean; secrets?: SecretBox; metrics?: Metrics; logger?: Logger } = {}) {
  const secrets = opts.secrets ?? createSecretBox(TEST_DATA_KEY);
  const databaseUrl = process.env.DATABASE_URL;
  const schema = databaseUrl ? `t_${randomBytes(6).toString("hex")}` : undefined;
  if (databaseUrl && schema) await withAdmin(databaseUrl, (admin) => admin.query(`create schema ${schema}`));
  const seed = opts.seed !== false;
  const log = opts.metrics?.queryLog;
  const database = await openDatabase(databaseUrl ? { databaseUrl, schema, log } : { loadDataDir: await pgliteDump(seed), log });
  opts.metrics?.watchPool(database.pool);
  // On a loaded dump (ADR 0038) both find their work done.
  if (databaseUrl) {
    await withAdmin(databaseUrl, async (admin) => {
      await admin.query("select pg_advisory_lock_shared($1)", [SCHEMA_DROP_LOCK]);
      await migrate(database.db, { schema, secrets }); // the lock goes with the connection
    });
  } else {
    await migrate(database.db, { schema, secrets });
  }
  if (seed) await seedDemoWorld(database.db);
  const clock = new TestClock();
  const config = readBackendConfig({
    NODE_ENV: "test",
    DATA_DIR: mkdtempSync(join(tmpdir(), "mkt-test-")),
    DEMO_BOTS: "off",
    // Failed sign-ins answer at full speed here; the tests of the slowdown set it (ADR 0055).
    LOGIN_SLOWDOWN_MS: "0",
    ...opts.env,
  });
  // The catalog cache as the server runs it, so every integration test also checks it is never stale.
  const catalog = createCatalogCache(database.db, database.notifications, database.writes, () => {});
  const backend = createBackend({ db: database.db, config, clock, secrets, log: () => {}, catalog, metrics: opts.metrics, logger: opts.logger });

  async function raw(path: string, body?: unknown, init: { token?: string; ip?: string; method?: string; timeZone?: string; device?: string; userAgent?: string } = {}): Promise<Response> {
    const headers = new Headers({ "content-type": "application/json" });
    if (init.token) headers.set("Authorization", init.token);
    // The device, as the web tier forwards its signed per-browser id (ADR 0055).
    if (init.device) headers.set("IMEI", init.device);
    // The user's zone, as the web tier forwards it from the tz cookie (ADR 0022).
    if (init.timeZone) headers.set("time-zone", init.timeZone);
    // The browser, as the web tier forwards its User-Agent (ADR 0055).
    if (init.userAgent) headers.set("x-client-user-agent", init.userAgent);
    headers.set("IPv4", init.ip ?? "10.0.0.1");
    return backend.handle(
      new Request(`http://test${path}`, {
        method: init.method ?? "POST",
        headers,
        body: (init.method ?? "POST") === "GET" ? undefined : typeof body === "string" ? body : JSON.stringify(body ?? {}),
      }),
      { trusted: true },
    );
  }

  async function call<P extends ClientPath>(path: P, body?: CallRequest<P> | Record<string, unknown>, init: { token?: string; ip?: string; timeZone?: string; device?: string; userAgent?: string } = {}): Promise<Envelope> {
    const res = await raw(`/client${path}`, body, init);
    return (await res.json()) as Envelope;
  }

  async function login(loginName: string, loginPwd = "demo1234", type: "EMAIL" | "MOBILE" = "EMAIL") {
    const res = await call("/userAuth/login", { loginName, loginPwd, type });
    if (res.code !== 1) throw new Error(`login ${loginName} failed: ${res.msg}`);
    return res.data.token as string;
  }

  async function latestCode(to: string, type?: string): Promise<string> {
    const rows = await database.db.selectFrom("outbox").select(["code", "type"]).where("recipient", "=", to).orderBy("id", "desc").execute();
    const row = rows.find((r) => !type || r.type === type);
    if (!row?.code) throw new Error(`no code sent to ${to}`);
    return row.code;
  }

  return {
    db: database.db,
    kind: database.kind,
    notifications: database.notifications,
    /** The schema this backend runs in on a shared PostgreSQL (undefined on PGlite). */
    schema,
    backend,
    clock,
    config,
    call,
    raw,
    login,
    latestCode,
    async close() {
      await catalog.close();
      await database.close();
      if (databaseUrl && schema) {
        await withAdmin(databaseUrl, async (admin) => {
          await admin.query("select pg_advisory_lock($1)", [SCHEMA_DROP_LOCK]);
          await admin.query(`drop schema ${schema} cascade`);
        });
      }
    },
  };
}

export type TestBackend = Awaited<ReturnType<typeof createTestBackend>>;

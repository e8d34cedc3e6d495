/**
 * Starts the real application (server.ts, from the run's bundle: server-bundle.ts) for an e2e test
 * file, on a free port, with its own data directory and, when DATABASE_URL is
 * set, its own fresh PostgreSQL database.
 *
 *   const server = await startServer();            // in beforeAll
 *   await page.goto(`${server.url}/home`);
 *   await server.stop();                            // in afterAll
 *
 * Set E2E_SERVER_LOG=1 to stream the server's output to the test's stderr.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { TEMPLATE_ENV, copyDataDirTemplate, databaseUrlOf } from "../../support/db-template";
import { SERVER_BUNDLE_ENV, SERVER_NODE_ARGS } from "./server-bundle";
import { plainProcessEnv } from "../../support/process-env";

/** The repository root (where server.ts lives): three levels above this file. */
export const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

const HEALTH_POLL_MS = 250;
// A loaded 2-core machine has taken 105 s to open PGlite, migrate and seed: stay inside the 180 s hook.
const HEALTH_TIMEOUT_MS = 170_000;
const STOP_GRACE_MS = 10_000;
/** How much of the server's output to keep for error messages. */
const OUTPUT_LIMIT = 64 * 1024;

export interface StartedServer {
  /** Base URL without a trailing slash, e.g. http://127.0.0.1:40123: where a browser goes. */
  url: string;
  /** Where the backend answers /client, /merchant, /admin and /dev calls: `url` itself, except
   * when the web tier runs on the edge (E2E_WEB_TIER=edge), which serves no such call. */
  apiUrl: string;
  /** Stops the server (SIGTERM, SIGKILL after 10 s) and removes its data dir and database. */
  stop(): Promise<void>;
  /** The server's DATA_DIR (a fresh temp dir). */
  dataDir: string;
  /** The last 64 KiB of the server's stdout and stderr, for debugging a failed test. */
  output(): string;
  /** The PostgreSQL database this server runs on (undefined on PGlite): pass it as
   * env.DATABASE_URL to start a second process on the same database (migrated and
   * seeded already, so that start changes nothing; its stop leaves the database alone). */
  databaseUrl?: string;
  /** The backend's process id (the bench reads its CPU time). */
  pid: number;
}

export interface StartServerOptions {
  /** Extra environment for the server; wins over the defaults. */
  env?: Record<string, string>;
  /** Another checkout to run server.ts from (the bench's base commit); this one by default. */
  cwd?: string;
}

/** Asks the OS for a free TCP port: listen on port 0, read it, close. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error("could not read a free port"))));
    });
  });
}

/** Runs one statement on the server that `url` points to, then disconnects. */
async function adminQuery(url: string, sql: string, params: unknown[] = []): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql, params);
  } finally {
    await client.end();
  }
}

/** Creates `e2e_<random>` on the DATABASE_URL server; returns its name and URL. */
export async function createTestDatabase(baseUrl: string): Promise<{ name: string; url: string }> {
  const name = `e2e_${randomBytes(6).toString("hex")}`;
  // A copy of the run's migrated and seeded template when the global setup made one (ADR 0038).
  const template = process.env[TEMPLATE_ENV.database];
  // The names are ours (hex only), so quoting them directly is safe.
  await adminQuery(baseUrl, template ? `CREATE DATABASE "${name}" TEMPLATE "${template}"` : `CREATE DATABASE "${name}"`);
  return { name, url: databaseUrlOf(baseUrl, name) };
}

/** Drops a test database, ending any connection the server left open first. */
export async function dropTestDatabase(baseUrl: string, name: string): Promise<void> {
  await adminQuery(
    baseUrl,
    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
    [name],
  );
  await adminQuery(baseUrl, `DROP DATABASE IF EXISTS "${name}"`);
}

/** Resolves when the child has exited (at once if it already has). */
function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A child process of ours, started and healthy (GET /healthz answered 200). */
interface HealthyChild {
  stop(): Promise<void>;
  output(): string;
  pid: number;
}

/** How node starts a script of ours: server.ts from the run's bundle when there is one (ADR 0042). */
function nodeArgs(script: string, cwd: string): string[] {
  const bundle = cwd === REPO_ROOT ? process.env[SERVER_BUNDLE_ENV] : undefined;
  return script === "server.ts" && bundle ? [...SERVER_NODE_ARGS, bundle] : ["--import", "tsx", script];
}

/** Spawns `script` under node (nodeArgs) and waits for `${url}/healthz`; fails fast if it exits first. */
async function spawnHealthy(script: string, url: string, env: NodeJS.ProcessEnv, label: string, cwd = REPO_ROOT): Promise<HealthyChild> {
  // Its own process group: a kill reaches what it started too (the edge's workerd).
  const child = spawn(process.execPath, nodeArgs(script, cwd), {
    cwd,
    env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const kill = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      child.kill(signal); // the group is gone already
    }
  };

  // Keep the tail of the output (stderr separately, for the start-up error).
  let output = "";
  let stderr = "";
  const streamLog = process.env.E2E_SERVER_LOG === "1";
  child.stdout!.on("data", (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_LIMIT);
    if (streamLog) process.stderr.write(`[${label}] ${chunk}`);
  });
  child.stderr!.on("data", (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_LIMIT);
    stderr = (stderr + chunk.toString()).slice(-OUTPUT_LIMIT);
    if (streamLog) process.stderr.write(`[${label}] ${chunk}`);
  });

  // Never leave a server behind if the test process dies without stop().
  const killOnExit = () => kill("SIGKILL");
  process.once("exit", killOnExit);

  let stopped: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopped ??= (async () => {
      process.off("exit", killOnExit);
      if (child.exitCode === null && child.signalCode === null) {
        kill("SIGTERM");
        const timer = setTimeout(() => kill("SIGKILL"), STOP_GRACE_MS);
        await exited(child);
        clearTimeout(timer);
      }
    })();
    return stopped;
  };

  let exitedEarly = false;
  let exitReason = "";
  child.once("exit", (code, signal) => {
    exitedEarly = true;
    exitReason = signal ? `signal ${signal}` : `exit code ${code}`;
  });
  child.once("error", (err) => {
    exitedEarly = true;
    exitReason = `could not start: ${err.message}`;
  });

  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  try {
    for (;;) {
      if (exitedEarly) {
        throw new Error(`${script} exited before it was healthy (${exitReason}). stderr:\n${stderr || "(empty)"}`);
      }
      try {
        const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5_000) });
        await res.arrayBuffer(); // drain, so the socket is released
        if (res.status === 200) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        throw new Error(`${script} did not answer 200 on /healthz within ${HEALTH_TIMEOUT_MS / 1000} s. output:\n${output || "(empty)"}`);
      }
      await sleep(HEALTH_POLL_MS);
    }
  } catch (err) {
    await stop().catch(() => {});
    throw err;
  }
  return { stop, output: () => output, pid: child.pid! };
}

/**
 * E2E_WEB_TIER=edge (scripts/test.ts): the same suites against the web tier on workerd.
 * The server is then two processes: the backend alone on Node (WEB_TIER=off) and the edge build
 * (npm run build:edge) in miniflare in front of it; `url` is the edge, `apiUrl` the backend.
 * A suite that starts its own web tier (CLIENT_API_URL set) gets Node as it asked.
 */
export const onEdge = () => process.env.E2E_WEB_TIER === "edge";

/** Both halves of an edge server share it, as a deployment would: every envelope crosses encrypted. */
export const EDGE_RESPONSE_KEY = "e2e-edge-response-key";
/** And this: the backend believes the browser address the edge forwards (its per-IP limits). */
const EDGE_WEB_TIER_SECRET = "e2e-edge-web-tier-secret";

export async function startServer(opts: StartServerOptions = {}): Promise<StartedServer> {
  const edge = onEdge() && !opts.env?.CLIENT_API_URL;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(join(tmpdir(), "e2e-data-"));
  // PGlite: a copy of the run's migrated and seeded template (ADR 0038), unless this server was
  // pointed at a database of its own.
  const dataTemplate = process.env[TEMPLATE_ENV.dataDir];
  if (dataTemplate && !process.env.DATABASE_URL && !opts.env?.DATABASE_URL && !opts.env?.DATA_DIR) await copyDataDirTemplate(dataTemplate, dataDir);

  // A fresh database per server when the run targets a real PostgreSQL.
  const baseDbUrl = opts.env?.DATABASE_URL ? undefined : process.env.DATABASE_URL;
  const database = baseDbUrl ? await createTestDatabase(baseDbUrl) : undefined;

  // Pass the test runner's environment through, minus vitest's own markers,
  // so the server behaves like a plain process.
  const inherited = plainProcessEnv();
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    PORT: String(port),
    DATA_DIR: dataDir,
    NODE_ENV: "test",
    DEMO_BOTS: "off",
    LOGIN_SLOWDOWN_MS: "0",
    SESSION_SECRET: "test-secret",
    // A suite stops its server with nothing in flight: the drain would only wait for the idle
    // kept-alive sockets of the runner's fetches and the browser (up to 5 s each stop; ADR 0082).
    DRAIN_TIMEOUT_MS: "500",
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...(edge ? { WEB_TIER: "off", HOST: "127.0.0.1", RESPONSE_ENCRYPTION_KEY: EDGE_RESPONSE_KEY, WEB_TIER_SECRET: EDGE_WEB_TIER_SECRET } : {}),
    ...opts.env,
  };

  const removeData = async () => {
    await rm(dataDir, { recursive: true, force: true });
    if (baseDbUrl && database) await dropTestDatabase(baseDbUrl, database.name);
  };
  let backend: HealthyChild;
  try {
    backend = await spawnHealthy("server.ts", url, env, "server", opts.cwd);
  } catch (err) {
    await removeData().catch(() => {});
    throw err;
  }

  let web: HealthyChild | undefined;
  let webUrl = url;
  if (edge) {
    const edgePort = await freePort();
    webUrl = `http://127.0.0.1:${edgePort}`;
    try {
      web = await spawnHealthy("scripts/edge-web-tier.ts", webUrl, { ...env, PORT: String(edgePort), CLIENT_API_URL: url }, "edge");
    } catch (err) {
      await backend.stop().catch(() => {});
      await removeData().catch(() => {});
      throw err;
    }
  }

  let stopped: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopped ??= (async () => {
      await web?.stop();
      await backend.stop();
      await removeData();
    })();
    return stopped;
  };
  const output = () => (web ? `${backend.output()}\n--- edge web tier ---\n${web.output()}` : backend.output());
  return { url: webUrl, apiUrl: url, stop, dataDir, output, databaseUrl: env.DATABASE_URL, pid: backend.pid };
}

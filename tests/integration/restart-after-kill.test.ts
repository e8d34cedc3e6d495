/**
 * A server killed with kill -9 in a container comes back when the container restarts it
 * (ADR 0054). The container is a new pid namespace (`unshare --pid --fork --mount-proc`), so the
 * restarted server is pid 1 again: the very pid its dead predecessor wrote in the lock. It must
 * see that the lock is not its own and take it over; the books must then still balance
 * (`ledger:check`). While a server is alive, a second one in a namespace of its own (a second
 * container on the same volume) and `ledger:check` from outside (the host) are refused with the
 * lock's message, though neither can see its process.
 *
 * Needs root (a new pid namespace); skipped with the reason otherwise. PGlite only: PostgreSQL
 * has locking of its own.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { migrate, openDatabase, pgliteDir } from "../../backend/db/index";
import { freePort, REPO_ROOT } from "../e2e/support/server";
import { pgliteDump } from "../support/db-template";
import { plainProcessEnv } from "../support/process-env";

const HEALTH_TIMEOUT_MS = 170_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Why this machine cannot run the test, or undefined when it can. */
function cannotRun(): string | undefined {
  if (process.env.DATABASE_URL) return "DATABASE_URL is set: PostgreSQL has its own locking, this tests PGlite's lock file";
  const probe = spawnSync("unshare", ["--pid", "--fork", "--mount-proc", "true"], { encoding: "utf8" });
  if (probe.error) return `unshare cannot run here (${probe.error.message})`;
  if (probe.status !== 0) return `a new pid namespace is not permitted here (not root?): ${probe.stderr.trim()}`;
  return undefined;
}

/** What the child printed, for assertions and failure messages. */
function collect(child: ChildProcess) {
  const out = { stdout: "", stderr: "" };
  child.stdout!.on("data", (c: Buffer) => (out.stdout += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (out.stderr += c.toString()));
  return out;
}

const exitOf = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve(child.exitCode)
    : new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

/** The environment a server or command of ours gets: the test's, minus vitest's markers and any database URL. */
function envFor(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const inherited = plainProcessEnv({ withoutDatabaseUrl: true });
  return { ...inherited, DATA_DIR: dataDir, NODE_ENV: "test", DEMO_BOTS: "off", WEB_TIER: "off", ...extra };
}

interface Contained {
  /** The unshare process (in our namespace). */
  unshare: ChildProcess;
  /** node's pid as seen from here (it is 1 inside its namespace, where it ignores signals sent from inside). */
  nodePid: number;
  output: { stdout: string; stderr: string };
}

/** Starts `node server.ts` as pid 1 of a new pid namespace, as a container does. */
async function startContained(dataDir: string, port: number): Promise<Contained> {
  const unshare = spawn("unshare", ["--pid", "--fork", "--mount-proc", "--kill-child", process.execPath, "--import", "tsx", "server.ts"], {
    cwd: REPO_ROOT,
    env: envFor(dataDir, { PORT: String(port) }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = collect(unshare);
  let nodePid = 0;
  for (let i = 0; i < 100 && !nodePid && unshare.exitCode === null; i++) {
    nodePid = Number(readText(`/proc/${unshare.pid}/task/${unshare.pid}/children`)?.split(" ")[0]) || 0;
    if (!nodePid) await sleep(50);
  }
  return { unshare, nodePid, output };
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8").trim();
  } catch {
    return undefined;
  }
}

/** Resolves once GET /healthz answers 200; fails, with the server's output, if it exits first. */
async function healthy(server: Contained, port: number): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  for (;;) {
    if (server.unshare.exitCode !== null || server.unshare.signalCode !== null) {
      throw new Error(`server.ts exited before it was healthy (${server.unshare.exitCode ?? server.unshare.signalCode}):\n${server.output.stderr}`);
    }
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(5_000) });
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`no 200 on /healthz within ${HEALTH_TIMEOUT_MS / 1000} s:\n${server.output.stderr}`);
    await sleep(250);
  }
}

/** `npm run ledger:check` on `dataDir`, from this (the outer) namespace. */
async function ledgerCheck(dataDir: string) {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/ledger-check.ts"], { cwd: REPO_ROOT, env: envFor(dataDir), stdio: ["ignore", "pipe", "pipe"] });
  const output = collect(child);
  return { code: await exitOf(child), ...output };
}

const lockOf = (dataDir: string) => JSON.parse(readFileSync(`${pgliteDir(dataDir)}.lock`, "utf8")) as { pid: number; start: string };

const reason = cannotRun();
const started: Contained[] = [];
let dataDir: string | undefined;

afterAll(() => {
  for (const s of started) if (s.unshare.exitCode === null && s.unshare.signalCode === null && s.nodePid) process.kill(s.nodePid, "SIGKILL");
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("the embedded database after kill -9 in a container", () => {
  it("comes back on restart with the same pid, refuses a second owner meanwhile, and its books balance", async (ctx) => {
    if (reason) ctx.skip(reason);
    dataDir = mkdtempSync(join(tmpdir(), "restart-after-kill-"));
    // The run's migrated and seeded database (ADR 0038) when there is one: the server's own start
    // then migrates and seeds nothing, and the test stays about the lock.
    const seeded = await pgliteDump(true);
    if (seeded) {
      const db = await openDatabase({ dataDir: pgliteDir(dataDir), loadDataDir: seeded });
      await migrate(db.db);
      await db.close();
    }

    const port = await freePort();
    const t0 = Date.now();
    const first = await startContained(dataDir, port);
    started.push(first);
    expect(first.nodePid).toBeGreaterThan(0);
    await healthy(first, port);
    const firstStart = Date.now() - t0;
    const lock = lockOf(dataDir);
    expect(lock.pid).toBe(1); // pid 1 of its namespace

    // A second container on the same volume (its own namespace, where pid 1 is itself), and
    // ledger:check from the host (where pid 1 is another process): both refused.
    const second = await startContained(dataDir, await freePort());
    started.push(second);
    const [secondCode, beside] = await Promise.all([exitOf(second.unshare), ledgerCheck(dataDir)]);
    const message = `The embedded database in ${pgliteDir(dataDir)} is in use by process 1. Stop that process, or give this one its own DATA_DIR`;
    expect(second.output.stderr).toContain(message);
    expect(secondCode).toBe(1);
    expect(beside.stderr).toContain(message);
    expect(beside.code).toBe(2);

    process.kill(first.nodePid, "SIGKILL");
    await exitOf(first.unshare);
    expect(lockOf(dataDir)).toEqual(lock); // a kill -9 leaves its lock behind

    const t1 = Date.now();
    const restarted = await startContained(dataDir, port);
    started.push(restarted);
    await healthy(restarted, port);
    const restart = Date.now() - t1;
    const taken = lockOf(dataDir);
    expect(taken.pid).toBe(1); // the dead owner's pid
    expect(taken.start).not.toBe(lock.start);

    process.kill(restarted.nodePid, "SIGTERM");
    await exitOf(restarted.unshare);
    expect(existsSync(`${pgliteDir(dataDir)}.lock`)).toBe(false);
    const books = await ledgerCheck(dataDir);
    expect(books.stderr).toBe("");
    expect(books.code).toBe(0);
    expect(books.stdout).toContain("OK:");
    console.log(`restart-after-kill: first start ${firstStart} ms (${seeded ? "from the seeded template" : "fresh PGlite"}), restart after kill -9 ${restart} ms`);
  }, 400_000);
});

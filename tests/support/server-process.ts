/**
 * A real `node server.ts` as a child process on a port of its own, for the tests that signal it
 * (tests/integration/drain.test.ts): start it, wait until /readyz answers, send it SIGTERM, read
 * what it printed and how it exited.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { REPO_ROOT } from "../e2e/support/server";
import { plainProcessEnv } from "./process-env";

const READY_TIMEOUT_MS = 170_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code (null after a signal) once it has exited. */
  exited: Promise<number | null>;
}

/** The test runner's environment minus vitest's markers and any database URL, plus `env`. */
export function serverEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const inherited = plainProcessEnv({ withoutDatabaseUrl: true });
  return { ...inherited, NODE_ENV: "test", DEMO_BOTS: "off", LOGIN_SLOWDOWN_MS: "0", ...env };
}

export function startServerProcess(port: number, env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    cwd: REPO_ROOT,
    env: serverEnv({ ...env, PORT: String(port), HOST: "127.0.0.1" }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let text = "";
  child.stdout!.on("data", (c: Buffer) => (text += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (text += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  process.once("exit", () => child.kill("SIGKILL"));
  return { child, url: `http://127.0.0.1:${port}`, output: () => text, exited };
}

/** Resolves once GET /readyz answers 200; fails, with its output, if the process exits first. */
export async function untilReady(server: ServerProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) throw new Error(`server.ts exited before it was ready:\n${server.output()}`);
    try {
      const res = await fetch(`${server.url}/readyz`, { signal: AbortSignal.timeout(5_000) });
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`no 200 on /readyz within ${READY_TIMEOUT_MS / 1000} s:\n${server.output()}`);
    await sleep(200);
  }
}

/** SIGKILL, for clean-up after a failed test. */
export function killIfRunning(server: ServerProcess | undefined): void {
  if (server && server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGKILL");
}

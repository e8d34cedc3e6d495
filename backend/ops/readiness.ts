import { sql } from "kysely";
import type { DB } from "../db/index";
import { migrations } from "../db/migrations/index";

/**
 * GET /readyz (docs/decisions/0082-readiness-and-drain.md): may this process take traffic?
 * 200 "ready" when its database answers within a short timeout, holds this code's latest
 * migration, and the process is not draining; else 503 with one word: "draining",
 * "database" or "migrations" ("backend" for a web tier alone whose backend is not ready). /healthz ("ok") only says the process is alive.
 */

export type NotReady = "draining" | "database" | "migrations" | "backend";
export type Verdict = { ready: true } | { ready: false; reason: NotReady };

/** How long the database gets to answer before the process counts as not ready. */
export const READY_DB_TIMEOUT_MS = 2_000;
/** A web tier alone asks its backend at most this often. */
export const READY_REMOTE_CACHE_MS = 1_000;

/** The newest migration this code knows (their names sort in order: NNN-name). */
export const LATEST_MIGRATION = Object.keys(migrations).sort().at(-1)!;

export interface Readiness {
  check(): Promise<Verdict>;
  /** From now on every check answers "draining" (SIGTERM). */
  drain(): void;
  readonly draining: boolean;
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timeout")), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

function readiness(probe: () => Promise<Verdict>): Readiness {
  let draining = false;
  return {
    async check() {
      if (draining) return { ready: false, reason: "draining" };
      const verdict = await probe();
      return draining ? { ready: false, reason: "draining" } : verdict;
    },
    drain() {
      draining = true;
    },
    get draining() {
      return draining;
    },
  };
}

/**
 * A process with the backend: one query answers both questions. "Holds the latest" rather than
 * "its latest is ours": during a rolling deploy the new release migrates first (additive
 * migrations), and the old processes still serving must not all turn unready at that moment.
 */
export function databaseReadiness(db: DB, timeoutMs = READY_DB_TIMEOUT_MS): Readiness {
  return readiness(async () => {
    let found: boolean;
    try {
      const { rows } = await withTimeout(sql<{ name: string }>`select name from kysely_migration where name = ${LATEST_MIGRATION}`.execute(db), timeoutMs);
      found = rows.length === 1;
    } catch (err) {
      // No migration table at all is a database that answered: not migrated.
      if (/kysely_migration/.test(err instanceof Error ? err.message : "")) return { ready: false, reason: "migrations" };
      return { ready: false, reason: "database" };
    }
    return found ? { ready: true } : { ready: false, reason: "migrations" };
  });
}

/** A web tier alone (CLIENT_API_URL): ready when its backend's /readyz says so, asked at most once a second. */
export function remoteReadiness(backendUrl: string, fetchImpl: typeof fetch = fetch, cacheMs = READY_REMOTE_CACHE_MS): Readiness {
  let cached: { at: number; verdict: Promise<Verdict> } | undefined;
  const ask = async (): Promise<Verdict> => {
    try {
      const res = await fetchImpl(new URL("/readyz", backendUrl), { signal: AbortSignal.timeout(READY_DB_TIMEOUT_MS) });
      await res.arrayBuffer();
      return res.status === 200 ? { ready: true } : { ready: false, reason: "backend" };
    } catch {
      return { ready: false, reason: "backend" };
    }
  };
  return readiness(() => {
    const now = Date.now();
    if (!cached || now - cached.at >= cacheMs) cached = { at: now, verdict: ask() };
    return cached.verdict;
  });
}

/** The answer: 200 "ready" or 503 with the reason, never cached by anything in between. */
export async function readyzResponse(r: Readiness): Promise<{ status: number; body: string; headers: Record<string, string> }> {
  const verdict = await r.check();
  const headers = { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" };
  return verdict.ready ? { status: 200, body: "ready", headers } : { status: 503, body: verdict.reason, headers };
}

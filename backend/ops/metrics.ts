/**
 * The process's metrics in the Prometheus text format (docs/decisions/0080-metrics.md): one
 * prom-client Registry per process (never the library's global one, so several backends in one
 * test process keep their own counts), with Node's own process metrics on it.
 *
 * Label values come only from fixed sets: a call's defined path (an unknown path is "unknown"),
 * a web-tier route id, an envelope code, a status class, a status name. Never a URL, an id, a
 * user or anything a caller typed, so the page stays small and carries no personal data.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { LogEvent } from "kysely";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { CallAnswer } from "../app";
import { LOOPBACK_ADDRESSES } from "../config";
import type { CatalogCache } from "../modules/catalog/cache";
import type { Services } from "../http/context";
import { fastCounter, fastHistogram } from "./metrics-fast";
import { storeGauges, STORE_TTL_MS } from "./metrics-store";

const PREFIX = "marketplace_";
/** Seconds: from a catalogue read answered from memory (~0.1 ms) to a slow page (10 s). */
const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10];
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1];
export const UNKNOWN = "unknown";

type AnswerCall = (path: string, call: never, peer: never) => Promise<CallAnswer>;

/** What a pg Pool says of itself (PGlite has one connection and no pool). */
export interface PoolStats {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

export interface MetricsOptions {
  /** How long the database-counted gauges (orders, withdrawals, timers, outboxes) are kept between scrapes. */
  storeTtlMs?: number;
}

export type Metrics = ReturnType<typeof createMetrics>;


export function createMetrics(opts: MetricsOptions = {}) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const callSeconds = fastHistogram(registry, `${PREFIX}call_duration_seconds`, "Backend calls (/client, /merchant, /admin) by defined call path: count and time to answer.", "call", REQUEST_BUCKETS);
  const callErrors = new Counter({
    name: `${PREFIX}call_errors_total`,
    help: "Backend calls answered with an envelope code other than 1, by code and call path.",
    labelNames: ["call", "code"],
    registers: [registry],
  });
  const routeSeconds = fastHistogram(registry, `${PREFIX}route_duration_seconds`, "Web-tier requests by Remix route id (the leaf route, or the one ?_data names): count and time to answer.", "route", REQUEST_BUCKETS);
  const responses = fastCounter(registry, `${PREFIX}http_responses_total`, "Answers by tier (backend calls, web-tier routes) and HTTP status class.", ["tier", "class"]);
  const querySeconds = new Histogram({
    name: `${PREFIX}db_query_duration_seconds`,
    help: "Database statements: count and time, failed ones included.",
    buckets: QUERY_BUCKETS,
    registers: [registry],
  });
  /** A tier's status-class counters by hundreds, each made on first use (a lookup by string cost 2 µs a call). */
  const byClass = (tier: string) => {
    const kept: Array<{ inc(): void } | undefined> = [];
    return (status: number) => {
      const hundreds = Math.floor(status / 100);
      return (kept[hundreds] ??= responses.series(tier, `${hundreds}xx`));
    };
  };
  const backendClass = byClass("backend");
  const webClass = byClass("web");
  const queryErrors = new Counter({ name: `${PREFIX}db_query_errors_total`, help: "Database statements that failed.", registers: [registry] });


  return {
    registry,

    /** answerCall, counted: `known(path)` says whether a path is a defined call (else it counts as "unknown"). */
    measureCalls<F extends AnswerCall>(answerCall: F, known: (path: string) => boolean): F {
      return (async (path: string, incoming: never, peer: never) => {
        const started = performance.now();
        const answer = await answerCall(path, incoming, peer);
        const call = known(path) ? path : UNKNOWN;
        callSeconds.series(call).observe((performance.now() - started) / 1000);
        if (answer.code !== undefined) callErrors.labels(call, String(answer.code)).inc();
        backendClass(answer.status).inc();
        return answer;
      }) as F;
    },

    /** One web-tier request answered: `route` is a route id (or UNKNOWN). */
    observeRoute(route: string, status: number, seconds: number) {
      routeSeconds.series(route).observe(seconds);
      webClass(status).inc();
    },

    /** Kysely's `log` option (db/index.ts OpenOptions.log): every statement's time, never its text. */
    queryLog(event: LogEvent) {
      querySeconds.observe(event.queryDurationMillis / 1000);
      if (event.level === "error") queryErrors.inc();
    },

    /** A pg Pool's connections in use, idle and waited for, read at each scrape. */
    watchPool(pool: PoolStats | undefined) {
      if (!pool) return;
      new Gauge({
        name: `${PREFIX}db_pool_connections`,
        help: "PostgreSQL pool connections by state: in_use, idle, and callers waiting for one.",
        labelNames: ["state"],
        registers: [registry],
        collect() {
          this.set({ state: "in_use" }, pool.totalCount - pool.idleCount);
          this.set({ state: "idle" }, pool.idleCount);
          this.set({ state: "waiting" }, pool.waitingCount);
        },
      });
    },

    /** Open chat WebSockets, read at each scrape. */
    watchSockets(open: () => number) {
      new Gauge({
        name: `${PREFIX}chat_websockets_open`,
        help: "Chat WebSocket connections open on this process.",
        registers: [registry],
        collect() {
          this.set(open());
        },
      });
    },

    /** What the backend's database and catalogue cache hold: orders, withdrawals, timers, outboxes, cache reads. */
    watchBackend(services: Pick<Services, "db" | "clock" | "catalog">) {
      storeGauges(registry, PREFIX, services, opts.storeTtlMs ?? STORE_TTL_MS);
      watchCatalog(services.catalog);
    },

    /** The page. */
    text: () => registry.metrics(),
  };

  function watchCatalog(catalog: CatalogCache) {
    // Counted by the cache itself (two integers); the counter takes the difference at each scrape.
    const seen = { hit: 0, miss: 0 };
    new Counter({
      name: `${PREFIX}catalog_cache_reads_total`,
      help: "Catalogue reads by result: hit (answered from memory) or miss (loaded from the database).",
      labelNames: ["result"],
      registers: [registry],
      collect() {
        const now = { hit: catalog.stats.hits, miss: catalog.stats.misses };
        for (const result of ["hit", "miss"] as const) {
          this.inc({ result }, now[result] - seen[result]);
          seen[result] = now[result];
        }
      },
    });
  }
}

/** The socket's own address is loopback (never a header: a proxy's X-Forwarded-For is the browser's claim). */
export function isLoopback(address: string | undefined): boolean {
  return address !== undefined && LOOPBACK_ADDRESSES.includes(address);
}

const digest = (s: string) => createHash("sha256").update(s).digest();

/** `Authorization: Bearer <token>` matches, compared in constant time (over digests: equal lengths). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/i.exec(header ?? "")?.[1]?.trim();
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

/**
 * GET /metrics on this process's own port: to a loopback peer, and to any other only with the
 * bearer METRICS_TOKEN when that is set. Everyone else gets the 404 any unknown path gets
 * (ADR 0080: a scanner learns nothing; nginx in front answers /metrics 404 itself).
 */
export function metricsEndpoint(metrics: Pick<Metrics, "text" | "registry">, token: string | undefined) {
  return {
    take: (req: IncomingMessage) => req.url === "/metrics" || req.url?.startsWith("/metrics?") === true,
    async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
      const allowed = req.method === "GET" && (isLoopback(req.socket.remoteAddress) || (token !== undefined && token !== "" && bearerMatches(req.headers.authorization, token)));
      if (!allowed) {
        res.writeHead(404, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" }).end("Not Found");
        return;
      }
      try {
        const body = await metrics.text();
        res.writeHead(200, { "content-type": metrics.registry.contentType, "cache-control": "no-store" }).end(body);
      } catch (err) {
        // A collect that failed (the database away): the scrape fails visibly, the process goes on.
        res.writeHead(500, { "content-type": "text/plain; charset=utf-8" }).end(`metrics failed: ${err instanceof Error ? err.message : String(err)}`);
      }
    },
  };
}

import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { Server as NetServer } from "node:net";

/**
 * The HTTP side of a drain (docs/decisions/0082-readiness-and-drain.md): on SIGTERM the process
 * stops listening (a proxy's next connect is refused, so it tries another process, safe even
 * for a POST because nothing was sent), every response still to come says `Connection: close`,
 * and the requests in flight finish. A kept-alive connection that is idle is left for its
 * client to close: the proxy's upstream keepalive_timeout (deploy/nginx.conf, 4 s) is shorter
 * than ours (KEEP_ALIVE_MS), so a request is never sent on a socket we are closing. What is
 * still open at the limit is cut, and that is logged.
 */

/** Node's idle keep-alive timeout, set on the server: longer than the proxy's upstream one. */
export const KEEP_ALIVE_MS = 5_000;
/** DRAIN_TIMEOUT_MS: how long the requests in flight get. */
export const DEFAULT_DRAIN_TIMEOUT_MS = 20_000;

export function drainTimeoutMs(env: Record<string, string | undefined> = process.env): number {
  const ms = Number(env.DRAIN_TIMEOUT_MS);
  return Number.isFinite(ms) && ms > 0 ? ms : DEFAULT_DRAIN_TIMEOUT_MS;
}

export interface Drainer {
  /** Requests being answered now. */
  readonly inFlight: number;
  /** Resolves when every connection has ended, or at `limitMs` after cutting the rest. */
  drain(limitMs: number, log: (line: string) => void): Promise<{ cut: number; ms: number }>;
}

export function drainable(server: Server): Drainer {
  const open = new Set<ServerResponse>();
  let draining = false;
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // First of the 'request' listeners: it sees the response before anything is written.
  server.prependListener("request", (_req: IncomingMessage, res: ServerResponse) => {
    if (draining) res.setHeader("Connection", "close");
    open.add(res);
    res.once("close", () => open.delete(res));
  });
  return {
    get inFlight() {
      return open.size;
    },
    async drain(limitMs, log) {
      const started = Date.now();
      draining = true;
      for (const res of open) if (!res.headersSent) res.setHeader("Connection", "close");
      // net.Server's close, not http.Server's: that one also closes the idle kept-alive sockets
      // at once, racing a request the proxy may be sending on one of them right now.
      const ended = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<"late">((resolve) => {
        timer = setTimeout(() => resolve("late"), limitMs);
      });
      const outcome = await Promise.race([ended.then(() => "ended" as const), late]);
      clearTimeout(timer);
      let cut = 0;
      if (outcome === "late") {
        cut = open.size;
        log(`[drain] limit of ${limitMs} ms reached: ${cut} request(s) still in flight cut`);
        server.closeAllConnections();
      }
      return { cut, ms: Date.now() - started };
    },
  };
}

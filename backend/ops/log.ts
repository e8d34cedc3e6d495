/**
 * The process's one logger (ADR 0081): JSON lines on stdout (pino), pretty in development
 * (NODE_ENV=development or LOG_FORMAT=pretty), LOG_LEVEL to choose how much.
 *
 * What is logged is chosen field by field: a request line holds its id, tier, method, route (a
 * route id or a defined call path, never a raw URL), status, envelope code, duration and user id.
 * Never a body, a header set or a query string. `redact` below is only the second line of defence.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { createRequire } from "node:module";
import pino, { type DestinationStream, type Logger } from "pino";
import { REQUEST_ID_HEADER, acceptedRequestId, newRequestId, type RequestNote } from "../../contract/request-id";

export type { Logger };

/**
 * Keys that could ever hold a secret, at the top of a line or on a logged error (whose own fields
 * pino copies): censored if logged by mistake. Exact paths only: a wildcard path ("*.token") cost
 * about 45 µs a line, more than the call it logs.
 */
const SECRET_KEYS = ["authorization", "cookie", "headers", "body", "input", "token", "password", "loginPwd", "tradePwd", "payPassword", "tradePassword", "cardCode", "cardCodes", "secret", "totpSecret", "otp"];
export const REDACTED_PATHS = SECRET_KEYS.flatMap((key) => [key, `err.${key}`]);

export interface LoggerOptions {
  /** Where lines go (tests capture them); stdout by default. */
  destination?: DestinationStream;
  level?: string;
  pretty?: boolean;
}

export function createLogger(opts: LoggerOptions = {}): Logger {
  const options = {
    level: opts.level ?? "info",
    base: { pid: process.pid },
    redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
  };
  if (opts.pretty && !opts.destination) {
    // Loaded only when asked for: a production process never holds the pretty printer.
    const pretty = createRequire(import.meta.url)("pino-pretty") as (o: object) => DestinationStream;
    return pino(options, pretty({ colorize: true, translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" }));
  }
  return opts.destination ? pino(options, opts.destination) : pino(options);
}

/** The process's logger, from the environment. */
export const log: Logger = createLogger({
  // Silent under vitest unless asked for: tests capture the lines they look at (a destination).
  level: process.env.LOG_LEVEL || (process.env.VITEST ? "silent" : "info"),
  pretty: process.env.LOG_FORMAT === "pretty" || (process.env.NODE_ENV === "development" && process.env.LOG_FORMAT !== "json"),
});

/** A `(line) => void` reporter (what the jobs, chat and adapters take) writing at `level`. */
export const lineLogger = (logger: Logger = log, level: "info" | "warn" | "error" = "error") => (line: string) => logger[level](line);

/** One request's line (ADR 0081): the same fields on both tiers. */
export interface RequestLine {
  reqId: string;
  tier: "web" | "backend";
  method: string;
  /** The Remix route id or a path template (web), the defined call path (backend). */
  route: string;
  status: number;
  /** The envelope's code, for calls. */
  code?: number;
  ms: number;
  userId?: number;
}

export function logRequest(logger: Logger, line: RequestLine): void {
  logger.info(line, "request");
}

/** Paths the web tier's own line skips: the backend's (it logs them itself) and the probes. */
const NOT_WEB = /^\/(client|merchant|admin|blob|dev|chat|files\/avatar)\/|^\/(healthz|readyz|metrics)$/;

/**
 * The web tier's line per request on Node (server.ts): the request's id (a trusted proxy's
 * X-Request-Id, else a new one) is put in `res.locals.requestNote` for the load context, sent back
 * as X-Request-Id, and logged with the Remix route id when the response ends. `observe` gets the
 * same route, status and time (the metrics' per-route histogram, ADR 0080): one route match per
 * request feeds both.
 */
export function webRequestLog(
  logger: Logger,
  opts: {
    trustedProxy: (address: string) => boolean;
    routeOf: (pathname: string, dataRoute: string | null) => string;
    observe?: (route: string, status: number, seconds: number) => void;
  },
) {
  return (req: IncomingMessage & { path?: string }, res: ServerResponse & { locals: Record<string, unknown> }, next: () => void) => {
    const started = performance.now();
    const given = opts.trustedProxy(req.socket.remoteAddress ?? "") ? acceptedRequestId(req.headers[REQUEST_ID_HEADER] as string | undefined) : undefined;
    const note: RequestNote = { reqId: given ?? newRequestId() };
    res.locals.requestNote = note;
    res.setHeader(REQUEST_ID_HEADER, note.reqId);
    const url = new URL(req.url ?? "/", "http://web.internal");
    if (!NOT_WEB.test(url.pathname)) {
      res.once("close", () => {
        const route = publicFile(url.pathname) ?? opts.routeOf(url.pathname, url.searchParams.get("_data"));
        const status = res.writableFinished ? res.statusCode : 499;
        const ms = performance.now() - started;
        logRequest(logger, { reqId: note.reqId, tier: "web", method: req.method ?? "GET", route, status, ms: Math.round(ms * 10) / 10, userId: note.userId });
        opts.observe?.(route, status, ms / 1000);
      });
    }
    next();
  };
}

/** A static file's path template (the build's hashed files, public/'s files). */
const publicFile = (pathname: string): string | undefined => (pathname.startsWith("/build/") ? "/build/*" : /\/[^/]+\.[a-z0-9]+$/i.test(pathname) ? "static file" : undefined);

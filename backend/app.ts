import { randomUUID } from "node:crypto";
import { ZodError, type z } from "zod";
import { calls, staffCalls, type CallDef } from "../contract/index";
import { Code } from "../contract/envelope";
import { AMOUNT_TOO_LARGE, MoneyRangeError } from "../contract/money";
import type { BackendConfig } from "./config";
import { devOutbox } from "./adapters/outbox";
import type { BlobStore } from "./adapters/blob-store";
import { openBlobStore } from "./adapters/blob-store-factory";
import { openPriceFeed, type PriceFeed } from "./adapters/price-feed";
import { openBankResolver, type BankResolver } from "./adapters/bank-resolver";
import { DEMO_KNOWN_ACCOUNTS } from "./demo/bank-directory";
import type { DB } from "./db/index";
import { handlers } from "./handlers";
import { AVATAR_URL_PREFIX } from "./modules/images/keys";
import { serveAvatar, serveBlob } from "./modules/images/serve";
import type { ChatBus } from "./modules/chat/bus";
import { watchRateAlerts } from "./modules/rate-alerts/watch";
import { isSharedCatalogValue, uncachedCatalog, type CatalogCache } from "./modules/catalog/cache";
import { createChatService, type ChatService } from "./modules/chat/service";
import { ApiError, notLoggedIn, unexpectedAnswer } from "./http/errors";
import { requireRole, systemClock, type CallContext, type Clock, type Services } from "./http/context";
import { encryptData } from "./http/response-crypto";
import { requireTwoFactorForDesk } from "./modules/two-factor/policy";
import { jsonResponse as json, jsonTextResponse as jsonText } from "./http/json-response";
import type { Metrics } from "./ops/metrics";

import { clientIp, trustedSender, type HeaderReader, type Peer } from "./http/ip";
import { REQUEST_ID_HEADER, acceptedRequestId, newRequestId } from "../contract/request-id";
import { lineLogger, log as processLog, logRequest, type Logger } from "./ops/log";
import { loadSecretBox, type SecretBox } from "./security/secret-box";
import { sessionOf, tokenFromHeader } from "./security/tokens";

/** A failure's answer: its code is kept beside the body for the metrics (ops/metrics.ts) and the log line, never re-read from it. */
const answer = (value: { code: number; msg: string; data?: unknown }, status = 200): CallAnswer => ({ status, body: JSON.stringify(value), code: value.code });

/**
 * A /client, /merchant or /admin call as its transport hands it over: a Fetch Request (handle), or
 * Node's own request read directly (server.ts's fast path for small JSON calls, which skips the
 * Request and Response objects; ADR 0032).
 */
export interface IncomingCall {
  method: string;
  headers: HeaderReader;
  text(): Promise<string>;
  formData(): Promise<FormData>;
}

/** A call's answer: always JSON, never cached (json-response.ts NO_STORE_JSON). */
export interface CallAnswer {
  status: number;
  body: string;
  /** The body is the catalogue's shared answer, the same string for every caller until a write. */
  reusable?: boolean;
  /** The envelope's code (for the request's log line). */
  code?: number;
  /** The request's id (ADR 0081): the web tier's when it sent one, else the backend's own; sent back as X-Request-Id. */
  requestId?: string;
}

export interface Backend {
  /** The Fetch-style handler: serves /client/*, and /dev/outbox outside production. */
  handle(request: Request, peer?: Peer): Promise<Response>;
  /** One call, without Fetch objects: `path` is the request's path (/client/…, /merchant/…, /admin/…). */
  answerCall(path: string, call: IncomingCall, peer?: Peer): Promise<CallAnswer>;
  /** The built-in chat service (HTTP under /chat/, and the WebSocket: modules/chat/ws.ts). */
  chat: ChatService;
  services: Services;
}

export interface BackendOptions {
  db: DB;
  config: BackendConfig;
  clock?: Clock;
  secrets?: SecretBox;
  /** Image storage; by default the one the config chooses (local encrypted files or S3 SSE-C). */
  blobs?: BlobStore;
  /** BTC/USDT prices; by default the one the config chooses (offline feed, or PRICE_FEED_URL). */
  prices?: PriceFeed;
  /** Account holders' names; by default the one the config chooses (the demo banks, or BANK_RESOLVE_URL). */
  bankResolver?: BankResolver;
  /** Where one line per request and unhandled errors go (ADR 0081); the process's logger by default. */
  logger?: Logger;
  /** Where the adapters' and the chat's errors are reported (the logger's error level by default); never receives request bodies. */
  log?: (line: string) => void;
  /** How the chat tells other processes of receipts and new messages; in-memory by default (one process). */
  chatBus?: ChatBus;
  /** The catalogue cache (createCatalogCache on the database's notifications); none by default. */
  catalog?: CatalogCache;
  /** The process's metrics (ops/metrics.ts): every call counted and timed, the store's gauges; none by default. */
  metrics?: Metrics;
}

/** A path as its log line names it: the chat API's defined names as they are, other paths by their template (no ids, keys or names of files). */
function pathTemplate(pathname: string): string {
  if (/^\/chat\/api\/[A-Za-z]+$/.test(pathname) || pathname === "/dev/outbox") return pathname;
  const prefix = ["/blob/", AVATAR_URL_PREFIX, "/chat/"].find((p) => pathname.startsWith(p));
  return prefix ? `${prefix.replace(/\/$/, "")}/*` : "unknown";
}

/** The first problem, in the words the spec gives for the field. */
function firstIssue(err: ZodError): string {
  const issue = err.issues[0];
  if (!issue) return "Request error";
  // zod's bare "Required" only: a schema's own required_error is the spec's message for the field.
  if (issue.code === "invalid_type" && issue.received === "undefined" && issue.message === "Required") {
    const field = issue.path.join(".");
    return field ? `${field} is required.` : "Request body is required.";
  }
  return issue.message;
}

export function createBackend(opts: BackendOptions): Backend {
  const logger = opts.logger ?? processLog;
  const log = opts.log ?? lineLogger(logger);
  const services: Services = {
    db: opts.db,
    config: opts.config,
    clock: opts.clock ?? systemClock,
    secrets: opts.secrets ?? loadSecretBox(opts.config),
    blobs: opts.blobs ?? openBlobStore(opts.config),
    prices: opts.prices ?? openPriceFeed(opts.config),
    bankResolver: opts.bankResolver ?? openBankResolver(opts.config, DEMO_KNOWN_ACCOUNTS, log),
    catalog: opts.catalog ?? uncachedCatalog,
  };
  const chat = createChatService(services, { log, bus: opts.chatBus });
  // Rate alerts weighed after every catalogue change this process hears (ADR 0071).
  watchRateAlerts(services);
  // One table keyed by the path each call is served at: /client calls under /client,
  // staff calls (/merchant/*, /admin/*) at exactly their own path.
  const byPath = handlers as unknown as Record<string, (input: unknown, ctx: CallContext) => Promise<unknown>>;
  // sharedBodies: per call, the catalog cache's values it answered (the same object until a write,
  // then a new one) with their envelope checked and serialized once. Not when responses are
  // encrypted (a fresh IV each time).
  type Entry = { def: CallDef; handler: (input: unknown, ctx: CallContext) => Promise<unknown>; sharedBodies: WeakMap<object, string> };
  const registry = new Map<string, Entry>();
  const entry = (def: CallDef, path: string): Entry => ({ def, handler: byPath[path]!, sharedBodies: new WeakMap() });
  for (const [path, def] of Object.entries(calls) as [string, CallDef][]) registry.set(`/client${path}`, entry(def, path));
  for (const [path, def] of Object.entries(staffCalls) as [string, CallDef][]) registry.set(path, entry(def, path));

  function envelope(data: unknown) {
    const key = services.config.RESPONSE_ENCRYPTION_KEY;
    return key ? { code: Code.OK, encrypt: encryptData(data, key) } : { code: Code.OK, data };
  }

  async function readInput(request: IncomingCall, def: CallDef): Promise<unknown> {
    if (def.upload) {
      // A body that is not multipart (or is malformed) is the caller's mistake, not a server error.
      const form = await request.formData().catch(() => {
        throw new ApiError(Code.INVALID, "Request body must be multipart form data.");
      });
      const out: Record<string, unknown> = {};
      for (const [k, v] of form.entries()) out[k] = v;
      return out;
    }
    const text = await request.text();
    if (!text.trim()) return {};
    try {
      return JSON.parse(text);
    } catch {
      throw new ApiError(Code.INVALID, "Request body must be JSON.");
    }
  }

  /** One call, timed and logged as one line with its request id (ADR 0081). */
  async function answerOneCall(path: string, request: IncomingCall, peer?: Peer): Promise<CallAnswer> {
    const started = performance.now();
    const reqId = requestIdOf(request, peer);
    const seen: { userId?: number } = {};
    const result = await answerOnce(path, request, peer, reqId, seen);
    result.requestId = reqId;
    logRequest(logger, {
      reqId,
      tier: "backend",
      method: request.method,
      // A path no call is defined at is not repeated (it is the caller's text): "unknown".
      route: registry.has(path) ? path : "unknown",
      status: result.status,
      code: result.code,
      ms: Math.round((performance.now() - started) * 10) / 10,
      userId: seen.userId,
    });
    return result;
  }

  /** The web tier's id when it is our own web tier (or a trusted proxy) that sent it, else a new one. */
  function requestIdOf(request: { headers: HeaderReader }, peer?: Peer): string {
    const given = acceptedRequestId(request.headers.get(REQUEST_ID_HEADER));
    return given && trustedSender(request, peer, services.config) ? given : newRequestId();
  }

  async function answerOnce(path: string, request: IncomingCall, peer: Peer | undefined, reqId: string, seen: { userId?: number }): Promise<CallAnswer> {
    const entry = registry.get(path);
    if (!entry) return answer({ code: Code.NOT_FOUND, msg: `Error in request address: ${path}` }, 404);
    if (request.method !== "POST") return answer({ code: Code.INVALID, msg: "Use POST." }, 405);
    const { def, handler, sharedBodies } = entry;
    const now = services.clock.now();
    const token = tokenFromHeader(request.headers.get("authorization"));
    const ctx: CallContext = { ...services, now, ip: clientIp(request, peer, services.config), headers: request.headers, token };
    try {
      // A call that never sees the user does not look the token up (contract/define.ts Auth).
      if (token && def.auth !== "none") {
        const { user, endedBecause } = await sessionOf(services.db, token, now);
        ctx.user = user;
        seen.userId = user?.id;
        ctx.signedOutBecause = endedBecause;
      }
      if (def.auth === "user" && !ctx.user) throw notLoggedIn(ctx.signedOutBecause);
      if (def.auth === "business" || def.auth === "withdrawer" || def.auth === "admin") {
        requireRole(ctx, def.auth);
        // A role that must have two-factor on uses its desk only once it is (ADR 0057).
        await requireTwoFactorForDesk(ctx, def.auth);
      }
      const raw = await readInput(request, def);
      const parsed = (def.request as z.ZodTypeAny).safeParse(raw ?? {});
      if (!parsed.success) throw new ApiError(Code.INVALID, firstIssue(parsed.error));
      const result = await handler(parsed.data, ctx);
      const shared = !services.config.RESPONSE_ENCRYPTION_KEY && isSharedCatalogValue(result) ? result : undefined;
      const known = shared && sharedBodies.get(shared);
      if (known) return { status: 200, body: known, reusable: true, code: Code.OK };
      // The response schema is the contract: it also strips anything a query selected by mistake.
      const out = (def.response as z.ZodTypeAny).safeParse(result);
      if (!out.success) {
        logger.error({ reqId, route: path }, `[backend] ${path}: response does not match the contract: ${out.error.issues.slice(0, 3).map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`);
        return answer({ code: Code.INTERNAL, msg: "Server internal error" });
      }
      const body = JSON.stringify(envelope(out.data));
      if (shared) sharedBodies.set(shared, body);
      return { status: 200, body, reusable: Boolean(shared), code: Code.OK };
    } catch (err) {
      if (err instanceof ApiError) return answer(err.data === undefined ? { code: err.code, msg: err.message } : { code: err.code, msg: err.message, data: err.data });
      // A figure past what a number holds exactly (contract/money.ts): the amount was the caller's.
      if (err instanceof MoneyRangeError) return answer({ code: Code.INVALID, msg: AMOUNT_TOO_LARGE });
      const ref = randomUUID().slice(0, 8);
      // The message and stack only; never the request body (it may hold passwords or card codes).
      logger.error({ reqId, route: path, ref, err }, `[backend] ${path} failed (ref ${ref})`);
      return answer(unexpectedAnswer(err, ref));
    }
  }

  // Every way in (the fast path, handle, the web tier in-process) comes through here, so each is counted once.
  const answerCall = opts.metrics ? opts.metrics.measureCalls(answerOneCall, (path) => registry.has(path)) : answerOneCall;
  opts.metrics?.watchBackend(services);

  async function handle(request: Request, peer?: Peer): Promise<Response> {
    const url = new URL(request.url);
    if (/^\/(client|merchant|admin)\//.test(url.pathname)) {
      const { status, body, requestId } = await answerCall(url.pathname, request, peer);
      const response = jsonText(body, status);
      response.headers.set(REQUEST_ID_HEADER, requestId!);
      return response;
    }
    // Files, the chat's HTTP API and the rest: their own line, by path template.
    const started = performance.now();
    const reqId = requestIdOf(request, peer);
    const response = await handleOther(request, url);
    logRequest(logger, { reqId, tier: "backend", method: request.method, route: pathTemplate(url.pathname), status: response.status, ms: Math.round((performance.now() - started) * 10) / 10 });
    // A file's answer may have immutable headers (a fetched one): then it goes without the id.
    try {
      response.headers.set(REQUEST_ID_HEADER, reqId);
    } catch {}
    return response;
  }

  async function handleOther(request: Request, url: URL): Promise<Response> {
    // Order images, for a request presenting the customer key (SSE-C style).
    if (url.pathname.startsWith("/blob/")) return serveBlob(services, request, log);
    if (url.pathname.startsWith(AVATAR_URL_PREFIX)) return serveAvatar(services, request, log);
    // The built-in chat's HTTP API and its signed files (docs/decisions/0009-chat.md).
    if (url.pathname.startsWith("/chat/")) return chat.handleHttp(request);
    if (url.pathname === "/dev/outbox" && request.method === "GET" && services.config.NODE_ENV !== "production") {
      return json(await devOutbox(services.db));
    }
    return json({ code: Code.NOT_FOUND, msg: `Error in request address: ${url.pathname}` }, 404);
  }

  return { handle, answerCall, services, chat };
}

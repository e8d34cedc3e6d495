/**
 * The web tier as a module worker on an edge runtime (workerd: Cloudflare Workers, or
 * miniflare locally; docs/decisions/0031-edge-web-tier.md). The same app/ as on Node;
 * this entry does what server.ts does there, with web-standard APIs only:
 *
 * - static files from the ASSETS binding (public/ and the browser build): hashed /build/ files as
 *   their brotli or gzip copy made at build time, a year in every cache; the rest for an hour;
 * - form posts capped as on Node, a cross-site post refused before Remix sees it;
 * - the built-in chat (/chat/*, its WebSocket included) passed through to the backend, which the
 *   browser's chat client talks to on the page's own origin;
 * - every page and action through Remix, which calls the backend at CLIENT_API_URL (the session
 *   proxy: the token stays in the signed HttpOnly cookie);
 * - text answers compressed by the runtime (Content-Encoding set, the body left to workerd).
 *
 * Built by `npm run build:edge` (the Remix classic compiler with REMIX_TARGET=edge bundles this
 * file with the server build into build/edge/worker.js).
 */
import * as build from "@remix-run/dev/server-build";
// The Cloudflare adapter (@remix-run/cloudflare) re-exports this very function; importing it from
// there would pull @cloudflare/workers-types into the program's global types, whose Request and
// Response clash with the DOM ones app/ is checked against (docs/decisions/0031-edge-web-tier.md).
import { createRequestHandler } from "@remix-run/server-runtime";
import { setWebEnvSource } from "../app/env.server";
import { CROSS_SITE_REFUSED, isMutating, originVerdict } from "../app/services/kit/csrf";
import { matchRoutes } from "@remix-run/router";
import { REQUEST_ID_HEADER, newRequestId, webRouteOf, type RequestNote } from "../contract/request-id";
import { acceptedEncodings, BODY_LENGTH_REQUIRED, bodyVerdict, formBodyLimit, IMMUTABLE, PRECOMPRESSED_TYPES, publicFileCaching } from "../contract/http-delivery";

interface Fetcher {
  fetch(input: Request | string, init?: RequestInit): Promise<Response>;
}

export interface EdgeEnv {
  /** Workers Static Assets: public/ and the browser build (wrangler.toml [assets]). */
  ASSETS: Fetcher;
  /** The backend's base URL (required at the edge: there is no in-process backend). */
  CLIENT_API_URL: string;
  SESSION_SECRET: string;
  RESPONSE_ENCRYPTION_KEY?: string;
  NODE_ENV?: string;
  [name: string]: unknown;
}

const handleRemix = createRequestHandler(build);
const routeOf = webRouteOf(build.routes, matchRoutes);

/**
 * The encodings the client itself accepts. In front of the worker, Cloudflare (and miniflare, which
 * copies it) rewrites Accept-Encoding to "br, gzip" and keeps the client's own header in
 * request.cf.clientAcceptEncoding; miniflare then sends a brotli body to a client that asked for none
 * (curl without --compressed got binary). A client without the header gets no encoding.
 */
function clientEncodings(request: Request): ("br" | "gzip")[] {
  const own = (request as Request & { cf?: { clientAcceptEncoding?: string } }).cf?.clientAcceptEncoding;
  return acceptedEncodings(own ?? request.headers.get("accept-encoding"));
}

const textResponse = (status: number, text: string, headers: Record<string, string> = {}) =>
  new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8", ...headers } });

/** The asset itself, with the request's conditional headers (a 304 passes through), or null when there is none. */
async function asset(request: Request, env: EdgeEnv, cacheControl: string, pathname?: string): Promise<Response | null> {
  const url = pathname ? new URL(pathname, request.url) : request.url;
  const file = await env.ASSETS.fetch(new Request(url, { method: request.method, headers: request.headers }));
  if (!file.ok && file.status !== 304) return null;
  const headers = new Headers(file.headers);
  headers.set("Cache-Control", cacheControl);
  return new Response(file.body, { status: file.status, headers });
}

/** A hashed build file: its precompressed copy when the browser takes one, else the file; null when there is none. */
async function buildFile(request: Request, env: EdgeEnv, pathname: string): Promise<Response | null> {
  const type = PRECOMPRESSED_TYPES[pathname.slice(pathname.lastIndexOf("."))];
  if (type) {
    for (const encoding of clientEncodings(request)) {
      const copy = await env.ASSETS.fetch(new Request(new URL(`${pathname}.${encoding === "br" ? "br" : "gz"}`, request.url), { method: request.method }));
      if (!copy.ok) continue;
      return new Response(copy.body, {
        status: 200,
        headers: { "Content-Type": type, "Content-Encoding": encoding, "Cache-Control": IMMUTABLE, Vary: "Accept-Encoding" },
        // The bytes are already compressed: workerd must send them as they are.
        encodeBody: "manual",
      } as ResponseInit);
    }
  }
  return asset(request, env, IMMUTABLE, pathname);
}

/**
 * /chat/*: the backend's built-in chat (HTTP and its WebSocket), passed through. The chat signs in
 * with its own signature (/im/sig), so our cookies (the session with its token) stay here.
 */
function toBackend(request: Request, env: EdgeEnv, url: URL, note: RequestNote): Promise<Response> {
  // Under the backend's base path, as the /client caller does (api.server.ts).
  const target = env.CLIENT_API_URL.replace(/\/+$/, "") + url.pathname + url.search;
  const forwarded = new Request(target, request);
  forwarded.headers.delete("Cookie");
  forwarded.headers.set(REQUEST_ID_HEADER, note.reqId);
  return fetch(forwarded);
}

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml)|image\/svg)/;

/** Text answers leave compressed: with Content-Encoding set, workerd compresses the body itself. */
function compressed(request: Request, response: Response): Response {
  const type = response.headers.get("Content-Type") ?? "";
  if (!response.body || response.headers.has("Content-Encoding") || !COMPRESSIBLE.test(type) || response.status === 101) return response;
  const encoding = clientEncodings(request)[0];
  if (!encoding) return response;
  const headers = new Headers(response.headers);
  headers.set("Content-Encoding", encoding);
  headers.delete("Content-Length");
  headers.append("Vary", "Accept-Encoding");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

async function handle(request: Request, env: EdgeEnv, note: RequestNote): Promise<Response> {
  const url = new URL(request.url);
  const { pathname } = url;
  const reading = request.method === "GET" || request.method === "HEAD";

  if (pathname === "/healthz") return textResponse(200, "ok");
  if (pathname.startsWith("/chat/")) return toBackend(request, env, url, note);
  if (reading && pathname.startsWith("/build/")) {
    const file = await buildFile(request, env, pathname);
    if (file) return file;
  } else if (reading && /\/[^/]+\.[a-z0-9]+$/i.test(pathname) && !pathname.startsWith("/files/")) {
    // Another file of public/ (favicon, demo pictures).
    const file = await asset(request, env, publicFileCaching(pathname));
    if (file) return file;
  }

  const refusal = bodyVerdict(
    request.method,
    { "content-length": request.headers.get("content-length") ?? undefined, "transfer-encoding": request.headers.get("transfer-encoding") ?? undefined },
    formBodyLimit(pathname),
  );
  if (refusal) return textResponse(refusal.status, refusal.message, { Connection: "close" });
  // HTTP/2 and HTTP/3 bodies may come with neither header: without a stated length there is no cap to hold.
  if (request.body && isMutating(request.method) && !request.headers.has("content-length")) {
    return textResponse(411, BODY_LENGTH_REQUIRED, { Connection: "close" });
  }
  if (isMutating(request.method) && originVerdict(request.headers, url.host) === "foreign") {
    console.warn(JSON.stringify({ level: 40, reqId: note.reqId, msg: `[web] 403 ${request.method} ${pathname}: cross-site origin` }));
    return textResponse(403, CROSS_SITE_REFUSED, { Connection: "close" });
  }

  return handleRemix(request, { remoteAddress: request.headers.get("cf-connecting-ip") ?? undefined, requestNote: note });
}

let configured = false;

/** What the worker cannot run without; production also refuses the development session secret. */
function missingSettings(env: EdgeEnv): string[] {
  const missing = env.CLIENT_API_URL ? [] : ["CLIENT_API_URL"];
  if (env.NODE_ENV === "production" && !env.SESSION_SECRET) missing.push("SESSION_SECRET");
  return missing;
}

export default {
  async fetch(request: Request, env: EdgeEnv): Promise<Response> {
    const missing = missingSettings(env);
    if (missing.length > 0) {
      console.error(`[web] not configured: set ${missing.join(" and ")} (wrangler.toml, wrangler secret put)`);
      return textResponse(503, "The marketplace is not configured yet.");
    }
    if (!configured) {
      // The web tier's settings (app/env.server.ts) are this worker's variables and secrets.
      setWebEnvSource(Object.fromEntries(Object.entries(env).filter(([, value]) => typeof value === "string")));
      configured = true;
    }
    // One request id across the tiers, and one JSON line per request as on Node (ADR 0081): always
    // a new id here (no proxy in front of a worker is ours to trust), passed on to the backend.
    const started = Date.now();
    const note: RequestNote = { reqId: newRequestId() };
    const response = compressed(request, await handle(request, env, note));
    const url = new URL(request.url);
    const route = url.pathname.startsWith("/chat/") ? "/chat/*" : url.pathname.startsWith("/build/") ? "/build/*" : /\/[^/]+\.[a-z0-9]+$/i.test(url.pathname) ? "static file" : routeOf(url.pathname, url.searchParams.get("_data"));
    console.log(JSON.stringify({ level: 30, time: started, reqId: note.reqId, tier: "web", method: request.method, route, status: response.status, ms: Date.now() - started, userId: note.userId, msg: "request" }));
    return response;
  },
};

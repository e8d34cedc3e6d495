/**
 * One Node process: static files, the /client backend (unless CLIENT_API_URL
 * points elsewhere), and the Remix web tier for everything else. WEB_TIER=off runs the
 * backend alone, for a web tier on another host (on Node, or on an edge runtime: edge/worker.ts).
 */
import { existsSync, readdirSync } from "node:fs";
import { relative, sep } from "node:path";
import { createServer } from "node:http";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { CROSS_SITE_REFUSED, isMutating, originVerdict } from "./app/services/kit/csrf";
import { bodyVerdict, formBodyLimit, publicFileCaching } from "./contract/http-delivery";
import type { IncomingCall } from "./backend/app";
import { DEFAULT_TRUSTED_PROXIES } from "./backend/config";
import { fastCalls } from "./backend/http/fast-call";
import { forwardedPeer, proxySet } from "./backend/http/ip";
import { toNodeHandler } from "./backend/http/node-adapter";
import { rememberRouteMatches } from "./backend/http/route-matching";
import { precompressedAssets } from "./backend/http/static-assets";
import { exitIfInUse } from "./backend/db/data-dir-lock";
import { startBackend } from "./backend/start";
import { keptSecret } from "./backend/security/secret-box";
import { attachChatWebSocket } from "./backend/modules/chat/ws";
import { drainable, drainTimeoutMs } from "./backend/ops/drain";
import { databaseReadiness, readyzResponse, remoteReadiness } from "./backend/ops/readiness";
import { createMetrics, metricsEndpoint } from "./backend/ops/metrics";
import { log, webRequestLog } from "./backend/ops/log";
import { webRouteOf, type RequestNote } from "./contract/request-id";
import { routerExports } from "./backend/http/route-matching";

const port = Number(process.env.PORT ?? 3000);
const dataDir = process.env.DATA_DIR ?? "./.data";

/** SESSION_SECRET, or one generated once into DATA_DIR so sessions survive restarts. */
function sessionSecret(): string {
  if (process.env.SESSION_SECRET) return process.env.SESSION_SECRET;
  if (process.env.NODE_ENV === "production") throw new Error("SESSION_SECRET must be set in production.");
  return keptSecret(dataDir, "session-secret");
}

const webTier = process.env.WEB_TIER !== "off";
// The backend alone signs no cookies: only a web tier needs the session secret.
if (webTier) process.env.SESSION_SECRET = sessionSecret();
const buildPath = new URL("./build/index.js", import.meta.url);
if (webTier && !existsSync(buildPath)) {
  log.error("No web build found: run `npm run build` first (npm start does it for you).");
  process.exit(1);
}

// One registry for this process: the backend's calls and the web tier's routes on one page (ADR 0080).
const metrics = createMetrics();
const backend = process.env.CLIENT_API_URL ? undefined : await startBackend(process.env, { metrics }).catch((err: unknown) => {
  exitIfInUse(err); // a second server on the same embedded database
  throw err;
});
if (!webTier && !backend) {
  log.error("WEB_TIER=off runs the backend alone: CLIENT_API_URL cannot be set with it.");
  process.exit(1);
}
const build = webTier ? ((await import(buildPath.href)) as ServerBuild) : undefined;

const app = express();
app.disable("x-powered-by");
// Behind a proxy on a TRUSTED_PROXIES address (loopback by default: nginx terminating TLS on this
// host), its X-Forwarded-For, -Proto and -Host are the browser's (ADR 0049): the per-IP limits count
// each browser rather than the proxy, and the links pages make (the referral share link and its QR
// code) say https. From any other address those headers are ignored. The same exact addresses as
// the backend's (no ranges), and the same reading of X-Forwarded-For (forwardedPeer).
const trustedProxies = proxySet(backend?.config.TRUSTED_PROXIES ?? process.env.TRUSTED_PROXIES ?? DEFAULT_TRUSTED_PROXIES);
app.set("trust proxy", (address: string) => trustedProxies.has(address));
// One line per request, with its id (a trusted proxy's X-Request-Id, else a new one; ADR 0081),
// and the same route and time counted on /metrics (ADR 0080).
if (build) {
  const routeOf = webRouteOf(build.routes, routerExports().matchRoutes);
  app.use(webRequestLog(log, { trustedProxy: (address) => trustedProxies.has(address), routeOf, observe: metrics.observeRoute }));
}
// Sellers are on 2G/3G: every text response goes out gzip-compressed.
app.use(compression());
// Remix flushes after every chunk of a streamed page, and each flush closes a compressed block:
// /home signed in went out as 15.5 KB of gzip for 8 KB of content. Chunks written in one turn of
// the event loop share one flush; a chunk streamed later (deferred data) still leaves at once.
app.use((_req, res, next) => {
  const flush = (res as { flush?: () => void }).flush;
  if (flush) {
    let queued = false;
    (res as { flush?: () => void }).flush = () => {
      if (queued) return;
      queued = true;
      setImmediate(() => {
        queued = false;
        flush.call(res);
      });
    };
  }
  next();
});
app.get("/healthz", (_req, res) => {
  res.type("text/plain").send("ok");
});
// May this process take traffic (ADR 0082): its database, its migrations, not draining.
const readiness = backend ? databaseReadiness(backend.backend.services.db) : remoteReadiness(process.env.CLIENT_API_URL!);
app.get("/readyz", (_req, res) => {
  void readyzResponse(readiness).then((r) => res.status(r.status).set(r.headers).send(r.body));
});

// The backend's paths come before the static files: an API call is answered without a
// file-system lookup in public/ first (no public file lives under these paths).
if (backend) {
  const serveBackend = toNodeHandler(backend.backend.handle);
  // /chat/*: the built-in chat's HTTP API and signed files (its WebSocket is attached below).
  // /files/avatar/*: public avatars from the blob store (a web tier elsewhere streams them through
  // its own /files/avatar route).
  app.all(["/client/*", "/merchant/*", "/admin/*", "/blob/*", "/dev/*", "/chat/*", "/files/avatar/*"], (req, res) => void serveBackend(req, res));
}

if (build) mountWebTier(build);

/** Static files, the form-size cap, the cross-site refusal, then every page and action through Remix. */
function mountWebTier(build: ServerBuild) {
  rememberRouteMatches();
  // Hashed build files: their brotli or gzip copy made at build time (never compressed per request),
  // else the file itself; a year in every cache either way.
  app.use("/build", precompressedAssets("public/build"));
  app.use("/build", express.static("public/build", { immutable: true, maxAge: "1y", setHeaders: (res) => res.setHeader("Vary", "Accept-Encoding") }));
  // Only a name public/ holds is looked up there: for any other path (every page) the failed
  // file lookup cost about 6% of /home's time under load.
  const publicNames = new Set(readdirSync("public"));
  const publicFiles = express.static("public", { maxAge: "1h", setHeaders: (res, path) => res.setHeader("Cache-Control", publicFileCaching(`/${relative("public", path).split(sep).join("/")}`)) });
  app.use((req, res, next) => (publicNames.has(req.path.split("/")[1] ?? "") ? publicFiles(req, res, next) : next()));

  // The web tier buffers form posts (request.formData()): cap what it will read.
  app.use((req, res, next) => {
    const refusal = bodyVerdict(req.method, req.headers, formBodyLimit(req.path));
    if (!refusal) return next();
    res.status(refusal.status).set("Connection", "close").type("text/plain").send(refusal.message);
  });

  // A form post from another site is refused before Remix sees it, whatever route or ?_data
  // it names (app/services/kit/csrf.ts; each action's readForm checks again, and asks for the
  // session's token when a request says nothing of where it comes from).
  app.use((req, res, next) => {
    if (!isMutating(req.method) || originVerdict({ get: (name) => req.get(name) }, req.get("host") ?? "") !== "foreign") return next();
    log.warn({ reqId: (res.locals.requestNote as RequestNote).reqId }, `[web] 403 ${req.method} ${req.path}: cross-site origin`);
    res.status(403).type("text/plain").send(CROSS_SITE_REFUSED);
  });

  app.all(
    "*",
    createRequestHandler({
      build,
      mode: build.mode,
      // The web tier calls the backend in-process: no socket, the same handler.
      getLoadContext: (req, res) => ({
        requestNote: res.locals.requestNote as RequestNote,
        remoteAddress: forwardedPeer(req.socket.remoteAddress, req.get("x-forwarded-for"), trustedProxies),
        clientApi: backend ? (request: Request) => backend.backend.handle(request, { trusted: true }) : undefined,
        answerCall: backend ? (path: string, call: IncomingCall) => backend.backend.answerCall(path, call, { trusted: true }) : undefined,
      }),
    }),
  );
}

// HOST narrows where it listens (start:edge keeps its backend on loopback); all interfaces by default.
const onListening = () => {
  log.info((build ? `Marketplace on http://localhost:${port}` : `Backend alone on http://localhost:${port}`) + (backend ? ` (backend: ${backend.config.DATABASE_URL ? "PostgreSQL" : "PGlite in " + dataDir})` : ` (backend: ${process.env.CLIENT_API_URL})`));
};
// Small JSON calls (most of the API's traffic) skip Express and the Fetch objects (ADR 0032).
const fast = backend ? fastCalls(backend.backend) : undefined;
// /metrics to loopback, or with the bearer METRICS_TOKEN (ADR 0080); never through Express or Remix.
const metricsPage = metricsEndpoint(metrics, process.env.METRICS_TOKEN);
const server = createServer((req, res) => {
  if (metricsPage.take(req)) void metricsPage.serve(req, res);
  else if (fast?.take(req)) void fast.serve(req, res);
  else app(req, res);
});
const drainer = drainable(server);
if (process.env.HOST) server.listen(port, process.env.HOST, onListening);
else server.listen(port, onListening);

// The built-in chat's WebSocket at /chat/ws (docs/decisions/0009-chat.md). The web tier picks
// the built-in service or Tencent Cloud Chat from CHAT_PROVIDER (backend/config.ts chatProvider()).
const chatSocket = backend ? attachChatWebSocket(server, backend.backend.chat) : undefined;
if (chatSocket) metrics.watchSockets(() => chatSocket.wss.clients.size);

// The drain (ADR 0082): unready at once, no new connections, chat told to reconnect elsewhere,
// the requests in flight finished (up to DRAIN_TIMEOUT_MS), then the jobs stop and give their
// leases back, and the database closes.
let closing = false;
async function shutdown() {
  if (closing) {
    // A second Ctrl-C (or signal) does not wait for the drain.
    log.error("Stopped without finishing the drain.");
    process.exit(1);
  }
  closing = true;
  readiness.drain();
  const limit = drainTimeoutMs();
  // Past the limit, the jobs and the database get 10 s to stop; a process never hangs on exit.
  setTimeout(() => {
    log.error("Stopping took too long: exiting.");
    process.exit(1);
  }, limit + 10_000).unref();
  const [, drained] = await Promise.all([chatSocket?.close(), drainer.drain(limit, (line) => log.warn(line))]);
  await backend?.stop();
  log.info(`Drained in ${drained.ms} ms${drained.cut ? ` (${drained.cut} request(s) cut at the limit)` : ""}; stopped.`);
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown());
// The soak reads the heap with this (tests/bench/soak.ts); an operator can too: kill -USR2 <pid>.
// The process's memory as a log line (an operator's look; the soak's reading). Started with
// --expose-gc (the soak does), a full collection first, so the heap figure is what is live.
process.on("SIGUSR2", () => {
  (globalThis as { gc?: () => void }).gc?.();
  log.info({ memory: process.memoryUsage() }, "memory");
});
process.on("SIGINT", () => void shutdown());

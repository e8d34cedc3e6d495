import type { AppLoadContext } from "~/services/kit/http.server";
import type { AnyCallRequest, AnyCallResponse, AnyPath } from "../../../contract";
import type { chatHttp, ChatHttpName } from "../../../contract/chat-protocol";
import { Code } from "../../../contract/envelope";
import { REQUEST_ID_HEADER, type RequestNote } from "../../../contract/request-id";
import type { z } from "zod";
import pkg from "../../../package.json";
import { webEnv } from "../../env.server";
import { deviceId, getSession } from "../../session.server";
import { decryptResponse } from "./response-crypto";
import { timeZoneOf } from "../layout/time-zone";

/**
 * The one typed /client caller. Server-side only: it adds the token from the
 * session and the docs/product/calls.md#how-a-call-is-made, times out (10 s, 60 s for uploads), retries
 * timeouts and network errors (10 × 300 ms), maps HTTP statuses to the docs/product/messages.md
 * texts and decrypts `encrypt`.
 */
type ChatRequest<N extends ChatHttpName> = z.input<(typeof chatHttp)[N]["request"]>;
type ChatResponse<N extends ChatHttpName> = z.infer<(typeof chatHttp)[N]["response"]>;

/** A failure carries `data` only where its code says so (QUOTE_CHANGED: a Requote, contract/quote.ts). */
export type ApiResult<T> = { ok: true; data: T } | { ok: false; code: number; msg: string; data?: unknown };

/** A call as the in-process backend takes it without Fetch objects (backend/app.ts answerCall). */
export interface InProcessCall {
  method: string;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
  formData(): Promise<FormData>;
}
export type AnswerCall = (path: string, call: InProcessCall) => Promise<{ status: number; body: string }>;

/** What server.ts puts in the load context. */
export interface ApiLoadContext {
  /** The backend's handler, in-process (absent when CLIENT_API_URL points elsewhere). */
  clientApi?: (request: Request) => Promise<Response>;
  /** The same backend's calls without a Request or Response per call (absent like clientApi). */
  answerCall?: AnswerCall;
  /** The browser's socket address, as the HTTP server saw it. */
  remoteAddress?: string;
  /** This request's id, sent on every backend call, and where the signed-in user's id is noted for its log line (ADR 0081). */
  requestNote?: RequestNote;
}

/** docs/product/messages.md: HTTP statuses and what the user is told. */
export function statusText(status: number, url: string): string {
  switch (status) {
    case 400: return "Request error";
    case 401: return "Unauthorized, please login";
    case 403: return "Access denied";
    case 404: return `Error in request address: ${url}`;
    case 408: return "Request timeout";
    case 500: return "Server internal error";
    case 501: return "Service not implemented";
    case 502: return "Gateway error";
    case 503: return "Service not available";
    case 504: return "Gateway timeout";
    case 505: return "HTTP version is not supported";
    default: return `Connection error (${status})`;
  }
}

export interface CallOptions {
  /** Override the session's token (right after login), or null for none. */
  token?: string | null;
  retries?: number;
  /** Multipart body for upload calls. */
  form?: FormData;
}

export interface Transport {
  fetch: (request: Request) => Promise<Response>;
  /** In-process only: a JSON call answered without Fetch objects, timers or retries (no network). */
  answer?: AnswerCall;
  baseUrl: string;
  retries: number;
  retryDelayMs: number;
  timeoutMs: number;
  uploadTimeoutMs: number;
  encryptionKey?: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const isTransient = (e: unknown) =>
  e instanceof TypeError || (e instanceof DOMException && (e.name === "TimeoutError" || e.name === "AbortError")) ||
  (e instanceof Error && (e.name === "TimeoutError" || e.name === "AbortError"));

type Envelope = { code?: number; msg?: string; data?: unknown; encrypt?: string };

/** What a call's HTTP status and envelope mean to the page (docs/product/messages.md). */
async function readAnswer(transport: Transport, status: number, url: string, env: () => Envelope): Promise<ApiResult<unknown>> {
  if (status < 200 || status >= 300) return { ok: false, code: -status, msg: statusText(status, url) };
  const e = env();
  // docs/product/messages.md: "A response without a code is passed through whole."
  if (typeof e?.code !== "number") return { ok: true, data: e };
  if (e.code !== Code.OK) return e.data === undefined ? { ok: false, code: e.code, msg: e.msg ?? "Request error" } : { ok: false, code: e.code, msg: e.msg ?? "Request error", data: e.data };
  if (e.encrypt !== undefined) {
    if (!transport.encryptionKey) return { ok: false, code: Code.INTERNAL, msg: "Server internal error" };
    return { ok: true, data: await decryptResponse(e.encrypt, transport.encryptionKey) };
  }
  return { ok: true, data: e.data ?? null };
}

/** Where a call is served: the desks' calls at their own /merchant or /admin path, the rest under /client. */
export const callUrlPath = (path: string) => (/^\/(merchant|admin)\//.test(path) ? path : `/client${path}`);

/** Performs one call over a transport (exported for tests). */
export async function performCall(
  transport: Transport,
  path: string,
  body: unknown,
  headers: Headers,
  opts: { form?: FormData; retries?: number } = {},
): Promise<ApiResult<unknown>> {
  const full = callUrlPath(path);
  const url = `${transport.baseUrl}${full}`;
  if (transport.answer && !opts.form) {
    const h = new Headers(headers);
    h.set("content-type", "application/json");
    const text = JSON.stringify(body ?? {});
    try {
      const a = await transport.answer(full, {
        method: "POST",
        headers: h,
        text: () => Promise.resolve(text),
        formData: () => Promise.reject(new TypeError("not multipart")),
      });
      return await readAnswer(transport, a.status, url, () => JSON.parse(a.body) as Envelope);
    } catch {
      return { ok: false, code: -503, msg: "Service not available" };
    }
  }
  const retries = opts.retries ?? transport.retries;
  const timeout = opts.form ? transport.uploadTimeoutMs : transport.timeoutMs;
  for (let attempt = 0; ; attempt++) {
    try {
      const h = new Headers(headers);
      if (!opts.form) h.set("content-type", "application/json");
      const request = new Request(url, {
        method: "POST",
        headers: h,
        body: opts.form ?? JSON.stringify(body ?? {}),
        signal: AbortSignal.timeout(timeout),
      });
      const response = await transport.fetch(request);
      const env = response.ok ? ((await response.json()) as Envelope) : {};
      return await readAnswer(transport, response.status, url, () => env);
    } catch (e) {
      if (isTransient(e) && attempt < retries) {
        await sleep(transport.retryDelayMs);
        continue;
      }
      const timedOut = e instanceof Error && (e.name === "TimeoutError" || e.name === "AbortError");
      return { ok: false, code: timedOut ? -408 : -503, msg: timedOut ? "Request timeout" : "Service not available" };
    }
  }
}

function transportFor(context: AppLoadContext): Transport {
  const env = webEnv();
  const ctx = context as ApiLoadContext;
  const inProcess = !env.CLIENT_API_URL && ctx.clientApi;
  return {
    fetch: inProcess ? ctx.clientApi! : (r) => fetch(r),
    answer: inProcess ? ctx.answerCall : undefined,
    baseUrl: inProcess ? "http://backend.internal" : (env.CLIENT_API_URL ?? "http://localhost:3000").replace(/\/+$/, ""),
    retries: env.API_RETRIES,
    retryDelayMs: env.API_RETRY_DELAY_MS,
    timeoutMs: env.API_TIMEOUT_MS,
    uploadTimeoutMs: env.API_UPLOAD_TIMEOUT_MS,
    encryptionKey: env.RESPONSE_ENCRYPTION_KEY,
  };
}

function splitAddress(addr: string | undefined): { v4: string; v6: string } {
  if (!addr) return { v4: "", v6: "" };
  if (addr.startsWith("::ffff:")) return { v4: addr.slice(7), v6: "" };
  return addr.includes(":") ? { v4: "", v6: addr } : { v4: addr, v6: "" };
}

/** A caller bound to one incoming request: its session token, device and address. */
export async function apiFor(request: Request, context: AppLoadContext) {
  const session = await getSession(request);
  const device = await deviceId(request);
  const transport = transportFor(context);
  const addr = splitAddress((context as ApiLoadContext).remoteAddress);
  const baseHeaders = new Headers({
    IPv4: addr.v4,
    IPv6: addr.v6,
    channel: session.get("channel") ?? "",
    IMEI: device.id,
    MAC: device.id,
    client: "web",
    client_version: pkg.version,
    // The browser's own description, for the account's list of signed-in sessions (ADR 0055).
    "x-client-user-agent": (request.headers.get("user-agent") ?? "").slice(0, 300),
    // The user's calendar for check-in days and monthly limits (ADR 0022): the zone dates use (ADR 0010).
    "time-zone": timeZoneOf(request),
  });
  // A web tier on another host proves itself, so the backend believes the address above.
  const secret = webEnv().WEB_TIER_SECRET;
  if (secret && !(context as ApiLoadContext).clientApi) baseHeaders.set("X-Web-Tier", secret);
  // One request id across the tiers; the user's id (never the token) for the web tier's line.
  const note = (context as ApiLoadContext).requestNote;
  if (note) {
    baseHeaders.set(REQUEST_ID_HEADER, note.reqId);
    note.userId ??= session.get("profile")?.id;
  }
  const idHeader: Record<string, string> = note ? { [REQUEST_ID_HEADER]: note.reqId } : {};

  // Any path of the contract: the /client calls, and the desks' /merchant and /admin calls (ADR 0034).
  async function call<P extends AnyPath>(path: P, body?: AnyCallRequest<P>, opts: CallOptions = {}): Promise<ApiResult<AnyCallResponse<P>>> {
    const headers = new Headers(baseHeaders);
    const token = opts.token === undefined ? session.get("token") : opts.token;
    if (token) headers.set("Authorization", token);
    return (await performCall(transport, path, body, headers, { form: opts.form, retries: opts.retries })) as ApiResult<AnyCallResponse<P>>;
  }

  /**
   * GET an order image from the backend's blob route (/blob/<path>) through the
   * same transport as the calls, presenting its customer key (SSE-C, ADR 0007):
   * `keyBase64` is base64 of SHA-256(order secret). The caller must have
   * authorised the order first (getOrderDetails). null on a bad path or a
   * network failure; otherwise the backend's response (check `ok`).
   */
  async function fetchBlob(path: string, keyBase64: string): Promise<Response | null> {
    if (!/^\/blob\/[A-Za-z0-9][A-Za-z0-9/_.-]*$/.test(path) || path.includes("..")) return null;
    try {
      return await transport.fetch(
        new Request(`${transport.baseUrl}${path}`, {
          method: "GET",
          headers: { "x-blob-key": keyBase64, ...idHeader },
          signal: AbortSignal.timeout(transport.uploadTimeoutMs),
        }),
      );
    } catch {
      return null;
    }
  }

  /**
   * A public avatar (GET /files/avatar/<uuid>.jpg) from the backend's blob store, through the
   * same transport as the calls. null on a bad path or a network failure.
   */
  async function fetchAvatar(name: string): Promise<Response | null> {
    if (!/^[0-9a-f-]{36}\.jpg$/.test(name)) return null;
    try {
      return await transport.fetch(new Request(`${transport.baseUrl}/files/avatar/${name}`, { method: "GET", headers: idHeader, signal: AbortSignal.timeout(transport.timeoutMs) }));
    } catch {
      return null;
    }
  }

  /**
   * A raw request to another service of the backend (the built-in chat's HTTP API under
   * /chat/api/), through the same transport as the calls, with the session's token as
   * Authorization and the headers of docs/product/calls.md#how-a-call-is-made. One attempt, the call timeout (the upload timeout
   * for multipart bodies). null on a bad path or a network failure; otherwise the
   * backend's response.
   */
  async function fetchRaw(path: string, init: { method?: string; body?: BodyInit; headers?: HeadersInit } = {}): Promise<Response | null> {
    if (!/^\/chat\/api\/[A-Za-z]+$/.test(path)) return null;
    const headers = new Headers(baseHeaders);
    new Headers(init.headers).forEach((v, k) => headers.set(k, v));
    const token = session.get("token");
    if (token) headers.set("Authorization", token);
    const multipart = typeof FormData !== "undefined" && init.body instanceof FormData;
    try {
      return await transport.fetch(
        new Request(`${transport.baseUrl}${path}`, {
          method: init.method ?? "POST",
          headers,
          body: init.body,
          signal: AbortSignal.timeout(multipart ? transport.uploadTimeoutMs : transport.timeoutMs),
        }),
      );
    } catch {
      return null;
    }
  }

  /** One /chat/api/<name> call of the built-in chat service, JSON in, the envelope's data out. */
  async function chat<N extends ChatHttpName>(name: N, body: ChatRequest<N>): Promise<ApiResult<ChatResponse<N>>> {
    const res = await fetchRaw(`/chat/api/${name}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body ?? {}),
    });
    if (!res) return { ok: false, code: -503, msg: "Service not available" };
    let env: { code?: number; msg?: string; data?: unknown } | undefined;
    try {
      env = (await res.json()) as typeof env;
    } catch {
      env = undefined;
    }
    if (!env || typeof env.code !== "number") return { ok: false, code: -res.status, msg: res.ok ? "Request error" : `Service not available` };
    if (env.code !== Code.OK) return { ok: false, code: env.code, msg: env.msg ?? "Request error" };
    return { ok: true, data: env.data as ChatResponse<N> };
  }

  return {
    call,
    chat,
    fetchAvatar,
    fetchBlob,
    fetchRaw,
    session,
    signedIn: Boolean(session.get("token")),
    /** Set-Cookie for a new device id, to attach to the response when present. */
    deviceCookie: device.setCookie,
    /** The request's log line names the user who has just signed in (the session had no one when it began). */
    noteUser(id: number) {
      if (note) note.userId = id;
    },
  };
}

export type Api = Awaited<ReturnType<typeof apiFor>>;

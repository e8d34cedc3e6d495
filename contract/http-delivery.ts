/**
 * HTTP delivery rules both servers apply (the backend's API, the web tier on Node in server.ts and
 * on an edge runtime in edge/worker.ts): how large a body may be and how a refusal reads, which
 * compressed copy a client takes, cache lifetimes of static files and the content types of the
 * build's precompressed files. Web-standard only, no dependency.
 */

/** Hashed build files (/build/*): the name changes with the content, so a year in every cache. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
/** Other files of public/ (favicon, demo pictures): an hour. */
export const PUBLIC_FILES = "public, max-age=3600";
/** The service worker's script (ADR 0077): checked at every visit, so a new build's worker is found at once. */
export const WORKER_SCRIPT = "no-cache";
/** public/ files and how long a browser keeps each: the worker's script never without asking. */
export const publicFileCaching = (pathname: string): string => (pathname === "/sw.js" ? WORKER_SCRIPT : PUBLIC_FILES);

/** Content types of the files the build precompresses (scripts/precompress.ts). */
export const PRECOMPRESSED_TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".txt": "text/plain; charset=utf-8",
};

/** The encodings the request accepts, best first among ours ("br", "gzip"); q=0 refuses one. */
export function acceptedEncodings(header: string | null | undefined): ("br" | "gzip")[] {
  const accepted = new Set<string>();
  for (const part of (header ?? "").toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (!q || Number(q.slice(2)) > 0) accepted.add(name.trim());
  }
  return (["br", "gzip"] as const).filter((e) => accepted.has(e) || accepted.has("*"));
}

/**
 * The most of a form post the web tier reads (request.formData() buffers it). Plain forms are
 * small; the sell form without JavaScript posts up to 10 uncompressed photos; a withdrawal on the
 * withdrawer desk one uncompressed payment picture (at most UPLOAD_MAX_BYTES, 10M, and the form).
 */
const FORM_MAX_BYTES = 1024 * 1024;
const SELL_FORM_MAX_BYTES = 64 * 1024 * 1024;
const SELL_FORM_PATH = /^\/sellCard\/[^/]+(\/upload)?\/?$/;
const PROOF_FORM_MAX_BYTES = 11 * 1024 * 1024;
const PROOF_FORM_PATH = /^\/desk\/withdrawals\/\d+\/?$/;
export const formBodyLimit = (pathname: string) =>
  SELL_FORM_PATH.test(pathname) ? SELL_FORM_MAX_BYTES : PROOF_FORM_PATH.test(pathname) ? PROOF_FORM_MAX_BYTES : FORM_MAX_BYTES;

/** The two headers the verdict reads (Node's IncomingHttpHeaders has them; so can a Fetch request's). */
export interface BodyHeaders {
  "content-length"?: string;
  "transfer-encoding"?: string;
}

export interface BodyRefusal {
  status: 411 | 413;
  message: string;
}

export const BODY_TOO_LARGE = "The request is too large.";
export const BODY_LENGTH_REQUIRED = "The request must state its length (Content-Length).";

/**
 * How much of a request body a server will read. Node's parser stops at
 * a declared Content-Length, so declaring one within the cap bounds the body;
 * a chunked body has no length to check up front and could grow until the
 * process runs out of memory (formData() buffers it), so it is refused with
 * 411. Browsers always send Content-Length for forms, fetch and XHR uploads.
 *
 *   const verdict = bodyVerdict(req.method, req.headers, 1024 * 1024);
 *   if (verdict) return res.writeHead(verdict.status).end(verdict.message);
 *
 * null when the body may be read; otherwise the status and message to answer.
 */
export function bodyVerdict(method: string | undefined, headers: BodyHeaders, maxBytes: number): BodyRefusal | null {
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return null;
  const declared = headers["content-length"];
  if (declared === undefined) return headers["transfer-encoding"] ? { status: 411, message: BODY_LENGTH_REQUIRED } : null;
  const n = Number(declared);
  if (!Number.isSafeInteger(n) || n < 0 || n > maxBytes) return { status: 413, message: BODY_TOO_LARGE };
  return null;
}

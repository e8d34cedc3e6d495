/**
 * How much of a request body a Node server will read. Node's parser stops at
 * a declared Content-Length, so declaring one within the cap bounds the body;
 * a chunked body has no length to check up front and could grow until the
 * process runs out of memory (formData() buffers it), so it is refused with
 * 411. Browsers always send Content-Length for forms, fetch and XHR uploads.
 *
 *   const verdict = bodyVerdict(req.method, req.headers, 1024 * 1024);
 *   if (verdict) return res.writeHead(verdict.status).end(verdict.message);
 */
import type { IncomingHttpHeaders } from "node:http";

export interface BodyRefusal {
  status: 411 | 413;
  message: string;
}

export const BODY_TOO_LARGE = "The request is too large.";
export const BODY_LENGTH_REQUIRED = "The request must state its length (Content-Length).";

/** null when the body may be read; otherwise the status and message to answer. */
export function bodyVerdict(method: string | undefined, headers: IncomingHttpHeaders, maxBytes: number): BodyRefusal | null {
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return null;
  const declared = headers["content-length"];
  if (declared === undefined) return headers["transfer-encoding"] ? { status: 411, message: BODY_LENGTH_REQUIRED } : null;
  const n = Number(declared);
  if (!Number.isSafeInteger(n) || n < 0 || n > maxBytes) return { status: 413, message: BODY_TOO_LARGE };
  return null;
}

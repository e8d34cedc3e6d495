/**
 * One HTTP request through node:http, its body read as sent: fetch would decode a compressed
 * body (and pool connections), which hides what a test is checking. A new connection each time.
 *
 *   const { status, headers, bytes } = await rawRequest(url, { headers: { "accept-encoding": "br" } });
 *   await rawRequest(url, { method: "POST", headers: { "content-length": "999999" }, headersOnly: true });
 */
import { request } from "node:http";

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: Buffer;
}

export function rawRequest(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string; headersOnly?: boolean } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: opts.method ?? "GET", headers: opts.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    // headersOnly: the request states a body it never sends; the answer must come before it.
    if (opts.headersOnly) req.flushHeaders();
    else req.end(opts.body);
  });
}

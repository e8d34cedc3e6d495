import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { bodyVerdict } from "./body-limit";
import type { Peer } from "./ip";

/** Serves a Fetch-style handler on Node's http objects (for /client, /dev). */
export function toNodeHandler(handle: (request: Request, peer?: Peer) => Promise<Response>, maxBodyBytes = 12 * 1024 * 1024) {
  return async (req: IncomingMessage, res: ServerResponse) => {
    const refusal = bodyVerdict(req.method, req.headers, maxBodyBytes);
    if (refusal) {
      // The envelope, so API clients read a msg; close so the unread body is not parsed as a next request.
      res.writeHead(refusal.status, { "content-type": "application/json", connection: "close" }).end(JSON.stringify({ code: 2, msg: refusal.message }));
      return;
    }
    const url = `http://${req.headers.host ?? "localhost"}${req.url ?? "/"}`;
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) {
      if (Array.isArray(v)) v.forEach((x) => headers.append(k, x));
      else if (v !== undefined) headers.set(k, v);
    }
    const hasBody = req.method !== "GET" && req.method !== "HEAD";
    const request = new Request(url, {
      method: req.method,
      headers,
      body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
      duplex: "half", // Node's fetch needs this for a streamed body
    } as RequestInit);
    const response = await handle(request, { remoteAddress: req.socket.remoteAddress });
    res.statusCode = response.status;
    response.headers.forEach((v, k) => res.setHeader(k, v));
    res.end(Buffer.from(await response.arrayBuffer()));
  };
}

import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { bodyVerdict } from "../../contract/http-delivery";
import type { Peer } from "./ip";

const SMALL_BODY_BYTES = 64 * 1024;

async function readSmall(req: IncomingMessage): Promise<Uint8Array | null> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of req) chunks.push(chunk as Buffer);
  } catch {
    return null;
  }
  return Buffer.concat(chunks);
}

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
    const length = Number(req.headers["content-length"] ?? NaN);
    // A small body of known length (every JSON call) is read at once: a web stream over the
    // socket costs more per call than the call itself once the catalog is in memory.
    const body = !hasBody ? undefined : length <= SMALL_BODY_BYTES ? await readSmall(req) : (Readable.toWeb(req) as ReadableStream);
    if (body === null) return void res.destroy(); // the client went away mid-body
    const request = new Request(url, {
      method: req.method,
      headers,
      body,
      duplex: "half", // Node's fetch needs this for a streamed body
    } as RequestInit);
    const response = await handle(request, { remoteAddress: req.socket.remoteAddress });
    res.statusCode = response.status;
    response.headers.forEach((v, k) => res.setHeader(k, v));
    res.end(Buffer.from(await response.arrayBuffer()));
  };
}

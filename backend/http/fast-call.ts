/**
 * The short way for the calls that make up most of the API's traffic (ADR 0032): a POST to
 * /client, /merchant or /admin with a small JSON body of stated length is read straight from
 * Node's request and answered on Node's response. No Express, no per-request middleware, no
 * Fetch Request or Response objects: once the catalogue is in memory, those cost more than the
 * call itself. Everything else (uploads, chunked or large bodies, other paths) goes the usual way.
 *
 *   createServer((req, res) => fast.take(req) ? fast.serve(req, res) : app(req, res))
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { acceptedEncodings } from "../../contract/http-delivery";
import { Code } from "../../contract/envelope";
import type { Backend, CallAnswer, IncomingCall } from "../app";
import { NO_STORE_JSON } from "./json-response";

/** JSON calls are small; anything larger (or multipart) takes the general path and its limits. */
const FAST_BODY_MAX = 64 * 1024;
/** Below this an answer goes out as it is: compressing would save less than it costs. */
const COMPRESS_FROM = 1024;
/** Shared answers whose bytes are kept (each plain and in each encoding asked for): computed once per answer. */
const REUSED_MAX = 64;

const CALL_PATH = /^\/(client|merchant|admin)\//;

function pathOf(url: string): string {
  const q = url.indexOf("?");
  return q < 0 ? url : url.slice(0, q);
}

function compress(body: string, encoding: "br" | "gzip"): Buffer {
  return encoding === "br"
    ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipSync(body);
}

/** The whole (small) body as text; null when the request fails first. Events, not an async iterator: cheaper per call. */
function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(chunks.length === 1 ? chunks[0].toString("utf8") : Buffer.concat(chunks).toString("utf8")));
    req.on("error", () => resolve(null));
    req.on("aborted", () => resolve(null));
  });
}

export function fastCalls(backend: Pick<Backend, "answerCall">) {
  /**
   * The bytes of the catalogue's shared answers, plain and compressed, keyed by the answer's own
   * string (the same string for every caller until a write, so its hash is computed once).
   */
  const reused = new Map<string, Partial<Record<"identity" | "br" | "gzip", Buffer>>>();

  function bytesOf(answer: CallAnswer, encoding: "br" | "gzip" | undefined): Buffer {
    const make = () => (encoding ? compress(answer.body, encoding) : Buffer.from(answer.body));
    // A small answer is cheap to copy; its slot would push out costly compressed copies.
    if (!answer.reusable || answer.body.length < COMPRESS_FROM) return make();
    let copies = reused.get(answer.body);
    if (!copies) {
      if (reused.size >= REUSED_MAX) reused.clear();
      copies = {};
      reused.set(answer.body, copies);
    }
    return (copies[encoding ?? "identity"] ??= make());
  }

  return {
    /** Whether this request is a small JSON call the short way answers. */
    take(req: IncomingMessage): boolean {
      if (req.method !== "POST" || !req.url || !CALL_PATH.test(req.url)) return false;
      const length = Number(req.headers["content-length"]);
      if (!Number.isSafeInteger(length) || length < 0 || length > FAST_BODY_MAX) return false;
      const type = req.headers["content-type"];
      return type === undefined || type.startsWith("application/json") || type.startsWith("text/plain");
    },

    async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
      const text = await readBody(req);
      if (text === null) return void res.destroy(); // the client went away mid-body
      const call: IncomingCall = {
        method: "POST",
        headers: {
          get(name) {
            const v = req.headers[name.toLowerCase()];
            return v === undefined ? null : Array.isArray(v) ? v.join(", ") : v;
          },
        },
        text: () => Promise.resolve(text),
        // An upload call asked for with a JSON body: readInput answers that it must be multipart.
        formData: () => Promise.reject(new TypeError("not multipart")),
      };
      let answer: CallAnswer;
      try {
        answer = await backend.answerCall(pathOf(req.url!), call, { remoteAddress: req.socket.remoteAddress });
      } catch {
        // answerCall answers every error of a call itself; this is the transport failing.
        answer = { status: 500, body: JSON.stringify({ code: Code.INTERNAL, msg: "Server internal error" }) };
      }
      if (res.destroyed) return;
      const encoding = answer.body.length >= COMPRESS_FROM ? acceptedEncodings(req.headers["accept-encoding"] as string | undefined)[0] : undefined;
      const bytes = bytesOf(answer, encoding);
      res.writeHead(answer.status, {
        ...NO_STORE_JSON,
        "content-length": bytes.length,
        ...(encoding ? { "content-encoding": encoding } : {}),
        vary: "Accept-Encoding",
        ...(answer.requestId ? { "x-request-id": answer.requestId } : {}),
      });
      res.end(bytes);
    },
  };
}

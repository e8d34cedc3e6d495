/**
 * server.ts's short way for small JSON calls (backend/http/fast-call.ts, ADR 0032), on a real
 * backend over a real socket: it answers exactly what the general Fetch path answers (status,
 * body, headers that matter), compresses large answers for clients that accept it, and leaves
 * to the general path what it must not take (uploads, chunked or large bodies, GETs, other paths).
 */
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fastCalls } from "../../backend/http/fast-call";
import { toNodeHandler } from "../../backend/http/node-adapter";
import { rawRequest } from "../support/raw-http";
import { useBackend } from "../support/use-backend";

const t = useBackend();
let server: Server;
let base = "";
const taken: string[] = [];

beforeAll(async () => {
  const fast = fastCalls(t.b.backend);
  const general = toNodeHandler(t.b.backend.handle);
  server = createServer((req, res) => {
    if (fast.take(req)) {
      taken.push(req.url!);
      void fast.serve(req, res);
    } else void general(req, res);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Sends the same call twice: once as the short way takes it, once through the Fetch handler. */
async function both(path: string, body: string, headers: Record<string, string> = {}) {
  taken.length = 0;
  const fast = await fetch(`${base}${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });
  const fastText = await fast.text();
  expect(taken, `the short way took ${path}`).toEqual([path]);
  const general = await t.b.backend.handle(new Request(`http://x${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body }));
  return { fast, fastText, general, generalText: await general.text() };
}

describe("the short way answers as the Fetch handler does", () => {
  const cases: [string, string, string][] = [
    ["catalogue (shared answer)", "/client/cardType/getCardType", "{}"],
    ["offers of a card type", "/client/advert/getAdvertList", '{"cardTypeId":1}'],
    ["bad JSON", "/client/advert/getAdvertList", "{not json"],
    ["a field the contract refuses", "/client/advert/getAdvertList", '{"cardTypeId":"x"}'],
    ["a call that needs a sign-in", "/client/userInfo/getProfileInfo", "{}"],
    ["an unknown path", "/client/nothing/here", "{}"],
    ["a staff call without a token", "/admin/order/decide", "{}"],
    ["an upload call without multipart", "/client/image/uploadImage", "{}"],
  ];
  for (const [name, path, body] of cases) {
    it(name, async () => {
      const r = await both(path, body);
      expect(r.fast.status).toBe(r.general.status);
      expect(JSON.parse(r.fastText)).toEqual(JSON.parse(r.generalText));
      expect(r.fast.headers.get("content-type")).toBe(r.general.headers.get("content-type"));
      expect(r.fast.headers.get("cache-control")).toBe("no-store");
    });
  }

  it("a signed-in call sees the token and the forwarded headers", async () => {
    const token = await t.b.login("seller@demo.test");
    const r = await both("/client/userInfo/getProfileInfo", "{}", { authorization: token });
    expect(JSON.parse(r.fastText).code).toBe(1);
    expect(JSON.parse(r.fastText)).toEqual(JSON.parse(r.generalText));
  });
});

describe("compression", () => {
  for (const encoding of ["br", "gzip"] as const) {
    it(`a large answer goes out ${encoding}-compressed to a client that takes it, and decodes to the same body`, async () => {
      const plain = await (await fetch(`${base}/client/cardType/getCardType`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })).text();
      expect(plain.length).toBeGreaterThan(1024);
      // node:http here, so the body is read as sent (fetch would decode it).
      const raw = await rawRequest(`${base}/client/cardType/getCardType`, { method: "POST", headers: { "content-type": "application/json", "content-length": "2", "accept-encoding": encoding }, body: "{}" });
      expect(raw.headers["content-encoding"]).toBe(encoding);
      expect(raw.headers["vary"]).toBe("Accept-Encoding");
      expect(raw.bytes.length).toBeLessThan(plain.length);
      const decoded = (encoding === "br" ? brotliDecompressSync(raw.bytes) : gunzipSync(raw.bytes)).toString("utf8");
      expect(decoded).toBe(plain);
    });
  }
});

describe("what the short way leaves to the general path", () => {
  it("uploads, GETs, large or unmeasured bodies, and other paths", async () => {
    taken.length = 0;
    const form = new FormData();
    form.set("type", "avatar");
    await fetch(`${base}/client/image/uploadImage`, { method: "POST", body: form });
    await fetch(`${base}/client/cardType/getCardType`);
    await fetch(`${base}/client/cardType/getCardType`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ pad: "x".repeat(70 * 1024) }) });
    await fetch(`${base}/dev/outbox`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    // A streamed body states no length.
    await fetch(`${base}/client/cardType/getCardType`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: new ReadableStream({ start: (c) => (c.enqueue(new TextEncoder().encode("{}")), c.close()) }),
      duplex: "half",
    } as RequestInit);
    expect(taken).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { encryptData } from "../../../backend/http/response-crypto";
import { performCall, statusText, type Transport } from "./caller.server";

function transport(fetchImpl: (r: Request) => Promise<Response>, over: Partial<Transport> = {}): Transport {
  return { fetch: fetchImpl, baseUrl: "http://b", retries: 10, retryDelayMs: 1, timeoutMs: 1000, uploadTimeoutMs: 5000, ...over };
}
const jsonResponse = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("performCall", () => {
  it("posts JSON to /client{path} with the given headers and returns data on code 1", async () => {
    let seen: Request | undefined;
    const r = await performCall(
      transport(async (req) => {
        seen = req;
        return jsonResponse({ code: 1, data: { token: "t" } });
      }),
      "/userAuth/login",
      { a: 1 },
      new Headers({ Authorization: "tok", client: "web" }),
    );
    expect(r).toEqual({ ok: true, data: { token: "t" } });
    expect(seen!.url).toBe("http://b/client/userAuth/login");
    expect(seen!.method).toBe("POST");
    expect(seen!.headers.get("authorization")).toBe("tok");
    expect(seen!.headers.get("content-type")).toBe("application/json");
    expect(await seen!.json()).toEqual({ a: 1 });
  });

  it("passes code 3 and other codes through with their msg", async () => {
    const r3 = await performCall(transport(async () => jsonResponse({ code: 3, msg: "Please log in first." })), "/x", {}, new Headers());
    expect(r3).toEqual({ ok: false, code: 3, msg: "Please log in first." });
    const r2 = await performCall(transport(async () => jsonResponse({ code: 2, msg: "Please enter a valid code." })), "/x", {}, new Headers());
    expect(r2).toEqual({ ok: false, code: 2, msg: "Please enter a valid code." });
  });

  it("passes a response without a code through whole (docs/product/messages.md)", async () => {
    const r = await performCall(transport(async () => jsonResponse({ hello: "world" })), "/x", {}, new Headers());
    expect(r).toEqual({ ok: true, data: { hello: "world" } });
  });

  it("maps HTTP statuses to the spec texts", async () => {
    for (const [status, text] of [
      [400, "Request error"],
      [401, "Unauthorized, please login"],
      [403, "Access denied"],
      [408, "Request timeout"],
      [500, "Server internal error"],
      [501, "Service not implemented"],
      [502, "Gateway error"],
      [503, "Service not available"],
      [504, "Gateway timeout"],
      [505, "HTTP version is not supported"],
    ] as const) {
      const r = await performCall(transport(async () => new Response("x", { status })), "/x", {}, new Headers());
      expect(r).toEqual({ ok: false, code: -status, msg: text });
    }
    const r404 = await performCall(transport(async () => new Response("x", { status: 404 })), "/nope", {}, new Headers());
    expect(r404.ok || r404.msg).toBe("Error in request address: http://b/client/nope");
    expect(statusText(404, "u")).toBe("Error in request address: u");
  });

  it("retries network errors up to the limit, then reports the service unavailable", async () => {
    let calls = 0;
    const r = await performCall(
      transport(async () => {
        calls++;
        throw new TypeError("fetch failed");
      }),
      "/x",
      {},
      new Headers(),
    );
    expect(calls).toBe(11); // the first try and 10 retries
    expect(r).toEqual({ ok: false, code: -503, msg: "Service not available" });
  });

  it("succeeds when a retry gets through", async () => {
    let calls = 0;
    const r = await performCall(
      transport(async () => {
        if (++calls < 3) throw new TypeError("socket hang up");
        return jsonResponse({ code: 1, data: 7 });
      }),
      "/x",
      {},
      new Headers(),
    );
    expect(calls).toBe(3);
    expect(r).toEqual({ ok: true, data: 7 });
  });

  it("makes no retry when retries is 0", async () => {
    let calls = 0;
    await performCall(
      transport(async () => {
        calls++;
        throw new TypeError("down");
      }, { retries: 0 }),
      "/x",
      {},
      new Headers(),
    );
    expect(calls).toBe(1);
  });

  it("times out a slow answer, retries it, and reports 'Request timeout'", async () => {
    let calls = 0;
    const r = await performCall(
      transport(
        (req) =>
          new Promise<Response>((_, reject) => {
            calls++;
            req.signal.addEventListener("abort", () => reject(req.signal.reason));
          }),
        { timeoutMs: 20, retries: 2 },
      ),
      "/x",
      {},
      new Headers(),
    );
    expect(calls).toBe(3);
    expect(r).toEqual({ ok: false, code: -408, msg: "Request timeout" });
  });

  it("does not retry an answer that arrived (code ≠ 1 is final)", async () => {
    let calls = 0;
    await performCall(
      transport(async () => {
        calls++;
        return jsonResponse({ code: 0, msg: "no" });
      }),
      "/x",
      {},
      new Headers(),
    );
    expect(calls).toBe(1);
  });

  it("decrypts `encrypt` with the shared key", async () => {
    const key = "shared-secret";
    const data = { list: [{ id: 1, nameEn: "Steam" }], n: 1.5 };
    const r = await performCall(
      transport(async () => jsonResponse({ code: 1, encrypt: encryptData(data, key) }), { encryptionKey: key }),
      "/x",
      {},
      new Headers(),
    );
    expect(r).toEqual({ ok: true, data });
  });

  it("refuses an encrypted answer it has no key for", async () => {
    const r = await performCall(transport(async () => jsonResponse({ code: 1, encrypt: encryptData(1, "k") })), "/x", {}, new Headers());
    expect(r.ok).toBe(false);
  });
});

describe("performCall in-process (answer: no Request, Response or timer per call)", () => {
  const answering = (reply: { status: number; body: string }, seen: { path?: string; text?: string; auth?: string | null } = {}) =>
    transport(async () => jsonResponse({ code: 1, data: "from fetch" }), {
      answer: async (path, call) => {
        seen.path = path;
        seen.text = await call.text();
        seen.auth = call.headers.get("authorization");
        return reply;
      },
    });

  it("hands the backend the path, the JSON body and the headers, and reads its envelope", async () => {
    const seen: { path?: string; text?: string; auth?: string | null } = {};
    const r = await performCall(answering({ status: 200, body: JSON.stringify({ code: 1, data: { n: 2 } }) }, seen), "/x/y", { a: 1 }, new Headers({ Authorization: "tok" }));
    expect(r).toEqual({ ok: true, data: { n: 2 } });
    expect(seen).toEqual({ path: "/client/x/y", text: '{"a":1}', auth: "tok" });
  });

  it("maps statuses and codes as over HTTP, and decrypts", async () => {
    expect(await performCall(answering({ status: 404, body: "{}" }), "/nope", {}, new Headers())).toEqual({ ok: false, code: -404, msg: "Error in request address: http://b/client/nope" });
    expect(await performCall(answering({ status: 200, body: JSON.stringify({ code: 3, msg: "Please log in first." }) }), "/x", {}, new Headers())).toEqual({ ok: false, code: 3, msg: "Please log in first." });
    const key = "in-process-key";
    const encrypted = answering({ status: 200, body: JSON.stringify({ code: 1, encrypt: encryptData({ secret: 7 }, key) }) });
    expect(await performCall({ ...encrypted, encryptionKey: key }, "/x", {}, new Headers())).toEqual({ ok: true, data: { secret: 7 } });
  });

  it("uploads still go as a multipart Request", async () => {
    const form = new FormData();
    form.set("type", "avatar");
    expect(await performCall(answering({ status: 200, body: "{}" }), "/image/uploadImage", {}, new Headers(), { form })).toEqual({ ok: true, data: "from fetch" });
  });
});

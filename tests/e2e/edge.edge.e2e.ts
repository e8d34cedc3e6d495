/**
 * What only the edge web tier must prove; runs in the edge pass (vitest.edge.config.ts),
 * where the server is the backend alone on Node and build/edge/worker.js on workerd in front of it:
 *
 * - the worker bundle imports nothing (no `node:` module, no package left outside), and is
 *   within Cloudflare's size limit for a free worker, compressed;
 * - the split deployment's security at the edge: the token never reaches the browser; a forged
 *   or stale session cookie is refused; the edge answers no /client call;
 * - static files with the Node tier's cache headers and precompressed copies; avatars streamed
 *   from the backend's blob store through the edge.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import sharp from "sharp";
import { rawRequest } from "../support/raw-http";
import { describe, expect, test } from "vitest";
import { sign } from "../../app/services/kit/cookie-signing";
import { EDGE_ASSETS, EDGE_METAFILE, EDGE_WORKER } from "../../scripts/build-edge";
import { unexpectedImports, type Metafile } from "../../scripts/edge-bundle";
import { apiClient } from "./support/api";
import { signInByForm } from "./support/browser";
import { EDGE_RESPONSE_KEY } from "./support/server";
import { useServerAndBrowser } from "./support/suite";
import { decryptData } from "../../backend/http/response-crypto";

const e2e = useServerAndBrowser({ failureShots: "edge" });
const SELLER = { email: "seller@demo.test", password: "demo1234" };
const FREE_WORKER_LIMIT = 3 * 1024 * 1024;

/** The session cookie's payload: Remix writes base64(JSON) and our WebCrypto signature after a dot. */
function sessionPayload(cookieValue: string): Record<string, unknown> {
  const signed = decodeURIComponent(cookieValue);
  return JSON.parse(atob(signed.slice(0, signed.lastIndexOf(".")))) as Record<string, unknown>;
}
const raw = (url: string, method: string, headers: Record<string, string>) => rawRequest(url, { method, headers, headersOnly: method === "POST" });
const rawGet = (url: string, headers: Record<string, string>) => raw(url, "GET", headers);
const rawPost = (url: string, headers: Record<string, string>) => raw(url, "POST", { "accept-encoding": "identity", ...headers });

const encodePayload = (payload: Record<string, unknown>) => btoa(JSON.stringify(payload));

describe("the worker bundle", () => {
  test("imports nothing from outside itself (no Node module) and fits a free worker, compressed", () => {
    const metafile = JSON.parse(readFileSync(EDGE_METAFILE, "utf8")) as Metafile;
    expect(unexpectedImports(metafile)).toEqual([]);
    expect(gzipSync(readFileSync(EDGE_WORKER)).length).toBeLessThan(FREE_WORKER_LIMIT);
  });

  test("the import check catches a Node module, a bare package and an unguarded require", () => {
    const worker = (imports: { path: string; kind: string; external?: boolean }[]): Metafile => ({ outputs: { "build/edge/worker.js": { imports } } });
    expect(unexpectedImports(worker([{ path: "app/x.ts", kind: "import-statement" }]))).toEqual([]);
    expect(
      unexpectedImports(
        worker([
          { path: "node:fs", kind: "import-statement", external: true },
          { path: "pg", kind: "dynamic-import", external: true },
          { path: "zlib", kind: "require-call", external: true },
          { path: "crypto", kind: "import-statement", external: true },
        ]),
      ),
    ).toEqual(["import-statement node:fs", "dynamic-import pg", "require-call zlib", "import-statement crypto"]);
  });
});

describe("the session proxy at the edge", () => {
  for (const js of [true, false]) {
    test(`JavaScript ${js ? "on" : "off"}: the token stays in the HttpOnly cookie; no page, script or data answer carries it`, () =>
      e2e.withPage(js, async (page, context) => {
        const bodies: string[] = [];
        page.on("response", (res) => {
          const type = res.headers()["content-type"] ?? "";
          if (/html|json|javascript|text/.test(type)) void res.text().then((t) => bodies.push(t), () => undefined);
        });
        await signInByForm(page, e2e.server.url, js, SELLER, "/account");
        await page.goto(`${e2e.server.url}/orderList`);
        const session = (await context.cookies(e2e.server.url)).find((c) => c.name === "__session")!;
        expect(session.httpOnly).toBe(true);
        const token = sessionPayload(session.value).token as string;
        expect(token.length).toBeGreaterThan(10);
        expect(await page.evaluate(() => document.cookie)).not.toContain(token);
        await page.waitForLoadState("networkidle");
        expect(bodies.length).toBeGreaterThan(1);
        for (const body of bodies) expect(body).not.toContain(token);
      }));
  }

  test("a forged cookie (payload changed, signature kept) and a stale one (another secret) are refused", async () => {
    const login = await fetch(`${e2e.server.url}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: e2e.server.url },
      body: new URLSearchParams({ type: "EMAIL", email: SELLER.email, loginPwd: SELLER.password }),
    });
    const raw = login.headers.getSetCookie().find((c) => c.startsWith("__session="));
    expect(raw, `login answered ${login.status}`).toBeDefined();
    const value = raw!.split(";")[0].slice("__session=".length);
    const account = (cookie: string) => fetch(`${e2e.server.url}/account`, { redirect: "manual", headers: { cookie: `__session=${cookie}` } });

    // The genuine cookie opens the account.
    const genuine = await account(value);
    expect(genuine.status).toBe(200);
    expect(await genuine.text()).toContain('data-testid="balance-available"');

    const signed = decodeURIComponent(value);
    const mac = signed.slice(signed.lastIndexOf(".") + 1);
    const payload = sessionPayload(value);
    const forged = encodeURIComponent(`${encodePayload({ ...payload, profile: { ...(payload.profile as object), level: 9 } })}.${mac}`);
    const stale = encodeURIComponent(await sign(encodePayload(payload), "another-secret-entirely"));
    // Each is read as no session: the account page's signed-out answer (Go To Login?, 401).
    for (const cookie of [forged, stale]) {
      const res = await account(cookie);
      expect(res.status).toBe(401);
      expect(await res.text()).not.toContain(SELLER.email);
    }
  });

  test("the edge answers no /client call; the backend behind it does", async () => {
    const onEdge = await fetch(`${e2e.server.url}/client/cardType/getCardType`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}", redirect: "manual" });
    // The unknown-path answer, whatever the method (ADR 0034): home, never an envelope.
    expect(onEdge.status).toBe(302);
    expect(onEdge.headers.get("location")).toBe("/home");
    expect(await onEdge.text()).not.toContain('"code"');
    const onBackend = await fetch(`${e2e.server.apiUrl}/client/cardType/getCardType`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(((await onBackend.json()) as { code: number }).code).toBe(1);
  });
});

describe("files through the edge", () => {
  test("hashed build files: the brotli copy made at build time, byte for byte, immutable for a year; gzip for a gzip-only client", async () => {
    // node:http, one connection per request, throughout: fetch would also reuse a connection the
    // previous test's refused post may have left closing.
    const html = (await rawGet(`${e2e.server.url}/home`, { "accept-encoding": "identity" })).bytes.toString();
    const script = html.match(/\/build\/[^"]+\.js/)![0];
    const stored = readFileSync(join(EDGE_ASSETS, `${script}.br`));
    const br = await rawGet(`${e2e.server.url}${script}`, { "accept-encoding": "br" });
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(br.headers["vary"]).toMatch(/Accept-Encoding/i);
    // Sent as stored: compressing on the fly would not give the same bytes as brotli at quality 11.
    expect(br.bytes.equals(stored)).toBe(true);
    const gz = await rawGet(`${e2e.server.url}${script}`, { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.bytes).equals(brotliDecompressSync(stored))).toBe(true);
    const head = await raw(`${e2e.server.url}${script}`, "HEAD", { "accept-encoding": "br" });
    expect(head.status).toBe(200);
    expect(head.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(head.bytes.length).toBe(0);

    const icon = await rawGet(`${e2e.server.url}/favicon.svg`, { "accept-encoding": "identity" });
    expect(icon.status).toBe(200);
    expect(icon.headers["cache-control"]).toBe("public, max-age=3600");
    const etag = icon.headers["etag"] as string;
    expect(etag).toBeTruthy();
    expect((await rawGet(`${e2e.server.url}/favicon.svg`, { "if-none-match": etag })).status).toBe(304);
    // Outside the assets: no file, Remix's answer (not a file of the machine).
    for (const path of ["/build/../wrangler.toml", "/build/%2e%2e/package.json"]) {
      const res = await rawGet(`${e2e.server.url}${path}`, { "accept-encoding": "identity" });
      expect(res.bytes.toString()).not.toMatch(/compatibility_date|"dependencies"/);
    }
  });

  test("a page and a build file are encoded only as the client accepts: none without the header or with identity, else gzip or br", async () => {
    const html = (await rawGet(`${e2e.server.url}/home`, { "accept-encoding": "identity" })).bytes.toString();
    const script = html.match(/\/build\/[^"]+\.js/)![0];
    for (const path of ["/home", script]) {
      const none = await rawRequest(`${e2e.server.url}${path}`, { headers: {} }); // node:http sends no Accept-Encoding unless told
      expect(none.headers["content-encoding"], `${path} without Accept-Encoding`).toBeUndefined();
      if (path === "/home") expect(none.bytes.toString()).toContain("<!DOCTYPE html>");
      const identity = await rawGet(`${e2e.server.url}${path}`, { "accept-encoding": "identity" });
      expect(identity.headers["content-encoding"]).toBeUndefined();
      const gzip = await rawGet(`${e2e.server.url}${path}`, { "accept-encoding": "gzip" });
      expect(gzip.headers["content-encoding"]).toBe("gzip");
      expect(gunzipSync(gzip.bytes).length).toBeGreaterThan(0);
      const br = await rawGet(`${e2e.server.url}${path}`, { "accept-encoding": "br" });
      expect(br.headers["content-encoding"]).toBe("br");
      expect(brotliDecompressSync(br.bytes).length).toBeGreaterThan(0);
    }
  });

  test("form posts: over the cap 413, with no stated length 411, before Remix reads them", async () => {
    const big = await rawPost(`${e2e.server.url}/login`, { "content-type": "application/x-www-form-urlencoded", "content-length": String(2 * 1024 * 1024), origin: e2e.server.url });
    expect(big.status).toBe(413);
    expect(big.bytes.toString()).toBe("The request is too large.");
    const chunked = await rawPost(`${e2e.server.url}/login`, { "content-type": "application/x-www-form-urlencoded", "transfer-encoding": "chunked", origin: e2e.server.url });
    expect(chunked.status).toBe(411);
  });

  test("an avatar in the backend's blob store is streamed through the edge", async () => {
    const { login } = apiClient(() => e2e.server.apiUrl);
    const token = await login({ email: "seller2@demo.test", password: "demo1234" });
    const form = new FormData();
    const jpeg = await sharp({ create: { width: 48, height: 48, channels: 3, background: "#14804a" } }).jpeg().toBuffer();
    form.set("file", new File([new Uint8Array(jpeg)], "me.jpg", { type: "image/jpeg" }));
    form.set("type", "avatar");
    const up = (await (await fetch(`${e2e.server.apiUrl}/client/image/uploadImage`, { method: "POST", headers: { authorization: token }, body: form })).json()) as { code: number; encrypt: string };
    expect(up.code).toBe(1);
    // Behind the edge the backend answers encrypted (the key both halves share).
    const { path } = decryptData(up.encrypt, EDGE_RESPONSE_KEY) as { path: string };
    const res = await fetch(`${e2e.server.url}${path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(48);
  });
});

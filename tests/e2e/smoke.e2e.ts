/**
 * Smoke test: the server starts, "/" lands on /home and the page offers
 * "Sign In", with JavaScript on and off. And the server reads no unbounded
 * body: a form post over the cap gets 413, a chunked one 411, on the web tier
 * and on /client alike, while an ordinary sign-in post still works. An uploaded
 * avatar is served publicly by the web tier from the backend's blob store.
 */
import { request as httpRequest } from "node:http";
import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { shot } from "./support/browser";
import { apiClient } from "./support/api";
import { useServerAndBrowser } from "./support/suite";

const e2e = useServerAndBrowser();

for (const js of [true, false]) {
  describe(`JavaScript ${js ? "on" : "off"}`, () => {
    test("/ lands on /home and offers Sign In", async () => {
      await e2e.withPage(js, async (page) => {
        await page.goto(`${e2e.server.url}/`);
        // A server redirect is already done here; a client-side one is awaited.
        await page.waitForURL((u) => u.pathname.endsWith("/home"));
        expect(new URL(page.url()).pathname).toMatch(/\/home$/);

        await page.getByText("Sign In").first().waitFor({ state: "visible" });
        expect(await page.locator("body").innerText()).toContain("Sign In");

        await shot(page, `smoke-home-js-${js ? "on" : "off"}`);
      });
    });
  });
}

/** Sends only the headers (and one chunk when chunked) and reads the answer the server gives at once. */
function postHeadersOnly(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: "POST", headers });
    req.on("response", (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    if (headers["Transfer-Encoding"]) req.write("a=1&");
    else req.flushHeaders();
  });
}

describe("request bodies are bounded", () => {
  test("web tier: 413 over 1 MB, 411 when chunked; /client answers the same in its envelope", async () => {
    const form = { "Content-Type": "application/x-www-form-urlencoded" };
    const big = await postHeadersOnly(`${e2e.server.url}/login`, { ...form, "Content-Length": String(2 * 1024 * 1024) });
    expect(big).toEqual({ status: 413, body: "The request is too large." });
    const chunked = await postHeadersOnly(`${e2e.server.url}/login`, { ...form, "Transfer-Encoding": "chunked" });
    expect(chunked.status).toBe(411);

    const json = { "Content-Type": "application/json" };
    const bigApi = await postHeadersOnly(`${e2e.server.url}/client/userAuth/login`, { ...json, "Content-Length": String(64 * 1024 * 1024) });
    expect(bigApi.status).toBe(413);
    expect(JSON.parse(bigApi.body)).toEqual({ code: 2, msg: "The request is too large." });
    const chunkedApi = await postHeadersOnly(`${e2e.server.url}/client/userAuth/login`, { ...json, "Transfer-Encoding": "chunked" });
    expect(chunkedApi.status).toBe(411);
    expect(JSON.parse(chunkedApi.body).code).toBe(2);

    // A 2 MB declared body is fine where the no-JS sell form posts its photos (it is not read here: no session).
    const sell = await postHeadersOnly(`${e2e.server.url}/sellCard/1`, { ...form, "Content-Length": String(2 * 1024 * 1024) });
    expect(sell.status).not.toBe(413);
  });

  test("an ordinary sign-in post is read and answered", async () => {
    const res = await fetch(`${e2e.server.url}/login`, {
      method: "POST",
      headers: { origin: e2e.server.url },
      body: new URLSearchParams({ type: "EMAIL", email: "seller@demo.test", loginPwd: "demo1234" }),
      redirect: "manual",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("set-cookie")).toBeTruthy();
  });
});

describe("avatars", () => {
  test("an uploaded avatar is served at its /files/avatar/ path, cached for a year; unknown ones are 404", async () => {
    const api = apiClient(() => e2e.server.apiUrl);
    const token = await api.login({ email: "seller2@demo.test", password: "demo1234" });
    const form = new FormData();
    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#2f54d6" } }).jpeg().toBuffer();
    form.set("file", new File([new Uint8Array(jpeg)], "me.jpg", { type: "image/jpeg" }));
    form.set("type", "avatar");
    const up = await fetch(`${e2e.server.url}/client/image/uploadImage`, { method: "POST", headers: { authorization: token }, body: form });
    const { code, data } = (await up.json()) as { code: number; data: { path: string } };
    expect(code).toBe(1);
    expect(data.path).toMatch(/^\/files\/avatar\/[0-9a-f-]{36}\.jpg$/);

    const res = await fetch(`${e2e.server.url}${data.path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(64);
    expect((await fetch(`${e2e.server.url}/files/avatar/00000000-0000-0000-0000-000000000000.jpg`)).status).toBe(404);
  });
});

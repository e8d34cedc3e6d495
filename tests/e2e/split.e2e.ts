/**
 * The web tier on its own host (CLIENT_API_URL): one server runs the backend, a
 * second runs only the web tier and calls the first over HTTP, both with
 * RESPONSE_ENCRYPTION_KEY so every envelope crosses the wire encrypted. In
 * Chromium, with JavaScript on and off: home renders the backend's catalogue,
 * the demo seller signs in and sees the wallet; the web host streams an avatar from the
 * backend's blob store; and the web host serves no /client calls itself.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { launchBrowser, newContext, signInByForm } from "./support/browser";
import { decryptData } from "../../backend/http/response-crypto";
import { startServer, type StartedServer } from "./support/server";
import type { Browser } from "playwright-core";

const KEY = { RESPONSE_ENCRYPTION_KEY: "split-deployment-test-key" };
let backend: StartedServer;
let web: StartedServer;
let browser: Browser;

beforeAll(async () => {
  backend = await startServer({ env: KEY });
  web = await startServer({ env: { ...KEY, CLIENT_API_URL: backend.url } });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await web?.stop();
  await backend?.stop();
});

describe("web tier and backend on two hosts", () => {
  test("the backend's envelopes are encrypted; the web host answers no /client call itself", async () => {
    const res = await fetch(`${backend.url}/client/cardType/getCardType`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    const env = (await res.json()) as { code: number; data?: unknown; encrypt?: string };
    expect(env.code).toBe(1);
    expect(env.data).toBeUndefined();
    expect(env.encrypt).toMatch(/^[A-Za-z0-9+/=]+$/);
    const onWeb = await fetch(`${web.url}/client/cardType/getCardType`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}", redirect: "manual" });
    // The web host is no /client backend: a POST there gets the unknown-path answer (home, ADR 0034).
    expect(onWeb.status).toBe(302);
    expect(onWeb.headers.get("location")).toBe("/home");
    expect(await onWeb.text()).not.toContain('"code"');
  });

  for (const js of [true, false]) {
    test(`JavaScript ${js ? "on" : "off"}: browse and sign in through the web host; the session cookie is HttpOnly`, async () => {
      const context = await newContext(browser, { js });
      try {
        const page = await context.newPage();
        await page.goto(`${web.url}/home`);
        expect(await page.getByTestId("card-type").count()).toBeGreaterThan(3);
        await signInByForm(page, web.url, js, { email: "seller@demo.test", password: "demo1234" }, "/account");
        expect(Number(await page.getByTestId("balance-available").getAttribute("data-amount"))).toBeGreaterThan(0);
        const cookies = await context.cookies(web.url);
        expect(cookies.some((c) => c.httpOnly)).toBe(true);
      } finally {
        await context.close();
      }
    });
  }

  test("the web host streams an avatar from the backend's blob store", async () => {
    const call = async (path: string, init: RequestInit) => {
      const env = (await (await fetch(`${backend.url}/client${path}`, { method: "POST", ...init })).json()) as { code: number; msg?: string; encrypt?: string };
      expect(env.code, env.msg).toBe(1);
      return decryptData(env.encrypt!, KEY.RESPONSE_ENCRYPTION_KEY) as any;
    };
    const { token } = await call("/userAuth/login", {
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ loginName: "seller2@demo.test", loginPwd: "demo1234", type: "EMAIL" }),
    });
    const form = new FormData();
    const jpeg = await sharp({ create: { width: 48, height: 48, channels: 3, background: "#14804a" } }).jpeg().toBuffer();
    form.set("file", new File([new Uint8Array(jpeg)], "me.jpg", { type: "image/jpeg" }));
    form.set("type", "avatar");
    const { path } = await call("/image/uploadImage", { headers: { authorization: token }, body: form });
    expect(path).toMatch(/^\/files\/avatar\/[0-9a-f-]{36}\.jpg$/);

    const res = await fetch(`${web.url}${path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(48);
    expect((await fetch(`${web.url}/files/avatar/00000000-0000-0000-0000-000000000000.jpg`)).status).toBe(404);
  });
});

/**
 * Bundle check (docs/architecture.md#rule-7): the chat SDK's code is not in the
 * JavaScript of /home. Against the built output, in Chromium: every script /home loads
 * (script requests and modulepreload links) is fetched and searched for tim-js-sdk's
 * marker strings (its Tencent endpoints "my-imcloud.com", "TIM.create"); nor does /home
 * load any chat chunk. /message, signed in, does load the chat adapter chunk: the
 * built-in one by default, and with CHAT_PROVIDER=tencent the tim-js-sdk one (which
 * then carries the markers). And /home ships no zod: only forms need it, and a hydrated form
 * page (/security/loginPassword; the sign-in and sign-up pages are islands-only, ADR 0067)
 * fetches it when a field is first focused, not with the page.
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { MESSAGES } from "../../contract/messages";
import { launchBrowser, newContext } from "./support/browser";
import { startServer, type StartedServer } from "./support/server";
import type { Browser } from "playwright-core";

/** Strings found in tim-js-sdk's dist (node_modules/tim-js-sdk/tim-js.js) and nowhere in our code. */
const TIM_MARKERS = ["my-imcloud.com", "TIM.create", "events.im.qcloud.com"];
/** zod's error class name, kept by the minifier as a string in its dist. */
const ZOD_MARKER = "ZodError";
const CHAT_CHUNK = /\/build\/.*(ChatWindow\.client|builtin\.client|tencent\.client|ConversationListLive\.client)-[A-Z0-9-]+\.js$/;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Records every script URL a page asks for, and lists its modulepreload links. */
function recordScripts(page: Page): { urls: Set<string>; all(): Promise<string[]> } {
  const urls = new Set<string>();
  page.on("request", (r) => {
    if (r.resourceType() === "script" || /\.m?js(\?|$)/.test(r.url())) urls.add(r.url());
  });
  return {
    urls,
    async all() {
      const preloads = await page.locator('link[rel="modulepreload"]').evaluateAll((els) => els.map((e) => (e as HTMLLinkElement).href));
      for (const p of preloads) urls.add(p);
      return [...urls].filter((u) => u.startsWith("http"));
    },
  };
}

async function bodies(context: BrowserContext, urls: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const u of urls) {
    const res = await context.request.get(u);
    expect(res.status(), u).toBe(200);
    out.set(u, await res.text());
  }
  return out;
}

async function signIn(page: Page, server: StartedServer, to: string) {
  await page.goto(`${server.url}/login?redirectTo=${encodeURIComponent(to)}`);
  await page.locator("[data-hydrated]").waitFor({ state: "attached" });
  await page.getByLabel("Email").fill("seller@demo.test");
  await page.getByLabel("Password", { exact: true }).fill("demo1234");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await page.waitForURL((u) => u.pathname === to);
  await page.locator("[data-hydrated]").waitFor({ state: "attached" });
}

async function homeScripts(server: StartedServer, signedIn: boolean): Promise<Map<string, string>> {
  const context = await newContext(browser, { js: true });
  try {
    const page = await context.newPage();
    if (signedIn) await signIn(page, server, "/home");
    const rec = recordScripts(page);
    await page.goto(`${server.url}/home`);
    await page.locator("[data-hydrated]").waitFor({ state: "attached" });
    await page.waitForLoadState("networkidle");
    const urls = await rec.all();
    // The touches script at least (/home is islands-only, ADR 0067): the recorder saw the page's scripts.
    expect(urls.some((u) => u.includes("/_touches/"))).toBe(true);
    return await bodies(context, urls);
  } finally {
    await context.close();
  }
}

function expectNoChat(scripts: Map<string, string>) {
  for (const [url, body] of scripts) {
    for (const marker of TIM_MARKERS) expect(body.includes(marker), `${url} contains ${marker}`).toBe(false);
    expect(url, "a chat chunk on /home").not.toMatch(CHAT_CHUNK);
  }
}

/** Opens /message signed in; the scripts loaded once the adapter chunk named `chunk` arrived. */
async function messageScripts(server: StartedServer, chunk: RegExp): Promise<Map<string, string>> {
  const context = await newContext(browser, { js: true });
  try {
    const page = await context.newPage();
    const rec = recordScripts(page);
    await signIn(page, server, "/message");
    await expect.poll(() => [...rec.urls].some((u) => chunk.test(u)), { timeout: 20_000 }).toBe(true);
    return await bodies(context, await rec.all());
  } finally {
    await context.close();
  }
}

describe("the chat SDK stays off pages without chat", () => {
  describe("built-in chat (the default)", () => {
    let server: StartedServer;
    beforeAll(async () => {
      server = await startServer();
    });
    afterAll(async () => {
      await server?.stop();
    });

    test("/home (signed out and signed in) loads no chat code", async () => {
      expectNoChat(await homeScripts(server, false));
      expectNoChat(await homeScripts(server, true));
    });

    test("/home loads no zod (enums are plain values); a hydrated form page fetches it when a field is first focused, then checks on blur without a post", async () => {
      for (const signedIn of [false, true]) {
        for (const [url, body] of await homeScripts(server, signedIn)) expect(body.includes(ZOD_MARKER), `${url} contains zod`).toBe(false);
      }
      const context = await newContext(browser, { js: true });
      try {
        const page = await context.newPage();
        await signIn(page, server, "/home");
        const rec = recordScripts(page);
        const posts: string[] = [];
        page.on("request", (r) => {
          if (r.method() === "POST") posts.push(r.url());
        });
        await page.goto(`${server.url}/security/loginPassword?step=form`);
        await page.locator("[data-hydrated]").waitFor({ state: "attached" });
        await page.waitForLoadState("networkidle");
        const upFront = await bodies(context, await rec.all());
        for (const [url, body] of upFront) expect(body.includes(ZOD_MARKER), `${url} contains zod before any field is used`).toBe(false);

        const field = page.getByLabel("New Password", { exact: true });
        await field.focus();
        const zodArrived = async () => [...(await bodies(context, [...rec.urls].filter((u) => !upFront.has(u)))).values()].some((b) => b.includes(ZOD_MARKER));
        await expect.poll(zodArrived, { timeout: 10_000, message: "zod arrives after the first focus" }).toBe(true);

        // Validated in the browser now: a bad password shows the spec's message on blur, with no post.
        await field.fill("ab");
        await field.blur();
        await page.getByText(MESSAGES.password).waitFor();
        expect(posts).toEqual([]);
      } finally {
        await context.close();
      }
    });

    test("/message loads the built-in adapter, and still no tim-js-sdk", async () => {
      const scripts = await messageScripts(server, /\/builtin\.client-[A-Z0-9-]+\.js$/);
      const adapter = [...scripts].find(([u]) => /builtin\.client-/.test(u));
      expect(adapter?.[1]).toContain("ChatHttpError");
      for (const [url, body] of scripts) for (const marker of TIM_MARKERS) expect(body.includes(marker), `${url} contains ${marker}`).toBe(false);
    });
  });

  describe("Tencent Cloud Chat (CHAT_PROVIDER=tencent)", () => {
    let server: StartedServer;
    beforeAll(async () => {
      server = await startServer({
        env: { CHAT_PROVIDER: "tencent", TIM_SDKAPPID: "1400000001", TIM_SECRET_KEY: "e2e-tencent-secret-key-0123456789abcdef" },
      });
    });
    afterAll(async () => {
      await server?.stop();
    });

    test("/home loads no tim-js-sdk; /message loads it lazily", async () => {
      expectNoChat(await homeScripts(server, true));
      const scripts = await messageScripts(server, /\/tencent\.client-[A-Z0-9-]+\.js$/);
      const tencent = [...scripts].filter(([, body]) => body.includes("my-imcloud.com"));
      expect(tencent.length).toBeGreaterThan(0);
      for (const [url] of tencent) expect(url).toMatch(/tencent\.client-|chunk-/);
    });
  });
});

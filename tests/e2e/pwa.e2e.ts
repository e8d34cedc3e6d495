/**
 * The installable app and its offline shell (ADR 0077), in Chromium with the service worker let in
 * (the other suites keep it out: support/browser.ts newContext):
 * - installable: the manifest, its icons and a worker that controls the page (Chromium's own
 *   installability check answers no error);
 * - without a network a page shows the offline page at the address she asked for, and "Try again"
 *   loads it once the network is back; nothing stored is a page of hers or an API answer;
 * - a repeat visit takes every script from the worker's cache;
 * - a new build's worker replaces the old one under an open page, which goes on working;
 * - without JavaScript: no worker, the pages as ever, /offline a plain page.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { OFFLINE_TEXT } from "../../app/routes/offline";
import { pageReady, shot, signInSession } from "./support/browser";
import { onEdge, REPO_ROOT } from "./support/server";
import { useServerAndBrowser } from "./support/suite";

const e2e = useServerAndBrowser({ failureShots: "pwa" });
const SELLER = { email: "seller@demo.test", password: "demo1234", nickname: "DemoSeller" };

/** Waits until a worker controls the page (it registers after the load and an idle moment). */
async function controlled(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const sw = navigator.serviceWorker;
    await sw.ready;
    if (!sw.controller) await new Promise((r) => sw.addEventListener("controllerchange", r, { once: true }));
    return sw.controller!.scriptURL;
  });
}

/** Every cache's entries, as paths by cache name. */
function cached(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys()) out[name] = (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname);
    return out;
  });
}

describe("installable, with an offline shell (JavaScript on)", () => {
  test("installable; offline shows the offline page at her address and Try again loads it; no page of hers or API answer is stored", () =>
    e2e.withPage(
      true,
      async (page, context) => {
        await signInSession(context, e2e.server.url, SELLER);
        const sw = await context.request.get(`${e2e.server.url}/sw.js`);
        expect(sw.headers()["cache-control"]).toBe("no-cache");
        const manifest = await (await context.request.get(`${e2e.server.url}/manifest.webmanifest`)).json();
        expect(manifest).toMatchObject({ short_name: "GiftMarket", start_url: "/home", display: "standalone" });
        for (const icon of manifest.icons as { src: string }[]) {
          const r = await context.request.get(`${e2e.server.url}${icon.src}`);
          expect([r.status(), r.headers()["content-type"]], icon.src).toEqual([200, "image/png"]);
        }

        await page.goto(`${e2e.server.url}/home`);
        await pageReady(page, true);
        expect(new URL(await controlled(page)).pathname).toBe("/sw.js");
        const cdp = await context.newCDPSession(page);
        const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
        // A test context is an incognito profile, which Chromium never installs to: that is the one error allowed.
        expect(installabilityErrors.filter((e) => e.errorId !== "in-incognito")).toEqual([]);

        // Her pages, with her balance and orders, while online.
        for (const path of ["/account", "/orderList"]) {
          await page.goto(`${e2e.server.url}${path}`);
          await pageReady(page, true);
        }
        await context.setOffline(true);
        await page.goto(`${e2e.server.url}/orderList?status=1`);
        await page.getByText(OFFLINE_TEXT).waitFor();
        expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/orderList?status=1");
        expect(await page.content()).not.toContain(SELLER.nickname);
        await shot(page, "pwa-offline-390");

        const stores = await cached(page);
        const paths = Object.values(stores).flat();
        expect(paths).toContain("/offline");
        const notShell = paths.filter((p) => p !== "/offline" && !p.startsWith("/build/") && !p.startsWith("/icons/") && p !== "/manifest.webmanifest" && p !== "/favicon.svg");
        expect(notShell).toEqual([]);

        await context.setOffline(false);
        await page.getByRole("link", { name: "Try again" }).click();
        await page.getByRole("heading", { level: 1, name: "Orders" }).waitFor();
        expect(new URL(page.url()).pathname).toBe("/orderList");
      },
      { worker: true },
    ));

  test("a repeat visit takes every script from the worker's cache", () =>
    e2e.withPage(
      true,
      async (page, context) => {
        await signInSession(context, e2e.server.url, SELLER);
        await page.goto(`${e2e.server.url}/home`);
        await pageReady(page, true);
        await controlled(page);
        // A hydrated page (the framework's scripts) and an islands-only one (the touches script).
        for (const path of ["/profile", "/home", "/profile", "/home"]) {
          const scripts: { path: string; fromWorker: boolean }[] = [];
          page.on("response", (r) => {
            if (r.request().resourceType() === "script") scripts.push({ path: new URL(r.url()).pathname, fromWorker: r.fromServiceWorker() });
          });
          await page.goto(`${e2e.server.url}${path}`);
          await pageReady(page, true);
          page.removeAllListeners("response");
          expect(scripts.length, path).toBeGreaterThan(0);
          expect(scripts.filter((s) => !s.fromWorker), path).toEqual([]);
        }
        // Each of them is in a cache by now: the second round was answered without the network.
        const stored = new Set(Object.values(await cached(page)).flat());
        const used = await page.evaluate(() => [...document.querySelectorAll<HTMLScriptElement>("script[src]")].map((s) => new URL(s.src).pathname));
        expect(used.filter((p) => !stored.has(p))).toEqual([]);
      },
      { worker: true },
    ));

  test.skipIf(onEdge())("a new build's worker takes over under an open page, which goes on working", () =>
    e2e.withPage(
      true,
      async (page, context) => {
        const file = join(REPO_ROOT, "public", "sw.js");
        const old = readFileSync(file, "utf8");
        const version = /shell-([0-9a-f]{12})/.exec(old)?.[1];
        expect(version).toBeTruthy();
        await signInSession(context, e2e.server.url, SELLER);
        try {
          await page.goto(`${e2e.server.url}/orderList`);
          await pageReady(page, true);
          await controlled(page);
          expect(Object.keys(await cached(page))).toContain(`shell-${version}`);
          // The next build: another shell version (what a changed stylesheet or script gives).
          writeFileSync(file, old.split(version!).join("0123456789ab"));
          const switched = page.evaluate(() => new Promise((r) => navigator.serviceWorker.addEventListener("controllerchange", r, { once: true })));
          await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
          await switched;
          await expect.poll(async () => Object.keys(await cached(page)).filter((k) => k.startsWith("shell-"))).toEqual(["shell-0123456789ab"]);
          // The open page (old build) goes on: its links and its touches work.
          await page.getByRole("link", { name: "Completed" }).click();
          await page.waitForURL((u) => u.searchParams.get("status") === "4");
          await pageReady(page, true);
          await context.setOffline(true);
          await page.goto(`${e2e.server.url}/withdrawList`);
          await page.getByText(OFFLINE_TEXT).waitFor();
        } finally {
          writeFileSync(file, old);
          await context.setOffline(false);
        }
      },
      { worker: true },
    ));
});

describe("without JavaScript", () => {
  test("no worker; the manifest is linked; /offline is a plain page with its links", () =>
    e2e.withPage(false, async (page) => {
      await page.goto(`${e2e.server.url}/home`);
      expect(await page.locator('link[rel="manifest"]').getAttribute("href")).toBe("/manifest.webmanifest");
      await page.goto(`${e2e.server.url}/offline`);
      await page.getByText(OFFLINE_TEXT).waitFor();
      expect(await page.getByRole("link", { name: "Home" }).getAttribute("href")).toBe("/home");
      await shot(page, "pwa-offline-390-nojs");
    }));
});

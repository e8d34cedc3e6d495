/**
 * Smoke test: the server starts, "/" lands on /home and the page offers
 * "Sign In", with JavaScript on and off.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { launchBrowser, newContext, shot } from "./support/browser";
import { startServer, type StartedServer } from "./support/server";

let server: StartedServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

for (const js of [true, false]) {
  describe(`JavaScript ${js ? "on" : "off"}`, () => {
    test("/ lands on /home and offers Sign In", async () => {
      const context = await newContext(browser, { js });
      try {
        const page = await context.newPage();
        await page.goto(`${server.url}/`);
        // A server redirect is already done here; a client-side one is awaited.
        await page.waitForURL((u) => u.pathname.endsWith("/home"));
        expect(new URL(page.url()).pathname).toMatch(/\/home$/);

        await page.getByText("Sign In").first().waitFor({ state: "visible" });
        expect(await page.locator("body").innerText()).toContain("Sign In");

        await shot(page, `smoke-home-js-${js ? "on" : "off"}`);
      } finally {
        await context.close();
      }
    });
  });
}

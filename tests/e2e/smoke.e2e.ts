/**
 * Smoke test: the server starts, "/" lands on /home and the page offers
 * "Sign In", with JavaScript on and off.
 */
import { describe, expect, test } from "vitest";
import { shot } from "./support/browser";
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

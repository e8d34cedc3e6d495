/**
 * /webView (docs/product/screens.md) and safe-back, with JavaScript on and off: a footer page opens in the web view
 * with its title and a frame of the configured address; an unknown key or an address passed in the
 * link goes back home with a note, leaving nothing in the history; Back returns to the page we came from (with JavaScript), or goes to
 * the parent page (without, or when we came from elsewhere).
 */
import { describe, expect, test } from "vitest";
import { shot, signInAs } from "./support/browser";
import { useServerAndBrowser } from "./support/suite";
import { newSeller } from "./support/users";

const e2e = useServerAndBrowser({ failureShots: "web-view" });

for (const js of [true, false]) {
  const mode = js ? "with JavaScript" : "without JavaScript";
  describe(`web view and safe-back ${mode}`, () => {
    test("a footer page in the web view; nothing for an unknown page or a passed address; Back", () =>
      e2e.withPage(js, async (page) => {
        await page.goto(`${e2e.server.url}/home?promo=closed`);
        const help = page.locator("footer").getByRole("link", { name: "Help Center" });
        expect(await help.getAttribute("href")).toBe("/webView?page=helpCenter");
        await help.click();
        await page.waitForURL((u) => u.pathname === "/webView");
        await page.getByRole("heading", { name: "Help Center" }).waitFor();
        const frame = page.getByTestId("web-view-frame");
        expect(await frame.getAttribute("src")).toMatch(/^https?:\/\//);
        expect(await frame.getAttribute("title")).toBe("Help Center");
        expect(await frame.getAttribute("sandbox")).not.toContain("allow-top-navigation");
        await shot(page, `web-view-390-${js ? "js" : "nojs"}`);
        await page.getByRole("link", { name: "Back" }).click();
        await page.waitForURL((u) => u.pathname === "/home");

        // An external banner (type 1 or 3) opens in the web view through /banner/{id}, which records the click.
        await page.goto(`${e2e.server.url}/home?promo=closed`);
        const external = page.locator('section[aria-roledescription="carousel"]:visible a[href^="/banner/"]').nth(1);
        await external.click();
        await page.waitForURL((u) => u.pathname === "/webView" && u.searchParams.has("banner"));
        await page.getByRole("heading", { name: "Invite friends, earn coins" }).waitFor();
        expect(await page.getByTestId("web-view-frame").getAttribute("src")).toContain("referral-programme");
        await page.getByRole("link", { name: "Back" }).click();
        await page.waitForURL((u) => u.pathname === "/home");

        // Nothing stored for the link: the web view goes back (home: the server sees no history), saying why;
        // it never stays in the history to come back to.
        for (const bad of ["/webView?page=nothing", "/webView?url=https://evil.example", "/webView?banner=99999"]) {
          await page.goto(`${e2e.server.url}/home?promo=closed`);
          await page.goto(`${e2e.server.url}${bad}`);
          await page.waitForURL((u) => u.pathname === "/home");
          await page.getByText("This page is not available.").first().waitFor();
          expect(await page.getByTestId("web-view-frame").count()).toBe(0);
          await page.goBack();
          expect(new URL(page.url()).pathname).toBe("/home");
        }
      }));

    test("safe-back on a detail page goes back to where the user came from, else to its parent", () =>
      e2e.withPage(js, async (page) => {
        const user = await newSeller(e2e.server.apiUrl, "back");
        await signInAs(page, e2e.server.url, js, user, "/withdrawerList");
        // Arrived from no page of ours: Back goes to the parent (the wallet).
        await page.getByRole("link", { name: "Wallet" }).first().click();
        await page.waitForURL((u) => u.pathname === "/account");
        if (js) {
          // From the home page to a withdrawer list and Back: home again, not the wallet.
          await page.goto(`${e2e.server.url}/home?promo=closed`);
          await page.locator("[data-hydrated]").waitFor({ state: "attached" });
          await page.evaluate(() => {
            const a = document.createElement("a");
            a.href = "/withdrawerList";
            a.id = "go";
            a.textContent = "go";
            document.body.append(a);
          });
          await page.locator("#go").click();
          await page.waitForURL((u) => u.pathname === "/withdrawerList");
          await page.locator("[data-hydrated]").waitFor({ state: "attached" });
          await page.getByRole("link", { name: "Wallet" }).first().click();
          await page.waitForURL((u) => u.pathname === "/home");
          // Inside the app (client-side navigation): from the wallet's Withdraw to the list and Back: the wallet.
          await page.goto(`${e2e.server.url}/account`);
          await page.locator("[data-hydrated]").waitFor({ state: "attached" });
          await page.locator('main a[href="/withdrawerList"]').first().click();
          await page.waitForURL((u) => u.pathname === "/withdrawerList");
          await page.getByRole("link", { name: "Wallet" }).first().click();
          await page.waitForURL((u) => u.pathname === "/account");
          await page.goBack();
          // Back went back in history (no new entry was pushed): one more Back leaves the wallet's first load behind.
          expect(new URL(page.url()).pathname).not.toBe("/withdrawerList");
        }
      }));
  });
}

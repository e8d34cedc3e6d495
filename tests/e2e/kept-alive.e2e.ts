/**
 * Kept-alive pages (docs/product/screens.md: /home, /message, /profile keep their state when left and re-entered
 * within the visit), with JavaScript: /home's scroll position and banner, /message's open
 * conversation and its unsent draft. Without JavaScript every page is fresh (and still works).
 */
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { apiClient } from "./support/api";
import { signInAs } from "./support/browser";
import { useServerAndBrowser } from "./support/suite";
import { newSeller } from "./support/users";

const e2e = useServerAndBrowser({ failureShots: "kept-alive" });
const { login, userId, sellECode } = apiClient(() => e2e.server.apiUrl);

const hydrated = (page: Page) => page.locator("[data-hydrated]").waitFor({ state: "attached" });
/** A client-side move through the top bar's links (the desktop nav), as a user leaves and comes back. */
async function viaNav(page: Page, name: string, path: string) {
  await page.locator("header").getByRole("link", { name: new RegExp(`^${name}\\b`) }).first().click();
  await page.waitForURL((u) => u.pathname === path);
  await hydrated(page);
}

describe("kept alive with JavaScript", () => {
  test("/home keeps its scroll position and banner; /message its open conversation and draft", () =>
    e2e.withPage(true, async (page) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      const user = await newSeller(e2e.server.apiUrl, "kept");
      const token = await login(user);
      const orderId = await sellECode(token, await userId(await login({ email: "merchant1@demo.test", password: "demo1234" })), 2500, `KEPT-${Date.now()}`);
      await signInAs(page, e2e.server.url, true, user, "/home?promo=closed");

      // The banner moved on, the page scrolled down; away to the wallet and back through the nav.
      const carousel = page.locator('section[aria-roledescription="carousel"]:visible');
      const current = () => carousel.locator('button[aria-current="true"]').innerText();
      await carousel.hover(); // pauses the autoplay
      await carousel.getByRole("button", { name: "Next banner" }).click();
      await expect.poll(current).toBe("Banner 2");
      await page.evaluate(() => window.scrollTo(0, 300));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(300);
      await page.waitForTimeout(100);
      await viaNav(page, "Account", "/account");
      await page.locator('header a[href="/home"]').first().click();
      await page.waitForURL((u) => u.pathname === "/home");
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(300);
      await expect.poll(current).toBe("Banner 2");

      // A half-typed message in an order's chat; away and back to Message: the same chat and draft.
      await page.goto(`${e2e.server.url}/message/GROUP${orderId}`);
      await hydrated(page);
      const live = () => page.locator('[data-chat="live"]');
      await live().getByRole("textbox", { name: "Message" }).waitFor();
      await live().getByRole("textbox", { name: "Message" }).fill("half typed, not sent");
      await viaNav(page, "Orders", "/orderList");
      await viaNav(page, "Message", `/message/GROUP${orderId}`);
      await live().getByRole("textbox", { name: "Message" }).waitFor();
      await expect.poll(() => live().getByRole("textbox", { name: "Message" }).inputValue()).toBe("half typed, not sent");

      // Kept state belongs to its user: after sign-out nothing of theirs is left in the tab.
      const keptKeys = () => page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith("kept:")));
      expect(await keptKeys()).toEqual(expect.arrayContaining(["kept:/message:open", `kept:draft:GROUP${orderId}`]));
      await page.goto(`${e2e.server.url}/logout`);
      await hydrated(page);
      await page.getByRole("button", { name: "Confirm" }).click();
      await page.waitForURL((u) => u.pathname === "/home");
      await hydrated(page);
      await expect.poll(async () => (await keptKeys()).filter((k) => k.includes("message") || k.includes("draft"))).toEqual([]);
    }));
});

describe("without JavaScript", () => {
  test("every page is fresh: /message shows the list, /home starts at the top", () =>
    e2e.withPage(false, async (page) => {
      const user = await newSeller(e2e.server.apiUrl, "fresh");
      await signInAs(page, e2e.server.url, false, user, "/message");
      expect(new URL(page.url()).pathname).toBe("/message");
      await page.goto(`${e2e.server.url}/home?promo=closed`);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
    }));
});

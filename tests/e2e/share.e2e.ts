/**
 * Share buttons (ADR 0076), JavaScript on and off: the referral page and a merchant's page link to
 * WhatsApp and Telegram with the text and the link filled in; "Share…" shows only where the
 * browser has a share sheet (stood in for here: headless Chromium on Linux has none) and hands it
 * the same text and link. A seller's own public page has no share buttons.
 */
import { describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { apiClient } from "./support/api";
import { pageReady, shot, signInAs } from "./support/browser";
import { useServerAndBrowser } from "./support/suite";
import { newSeller } from "./support/users";

const e2e = useServerAndBrowser({ failureShots: "share" });
const { login, userId } = apiClient(() => e2e.server.apiUrl);

/** What a share sheet would have been given, kept on the window. */
const SHARE_SHEET = `Object.defineProperty(navigator, "share", { configurable: true, value: (d) => { window.__shared = d; return Promise.resolve(); } });`;

async function expectLinks(page: Page, url: string, text: string) {
  // The footer has WhatsApp and Telegram links too: the contact ones.
  const buttons = page.getByTestId("share-buttons");
  const wa = await buttons.getByRole("link", { name: /^WhatsApp/ }).getAttribute("href");
  expect(new URL(wa!).searchParams.get("text")).toBe(`${text} ${url}`);
  const tg = new URL((await buttons.getByRole("link", { name: /^Telegram/ }).getAttribute("href"))!);
  expect([tg.origin + tg.pathname, tg.searchParams.get("url"), tg.searchParams.get("text")]).toEqual(["https://t.me/share/url", url, text]);
}

for (const js of [true, false]) {
  const mode = js ? "js" : "nojs";
  describe(`share buttons with JavaScript ${js ? "on" : "off"}`, () => {
    test("the referral page shares the invite link; the share sheet gets it where there is one", () =>
      e2e.withPage(js, async (page, context) => {
        if (js) await context.addInitScript(SHARE_SHEET);
        const inviter = await newSeller(e2e.server.apiUrl, `share${mode}`);
        await signInAs(page, e2e.server.url, js, inviter, "/referral");
        await pageReady(page, js);
        const code = (await page.getByTestId("invite-code").innerText()).trim();
        const link = `${e2e.server.url}/register/${code}`;
        const text = `Sell your gift cards for coins and cash them out to your bank on GiftMarket. Sign up with my invite code ${code}:`;
        await expectLinks(page, link, text);
        const sheet = page.getByRole("button", { name: "Share…" });
        if (!js) {
          expect(await sheet.isVisible()).toBe(false);
        } else {
          await sheet.click();
          await page.waitForFunction(() => (window as unknown as { __shared?: unknown }).__shared);
          expect(await page.evaluate(() => (window as unknown as { __shared: unknown }).__shared)).toEqual({ url: link, text, title: "Join me on GiftMarket" });
        }
        await shot(page, `share-referral-390-${mode}`);
      }));

    test("a merchant's page is shared by its address; a seller's page has no share buttons", () =>
      e2e.withPage(js, async (page) => {
        const merchant = await userId(await login({ email: "merchant1@demo.test", password: "demo1234" }));
        await page.goto(`${e2e.server.url}/userInfo/${merchant}?type=1`);
        await pageReady(page, js);
        const nickname = (await page.getByTestId("user-nickname").innerText()).trim();
        await expectLinks(page, `${e2e.server.url}/userInfo/${merchant}`, `Sell your gift cards to ${nickname} on GiftMarket:`);
        // Headless Chromium on Linux has no share sheet: the button stays hidden, JavaScript or not.
        expect(await page.getByRole("button", { name: "Share…" }).isVisible()).toBe(false);
        const seller = await newSeller(e2e.server.apiUrl, `plain${mode}`);
        await page.goto(`${e2e.server.url}/userInfo/${await userId(await login(seller))}`);
        await pageReady(page, js);
        expect(await page.getByTestId("share-buttons").count()).toBe(0);
      }));
  });
}

/**
 * The devices signed in to an account (/security/devices, ADR 0058), with JavaScript on and off, a
 * seller of its own in several browsers at once: A lists its two sessions (this one marked, the
 * other named by its browser), signs B out after the question (a dialog, or a section without
 * JavaScript); B's next page is signed out and says why. The new-device notice B's sign-in left
 * leads here. Then "Sign out all other devices" ends two more. A guest gets Go To Login?.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { SESSION_END_MESSAGES } from "../../backend/security/tokens";
import { shot, signInAs, signInSession } from "./support/browser";
import { useServerAndBrowser } from "./support/suite";
import { newSeller, type TestUser } from "./support/users";

const e2e = useServerAndBrowser({ failureShots: "sessions" });

const IPHONE_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
const ANDROID_SAMSUNG =
  "Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36";
const WINDOWS_FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0";

const toast = (page: Page, text: string) => page.locator('[role="status"][aria-live="polite"]').getByText(text, { exact: true }).first().waitFor();
const rows = (page: Page) => page.getByTestId("session-row");
const rowOf = (page: Page, device: string) => rows(page).filter({ has: page.getByTestId("session-device").getByText(device, { exact: true }) });

/** Another browser (its own cookies and User-Agent, no JavaScript) signed in as `user`. */
async function otherBrowser(browser: Browser, user: TestUser, userAgent: string): Promise<BrowserContext> {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 }, userAgent });
  await signInSession(context, e2e.server.url, user);
  return context;
}

/** A page of `context` is signed out on its next page, and told why. */
async function expectSignedOutElsewhere(context: BrowserContext) {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${e2e.server.url}/orderList`);
  expect(new URL(page.url()).pathname).toBe("/login");
  expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/orderList");
  await page.getByText(SESSION_END_MESSAGES.signed_out_elsewhere, { exact: true }).waitFor();
}

/** Answers the question "Sign out …?": the dialog's button with JavaScript, the section's without. */
async function confirm(page: Page, js: boolean, title: string, button: string, shotName: string) {
  if (js) {
    // The dialog's own box has no size (its panel is fixed): wait for what it shows.
    const yes = page.getByRole("alertdialog", { name: title }).getByRole("button", { name: button, exact: true });
    await yes.waitFor();
    await shot(page, shotName);
    await yes.click();
  } else {
    await page.waitForURL((u) => (u.searchParams.get("confirm") ?? "").startsWith("signout"));
    const section = page.getByRole("region", { name: title });
    await section.waitFor();
    await shot(page, shotName);
    await section.getByRole("button", { name: button, exact: true }).click();
  }
}

for (const js of [true, false]) {
  const mode = js ? "with JavaScript" : "without JavaScript";
  const tag = js ? "js" : "nojs";
  describe(`signed-in devices ${mode}`, () => {
    test("A lists its two sessions and signs B out; B's next page says why; the new-device notice leads here; then all the others", () =>
      e2e.withPage(js, async (page) => {
        const user = await newSeller(e2e.server.apiUrl, "sessions");
        // A first (the account's first device), then B from an iPhone: a new device.
        await signInAs(page, e2e.server.url, js, user, "/account");
        const b = await otherBrowser(e2e.browser, user, IPHONE_SAFARI);
        const others: BrowserContext[] = [b];
        try {
          await page.goto(`${e2e.server.url}/security/devices`);
          if (js) await page.locator("[data-hydrated]").waitFor({ state: "attached" });
          await page.getByRole("link", { name: "Devices", exact: true }).and(page.locator('[aria-current="page"]')).waitFor();
          expect(await rows(page).count()).toBe(2);
          // This one first, marked, with no Sign out; the other named by its browser.
          const mine = rows(page).first();
          expect(await mine.getAttribute("data-current")).toBe("true");
          expect(await mine.getByTestId("session-device").innerText()).toBe("Chrome on Linux");
          await mine.getByText("This device", { exact: true }).waitFor();
          expect(await mine.getByText("Now", { exact: true }).count()).toBe(1);
          expect(await mine.getByRole("link", { name: /Sign out/ }).count()).toBe(0);
          const iphone = rowOf(page, "Safari on iPhone");
          expect(await iphone.getAttribute("data-current")).toBeNull();
          // The test's browsers reach the server on loopback.
          expect(await iphone.locator("dd").nth(2).innerText()).toBe("This computer");
          expect(await iphone.locator("time").count()).toBe(2);
          await shot(page, `sessions-list-390-${tag}`);

          // Sign out B: asked first, then done.
          await iphone.getByRole("link", { name: "Sign out Safari on iPhone" }).click();
          await confirm(page, js, "Sign out this device?", "Sign out", `sessions-confirm-one-390-${tag}`);
          await toast(page, "The device was signed out.");
          await page.getByTestId("no-other-devices").waitFor();
          expect(await rows(page).count()).toBe(1);
          expect(new URL(page.url()).searchParams.get("confirm")).toBeNull();
          await shot(page, `sessions-alone-390-${tag}`);
          await expectSignedOutElsewhere(b);
          // A goes on.
          await page.goto(`${e2e.server.url}/account`);
          expect(new URL(page.url()).pathname).toBe("/account");

          // B's sign-in was news: its notice opens this page.
          await page.goto(`${e2e.server.url}/noticeList`);
          await page.getByTestId("notice-item").filter({ hasText: "New sign-in to your account" }).first().click();
          await page.waitForURL((u) => u.pathname === "/security/devices");

          // Two more devices, then Sign out all other devices.
          others.push(await otherBrowser(e2e.browser, user, ANDROID_SAMSUNG), await otherBrowser(e2e.browser, user, WINDOWS_FIREFOX));
          await page.goto(`${e2e.server.url}/security/devices`);
          if (js) await page.locator("[data-hydrated]").waitFor({ state: "attached" });
          expect(await rows(page).count()).toBe(3);
          await rowOf(page, "Samsung Internet on Android").waitFor();
          await rowOf(page, "Firefox on Windows").waitFor();
          await page.getByRole("link", { name: "Sign out all other devices" }).click();
          await confirm(page, js, "Sign out all other devices?", "Sign out all", `sessions-confirm-all-390-${tag}`);
          await toast(page, "Signed out 2 other devices.");
          await page.getByTestId("no-other-devices").waitFor();
          expect(await rows(page).count()).toBe(1);
          for (const c of others.slice(1)) await expectSignedOutElsewhere(c);
          await page.goto(`${e2e.server.url}/account`);
          expect(new URL(page.url()).pathname).toBe("/account");
        } finally {
          for (const c of others) await c.close();
        }
      }));

    test("Cancel leaves the other device signed in", () =>
      e2e.withPage(js, async (page) => {
        const user = await newSeller(e2e.server.apiUrl, "sessions-cancel");
        await signInAs(page, e2e.server.url, js, user, "/account");
        const b = await otherBrowser(e2e.browser, user, IPHONE_SAFARI);
        try {
          await page.goto(`${e2e.server.url}/security/devices`);
          if (js) await page.locator("[data-hydrated]").waitFor({ state: "attached" });
          await rowOf(page, "Safari on iPhone").getByRole("link", { name: /Sign out/ }).click();
          if (js) {
            const dialog = page.getByRole("alertdialog", { name: "Sign out this device?" });
            // The question takes the keyboard, on Cancel first; Escape closes it.
            await dialog.getByRole("button", { name: "Cancel" }).waitFor();
            await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Cancel");
            await page.keyboard.press("Escape");
            await dialog.getByRole("button", { name: "Cancel" }).waitFor({ state: "hidden" });
          } else {
            await page.getByRole("region", { name: "Sign out this device?" }).getByRole("link", { name: "Cancel" }).click();
            await page.waitForURL((u) => u.pathname === "/security/devices" && !u.searchParams.has("confirm"));
          }
          expect(await rows(page).count()).toBe(2);
          const other = await b.newPage();
          await other.goto(`${e2e.server.url}/account`);
          expect(new URL(other.url()).pathname).toBe("/account");
        } finally {
          await b.close();
        }
      }));

    test("a guest gets Go To Login?", () =>
      e2e.withPage(js, async (page) => {
        await page.goto(`${e2e.server.url}/security/devices`);
        await page.getByText("Go To Login?").first().waitFor();
        expect(await rows(page).count()).toBe(0);
      }));
  });
}

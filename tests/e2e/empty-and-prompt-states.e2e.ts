/**
 * What a screen says when there is nothing, when something was done, and to a guest (ADR 0061),
 * with JavaScript on and off: a filtered list that matches nothing says so
 * and offers Reset (not "No orders here yet… Sell a card"); a guest on /memberShipCenter is asked
 * Go To Login? once; without JavaScript a toast sits above the page's content, covering none of it.
 * (The check-in's toast, with the points and the streak: membership.e2e.ts.)
 */
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { pageReady, shot, signInAs } from "./support/browser";
import { useServerAndBrowser } from "./support/suite";
import { newSeller } from "./support/users";

const e2e = useServerAndBrowser({ failureShots: "empty-and-prompt-states" });
const MERCHANT = { email: "merchant1@demo.test", password: "demo1234" };
/** Two days long before anyone traded here: every list is empty for them. */
const LONG_AGO = "start=2001-01-01&end=2001-01-02";

/** On `path`, the empty state of filters matching nothing; its Reset leads to `unfiltered`. */
async function noMatch(page: Page, js: boolean, path: string, what: string, reset: string, unfiltered: string) {
  await page.goto(`${e2e.server.url}${path}`);
  await pageReady(page, js);
  await page.getByText(`No ${what} match these filters`, { exact: true }).waitFor();
  expect(await page.getByText(/here yet|Sell a card/).count()).toBe(0);
  const empty = page.getByText(`No ${what} match these filters`, { exact: true }).locator("..");
  await empty.getByRole("link", { name: reset, exact: true }).click();
  await page.waitForURL((u) => `${u.pathname}${u.search}` === unfiltered);
}

for (const js of [true, false]) {
  const mode = js ? "with JavaScript" : "without JavaScript";
  const tag = js ? "js" : "nojs";
  describe(`empty, done and prompt states ${mode}`, () => {
    test("filters that match nothing say so, with Reset: orders, wallet bills, withdrawals, the merchant desk", () =>
      e2e.withPage(js, async (page) => {
        const user = await newSeller(e2e.server.apiUrl, "no-match");
        await signInAs(page, e2e.server.url, js, user, `/orderList?status=0&${LONG_AGO}`);
        await shot(page, `no-match-orders-390-${tag}`);
        await noMatch(page, js, `/orderList?status=0&${LONG_AGO}`, "orders", "Reset Filters", "/orderList?status=0");
        await page.getByText("No orders here yet", { exact: true }).waitFor();
        await noMatch(page, js, `/account?${LONG_AGO}`, "transactions", "Reset", "/account");
        await noMatch(page, js, `/withdrawList?${LONG_AGO}`, "withdrawals", "Reset", "/withdrawList");
      }));

    test("the merchant desk's filters that match nothing say so, with Reset", () =>
      e2e.withPage(js, async (page) => {
        await signInAs(page, e2e.server.url, js, MERCHANT, "/desk?status=6&cardTypeId=999999");
        await shot(page, `no-match-desk-390-${tag}`);
        await noMatch(page, js, "/desk?status=6&cardTypeId=999999", "orders", "Reset Filters", "/desk");
      }));

    test("a guest on the Membership Center is asked Go To Login? once", () =>
      e2e.withPage(js, async (page) => {
        await page.goto(`${e2e.server.url}/memberShipCenter`);
        await pageReady(page, js);
        // It was a dialog that opened by itself over the same question in the page, with JavaScript.
        const asked = page.getByText("Go To Login?", { exact: true });
        await page.locator('text="Go To Login?" >> visible=true').first().waitFor();
        const shown = await Promise.all((await asked.all()).map((el) => el.isVisible()));
        expect(shown.filter(Boolean).length).toBe(1);
        await shot(page, `guest-membership-390-${tag}`);
      }));

    test("a toast covers nothing of the page", () =>
      e2e.withPage(js, async (page) => {
        const user = await newSeller(e2e.server.apiUrl, "toast");
        await signInAs(page, e2e.server.url, js, user, "/memberShipCenter/dailyCheckIn");
        await page.getByRole("button", { name: "Check-in Now" }).click();
        const toast = page.locator('[role="status"][aria-live="polite"] > div').first();
        await toast.waitFor();
        if (!js) {
          // Without JavaScript it stays until dismissed: above the content, in the page's flow.
          const [box, main] = [await toast.boundingBox(), await page.locator("#main").boundingBox()];
          expect(box!.y + box!.height).toBeLessThanOrEqual(main!.y + 1);
          await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
          const after = await toast.boundingBox();
          expect(after!.y + after!.height).toBeLessThanOrEqual(0);
        }
        await shot(page, `toast-390-${tag}`);
      }));
  });
}

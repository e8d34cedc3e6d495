/**
 * Forms on a slow link: a posting kit <Form> is pending from the moment it submits
 * (aria-busy on the form, its submit button disabled with a spinner) until its navigation
 * settles, so a double click sends one POST. Shown on the nickname form (which had no pending
 * state of its own and may succeed only once) and the daily check-in; the server's answer is
 * held back 3 s so the pending state can be seen. Without JavaScript both still submit.
 */
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { ACCOUNT_NUMBER_INVALID } from "../../contract/bank-accounts";
import { accountNumberAt } from "../support/bank-accounts";
import { shot, signInAs } from "./support/browser";
import { useServerAndBrowser } from "./support/suite";
import { newSeller } from "./support/users";

const e2e = useServerAndBrowser({ failureShots: "form-pending" });
const HOLD_MS = 3_000;

/** Holds back every POST to `path` and counts them. */
async function slowPosts(page: Page, path: string): Promise<{ count: () => number }> {
  let posts = 0;
  page.on("request", (r) => {
    if (r.method() === "POST" && new URL(r.url()).pathname === path) posts += 1;
  });
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      if (route.request().method() === "POST") await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
      await route.continue();
    },
  );
  return { count: () => posts };
}

describe("a form shows it is working and sends once", () => {
  test("JS on: the nickname form, double-clicked: pending at once, one POST, renamed once", () =>
    e2e.withPage(true, async (page) => {
      const user = await newSeller(e2e.server.apiUrl, "pending-nick");
      await signInAs(page, e2e.server.url, true, user, "/profile");
      const posts = await slowPosts(page, "/profile");

      // The sign-in's Success toast would cover the button in the screenshot.
      const dismiss = page.getByRole("button", { name: "Dismiss" });
      if (await dismiss.count()) await dismiss.click();
      await page.getByRole("link", { name: "Change nickname" }).click();
      const dialog = page.getByRole("dialog", { name: "Change nickname" });
      const renamed = `${user.nickname.slice(0, 16)}_new`;
      await dialog.getByLabel("New nickname").fill(renamed);
      const save = dialog.getByRole("button", { name: "Save nickname" });
      await save.dblclick();

      // Pending while the server has not answered: busy, disabled, the form aria-busy.
      expect(await save.getAttribute("aria-busy")).toBe("true");
      expect(await save.isDisabled()).toBe(true);
      expect(await dialog.locator("form[aria-busy=true]").count()).toBe(1);
      await shot(page, "form-pending-nickname");
      await save.click({ force: true }).catch(() => {}); // a third press on the disabled button

      await expect.poll(() => page.getByTestId("profile-nickname").innerText(), { timeout: 10_000 }).toBe(renamed);
      expect(posts.count()).toBe(1);
    }));

  test("JS on: a field typed in while the form is pending is still checked in the browser", () =>
    e2e.withPage(true, async (page) => {
      const user = await newSeller(e2e.server.apiUrl, "pending-check");
      await signInAs(page, e2e.server.url, true, user, "/security/bankAccount");
      const posts = await slowPosts(page, "/security/bankAccount");
      await page.getByTestId("add-bank").click();
      const form = page.getByRole("dialog");
      const number = form.getByLabel("Account number");
      await form.getByLabel("Bank", { exact: true }).selectOption({ label: "GTBank" });
      await form.getByLabel("Real name").fill("Ada Obi");
      // The form's schema has arrived: the browser checks a field on leaving it.
      await number.fill("abc-12");
      await number.blur();
      await form.getByText(ACCOUNT_NUMBER_INVALID, { exact: true }).waitFor();
      await number.fill(accountNumberAt("GTBank", 123_456_789));
      await form.getByText(ACCOUNT_NUMBER_INVALID, { exact: true }).waitFor({ state: "detached" });

      await form.getByRole("button", { name: "Continue", exact: true }).click();
      expect(await form.locator("form[aria-busy=true]").count()).toBe(1);
      // While the look-up is held back, a number typed in is checked as before (conform's check
      // submits with a button of its own, which the pending form let through).
      await number.fill("abc-12");
      await form.getByText(ACCOUNT_NUMBER_INVALID, { exact: true }).waitFor({ timeout: HOLD_MS - 1_000 });
      expect(await form.locator("form[aria-busy=true]").count()).toBe(1);
      expect(posts.count()).toBe(1);
    }));

  test("JS on: check-in, double-clicked and submitted twice more: one POST, then Checked In", () =>
    e2e.withPage(true, async (page) => {
      const user = await newSeller(e2e.server.apiUrl, "pending-checkin");
      await signInAs(page, e2e.server.url, true, user, "/memberShipCenter/dailyCheckIn");
      const posts = await slowPosts(page, "/memberShipCenter/dailyCheckIn");

      const button = page.getByRole("button", { name: "Check-in Now" });
      await button.dblclick();
      expect(await button.getAttribute("aria-busy")).toBe("true");
      expect(await button.isDisabled()).toBe(true);
      // Submits that do not go through the (now disabled) button: the form's own guard stops them.
      await button.evaluate((el) => {
        el.closest("form")!.requestSubmit();
        el.closest("form")!.requestSubmit();
      });

      await page.getByRole("button", { name: "Checked In" }).waitFor({ timeout: 10_000 });
      expect(posts.count()).toBe(1);
    }));

  test("JS off: both forms still submit", () =>
    e2e.withPage(false, async (page) => {
      const user = await newSeller(e2e.server.apiUrl, "pending-nojs");
      await signInAs(page, e2e.server.url, false, user, "/profile?edit=nickname");
      const section = page.getByTestId("nickname-section");
      const renamed = `${user.nickname.slice(0, 16)}_new`;
      await section.getByLabel("New nickname").fill(renamed);
      await section.getByRole("button", { name: "Save nickname" }).click();
      await expect.poll(() => page.getByTestId("profile-nickname").innerText()).toBe(renamed);

      await page.goto(`${e2e.server.url}/memberShipCenter/dailyCheckIn`);
      await page.getByRole("button", { name: "Check-in Now" }).click();
      await page.getByRole("button", { name: "Checked In" }).waitFor();
    }));
});

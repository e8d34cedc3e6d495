/**
 * A seller's own e-code on /orderDetails (ADR 0060). Without JavaScript she reveals
 * it through a form that asks for her trade password: a wrong one is refused at the field (the code
 * stays hidden); the right one shows the code once, for that view only (the answer is not stored by
 * the browser, and the next visit asks again); neither the code nor the password reaches the logs.
 * A seller with no trade password is asked to set one first. With JavaScript the island shows the
 * code as before, with no password asked.
 */
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { BAD_TRADE_PWD } from "../../backend/modules/auth/handlers";
import { apiClient } from "./support/api";
import { shot, signInAs } from "./support/browser";
import { useServerAndBrowser } from "./support/suite";
import { newSeller, withTradePassword } from "./support/users";

const e2e = useServerAndBrowser({ failureShots: "order-code" });
const { call, login, userId, sellECode } = apiClient(() => e2e.server.apiUrl);

async function ready(page: Page, js: boolean) {
  await page.waitForLoadState("load");
  if (js) await page.locator("[data-hydrated]").waitFor({ state: "attached" });
}

/** A new seller (with the trade password when given) who sold merchant1 the e-code `code`: the order's id. */
async function sold(label: string, code: string, tradePassword?: string) {
  const made = await newSeller(e2e.server.apiUrl, label);
  const seller = tradePassword ? await withTradePassword(e2e.server.apiUrl, made, tradePassword) : made;
  const merchantId = await userId(await login({ email: "merchant1@demo.test", password: "demo1234" }));
  const orderId = await sellECode(await login(seller), merchantId, 10_000, code);
  return { seller, orderId };
}

const panel = (page: Page) => page.locator('section[aria-labelledby="your-card"]');

/** Signed in (on another page, whose toast then covers nothing), the order's page: its card panel. */
async function openOrder(page: Page, js: boolean, seller: { email: string; password: string }, orderId: number) {
  await signInAs(page, e2e.server.url, js, seller, "/orderList");
  await page.goto(`${e2e.server.url}/orderDetails/${orderId}`);
  await ready(page, js);
  return panel(page);
}

describe("a seller's own e-code without JavaScript", () => {
  test("revealed with the trade password, once for this view; a wrong one is refused at the field; not cached, not logged", () =>
    e2e.withPage(false, async (page) => {
      const code = `NOJS-${Date.now().toString(36).toUpperCase()}`;
      const { seller, orderId } = await sold("code-nojs", code, "246810");
      const card = await openOrder(page, false, seller, orderId);
      const field = card.getByLabel("Trade Password");
      await field.waitFor();
      expect(await card.getByText(code).count()).toBe(0);
      await shot(page, "order-code-ask-390-nojs");

      // A wrong password: the message at the field, no code.
      await field.fill("111111");
      await card.getByRole("button", { name: "Show the code" }).click();
      await ready(page, false);
      await card.getByText(BAD_TRADE_PWD).waitFor();
      expect(await card.getByLabel("Trade Password").getAttribute("aria-invalid")).toBe("true");
      expect(await card.getByLabel("Trade Password").inputValue()).toBe("");
      expect(await page.getByText(code).count()).toBe(0);
      await shot(page, "order-code-wrong-390-nojs");

      // The right one: the code, said to be shown for this view only; the answer is not to be stored.
      await card.getByLabel("Trade Password").fill("246810");
      const answer = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === `/orderDetails/${orderId}`);
      await card.getByRole("button", { name: "Show the code" }).click();
      expect((await (await answer).allHeaders())["cache-control"]).toContain("no-store");
      await ready(page, false);
      const shown = card.getByTestId("card-codes").getByTestId("card-code");
      await shown.first().waitFor();
      expect(await shown.evaluateAll((els) => els.map((e) => e.getAttribute("data-code")))).toEqual([code]);
      await card.getByText("shown once, for this view").waitFor();
      await shot(page, "order-code-shown-390-nojs");

      // The next visit asks again.
      await page.goto(`${e2e.server.url}/orderDetails/${orderId}`);
      await ready(page, false);
      await panel(page).getByLabel("Trade Password").waitFor();
      expect(await page.getByText(code).count()).toBe(0);

      // Neither the code nor the password is in what the servers wrote.
      expect(e2e.server.output()).not.toContain(code);
      expect(e2e.server.output()).not.toContain("246810");
    }));

  test("a locked trade password says, at the field, that showing the code is locked too", () =>
    e2e.withPage(false, async (page) => {
      const code = `LOCK-${Date.now().toString(36).toUpperCase()}`;
      const { seller, orderId } = await sold("code-lock", code, "135790");
      // The limit of wrong ones (five), elsewhere: the lock is the account's (ADR 0055).
      const token = await login(seller);
      for (let i = 0; i < 5; i++) await call("/order/revealCardCode", { id: orderId, tradePwd: "000000" }, token).catch(() => {});
      const card = await openOrder(page, false, seller, orderId);
      await card.getByLabel("Trade Password").fill("135790");
      await card.getByRole("button", { name: "Show the code" }).click();
      await ready(page, false);
      const field = card.getByLabel("Trade Password");
      expect(await field.getAttribute("aria-invalid")).toBe("true");
      const described = await field.evaluate((el) => (el.getAttribute("aria-describedby") ?? "").split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? "").join(" | "));
      expect(described).toContain("Too many wrong trade passwords.");
      expect(described).toContain("showing card codes");
      expect(await page.getByText(code).count()).toBe(0);
      await shot(page, "order-code-locked-390-nojs");
      // The trade password's own tab says so before she meets it.
      await page.goto(`${e2e.server.url}/security/tradePassword`);
      await page.getByText("showing a card code without JavaScript ask for it. Too many wrong ones in a row lock all three", { exact: false }).waitFor();
    }));

  test("a seller with no trade password is asked to set one first", () =>
    e2e.withPage(false, async (page) => {
      const code = `NOPWD-${Date.now().toString(36).toUpperCase()}`;
      const { seller, orderId } = await sold("code-nopwd", code);
      const card = await openOrder(page, false, seller, orderId);
      await card.getByRole("link", { name: "Set a trade password" }).waitFor();
      expect(await card.getByLabel("Trade Password").count()).toBe(0);
      expect(await page.getByText(code).count()).toBe(0);
      await shot(page, "order-code-set-password-390-nojs");
      await card.getByRole("link", { name: "Set a trade password" }).click();
      await page.waitForURL((u) => u.pathname === "/security/tradePassword");
    }));
});

describe("a seller's own e-code with JavaScript", () => {
  test("the island shows it, with no password asked", () =>
    e2e.withPage(true, async (page) => {
      const code = `JS-${Date.now().toString(36).toUpperCase()}`;
      const { seller, orderId } = await sold("code-js", code, "246810");
      const card = await openOrder(page, true, seller, orderId);
      const shown = card.getByTestId("card-codes").getByTestId("card-code");
      await shown.first().waitFor();
      expect(await shown.evaluateAll((els) => els.map((e) => e.getAttribute("data-code")))).toEqual([code]);
      expect(await card.getByLabel("Trade Password").count()).toBe(0);
      await shot(page, "order-code-shown-390-js");
    }));
});

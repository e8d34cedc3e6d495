/**
 * /rateAlerts (docs/product/rate-alerts.md, ADR 0071), with JavaScript on and off, as a seller of
 * her own: a refused add keeps what she typed with the message at the field; she adds an alert,
 * pauses and resumes it; a merchant's new offer (the merchant desk's call) makes the card pay her
 * figure, and the notice is on /noticeList and the alert says "Fired on"; she deletes it.
 */
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { coinsForFace, minorText, payoutFor } from "../../contract/money";
import { apiClient } from "./support/api";
import { pageReady, shotFromTop, signInAs } from "./support/browser";
import { useServerAndBrowser } from "./support/suite";
import { newSeller } from "./support/users";

const e2e = useServerAndBrowser({ failureShots: "rate-alerts" });
const { call, login } = apiClient(() => e2e.server.apiUrl);
const MERCHANT = { email: "merchant2@demo.test", password: "demo1234" };
const FACE = 10_000;
/** Far above any demo offer's discount: the merchant's new offer is the one that crosses. */
const HIGH_DISCOUNT = 40_000;

const toast = (page: Page, text: string) => page.locator('[role="status"][aria-live="polite"]').getByText(text).first().waitFor();
const alertItem = (page: Page) => page.getByTestId("rate-alert");

async function open(page: Page, js: boolean, to: string) {
  await page.goto(`${e2e.server.url}${to}`);
  await pageReady(page, js);
}

/** The best NGN rate a withdrawer pays (what the alert weighs). */
async function bestRate(token: string): Promise<number> {
  const { list } = await call<{ list: { currency: string; currencyRate: number; status: number }[] }>("/userWithdraw/getWithdrawer", {}, token);
  return Math.max(...list.filter((w) => w.currency === "NGN" && w.status !== 0).map((w) => w.currencyRate));
}

for (const js of [true, false]) {
  const mode = js ? "with JavaScript" : "without JavaScript";
  const tag = js ? "js" : "nojs";
  describe(`rate alerts ${mode}`, () => {
    test("add (a refusal keeps what she typed), pause, resume; a merchant's offer fires it on /noticeList; delete", () =>
      e2e.withPage(js, async (page) => {
        const seller = await newSeller(e2e.server.apiUrl, `alerts-${tag}`);
        const types = await call<{ list: { id: number; nameEn: string }[] }>("/cardType/getCardType");
        const card = types.list[0]!;
        // Half of what the high offer pays: far above today's offers, reached by the merchant's new one.
        const threshold = Math.floor(payoutFor(coinsForFace(FACE, HIGH_DISCOUNT), await bestRate(await login(seller))) / 2);
        const thresholdText = minorText(threshold);

        // From the offer list's link: the card type is chosen already.
        await signInAs(page, e2e.server.url, js, seller, `/advertList/${card.id}`);
        await page.getByRole("link", { name: "Tell me when the rate rises" }).click();
        await page.waitForURL((u) => u.pathname === "/rateAlerts");
        await pageReady(page, js);
        expect(await page.getByLabel("Gift card").inputValue()).toBe(String(card.id));
        await page.getByText("No alerts yet").waitFor();

        // No face: refused at the field, the rest kept.
        await page.getByLabel("Currency").selectOption("USD");
        await page.getByLabel("Card form").selectOption("1");
        await page.getByLabel("Tell me when it pays at least (₦)").fill(thresholdText);
        await page.getByRole("button", { name: "Add alert" }).click();
        await page.getByText("Please enter the card face.").waitFor();
        expect(await page.getByLabel("Card face").getAttribute("aria-invalid")).toBe("true");
        expect(await page.getByLabel("Tell me when it pays at least (₦)").inputValue()).toBe(thresholdText);
        expect(await page.getByLabel("Currency").inputValue()).toBe("USD");
        await shotFromTop(page, `rate-alerts-refused-390-${tag}`, js);

        await page.getByLabel("Card face").fill("100");
        await page.getByRole("button", { name: "Add alert" }).click();
        await toast(page, "Alert added.");
        await alertItem(page).getByText("Waiting").waitFor();
        await alertItem(page).getByText(`₦${thresholdText}`).waitFor();

        await alertItem(page).getByRole("button", { name: /^Pause/ }).click();
        await toast(page, "Alert paused.");
        await alertItem(page).getByText("Paused", { exact: true }).waitFor();
        await alertItem(page).getByRole("button", { name: /^Resume/ }).click();
        await toast(page, "Alert resumed.");
        await alertItem(page).getByText("Waiting").waitFor();
        await shotFromTop(page, `rate-alerts-waiting-390-${tag}`, js);

        // The merchant's new offer, through the merchant desk's call: the card now pays her figure.
        const merchant = await login(MERCHANT);
        const { id: advertId } = await call<{ id: number }>(
          "/merchant/advert/create",
          { cardTypeId: card.id, cardType: 1, tradeCurrency: "USD", discount: HIGH_DISCOUNT, minTrade: 1_000, maxTrade: 50_000, payLimit: 30, tradeAmount: 1_000_000 },
          merchant,
        );
        try {
          const title = "Rate alert: your price is reached";
          let found = false;
          for (let i = 0; i < 20 && !found; i++) {
            await open(page, js, "/noticeList");
            found = (await page.getByTestId("notice-item").filter({ hasText: title }).count()) === 1;
            if (!found) await page.waitForTimeout(250);
          }
          expect(found).toBe(true);
          await shotFromTop(page, `rate-alerts-notice-390-${tag}`, js);
          // Opening it leads to the card's offers, to sell at the rate it reached.
          await page.getByTestId("notice-item").filter({ hasText: title }).first().click();
          await page.waitForURL((u) => u.pathname === `/advertList/${card.id}`);

          await open(page, js, "/rateAlerts");
          await alertItem(page).getByText(/^Fired on/).waitFor();
          await shotFromTop(page, `rate-alerts-fired-390-${tag}`, js);

          if (js) page.once("dialog", (d) => void d.accept());
          await alertItem(page).getByRole("button", { name: /^Delete/ }).click();
          await toast(page, "Alert deleted.");
          await page.getByText("No alerts yet").waitFor();
          expect(await alertItem(page).count()).toBe(0);
        } finally {
          await call("/merchant/advert/pause", { id: advertId }, merchant);
        }
      }));
  });
}

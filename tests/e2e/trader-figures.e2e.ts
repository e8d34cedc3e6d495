/**
 * A merchant's figures over 30 days (ADR 0069) on its offer rows and its page, with JavaScript on
 * and off: the test sells to the merchant and the pages show the figures the backend computed,
 * one trade more than before.
 */
import { beforeAll, describe, expect, test } from "vitest";
import { compactFigures, isNewTrader, minutesText, percentText, type TraderFigures } from "../../contract/trader-figures";
import { apiClient } from "./support/api";
import { shot } from "./support/browser";
import { useServerAndBrowser } from "./support/suite";
import { newSeller } from "./support/users";

const e2e = useServerAndBrowser({ failureShots: "trader-figures" });
const api = apiClient(() => e2e.server.apiUrl);

const SWIFT = { email: "merchant1@demo.test", password: "demo1234" };

const figuresOf = async (userId: number) => (await api.call<{ figures: TraderFigures }>("/userInfo/getUserInfo", { userId })).figures;

let merchantId: number;
let cardTypeId: number;
let nickname: string;
let after: TraderFigures;

beforeAll(async () => {
  const merchantToken = await api.login(SWIFT);
  merchantId = await api.userId(merchantToken);
  const advert = await api.findAdvert(merchantId, 1, 10_000, 2);
  cardTypeId = advert.cardtypeid;
  nickname = (await api.call<{ profile: { nickname: string } }>("/userInfo/getUserInfo", { userId: merchantId })).profile.nickname;
  const before = await figuresOf(merchantId);
  // Two sales the test drives: each viewed and completed at once.
  const seller = await newSeller(e2e.server.apiUrl, "trader-figures");
  const sellerToken = await api.login(seller);
  for (let i = 0; i < 2; i++) {
    const id = await api.sellECode(sellerToken, merchantId, 10_000, `TRADERFIG${Date.now()}${i}`);
    await api.call("/merchant/order/view", { id }, merchantToken);
    await api.call("/merchant/order/complete", { id }, merchantToken);
  }
  after = await figuresOf(merchantId);
  expect(after.trades).toBe(before.trades + 2);
  expect(after.failed).toBe(before.failed);
  expect(after.completionBp).toBe(Math.floor((after.trades * 10_000) / (after.trades + after.failed)));
  expect(after.viewMinutes).not.toBeNull();
  expect(after.completeMinutes).not.toBeNull();
  expect(isNewTrader(after)).toBe(false);
});

for (const js of [true, false]) {
  const tag = js ? "js" : "nojs";
  describe(`trader figures ${js ? "with" : "without"} JavaScript`, () => {
    test("each of the merchant's offer rows and its page show the figures the backend computed", () =>
      e2e.withPage(js, async (page) => {
        await page.setViewportSize({ width: 390, height: 844 });
        await page.goto(`${e2e.server.url}/advertList/${cardTypeId}`);
        await page.waitForLoadState("load");
        const rows = page.locator(`[data-testid="offer"][aria-label="Offer by ${nickname}"]`);
        expect(await rows.count()).toBeGreaterThan(0);
        // The words a screen reader reads: "Last 30 days: " is visually hidden.
        for (const line of await rows.getByTestId("trader-figures").allTextContents()) expect(line).toBe(`Last 30 days: ${compactFigures(after)}`);
        expect(compactFigures(after)).toMatch(/^\d+% · \d+ trades( · .+ min)?$/);
        await shot(page, `trader-figures-offers-390-${tag}`);

        await page.goto(`${e2e.server.url}/userInfo/${merchantId}`);
        await page.waitForLoadState("load");
        const full = page.getByTestId("trader-figures-full");
        await expect.poll(() => full.getByRole("heading").innerText()).toBe("As a merchant, last 30 days");
        const value = (label: string) => full.locator("div", { has: page.locator("dt", { hasText: label }) }).locator("dd").innerText();
        expect(await value("Completion rate")).toBe(percentText(after.completionBp!));
        expect(await value("Trades")).toBe(after.trades.toLocaleString("en-US"));
        expect(await value("Median time to view")).toBe(minutesText(after.viewMinutes!));
        expect(await value("Median time to complete")).toBe(minutesText(after.completeMinutes!));
        expect(await value("Disputes lost")).toBe(String(after.disputesLost));
        await shot(page, `trader-figures-page-390-${tag}`);
      }));
  });
}

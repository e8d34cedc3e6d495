/**
 * The best-rate history on a card type's page (ADR 0070), JavaScript on and off: a server-drawn
 * step line per currency with its name, lowest, highest and last rate, the figures in a table for
 * screen readers, and the range tabs as links that keep the offer filters. Screenshots at 390 px.
 */
import { describe, expect, test } from "vitest";
import { pageReady, shot, shotOf } from "./support/browser";
import { useServerAndBrowser } from "./support/suite";

const e2e = useServerAndBrowser({ failureShots: "rate-history" });

for (const js of [true, false]) {
  describe(`JavaScript ${js ? "on" : "off"}`, () => {
    test("/cardType/1: a chart per currency with its figures, and the range tabs", async () => {
      await e2e.withPage(js, async (page) => {
        await page.goto(`${e2e.server.url}/cardType/1?currency=`);
        await pageReady(page, js);
        const history = page.getByTestId("rate-history");
        await expect(history.getByRole("heading", { name: "Best rate, last 30 days" }).isVisible()).resolves.toBe(true);
        const tabs = history.getByRole("navigation", { name: "Rate history range" });
        await expect(tabs.locator('[aria-current="page"]').textContent()).resolves.toBe("30 days");

        // The demo seed's history: every currency of the demo offers moved in the last 30 days.
        const charts = history.getByTestId("rate-chart");
        expect(await charts.count()).toBeGreaterThan(0);
        const chart = charts.first();
        const name = await chart.getByRole("img").getAttribute("aria-label");
        expect(name).toMatch(/^Best rate in [A-Z]{3} over the last 30 days: lowest .+, highest .+, now .+\.$/);
        expect(await chart.locator("svg path").getAttribute("d")).toMatch(/^M0 \d+(\.\d)?H/);
        // 30 days back the rate set 52 days ago was in force, then the changes 24 and 5 days ago and today's.
        const rows = chart.locator("table tbody tr");
        expect(await rows.count()).toBe(4);
        await expect(chart.locator("table caption").textContent()).resolves.toMatch(/^Best rate in [A-Z]{3} from /);
        await shot(page, `rate-history-30-390-${js ? "on" : "off"}`);
        await shotOf(history, `rate-history-section-390-${js ? "on" : "off"}`);

        // The 7-day tab: a link, keeping the page's other parameters.
        await tabs.getByRole("link", { name: "7 days" }).click();
        await page.waitForURL((u) => u.searchParams.get("range") === "7" && u.searchParams.has("currency"));
        await pageReady(page, js);
        await history.getByRole("heading", { name: "Best rate, last 7 days" }).waitFor();
        await expect(tabs.locator('[aria-current="page"]').textContent()).resolves.toBe("7 days");
        expect(await history.getByTestId("rate-chart").first().locator("table tbody tr").count()).toBe(3);
        await shotOf(history, `rate-history-section-7-390-${js ? "on" : "off"}`);
      });
    });
  });
}

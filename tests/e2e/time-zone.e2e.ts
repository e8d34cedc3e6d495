/**
 * Dates in the user's time zone (ADR 0010), in Chromium set to New York:
 * with JavaScript the page's inline script stores the zone in the `tz` cookie,
 * so the server renders every date in New York time, hydration agrees (no
 * React hydration error) and a one-day filter covers New York's day; without
 * JavaScript nothing tells the server, so dates are in Lagos time.
 */
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { formatDate } from "~/services/money/format";
import { dayEndIn, dayStartIn, DEFAULT_TIME_ZONE, wallClock } from "~/services/layout/time-zone";
import { newContext, signInAs } from "./support/browser";
import { useServerAndBrowser } from "./support/suite";

const e2e = useServerAndBrowser();
const SELLER = { email: "seller@demo.test", password: "demo1234" };
const NEW_YORK = "America/New_York";

/** Every bill time on the page: its instant and its text. */
async function billTimes(page: Page) {
  const times = page.getByTestId("bill-item").locator("time[datetime]");
  await times.first().waitFor();
  return (await times.evaluateAll((els) => els.map((e) => [e.getAttribute("datetime") ?? "", e.textContent ?? ""] as const))).map(
    ([iso, text]) => ({ ms: Date.parse(iso), text }),
  );
}

const ymd = (ms: number, zone: string) => {
  const w = wallClock(ms, zone);
  return `${w.year}-${String(w.month).padStart(2, "0")}-${String(w.day).padStart(2, "0")}`;
};

for (const js of [true, false]) {
  describe(`JavaScript ${js ? "on" : "off"}`, () => {
    test(`a browser in New York sees dates in ${js ? "New York" : "Lagos"} time`, async () => {
      const context = await newContext(e2e.browser, { js, timezoneId: NEW_YORK });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (err) => errors.push(err.message));
      page.on("console", (m) => {
        if (m.type() === "error") errors.push(m.text());
      });
      try {
        const zone = js ? NEW_YORK : DEFAULT_TIME_ZONE;
        // The zone reaches the server from the second page on (the first one's script sets the tz cookie).
        await page.goto(`${e2e.server.url}/home?promo=closed`);
        // The page's own script stores the zone, at the browser's first idle moment (ADR 0043).
        const tzCookie = async () => (await context.cookies()).find((c) => c.name === "tz")?.value;
        if (js) await expect.poll(tzCookie, { timeout: 10_000 }).toBe(encodeURIComponent(NEW_YORK));
        else expect(await tzCookie()).toBeUndefined();
        await signInAs(page, e2e.server.url, js, SELLER, "/account");
        const cookies = await context.cookies();
        expect(cookies.find((c) => c.name === "tz")?.value).toBe(js ? encodeURIComponent(NEW_YORK) : undefined);

        const bills = await billTimes(page);
        expect(bills.length).toBeGreaterThan(0);
        for (const b of bills) expect(b.text).toBe(formatDate(b.ms, zone));
        // New York and Lagos are 5 or 6 hours apart: the two renderings differ.
        expect(formatDate(bills[0].ms, NEW_YORK)).not.toBe(formatDate(bills[0].ms, DEFAULT_TIME_ZONE));

        // A one-day filter is that day in the user's zone.
        const day = ymd(bills[0].ms, zone);
        await page.goto(`${e2e.server.url}/account?start=${day}&end=${day}`);
        if (js) await page.locator("[data-hydrated]").waitFor({ state: "attached" });
        const inDay = await billTimes(page);
        expect(inDay.map((b) => b.ms)).toContain(bills[0].ms);
        for (const b of inDay) {
          expect(b.ms).toBeGreaterThanOrEqual(dayStartIn(day, zone)!);
          expect(b.ms).toBeLessThanOrEqual(dayEndIn(day, zone)!);
        }
        expect(errors.filter((t) => /hydrat|#418|#423|#425|did not match/i.test(t))).toEqual([]);
      } finally {
        await context.close();
      }
    });
  });
}

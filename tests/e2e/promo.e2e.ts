/**
 * The home promo and the banners, with JavaScript on and off. The promo (a
 * home_pop banner) shows once per browser session: with JavaScript as a dialog over the page, which
 * Escape closes; without, as a notice in the page, above its content, that covers nothing. A banner
 * that leads to another site says so, in words and to screen readers, on the carousel and in the
 * promo; one that stays on ours does not. Screenshots at 390 px.
 */
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { escapeDialog, pageReady, shot, shotOf } from "./support/browser";
import { apiClient } from "./support/api";
import { useServerAndBrowser } from "./support/suite";

const e2e = useServerAndBrowser({ failureShots: "promo" });
const { call } = apiClient(() => e2e.server.apiUrl);

interface BannerRow {
  id: number;
  type: number;
  nameEn: string;
  url: string;
}
const banners = async (location: string) => (await call<{ list: BannerRow[] }>("/banner/getBanners", { location })).list;
const hostOf = (b: BannerRow) => new URL(b.url).host;
const external = (b: BannerRow) => b.type === 1 || b.type === 3;

/** Whether the element at the middle of `selector`'s first match is inside it: nothing lies over it. */
const uncovered = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const el = document.querySelector(sel)!;
    const r = el.getBoundingClientRect();
    el.scrollIntoView({ block: "center" });
    const s = el.getBoundingClientRect();
    const hit = document.elementFromPoint(s.left + s.width / 2, s.top + s.height / 2);
    return r.width > 0 && hit !== null && el.contains(hit);
  }, selector);

for (const js of [true, false]) {
  const tag = js ? "js" : "nojs";
  describe(`the promo and the banners ${js ? "with" : "without"} JavaScript`, () => {
    test(js ? "the promo once per session, as a dialog over the page" : "the promo once per session, as a notice in the page", () =>
      e2e.withPage(js, async (page) => {
        const [pop] = await banners("home_pop");
        expect(pop && external(pop)).toBe(true);
        await page.goto(`${e2e.server.url}/home`);
        await pageReady(page, js);
        const promo = page.getByTestId("promo");
        await promo.waitFor({ state: "visible" });
        await promo.getByRole("heading", { name: pop!.nameEn }).waitFor();

        // Its picture leads to another site, and says which.
        const link = promo.getByRole("link", { name: new RegExp(pop!.nameEn) });
        expect(await link.getAttribute("aria-label")).toBe(`${pop!.nameEn}. Opens ${hostOf(pop!)}`);
        await promo.getByText(`Opens ${hostOf(pop!)}`).waitFor({ state: "visible" });

        const position = await promo.evaluate((el) => getComputedStyle(el).position);
        if (js) {
          expect(await promo.getAttribute("role")).toBe("dialog");
          expect(await promo.getAttribute("aria-modal")).toBe("true");
          expect(position).toBe("fixed");
          // Focus starts on Close, and the card types lie under the dialog until it is closed.
          await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe("Close");
          expect(await uncovered(page, '[data-testid="card-type"]')).toBe(false);
          await shot(page, `promo-390-${tag}`);
          await escapeDialog(page, promo);
        } else {
          // A notice in the page: no dialog (nothing else is inert), at the top, over nothing.
          expect(await promo.getAttribute("role")).not.toBe("dialog");
          expect(await promo.getAttribute("aria-modal")).toBeNull();
          expect(position).not.toBe("fixed");
          const notice = (await promo.boundingBox())!;
          const firstCard = (await page.getByTestId("card-type").first().boundingBox())!;
          expect(notice.y + notice.height).toBeLessThanOrEqual(firstCard.y);
          expect(await uncovered(page, '[data-testid="card-type"]')).toBe(true);
          expect(await uncovered(page, 'section[aria-roledescription="carousel"]:not(.md\\:block) a')).toBe(true);
          await page.evaluate(() => window.scrollTo(0, 0));
          await shot(page, `promo-390-${tag}`);
          // Close is a link: the page again, without it.
          await promo.getByRole("link", { name: "Close" }).click();
          await page.waitForURL((u) => u.searchParams.get("promo") === "closed");
          await promo.waitFor({ state: "detached" });
        }

        // Once per browser session: not on the next visit.
        await page.goto(`${e2e.server.url}/home`);
        await pageReady(page, js);
        await page.getByTestId("card-type").first().waitFor();
        expect(await page.getByTestId("promo").count()).toBe(0);
      }));

    test("a banner that leads to another site says so; one that stays on ours does not", () =>
      e2e.withPage(js, async (page) => {
        const phone = await banners("home_h5");
        expect(phone.some(external) && phone.some((b) => !external(b))).toBe(true);
        await page.goto(`${e2e.server.url}/home?promo=closed`);
        await pageReady(page, js);
        const carousel = page.locator('section[aria-roledescription="carousel"]:visible');
        for (const b of phone) {
          const slide = carousel.locator(`a[href="/banner/${b.id}"]`);
          const label = await slide.getAttribute("aria-label");
          if (external(b)) {
            expect(label).toBe(`${b.nameEn}. Opens ${hostOf(b)}`);
            expect(await slide.innerText()).toContain(`Opens ${hostOf(b)}`);
          } else {
            expect(label).toBe(b.nameEn);
            expect(await slide.innerText()).not.toContain("Opens");
          }
        }
        // An external slide as a visitor swipes to it.
        const leaving = phone.find(external)!;
        await shotOf(carousel.locator(`a[href="/banner/${leaving.id}"]`), `banner-external-390-${tag}`);
      }));
  });
}

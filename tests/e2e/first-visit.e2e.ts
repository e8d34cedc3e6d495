/**
 * A first visit to /home carries the rules its page uses inside the page (ADR 0044): a
 * <style> in the head, the whole stylesheet linked at the end of the body, and a `css` cookie
 * naming this build's file, after which every document links the file in its head again.
 * Checked by what a user sees: with the linked file refused, the first visit looks exactly like
 * a page styled by the whole file; with JavaScript, the page reached after it is styled too (a
 * document load: /home is islands-only, ADR 0067). Runs on Node and on workerd (a web-tier suite).
 */
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { newContext, pageReady } from "./support/browser";
import { useServerAndBrowser } from "./support/suite";

const e2e = useServerAndBrowser();
const STYLESHEET_FILE = /\/build\/_assets\/tailwind-[A-Za-z0-9]+\.css/;
const INLINE = "style#first-paint-css";

/**
 * What a user sees of each element: its box and the computed styles that shape and colour it.
 * Margins are seen through the boxes: Chrome answers `margin` of an auto-margin element (the
 * centred promo picture) as 0px or as the used value from one load to the next, at the same place.
 */
const LOOK = [
  "display", "position", "top", "left", "z-index", "visibility", "opacity", "overflow-x", "overflow-y",
  "padding", "border-width", "border-style", "border-color", "border-radius", "box-shadow",
  "color", "background-color", "background-image", "font-size", "font-weight", "line-height", "letter-spacing",
  "text-align", "text-decoration-line", "white-space", "flex-direction", "flex-wrap", "justify-content",
  "align-items", "gap", "grid-template-columns", "object-fit", "aspect-ratio", "outline-style",
];

/** The look of every element from <html> down a user could see. */
function looks(page: Page) {
  return page.evaluate((props) => {
    const all = [document.documentElement, ...document.documentElement.querySelectorAll("body, body *")];
    return all
      .filter((el) => !["SCRIPT", "LINK", "TEMPLATE", "STYLE"].includes(el.tagName))
      .map((el) => {
        const s = getComputedStyle(el);
        const box = el.getBoundingClientRect();
        const size = `${Math.round(box.width)}x${Math.round(box.height)}@${Math.round(box.left)},${Math.round(box.top)}`;
        return `${el.tagName.toLowerCase()}.${el.getAttribute("class") ?? ""} ${size} ${props.map((p) => s.getPropertyValue(p)).join("|")}`;
      });
  }, LOOK);
}

/** A context that has been here before: its `css` cookie names this build's stylesheet. */
async function returningContext(js: boolean): Promise<BrowserContext> {
  const res = await fetch(`${e2e.server.url}/home`);
  const seen = res.headers.getSetCookie().find((c) => c.startsWith("css="));
  expect(seen, "a first visit sets the css cookie").toBeDefined();
  const context = await newContext(e2e.browser, { js });
  const [name, value] = seen!.split(";")[0]!.split("=");
  await context.addCookies([{ name: name!, value: value!, url: e2e.server.url }]);
  return context;
}

test("a cookie naming another build's stylesheet gets the rules inline again; this build's does not", async () => {
  const page = (cookie: string) => fetch(`${e2e.server.url}/home`, { headers: { cookie } });
  const stale = await page("css=OLDBUILD1");
  expect(stale.headers.getSetCookie().some((c) => c.startsWith("css="))).toBe(true);
  const html = await stale.text();
  expect(html).toMatch(/<style id="first-paint-css">[^<]{1000,}<\/style>/);
  // The class the head script puts on <html> before the page's scripts come (ADR 0043) has its rule.
  expect(html).toContain(".pics-late img[data-late]{display:none}");
  const current = stale.headers.getSetCookie().find((c) => c.startsWith("css="))!.split(";")[0]!;
  const again = await page(current);
  expect(again.headers.getSetCookie().some((c) => c.startsWith("css="))).toBe(false);
  expect(await again.text()).not.toContain('id="first-paint-css"');
});

for (const js of [true, false]) {
  describe(`JavaScript ${js ? "on" : "off"}`, () => {
    test("a first visit to /home carries its styles, sets the cookie, and the next visit links the file", async () => {
      const context = await newContext(e2e.browser, { js });
      try {
        const page = await context.newPage();
        const first = await page.goto(`${e2e.server.url}/home`);
        await pageReady(page, js);
        expect((await first!.headerValue("set-cookie")) ?? "").toMatch(/(^|\n)css=[A-Za-z0-9]+; Path=\/; Max-Age=31536000; SameSite=Lax/);
        await expect.poll(() => page.locator(`head ${INLINE}`).count()).toBe(1);
        expect(await page.locator(INLINE).evaluate((el) => el.textContent!.length)).toBeGreaterThan(1000);
        expect(await page.locator('head link[rel="stylesheet"]').count()).toBe(0);
        expect(await page.locator('body > link[rel="stylesheet"]').getAttribute("href")).toMatch(STYLESHEET_FILE);

        const again = await page.goto(`${e2e.server.url}/home`);
        await pageReady(page, js);
        expect((await again!.headerValue("set-cookie")) ?? "").not.toMatch(/(^|\n)css=/);
        expect(await page.locator(INLINE).count()).toBe(0);
        expect(await page.locator('head link[rel="stylesheet"]').getAttribute("href")).toMatch(STYLESHEET_FILE);
      } finally {
        await context.close();
      }
    });
  });
}

describe("JavaScript off", () => {
  // A phone, and a desktop (its md: and lg: rules come from @media blocks).
  for (const width of [390, 1280]) {
    test(`${width} px wide, without the linked file, a first visit looks exactly as the whole stylesheet makes it`, async () => {
      const firstVisit = await newContext(e2e.browser, { js: false });
      const returning = await returningContext(false);
      try {
        const page = await firstVisit.newPage();
        await page.setViewportSize({ width, height: 844 });
        const refused: string[] = [];
        await page.route(STYLESHEET_FILE, (route) => {
          refused.push(route.request().url());
          return route.abort();
        });
        await page.goto(`${e2e.server.url}/home`);
        await page.waitForLoadState("load");
        expect(refused.length, "the end of the page links the whole file").toBe(1);
        expect(await page.locator(INLINE).count()).toBe(1);

        const reference = await returning.newPage();
        await reference.setViewportSize({ width, height: 844 });
        await reference.goto(`${e2e.server.url}/home`);
        await reference.waitForLoadState("load");
        expect(await reference.locator(INLINE).count()).toBe(0);

        const [seen, expected] = [await looks(page), await looks(reference)];
        expect(seen.length).toBeGreaterThan(100);
        expect(seen).toEqual(expected);
      } finally {
        await firstVisit.close();
        await returning.close();
      }
    });
  }
});

describe("JavaScript on", () => {
  test("after a first visit, the page a link leads to is styled by the whole file", async () => {
    const firstVisit = await newContext(e2e.browser, { js: true });
    const returning = await returningContext(true);
    try {
      const page = await firstVisit.newPage();
      const errors: string[] = [];
      page.on("pageerror", (err) => errors.push(err.message));
      page.on("console", (m) => {
        if (m.type() === "error" && /hydrat|did not match|Minified React error #4(18|19|22|23|25)/i.test(m.text())) errors.push(m.text());
      });
      // The whole file comes late here: the page's scripts must not take over before it has it.
      await page.route(STYLESHEET_FILE, async (route) => {
        await new Promise((r) => setTimeout(r, 1_500));
        await route.continue();
      });
      await page.addInitScript(() => {
        const w = window as unknown as { sheetAtHydration?: boolean };
        new MutationObserver((_, observer) => {
          if (document.querySelector("[data-hydrated]")) {
            const link = document.querySelector<HTMLLinkElement>('body > link[rel="stylesheet"]');
            w.sheetAtHydration = !!link?.sheet && link.sheet.cssRules.length > 0;
            observer.disconnect();
          }
        }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-hydrated"] });
      });
      const documents: string[] = [];
      page.on("request", (r) => {
        if (r.resourceType() === "document") documents.push(r.url());
      });
      await page.goto(`${e2e.server.url}/home`);
      await pageReady(page, true);
      expect(await page.locator(INLINE).count()).toBe(1);
      expect(await page.evaluate(() => (window as unknown as { sheetAtHydration?: boolean }).sheetAtHydration)).toBe(true);
      const promo = page.getByTestId("promo");
      if (await promo.isVisible()) await page.keyboard.press("Escape");
      await page.getByRole("banner").getByRole("link", { name: "Sign in" }).click();
      await page.waitForURL(/\/login$/);
      await page.locator('input[name="loginPwd"]').waitFor();
      // /home is islands-only (ADR 0067): its links load pages, and the next one links the file.
      expect(documents, "the link loaded the next page").toHaveLength(2);
      expect(await page.locator(INLINE).count()).toBe(0);

      const reference = await returning.newPage();
      await reference.goto(`${e2e.server.url}/login`);
      await pageReady(reference, true);
      // Both pages once their list pictures may show (the head script's class is gone, ADR 0043).
      const picturesShown = (p: Page) => p.waitForFunction(() => !document.documentElement.classList.contains("pics-late"));
      await Promise.all([picturesShown(page), picturesShown(reference)]);
      const expected = await looks(reference);
      expect(expected.length).toBeGreaterThan(50);
      // Off the link it clicked, once its colour transition has run: no hover in the picture.
      await page.mouse.move(1, 1);
      await expect.poll(() => looks(page), { timeout: 5_000 }).toEqual(expected);
      expect(errors).toEqual([]);
    } finally {
      await firstVisit.close();
      await returning.close();
    }
  });
});

describe("no layout shift", () => {
  for (const js of [true, false]) {
    test(`JavaScript ${js ? "on" : "off"}: the promo's picture has its box before it arrives, so nothing under it moves`, async () => {
      const context = await newContext(e2e.browser, { js });
      try {
        const page = await context.newPage();
        await page.addInitScript(() => {
          const w = window as unknown as { shift: number };
          w.shift = 0;
          new PerformanceObserver((list) => {
            for (const e of list.getEntries() as unknown as Array<{ value: number }>) w.shift += e.value;
          }).observe({ type: "layout-shift", buffered: true });
        });
        // The picture is held back until the page has laid itself out.
        let release!: () => void;
        const held = new Promise<void>((r) => (release = r));
        await page.route("**/*", async (route) => {
          if (route.request().resourceType() === "image") await held;
          await route.continue();
        });
        await page.goto(`${e2e.server.url}/home`, { waitUntil: "domcontentloaded" });
        const picture = page.locator("[data-promo] img");
        await picture.waitFor({ state: "attached" });
        // Laid out (a first visit's styles are in the page) and the scripts run, the picture still held.
        await page.waitForTimeout(500);
        expect(await picture.evaluate((img: HTMLImageElement) => img.complete)).toBe(false);
        const before = await picture.boundingBox();
        release();
        await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
        await pageReady(page, js);
        const after = await picture.boundingBox();
        expect(before!.height).toBeGreaterThan(100);
        expect(after).toEqual(before);
        if (js) expect(await page.evaluate(() => (window as unknown as { shift: number }).shift)).toBeLessThan(0.01);
      } finally {
        await context.close();
      }
    });
  }
});

/**
 * Browsing as a guest and the main layout, with JavaScript on and off:
 * / → /home, card types with NGN rates, banners, the once-per-session promo
 * popup, ?channel=, advert list filters, offline merchants, unknown paths and
 * /404, the signed-out top bar; then signing in, the user dropdown and signing
 * out through 'Confirm to Sign out ?'. Screenshots of home and an advert list
 * at 390 px and 1280 px.
 */
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { escapeDialog, shot } from "./support/browser";
import { useServerAndBrowser } from "./support/suite";

const e2e = useServerAndBrowser();

const SELLER = { email: "seller@demo.test", password: "demo1234" };
const SIGN_OUT_QUESTION = "Confirm to Sign out ?";

const path = (page: Page) => new URL(page.url()).pathname;
const search = (page: Page) => new URL(page.url()).searchParams;

/** With JavaScript: wait until React has hydrated the layout (JS-only widgets exist then). */
async function settle(page: Page, js: boolean) {
  if (js) await page.locator("[data-hydrated]").waitFor({ state: "attached" });
}

/** Closes the promo popup (dialog with JS, ?promo=closed link without). */
async function closePromo(page: Page, js: boolean) {
  const promo = page.getByTestId("promo");
  await promo.waitFor({ state: "visible" });
  if (js) {
    await escapeDialog(page, promo);
  } else {
    await page.getByRole("link", { name: "Close" }).click();
    await page.waitForURL((u) => u.searchParams.get("promo") === "closed");
  }
  await promo.waitFor({ state: "hidden" });
}

/**
 * Submits the filter form: on change with JS (wait for the URL), Apply without. With JS
 * the URL changes before the new list is drawn, so also wait until the offers shown
 * pass `shown` (the busy mark alone can be missed when the answer is quick).
 */
async function applyFilter(page: Page, js: boolean, done: (u: URL) => boolean, shown?: (offers: Offer[]) => boolean) {
  if (!js) await page.getByRole("button", { name: "Apply filters" }).click();
  await page.waitForURL(done);
  await page.waitForLoadState("load");
  if (js) await page.waitForFunction(() => !document.querySelector('section[aria-label="Offers"][aria-busy]'));
  if (js && shown) await expect.poll(async () => shown(await offers(page))).toBe(true);
}

interface Offer {
  text: string;
  currency: string | null;
  cardType: string | null;
  online: string | null;
}

async function offers(page: Page): Promise<Offer[]> {
  const cards = page.getByTestId("offer");
  const n = await cards.count();
  const out: Offer[] = [];
  for (let i = 0; i < n; i++) {
    const c = cards.nth(i);
    out.push({
      text: await c.innerText(),
      currency: await c.getAttribute("data-currency"),
      cardType: await c.getAttribute("data-card-type"),
      online: await c.getAttribute("data-online"),
    });
  }
  return out;
}

for (const js of [true, false]) {
  const mode = js ? "js-on" : "js-off";

  describe(`JavaScript ${js ? "on" : "off"}`, () => {
    test("home: redirect, card types with ₦ rates, banners, promo once, channel, signed-out top bar", async () => {
      await e2e.withPage(js, async (page, context) => {
        await page.goto(`${e2e.server.url}/`);
        await page.waitForURL((u) => u.pathname === "/home");
        await settle(page, js);

        // The promo popup on the first visit of this browser session (modal: close it first).
        await closePromo(page, js);

        // Signed-out top bar.
        const header = page.locator("header").first();
        await expect(header.getByRole("link", { name: "Sign In" }).isVisible()).resolves.toBe(true);
        await expect(header.getByRole("link", { name: "Sign Up" }).isVisible()).resolves.toBe(true);
        expect(await header.getByRole("link", { name: "Sign In" }).getAttribute("href")).toBe("/login");
        expect(await header.getByRole("link", { name: "Sign Up" }).getAttribute("href")).toBe("/register");

        // One coin's naira, in the singular ("1 Coins ≈" was shown).
        expect(await page.getByText(/^1 Coins? ≈/).innerText()).toMatch(/^1 Coin ≈ ₦[\d,]+\.\d{2}$/);

        // Card types with NGN per currency unit and offer counts, linking to their advert lists.
        const tiles = page.getByTestId("card-type");
        expect(await tiles.count()).toBeGreaterThan(3);
        for (const text of await tiles.allInnerTexts()) {
          expect(text).toMatch(/₦[\d,]+\.\d{2}\s*\/\s*[A-Z]{3}/);
          expect(text).toMatch(/\d+ offers?/);
        }
        expect(await tiles.first().getAttribute("href")).toMatch(/^\/advertList\/\d+$/);

        // Banners: phone width shows the home_h5 set; every one goes through /banner/{id}.
        const phoneBanners = page.locator('section[aria-roledescription="carousel"]:visible img');
        expect(await phoneBanners.count()).toBeGreaterThan(0);
        expect(await phoneBanners.first().getAttribute("src")).toContain("banner-h5");
        expect(await phoneBanners.first().getAttribute("width")).toBeTruthy();
        const bannerLinks = page.locator('a[href^="/banner/"]');
        expect(await bannerLinks.count()).toBeGreaterThan(0);
        for (const a of await bannerLinks.all()) {
          const target = await a.getAttribute("target");
          if (target) expect(await a.getAttribute("rel")).toContain("noopener");
        }

        // Need Help? popover with the chat links.
        await page.getByText("Need Help?").click();
        await page.getByTestId("need-help").getByRole("link", { name: "WhatsApp" }).waitFor({ state: "visible" });

        // Second visit in the same browser session: no promo.
        await page.goto(`${e2e.server.url}/home`);
        await settle(page, js);
        await page.getByTestId("card-type").first().waitFor();
        expect(await page.getByTestId("promo").count()).toBe(0);

        // Scrolled to the end, the Need Help? button leaves the footer's last line in sight.
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const covered = await page.evaluate(() => {
          const line = [...document.querySelectorAll("footer p")].find((p) => p.textContent?.includes("Trade safely"))!;
          const range = document.createRange();
          range.selectNodeContents(line);
          const text = range.getBoundingClientRect();
          const button = document.querySelector('[data-testid="need-help"]')!.getBoundingClientRect();
          return text.bottom > button.top && text.top < button.bottom && text.right > button.left && text.left < button.right;
        });
        expect(covered).toBe(false);

        // Nor does it cover a card's name, rate or offers at 390 px, wherever the grid is scrolled to:
        // each row of tiles brought to the bottom of the screen, where a floating button sits.
        const coveredTiles = await page.evaluate(() => {
          const button = document.querySelector('[data-testid="need-help"] :is(summary, button)')!;
          const tiles = [...document.querySelectorAll('[data-testid="card-type"]')];
          const hits = new Set<string>();
          for (const tile of tiles) {
            window.scrollTo(0, window.scrollY + tile.getBoundingClientRect().bottom - window.innerHeight);
            const b = button.getBoundingClientRect();
            for (const t of tiles) {
              const r = t.getBoundingClientRect();
              if (r.bottom > b.top && r.top < b.bottom && r.right > b.left && r.left < b.right) hits.add(t.textContent ?? "");
            }
          }
          return [...hits];
        });
        expect(coveredTiles).toEqual([]);

        // ?channel=abc is accepted and kept in the session.
        const res = await page.goto(`${e2e.server.url}/home?channel=abc`);
        expect(res?.status()).toBe(200);
        const session = (await context.cookies()).find((c) => c.name === "__session");
        expect(session).toBeDefined();
        const payload = decodeURIComponent(session!.value).split(".")[0]!;
        expect(JSON.parse(Buffer.from(payload, "base64").toString("utf8"))).toMatchObject({ channel: "abc" });

        // A type-2 banner leads to an internal page through /banner/{id}.
        const bannerRes = await page.request.get(`${e2e.server.url}/banner/1`, { maxRedirects: 0 });
        expect(bannerRes.status()).toBe(302);
        expect(bannerRes.headers()["location"]).toMatch(/^\/(?!\/)/);
      });
    });

    test(`home: the card icons ${js ? "wait for the page's scripts (the load event)" : "load as lazy pictures"}, in a box that holds their place`, async () => {
      await e2e.withPage(js, async (page) => {
        // What the first icon looked like when the document was parsed, before the scripts had run.
        await page.addInitScript(() => {
          document.addEventListener("DOMContentLoaded", () => {
            const img = document.querySelector<HTMLImageElement>('[data-testid="card-type"] img');
            const box = img?.parentElement?.getBoundingClientRect();
            (window as unknown as { atParse: unknown }).atParse = {
              late: document.documentElement.classList.contains("pics-late"),
              display: img ? getComputedStyle(img).display : null,
              box: box ? [box.width, box.height] : null,
            };
          });
        });
        await page.goto(`${e2e.server.url}/home?promo=closed`);
        await page.waitForLoadState("load");
        const icon = page.getByTestId("card-type").first().locator("img");
        await expect.poll(() => icon.evaluate((el) => (el as HTMLImageElement).naturalWidth), { timeout: 15_000 }).toBeGreaterThan(0);
        const seen = await page.evaluate(() => {
          const src = document.querySelector<HTMLImageElement>('[data-testid="card-type"] img')!.currentSrc;
          const fetched = performance.getEntriesByName(src)[0];
          const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
          return {
            atParse: (window as unknown as { atParse: { late: boolean; display: string | null; box: number[] | null } }).atParse,
            fetchedAfterLoad: fetched ? fetched.startTime >= nav.loadEventStart : null,
            lateNow: document.documentElement.classList.contains("pics-late"),
          };
        });
        if (js) {
          expect(seen.atParse).toEqual({ late: true, display: "none", box: [48, 48] });
          expect(seen.fetchedAfterLoad).toBe(true);
        }
        // Without JavaScript the head script never runs: nothing hides them.
        expect(seen.lateNow).toBe(false);
        expect(await icon.evaluate((el) => getComputedStyle(el).display)).toBe("block");
        const box = await icon.locator("xpath=..").boundingBox();
        expect([box?.width, box?.height]).toEqual([48, 48]);
      });
    });

    test("advert list: currency, face and type filters, reset, offline merchant", async () => {
      await e2e.withPage(js, async (page) => {
        await page.goto(`${e2e.server.url}/home?promo=closed`);
        await settle(page, js);
        await page.getByTestId("card-type").filter({ hasText: "Apple Gift Card" }).click();
        await page.waitForURL((u) => /^\/advertList\/\d+$/.test(u.pathname));
        await settle(page, js);
        const listPath = path(page);
        // With JS the URL can change a moment before the new route renders: wait for its heading.
        await page.getByRole("heading", { level: 1, name: /Apple Gift Card/ }).waitFor();

        const all = await offers(page);
        expect(all.length).toBeGreaterThan(2);

        // An offline merchant's offer says Offline and has no Sell link.
        const offline = page.locator('[data-testid="offer"][data-online="0"]').first();
        await expect(offline.innerText()).resolves.toContain("Offline");
        expect(await offline.locator('a[href^="/sellCard/"]').count()).toBe(0);
        const online = page.locator('[data-testid="offer"][data-online="1"]').first();
        expect(await online.getByRole("link", { name: "Sell" }).getAttribute("href")).toMatch(/^\/sellCard\/\d+$/);

        // Currency.
        await page.getByLabel("Currency").selectOption("USD");
        await applyFilter(page, js, (u) => u.searchParams.get("currency") === "USD", (list) => list.length > 0 && list.every((o) => o.currency === "USD"));
        const usd = await offers(page);
        expect(usd.length).toBeGreaterThan(0);
        for (const o of usd) {
          expect(o.currency).toBe("USD");
          expect(o.text).toContain("USD");
        }

        // Card face 100.
        await page.locator("label", { hasText: /^100$/ }).click();
        await applyFilter(page, js, (u) => u.searchParams.get("face") === "100");
        const face = await offers(page);
        expect(face.length).toBeGreaterThan(0);
        for (const o of face) expect(o.currency).toBe("USD");

        // E-codes.
        await page.locator("label", { hasText: /^E-codes$/ }).click();
        await applyFilter(page, js, (u) => u.searchParams.get("type") === "1", (list) => list.length > 0 && list.every((o) => o.cardType === "1"));
        const ecodes = await offers(page);
        expect(ecodes.length).toBeGreaterThan(0);
        expect(ecodes.length).toBeLessThan(all.length);
        for (const o of ecodes) {
          expect(o.currency).toBe("USD");
          expect(o.cardType).toBe("1");
          expect(o.text).toContain("E-code");
          expect(o.text).toContain("USD");
        }
        expect(search(page).get("currency")).toBe("USD");
        expect(search(page).get("face")).toBe("100");

        // A filter nothing matches shows the empty state with Reset filters.
        await page.goto(`${e2e.server.url}${listPath}?currency=AUD&face=1000&type=0`);
        await settle(page, js);
        expect(await page.getByTestId("offer").count()).toBe(0);
        await expect(page.getByText("No offer matches these filters").isVisible()).resolves.toBe(true);

        // Reset.
        await page.getByRole("link", { name: "Reset filters" }).last().click();
        await page.waitForURL((u) => u.pathname === listPath && u.search === "");
        await page.getByTestId("offer").first().waitFor();
        expect((await offers(page)).length).toBe(all.length);

        // The /cardType/{id} alias shows the same list.
        await page.goto(`${e2e.server.url}${listPath.replace("/advertList/", "/cardType/")}`);
        await settle(page, js);
        expect(await page.getByTestId("offer").count()).toBe(all.length);
      });
    });

    test("advert list: the currency filter offers only the type's currencies; each filter change is a history entry", async () => {
      await e2e.withPage(js, async (page) => {
        await page.goto(`${e2e.server.url}/home?promo=closed`);
        await settle(page, js);
        await page.getByTestId("card-type").filter({ hasText: "Apple Gift Card" }).click();
        await page.waitForURL((u) => /^\/advertList\/\d+$/.test(u.pathname));
        await settle(page, js);
        const listPath = path(page);
        await page.getByRole("heading", { level: 1, name: /Apple Gift Card/ }).waitFor();
        const all = await offers(page);

        // The options are exactly the currencies the offers are in (no EUR for Apple).
        const options = await page.getByLabel("Currency").locator("option").evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value).filter(Boolean));
        expect([...options].sort()).toEqual([...new Set(all.map((o) => o.currency))].sort());
        expect(options).not.toContain("EUR");
        // A currency with no offer in the address is ignored, not "0 offers".
        await page.goto(`${e2e.server.url}${listPath}?currency=EUR`);
        await settle(page, js);
        expect((await offers(page)).length).toBe(all.length);
        await page.goto(`${e2e.server.url}${listPath}`);
        await settle(page, js);

        // Two filter changes, then Back twice: the previous filter, then none.
        await page.getByLabel("Currency").selectOption("USD");
        await applyFilter(page, js, (u) => u.searchParams.get("currency") === "USD", (list) => list.length > 0 && list.every((o) => o.currency === "USD"));
        const usd = await offers(page);
        await page.locator("label", { hasText: /^100$/ }).click();
        await applyFilter(page, js, (u) => u.searchParams.get("face") === "100");
        await page.goBack();
        await page.waitForURL((u) => u.pathname === listPath && u.searchParams.get("currency") === "USD" && (u.searchParams.get("face") ?? "") === "");
        await settle(page, js);
        await expect.poll(async () => (await offers(page)).length).toBe(usd.length);
        expect(await page.getByLabel("Currency").inputValue()).toBe("USD");
        // The form is keyed by the applied filters: with JavaScript it remounts a moment after the list.
        await expect.poll(() => page.locator('input[name="face"]:checked').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))).not.toContain("100");
        await page.goBack();
        await page.waitForURL((u) => u.pathname === listPath && u.search === "");
        await expect.poll(async () => (await offers(page)).length).toBe(all.length);
      });
    });

    test("unknown paths go home; /404 says so in Chinese", async () => {
      await e2e.withPage(js, async (page) => {
        await page.goto(`${e2e.server.url}/nope?promo=closed`);
        await page.waitForURL((u) => u.pathname === "/home");
        // The line's own glyphs come with the page (the machine has no Chinese font: they showed as boxes).
        const font = page.waitForResponse((r) => r.url().endsWith("/fonts/not-found-sc.woff2"));
        await page.goto(`${e2e.server.url}/404`);
        await expect(page.locator("main").innerText()).resolves.toContain("页面不存在，返回首页");
        expect(await page.locator('main a[href="/home"]').count()).toBeGreaterThan(0);
        const woff2 = await font;
        expect([woff2.status(), woff2.headers()["content-type"]]).toEqual([200, "font/woff2"]);
        // Drawn with it: the loaded face is the one the heading uses.
        if (js) expect(await page.evaluate(async () => (await document.fonts.load("600 18px NotFoundSC", "页面不存在")).length)).toBe(1);
      });
    });

    test("signed in: user dropdown, then sign out through the confirmation", async () => {
      await e2e.withPage(js, async (page) => {
        await page.goto(`${e2e.server.url}/login?redirectTo=${encodeURIComponent("/home?promo=closed")}`);
        await settle(page, js);
        const email = page.locator('input[name="email"], input[name="loginName"]').first();
        if ((await email.count()) > 0) {
          await email.fill(SELLER.email);
          await page.locator('input[name="loginPwd"]').fill(SELLER.password);
          await page.getByRole("button", { name: "Sign In", exact: true }).click();
        } else {
          await page.request.post(`${e2e.server.url}/login`, {
            form: { loginName: SELLER.email, loginPwd: SELLER.password, type: "EMAIL", redirectTo: "/home" },
            headers: { origin: e2e.server.url },
          });
          await page.goto(`${e2e.server.url}/home?promo=closed`);
        }
        await page.waitForURL((u) => u.pathname === "/home");
        await settle(page, js);

        // Signed-in top bar: no Sign In, a user menu with the spec's items.
        const header = page.locator("header").first();
        await header.locator('[data-menu="user"]').waitFor({ state: "visible" });
        expect(await header.getByRole("link", { name: "Sign In" }).count()).toBe(0);
        await header.locator('[data-menu="user"]').locator("summary, button").first().click();
        for (const label of ["Profile", "Membership Center", "Daily Check-in", "Wealth Record", "Bank Account", "Verify ID", "Settings", "Partners"]) {
          await page.locator('[data-menu="user"]').getByText(label, { exact: true }).waitFor({ state: "visible" });
        }
        await shot(page, `browse-user-menu-390-${mode}`);
        if (js) await page.keyboard.press("Escape");
        else await header.locator('[data-menu="user"] summary').click();

        // Phones: the main links sit behind the menu button, with their badges.
        await header.locator('[data-menu="main"]').locator("summary, button").first().click();
        for (const label of ["Orders", "Withdrawal", "Message", "Account", "Blog"]) {
          await header.locator('[data-menu="main"]').getByRole("link", { name: label }).waitFor({ state: "visible" });
        }
        expect(await header.locator('[data-menu="main"]').getByRole("link", { name: /Blog/ }).getAttribute("target")).toBe("_blank");
        await shot(page, `browse-main-menu-390-${mode}`);
        if (js) await page.keyboard.press("Escape");
        else await header.locator('[data-menu="main"] summary').click();

        // The bell: a popover with Mark all as read and View all (a link to /noticeList without JS).
        await page.setViewportSize({ width: 1280, height: 900 });
        // On /home (islands-only, ADR 0067) the bell is the link it is without JavaScript.
        expect(await header.getByRole("link", { name: /Notifications/ }).getAttribute("href")).toBe("/noticeList");
        if (js) {
          // A hydrated page: a link until the bell is first used (ADR 0028), then the popover.
          await page.goto(`${e2e.server.url}/profile`);
          await settle(page, js);
          await header.getByRole("link", { name: /Notifications/ }).click();
          await page.getByRole("button", { name: "Mark all as read" }).waitFor({ state: "visible" });
          expect(await page.getByRole("link", { name: "View all" }).getAttribute("href")).toBe("/noticeList");
          await shot(page, `browse-notices-1280-${mode}`);
          await page.keyboard.press("Escape");
          await page.goto(`${e2e.server.url}/home?promo=closed`);
          await settle(page, js);
        } else {
          expect(await header.getByRole("link", { name: /Notifications/ }).getAttribute("href")).toBe("/noticeList");
          await shot(page, `browse-signed-in-1280-${mode}`);
        }
        const readAll = await page.request.post(`${e2e.server.url}/notices/read-all`, {
          form: { redirectTo: "/home?promo=closed" },
          headers: { origin: e2e.server.url },
          maxRedirects: 0,
        });
        expect(readAll.status()).toBe(302);
        expect(readAll.headers()["location"]).toBe("/home?promo=closed");
        await page.setViewportSize({ width: 390, height: 844 });
        await header.locator('[data-menu="user"]').locator("summary, button").first().click();

        // Sign out: on /home (islands-only) the confirmation is its page, JS on and off alike; the
        // hydrated pages' dialog is auth.e2e's.
        await page.locator('[data-menu="user"]').getByText("Sign out", { exact: true }).click();
        await page.waitForURL((u) => u.pathname === "/logout");
        await expect(page.locator("main").innerText()).resolves.toContain(SIGN_OUT_QUESTION);
        await page.getByRole("button", { name: "Confirm" }).click();
        await page.waitForURL((u) => u.pathname === "/home");
        await page.locator("header").first().getByRole("link", { name: "Sign In" }).waitFor({ state: "visible" });
        expect(await page.locator('[data-menu="user"]').count()).toBe(0);
      });
    });

    test("screenshots of home and an advert list at 390 px and 1280 px", async () => {
      await e2e.withPage(js, async (page) => {
        for (const width of [390, 1280]) {
          await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
          await page.goto(`${e2e.server.url}/home?promo=closed`);
          await settle(page, js);
          await page.getByTestId("card-type").first().waitFor();
          await shot(page, `browse-home-${width}-${mode}`);
          await page.goto(`${e2e.server.url}/advertList/1`);
          await settle(page, js);
          await page.getByTestId("offer").first().waitFor();
          await shot(page, `browse-advert-list-${width}-${mode}`);
        }
      });
    });
  });
}

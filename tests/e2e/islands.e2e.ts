/**
 * Islands-only pages (ADR 0067): /home and the offer lists are sent without the framework's
 * scripts, the touches script alone; a hydrated page's link into them is still a client-side
 * navigation; the touches do what React did there (the carousel's dots, the toast's timed leave,
 * a <details> menu closing, a post pending once, a destructive form asking first). The pages
 * without JavaScript are the browse, promo and kept-alive suites'. An island (the code field on
 * /forgot) is hydrated alone after the first paint from its entry and the shared React chunk.
 */
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { pageReady, signInSession } from "./support/browser";
import { useServerAndBrowser } from "./support/suite";

const e2e = useServerAndBrowser({ failureShots: "islands" });
const SELLER = { email: "seller@demo.test", password: "demo1234" };
const BAD_EMAIL = "Please enter a valid email address.";
/** A merchant of the demo world (SwiftCards), for a user's public page. */
const MERCHANT_PAGE = "/userInfo/10003";
/** The signed-in read pages that are islands-only (ADR 0067); their own suites run them JS on and off. */
const SIGNED_IN_ISLANDS = ["/orderList", "/withdrawList", "/noticeList", "/withdrawerList", "/referral", "/account", "/partnerList", MERCHANT_PAGE, "/transfers", "/rateAlerts"];
/** The sign-in pages, signed out (ADR 0067); the auth and two-factor suites run their flows JS on and off. */
const SIGN_IN_ISLANDS = ["/login", "/login?tab=mobile", "/login/twoFactor"];
const RUN = Date.now().toString(36);
/** A page that still hydrates as a whole, signed out, in the main layout. */
const HYDRATED_SIGNED_OUT = "/404";
/** The pages whose one island is the code field (signed out). */
const CODE_FIELD_PAGES = ["/forgot", "/register", "/register/DSELLA"];

/**
 * What a page whose one island is the code field asks for, in order: the touches script, the
 * island's entry, then the chunks it imports (React's, and the small ones the islands share), once each.
 */
function expectCodeFieldScripts(scripts: string[], path = "") {
  const [touches, entry, ...chunks] = scripts;
  expect(touches, path).toMatch(/^\/build\/_touches\/touches-\w+\.js$/);
  expect(entry, path).toMatch(/^\/build\/_islands\/code-field-\w+\.js$/);
  expect(chunks.length, path).toBeGreaterThan(0);
  for (const c of chunks) expect(c, path).toMatch(/^\/build\/_islands\/shared-\w+\.js$/);
  expect(new Set(chunks).size, path).toBe(chunks.length);
}

/** The /build/ scripts a page asks for, by path, from now on. */
function scriptRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (r.resourceType() === "script" && url.pathname.startsWith("/build/")) seen.push(url.pathname);
  });
  return seen;
}

/** What the page loaded and holds of the framework. */
function framework(page: Page) {
  return page.evaluate(() => ({
    context: "__remixContext" in window,
    preloads: document.querySelectorAll('link[rel="modulepreload"]').length,
    scripts: [...document.querySelectorAll<HTMLScriptElement>("script[src]")].map((s) => new URL(s.src).pathname),
  }));
}

describe("islands-only pages, JavaScript on", () => {
  test("/home, an offer list, /cardType and the sign-in pages load the touches script alone; /404 still hydrates", () =>
    e2e.withPage(true, async (page) => {
      for (const path of ["/home?promo=closed", "/advertList/1", "/cardType/1", ...SIGN_IN_ISLANDS]) {
        await page.goto(e2e.server.url + path);
        await pageReady(page, true);
        const seen = await framework(page);
        expect(seen, path).toEqual({ context: false, preloads: 0, scripts: [expect.stringMatching(/^\/build\/_touches\/touches-\w+\.js$/)] });
        // The ready mark is the touches script's, on <body>.
        expect(await page.evaluate(() => document.body.hasAttribute("data-hydrated")), path).toBe(true);
      }
      await page.goto(`${e2e.server.url}${HYDRATED_SIGNED_OUT}`);
      await pageReady(page, true);
      expect((await framework(page)).context).toBe(true);
    }));

  test("the signed-in read pages load the touches script alone; a list's tabs replace the history entry", () =>
    e2e.withPage(true, async (page) => {
      await signInSession(page.context(), e2e.server.url, SELLER);
      for (const path of SIGNED_IN_ISLANDS) {
        await page.goto(e2e.server.url + path);
        await pageReady(page, true);
        expect(await framework(page), path).toEqual({ context: false, preloads: 0, scripts: [expect.stringMatching(/^\/build\/_touches\/touches-\w+\.js$/)] });
      }
      await page.goto(e2e.server.url + MERCHANT_PAGE);
      // The page itself, not its not-found answer.
      expect(await page.getByTestId("user-nickname").innerText()).toBe("SwiftCards");
      // The order tabs: Back from a tab leaves the list, as with the hydrated tabs (replace).
      await page.goto(`${e2e.server.url}/home?promo=closed`);
      await page.goto(`${e2e.server.url}/orderList`);
      await pageReady(page, true);
      await page.getByRole("navigation", { name: "Order status" }).getByRole("link", { name: "Completed" }).click();
      await page.waitForURL((u) => u.searchParams.get("status") === "4");
      await page.goBack();
      await page.waitForURL((u) => u.pathname === "/home");
    }));

  test("a hydrated page's link into /home stays in the page, and /home works there", () =>
    e2e.withPage(true, async (page) => {
      const documents: string[] = [];
      page.on("request", (r) => {
        if (r.resourceType() === "document") documents.push(r.url());
      });
      await page.goto(`${e2e.server.url}${HYDRATED_SIGNED_OUT}`);
      await pageReady(page, true);
      await page.locator('header a[href="/home"]').first().click();
      await page.waitForURL((u) => u.pathname === "/home");
      await page.getByRole("heading", { name: "Sell a gift card" }).waitFor();
      expect(documents, "the navigation stayed in the page").toHaveLength(1);
      // The promo of a first /home, as the hydrated page draws it: a dialog that Escape closes.
      await page.getByRole("dialog").waitFor();
      await page.keyboard.press("Escape");
      await page.getByRole("dialog").waitFor({ state: "detached" });
      // React drew it: the phone carousel's dots are its buttons, and a card leads on in the page.
      const dots = page.locator('section[aria-roledescription="carousel"]:visible ol button');
      await dots.nth(1).click();
      await expect.poll(() => dots.nth(1).getAttribute("aria-current")).toBe("true");
      await page.getByTestId("card-type").first().click();
      await page.waitForURL((u) => u.pathname.startsWith("/advertList/"));
      await page.getByRole("form", { name: "Filter offers" }).waitFor();
      expect(documents).toHaveLength(1);
    }));

  test("the touches: the toast leaves by itself, a <details> menu closes on Escape and a tap outside, the dots are buttons", () =>
    e2e.withPage(true, async (page) => {
      // Signed in (the sign-in's toast waits in the session for the next page), then /home loaded.
      await signInSession(page.context(), e2e.server.url, SELLER);
      await page.goto(`${e2e.server.url}/home`);
      await pageReady(page, true);
      expect((await framework(page)).context).toBe(false);
      // The sign-in's toast, drawn over the page's foot, leaves after its time.
      const toast = page.locator("[data-toast] > div");
      await toast.getByText("Success").waitFor();
      expect(await toast.getByRole("button", { name: "Dismiss" }).isVisible()).toBe(true);
      await toast.waitFor({ state: "detached", timeout: 6_000 });
      // The promo first, as a dialog: Escape closes it.
      if (await page.getByRole("dialog").count()) await page.keyboard.press("Escape");
      await page.getByRole("dialog").waitFor({ state: "detached" });

      const menu = page.locator('details[data-menu="user"]');
      await menu.locator("summary").click();
      await expect.poll(() => menu.evaluate((d: HTMLDetailsElement) => d.open)).toBe(true);
      await page.keyboard.press("Escape");
      await expect.poll(() => menu.evaluate((d: HTMLDetailsElement) => d.open)).toBe(false);
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("SUMMARY");
      await menu.locator("summary").click();
      await expect.poll(() => menu.evaluate((d: HTMLDetailsElement) => d.open)).toBe(true);
      // A tap outside (the open panel covers most of a phone's screen: the tap is dispatched).
      await page.getByRole("heading", { name: "Sell a gift card" }).dispatchEvent("pointerdown");
      await expect.poll(() => menu.evaluate((d: HTMLDetailsElement) => d.open)).toBe(false);

      const carousel = page.locator('section[aria-roledescription="carousel"]:visible');
      const dots = carousel.locator("ol button");
      expect(await carousel.locator("ol a").count()).toBe(0);
      await carousel.hover(); // pauses the autoplay
      await dots.nth(1).click();
      await expect.poll(() => carousel.locator('button[aria-current="true"]').innerText()).toBe("Banner 2");
      expect(await carousel.locator("ul > li").nth(1).locator("a").getAttribute("tabindex")).toBeNull();
      expect(await carousel.locator("ul > li").nth(0).locator("a").getAttribute("tabindex")).toBe("-1");
    }));

  test("a post from an islands-only page is pending and sent once; a form marked destructive asks first", () =>
    e2e.withPage(true, async (page) => {
      await page.goto(`${e2e.server.url}/home?promo=closed`);
      await pageReady(page, true);
      const posts: string[] = [];
      // The answer is held, then empty (204: the page stays), so the pending state can be seen.
      await page.route("**/islands-probe", async (route) => {
        posts.push(route.request().method());
        await new Promise((r) => setTimeout(r, 1_500));
        await route.fulfill({ status: 204 });
      });
      await page.evaluate(() => {
        const form = document.createElement("form");
        form.method = "post";
        form.action = "/islands-probe";
        form.setAttribute("data-confirm", "Remove it?");
        form.innerHTML = '<button type="submit" name="intent" value="remove">Remove</button>';
        document.querySelector("main")!.prepend(form);
      });
      const button = page.getByRole("button", { name: "Remove" });

      page.once("dialog", (d) => void d.dismiss());
      await button.click();
      await page.waitForTimeout(300);
      expect(posts, "kept: nothing sent").toEqual([]);
      expect(await button.isDisabled()).toBe(false);

      page.on("dialog", (d) => void d.accept());
      await button.dblclick();
      await expect.poll(() => button.getAttribute("aria-busy")).toBe("true");
      expect(await button.isDisabled()).toBe(true);
      expect(await page.locator('form[aria-busy="true"]').count()).toBe(1);
      await page.waitForTimeout(2_000);
      expect(posts).toEqual(["POST"]);
    }));
  test("/login: a refused post comes back with the message at the field, the value kept and the focus on it; Enter shows Sign In pending", () =>
    e2e.withPage(true, async (page) => {
      await page.goto(`${e2e.server.url}/login?redirectTo=${encodeURIComponent("/orderList")}`);
      await pageReady(page, true);
      await page.getByLabel("Email").fill("someone@");
      await page.getByLabel("Password", { exact: true }).fill("whatever1");
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      await page.getByText(BAD_EMAIL).waitFor();
      await pageReady(page, true);
      expect(await page.getByLabel("Email").inputValue()).toBe("someone@");
      expect(await page.getByLabel("Password", { exact: true }).inputValue(), "a secret is never sent back").toBe("");
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("email");
      expect(new URL(page.url()).searchParams.get("redirectTo"), "kept for the next try").toBe("/orderList");

      // Enter presses the form's first submit, the hidden default one; the visible Sign In shows the
      // spinner, as the hydrated page's does. The post is held while that is read in the page.
      let release = () => {};
      const held = new Promise<void>((r) => (release = r));
      await page.route((u) => u.pathname === "/login", async (route) => {
        if (route.request().method() === "POST") await held;
        await route.continue();
      });
      await page.getByLabel("Email").fill(SELLER.email);
      await page.getByLabel("Password", { exact: true }).fill(SELLER.password);
      const seen = await page.evaluate(async () => {
        const form = document.querySelector<HTMLFormElement>('form[method="post"]')!;
        form.requestSubmit(form.querySelector<HTMLButtonElement>('button[aria-hidden="true"]'));
        await new Promise((r) => setTimeout(r, 100));
        const signIn = [...form.querySelectorAll("button")].find((b) => b.textContent?.trim() === "Sign In")!;
        return { busy: signIn.getAttribute("aria-busy"), spinner: signIn.querySelectorAll("[data-pending]").length, disabled: signIn.disabled };
      });
      expect(seen).toEqual({ busy: "true", spinner: 1, disabled: true });
      release();
      await page.waitForURL((u) => u.pathname === "/orderList");
    }));
});

describe("an island: the code field on /forgot and /register", () => {
  test("/register and an invitation link load the touches script, the code field's entry and the shared React chunk; the hash-routed share link still lands", () =>
    e2e.withPage(true, async (page) => {
      const scripts = scriptRequests(page);
      for (const path of CODE_FIELD_PAGES.slice(1)) {
        scripts.length = 0;
        await page.goto(e2e.server.url + path);
        await pageReady(page, true);
        await page.locator("[data-island-hydrated]").waitFor({ state: "attached" });
        expect((await framework(page)).context, path).toBe(false);
        expectCodeFieldScripts(scripts, path);
      }
      expect(await page.getByLabel("Invitation Code (optional)").inputValue()).toBe("DSELLA");
      await page.goto(`${e2e.server.url}/#/register/DSELLA`);
      await page.waitForURL((u) => u.pathname === "/register/DSELLA" && u.hash === "");
      await page.locator("[data-island-hydrated]").waitFor({ state: "attached" });
      expect(await page.getByLabel("Invitation Code (optional)").inputValue()).toBe("DSELLA");
    }));

  test("loads the touches script, the island's entry and the shared React chunk after the load, nothing of the framework; Send code counts down", () =>
    e2e.withPage(true, async (page) => {
      const scripts = scriptRequests(page);
      const documents: string[] = [];
      page.on("request", (r) => {
        if (r.resourceType() === "document") documents.push(r.url());
      });
      await page.goto(`${e2e.server.url}/forgot`);
      await pageReady(page, true);
      await page.locator("[data-island-hydrated]").waitFor({ state: "attached" });
      expect((await framework(page)).context).toBe(false);
      expectCodeFieldScripts(scripts);
      // After the first paint: the island's scripts were asked for once the page had loaded.
      const timing = await page.evaluate(() => {
        const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
        const island = performance.getEntriesByType("resource").filter((e) => e.name.includes("/_islands/"));
        return { loaded: nav.loadEventStart, first: Math.min(...island.map((e) => e.startTime)), count: island.length };
      });
      expect(timing.count).toBe(scripts.length - 1);
      expect(timing.first).toBeGreaterThanOrEqual(timing.loaded);

      await page.getByLabel("Email").fill(`island.${RUN}@example.com`);
      await page.getByRole("button", { name: "Send code" }).click();
      const resend = page.getByRole("button", { name: /Resend in \d+s/ });
      await resend.waitFor();
      expect(await resend.innerText()).toMatch(/^Resend in (60|59)s$/);
      expect(await resend.isDisabled()).toBe(true);
      // The note under the field, as the hydrated page words it (no "another code in" line).
      await page.getByRole("status").getByText("Code sent", { exact: true }).waitFor();
      await page.getByRole("button", { name: /Resend in 5[0-8]s/ }).waitFor({ timeout: 5_000 });
      expect(await page.getByLabel("Email").inputValue()).toBe(`island.${RUN}@example.com`);
      expect(documents, "sent with fetch: the page stayed").toHaveLength(1);
      // A page without islands loads no React: /home asks for the touches script alone.
      scripts.length = 0;
      await page.goto(`${e2e.server.url}/home?promo=closed`);
      await pageReady(page, true);
      await page.waitForLoadState("networkidle");
      expect(scripts).toEqual([expect.stringMatching(/^\/build\/_touches\/touches-\w+\.js$/)]);
    }));

  test("a wrong address is answered by the server at the field, the page sent as without JavaScript", () =>
    e2e.withPage(true, async (page) => {
      await page.goto(`${e2e.server.url}/forgot`);
      await pageReady(page, true);
      await page.locator("[data-island-hydrated]").waitFor({ state: "attached" });
      await page.getByLabel("Email").fill("not-an-email");
      await page.getByRole("button", { name: "Send code" }).click();
      await page.getByText(BAD_EMAIL).waitFor();
      expect(await page.getByLabel("Email").inputValue()).toBe("not-an-email");
      // The page came back hydrated again, its island with it.
      await page.locator("[data-island-hydrated]").waitFor({ state: "attached" });
      expect(await page.getByRole("button", { name: "Send code" }).isEnabled()).toBe(true);
    }));

  test("an island that cannot load leaves the server's button, which sends the code as without JavaScript", () =>
    e2e.withPage(true, async (page) => {
      await page.route("**/_islands/**", (route) => route.abort());
      await page.goto(`${e2e.server.url}/forgot`);
      await pageReady(page, true);
      expect(await page.locator("[data-island-hydrated]").count()).toBe(0);
      await page.getByLabel("Email").fill(`island.failed.${RUN}@example.com`);
      await page.getByRole("button", { name: "Send code" }).click();
      await page.getByText(/Code sent\. You can request another code in \d+ s\./).waitFor();
      expect(await page.getByLabel("Email").inputValue()).toBe(`island.failed.${RUN}@example.com`);
    }));
});

describe("islands: the level cards and the Point Mall on /memberShipCenter", () => {
  test("load the touches script, their two entries and the chunks they share after the load, nothing of the framework; the coverflow and the redeem dialog work", () =>
    e2e.withPage(true, async (page) => {
      await signInSession(page.context(), e2e.server.url, SELLER);
      const scripts = scriptRequests(page);
      await page.goto(`${e2e.server.url}/memberShipCenter`);
      await pageReady(page, true);
      expect(await page.locator("[data-island-hydrated]").count()).toBe(2);
      await page.waitForLoadState("networkidle");
      expect((await framework(page)).context).toBe(false);
      expect(scripts[0]).toMatch(/^\/build\/_touches\/touches-\w+\.js$/);
      const islands = scripts.slice(1);
      expect(islands.every((s) => /^\/build\/_islands\/(level-cards|point-mall|shared)-\w+\.js$/.test(s)), islands.join()).toBe(true);
      expect(islands.filter((s) => /\/(level-cards|point-mall)-/.test(s)).length).toBe(2);
      expect(new Set(islands).size).toBe(islands.length);
      // The coverflow steps; an item opens its question as a dialog.
      const flow = page.locator('[data-testid="level-cards"][data-coverflow]');
      const before = await flow.getByTestId("level-current").textContent();
      await flow.getByRole("button", { name: "Next level" }).click();
      await expect.poll(() => flow.getByTestId("level-current").textContent()).not.toBe(before);
      await page.getByTestId("mall-item").filter({ hasText: "Bonus 5 Coins" }).click();
      await page.getByRole("alertdialog", { name: "Redeem Bonus 5 Coins?" }).waitFor();
    }));
});

describe("islands-only pages, JavaScript off", () => {
  test("/forgot's Send code is the form's submit button: the code is sent and the page says so", () =>
    e2e.withPage(false, async (page) => {
      await page.goto(`${e2e.server.url}/forgot`);
      await pageReady(page, false);
      const send = page.getByRole("button", { name: "Send code" });
      expect(await send.getAttribute("type")).toBe("submit");
      await page.getByLabel("Email").fill(`island.off.${RUN}@example.com`);
      await send.click();
      await page.getByText(/Code sent\. You can request another code in \d+ s\./).waitFor();
      expect(await page.getByLabel("Email").inputValue()).toBe(`island.off.${RUN}@example.com`);
    }));


  test("the same pages: the dots are links to the slides, no carousel buttons show, Close is a link, nothing is marked ready", () =>
    e2e.withPage(false, async (page) => {
      await page.goto(`${e2e.server.url}/home`);
      await pageReady(page, false);
      const carousel = page.locator('section[aria-roledescription="carousel"]:visible');
      expect(await carousel.locator("ol a").first().getAttribute("href")).toMatch(/^#banner-h5-1$/);
      expect(await carousel.getByRole("button").count()).toBe(0);
      await page.getByTestId("promo").getByRole("link", { name: "Close" }).click();
      await page.waitForURL((u) => u.searchParams.get("promo") === "closed");
      expect(await page.getByTestId("promo").count()).toBe(0);
      expect(await page.locator("[data-hydrated]").count()).toBe(0);
    }));
});

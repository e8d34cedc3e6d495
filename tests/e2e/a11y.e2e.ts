/**
 * Accessibility: axe-core (WCAG 2 A and AA rules) on every screen built so far,
 * signed out and signed in, with JavaScript on and off, at phone width. Any
 * finding, whatever its impact, fails the test, listed with the elements it
 * points at.
 * Without JavaScript axe cannot run in the page itself, so the server's HTML is
 * audited in a second page that loads it with our scripts blocked. And keyboard
 * focus is visible: tabbing through a page, every element that takes focus
 * draws a focus ring.
 */
import { createRequire } from "node:module";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { DEMO_BANK_ACCOUNTS } from "../../backend/demo/bank-directory";
import { apiClient } from "./support/api";
import { escapeDialog, newContext, signInAs } from "./support/browser";
import { useServerAndBrowser } from "./support/suite";

const e2e = useServerAndBrowser();
const SELLER = { email: "seller@demo.test", password: "demo1234" };
const MERCHANT = { email: "merchant1@demo.test", password: "demo1234" };
const api = apiClient(() => e2e.server.apiUrl);
const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

interface Finding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** A JavaScript page that shows a no-JavaScript page's HTML as the server sent it (no hydration). */
async function staticViewer(context: BrowserContext): Promise<Page> {
  await context.route(/\/build\/.*\.js$/, (route) => route.abort());
  const viewer = await context.newPage();
  await viewer.goto(`${e2e.server.url}/healthz`);
  return viewer;
}

/** Runs axe on the page as it is (or on `html` shown in the viewer); its WCAG findings. */
async function audit(page: Page, html?: string): Promise<Finding[]> {
  if (html !== undefined) await page.setContent(html, { waitUntil: "load" });
  await page.addScriptTag({ path: AXE });
  const results = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<any> } }).axe;
    return axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] }, resultTypes: ["violations"] });
  });
  return (results.violations as any[])
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map((n: any) => String(n.target)) }));
}

async function open(page: Page, js: boolean, path: string) {
  await page.goto(`${e2e.server.url}${path}`);
  await page.waitForLoadState("load");
  if (js) await page.locator("[data-hydrated]").waitFor({ state: "attached" });
  // The once-per-session promo popup is itself audited on /home; close it elsewhere.
  const promo = page.getByTestId("promo");
  if (path !== "/home" && (await promo.count())) {
    if (js) await escapeDialog(page, promo);
    else {
      await page.getByRole("link", { name: "Close" }).click();
      await page.waitForLoadState("load");
    }
  }
}

async function firstHref(page: Page, selector: string): Promise<string> {
  const href = await page.locator(selector).first().getAttribute("href");
  expect(href, selector).toBeTruthy();
  return href!;
}

for (const js of [true, false]) {
  describe(`JavaScript ${js ? "on" : "off"}`, () => {
    test("no WCAG 2.1 A/AA findings by axe on any screen", async () => {
      const viewerContext = await newContext(e2e.browser, { js: true });
      const viewer = await staticViewer(viewerContext);
      // The harness sees what it should: an unlabelled input and an image without alt text.
      const control = await audit(viewer, '<!doctype html><html lang="en"><title>x</title><main><img src="/favicon.svg"><input></main></html>');
      expect(control.map((f) => f.id).sort()).toEqual(["image-alt", "label"]);
      await e2e.withPage(js, async (page) => {
        const found: Record<string, Finding[]> = {};
        const record = async (name: string) => {
          const f = js ? await audit(page) : await audit(viewer, await page.content());
          if (f.length) found[name] = f;
        };
        const check = async (path: string) => {
          await open(page, js, path);
          await record(path);
        };

        const merchantId = await api.userId(await api.login(MERCHANT));
        await check("/home");
        const advertList = await firstHref(page, '[data-testid="card-type"] a, a[data-testid="card-type"]');
        for (const p of [advertList, "/login", "/login?tab=MOBILE", "/login/twoFactor", "/register", "/forgot", "/webView?page=helpCenter", `/userInfo/${merchantId}`]) await check(p);
        await open(page, js, advertList);
        const sellCard = await firstHref(page, 'a[href^="/sellCard/"]');

        // A second session of the seller's, so /security/devices shows one to sign out (ADR 0058).
        await api.login(SELLER);
        await signInAs(page, e2e.server.url, js, SELLER, "/orderList");
        for (const p of ["/orderList", sellCard, "/account", "/withdrawerList", "/withdrawList", "/sellVirtualCoin", "/security/bankAccount", "/message", "/profile", "/noticeList", "/security/tradePassword?step=form", "/security/loginPassword?step=form", "/security/devices", "/security/notifications", "/security/bindMobile?step=form", "/security/bindEmail?step=form", "/security/redemptionCode", "/security/kycVerification?step=form", "/partnerList", "/partnerList?type=2", `/userInfo/${merchantId}`, "/memberShipCenter", "/memberShipCenter?tab=order", "/memberShipCenter/dailyCheckIn", "/memberShipCenter/wealthRecord", "/referral"]) {
          await check(p);
        }
        // A dialog (with JS) or its page section (without), open and showing its errors.
        await open(page, js, "/security/bankAccount");
        await page.getByTestId("add-bank").click();
        if (!js) await page.waitForURL((u) => u.searchParams.get("edit") === "new");
        const form = js ? page.getByRole("dialog") : page.getByTestId("bank-edit-section");
        await form.getByRole("button", { name: "Continue", exact: true }).click();
        await form.getByText("Please enter your Real Name.", { exact: true }).waitFor();
        await record("/security/bankAccount (add, with errors)");
        // Its second step: the bank's name for the account, to confirm (ADR 0053); one that is not the name typed.
        await form.getByLabel("Bank", { exact: true }).selectOption({ label: "GTBank" });
        await form.getByLabel("Real name").fill("Tunde Bello");
        await form.getByLabel("Account number").fill(DEMO_BANK_ACCOUNTS.find((a) => a.bank === "GTBank")!.accountNumber);
        await form.getByRole("button", { name: "Continue", exact: true }).click();
        await form.getByText("This is not the name you typed. Confirm only if this account is yours.", { exact: true }).waitFor();
        await record("/security/bankAccount (add, the name to confirm)");

        // Two-factor sign-in (ADR 0057): the intro, then the setup with its QR code, key and first code.
        await check("/security/twoFactor");
        await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
        await page.getByTestId("two-factor-key").waitFor();
        await record("/security/twoFactor?step=setup");

        await open(page, js, "/withdrawerList");
        await check(await firstHref(page, 'a[href^="/sellCoins/"]'));

        // An order of the seller's: its page, its chat (live with JS) and the system conversation.
        const orderId = await api.sellECode(await api.login(SELLER), merchantId, 3000, `A11Y-${js ? "J" : "N"}-${Date.now()}`);
        for (const p of [`/orderDetails/${orderId}`, `/message/GROUP${orderId}`, "/message/C2C88888888"]) {
          await open(page, js, p);
          if (js) await page.locator('[data-chat="live"][data-chat-status="online"]').first().waitFor({ timeout: 20_000 });
          await record(p);
        }

        expect(found).toEqual({});
      }).finally(() => viewerContext.close());
      // About forty screens, each loaded and audited: 119 s with JavaScript on this 2-core
      // machine, at the suite's 120 s default. A ceiling, not a measure.
    }, 240_000);
  });
}

/**
 * Tabs through the page; for each element that takes focus, whether it draws a ring,
 * and whether an ancestor that clips its overflow (a sideways scroller) cuts the ring.
 */
async function tabRings(page: Page, stops: number) {
  const seen: Array<{ what: string; ring: boolean; clipped: boolean }> = [];
  for (let i = 0; i < stops; i++) {
    await page.keyboard.press("Tab");
    const r = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const cs = getComputedStyle(el);
      const outline = cs.outlineStyle !== "none" && parseFloat(cs.outlineWidth) >= 1;
      const shadow = cs.boxShadow !== "none" && cs.boxShadow !== "";
      const name = (el.getAttribute("aria-label") || el.textContent || (el as HTMLInputElement).name || "").trim().slice(0, 30);
      // The outline's outer edge, and the box of every ancestor that clips what overflows it.
      const grow = outline ? parseFloat(cs.outlineWidth) + parseFloat(cs.outlineOffset || "0") : 0;
      const r = el.getBoundingClientRect();
      let clipped = false;
      for (let a = el.parentElement; a && a !== document.body && outline; a = a.parentElement) {
        const as = getComputedStyle(a);
        if (as.overflowX === "visible" && as.overflowY === "visible") continue;
        const b = a.getBoundingClientRect();
        const out = (edge: number, limit: number, sign: 1 | -1) => sign * (edge - limit) > 0.5;
        clipped ||= out(b.left, r.left - grow, 1) || out(r.right + grow, b.right, 1) || out(b.top, r.top - grow, 1) || out(r.bottom + grow, b.bottom, 1);
      }
      return { what: `${el.tagName.toLowerCase()} "${name}"`, ring: outline || shadow, clipped };
    });
    if (r) seen.push(r);
  }
  return seen;
}

for (const js of [true, false]) {
  test(`JavaScript ${js ? "on" : "off"}: every element reached with Tab shows a focus ring`, async () => {
    await e2e.withPage(js, async (page) => {
      for (const path of ["/home?promo=closed", "/login", "/register", "/security/bankAccount", "/orderList", "/profile", "/noticeList", "/security/tradePassword?step=form", "/partnerList", "/memberShipCenter", "/memberShipCenter/dailyCheckIn", "/referral"]) {
        await open(page, js, path);
        const seen = await tabRings(page, 25);
        expect(seen.length, path).toBeGreaterThan(5);
        expect(seen.filter((s) => !s.ring).map((s) => `${path}: ${s.what}`)).toEqual([]);
        // Not cut by a scrolling bar (the security tabs showed two thin lines).
        expect(seen.filter((s) => s.clipped).map((s) => `${path}: ${s.what}`)).toEqual([]);
      }
    });
  });
}

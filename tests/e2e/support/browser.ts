/**
 * Browser helpers for the e2e tests: Debian's Chromium driven by
 * playwright-core (no downloaded browser), a phone-sized context with or
 * without JavaScript, the dev outbox (verification codes) and screenshots.
 *
 *   const browser = await launchBrowser();
 *   const context = await newContext(browser, { js: false });
 *   const page = await context.newPage();
 *   const code = await latestCode(server.url, "a@example.com", "register");
 *   await shot(page, "register-filled");   // tests/e2e/screenshots/register-filled.png
 */
import { mkdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from "playwright-core";
import { TIME_ZONE_COOKIE } from "../../../app/services/layout/time-zone";

/** Flags from STACK.md: without the background-networking ones Chromium floods the closed network. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Where `shot()` writes (gitignored). */
export const SCREENSHOT_DIR = fileURLToPath(new URL("../screenshots/", import.meta.url));

/** Launches Debian's headless Chromium (scripts/ensure-chromium.ts installs it). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: "/usr/bin/chromium", headless: true, args: CHROMIUM_ARGS });
}

/**
 * A fresh, phone-sized context; `js: false` for the no-JavaScript runs (plain
 * form posts); `timezoneId` for the browser's zone (the machine's otherwise);
 * `touch` for a touch phone (touch events, mobile viewport) for gestures.
 * The service worker (ADR 0077) is kept out unless `worker` asks for it: a request it answers
 * never reaches a test's page.route, and the suites that withhold or count files rely on those;
 * tests/e2e/pwa.e2e.ts tests the pages with it.
 */
export async function newContext(browser: Browser, opts: { js: boolean; timezoneId?: string; touch?: boolean; worker?: boolean }): Promise<BrowserContext> {
  const touch = opts.touch ? { hasTouch: true, isMobile: true } : {};
  return watchPages(
    await browser.newContext({
      javaScriptEnabled: opts.js,
      viewport: { width: 390, height: 844 },
      timezoneId: opts.timezoneId,
      serviceWorkers: opts.worker ? "allow" : "block",
      ...touch,
    }),
  );
}

/**
 * A browser's own report of a load that failed, not an error of our script: a page that posts a
 * refused form (400) or looks for a missing picture (404) logs it, and so does a load a test cuts
 * off on purpose (net::ERR_FAILED: the first-visit, bundle and axe suites withhold files).
 */
const NETWORK_REPORT = /^Failed to load resource: (the server responded with a status of \d{3}|net::ERR_)/;

/**
 * Every page of the context is watched for an uncaught error or a console error (a hydration
 * mismatch is both: React's #418/#423): closing the context then fails, naming them. Every e2e
 * test closes its contexts, so any page error or console error fails the test that made it.
 */
export function watchPages(context: BrowserContext): BrowserContext {
  const problems: string[] = [];
  context.on("page", (page) => {
    page.on("pageerror", (err) => problems.push(`${page.url()}: page error: ${err.message}`));
    page.on("console", (msg) => {
      if (msg.type() === "error" && !NETWORK_REPORT.test(msg.text())) problems.push(`${page.url()}: console error: ${msg.text()}`);
    });
  });
  const close = context.close.bind(context);
  context.close = async (options) => {
    await close(options);
    if (problems.length > 0) throw new Error(`the pages logged errors:\n${problems.join("\n")}`);
  };
  return context;
}

/**
 * The sign-in fixture: posts the sign-in form the way a browser would (its Origin) from the
 * context, so the context holds the session cookie, without driving the form. Tests of the
 * sign-in form itself use signInByForm.
 */
export async function signInSession(context: BrowserContext, baseUrl: string, who: { email: string; password: string }) {
  const res = await context.request.post(`${baseUrl}/login`, {
    form: { type: "EMAIL", email: who.email, loginPwd: who.password },
    headers: { origin: baseUrl },
    maxRedirects: 0,
  });
  if (res.status() !== 302) throw new Error(`signing in ${who.email} answered ${res.status()}`);
}

/**
 * The same post without a browser (fetch, its Origin set as a browser would): the cookies it set,
 * as `name=value` pairs for a Cookie header.
 */
export async function signInCookies(baseUrl: string, who: { email: string; password: string }): Promise<string[]> {
  const res = await fetch(`${baseUrl}/login`, {
    method: "POST",
    body: new URLSearchParams({ type: "EMAIL", email: who.email, loginPwd: who.password }),
    headers: { origin: baseUrl },
    redirect: "manual",
  });
  if (res.status !== 302) throw new Error(`signing in ${who.email} answered ${res.status}`);
  return res.headers.getSetCookie().map((c) => c.split(";")[0]!);
}

/** Signed in (the fixture), then on `to`, hydrated when JavaScript is on. */
export async function signInAs(page: Page, baseUrl: string, js: boolean, who: { email: string; password: string }, to: string) {
  await signInSession(page.context(), baseUrl, who);
  // A browser that ran our pages' first script has sent its zone (the tz cookie) before any later page:
  // the fixture's first page is such a later page, so the cookie is set as that script would.
  if (js) {
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    await page.context().addCookies([{ name: TIME_ZONE_COOKIE, value: encodeURIComponent(zone), url: baseUrl }]);
  }
  await page.goto(`${baseUrl}${to}`);
  await page.waitForLoadState("load");
  if (js) await page.locator("[data-hydrated]").waitFor({ state: "attached" });
}

/** Fills the /login form (e-mail tab) and presses Sign In; what follows is the caller's to check. */
export async function submitSignInForm(page: Page, baseUrl: string, js: boolean, who: { email: string; password: string }, to = "/home") {
  await page.goto(`${baseUrl}/login?redirectTo=${encodeURIComponent(to)}`);
  if (js) await page.locator("[data-hydrated]").waitFor({ state: "attached" });
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password", { exact: true }).fill(who.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

/** Signs in through the /login form (e-mail tab) and waits for `to`: for tests of the form and its redirect. */
export async function signInByForm(page: Page, baseUrl: string, js: boolean, who: { email: string; password: string }, to: string) {
  await submitSignInForm(page, baseUrl, js, who, to);
  await page.waitForURL((u) => u.pathname === to);
  await page.waitForLoadState("load");
  if (js) await page.locator("[data-hydrated]").waitFor({ state: "attached" });
}

/** One message the server "sent" (dev outbox). */
export interface OutboxEntry {
  to: string;
  type: string;
  code: string;
  time: string | number;
}

/** Reads the dev outbox: GET {url}/dev/outbox, newest first. */
export async function readOutbox(url: string): Promise<OutboxEntry[]> {
  const res = await fetch(`${url}/dev/outbox`);
  if (!res.ok) throw new Error(`GET /dev/outbox answered ${res.status}`);
  return (await res.json()) as OutboxEntry[];
}

/**
 * The newest code sent to `to` of `type`. Polls for up to `timeoutMs`
 * (the message may be written just after the form post returns).
 */
export async function latestCode(url: string, to: string, type: string, timeoutMs = 5_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const entry = (await readOutbox(url)).find((e) => e.to === to && e.type === type);
    if (entry) return entry.code;
    if (Date.now() > deadline) throw new Error(`no "${type}" code for ${to} in the dev outbox`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Screenshots are for people to look at (docs/product/look.md: our screens at 390×844). E2E_SHOTS=off leaves them
 * out where nobody will (.ci/run): each costs ~0.6 s, and a shot from the top waits out a toast
 * (ADR 0039). Failure shots are taken either way.
 */
const shotsWanted = () => process.env.E2E_SHOTS !== "off";

/** Where a screenshot called `name` is written. */
const shotPath = (name: string) => join(SCREENSHOT_DIR, `${name.replace(/[^\w.-]+/g, "_")}.png`);

/** Saves a full-page screenshot as tests/e2e/screenshots/<name>.png (a failure's, or any when wanted). */
async function saveShot(target: Page | Locator, name: string, fullPage: boolean): Promise<void> {
  const path = shotPath(name);
  await mkdir(dirname(path), { recursive: true });
  await target.screenshot(fullPage ? { path, fullPage } : { path });
}

/** A full-page screenshot as tests/e2e/screenshots/<name>.png, unless E2E_SHOTS=off. */
export async function shot(page: Page, name: string): Promise<void> {
  if (shotsWanted()) await saveShot(page, name, true);
}

/** A screenshot of one element, unless E2E_SHOTS=off. */
export async function shotOf(element: Locator, name: string): Promise<void> {
  if (shotsWanted()) await saveShot(element, name, false);
}

/**
 * The texts in `scope` that do not fit their box: wider than it, so cut off or running under what
 * stands beside them. [] when every one shows whole (at the page's width: 390 px in these tests).
 * Inline boxes have no width of their own, and text for screen readers only (sr-only, a 1 px box)
 * is hidden on purpose: neither counts. Text cut with an ellipsis does: a figure must never be cut
 * (the partner list's volume was, by a truncate), so a scope's names must fit in the test's data.
 */
export function cutTexts(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) =>
    [root, ...root.querySelectorAll("*")]
      .filter((el) => el.scrollWidth > el.clientWidth + 1 && (el.textContent ?? "").trim() !== "")
      .filter((el) => getComputedStyle(el).display !== "inline" && !(el.clientWidth <= 1 && el.clientHeight <= 1))
      .map((el) => (el.textContent ?? "").trim()),
  );
}

/**
 * The <select>s in `scope` too narrow for their longest option: a select never overflows (cutTexts
 * cannot see it), it cuts its text. Each is measured against a copy of itself at its natural width,
 * which fits the longest option and the arrow. Their labels, [] when every one fits.
 */
export function cutSelects(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) =>
    [...root.querySelectorAll("select")]
      .filter((el) => el.offsetWidth > 0)
      .filter((el) => {
        const copy = el.cloneNode(true) as HTMLSelectElement;
        copy.style.cssText = "position:absolute;visibility:hidden;width:auto;min-width:0;max-width:none";
        el.parentElement!.appendChild(copy);
        const natural = copy.offsetWidth;
        copy.remove();
        return natural > el.offsetWidth + 1;
      })
      .map((el) => el.labels?.[0]?.textContent?.trim() || el.name),
  );
}

/** What the page looked like when a test failed: taken even with E2E_SHOTS=off. */
export const failureShot = (page: Page, name: string): Promise<void> => saveShot(page, name, true);

/**
 * Closes an open Headless UI dialog: Escape first (the keyboard path users
 * take), pressed again if the first lands before the dialog listens; if Escape
 * has not closed it after a few tries, the dialog's own Close button, with what
 * the page looked like written to the log, so a return of the stuck-dialog bug
 * of ADR 0012 shows in CI. Throws if neither closes it.
 */
export async function escapeDialog(page: Page, dialog: Locator, attempts = 3): Promise<void> {
  const closedWithin = (ms: number) => dialog.waitFor({ state: "hidden", timeout: ms }).then(() => true, () => false);
  for (let i = 0; i < attempts; i++) {
    await page.keyboard.press("Escape");
    if (await closedWithin(3_000)) return;
  }
  const state = await page
    .evaluate(() => {
      const d = document.querySelector('[role="dialog"]');
      const a = document.activeElement;
      return `dialog: ${d ? d.outerHTML.slice(0, 300) : "none"}; focus: ${a ? a.tagName + (a.id ? "#" + a.id : "") : "none"}`;
    })
    .catch((e: unknown) => String(e));
  await page.getByRole("dialog").getByRole("button", { name: "Close" }).first().click({ timeout: 5_000 }).catch(() => {});
  if (await closedWithin(10_000)) {
    console.warn(`[e2e] dialog ignored ${attempts} × Escape; closed with its Close button. ${state}`);
    return;
  }
  throw new Error(`dialog still open after ${attempts} × Escape and its Close button. ${state}`);
}

/** The page loaded, and hydrated when JavaScript is on. */
export async function pageReady(page: Page, js: boolean) {
  await page.waitForLoadState("load");
  if (js) await page.locator("[data-hydrated]").waitFor({ state: "attached" });
}

/**
 * A staff decision (ADR 0035): press the form's button, then confirm the question — in the dialog
 * with JavaScript, in the section the server answers with without it — and wait for the page after.
 */
export async function decide(page: Page, js: boolean, intent: string, id: number, confirmLabel: string) {
  await page.getByTestId(`${intent}-${id}`).click();
  const question = js ? page.getByRole("alertdialog") : page.getByTestId(`${intent}-${id}-confirm`);
  await question.getByRole("button", { name: confirmLabel, exact: true }).click();
  await question.waitFor({ state: "detached" });
  await pageReady(page, js);
}

/** A full-page screenshot at the top of the page, once no toast covers it (with JavaScript). */
export async function shotFromTop(page: Page, name: string, js: boolean) {
  if (!shotsWanted()) return;
  await page.evaluate(() => window.scrollTo(0, 0));
  if (js) await page.locator('[role="status"][aria-live="polite"] > div').first().waitFor({ state: "detached", timeout: 5000 }).catch(() => {});
  await shot(page, name);
}

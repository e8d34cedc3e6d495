/**
 * The screenshot pass (docs/product/look.md: our screens at 390×844): every screen that renders a
 * page, as the role that uses it, with JavaScript on and off, a full-page shot each
 * (tests/e2e/screenshots/screens/<role>-<name>-<js|nojs>.png) for a person to look at. Runs only
 * with SCREEN_PASS=1: it proves nothing by itself, it is the walk a reviewer looks through.
 * Beside the shots it writes screens/report.json: per shot, the texts that do not fit their box
 * (cutTexts) and whether the page is wider than the phone.
 *
 * Detail pages take the first id their list links to (the demo world's orders, withdrawals,
 * chats, offers), so the pass follows whatever the world holds.
 */
import { writeFile, mkdir } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, test } from "vitest";
import type { Page } from "playwright-core";
import { cutSelects, pageReady, SCREENSHOT_DIR, shot, signInSession } from "./support/browser";
import { apiClient, bankAccountOf } from "./support/api";
import { useServerAndBrowser } from "./support/suite";

const e2e = useServerAndBrowser({ failureShots: "screens" });
const DEMO = "demo1234";
const ROLES = {
  guest: null,
  seller: { email: "seller@demo.test", password: DEMO },
  merchant: { email: "merchant1@demo.test", password: DEMO },
  withdrawer: { email: "withdrawer1@demo.test", password: DEMO },
  staff: { email: "admin@demo.test", password: DEMO },
} as const;
type Role = keyof typeof ROLES;

/** A screen: its name, its path, or where to find its path (the first link under `from` matching `link`). */
/** `act`: what to do once it is shown (open a menu, send a form empty) before the shot. */
type Screen = ({ name: string; path: string } | { name: string; from: string | Screen; link: RegExp }) & { act?: (page: Page, js: boolean) => Promise<void> };

/** Presses a form's submit button as it is, to see its messages. */
const submitEmpty = (button: string) => async (page: Page, js: boolean) => {
  await page.getByRole("button", { name: button, exact: true }).first().click();
  await page.waitForLoadState("load");
  await page.waitForTimeout(js ? 500 : 100);
};
/** Opens a menu or popover: its <summary> without JavaScript (and until first used), its button after. */
const open = (css: string) => async (page: Page) => {
  await page.locator(`${css} summary, ${css} button`).first().click();
  await page.waitForTimeout(400);
};
/** The ids made for the pass: orders and withdrawals in the states their pages show. */
const made = { waitingOrder: 0, doneOrder: 0, waitingWithdrawal: 0, processingWithdrawal: 0, merchantId: 0 };

const CARD_TYPE: Screen = { name: "card-type", from: "/home", link: /^\/advertList\/\d+$/ };

const SCREENS: Record<Role, Screen[]> = {
  guest: [
    { name: "landing", path: "/" },
    { name: "home", path: "/home" },
    { name: "login", path: "/login" },
    { name: "login-empty", path: "/login", act: submitEmpty("Sign In") },
    { name: "register-empty", path: "/register", act: submitEmpty("Sign Up") },
    { name: "login-phone", path: "/login?type=MOBILE" },
    { name: "register", path: "/register" },
    { name: "register-invite", path: "/register/DSELLA" },
    { name: "forgot", path: "/forgot" },
    { name: "not-found", path: "/no-such-page" },
    { name: "partners", path: "/partnerList" },
    { name: "withdrawers", path: "/withdrawerList" },
    { name: "notices", path: "/noticeList" },
    CARD_TYPE,
    { name: "order-list-guest", path: "/orderList" },
    { name: "sell-virtual-coin-guest", path: "/sellVirtualCoin" },
  ],
  seller: [
    { name: "home", path: "/home" },
    { name: "account", path: "/account" },
    { name: "profile", path: "/profile" },
    { name: "referral", path: "/referral" },
    { name: "orders", path: "/orderList" },
    { name: "order-waiting", path: "/orderDetails/{waitingOrder}" },
    { name: "order-done", path: "/orderDetails/{doneOrder}" },
    { name: "orders-done", path: "/orderList?status=4" },
    { name: "withdrawals", path: "/withdrawList" },
    { name: "withdrawal-waiting", path: "/withdrawDetails/{waitingWithdrawal}" },
    { name: "withdrawal-processing", path: "/withdrawDetails/{processingWithdrawal}" },
    { name: "notice", from: "/noticeList", link: /^\/notices\/\d+$/ },
    { name: "user-menu", path: "/home", act: open('[data-menu="user"]') },
    { name: "nav-menu", path: "/home", act: open('[data-menu="main"]') },
    { name: "need-help", path: "/home", act: open('[data-testid="need-help"]') },
    { name: "sell-card-empty", from: CARD_TYPE, link: /^\/sellCard\/\d+$/, act: submitEmpty("Sell") },
    { name: "sell-coins-empty", from: "/withdrawerList", link: /^\/sellCoins\/\d+/, act: submitEmpty("Sell") },
    { name: "kyc-form-empty", path: "/security/kycVerification?step=form", act: submitEmpty("Submit") },
    { name: "redemption-empty", path: "/security/redemptionCode", act: submitEmpty("Confirm") },
    { name: "messages", path: "/message" },
    { name: "chat", from: "/message", link: /^\/message\/[^/?]+$/ },
    { name: "membership", path: "/memberShipCenter" },
    { name: "check-in", path: "/memberShipCenter/dailyCheckIn" },
    { name: "wealth-record", path: "/memberShipCenter/wealthRecord" },
    { name: "notices", path: "/noticeList" },
    { name: "security", path: "/security" },
    { name: "bank-account", path: "/security/bankAccount" },
    { name: "bind-email", path: "/security/bindEmail" },
    { name: "bind-mobile", path: "/security/bindMobile" },
    { name: "devices", path: "/security/devices" },
    { name: "kyc", path: "/security/kycVerification" },
    { name: "kyc-form", path: "/security/kycVerification?step=form" },
    { name: "login-password", path: "/security/loginPassword" },
    { name: "redemption-code", path: "/security/redemptionCode" },
    { name: "trade-password", path: "/security/tradePassword" },
    { name: "two-factor", path: "/security/twoFactor" },
    CARD_TYPE,
    { name: "sell-card", from: CARD_TYPE, link: /^\/sellCard\/\d+$/ },
    { name: "partners", path: "/partnerList" },
    { name: "withdrawers", path: "/withdrawerList" },
    { name: "sell-coins", from: "/withdrawerList", link: /^\/sellCoins\/\d+/ },
    { name: "user-info", path: "/userInfo/{merchantId}" },
    { name: "sell-virtual-coin", path: "/sellVirtualCoin" },
    { name: "sell-virtual-coin-usdt", path: "/sellVirtualCoin?type=usdt" },
  ],
  merchant: [
    { name: "desk", path: "/desk" },
    { name: "desk-order", path: "/desk/orders/{waitingOrder}" },
    { name: "desk-order-done", path: "/desk/orders/{doneOrder}" },
    { name: "desk-offers", path: "/desk/offers" },
    { name: "desk-offer", from: "/desk/offers", link: /^\/desk\/offers\/\d+$/ },
    { name: "messages", path: "/message" },
    { name: "chat", from: "/message", link: /^\/message\/[^/?]+$/ },
    { name: "home", path: "/home" },
    { name: "account", path: "/account" },
  ],
  withdrawer: [
    { name: "queue", path: "/desk/withdrawals" },
    { name: "queue-done", path: "/desk/withdrawals?status=2" },
    { name: "withdrawal-waiting", path: "/desk/withdrawals/{waitingWithdrawal}" },
    { name: "withdrawal-process-ask", path: "/desk/withdrawals/{waitingWithdrawal}?confirm=process" },
    { name: "withdrawal-processing", path: "/desk/withdrawals/{processingWithdrawal}" },
    { name: "withdrawal-cancel-open", path: "/desk/withdrawals/{processingWithdrawal}", act: async (page) => page.getByTestId("cancel-withdrawal").locator("summary").click() },
    { name: "settings", path: "/desk/withdrawals/settings" },
    { name: "account", path: "/account" },
  ],
  staff: [
    { name: "staff", path: "/staff" },
    { name: "audit", path: "/staff/audit" },
    { name: "kyc", path: "/staff/kyc" },
    { name: "mall", path: "/staff/mall" },
    { name: "redemption", path: "/staff/redemption" },
    { name: "transfers", path: "/staff/transfers" },
    { name: "withdrawals", path: "/staff/withdrawals" },
    { name: "order", path: "/staff/orders/{waitingOrder}" },
    { name: "account", path: "/account" },
  ],
};

const OUT = join(SCREENSHOT_DIR, "screens");

/** cutTexts, for what is on show only (closed menus and drawers keep their boxes at 0 width). */
async function shownCut(page: Page): Promise<string[]> {
  return page.locator("body").evaluate((root) =>
    [...root.querySelectorAll("*")]
      .filter((el) => el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && el.clientWidth > 1)
      .filter((el) => el.scrollWidth > el.clientWidth + 1 && (el.textContent ?? "").trim() !== "")
      .filter((el) => getComputedStyle(el).display !== "inline")
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 4).join(".")}: ${(el.textContent ?? "").trim().slice(0, 80)}`),
  );
}

async function makeData(url: string) {
  const api = apiClient(() => url);
  const seller = await api.login(ROLES.seller);
  const merchant = await api.login(ROLES.merchant);
  const withdrawer = await api.login(ROLES.withdrawer);
  const merchantId = await api.userId(merchant);
  made.merchantId = merchantId;
  made.waitingOrder = await api.sellECode(seller, merchantId, 10_000, `PASS-${Date.now()}-A`);
  made.doneOrder = await api.sellECode(seller, merchantId, 10_000, `PASS-${Date.now()}-B`);
  await api.call("/merchant/order/view", { id: made.doneOrder }, merchant);
  await api.call("/merchant/order/complete", { id: made.doneOrder }, merchant);
  await api.call("/merchant/order/view", { id: made.waitingOrder }, merchant);
  const { list } = await api.call<{ list: { id: number; nickname: string }[] }>("/userWithdraw/getWithdrawer", { currency: "NGN" }, seller);
  const withdrawerId = list.find((w) => w.nickname === "CashPointNG")!.id;
  const userPaymentId = await bankAccountOf(api.call, seller);
  const apply = async () => (await api.call<{ id: number }>("/userWithdraw/applyWithdraw", { withdrawerId, amount: 2_000, userPaymentId, tradePwd: "123456" }, seller)).id;
  made.waitingWithdrawal = await apply();
  made.processingWithdrawal = await apply();
  await api.call("/merchant/withdraw/process", { id: made.processingWithdrawal }, withdrawer);
}
const report: Record<string, { url: string; status: number | null; cut: string[]; selects?: string[]; wider: number | null; error?: string }> = {};

async function resolve(page: Page, base: string, s: Screen): Promise<string | null> {
  if ("path" in s) return s.path.replace(/\{(\w+)\}/g, (_, k: keyof typeof made) => String(made[k]));
  const from = typeof s.from === "string" ? s.from : await resolve(page, base, s.from);
  if (!from) return null;
  await page.goto(`${base}${from}`);
  const hrefs = await page.locator("a[href]").evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
  const found = hrefs.find((h) => s.link.test(h.split("?")[0]!));
  return found ?? null;
}

async function take(page: Page, js: boolean, role: Role, s: Screen) {
  const key = `${role}-${s.name}-${js ? "js" : "nojs"}`;
  const base = e2e.server.url;
  const path = await resolve(page, base, s);
  if (!path) {
    report[key] = { url: "", status: null, cut: [], wider: null, error: "no link found" };
    return;
  }
  const res = await page.goto(`${base}${path}`);
  await pageReady(page, js);
  await page.waitForTimeout(js ? 400 : 50);
  await s.act?.(page, js).catch((e: unknown) => (report[`${key}-act`] = { url: path, status: null, cut: [], wider: null, error: String(e).slice(0, 200) }));
  const wider = await page.evaluate(() => document.documentElement.scrollWidth);
  report[key] = { url: path, status: res?.status() ?? null, cut: await shownCut(page), selects: await cutSelects(page.locator("body")), wider: wider > 390 ? wider : null };
  await shot(page, `screens-${key}`);
}

describe.skipIf(process.env.SCREEN_PASS !== "1")("the screenshot pass: every screen at 390×844", () => {
  beforeAll(() => makeData(e2e.server.apiUrl), 120_000);
  for (const role of Object.keys(ROLES) as Role[])
    for (const js of [true, false])
      test(`${role}, ${js ? "with" : "without"} JavaScript`, { timeout: 600_000 }, () =>
        e2e.withPage(js, async (page) => {
          const who = ROLES[role];
          if (who) await signInSession(page.context(), e2e.server.url, who);
          for (const s of SCREENS[role]) await take(page, js, role, s);
          await mkdir(OUT, { recursive: true });
          await writeFile(join(OUT, "report.json"), JSON.stringify(report, null, 1));
        }));
});

/**
 * The wallet and cash-out end to end, with JavaScript on and off:
 * the demo seller adds a bank account (and edits and deletes a second one),
 * sells coins to withdrawer1 with the trade password, watches the withdrawal
 * reach Completed with its payment picture (the demo withdrawer acts by itself,
 * DEMO_BOT_DELAY_MS=1500), finds the Withdraw bill in /account, sees the
 * available balance drop by exactly the amount, and reports BTC transfers below
 * and above the 100-coin minimum. Guests get "Go To Login?" on /account and a
 * disabled Add on the bank accounts. Screenshots of every screen at 390 px.
 *
 * Payout accounts that exist (ADR 0053): 'abc-12', a wrong check digit and an account
 * the bank does not have are refused at the field with what was typed kept; the bank's name for a
 * number is shown, then confirmed; an account saved before the check (put in this server's copy of
 * the demo world) is flagged with what to do, offered disabled when selling coins, and fixed by an edit.
 */
import type { Locator, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { ACCOUNT_NUMBER_INVALID, accountNotFoundAt, accountNumberNotAtBank } from "../../contract/bank-accounts";
import { DEMO_BANK_ACCOUNTS } from "../../backend/demo/bank-directory";
import { accountNumberAt, storedAccount } from "../support/bank-accounts";
import { apiClient } from "./support/api";
import { escapeDialog, shot, shotFromTop, signInAs } from "./support/browser";
import { newSellerWithCoins } from "./support/users";
import { useServerAndBrowser } from "./support/suite";
import { demoWorldCopy } from "./support/world-copy";

/** Accounts saved before numbers were checked: the 'abc-12', one per mode (seller2 with JavaScript, seller without). */
const LEGACY = { js: "seller2@demo.test", nojs: "seller@demo.test" } as const;

const e2e = useServerAndBrowser({
  server: { env: { DEMO_BOTS: "on", DEMO_BOT_DELAY_MS: "1500" } },
  failureShots: "wallet",
  database: () =>
    demoWorldCopy(async (db, secrets) => {
      const gtb = await db.selectFrom("payment_types").select("id").where("name_en", "=", "GTBank").executeTakeFirstOrThrow();
      for (const email of Object.values(LEGACY)) {
        const user = await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
        await db.insertInto("user_payments").values({ user_id: user.id, payment_id: gtb.id, ...storedAccount(secrets, { realname: "Old Entry", accountNumber: "abc-12" }), created_at: new Date() }).execute();
      }
    }),
});

/** What the demo banks know (backend/demo/bank-directory.ts): the seller's GTBank account and a closed Zenith one. */
const ADA_GTB = DEMO_BANK_ACCOUNTS.find((a) => a.bank === "GTBank")!.accountNumber;
const CLOSED_ZENITH = DEMO_BANK_ACCOUNTS.find((a) => a.accountName === null)!.accountNumber;
const ADA_KUDA = accountNumberAt("Kuda", 300_400_500);

const SELLER = { email: "seller@demo.test", password: "demo1234", tradePassword: "123456" };
const RUN = Date.now().toString().slice(-6);
const SELL_COINS = 150; // coins
const TOO_LOW = "The transaction amount is too low.";

const path = (page: Page) => new URL(page.url()).pathname;

async function ready(page: Page, js: boolean) {
  await page.waitForLoadState("load");
  if (js) await page.locator("[data-hydrated]").waitFor({ state: "attached" });
}

async function goto(page: Page, js: boolean, to: string) {
  await page.goto(`${e2e.server.url}${to}`);
  await ready(page, js);
}

/** A full-page screenshot from the top, named for the phone width and the mode. */
const screenshot = (page: Page, name: string, js: boolean) => shotFromTop(page, `${name}-390-${js ? "js" : "nojs"}`, js);

async function toast(page: Page, text: string) {
  await page.locator('[role="status"][aria-live="polite"]').getByText(text, { exact: true }).first().waitFor();
}

async function signIn(page: Page, js: boolean, to: string, who: { email: string; password: string } = SELLER) {
  await signInAs(page, e2e.server.url, js, who, to);
}

const dataAmount = async (page: Page, testId: string) => Number(await page.getByTestId(testId).first().getAttribute("data-amount"));

/** The add / edit form: in the dialog with JS, in the ?edit= section without. */
function bankForm(page: Page, js: boolean) {
  return js ? page.getByRole("dialog") : page.getByTestId("bank-edit-section");
}

/** The message at a field: its own error line (aria-describedby), and only while it is marked invalid. */
async function fieldError(scope: Locator, label: string): Promise<string> {
  const control = scope.getByLabel(label, { exact: true });
  if ((await control.getAttribute("aria-invalid")) !== "true") return "";
  const id = ((await control.getAttribute("aria-describedby")) ?? "").split(/\s+/).find((x) => x.endsWith("-error"));
  return id ? (await scope.page().locator(`[id="${id}"]`).innerText()).trim() : "";
}

/** The form still holds what was typed (selects by their shown option). */
async function expectTyped(scope: Locator, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const control = scope.getByLabel(label, { exact: true });
    const shown = await control.evaluate((el) => (el instanceof HTMLSelectElement ? (el.selectedOptions[0]?.textContent ?? "") : (el as HTMLInputElement).value));
    expect(shown, label).toBe(value);
  }
}

for (const js of [true, false]) {
  const mode = js ? "js" : "nojs";
  describe(`wallet ${js ? "with" : "without"} JavaScript`, () => {
    test("guests: Go To Login? on the wallet, Add disabled on bank accounts", async () => {
      await e2e.withPage(js, async (page) => {
        await goto(page, js, "/account");
        // Asked once, as the page's content, with JavaScript too (ADR 0061: no dialog over it).
        expect(await page.getByRole("alertdialog").count()).toBe(0);
        const prompt = page.getByTestId("login-prompt");
        await prompt.getByText("Go To Login?", { exact: true }).waitFor();
        expect(await prompt.getByRole("link", { name: "Confirm" }).getAttribute("href")).toBe(`/login?redirectTo=${encodeURIComponent("/account")}`);

        await goto(page, js, "/security/bankAccount");
        expect(await page.getByTestId("add-bank").isDisabled()).toBe(true);
        await goto(page, js, "/security");
        expect(path(page)).toBe("/security/tradePassword");
        // The trade-password tab is built: a guest is asked to sign in.
        await page.getByTestId("login-prompt").getByText("Go To Login?", { exact: true }).waitFor();
      });
    });

    test("the trade chart's labels read at the page's small text size on a phone and on a desktop", async () => {
      await e2e.withPage(js, async (page) => {
        await signIn(page, js, "/account");
        const measure = async () =>
          page.getByTestId("trade-chart").evaluate((chart) => {
            const labels = [...chart.querySelectorAll('[data-testid="chart-y-label"], [data-testid="chart-x-label"]')];
            const small = getComputedStyle(document.querySelector("[data-testid='bill-item'] .text-xs, main .text-xs")!).fontSize;
            return {
              count: labels.length,
              sizes: [...new Set(labels.map((l) => getComputedStyle(l).fontSize))],
              heights: labels.map((l) => Math.round(l.getBoundingClientRect().height)),
              small,
            };
          });
        const phone = await measure();
        await shot(page, `wallet-chart-390-${mode}`);
        await page.setViewportSize({ width: 1280, height: 800 });
        await page.waitForFunction(() => window.innerWidth === 1280);
        const desktop = await measure();
        await shot(page, `wallet-chart-1280-${mode}`);
        expect(phone.count).toBeGreaterThanOrEqual(4);
        for (const m of [phone, desktop]) {
          expect(m.sizes).toEqual([m.small]);
          expect(Math.max(...m.heights)).toBeLessThanOrEqual(18);
        }
        expect(desktop.heights).toEqual(phone.heights);
      });
    });

    test("an account saved before numbers were checked: flagged with what to do, not offered for selling coins, fixed by an edit", async () => {
      await e2e.withPage(js, async (page) => {
        const who = { email: js ? LEGACY.js : LEGACY.nojs, password: "demo1234" };
        await signIn(page, js, "/security/bankAccount", who);
        const flagged = page.locator('[data-testid="bank-card"][data-problem]');
        await flagged.getByText("Check this account", { exact: true }).waitFor();
        await flagged.getByText("Its number is not a 10-digit account number.", { exact: true }).waitFor();
        await screenshot(page, "bank-account-flagged", js);

        // Selling coins: offered, but disabled and saying why.
        const { call, login } = apiClient(() => e2e.server.apiUrl);
        const withdrawers = await call<{ list: { id: number; nickname: string }[] }>("/userWithdraw/getWithdrawer", { currency: "NGN" }, await login(who));
        await goto(page, js, `/sellCoins/${withdrawers.list.find((w) => w.nickname === "CashPointNG")!.id}`);
        const option = page.getByLabel("Bank account").locator("option", { hasText: "(needs fixing)" });
        expect(await option.isDisabled()).toBe(true);
        expect(await page.getByLabel("Bank account").inputValue()).toBe("");

        // Edited into a number that passes, it is clear again (same account, nothing deleted).
        await goto(page, js, "/security/bankAccount");
        const id = await flagged.getAttribute("data-payment-id");
        await flagged.getByRole("link", { name: /^Edit/ }).click();
        const form = bankForm(page, js);
        await expect.poll(() => form.getByLabel("Account number").inputValue()).toBe("abc-12");
        const fixed = accountNumberAt("GTBank", Number(`${js ? 3 : 4}${RUN}55`));
        await form.getByLabel("Account number").fill(fixed);
        await form.getByRole("button", { name: "Continue", exact: true }).click();
        await form.getByText("Account name: Old Entry", { exact: true }).waitFor();
        await form.getByRole("button", { name: "Confirm", exact: true }).click();
        await toast(page, "Success");
        const card = page.locator(`[data-testid="bank-card"][data-payment-id="${id}"]`);
        await card.filter({ hasText: fixed.slice(-4) }).waitFor();
        expect(await page.locator('[data-testid="bank-card"][data-problem]').count()).toBe(0);
      });
    });

    test("bank account, sell coins to withdrawer1, completed with its payment picture, the Withdraw bill, BTC orders", async () => {
      await e2e.withPage(js, async (page, context) => {
        // This test's own seller (it adds bank accounts and sells coins), with coins to sell.
        const seller = await newSellerWithCoins(e2e.server.apiUrl, "wallet", SELL_COINS * 100, "123456");
        await signIn(page, js, "/security/bankAccount", seller);

        // ---- add a bank account: the spec's messages first
        await page.getByTestId("add-bank").click();
        if (!js) await page.waitForURL((u) => u.searchParams.get("edit") === "new");
        let form = bankForm(page, js);
        await form.getByRole("button", { name: "Continue", exact: true }).click();
        await form.getByText("Please enter your Real Name.", { exact: true }).waitFor();
        await form.getByText("Please select your bank.", { exact: true }).waitFor();
        await screenshot(page, "bank-account-form", js);

        // ---- the 'abc-12' is refused at the field, and what was typed stays (ADR 0053)
        form = bankForm(page, js);
        await form.getByLabel("Bank", { exact: true }).selectOption({ label: "GTBank" });
        await form.getByLabel("Real name").fill("Ada Obi");
        await form.getByLabel("Account number").fill("abc-12");
        await form.getByLabel("Note (optional)").fill(`e2e ${mode}`);
        await form.getByRole("button", { name: "Continue", exact: true }).click();
        await expect.poll(() => fieldError(form, "Account number")).toBe(ACCOUNT_NUMBER_INVALID);
        await expectTyped(form, { Bank: "GTBank", "Real name": "Ada Obi", "Account number": "abc-12", "Note (optional)": `e2e ${mode}` });
        // Ten digits, but not GTBank's check digit.
        await form.getByLabel("Account number").fill("0125874696");
        await form.getByRole("button", { name: "Continue", exact: true }).click();
        await expect.poll(() => fieldError(form, "Account number")).toBe(accountNumberNotAtBank("GTBank"));
        // An account the bank does not have (the demo's closed Zenith account): the bank's refusal, at the field.
        await form.getByLabel("Bank", { exact: true }).selectOption({ label: "Zenith Bank" });
        await form.getByLabel("Account number").fill(CLOSED_ZENITH);
        await form.getByRole("button", { name: "Continue", exact: true }).click();
        await expect.poll(() => fieldError(form, "Account number")).toBe(accountNotFoundAt("Zenith Bank"));
        await expectTyped(form, { Bank: "Zenith Bank", "Real name": "Ada Obi", "Account number": CLOSED_ZENITH, "Note (optional)": `e2e ${mode}` });
        await screenshot(page, "bank-account-refused", js);
        expect(await page.getByTestId("bank-card").count()).toBe(0);

        // ---- the demo seller's GTBank account: the bank's name for it is shown, then confirmed
        await form.getByLabel("Bank", { exact: true }).selectOption({ label: "GTBank" });
        await form.getByLabel("Account number").fill(`${ADA_GTB.slice(0, 4)} ${ADA_GTB.slice(4, 7)} ${ADA_GTB.slice(7)}`);
        await form.getByRole("button", { name: "Continue", exact: true }).click();
        await form.getByText("Account name: ADA OKAFOR", { exact: true }).waitFor();
        expect(await page.getByTestId("bank-card").count()).toBe(0);
        // The next step is where keyboard focus is (kept on the button with JavaScript, autofocus without).
        const confirm = form.getByRole("button", { name: "Confirm", exact: true });
        await expect.poll(() => confirm.evaluate((el) => el === document.activeElement && !el.hasAttribute("aria-busy"))).toBe(true);
        await screenshot(page, "bank-account-confirm", js);
        await form.getByRole("button", { name: "Confirm", exact: true }).click();
        await toast(page, "Success");
        expect(path(page)).toBe("/security/bankAccount");
        const last4 = ADA_GTB.slice(-4);
        const card = page.getByTestId("bank-card").filter({ hasText: last4 });
        await card.waitFor();
        expect(await card.getByTestId("bank-card-number").innerText()).toBe(`•••• ${last4}`);
        // Saved under the holder's name the bank keeps, not the one typed.
        await card.getByText("ADA OKAFOR", { exact: true }).waitFor();

        // ---- the same account again (spaced differently): refused at the field before any look-up, nothing added
        await page.getByTestId("add-bank").click();
        form = bankForm(page, js);
        await form.getByLabel("Bank", { exact: true }).selectOption({ label: "GTBank" });
        await form.getByLabel("Real name").fill("Ada Obi");
        await form.getByLabel("Account number").fill(`${ADA_GTB.slice(0, 4)}-${ADA_GTB.slice(4)}`);
        await form.getByRole("button", { name: "Continue", exact: true }).click();
        await expect.poll(() => fieldError(form, "Account number")).toBe("This bank account is already saved.");
        if (js) await escapeDialog(page, page.getByRole("dialog"));
        else await page.goto(`${e2e.server.url}/security/bankAccount`);
        expect(await page.getByTestId("bank-card").filter({ hasText: last4 }).count()).toBe(1);

        // ---- a second one: a name shown for one number is not confirmed for another; edit it, then delete it ('Removed !')
        const spare = accountNumberAt("Kuda", Number(`${js ? 1 : 2}${RUN}77`));
        await page.getByTestId("add-bank").click();
        form = bankForm(page, js);
        await form.getByLabel("Bank", { exact: true }).selectOption({ label: "Kuda" });
        await form.getByLabel("Real name").fill("Spare Account");
        await form.getByLabel("Account number").fill(ADA_KUDA);
        await form.getByRole("button", { name: "Continue", exact: true }).click();
        await form.getByText(ADA_KUDA, { exact: true }).waitFor();
        await form.getByLabel("Account number").fill(spare);
        if (js) {
          // Changed after the look-up: the name goes, and the button looks the new number up.
          await form.getByTestId("resolved-account").waitFor({ state: "detached" });
          await form.getByRole("button", { name: "Continue", exact: true }).click();
        } else {
          // Without JavaScript the page cannot know: Confirm looks the new number up instead of saving.
          await form.getByRole("button", { name: "Confirm", exact: true }).click();
        }
        await form.getByText(spare, { exact: true }).waitFor();
        await form.getByText("Account name: Spare Account", { exact: true }).waitFor();
        expect(await page.getByTestId("bank-card").count()).toBe(1);
        await form.getByRole("button", { name: "Confirm", exact: true }).click();
        await toast(page, "Success");
        const spareCard = page.getByTestId("bank-card").filter({ hasText: spare.slice(-4) });
        await spareCard.waitFor();
        expect(await page.getByTestId("bank-card").filter({ hasText: ADA_KUDA.slice(-4) }).count()).toBe(0);
        await spareCard.getByRole("link", { name: /^Edit/ }).click();
        form = bankForm(page, js);
        await expect.poll(() => form.getByLabel("Real name").inputValue()).toBe("Spare Account");
        await form.getByLabel("Real name").fill("Spare Renamed");
        await form.getByRole("button", { name: "Continue", exact: true }).click();
        await form.getByText("Account name: Spare Renamed", { exact: true }).waitFor();
        await form.getByRole("button", { name: "Confirm", exact: true }).click();
        await toast(page, "Success");
        await page.getByTestId("bank-card").filter({ hasText: "Spare Renamed" }).waitFor();
        await screenshot(page, "bank-accounts", js);
        await page.getByTestId("bank-card").filter({ hasText: "Spare Renamed" }).getByRole("link", { name: /^Delete/ }).click();
        if (js) {
          const dialog = page.getByRole("alertdialog", { name: "Delete this bank account?" });
          await dialog.getByText("Delete this bank account?").waitFor({ state: "visible" });
          await dialog.getByRole("button", { name: "Delete" }).click();
        } else {
          await page.getByTestId("bank-delete-section").getByRole("button", { name: "Delete" }).click();
        }
        await toast(page, "Removed !");
        await expect.poll(() => page.getByTestId("bank-card").filter({ hasText: "Spare Renamed" }).count()).toBe(0);

        // ---- the wallet before
        await goto(page, js, "/account");
        const before = await dataAmount(page, "balance-available");
        const frozenBefore = await dataAmount(page, "balance-frozen");
        expect(before).toBeGreaterThanOrEqual(SELL_COINS * 100);
        await page.getByTestId("trade-chart").locator("svg title").first().waitFor({ state: "attached" });

        // ---- withdrawers → withdrawer1
        await page.locator('main a[href="/withdrawerList"]').first().click();
        await page.waitForURL((u) => u.pathname === "/withdrawerList");
        await ready(page, js);
        const w1 = page.getByTestId("withdrawer-card").filter({ hasText: "CashPointNG" });
        await w1.waitFor();
        await screenshot(page, "withdrawer-list", js);
        await w1.click();
        await page.waitForURL(/\/sellCoins\/\d+$/);
        await ready(page, js);
        expect(await dataAmount(page, "available-balance")).toBe(before);
        await page.getByText("20,000.00").first().waitFor();
        await page.getByText("300 minutes").waitFor();

        // The spec's messages: range, bank account, trade password.
        await page.getByRole("button", { name: "Sell", exact: true }).click();
        await page.getByText(/^The Sell Coins must be between \d+(\.\d+)?-\d+(\.\d+)? Coins\.$/).waitFor();
        // A single bank account comes pre-selected.
        if ((await page.getByLabel("Bank account").inputValue()) === "")
          await page.getByText("Select your received bank account.", { exact: true }).waitFor();
        await page.getByText("Trade Password: 6 numbers.", { exact: true }).waitFor();
        await page.getByLabel(/^Amount/).fill(String(before / 100 + 1));
        if (js) await page.getByLabel(/^Amount/).blur();
        else await page.getByRole("button", { name: "Sell", exact: true }).click();
        await page.getByText(/Your available Amount is not enough\.|The Sell Coins must be between|The Remain Amount is not enough\./).first().waitFor();

        await page.getByLabel(/^Amount/).fill(String(SELL_COINS));
        const select = page.getByLabel("Bank account");
        const value = await select.locator("option", { hasText: last4 }).getAttribute("value");
        await select.selectOption(value!);
        await page.getByLabel("Trade password").fill(seller.tradePassword);
        if (js) {
          await expect.poll(() => page.getByTestId("you-receive").innerText()).toMatch(/^[\d,]+(\.\d+)? NGN$/);
        }
        await screenshot(page, "sell-coins", js);
        await page.getByRole("button", { name: "Sell", exact: true }).click();
        await page.waitForURL(/\/withdrawDetails\/\d+$/);
        await ready(page, js);
        await toast(page, "Success");
        const withdrawalId = Number(/\/withdrawDetails\/(\d+)/.exec(path(page))![1]);
        expect(Number(await page.getByTestId("withdrawal-amount").getAttribute("data-amount"))).toBe(SELL_COINS * 100);
        // The demo withdrawer may already be done: either state will do here.
        await page.getByText("Processing...", { exact: true }).or(page.getByTestId("pay-picture")).first().waitFor();
        await screenshot(page, "withdraw-details-open", js);

        // ---- watch it complete (reload until it does, up to ~30 s)
        const deadline = Date.now() + 60_000;
        for (;;) {
          const status = Number(await page.getByTestId("withdrawal-status").first().getAttribute("data-status"));
          if (status === 2 && (await page.getByTestId("pay-picture").count()) > 0) break;
          expect(status).toBeLessThan(3);
          if (Date.now() > deadline) throw new Error(`withdrawal ${withdrawalId} still in status ${status}`);
          await page.waitForTimeout(1500);
          await page.reload();
          await ready(page, js);
        }
        expect(await page.getByText("Processing...", { exact: true }).count()).toBe(0);
        const steps = await page.getByTestId("withdrawal-timeline").locator("li[data-done]").evaluateAll((els) => els.map((e) => e.getAttribute("data-step")));
        expect(steps).toEqual(["created", "processing", "completed"]);
        const pic = await context.request.get(`${e2e.server.url}/withdrawDetails/${withdrawalId}/picture`);
        expect(pic.status()).toBe(200);
        expect(pic.headers()["content-type"]).toMatch(/^image\//);
        expect(pic.headers()["cache-control"]).toContain("no-store");
        expect((await fetch(`${e2e.server.url}/withdrawDetails/${withdrawalId}/picture`)).status).toBe(401);
        if (js) {
          await expect
            .poll(() => page.getByTestId("pay-picture").locator("img").evaluate((el) => (el as HTMLImageElement).naturalWidth))
            .toBeGreaterThan(0);
        }
        await screenshot(page, "withdraw-details-completed", js);

        // ---- the history lists it
        await goto(page, js, "/withdrawList");
        const item = page.locator(`[data-testid="withdrawal-item"][data-withdrawal-id="${withdrawalId}"]`);
        await item.waitFor();
        expect(await item.getByTestId("withdrawal-status").innerText()).toBe("Completed");
        await screenshot(page, "withdraw-list", js);

        // ---- the wallet: the Withdraw bill, and exactly the amount gone
        await goto(page, js, "/account");
        const withdrawTab = page.getByRole("navigation", { name: "Transaction type" }).getByRole("link", { name: "Withdraw" });
        await withdrawTab.click();
        await page.waitForURL((u) => u.searchParams.get("type") === "2");
        await ready(page, js);
        // With JavaScript the URL changes before the new list is drawn: wait for the tab to be current.
        await expect.poll(() => withdrawTab.getAttribute("aria-current")).toBe("page");
        const bill = page.getByTestId("bill-item").first();
        await bill.waitFor();
        expect(await bill.getAttribute("data-bill-type")).toBe("2");
        expect(Number(await bill.getAttribute("data-amount"))).toBe(-SELL_COINS * 100);
        expect(await page.getByTestId("bill-item").evaluateAll((els) => els.every((e) => e.getAttribute("data-bill-type") === "2"))).toBe(true);
        expect(await dataAmount(page, "balance-available")).toBe(before - SELL_COINS * 100);
        expect(await dataAmount(page, "balance-frozen")).toBe(frozenBefore);
        await page.getByText("no more", { exact: true }).waitFor();
        await screenshot(page, "account", js);

        // ---- BTC: required fields, below the minimum, then above it
        await goto(page, js, "/sellVirtualCoin?type=btc");
        await page.getByTestId("qr-code").waitFor();
        const address = (await page.getByTestId("deposit-address").innerText()).trim();
        expect(address.length).toBeGreaterThan(20);
        expect(Number(await page.getByTestId("price").getAttribute("data-price"))).toBeGreaterThan(0);
        if (js) {
          await page.getByTestId("price-live").waitFor();
          await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: e2e.server.url });
          await page.getByTestId("copy-address").click();
          await page.getByText(/^(Copied|Copy Fail: Not Support)$/).waitFor();
        }
        await page.getByRole("button", { name: "Submit", exact: true }).click();
        await page.getByText("Please enter the amount.", { exact: true }).waitFor();
        await page.getByText("Please enter the address.", { exact: true }).waitFor();
        await page.getByText("Please enter the transaction hash.", { exact: true }).waitFor();
        await page.getByLabel("Amount (BTC)").fill("0.00000100");
        await page.getByLabel(/Your BTC address/).fill(`bc1qe2e${mode}${RUN}`);
        await page.getByLabel("Transaction hash").fill(`low-${mode}-${RUN}`);
        await page.getByRole("button", { name: "Submit", exact: true }).click();
        await page.getByText(TOO_LOW, { exact: true }).waitFor();
        await page.getByLabel("Amount (BTC)").fill("0.1");
        await page.getByLabel("Transaction hash").fill(`ok-${mode}-${RUN}`);
        if (js) await expect.poll(async () => Number(await page.getByTestId("converted-coins").getAttribute("data-coins"))).toBeGreaterThanOrEqual(10_000);
        await screenshot(page, "sell-virtual-coin", js);
        await page.getByRole("button", { name: "Submit", exact: true }).click();
        await toast(page, "Success");
        // She lands on her transfers, the new one on top (tests/e2e/transfers.e2e.ts has the rest).
        expect(path(page)).toBe("/transfers");
        await ready(page, js);
        expect(await page.getByTestId("transfer-status").first().innerText()).toBe("Pending");
        await goto(page, js, "/sellVirtualCoin?type=btc");

        // USDT tab: its own address
        await page.getByRole("link", { name: "USDT (TRC20)" }).click();
        await page.waitForURL((u) => u.searchParams.get("type") === "usdt");
        await ready(page, js);
        await expect.poll(async () => (await page.getByTestId("deposit-address").innerText()).trim()).not.toBe(address);
        await page.getByTestId("qr-code").waitFor();
      });
    });
  });
}

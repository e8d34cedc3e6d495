/**
 * /transfers, her BTC/USDT transfer orders (ADR 0068, docs/product/transfers.md), with JavaScript on
 * and off: an empty list points to /sellVirtualCoin; a reported transfer lands her on /transfers,
 * Pending on top; staff confirm it (the desk's call) and she sees Confirmed with the coins as the
 * order stored them; a rejected one says the staff's reason, under its own tab; the list pages to
 * "- no more -".
 */
import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { LIST_PAGE_SIZE } from "../../contract/constants";
import { describe, expect, test } from "vitest";
import { apiClient } from "./support/api";
import { pageReady, shotFromTop, signInAs } from "./support/browser";
import { useServerAndBrowser } from "./support/suite";
import { newSeller } from "./support/users";

const e2e = useServerAndBrowser({ failureShots: "transfers" });
const { call, login } = apiClient(() => e2e.server.apiUrl);
const ADMIN = { email: "admin@demo.test", password: "demo1234" };

interface Mine {
  id: number;
  status: number;
  coins: number;
  transactionId: string;
}

const hash = () => randomUUID().replace(/-/g, "") + randomUUID().replace(/-/g, "");
const coinsText = (hundredths: number) => (hundredths / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const row = (page: Page, id: number) => page.locator(`[data-testid="transfer-item"][data-transfer-id="${id}"]`);
const report = (token: string, usdt = 200) =>
  call<{ id: number }>("/virtualCoinOrder/addVirtualCoinOrder", { type: 1, fromAddress: `T${randomUUID().replace(/-/g, "")}`, transactionId: hash(), tradeAmount: usdt * 1e8 }, token);
const mine = async (token: string) => (await call<{ list: Mine[] }>("/virtualCoinOrder/getMyOrders", {}, token)).list;

async function open(page: Page, js: boolean, to: string) {
  await page.goto(`${e2e.server.url}${to}`);
  await pageReady(page, js);
}

for (const js of [true, false]) {
  const mode = js ? "js" : "nojs";
  describe(`/transfers with JavaScript ${js ? "on" : "off"}`, () => {
    test("empty, then a reported transfer Pending on top, confirmed with its coins, and a rejected one with its reason", () =>
      e2e.withPage(js, async (page) => {
        const seller = await newSeller(e2e.server.apiUrl, `transfers-${mode}`);
        const token = await login(seller);
        const admin = await login(ADMIN);

        // Empty: the way to report one.
        await signInAs(page, e2e.server.url, js, seller, "/transfers");
        await page.getByRole("heading", { name: "My Transfers", level: 1 }).waitFor();
        await page.getByText("No transfers yet", { exact: true }).waitFor();
        await shotFromTop(page, `transfers-empty-390-${mode}`, js);
        await page.locator("main").getByRole("link", { name: "Sell BTC or USDT" }).last().click();
        await page.waitForURL(/\/sellVirtualCoin$/);
        await pageReady(page, js);
        await page.getByRole("link", { name: "USDT (TRC20)" }).click();
        await page.waitForURL((u) => u.searchParams.get("type") === "usdt");
        await pageReady(page, js);
        await page.getByRole("link", { name: "My transfers" }).waitFor();
        await shotFromTop(page, `transfers-sell-usdt-390-${mode}`, js);

        // Report one: she lands on /transfers with it on top, Pending, at the coins the order stored.
        const tx = hash();
        await page.getByLabel("Amount (USDT)").fill("150.5");
        await page.getByLabel(/Your USDT address/).fill(`TXe2e${mode}`);
        await page.getByLabel("Transaction hash").fill(tx);
        await page.getByRole("button", { name: "Submit", exact: true }).click();
        await page.waitForURL(/\/transfers$/);
        await pageReady(page, js);
        await page.locator('[role="status"][aria-live="polite"]').getByText("Success", { exact: true }).first().waitFor();
        const [reported] = await mine(token);
        expect(reported).toMatchObject({ status: 0, transactionId: tx });
        const first = row(page, reported.id);
        expect(await first.getByTestId("transfer-status").innerText()).toBe("Pending");
        expect(Number(await first.getAttribute("data-coins"))).toBe(reported.coins);
        expect(await first.innerText()).toContain(`${coinsText(reported.coins)}`);
        expect(await first.innerText()).toContain("150.5 USDT");
        expect(await first.innerText()).toContain("when it arrives");

        // Staff confirm it (the desk's call): Confirmed, credited, the coins unchanged.
        await call("/admin/virtualCoin/confirm", { id: reported.id }, admin);
        // A second one, rejected with a reason.
        const other = await report(token, 300);
        await call("/admin/virtualCoin/reject", { id: other.id, reason: "No such transfer on chain." }, admin);
        await open(page, js, "/transfers");
        expect(await page.getByTestId("transfer-item").evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-transfer-id"))))).toEqual([other.id, reported.id]);
        expect(await row(page, reported.id).getByTestId("transfer-status").innerText()).toBe("Confirmed");
        expect(await row(page, reported.id).innerText()).toContain(`+${coinsText(reported.coins)}`);
        expect(await row(page, reported.id).innerText()).toContain("credited");
        expect(await row(page, other.id).getByTestId("transfer-reason").innerText()).toBe("Reason: No such transfer on chain.");
        // Its details: the price it was made at, the whole hash, shortened in the row with the whole as its title.
        const hashBox = row(page, reported.id).getByTestId("transfer-hash");
        expect(await hashBox.isVisible()).toBe(false);
        await row(page, reported.id).locator("summary").click();
        await hashBox.waitFor();
        expect(await hashBox.innerText()).toBe(tx);
        expect(await row(page, reported.id).locator(`[title="${tx}"]`).innerText()).toBe(`${tx.slice(0, 6)}…${tx.slice(-6)}`);
        expect(await row(page, reported.id).innerText()).toMatch(/1 USDT = \$1\.00/);
        await shotFromTop(page, `transfers-390-${mode}`, js);

        // The tabs: Rejected alone, then Pending empty; each replaces the entry.
        await page.getByRole("link", { name: "Rejected", exact: true }).click();
        await page.waitForURL((u) => u.searchParams.get("status") === "rejected");
        await pageReady(page, js);
        expect(await page.getByTestId("transfer-item").evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-transfer-id"))))).toEqual([other.id]);
        await page.getByText("- no more -", { exact: true }).waitFor();
        await shotFromTop(page, `transfers-rejected-390-${mode}`, js);
        await page.getByRole("link", { name: "Pending", exact: true }).click();
        await page.waitForURL((u) => u.searchParams.get("status") === "pending");
        await pageReady(page, js);
        await page.getByText("No pending transfers", { exact: true }).waitFor();
        expect(await page.getByTestId("transfer-item").count()).toBe(0);
      }));

    test("pages past the first page to '- no more -', each order once", () =>
      e2e.withPage(js, async (page) => {
        const seller = await newSeller(e2e.server.apiUrl, `transfers-paged-${mode}`);
        const token = await login(seller);
        const ids: number[] = [];
        for (let i = 0; i < LIST_PAGE_SIZE + 3; i++) ids.push((await report(token, 120 + i)).id);
        await signInAs(page, e2e.server.url, js, seller, "/transfers");
        const items = page.getByTestId("transfer-item");
        expect(await items.count()).toBe(LIST_PAGE_SIZE);
        expect(await page.getByText("- no more -", { exact: true }).count()).toBe(0);
        const noMore = page.getByText("- no more -", { exact: true });
        await page.getByRole("link", { name: "Load more" }).waitFor();
        if (js) {
          // The click scrolls the link into view, and the feed's observer may load the next page (and
          // take the link away) before the click lands: either way the next page must come.
          void page.getByRole("link", { name: "Load more" }).click({ timeout: 10_000 }).catch(() => undefined);
        } else {
          await page.getByRole("link", { name: "Load more" }).click();
        }
        await noMore.waitFor();
        await pageReady(page, js);
        const shown = await items.evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-transfer-id"))));
        // With JavaScript the next page is appended; without it the link opened the next page alone.
        expect(shown).toEqual(js ? [...ids].reverse() : ids.slice(0, 3).reverse());
        if (!js) await page.getByRole("link", { name: "Back to the newest transfers" }).waitFor();
      }));
  });
}

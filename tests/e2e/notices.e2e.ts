/**
 * Notices (docs/product/screens.md /noticeList, §4), with JavaScript on and off: a seller of its own places
 * orders through the API, which sends it notices; /noticeList lists them unread; opening one
 * marks it read and lands on its order; the bell opens one the same way; Mark all as read
 * leaves none unread. A guest gets Go To Login?.
 */
import type { Locator, Page } from "playwright-core";
import { SYSTEM_CONVERSATION_ID } from "../../contract/constants";
import { describe, expect, test } from "vitest";
import { apiClient } from "./support/api";
import { shot, signInAs } from "./support/browser";
import { useServerAndBrowser } from "./support/suite";
import { newSeller } from "./support/users";

const e2e = useServerAndBrowser({ failureShots: "notices" });
const { call, login, userId, sellECode } = apiClient(() => e2e.server.apiUrl);

interface ApiNotice {
  id: number;
  status: number;
  refId: number;
  titleEn: string;
}

async function notices(token: string): Promise<ApiNotice[]> {
  return (await call<{ list: ApiNotice[] }>("/notice/getNoticeList", {}, token)).list;
}

const item = (page: Page, id: number) => page.locator(`[data-testid="notice-item"][data-notice-id="${id}"]`);

/** A count badge's number in an element's text ("Notifications3 unread"), 0 when it shows none. */
async function badge(scope: Locator, label: string): Promise<number> {
  const m = (await scope.first().textContent())?.match(new RegExp(`(\\d+)\\s*${label}`));
  return m ? Number(m[1]) : 0;
}
/** The bell's count and the Message link's count, as the top bar of the page shows them. */
const bellCount = (page: Page) => badge(page.locator("header").getByText("Notifications", { exact: true }).locator(".."), "unread");
const messageCount = (page: Page) => badge(page.locator('header nav[aria-label="Main"] a[href="/message"]'), "unread messages");
/** The System conversation's count in the conversation list. */
async function systemChatCount(page: Page): Promise<number> {
  await page.goto(`${e2e.server.url}/message`);
  return badge(page.locator(`a[href^="/message/${SYSTEM_CONVERSATION_ID}"]`), "unread");
}

for (const js of [true, false]) {
  const mode = js ? "with JavaScript" : "without JavaScript";
  describe(`notices ${mode}`, () => {
    test("the list shows unread notices; opening one marks it read and goes to its order; the bell does the same; Mark all as read", () =>
      e2e.withPage(js, async (page) => {
        const seller = await newSeller(e2e.server.apiUrl, "notices");
        const token = await login(seller);
        const merchantId = await userId(await login({ email: "merchant1@demo.test", password: "demo1234" }));
        for (let i = 0; i < 3; i++) await sellECode(token, merchantId, 2500, `NOTICE-${js ? "J" : "N"}-${Date.now()}-${i}`);
        const before = await notices(token);
        expect(before.length).toBe(3);
        expect(before.every((n) => n.status === 0)).toBe(true);

        await signInAs(page, e2e.server.url, js, seller, "/noticeList");
        await page.getByRole("heading", { name: "Notifications", level: 1 }).waitFor();
        expect(await page.getByTestId("unread-count").innerText()).toBe("3 unread");
        for (const n of before) expect(await item(page, n.id).getAttribute("data-unread")).toBe("1");
        expect(await item(page, before[0].id).innerText()).toContain("Unread:");
        await page.getByText("no more", { exact: true }).waitFor();
        await shot(page, `notice-list-390-${js ? "js" : "nojs"}`);

        // Opening the newest: its order, and it is read.
        const first = before[0];
        await item(page, first.id).click();
        await page.waitForURL((u) => u.pathname === `/orderDetails/${first.refId}`);
        expect((await notices(token)).find((n) => n.id === first.id)?.status).toBe(1);
        await page.goto(`${e2e.server.url}/noticeList`);
        expect(await item(page, first.id).getAttribute("data-unread")).toBe("0");
        expect(await page.getByTestId("unread-count").innerText()).toBe("2 unread");

        // The bell: a popover with JavaScript (opening a notice from it marks it read), the list without.
        const second = before[1];
        if (js) {
          // From a hydrated page: /noticeList is islands-only (ADR 0067), and there the bell stays a link to itself.
          await page.goto(`${e2e.server.url}/profile`);
          await page.locator("[data-hydrated]").waitFor({ state: "attached" });
          // A link until the bell is first used (ADR 0028); with JavaScript it opens the popover.
          await page.getByRole("link", { name: /Notifications/ }).click();
          const popover = page.getByTestId("notice-popover");
          await popover.getByRole("link", { name: /View all/ }).waitFor();
          await shot(page, "notice-bell-390-js");
          await popover.locator(`a[href^="/notices/${second.id}?"]`).click();
          await page.waitForURL((u) => u.pathname === `/orderDetails/${second.refId}`);
          expect((await notices(token)).find((n) => n.id === second.id)?.status).toBe(1);
          await page.goto(`${e2e.server.url}/noticeList`);
          await page.locator("[data-hydrated]").waitFor({ state: "attached" });
        } else {
          expect(await page.getByRole("link", { name: /Notifications/ }).first().getAttribute("href")).toBe("/noticeList");
        }

        // Mark all as read: none left unread, here and in the API.
        await page.getByRole("button", { name: "Mark all as read" }).last().click();
        await expect.poll(() => page.getByTestId("unread-count").innerText()).toBe("All read");
        expect((await notices(token)).every((n) => n.status === 1)).toBe(true);
        await expect.poll(() => page.locator('[data-testid="notice-item"][data-unread="1"]').count()).toBe(0);
        expect(await page.getByRole("button", { name: "Mark all as read" }).last().isDisabled()).toBe(true);
      }));

    test("counts follow the reads on the next render: the page a notice lands on, the System chat after Mark all as read, the bell after reading the System chat", () =>
      e2e.withPage(js, async (page) => {
        const seller = await newSeller(e2e.server.apiUrl, "counts");
        const token = await login(seller);
        const merchantId = await userId(await login({ email: "merchant1@demo.test", password: "demo1234" }));
        const sell = (i: number) => sellECode(token, merchantId, 2500, `COUNTS-${js ? "J" : "N"}-${Date.now()}-${i}`);
        for (let i = 0; i < 3; i++) await sell(i);
        const [newest] = await notices(token);

        await signInAs(page, e2e.server.url, js, seller, "/noticeList");
        expect(await bellCount(page)).toBe(3);
        const messagesBefore = await messageCount(page);
        expect(messagesBefore).toBeGreaterThanOrEqual(3);

        // Opening the newest notice reads it and its System chat message: the order page counts both.
        await item(page, newest.id).click();
        await page.waitForURL((u) => u.pathname === `/orderDetails/${newest.refId}`);
        if (js) await page.locator("[data-hydrated]").waitFor({ state: "attached" });
        // Polled: with JavaScript the landing page's layout data comes with the redirect's revalidation.
        await expect.poll(() => bellCount(page)).toBe(2);
        await expect.poll(() => messageCount(page)).toBe(messagesBefore - 1);
        await expect.poll(() => systemChatCount(page)).toBe(2);

        // Mark all as read: the bell, the Message link and the System chat have nothing left of them.
        await page.goto(`${e2e.server.url}/noticeList`);
        if (js) await page.locator("[data-hydrated]").waitFor({ state: "attached" });
        await page.getByRole("button", { name: "Mark all as read" }).last().click();
        await expect.poll(() => page.getByTestId("unread-count").innerText()).toBe("All read");
        expect(await bellCount(page)).toBe(0);
        expect(await messageCount(page)).toBe(messagesBefore - 3);
        expect(await systemChatCount(page)).toBe(0);
        await shot(page, `notice-counts-system-chat-390-${js ? "js" : "nojs"}`);

        // The other way: a new notice read in the System chat is read in the bell on the next page.
        await sell(3);
        await page.goto(`${e2e.server.url}/message/${SYSTEM_CONVERSATION_ID}`);
        await expect.poll(async () => (await notices(token)).every((n) => n.status === 1)).toBe(true);
        await page.goto(`${e2e.server.url}/noticeList`);
        expect(await bellCount(page)).toBe(0);
        expect(await page.getByTestId("unread-count").innerText()).toBe("All read");
      }));

    test("another user's notice is not opened; a guest gets Go To Login?", () =>
      e2e.withPage(js, async (page) => {
        const owner = await newSeller(e2e.server.apiUrl, "owner");
        const ownerToken = await login(owner);
        const merchantId = await userId(await login({ email: "merchant1@demo.test", password: "demo1234" }));
        await sellECode(ownerToken, merchantId, 2500, `OWNER-${js ? "J" : "N"}-${Date.now()}`);
        const [theirs] = await notices(ownerToken);

        await page.goto(`${e2e.server.url}/noticeList`);
        await page.getByText("Go To Login?").first().waitFor();

        const other = await newSeller(e2e.server.apiUrl, "other");
        await signInAs(page, e2e.server.url, js, other, `/notices/${theirs.id}?type=1&refId=${theirs.refId}`);
        await page.getByText("Notice not found.").first().waitFor();
        expect((await notices(ownerToken))[0].status).toBe(0);
      }));
  });
}

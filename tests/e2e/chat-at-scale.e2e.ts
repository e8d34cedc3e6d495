/**
 * The message centre of a busy seller (one conversation per order): a small large world whose demo
 * seller has 500 order conversations, more than two of the live list's pages (CONVERSATION_LIST_MAX).
 * With JavaScript the live list shows the first page and grows a page at a time with "Older
 * conversations" until it holds them all; without, the server's pages of 20 reach them all through
 * their "Older conversations" links.
 */
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { CONVERSATION_LIST_MAX } from "../../contract/chat-protocol";
import { LIST_PAGE_SIZE } from "../../contract/constants";
import { DEMO_LOGINS } from "../../backend/demo/world";
import { largeWorldDatabase } from "../support/large-world-database";
import { signInAs } from "./support/browser";
import { useServerAndBrowser } from "./support/suite";

/** The demo seller sells one order in two: 500 orders, each its own conversation, and the system one. */
const SIZES = { users: 100, orders: 1_000, bills: 1_000, heavyEvery: 2 };
const CONVERSATIONS = 500 + 1;
const seller = { email: DEMO_LOGINS.seller, password: DEMO_LOGINS.password };

const e2e = useServerAndBrowser({ database: () => largeWorldDatabase(SIZES, "chat-at-scale-data-key"), failureShots: "chat-at-scale" });

const listed = (page: Page) =>
  page.getByTestId("conversation-list").locator("[data-conversation-id]").evaluateAll((els) => els.map((e) => e.getAttribute("data-conversation-id")!));

describe("a seller in more conversations than the live list's first page", () => {
  test("with JavaScript: the live list grows a page at a time with Older conversations, to every conversation", () =>
    e2e.withPage(true, async (page) => {
      await signInAs(page, e2e.server.url, true, seller, "/message");
      await page.locator('[data-chat-list="live"][data-chat-status="online"]').waitFor({ timeout: 20_000 });
      // The first page of the service, and the system conversation pinned above it.
      await expect.poll(async () => (await listed(page)).length, { timeout: 10_000 }).toBe(CONVERSATION_LIST_MAX + 1);
      const older = page.getByTestId("conversations-older");
      for (let shown = CONVERSATION_LIST_MAX + 1; shown < CONVERSATIONS; ) {
        await older.click();
        const more = Math.min(CONVERSATIONS, shown + CONVERSATION_LIST_MAX);
        await expect.poll(async () => (await listed(page)).length, { timeout: 10_000 }).toBe(more);
        // Keyboard focus goes on with the first conversation the page brought.
        const firstNew = (await listed(page))[shown];
        await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-conversation-id"))).toBe(firstNew);
        shown = more;
      }
      const all = await listed(page);
      expect(new Set(all).size).toBe(CONVERSATIONS);
      // Most recent activity first: each order's conversation after the newer order's.
      const orderIds = all.filter((id) => id.startsWith("GROUP")).map((id) => Number(id.slice(5)));
      expect(orderIds).toEqual([...orderIds].sort((a, b) => b - a));
      await expect.poll(() => older.count()).toBe(0);
    }));

  test("without JavaScript: pages of 20 and their Older conversations links reach every conversation", () =>
    e2e.withPage(false, async (page) => {
      await signInAs(page, e2e.server.url, false, seller, "/message");
      const seen: string[] = [];
      for (let pages = 0; ; pages++) {
        const ids = await listed(page);
        expect(ids.length).toBeLessThanOrEqual(LIST_PAGE_SIZE + 1);
        seen.push(...ids);
        const older = page.getByTestId("conversations-older");
        if ((await older.count()) === 0) break;
        expect(pages).toBeLessThan(CONVERSATIONS);
        await older.click();
        await page.waitForLoadState("load");
      }
      expect(seen.length).toBe(CONVERSATIONS);
      expect(new Set(seen).size).toBe(CONVERSATIONS);
    }));
});

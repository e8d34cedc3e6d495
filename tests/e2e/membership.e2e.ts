/**
 * The membership centre (docs/product/screens.md, docs/product/statuses.md, docs/product/validation.md), with JavaScript on and off: a daily check-in shows the
 * streak and its record in Vip Records; a point-mall item redeemed (after the confirm dialog, or the
 * confirm step without JavaScript) drops the balance and shows in Point Order; guests get Go To Login?.
 * The level cards: a looping coverflow with JavaScript (buttons, arrow keys, swipe), a plain list
 * without. The Point Mall reloads by pulling down on a touch phone, or by its Refresh link (a page
 * load: the page is islands-only, ADR 0067).
 * One fresh user per test, its points from a points redemption code.
 */
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { shot, signInAs } from "./support/browser";
import { useServerAndBrowser } from "./support/suite";
import { givePoints as givePointsAt, newSeller, type TestUser } from "./support/users";

const e2e = useServerAndBrowser({ failureShots: "membership" });
const givePoints = (user: TestUser, points: number) => givePointsAt(e2e.server.apiUrl, user, points);

/** A one-finger drag from `from` to `to` in `steps` moves, as a touch screen sends it (CDP touch events). */
async function touchDrag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }, opts: { steps?: number; beforeRelease?: () => Promise<void> } = {}) {
  const cdp = await page.context().newCDPSession(page);
  const steps = opts.steps ?? 10;
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [from] });
  for (let i = 1; i <= steps; i++) {
    const p = { x: from.x + ((to.x - from.x) * i) / steps, y: from.y + ((to.y - from.y) * i) / steps };
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [p] });
  }
  await opts.beforeRelease?.();
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

const toast = (page: Page, text: string) => page.locator('[role="status"][aria-live="polite"]').getByText(text, { exact: true }).first().waitFor();

for (const js of [true, false]) {
  const mode = js ? "with JavaScript" : "without JavaScript";
  const tag = js ? "js" : "nojs";
  describe(`membership ${mode}`, () => {
    test("check in: the streak, Checked In, and the record in Vip Records", () =>
      e2e.withPage(js, async (page) => {
        const user = await newSeller(e2e.server.apiUrl, "checkin");
        // The home page's "Daily check-in rewards" banner leads to the check-in page.
        await signInAs(page, e2e.server.url, js, user, "/home?promo=closed");
        const banner = page.locator('a:has(img[alt="Daily check-in rewards"])').first();
        await page.goto(`${e2e.server.url}${await banner.getAttribute("href")}`);
        await page.waitForURL((u) => u.pathname === "/memberShipCenter/dailyCheckIn");
        await page.getByRole("heading", { name: "Daily Check-in", level: 1 }).waitFor();
        expect(await page.getByTestId("day-streak").textContent()).toBe("0");
        await page.getByText("Check-in once daily to earn rewards").waitFor();
        await page.getByText("Trade gift cards for additional points").waitFor();
        expect(await page.getByRole("link", { name: "Start Trading" }).getAttribute("href")).toBe("/home");
        await page.getByRole("button", { name: "Check-in Now" }).click();
        // What it earned and the streak, not only "Success".
        await toast(page, "Checked in: +1 point. Day streak: 1 day.");
        await page.getByRole("button", { name: "Checked In" }).waitFor();
        expect(await page.getByRole("button", { name: "Checked In" }).isDisabled()).toBe(true);
        expect(await page.getByTestId("day-streak").textContent()).toBe("1");
        expect(await page.locator('[data-testid="check-in-days"] li[data-checked="1"]').count()).toBe(1);
        await shot(page, `membership-check-in-390-${tag}`);

        await page.goto(`${e2e.server.url}/memberShipCenter/wealthRecord`);
        await page.getByRole("heading", { name: "Vip Records", level: 1 }).waitFor();
        const row = page.getByTestId("wealth-record").filter({ hasText: "Daily check-in" });
        await row.waitFor();
        expect(await row.textContent()).toContain("+1");
        await page.getByText("- no more -", { exact: true }).waitFor();
        await page.getByRole("link", { name: "Exchange" }).click();
        // A tab with none says which, and leads back to All.
        await page.getByText("No Exchange records yet", { exact: true }).waitFor();
        expect(await page.getByRole("link", { name: "All records" }).getAttribute("href")).toBe("/memberShipCenter/wealthRecord");
        await shot(page, `membership-wealth-none-390-${tag}`);
        await page.getByRole("link", { name: "Income" }).click();
        await page.getByTestId("wealth-record").filter({ hasText: "Redemption code" }).or(row).first().waitFor();
        await shot(page, `membership-wealth-record-390-${tag}`);
      }));

    test("redeem a point-mall item: the balance drops and the Point Order row appears", () =>
      e2e.withPage(js, async (page) => {
        const user = await newSeller(e2e.server.apiUrl, "mall");
        await givePoints(user, 2_000_000);
        await signInAs(page, e2e.server.url, js, user, "/memberShipCenter");
        await page.getByRole("heading", { name: "Membership Center", level: 1 }).waitFor();
        expect(await page.getByTestId("wealth-balance").textContent()).toBe("200");
        if (js) {
          // The level cards start at the user's level (v1 after 200 points): its card is in view.
          await page.locator("[data-hydrated]").waitFor({ state: "attached" });
          const card = await page.locator('[data-testid="level-cards"] [data-level="1"]').boundingBox();
          expect(card && card.x >= 0 && card.x + card.width <= 390).toBe(true);
        }
        await page.getByRole("link", { name: "Membership rules" }).waitFor();
        expect(await page.getByRole("link", { name: "Membership rules" }).getAttribute("target")).toBe("_blank");
        await page.getByTestId("mall-item").filter({ hasText: "Bonus 5 Coins" }).click();
        if (js) {
          const dialog = page.getByRole("alertdialog", { name: "Redeem Bonus 5 Coins?" });
          await dialog.getByText("5 coins added to your available balance at once.").waitFor();
          // A modal question: Cancel has the focus, Escape closes it and gives the focus back to the item.
          expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Cancel");
          await page.keyboard.press("Escape");
          await dialog.waitFor({ state: "hidden" });
          expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("mall-item");
          await page.getByTestId("mall-item").filter({ hasText: "Bonus 5 Coins" }).click();
          await dialog.getByText("5 coins added to your available balance at once.").waitFor();
          await shot(page, `membership-redeem-dialog-390-${tag}`);
          await dialog.getByRole("button", { name: "Confirm" }).click();
        } else {
          const step = page.getByTestId("redeem-confirm");
          await step.getByText("5 coins added to your available balance at once.").waitFor();
          await step.getByRole("button", { name: "Confirm" }).click();
        }
        await toast(page, "Success");
        await page.getByTestId("wealth-balance").filter({ hasText: /^50$/ }).waitFor();
        await shot(page, `membership-center-390-${tag}`);

        await page.getByRole("link", { name: "Point Order" }).click();
        await page.getByRole("heading", { name: "Point Order" }).waitFor();
        const orderRow = page.getByTestId("point-orders").getByRole("row").filter({ hasText: "Bonus 5 Coins" });
        await orderRow.waitFor();
        expect(await orderRow.textContent()).toContain("-150");
        await shot(page, `membership-point-order-390-${tag}`);

        // Short of points: the spec's warning, nothing spent.
        await page.goto(`${e2e.server.url}/memberShipCenter?tab=mall`);
        await page.getByTestId("mall-item").filter({ hasText: "Gold avatar frame" }).click();
        const confirm = js ? page.getByRole("alertdialog").getByRole("button", { name: "Confirm" }) : page.getByTestId("redeem-confirm").getByRole("button", { name: "Confirm" });
        await confirm.click();
        await toast(page, "Insufficient wealth, redeem failed.");
        expect(await page.getByTestId("wealth-balance").textContent()).toBe("50");
      }));

    test("a guest gets Go To Login? on the three pages", () =>
      e2e.withPage(js, async (page) => {
        for (const path of ["/memberShipCenter", "/memberShipCenter/dailyCheckIn", "/memberShipCenter/wealthRecord"]) {
          await page.goto(`${e2e.server.url}${path}`);
          await page.getByText("Go To Login?").first().waitFor();
          expect(await page.getByRole("button", { name: "Check-in Now" }).count()).toBe(0);
        }
      }));
  });
}

/** A fresh seller signed in on `to` on a touch phone with JavaScript. */
const onTouchPhone = (name: string, to: string, fn: (page: Page, user: TestUser) => Promise<void>) =>
  e2e.withPage(
    true,
    async (page) => {
      const user = await newSeller(e2e.server.apiUrl, name);
      await signInAs(page, e2e.server.url, true, user, to);
      await fn(page, user);
    },
    { touch: true },
  );

describe("membership on a touch phone with JavaScript", () => {
  test("the level coverflow starts at the user's level and loops: buttons, arrow keys, swipe", () =>
    onTouchPhone("coverflow", "/memberShipCenter", async (page) => {
      const flow = page.locator('[data-testid="level-cards"][data-coverflow]');
      const centred = (level: number) => flow.locator(`[data-offset="0"][data-level="${level}"]`).waitFor();
      const current = flow.getByTestId("level-current");
      // A fresh user is V0: V0 in front, V7 on its left (the loop), V1 on its right; three showing.
      await centred(0);
      expect(await flow.locator('[data-offset="-1"]').getAttribute("data-level")).toBe("7");
      expect(await flow.locator('[data-offset="1"]').getAttribute("data-level")).toBe("1");
      expect(await current.textContent()).toContain("V0");
      expect(await flow.getAttribute("aria-roledescription")).toBe("carousel");
      expect(await current.getAttribute("aria-live")).toBe("polite");
      const front = await flow.locator('[data-offset="0"]').boundingBox();
      const left = await flow.locator('[data-offset="-1"]').boundingBox();
      expect(front && left && left.width < front.width && left.x < front.x && front.x >= 0 && front.x + front.width <= 390).toBe(true);
      await shot(page, "membership-coverflow-390-js");

      await flow.getByRole("button", { name: "Next level" }).click();
      await centred(1);
      await flow.getByRole("button", { name: "Previous level" }).click();
      await centred(0);
      await flow.getByRole("button", { name: "Previous level" }).click();
      await centred(7);
      expect(await current.textContent()).toContain("V7");
      expect(await flow.locator('[data-offset="1"]').getAttribute("data-level")).toBe("0");

      // The arrow keys while it has focus.
      await flow.focus();
      await page.keyboard.press("ArrowRight");
      await centred(0);
      await page.keyboard.press("ArrowRight");
      await centred(1);
      await page.keyboard.press("ArrowLeft");
      await centred(0);

      // A swipe to the left brings the next card; to the right the previous one.
      const box = await flow.locator('[data-offset="0"]').boundingBox();
      if (!box) throw new Error("no centre card");
      const y = box.y + box.height / 2;
      await touchDrag(page, { x: 300, y }, { x: 90, y });
      await centred(1);
      // A sideways swipe is not a pull: nothing reloads.
      expect(await page.getByTestId("pull-indicator").getAttribute("data-phase")).toBe("idle");
      await touchDrag(page, { x: 90, y }, { x: 300, y });
      await touchDrag(page, { x: 90, y }, { x: 300, y });
      await centred(7);
      await page.waitForTimeout(400); // the slide animation, for the picture
      await shot(page, "membership-coverflow-v7-390-js");
    }));

  test("pull to refresh: the page reloads and shows the new balance (islands-only, ADR 0067)", () =>
    onTouchPhone("pull", "/memberShipCenter?tab=mall", async (page, user) => {
      expect(await page.getByTestId("wealth-balance").textContent()).toBe("0");
      await page.evaluate(() => Object.assign(window, { __samePage: true }));
      await givePoints(user, 2_000_000);

      const indicator = page.getByTestId("pull-indicator");
      await touchDrag(
        page,
        { x: 195, y: 120 },
        { x: 195, y: 420 },
        {
          beforeRelease: async () => {
            expect(await indicator.getAttribute("data-phase")).toBe("armed");
            expect(await indicator.textContent()).toBe("Release to refresh");
            await shot(page, "membership-pull-to-refresh-390-js");
          },
        },
      );
      await page.getByTestId("wealth-balance").filter({ hasText: /^200$/ }).waitFor();
      await page.locator('[data-testid="pull-indicator"][data-phase="idle"]').waitFor({ state: "attached" });
      // The point-mall island reloads the page: a new document, its islands hydrated again.
      expect(await page.evaluate(() => "__samePage" in window)).toBe(false);
      await page.locator('[data-island="point-mall"][data-island-hydrated]').waitFor({ state: "attached" });
      expect(await page.getByTestId("member-level").textContent()).toBe("V1");
    }));
});

for (const js of [true, false]) {
  describe(`membership level cards and Refresh ${js ? "with" : "without"} JavaScript`, () => {
    test("the Refresh link reloads the Point Mall and the balance", () =>
      e2e.withPage(js, async (page) => {
        const user = await newSeller(e2e.server.apiUrl, "refresh");
        await signInAs(page, e2e.server.url, js, user, "/memberShipCenter?tab=mall");
        if (!js) {
          // Without JavaScript the cards are a plain list of all eight, no carousel buttons.
          const list = page.getByRole("list", { name: "Membership levels" });
          expect(await list.getByRole("listitem").count()).toBe(8);
          expect(await page.getByRole("button", { name: "Next level" }).count()).toBe(0);
          await shot(page, "membership-level-list-390-nojs");
        }
        expect(await page.getByTestId("wealth-balance").textContent()).toBe("0");
        await givePoints(user, 2_000_000);
        const refresh = page.getByRole("link", { name: "Refresh" });
        expect(await refresh.getAttribute("href")).toBe("/memberShipCenter?tab=mall");
        await refresh.click();
        await page.getByTestId("wealth-balance").filter({ hasText: /^200$/ }).waitFor();
        await page.getByTestId("mall-item").first().waitFor();
        // A page load with JavaScript too: the page is islands-only (ADR 0067).
      }));
  });
}

/**
 * The point mall delivers what it sells (ADR 0052), with JavaScript on and off, each
 * side in a browser of its own:
 * - a seller redeems the Gold avatar frame and the Trusted Trader badge: the frame is around its
 *   avatar and the badge beside its name on its profile and its public page, and Point Order says
 *   Delivered, active until when;
 * - a merchant wearing the badge shows it on its offers and in the seller's conversation list;
 * - a seller redeems airtime and data (sent to its bound mobile); the administrator delivers the
 *   airtime at /staff/mall with a reference and refunds the data with a reason; the seller reads
 *   "Delivered · Reference …" and "Refunded: …" in Point Order, with the points back, and the
 *   notice leads there. An order someone else decided while the question was open is refused with
 *   what happened; a reference of blanks is refused beside its form, which keeps what was typed;
 * - the demo seller's airtime of this month leaves "1 of 2" (the seed's redemption counts).
 */
import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { apiClient } from "./support/api";
import { decide, latestCode, newContext, pageReady, shot, signInAs } from "./support/browser";
import { useServerAndBrowser } from "./support/suite";
import { givePoints, newSeller, withTradePassword, type TestUser } from "./support/users";

const e2e = useServerAndBrowser({ failureShots: "mall-delivery" });
const PASSWORD = "demo1234";
const ADMIN = { email: "admin@demo.test", password: PASSWORD };

const toast = (page: Page, text: string) => page.locator('[role="status"][aria-live="polite"]').getByText(text, { exact: true }).first().waitFor();

/** Redeems the item from the Point Mall tab: its dialog with JavaScript, its confirm step without. */
async function redeem(page: Page, js: boolean, name: string) {
  await page.goto(`${e2e.server.url}/memberShipCenter?tab=mall`);
  await pageReady(page, js);
  await page.getByTestId("mall-item").filter({ hasText: name }).click();
  const confirm = js ? page.getByRole("alertdialog", { name: `Redeem ${name}?` }) : page.getByTestId("redeem-confirm");
  await confirm.getByRole("button", { name: "Confirm" }).click();
  await toast(page, "Success");
}

/** The Point Order row of the item's redemption (not its refund's), newest first. */
async function pointOrder(page: Page, js: boolean, name: string) {
  await page.goto(`${e2e.server.url}/memberShipCenter?tab=order`);
  await pageReady(page, js);
  return page.getByTestId("point-orders").getByRole("row").filter({ hasText: name, hasNotText: "Refund:" }).first();
}

/** A new seller with a mobile number bound (where staff send airtime) and `points`. */
async function sellerWithMobile(label: string, points: number): Promise<{ user: TestUser; token: string; phone: string }> {
  const api = e2e.server.apiUrl;
  const { call, login } = apiClient(() => api);
  const user = await withTradePassword(api, await newSeller(api, label), "123456");
  const token = await login(user);
  const phone = `234-81${String(Date.now()).slice(-8)}`;
  await call("/userAuth/sendCodeByPhone", { phone, type: "BIND" }, token);
  await call("/userAuth/bindMobile", { phone, code: await latestCode(api, phone, "BIND"), tradePwd: "123456" }, token);
  await givePoints(api, user, points);
  return { user, token, phone };
}

describe.each([true, false])("the point mall delivers, JavaScript %s", (js) => {
  const tag = js ? "js" : "nojs";

  test("a frame and a badge show on the profile and the public page; Point Order says until when", () =>
    e2e.withPage(js, async (page) => {
      const { login, userId } = apiClient(() => e2e.server.apiUrl);
      const user = await newSeller(e2e.server.apiUrl, `wear-${tag}`);
      await givePoints(e2e.server.apiUrl, user, 5_000_000);
      const id = await userId(await login(user));
      await signInAs(page, e2e.server.url, js, user, "/memberShipCenter");
      await redeem(page, js, "Gold avatar frame");
      await redeem(page, js, "Trusted Trader badge");
      expect(await page.getByTestId("wealth-balance").textContent()).toBe("0");

      const frameRow = await pointOrder(page, js, "Gold avatar frame");
      expect(await frameRow.getByTestId("delivery").textContent()).toMatch(/^Delivered · Active until [A-Z][a-z]{2} \d{1,2}, 20\d\d$/);
      expect(await (await pointOrder(page, js, "Trusted Trader badge")).getByTestId("delivery").textContent()).toMatch(/^Delivered · Active until /);
      await shot(page, `mall-point-order-worn-390-${tag}`);

      for (const path of ["/profile", `/userInfo/${id}`]) {
        await page.goto(`${e2e.server.url}${path}`);
        await pageReady(page, js);
        await page.locator('[data-testid="mall-frame"][data-frame="gold"]').waitFor();
        const badge = page.getByTestId("mall-badge");
        expect(await badge.textContent()).toBe("Trusted Trader");
        expect(await badge.isVisible()).toBe(true);
        await shot(page, `mall-worn${path === "/profile" ? "-profile" : "-user-page"}-390-${tag}`);
      }
    }));

  test("a merchant's badge shows on its offers and beside its name in the seller's conversations", () =>
    e2e.withPage(js, async (page) => {
      const { call, login, userId, findAdvert } = apiClient(() => e2e.server.apiUrl);
      const merchant = { email: js ? "merchant2@demo.test" : "merchant3@demo.test", password: PASSWORD };
      const merchantToken = await login(merchant);
      const merchantId = await userId(merchantToken);
      await givePoints(e2e.server.apiUrl, merchant, 2_000_000);
      await call("/wealthRedemption/wealthExchange", { id: await badgeItemId(merchantToken) }, merchantToken);
      const advert = await findAdvert(merchantId, 1, 10_000);

      const seller = await newSeller(e2e.server.apiUrl, `see-${tag}`);
      const sellerToken = await login(seller);
      const sent = await fetch(`${e2e.server.apiUrl}/chat/api/send`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: sellerToken },
        body: JSON.stringify({ conversationId: `C2C${merchantId}`, clientMsgId: randomUUID(), type: "text", text: `Do you buy this card? ${tag}` }),
      });
      expect(((await sent.json()) as { code: number }).code).toBe(1);

      await signInAs(page, e2e.server.url, js, seller, `/advertList/${advert.cardtypeid}`);
      const row = page.locator(`div:has(> p > [data-testid="merchant-name"][href="/userInfo/${merchantId}"])`).first();
      const badge = row.getByTestId("mall-badge");
      expect(await badge.textContent()).toBe("Trusted Trader");
      expect(await badge.isVisible()).toBe(true);
      await shot(page, `mall-badge-offers-390-${tag}`);

      await page.goto(`${e2e.server.url}/message`);
      await pageReady(page, js);
      const conversation = page.locator(`[data-conversation-id="C2C${merchantId}"]`).first();
      // The list is narrow: the shield alone, its words its accessible name and tooltip.
      const shield = conversation.getByTestId("mall-badge");
      expect(await shield.textContent()).toBe("Trusted Trader");
      expect(await shield.getAttribute("title")).toBe("Trusted Trader");
      await shot(page, `mall-badge-conversations-390-${tag}`);
    }));

  test("airtime delivered at the desk with a reference, data refunded with a reason: the seller reads both in Point Order", async () => {
    const { user, phone } = await sellerWithMobile(`airtime-${tag}`, 1_800_000);
    const shown = `+${phone.replace("-", " ")}`;
    const reference = `MTN-${tag}-${randomUUID().slice(0, 6)}`;
    const reason = `Number not reachable ${tag}`;
    const sellerContext = await newContext(e2e.browser, { js });
    const staffContext = await newContext(e2e.browser, { js });
    try {
      const sellerPage = await sellerContext.newPage();
      await signInAs(sellerPage, e2e.server.url, js, user, "/memberShipCenter");
      await redeem(sellerPage, js, "Airtime top-up ₦500");
      await redeem(sellerPage, js, "Data bundle 1 GB");
      await redeem(sellerPage, js, "Airtime top-up ₦500");
      expect(await sellerPage.getByTestId("wealth-balance").textContent()).toBe("0");
      const waiting = await pointOrder(sellerPage, js, "Airtime top-up ₦500");
      expect(await waiting.getByTestId("delivery").textContent()).toBe("Pending · being sent to your mobile number");

      const staff = await staffContext.newPage();
      await signInAs(staff, e2e.server.url, js, ADMIN, "/staff/mall");
      const orderOf = async (item: string) => {
        const el = staff.getByTestId(/^staff-mall-\d+$/).filter({ hasText: user.nickname }).filter({ hasText: item });
        return { el, id: Number((await el.getAttribute("data-testid"))!.replace(/\D+/g, "")) };
      };
      // Two airtime orders, oldest first: the first is sent here; the second, meanwhile, by someone else.
      const airtimes = staff.getByTestId(/^staff-mall-\d+$/).filter({ hasText: user.nickname }).filter({ hasText: "Airtime top-up ₦500" });
      expect(await airtimes.count()).toBe(2);
      const [airtimeId, otherId] = await airtimes.evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-testid")!.replace(/\D+/g, ""))));
      const airtime = { el: staff.getByTestId(`staff-mall-${airtimeId}`), id: airtimeId! };
      expect(await airtime.el.textContent()).toContain(`Send to: ${shown}`);
      await shot(staff, `mall-staff-queue-390-${tag}`);
      // Delivered needs its reference: the browser asks for it before anything is sent.
      await airtime.el.getByLabel("Reference of the top-up").fill(reference);
      await staff.getByTestId(`deliver-${airtime.id}`).click();
      const question = js ? staff.getByRole("alertdialog") : staff.getByTestId(`deliver-${airtime.id}-confirm`);
      await question.getByText(`Airtime top-up ₦500 was sent to ${shown}. Reference: ${reference}`).waitFor();
      await shot(staff, `mall-staff-confirm-390-${tag}`);
      await question.getByRole("button", { name: "Mark delivered", exact: true }).click();
      await question.waitFor({ state: "detached" });
      await airtime.el.waitFor({ state: "detached" });

      // Decided by someone else while the question was open: the page says so, and the order has left the queue.
      const other = staff.getByTestId(`staff-mall-${otherId}`);
      await other.getByLabel("Reason").fill(`Too late ${tag}`);
      await staff.getByTestId(`refund-${otherId}`).click();
      const asked = js ? staff.getByRole("alertdialog") : staff.getByTestId(`refund-${otherId}-confirm`);
      await asked.getByText(`Refund mall order ${otherId}?`).waitFor();
      const { call, login } = apiClient(() => e2e.server.apiUrl);
      await call("/admin/mallOrder/deliver", { id: otherId, reference: `OTHER-${tag}` }, await login(ADMIN));
      await asked.getByRole("button", { name: "Refund", exact: true }).click();
      await staff.getByTestId("staff-error").getByText(`Mall order ${otherId}: This mall order is already Delivered.`).waitFor();
      await other.waitFor({ state: "detached" });

      const data = await orderOf("Data bundle 1 GB");
      // A reference of blanks is refused beside its form, which keeps what was typed.
      await data.el.getByLabel("Reference of the top-up").fill("   ");
      await decide(staff, js, "deliver", data.id, "Mark delivered");
      await data.el.getByTestId("staff-error").getByText("Please give the delivery reference.").waitFor();
      expect(await data.el.getByLabel("Reference of the top-up").inputValue()).toBe("   ");
      await data.el.getByLabel("Reason").fill(reason);
      await decide(staff, js, "refund", data.id, "Refund");
      await data.el.waitFor({ state: "detached" });
      await staff.getByRole("link", { name: "Refunded" }).click();
      await staff.getByTestId(`staff-mall-${data.id}`).getByText(`Reason: ${reason}`).waitFor();

      // Newest first: the second airtime (delivered by someone else), the data, the first airtime.
      await pointOrder(sellerPage, js, "Airtime top-up ₦500");
      const airtimeRows = sellerPage.getByTestId("point-orders").getByRole("row").filter({ hasText: "Airtime top-up ₦500" });
      expect(await airtimeRows.getByTestId("delivery").allTextContents()).toEqual([`Delivered · Reference OTHER-${tag}`, `Delivered · Reference ${reference}`]);
      const refunded = await pointOrder(sellerPage, js, "Data bundle 1 GB");
      expect(await refunded.getByTestId("delivery").textContent()).toBe(`Refunded: ${reason}`);
      const back = sellerPage.getByTestId("point-orders").getByRole("row").filter({ hasText: "Refund: Data bundle 1 GB" });
      expect(await back.textContent()).toContain("+80");
      expect(await sellerPage.getByTestId("wealth-balance").textContent()).toBe("80");
      await shot(sellerPage, `mall-point-order-decided-390-${tag}`);

      // The notice leads to Point Order.
      await sellerPage.goto(`${e2e.server.url}/noticeList`);
      await sellerPage.getByText("Point mall order delivered").first().click();
      await sellerPage.waitForURL((u) => u.pathname === "/memberShipCenter" && u.searchParams.get("tab") === "order");
    } finally {
      await sellerContext.close();
      await staffContext.close();
    }
  });
});

describe.each([true, false])("the monthly limit, JavaScript %s", (js) => {
  test("the demo seller's airtime redeemed this month leaves 1 of 2", () =>
    e2e.withPage(js, async (page) => {
      await signInAs(page, e2e.server.url, js, { email: "seller@demo.test", password: PASSWORD }, "/memberShipCenter?tab=mall");
      const airtime = page.getByTestId("mall-item").filter({ hasText: "Airtime top-up ₦500" });
      expect(await airtime.textContent()).toContain("1 left");
      await airtime.click();
      const detail = js ? page.getByRole("alertdialog", { name: "Redeem Airtime top-up ₦500?" }) : page.getByTestId("redeem-confirm");
      await detail.getByText("Monthly limit: 1 of 2 left").waitFor();
      expect(await page.getByTestId("mall-item").filter({ hasText: "Fee-free withdrawal" }).count()).toBe(0);
    }));
});

/** The Trusted Trader badge's id in the mall the token's user sees. */
async function badgeItemId(token: string): Promise<number> {
  const { call } = apiClient(() => e2e.server.apiUrl);
  const { list } = await call<{ list: { id: number; name: string }[] }>("/wealthRedemption/wealthRedemptionList", {}, token);
  return list.find((i) => i.name === "Trusted Trader badge")!.id;
}

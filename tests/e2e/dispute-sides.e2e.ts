/**
 * A dispute as each side reads it, with JavaScript on and off: the merchant's
 * desk speaks to the merchant (what it found, offered and wrote; the seller decides), the seller's
 * order page to the seller (the face it entered; the call to accept), and the staff page names
 * both in the third person. Screenshots of the desk's panel at 390 px.
 */
import { describe, expect, test } from "vitest";
import { formatCoinsWithName } from "../../app/services/money/format";
import { apiClient } from "./support/api";
import { newContext, shot, signInAs } from "./support/browser";
import { useServerAndBrowser } from "./support/suite";
import { newSeller } from "./support/users";

const e2e = useServerAndBrowser({ failureShots: "dispute-sides" });
const api = apiClient(() => e2e.server.apiUrl);

const MERCHANT = { email: "merchant1@demo.test", password: "demo1234" };
const ADMIN = { email: "admin@demo.test", password: "demo1234" };
const coins = (v: number) => formatCoinsWithName(v, "Coins");

for (const js of [true, false]) {
  const tag = js ? "js" : "nojs";
  describe(`a dispute from each side ${js ? "with" : "without"} JavaScript`, () => {
    test("the merchant reads what it found, offered and wrote; the seller what to decide; staff read both sides by name", () =>
      e2e.withPage(js, async (page) => {
        const merchantToken = await api.login(MERCHANT);
        const seller = await newSeller(e2e.server.apiUrl, `sides-${tag}`);
        const sellerToken = await api.login(seller);
        const merchantId = await api.userId(merchantToken);
        const stamp = `${tag.toUpperCase()}${Date.now()}`;

        // A face found below the one entered, and a lower price.
        const found = await api.sellECode(sellerToken, merchantId, 10_000, `SIDES${stamp}`);
        await api.call("/merchant/order/view", { id: found }, merchantToken);
        const { orderInfo } = await api.call<{ orderInfo: { calculateTotalPrice: number; tradeCurrency: string } }>("/order/getOrderDetails", { id: found }, sellerToken);
        const price = orderInfo.calculateTotalPrice;
        const cur = orderInfo.tradeCurrency;
        const offered = Math.floor(price / 2);
        const wrote = `The card redeemed for 50 ${cur} only.`;
        await api.call("/merchant/order/negotiate", { id: found, arbitrationType: 3, arbitrationApplyAmount: 5_000, arbitrationApplyPrice: offered, arbitrationContent: wrote }, merchantToken);
        // A cancellation asked for.
        const cancel = await api.sellECode(sellerToken, merchantId, 10_000, `SIDESX${stamp}`);
        await api.call("/merchant/order/view", { id: cancel }, merchantToken);
        await api.call("/merchant/order/negotiate", { id: cancel, arbitrationType: 4, arbitrationApplyAmount: 10_000, arbitrationApplyPrice: 0, arbitrationContent: "Out of stock." }, merchantToken);

        // The merchant's desk.
        await signInAs(page, e2e.server.url, js, MERCHANT, `/desk/orders/${found}`);
        const panel = page.getByTestId("dispute-panel");
        expect(await panel.getByTestId("dispute-explanation").innerText()).toBe(
          `You found a card face of 50 ${cur}, not the 100 ${cur} the seller entered, and offered ${coins(offered)} instead of ${coins(price)}.`,
        );
        expect(await panel.getByTestId("dispute-status").innerText()).toBe(`Waiting for the seller to accept ${coins(offered)} or apply for arbitration.`);
        expect(await panel.locator("figure figcaption").innerText()).toBe("You wrote");
        expect(await panel.getByTestId("dispute-content").innerText()).toBe(wrote);
        const deskWords = await panel.innerText();
        expect(deskWords).not.toMatch(/The merchant|you entered|Accept to be paid|you receive/i);
        await panel.scrollIntoViewIfNeeded();
        await shot(page, `desk-dispute-390-${tag}`);

        await page.goto(`${e2e.server.url}/desk/orders/${cancel}`);
        await page.waitForLoadState("load");
        expect(await panel.getByTestId("dispute-explanation").innerText()).toBe(
          "You asked to cancel the order. If the seller accepts, the order is cancelled and nothing is paid.",
        );
        expect(await panel.getByTestId("dispute-status").innerText()).toBe("Waiting for the seller to accept the cancellation or apply for arbitration.");

        // The seller's order page.
        const sellerContext = await newContext(e2e.browser, { js });
        try {
          const sellerPage = await sellerContext.newPage();
          await signInAs(sellerPage, e2e.server.url, js, seller, `/orderDetails/${found}`);
          const sellerPanel = sellerPage.getByTestId("dispute-panel");
          expect(await sellerPanel.getByTestId("dispute-explanation").innerText()).toBe(
            `The merchant found a card face of 50 ${cur}, not the 100 ${cur} you entered, and offers ${coins(offered)} instead of ${coins(price)}.`,
          );
          expect(await sellerPanel.getByTestId("dispute-status").innerText()).toBe(`Accept to be paid ${coins(offered)} now, or apply for arbitration.`);
          expect(await sellerPanel.locator("figure figcaption").innerText()).toBe("The merchant wrote");
        } finally {
          await sellerContext.close();
        }

        // The staff page: both sides by name, nobody as "you".
        const staffContext = await newContext(e2e.browser, { js });
        try {
          const staffPage = await staffContext.newPage();
          await signInAs(staffPage, e2e.server.url, js, ADMIN, `/staff/orders/${found}`);
          const dispute = staffPage.getByRole("region", { name: "Dispute", exact: true });
          expect(await dispute.innerText()).toContain(wrote);
          expect(await staffPage.locator("main").innerText()).not.toMatch(/\byou(r)?\b/i);
        } finally {
          await staffContext.close();
        }
      }));
  });
}

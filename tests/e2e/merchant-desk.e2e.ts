/**
 * The merchant desk (ADR 0036), with JavaScript on and off: the merchant places an
 * offer from the desk; a seller sells a card to it; the merchant, in its own browser context,
 * sees the order arrive on /desk, views it, reads the code and completes it; a second order is
 * negotiated from the desk and accepted by the seller on the seller's order page. Who pays whom
 * reads right from each side (ADR 0051): the merchant's card bought is a Purchase in its wallet,
 * under its own tab and not under Income, signed once; a paid order says "You paid" to the merchant
 * and "You received" to the seller; a cancelled one says nothing about receiving or paying. And every
 * desk URL (GET, and POST to its actions) answers a guest, a seller and an administrator
 * exactly as an unknown path does.
 */
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { apiClient } from "./support/api";
import { formatCoins } from "../../app/services/money/format";
import { newContext, shot, signInAs, signInSession } from "./support/browser";
import { useServerAndBrowser } from "./support/suite";
import { newSeller } from "./support/users";

const e2e = useServerAndBrowser({ failureShots: "merchant-desk" });
const { call, login } = apiClient(() => e2e.server.apiUrl);

// merchant6 has the fewest demo offers; the bots are off in the e2e server.
const MERCHANT = { email: "merchant6@demo.test", password: "demo1234" };
const SELLER_DEMO = { email: "seller@demo.test", password: "demo1234" };
const ADMIN = { email: "admin@demo.test", password: "demo1234" };

async function ready(page: Page, js: boolean) {
  await page.waitForLoadState("load");
  if (js) await page.locator("[data-hydrated]").waitFor({ state: "attached" });
}

/**
 * Presses a ConfirmAction and confirms it: the dialog with JavaScript, the ?confirm= section without;
 * returns once the action has answered. With JavaScript that is the answer to its POST to the page's
 * own path, not the Success toast: the order's live chat may revalidate the page at once (the status
 * changed) and take the flash with it before the toast is seen.
 */
async function confirmAction(page: Page, js: boolean, intent: string) {
  await page.getByTestId(`${intent}-button`).click();
  // The page's own action: the live chat beside it posts to /chat/api/* meanwhile.
  const here = new URL(page.url()).pathname;
  const answered = js ? page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === here) : undefined;
  if (js) await page.getByRole("alertdialog").getByRole("button", { name: "Confirm" }).click();
  else await page.getByTestId(`${intent}-confirm`).getByRole("button", { name: "Confirm" }).click();
  await answered;
  await page.waitForURL((u) => !u.search.includes("confirm="));
  await ready(page, js);
  if (!js) await page.getByText("Success").first().waitFor();
}

/** An e-code order of the seller to an advert, placed through the API; returns its id. */
async function sell(sellerToken: string, advertId: number, face: number, code: string): Promise<number> {
  const { secret } = await call<{ secret: string }>("/advert/getAdvertDetail", { id: advertId }, sellerToken);
  return (await call<{ id: number }>("/order/addOrder", { advertId, tradeAmount: face, cardCode: code, secret, remark: "" }, sellerToken)).id;
}

for (const js of [true, false]) {
  const mode = js ? "with JavaScript" : "without JavaScript";

  describe(`the merchant desk ${mode}`, () => {
    test("an offer placed from the desk, an order seen arriving, viewed, read and completed; another negotiated and accepted by the seller", () =>
      e2e.withPage(js, async (page) => {
        const seller = await newSeller(e2e.server.apiUrl, `desk-${js ? "on" : "off"}`);
        const sellerToken = await login(seller);

        // The merchant places an offer from the desk.
        await signInAs(page, e2e.server.url, js, MERCHANT, "/desk/offers/new");
        await page.getByLabel("Card type").selectOption({ label: "Steam Wallet" });
        await page.getByLabel("Card kind").selectOption("1");
        await page.getByLabel("Currency").selectOption("USD");
        await page.getByLabel(/^Rate/).fill("0.80");
        await page.getByLabel("Smallest face").fill("10");
        await page.getByLabel("Largest face").fill("5");
        await page.getByLabel("Face amount you will buy").fill("1000");
        await page.getByRole("button", { name: "Place offer" }).click();
        // A rule of the contract answers under its field.
        await page.getByText("The largest card face must not be below the smallest.").first().waitFor();
        await page.getByLabel("Largest face").fill("200");
        await page.getByLabel("Tags (optional)").fill(`Desk | ${js ? "JS" : "NoJS"}`);
        await page.getByRole("button", { name: "Place offer" }).click();
        await page.waitForURL((u) => u.pathname === "/desk/offers");
        await ready(page, js);
        const offer = page.getByTestId("desk-offer").first();
        const advertId = Number(await offer.getAttribute("data-advert-id"));
        expect(await offer.getAttribute("data-status")).toBe("1");
        // The demo merchant6 starts offline: it goes online from the desk, or nobody can sell to it.
        const goOnline = page.getByRole("button", { name: "Go online" });
        if (await goOnline.count()) {
          await goOnline.click();
          await page.getByRole("button", { name: "Go offline" }).waitFor();
        }
        if (js) await shot(page, "desk-offers-390");

        // A seller sells a card to it; the merchant sees it arrive on /desk.
        const code = `DESK${js ? "ON" : "OFF"}${Date.now()}`;
        const first = await sell(sellerToken, advertId, 5_000, code);
        await page.goto(`${e2e.server.url}/desk`);
        await ready(page, js);
        const row = page.locator(`[data-testid="desk-order"][data-order-id="${first}"]`);
        await row.waitFor();
        expect(await row.getAttribute("data-status")).toBe("0");
        await expect(row.getByTestId("desk-order-timer").textContent()).resolves.toMatch(/Auto Cancel/);
        if (js) await shot(page, "desk-queue-390");

        // Views it, reads the code, completes it.
        await row.click();
        await page.waitForURL((u) => u.pathname === `/desk/orders/${first}`);
        await ready(page, js);
        await page.getByTestId("desk-card-hidden").waitFor();
        await confirmAction(page, js, "view");
        await expect(page.getByTestId("desk-codes").getByTestId("card-code").getAttribute("data-code")).resolves.toBe(code);
        if (js) await shot(page, "desk-order-390");
        await confirmAction(page, js, "complete");
        expect((await call<{ orderInfo: { status: number } }>("/order/getOrderDetails", { id: first }, sellerToken)).orderInfo.status).toBe(4);

        // The same code sold again by someone else (typed with other case and dashes) is placed
        // flagged: the desk names the earlier order before the card is opened (ADR 0033).
        const reseller = await newSeller(e2e.server.apiUrl, `desk-dup-${js ? "on" : "off"}`);
        const again = await sell(await login(reseller), advertId, 5_000, `${code.slice(0, 4).toLowerCase()}-${code.slice(4)}`);
        await page.goto(`${e2e.server.url}/desk`);
        await ready(page, js);
        const flagged = page.locator(`[data-testid="desk-order"][data-order-id="${again}"]`).getByTestId("duplicate-flag");
        await expect(flagged.getAttribute("data-earlier")).resolves.toBe(String(first));
        await page.goto(`${e2e.server.url}/desk/orders/${again}`);
        await ready(page, js);
        await page.getByTestId("desk-card-hidden").waitFor();
        await expect(page.getByRole("note", { name: "Possible duplicate card" }).textContent()).resolves.toContain(`by another seller in order ${first} (Completed)`);
        // A card with no earlier order carries no flag.
        await page.goto(`${e2e.server.url}/desk/orders/${first}`);
        await ready(page, js);
        expect(await page.getByTestId("duplicate-flag").count()).toBe(0);

        // Another order: negotiated from the desk, accepted by the seller on its own page.
        const second = await sell(sellerToken, advertId, 10_000, `${code}B`);
        await page.goto(`${e2e.server.url}/desk/orders/${second}`);
        await ready(page, js);
        await confirmAction(page, js, "view");
        // The order's chat beside it: the merchant writes there; the seller's order page shows it.
        const said = `Checking your card ${js ? "on" : "off"}`;
        const orderChat = page.locator("#order-chat");
        if (js) {
          await orderChat.locator('[data-chat="live"][data-chat-status="online"]').waitFor({ timeout: 20_000 });
          await orderChat.getByRole("textbox", { name: "Message" }).fill(said);
          await orderChat.getByTestId("chat-send").click();
        } else {
          const chatForm = orderChat.getByTestId("chat-form-nojs");
          await chatForm.getByRole("textbox", { name: "Message" }).fill(said);
          await chatForm.getByRole("button", { name: "Send" }).click();
          await page.waitForURL((u) => u.pathname === `/desk/orders/${second}`);
        }
        await orderChat.getByText(said).waitFor();
        const form = page.getByTestId("negotiate-form");
        await form.getByLabel("Problem", { exact: true }).selectOption({ label: "Wrong amount / rate" });
        await form.getByLabel(/Card face you found/).fill("50");
        await form.getByLabel(/Price you propose/).fill("40");
        await form.getByLabel("Explain the problem to the seller").fill("The card redeemed for 50 USD only.");
        await form.getByRole("button", { name: "Send the proposal" }).click();
        // With JavaScript the live chat's revalidation may take the toast at once (see confirmAction).
        if (!js) await page.getByText("Success").first().waitFor();
        // Sent: the order is In negotiation, so the form is gone.
        await form.waitFor({ state: "detached" });
        await ready(page, js);
        await page.getByText("Wrong amount / rate").first().waitFor();

        const sellerContext: BrowserContext = await newContext(e2e.browser, { js });
        try {
          const sellerPage = await sellerContext.newPage();
          await signInAs(sellerPage, e2e.server.url, js, seller, `/orderDetails/${second}`);
          await sellerPage.locator("#order-chat").getByText(said).waitFor();
          await confirmAction(sellerPage, js, "accept");
        } finally {
          await sellerContext.close();
        }
        const done = await call<{ orderInfo: { status: number; realTotalPrice: number } }>("/order/getOrderDetails", { id: second }, sellerToken);
        expect(done.orderInfo).toMatchObject({ status: 4, realTotalPrice: 4_000 });

        // The offer is paused and resumed from the desk.
        await page.goto(`${e2e.server.url}/desk/offers`);
        await ready(page, js);
        const mine = page.locator(`[data-testid="desk-offer"][data-advert-id="${advertId}"]`);
        await mine.getByRole("button", { name: /Pause/ }).click();
        await page.locator(`[data-testid="desk-offer"][data-advert-id="${advertId}"][data-status="0"]`).waitFor();
        await mine.getByRole("button", { name: /Resume/ }).click();
        await page.locator(`[data-testid="desk-offer"][data-advert-id="${advertId}"][data-status="1"]`).waitFor();
      }));
  });
}

for (const js of [true, false]) {
  const tag = js ? "js" : "nojs";
  describe(`who pays whom ${js ? "with" : "without"} JavaScript`, () => {
    test("the merchant's card bought is a Purchase (−price, no In/Out word), under its own tab, never under Income; paid and cancelled orders read true from both sides", () =>
      e2e.withPage(js, async (page) => {
        const api = apiClient(() => e2e.server.apiUrl);
        const owner = { email: "merchant1@demo.test", password: "demo1234" };
        const merchantToken = await login(owner);
        const merchantId = await api.userId(merchantToken);
        const seller = await newSeller(e2e.server.apiUrl, `labels-${tag}`);
        const sellerToken = await login(seller);
        // Bought: sold, viewed, completed by the merchant.
        const bought = await api.sellECode(sellerToken, merchantId, 10_000, `LABELS${tag.toUpperCase()}${Date.now()}`);
        await call("/merchant/order/view", { id: bought }, merchantToken);
        await call("/merchant/order/complete", { id: bought }, merchantToken);
        const price = (await call<{ orderInfo: { realTotalPrice: number } }>("/order/getOrderDetails", { id: bought }, sellerToken)).orderInfo.realTotalPrice;
        // Cancelled after the merchant opened it: it asked to cancel, the seller accepted.
        const cancelled = await api.sellECode(sellerToken, merchantId, 10_000, `LABELSX${tag.toUpperCase()}${Date.now()}`);
        await call("/merchant/order/view", { id: cancelled }, merchantToken);
        await call("/merchant/order/negotiate", { id: cancelled, arbitrationType: 4, arbitrationApplyAmount: 10_000, arbitrationApplyPrice: 0, arbitrationContent: "Out of stock." }, merchantToken);
        await call("/order/acceptDispute", { id: cancelled }, sellerToken);

        // The merchant's wallet: the newest Purchase is this card, signed once, with no In/Out word (for screen readers neither).
        await signInAs(page, e2e.server.url, js, owner, "/account?type=5");
        const bill = page.getByTestId("bill-item").first();
        expect(await bill.getAttribute("data-bill-type")).toBe("5");
        expect(Number(await bill.getAttribute("data-amount"))).toBe(-price);
        expect(await bill.getByTestId("bill-amount").textContent()).toBe(`-${formatCoins(price)}`);
        const said = (await bill.textContent()) ?? "";
        expect(said).toContain("Purchase");
        expect(said).not.toMatch(/\b(In|Out|Income)\b/);
        const tabs = page.getByRole("navigation", { name: "Transaction type" }).getByRole("link");
        expect(await tabs.allInnerTexts()).toEqual(["ALL", "Income", "Withdraw", "Invite", "Transfer", "Purchase"]);
        expect(await tabs.evaluateAll((links) => links.filter((a) => a.getBoundingClientRect().right > window.innerWidth).length)).toBe(0);
        expect(await tabs.last().getAttribute("aria-current")).toBe("page");
        await shot(page, `wallet-purchase-390-${tag}`);
        // Under Income: only coins that came in.
        await page.goto(`${e2e.server.url}/account?type=1`);
        await ready(page, js);
        const incomeAmounts = await page.getByTestId("bill-item").evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-amount"))));
        expect(incomeAmounts.length).toBeGreaterThan(0);
        expect(incomeAmounts.filter((a) => a <= 0)).toEqual([]);

        // The desk: paid reads "You paid"; cancelled reads the order's price, not paid, nothing held or received.
        const facts = () => page.getByRole("region", { name: "Order", exact: true });
        await page.goto(`${e2e.server.url}/desk/orders/${bought}`);
        await ready(page, js);
        expect(await facts().innerText()).toContain(`You paid\n${formatCoins(price)}`);
        await page.goto(`${e2e.server.url}/desk/orders/${cancelled}`);
        await ready(page, js);
        const deskCancelled = await facts().innerText();
        expect(deskCancelled).toContain("Order price");
        expect(await page.getByTestId("desk-order-price-note").innerText()).toBe("Not paid: the order was cancelled.");
        expect(deskCancelled).not.toMatch(/receive|You pay|Held/i);
        expect(await page.getByTestId("dispute-status").innerText()).toContain("Cancelled: nothing was paid");
        await shot(page, `desk-order-cancelled-390-${tag}`);

        // The seller's pages: received once paid; the cancelled one says nothing about receiving, and that the merchant had opened the card.
        const sellerContext = await newContext(e2e.browser, { js });
        try {
          const sellerPage = await sellerContext.newPage();
          await signInAs(sellerPage, e2e.server.url, js, seller, `/orderDetails/${bought}`);
          expect(await sellerPage.getByRole("region", { name: "Order", exact: true }).innerText()).toContain(`You received\n${formatCoins(price)}`);
          await sellerPage.goto(`${e2e.server.url}/orderDetails/${cancelled}`);
          await ready(sellerPage, js);
          expect(await sellerPage.locator("main").innerText()).not.toMatch(/receive/i);
          expect(await sellerPage.getByTestId("order-coins-note").innerText()).toBe("Not paid: the order was cancelled.");
          expect(await sellerPage.getByTestId("order-coins").getAttribute("data-tone")).toBe("none");
          expect(await sellerPage.getByTestId("cancel-tips").innerText()).toContain("The order was cancelled after the merchant opened your card.");
          await shot(sellerPage, `order-cancelled-390-${tag}`);
          // Its row in the Cancelled tab is not green: no coins came.
          await sellerPage.goto(`${e2e.server.url}/orderList?status=5`);
          await ready(sellerPage, js);
          const row = sellerPage.locator(`[data-testid="order-item"][data-order-id="${cancelled}"]`);
          expect(await row.getByTestId("order-item-coins").getAttribute("data-tone")).toBe("none");
        } finally {
          await sellerContext.close();
        }
      }));
  });
}

describe("who may open the merchant desk", () => {
  test("every desk URL, GET and POST, answers a guest, a seller and an administrator like an unknown path", async () => {
    const base = e2e.server.url;
    const merchantToken = await login(MERCHANT);
    const order = await call<{ list: { id: number }[] }>("/merchant/order/list", {}, merchantToken);
    const advert = await call<{ list: { id: number }[] }>("/merchant/advert/list", {}, merchantToken);
    const orderId = order.list[0]?.id ?? 1;
    const advertId = advert.list[0]?.id ?? 1;
    const urls = ["/desk", `/desk/orders/${orderId}`, "/desk/offers", "/desk/offers/new", `/desk/offers/${advertId}`, "/desk?status=0"];
    const posts = [`/desk/orders/${orderId}`, "/desk/offers", "/desk/offers/new", `/desk/offers/${advertId}`];
    const answer = async (context: BrowserContext, method: "GET" | "POST", path: string) => {
      const res = await context.request.fetch(`${base}${path}`, {
        method,
        maxRedirects: 0,
        headers: { origin: base },
        form: method === "POST" ? { intent: "view", id: String(advertId), onlineStatus: "0" } : undefined,
      });
      return `${res.status()} ${res.headers()["location"] ?? ""}`;
    };
    let opened = 0;
    for (const who of [null, SELLER_DEMO, ADMIN]) {
      const context = await newContext(e2e.browser, { js: false });
      try {
        if (who) await signInSession(context, base, who);
        const unknownGet = await answer(context, "GET", "/no-such-desk");
        const unknownPost = await answer(context, "POST", "/no-such-desk");
        expect(unknownGet).toBe("302 /home");
        for (const path of urls) {
          const a = await answer(context, "GET", path);
          if (a !== unknownGet) opened++;
          expect(a, `GET ${path} as ${who?.email ?? "guest"}`).toBe(unknownGet);
        }
        for (const path of posts) {
          const a = await answer(context, "POST", path);
          if (a !== unknownPost) opened++;
          expect(a, `POST ${path} as ${who?.email ?? "guest"}`).toBe(unknownPost);
        }
      } finally {
        await context.close();
      }
    }
    expect(opened).toBe(0);
    // Nothing moved: the merchant's offer is as it was.
    if (advert.list[0]) expect((await call<{ status: number }>("/merchant/advert/detail", { id: advertId }, merchantToken)).status).toBe(1);
  });
  test("another merchant cannot open, view or complete an order, nor open an offer, that is not its own", async () => {
    const base = e2e.server.url;
    const api = apiClient(() => e2e.server.apiUrl);
    const owner = { email: "merchant1@demo.test", password: "demo1234" };
    const ownerToken = await login(owner);
    const sellerToken = await login(await newSeller(e2e.server.apiUrl, "desk-other"));
    const orderId = await api.sellECode(sellerToken, await api.userId(ownerToken), 10_000, `DESKOTHER${Date.now()}`);
    const offer = (await call<{ list: { id: number }[] }>("/merchant/advert/list", {}, ownerToken)).list[0]!.id;
    const context = await newContext(e2e.browser, { js: false });
    try {
      await signInSession(context, base, { email: "merchant2@demo.test", password: "demo1234" });
      for (const path of [`/desk/orders/${orderId}`, `/desk/offers/${offer}`]) {
        const res = await context.request.get(`${base}${path}`, { maxRedirects: 0 });
        expect(res.status(), `GET ${path}`).toBe(404);
        expect(await res.text()).not.toContain("DESKOTHER");
      }
      for (const intent of ["view", "complete"]) {
        const res = await context.request.post(`${base}/desk/orders/${orderId}`, { form: { intent }, headers: { origin: base }, maxRedirects: 0 });
        expect(res.status(), intent).toBe(400);
      }
      // Nothing moved: the order still waits for its own merchant.
      expect((await call<{ orderInfo: { status: number } }>("/order/getOrderDetails", { id: orderId }, sellerToken)).orderInfo.status).toBe(0);
    } finally {
      await context.close();
    }
  });
});

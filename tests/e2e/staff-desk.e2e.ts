/**
 * The staff desk end to end (issue 14, ADR 0035), with JavaScript on and off: an order is driven
 * into arbitration through the API (the seller sells, the merchant views, both chat, the merchant
 * negotiates, the seller asks for arbitration); the administrator, in a browser context of its own,
 * finds it in the /staff queue, reads the transcript on the order page and decides it (complete
 * with a final price with JavaScript, cancel without); the seller sees the result; the audit page
 * shows the row. A BTC/USDT transfer is confirmed from /staff/transfers. Every /staff URL, GET and
 * POST, answers a guest, a seller, merchant1 and withdrawer1 exactly as an unknown path does.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, test } from "vitest";
import { apiClient } from "./support/api";
import { newContext, shot, signInAs, signInSession } from "./support/browser";
import { useServerAndBrowser } from "./support/suite";
import { newSeller } from "./support/users";

const e2e = useServerAndBrowser({ failureShots: "staff-desk" });
const PASSWORD = "demo1234";
const ADMIN = { email: "admin@demo.test", password: PASSWORD };
const MERCHANT = { email: "merchant1@demo.test", password: PASSWORD };

async function orderInArbitration(tag: string) {
  const url = e2e.server.url;
  const { call, login, userId, sellECode } = apiClient(() => url);
  const seller = await newSeller(url, `staff-${tag}`);
  const sellerToken = await login(seller);
  const merchantToken = await login(MERCHANT);
  const id = await sellECode(sellerToken, await userId(merchantToken), 10_000, `STAFF-${tag}-${randomUUID().slice(0, 6)}`);
  await call("/merchant/order/view", { id }, merchantToken);
  const say = async (token: string, text: string) => {
    const r = await fetch(`${url}/chat/api/send`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: token },
      body: JSON.stringify({ conversationId: `GROUP${id}`, clientMsgId: randomUUID(), type: "text", text }),
    });
    expect(((await r.json()) as { code: number }).code).toBe(1);
  };
  await say(sellerToken, `Seller says the card is fresh ${tag}`);
  await say(merchantToken, `Merchant says it was redeemed ${tag}`);
  await call("/merchant/order/negotiate", { id, arbitrationType: 2, arbitrationApplyAmount: 10_000, arbitrationApplyPrice: 100, arbitrationContent: `Redeemed already ${tag}` }, merchantToken);
  await call("/order/applyArbitration", { id }, sellerToken);
  return { id, sellerToken, call };
}

describe.each([true, false])("the staff desk, JavaScript %s", (js) => {
  test("an administrator decides an arbitration from the transcript; the seller sees it; the audit shows it; a transfer is confirmed", () =>
    e2e.withPage(js, async (page) => {
      const url = e2e.server.url;
      const tag = js ? "on" : "off";
      const { id, sellerToken, call } = await orderInArbitration(tag);

      await signInAs(page, url, js, ADMIN, "/staff");
      await page.getByTestId(`queue-order-${id}`).getByRole("link").click();
      await page.waitForURL(`**/staff/orders/${id}`);
      const transcript = page.getByTestId("transcript");
      await transcript.getByText(`Seller says the card is fresh ${tag}`).waitFor();
      await transcript.getByText(`Merchant says it was redeemed ${tag}`).waitFor();
      await page.getByTestId("staff-dispute").getByText(`Redeemed already ${tag}`).waitFor();
      await page.getByTestId("staff-card-codes").getByText(`STAFF-${tag}`, { exact: false }).waitFor();
      await shot(page, `staff-order-390-${tag}`);

      // A price above the escrow is refused with the page's message, beside the form.
      await page.getByLabel(/Final price/).fill("999999");
      await page.getByTestId(`complete-${id}`).click();
      await page.getByTestId("staff-error").getByText(/must not exceed/).waitFor();

      if (js) {
        await page.getByLabel(/Final price/).fill("0.50");
        await page.getByTestId(`complete-${id}`).click();
      } else {
        await page.getByTestId(`cancel-${id}`).click();
      }
      await page.getByText("This order is decided: nothing more to do.").waitFor();
      const seen = await call<{ orderInfo: { status: number; realTotalPrice: number } }>("/order/getOrderDetails", { id }, sellerToken);
      expect(seen.orderInfo.status).toBe(js ? 4 : 5);
      if (js) expect(seen.orderInfo.realTotalPrice).toBe(50);

      await page.goto(`${url}/staff/audit?entityType=order&entityId=${id}`);
      await page.getByTestId("audit-list").getByText(js ? "order.resolveComplete" : "order.resolveCancel", { exact: false }).waitFor();
      await shot(page, `staff-audit-390-${tag}`);

      // A transfer confirmed from the desk.
      const { login } = apiClient(() => url);
      const user = await login(await newSeller(url, `staff-vc-${tag}`));
      const vc = await call<{ id: number }>("/virtualCoinOrder/addVirtualCoinOrder", { type: 1, fromAddress: `T${randomUUID().replace(/-/g, "")}`, transactionId: randomUUID().replace(/-/g, ""), tradeAmount: 200 * 1e8 }, user);
      await page.goto(`${url}/staff/transfers`);
      if (js) await page.locator("[data-hydrated]").waitFor({ state: "attached" });
      await shot(page, `staff-transfers-390-${tag}`);
      await page.getByTestId(`confirm-${vc.id}`).click();
      await page.getByTestId(`staff-transfer-${vc.id}`).waitFor({ state: "detached" });
      await page.goto(`${url}/staff/audit?entityType=virtualCoinOrder&entityId=${vc.id}`);
      await page.getByTestId("audit-list").getByText("virtualCoinOrder.confirm").waitFor();
    }));
});

describe("who may open the staff desk", () => {
  const GETS = ["/staff", "/staff?orderId=1", "/staff/orders/1", "/staff/orders/1/image/0", "/staff/withdrawals", "/staff/transfers", "/staff/kyc", "/staff/kyc/1/front", "/staff/redemption", "/staff/audit"];
  const POSTS: Array<[string, Record<string, string>]> = [
    ["/staff/orders/1", { intent: "complete", id: "1", price: "1" }],
    ["/staff/orders/1", { intent: "cancel", id: "1" }],
    ["/staff/orders/1", { intent: "freeze", id: "1" }],
    ["/staff/withdrawals", { intent: "cancel", id: "1", reason: "x" }],
    ["/staff/transfers", { intent: "confirm", id: "1" }],
    ["/staff/transfers", { intent: "reject", id: "1", reason: "x" }],
    ["/staff/kyc", { intent: "approve", id: "1" }],
    ["/staff/kyc", { intent: "reject", id: "1", reason: "x" }],
    ["/staff/redemption", { intent: "create", kind: "coins", value: "1", count: "1", perUserLimit: "1", days: "1" }],
    ["/staff/redemption", { intent: "revoke", id: "1" }],
  ];
  const WHO: Array<[string, { email: string; password: string } | null]> = [
    ["guest", null],
    ["seller", { email: "seller@demo.test", password: PASSWORD }],
    ["merchant1", MERCHANT],
    ["withdrawer1", { email: "withdrawer1@demo.test", password: PASSWORD }],
  ];

  test.each(WHO)("%s gets the unknown-path answer for every /staff URL and POST", async (_who, user) => {
    const url = e2e.server.url;
    const context = await newContext(e2e.browser, { js: false });
    try {
      if (user) await signInSession(context, url, user);
      const answer = async (method: "GET" | "POST", path: string, form?: Record<string, string>) => {
        const res =
          method === "GET"
            ? await context.request.get(`${url}${path}`, { maxRedirects: 0 })
            : await context.request.post(`${url}${path}`, { form, headers: { origin: url }, maxRedirects: 0 });
        return { status: res.status(), location: res.headers()["location"] ?? null };
      };
      const unknownGet = await answer("GET", `/no-such-page-${randomUUID().slice(0, 8)}`);
      const unknownPost = await answer("POST", `/no-such-page-${randomUUID().slice(0, 8)}`, { intent: "x" });
      expect(unknownGet).toEqual({ status: 302, location: "/home" });
      for (const path of GETS) expect(await answer("GET", path), `GET ${path}`).toEqual(unknownGet);
      for (const [path, form] of POSTS) expect(await answer("POST", path, form), `POST ${path} ${form.intent}`).toEqual(unknownPost);
      // Nothing moved: no audit row was written by any of these.
      const { call, login } = apiClient(() => url);
      const trail = await call<{ list: { action: string; createTimestamp: number }[] }>("/admin/audit/list", {}, await login(ADMIN));
      expect(trail.list.filter((e) => e.action.startsWith("redemptionBatch.create") && Date.now() - e.createTimestamp < 5_000)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

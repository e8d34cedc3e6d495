/**
 * The staff desk end to end (ADR 0035), with JavaScript on and off: an order is driven
 * into arbitration through the API (the seller sells, the merchant views, both chat, the merchant
 * negotiates, the seller asks for arbitration); the administrator, in a browser context of its own,
 * finds it in the /staff queue, reads the transcript on the order page and decides it (complete
 * with a final price with JavaScript, cancel without); the seller sees the result; the audit page
 * shows the row. A BTC/USDT transfer is confirmed from /staff/transfers. The order page's coins are
 * the ledger's (ADR 0051): held, paid and returned as /admin/order/detail sums them, in words that
 * fit the status; a frozen order the merchant never opened holds nothing, is never offered Complete
 * (the page says why) and is unfrozen back to Waiting. Every /staff URL, GET and POST, answers a
 * guest, a seller, merchant1 and withdrawer1 exactly as an unknown path does.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, test } from "vitest";
import { withCheckDigit } from "../../contract/bank-accounts";
import { apiClient } from "./support/api";
import type { Page } from "playwright-core";
import { makeImage } from "../support/images";
import { NEVER_OPENED_NO_COMPLETE, NOTHING_HELD, type OrderMoney } from "../../contract/calls/orders-desks";
import { decide, newContext, pageReady, shot, signInAs, signInSession } from "./support/browser";
import { useServerAndBrowser } from "./support/suite";
import { newSeller, newSellerWithCoins } from "./support/users";

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

/** A picture of an ID uploaded by `token` for its certificate. */
async function certPhoto(token: string): Promise<string> {
  const form = new FormData();
  form.set("file", new File([new Uint8Array(await makeImage("jpeg", 800, 500))], "id.jpg", { type: "image/jpeg" }));
  form.set("type", "cert");
  const res = await fetch(`${e2e.server.apiUrl}/client/image/uploadImage`, { method: "POST", headers: { authorization: token }, body: form });
  const env = (await res.json()) as { code: number; msg?: string; data: { path: string } };
  expect(env.code, env.msg).toBe(1);
  return env.data.path;
}

/** A new seller whose identity certificate waits for review; returns its token and name. */
async function kycWaiting(tag: string) {
  const { call, login } = apiClient(() => e2e.server.apiUrl);
  const token = await login(await newSeller(e2e.server.apiUrl, `kyc-${tag}`));
  const realname = `Kyc ${tag} ${randomUUID().slice(0, 4)}`;
  const cert = { idCountry: "Nigeria", idKind: 1, idNo: "A12345678", realname, birthday: "1990-05-17", idFace: await certPhoto(token), idOppo: await certPhoto(token), socialAccount: "WhatsApp +2348012345678" };
  await call("/userCert/updateKycVerification", { cert }, token);
  return { token, realname };
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
      // In arbitration: what the merchant holds, as the books have it; nothing is paid yet, so no Paid row.
      const adminToken = await apiClient(() => url).login(ADMIN);
      const booked = async () => (await call<{ money: OrderMoney }>("/admin/order/detail", { id }, adminToken)).money;
      const held = (await booked()).held;
      expect(held).toBeGreaterThan(0);
      expect(await page.getByTestId("staff-money-held").getAttribute("data-amount")).toBe(String(held));
      expect(await page.getByTestId("staff-money-paid").count()).toBe(0);
      expect(await page.getByText("Paid", { exact: true }).count()).toBe(0);
      await shot(page, `staff-order-390-${tag}`);

      // A price above the escrow is refused with the page's message, beside the form.
      // Every decision asks first; Cancel leaves the order as it was.
      await page.getByLabel(/Final price/).fill("999999");
      await page.getByTestId(`complete-${id}`).click();
      const question = js ? page.getByRole("alertdialog") : page.getByTestId(`complete-${id}-confirm`);
      await question.getByText(`Complete order ${id}?`).waitFor();
      await shot(page, `staff-confirm-390-${tag}`);
      await question.getByRole(js ? "button" : "link", { name: "Cancel", exact: true }).click();
      await question.waitFor({ state: "detached" });
      expect((await call<{ orderInfo: { status: number } }>("/order/getOrderDetails", { id }, sellerToken)).orderInfo.status).toBe(3);
      await pageReady(page, js);
      await page.getByLabel(/Final price/).fill("999999");
      await decide(page, js, "complete", id, "Complete");
      await page.getByTestId("staff-error").getByText(/must not exceed/).waitFor();

      if (js) {
        await page.getByLabel(/Final price/).fill("0.50");
        await decide(page, js, "complete", id, "Complete");
      } else {
        await decide(page, js, "cancel", id, "Cancel the order");
      }
      await page.getByText("This order is decided: nothing more to do.").waitFor();
      const seen = await call<{ orderInfo: { status: number; realTotalPrice: number } }>("/order/getOrderDetails", { id }, sellerToken);
      expect(seen.orderInfo.status).toBe(js ? 4 : 5);
      if (js) expect(seen.orderInfo.realTotalPrice).toBe(50);
      // Decided: what was paid and what returned, from the books; nothing is held any more.
      expect(await booked()).toEqual(js ? { held: 0, paid: 50, returned: held - 50 } : { held: 0, paid: 0, returned: held });
      expect(await page.getByTestId("staff-money-held").count()).toBe(0);
      expect(await page.getByTestId("staff-money-returned").getAttribute("data-amount")).toBe(String(js ? held - 50 : held));
      if (js) expect(await page.getByTestId("staff-money-paid").getAttribute("data-amount")).toBe("50");
      else expect(await page.getByTestId("staff-money-paid").innerText()).toBe("Nothing: the order was cancelled.");

      await page.goto(`${url}/staff/audit?entityType=order&entityId=${id}`);
      await page.getByTestId("audit-list").getByText(js ? "order.resolveComplete" : "order.resolveCancel", { exact: false }).waitFor();
      await shot(page, `staff-audit-390-${tag}`);
      // At 390 px every tab of the desk is on the screen, the current one (Audit, the last) too.
      const tabs = page.getByRole("navigation", { name: "Staff desk" }).getByRole("link");
      expect(await tabs.count()).toBe(8);
      const outside = await tabs.evaluateAll((links) => links.filter((a) => a.getBoundingClientRect().right > window.innerWidth).map((a) => a.textContent));
      expect(outside).toEqual([]);
      expect(await tabs.last().getAttribute("aria-current")).toBe("page");

      // A transfer confirmed from the desk.
      const { login } = apiClient(() => url);
      const user = await login(await newSeller(url, `staff-vc-${tag}`));
      const vc = await call<{ id: number }>("/virtualCoinOrder/addVirtualCoinOrder", { type: 1, fromAddress: `T${randomUUID().replace(/-/g, "")}`, transactionId: randomUUID().replace(/-/g, ""), tradeAmount: 200 * 1e8 }, user);
      await page.goto(`${url}/staff/transfers`);
      if (js) await page.locator("[data-hydrated]").waitFor({ state: "attached" });
      await shot(page, `staff-transfers-390-${tag}`);
      await decide(page, js, "confirm", vc.id, "Confirm");
      await page.getByTestId(`staff-transfer-${vc.id}`).waitFor({ state: "detached" });
      await page.goto(`${url}/staff/audit?entityType=virtualCoinOrder&entityId=${vc.id}`);
      await page.getByTestId("audit-list").getByText("virtualCoinOrder.confirm").waitFor();
    }));
});

describe.each([true, false])("a frozen order the merchant never opened, JavaScript %s", (js) => {
  test("holds nothing, says so, offers no Complete and says why; unfrozen, it is Waiting again and the merchant may view it", () =>
    e2e.withPage(js, async (page) => {
      const url = e2e.server.url;
      const tag = js ? "on" : "off";
      const { call, login, userId, sellECode } = apiClient(() => e2e.server.apiUrl);
      const sellerToken = await login(await newSeller(e2e.server.apiUrl, `staff-unopened-${tag}`));
      const merchantToken = await login(MERCHANT);
      const adminToken = await login(ADMIN);
      const id = await sellECode(sellerToken, await userId(merchantToken), 10_000, `UNOPENED-${tag}-${randomUUID().slice(0, 6)}`);
      const frozenBefore = (await call<{ account: { frozenAmount: number } }>("/userInfo/getAccountBalance", {}, merchantToken)).account.frozenAmount;
      await call("/admin/order/freeze", { id }, adminToken);

      await signInAs(page, url, js, ADMIN, `/staff/orders/${id}`);
      // The books hold nothing for it, and the page says so: no price "held", no "Paid".
      expect((await call<{ money: OrderMoney }>("/admin/order/detail", { id }, adminToken)).money).toEqual({ held: 0, paid: 0, returned: 0 });
      expect(await page.getByTestId("staff-money-held").innerText()).toBe(NOTHING_HELD);
      expect(await page.getByTestId("staff-money-paid").count()).toBe(0);
      expect(await page.getByText("The merchant has not opened this card.").count()).toBe(1);
      // No Complete: the page says why; Cancel and Unfreeze are offered.
      expect(await page.getByTestId(`complete-${id}`).count()).toBe(0);
      expect(await page.getByTestId("staff-no-complete").innerText()).toBe(NEVER_OPENED_NO_COMPLETE);
      expect(await page.getByTestId(`cancel-${id}`).innerText()).toBe("Cancel the order");
      await shot(page, `staff-order-unopened-390-${tag}`);
      await decide(page, js, "unfreeze", id, "Unfreeze");
      await page.getByTestId(`freeze-${id}`).waitFor();
      expect(await page.getByTestId("staff-money-held").innerText()).toBe(NOTHING_HELD);
      const seen = await call<{ orderInfo: { status: number; autoCancelTimestamp: number } }>("/order/getOrderDetails", { id }, sellerToken);
      expect(seen.orderInfo.status).toBe(0);
      expect(seen.orderInfo.autoCancelTimestamp).toBeGreaterThan(Date.now());
      // Nothing was ever taken from the merchant; it may open the card now, as any Waiting order.
      expect((await call<{ account: { frozenAmount: number } }>("/userInfo/getAccountBalance", {}, merchantToken)).account.frozenAmount).toBe(frozenBefore);
      await call("/merchant/order/view", { id }, merchantToken);
      await page.goto(`${url}/staff/orders/${id}`);
      await pageReady(page, js);
      const { money } = await call<{ money: OrderMoney }>("/admin/order/detail", { id }, adminToken);
      expect(money.held).toBeGreaterThan(0);
      expect(await page.getByTestId("staff-money-held").getAttribute("data-amount")).toBe(String(money.held));
      await page.goto(`${url}/staff/audit?entityType=order&entityId=${id}`);
      await page.getByTestId("audit-list").getByText("order.unfreeze", { exact: false }).waitFor();
      await call("/merchant/order/complete", { id }, merchantToken);
    }));
});

describe.each([true, false])("the staff desk's other queues, JavaScript %s", (js) => {
  test("a withdrawal stuck in Processing is cancelled, one identity approved and one rejected, a batch of codes created and revoked; the audit filter finds each", () =>
    e2e.withPage(js, async (page) => {
      const url = e2e.server.url;
      const api = e2e.server.apiUrl;
      const tag = js ? "on" : "off";
      const { call, login } = apiClient(() => api);

      // A seller's withdrawal that withdrawer1 took and left in Processing.
      const seller = await newSellerWithCoins(api, `staff-wd-${tag}`, 2_000, "123456");
      const sellerToken = await login(seller);
      const types = await call<{ paymentType: { id: number; code: string }[] }>("/userPayment/getPaymentType", {}, sellerToken);
      const payTo = types.paymentType[0];
      const bank = await call<{ id: number }>("/userPayment/addPayment", { paymentId: payTo.id, userPayment: { realname: "Staff Desk", accountNumber: withCheckDigit(payTo.code, "012345678"), remark: "" } }, sellerToken);
      const withdrawers = await call<{ list: { id: number; nickname: string }[] }>("/userWithdraw/getWithdrawer", { currency: "NGN" }, sellerToken);
      const withdrawerId = withdrawers.list.find((w) => w.nickname === "CashPointNG")!.id;
      const balance = async () => (await call<{ account: { amount: number } }>("/userInfo/getAccountBalance", {}, sellerToken)).account.amount;
      const before = await balance();
      const wd = await call<{ id: number }>("/userWithdraw/applyWithdraw", { withdrawerId, amount: 1_000, userPaymentId: bank.id, tradePwd: seller.tradePassword }, sellerToken);
      await call("/merchant/withdraw/process", { id: wd.id }, await login({ email: "withdrawer1@demo.test", password: PASSWORD }));
      expect(await balance()).toBe(before - 1_000);

      const approved = await kycWaiting(`a-${tag}`);
      const rejected = await kycWaiting(`r-${tag}`);

      await signInAs(page, url, js, ADMIN, "/staff/withdrawals");
      const item = page.getByTestId(`staff-withdrawal-${wd.id}`);
      await item.getByLabel("Reason").fill(`Bank refused ${tag}`);
      await shot(page, `staff-withdrawals-390-${tag}`);
      await decide(page, js, "cancel", wd.id, "Cancel the withdrawal");
      await item.waitFor({ state: "detached" });
      const detail = await call<{ withdrawal: { status: number } }>("/userWithdraw/getWithdrawDetail", { id: wd.id }, sellerToken);
      expect(detail.withdrawal.status).toBe(3);
      expect(await balance()).toBe(before);

      await page.goto(`${url}/staff/kyc`);
      await pageReady(page, js);
      const certIdOf = async (name: string) => Number((await page.getByTestId(/^staff-kyc-/).filter({ hasText: name }).getAttribute("data-testid"))!.replace(/\D+/g, ""));
      const approveId = await certIdOf(approved.realname);
      const rejectId = await certIdOf(rejected.realname);
      await shot(page, `staff-kyc-390-${tag}`);
      await decide(page, js, "approve", approveId, "Approve");
      await page.getByTestId(`staff-kyc-${approveId}`).waitFor({ state: "detached" });
      await page.getByTestId(`staff-kyc-${rejectId}`).getByLabel("Reason").fill(`Photo blurred ${tag}`);
      await decide(page, js, "reject", rejectId, "Reject");
      await page.getByTestId(`staff-kyc-${rejectId}`).waitFor({ state: "detached" });
      const reviewOf = async (token: string) => (await call<{ review: { status: number; reason: string | null } }>("/userCert/getKycVerification", {}, token)).review;
      expect(await reviewOf(approved.token)).toEqual({ status: 1, reason: null });
      expect(await reviewOf(rejected.token)).toEqual({ status: 2, reason: `Photo blurred ${tag}` });

      // Two codes worth 0.05 coins each (one per user); one is redeemed, then the batch is revoked.
      await page.goto(`${url}/staff/redemption`);
      await pageReady(page, js);
      await page.getByLabel("Value of each code").fill("0.05");
      await page.getByLabel("How many codes (1-1000)").fill("2");
      await page.getByRole("button", { name: "Create codes" }).click();
      const codes = (await page.getByLabel("New codes").inputValue()).split("\n");
      expect(codes).toHaveLength(2);
      const batchId = Number((await page.getByTestId("new-codes").getByRole("heading").innerText()).match(/Batch (\d+)/)![1]);
      await call("/userRedemptionCode/confirmRedemptionCode", { redemptionCode: codes[0] }, sellerToken);
      await page.goto(`${url}/staff/redemption`);
      await pageReady(page, js);
      await page.getByTestId(`batch-${batchId}`).getByText("1 of 2 redeemed").waitFor();
      await decide(page, js, "revoke", batchId, "Revoke");
      await page.getByTestId(`batch-${batchId}`).getByText("Revoked").waitFor();
      await expect(call("/userRedemptionCode/confirmRedemptionCode", { redemptionCode: codes[1] }, approved.token)).rejects.toThrow();

      // The audit page's filter, as a staff member uses it.
      for (const [about, entityId, action] of [
        ["withdrawal", wd.id, "withdrawal.cancel"],
        ["kyc", rejectId, "kyc.reject"],
        ["redemptionBatch", batchId, "redemptionBatch.revoke"],
      ] as const) {
        await page.goto(`${url}/staff/audit`);
        await pageReady(page, js);
        await page.getByLabel("About").selectOption(about);
        await page.getByLabel("Id", { exact: true }).fill(String(entityId));
        await page.getByRole("button", { name: "Filter" }).click();
        await page.waitForURL((u) => u.searchParams.get("entityId") === String(entityId));
        const list = page.getByTestId("audit-list");
        await list.getByText(action, { exact: false }).first().waitFor();
        const heads = await list.locator("li > p:first-child").allInnerTexts();
        expect(heads.length).toBeGreaterThan(0);
        for (const text of heads) expect(text).toContain(`${about} ${entityId}`);
      }
    }));
});

describe("who may open the staff desk", () => {
  const GETS = ["/staff", "/staff?orderId=1", "/staff/orders/1", "/staff/orders/1/image/0", "/staff/withdrawals", "/staff/transfers", "/staff/kyc", "/staff/kyc/1/front", "/staff/redemption", "/staff/mall", "/staff/audit"];
  const POSTS: Array<[string, Record<string, string>]> = [
    ["/staff/orders/1", { intent: "complete", id: "1", price: "1" }],
    ["/staff/orders/1", { intent: "cancel", id: "1" }],
    ["/staff/orders/1", { intent: "freeze", id: "1" }],
    ["/staff/orders/1", { intent: "unfreeze", id: "1", confirmed: "1" }],
    ["/staff/withdrawals", { intent: "cancel", id: "1", reason: "x" }],
    ["/staff/transfers", { intent: "confirm", id: "1" }],
    ["/staff/transfers", { intent: "reject", id: "1", reason: "x" }],
    ["/staff/kyc", { intent: "approve", id: "1" }],
    ["/staff/kyc", { intent: "reject", id: "1", reason: "x" }],
    ["/staff/redemption", { intent: "create", kind: "coins", value: "1", count: "1", perUserLimit: "1", days: "1" }],
    ["/staff/redemption", { intent: "revoke", id: "1" }],
    ["/staff/mall", { intent: "deliver", id: "1", reference: "x", confirmed: "1" }],
    ["/staff/mall", { intent: "refund", id: "1", reason: "x", confirmed: "1" }],
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
    // The audit check below looks at rows written from here on, not at the batch the test before made.
    const since = Date.now();
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
      expect(trail.list.filter((e) => e.action.startsWith("redemptionBatch.create") && e.createTimestamp >= since)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

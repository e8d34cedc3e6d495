/**
 * Receipts (ADR 0075), with JavaScript on and off: from a completed order's details and from the
 * wallet's bill list to the receipt page (reference, both nicknames, the amounts), its PDF an
 * attachment named by the reference; a completed withdrawal's and a confirmed transfer's receipts
 * from their pages; an open order has none. Screenshots at 390×844, on screen and as printed.
 */
import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { receiptReference } from "../../contract/receipts";
import { apiClient, bankAccountOf } from "./support/api";
import { pageReady, shot, shotFromTop, signInAs } from "./support/browser";
import { useServerAndBrowser } from "./support/suite";
import { newSeller, newSellerWithCoins } from "./support/users";
import { makeImage } from "../support/images";

const e2e = useServerAndBrowser({ failureShots: "receipts" });
const { call, login, userId, sellECode } = apiClient(() => e2e.server.apiUrl);
const MERCHANT = { email: "merchant3@demo.test", password: "demo1234" };
const ADMIN = { email: "admin@demo.test", password: "demo1234" };
const FACE = 150_000;

async function completedOrder(sellerToken: string, label: string): Promise<number> {
  const merchantToken = await login(MERCHANT);
  const id = await sellECode(sellerToken, await userId(merchantToken), FACE, `RCPT-${label}-${randomUUID()}`);
  await call("/merchant/order/view", { id }, merchantToken);
  await call("/merchant/order/complete", { id }, merchantToken);
  return id;
}

/** The receipt's PDF, fetched with the page's own session: its type, disposition and first bytes. */
async function pdfOf(page: Page, href: string) {
  const res = await page.context().request.get(`${e2e.server.url}${href}`);
  const body = await res.body();
  return { status: res.status(), type: res.headers()["content-type"], disposition: res.headers()["content-disposition"], head: body.subarray(0, 5).toString("latin1") };
}

async function expectReceipt(page: Page, reference: string, texts: string[]) {
  const receipt = page.getByTestId("receipt");
  await receipt.waitFor();
  expect(await page.getByTestId("receipt-reference").innerText()).toBe(reference);
  const text = await receipt.innerText();
  for (const t of texts) expect(text).toContain(t);
}

/** Print shows with JavaScript only; pressed, it calls the browser's print once (stubbed: a headless print dialog would block). */
async function expectPrintButton(page: Page, js: boolean) {
  const button = page.getByRole("button", { name: "Print" });
  expect(await button.isVisible()).toBe(js);
  if (!js) return;
  await page.evaluate(() => {
    const w = window as unknown as { printed: number };
    w.printed = 0;
    window.print = () => void w.printed++;
  });
  await button.click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
}

for (const js of [true, false]) {
  const mode = js ? "js" : "nojs";
  describe(`receipts with JavaScript ${js ? "on" : "off"}`, () => {
    test("a completed order's details → its receipt, the PDF an attachment; the bill list links to it too; an open order has none", () =>
      e2e.withPage(js, async (page) => {
        const seller = await newSeller(e2e.server.apiUrl, `receipts-${mode}`);
        const token = await login(seller);
        const id = await completedOrder(token, mode);
        const reference = receiptReference("order", id);
        const details = await call<{ orderInfo: { realTotalPrice: number; buyerNickname: string } }>("/order/getOrderDetails", { id }, token);
        const coins = (details.orderInfo.realTotalPrice / 100).toLocaleString("en-US", { minimumFractionDigits: 2 });

        await signInAs(page, e2e.server.url, js, seller, `/orderDetails/${id}`);
        await shotFromTop(page, `receipt-order-details-390-${mode}`, js);
        await page.getByTestId("receipt-notice").getByRole("link", { name: /^Receipt/ }).click();
        await page.waitForURL(new RegExp(`/receipts/order/${id}$`));
        await pageReady(page, js);
        await expectReceipt(page, reference, [seller.nickname, details.orderInfo.buyerNickname, `${coins} Coins`, "1,500 USD", "Completed"]);
        // The Print button is a script's: there with JavaScript only, and it opens the print dialog once.
        await expectPrintButton(page, js);
        await shotFromTop(page, `receipt-order-390-${mode}`, js);
        if (js) {
          // Opened by its address, the receipt is islands-only (ADR 0067): no framework, the Print touch works.
          await page.goto(`${e2e.server.url}/receipts/order/${id}`);
          await pageReady(page, js);
          expect(await page.evaluate(() => "__remixContext" in window)).toBe(false);
          await expectPrintButton(page, js);
        }
        await page.emulateMedia({ media: "print" });
        expect(await page.locator("header.sticky").isVisible()).toBe(false);
        expect(await page.getByRole("link", { name: "Download PDF" }).isVisible()).toBe(false);
        await shot(page, `receipt-order-print-${mode}`);
        await page.emulateMedia({ media: "screen" });

        const link = page.getByRole("link", { name: "Download PDF" });
        const href = (await link.getAttribute("href"))!;
        expect(href).toBe(`/receipts/order/${id}/pdf`);
        const pdf = await pdfOf(page, href);
        expect(pdf).toEqual({ status: 200, type: "application/pdf", disposition: `attachment; filename="receipt-${reference}.pdf"`, head: "%PDF-" });
        const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
        expect(download.suggestedFilename()).toBe(`receipt-${reference}.pdf`);

        // From the wallet's bills: the order's Income bill links to the same receipt.
        await page.goto(`${e2e.server.url}/account`);
        await pageReady(page, js);
        const bill = page.getByTestId("bill-item").filter({ has: page.getByRole("link", { name: `Receipt of order ${id}` }) });
        await bill.getByRole("link", { name: `Receipt of order ${id}` }).click();
        await page.waitForURL(new RegExp(`/receipts/order/${id}$`));
        await pageReady(page, js);
        await expectReceipt(page, reference, [`${coins} Coins`]);

        // An order still open has no receipt yet: no link, and its address says why.
        const merchantToken = await login(MERCHANT);
        const open = await sellECode(token, await userId(merchantToken), FACE, `RCPT-open-${mode}-${randomUUID()}`);
        await page.goto(`${e2e.server.url}/orderDetails/${open}`);
        await pageReady(page, js);
        expect(await page.getByTestId("receipt-notice").count()).toBe(0);
        const res = await page.goto(`${e2e.server.url}/receipts/order/${open}`);
        expect(res?.status()).toBe(404);
        await page.getByText("A receipt is ready once the order is completed.").waitFor();
        expect((await pdfOf(page, `/receipts/order/${open}/pdf`)).status).toBe(404);
      }));

    test("a completed withdrawal and a confirmed transfer: their receipts from their pages", () =>
      e2e.withPage(js, async (page) => {
        const seller = await newSellerWithCoins(e2e.server.apiUrl, `receipts-w-${mode}`, 50_000, "135790");
        const token = await login(seller);
        const withdrawerToken = await login({ email: "withdrawer1@demo.test", password: "demo1234" });
        const { list } = await call<{ list: { id: number; nickname: string }[] }>("/userWithdraw/getWithdrawer", { currency: "NGN" }, token);
        const withdrawer = list.find((w) => w.nickname === "CashPointNG")!;
        const bank = await bankAccountOf(call, token);
        const { id: wid } = await call<{ id: number }>("/userWithdraw/applyWithdraw", { withdrawerId: withdrawer.id, amount: 20_000, userPaymentId: bank, tradePwd: seller.tradePassword }, token);
        await call("/merchant/withdraw/process", { id: wid }, withdrawerToken);
        const { path } = await uploadPicture(withdrawerToken);
        await call("/merchant/withdraw/complete", { id: wid, payPicture: path }, withdrawerToken);

        await signInAs(page, e2e.server.url, js, seller, `/withdrawDetails/${wid}`);
        await page.getByTestId("receipt-notice").getByRole("link", { name: /^Receipt/ }).click();
        await page.waitForURL(new RegExp(`/receipts/withdrawal/${wid}$`));
        await pageReady(page, js);
        await expectReceipt(page, receiptReference("withdrawal", wid), [seller.nickname, "200.00 Coins", "NGN", "••••"]);
        await shotFromTop(page, `receipt-withdrawal-390-${mode}`, js);

        const admin = await login(ADMIN);
        const { id: tid } = await call<{ id: number }>(
          "/virtualCoinOrder/addVirtualCoinOrder",
          { type: 1, fromAddress: "TXreceipt", transactionId: randomUUID().replace(/-/g, "").repeat(2), tradeAmount: 150 * 1e8 },
          token,
        );
        await call("/admin/virtualCoin/confirm", { id: tid }, admin);
        await page.goto(`${e2e.server.url}/transfers`);
        await pageReady(page, js);
        const row = page.locator(`[data-testid="transfer-item"][data-transfer-id="${tid}"]`);
        await row.locator("summary").click();
        await row.getByRole("link", { name: `Receipt of transfer ${tid}` }).click();
        await page.waitForURL(new RegExp(`/receipts/transfer/${tid}$`));
        await pageReady(page, js);
        await expectReceipt(page, receiptReference("transfer", tid), ["150 USDT", "GiftMarket", "Confirmed"]);
        // Loaded whole from an islands-only page: the print touch's button.
        await expectPrintButton(page, js);
        await shotFromTop(page, `receipt-transfer-390-${mode}`, js);
      }));
  });
}

/** A payment picture the withdrawer uploads, as the desk does. */
async function uploadPicture(token: string): Promise<{ path: string }> {
  const form = new FormData();
  form.set("file", new File([new Uint8Array(await makeImage("png", 64, 48))], "proof.png", { type: "image/png" }));
  form.set("type", "payment");
  const res = await fetch(`${e2e.server.apiUrl}/client/image/uploadImage`, { method: "POST", headers: { authorization: token }, body: form });
  const env = (await res.json()) as { code: number; msg?: string; data: { path: string } };
  if (env.code !== 1) throw new Error(`upload: ${env.msg}`);
  return env.data;
}

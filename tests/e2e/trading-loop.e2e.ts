/**
 * The trading loop as a seller meets it, with JavaScript on and off:
 * e-codes travel exactly as typed (the form, the merchant, the page, Copy); an
 * offer that takes one code per order says so before the order is placed; a
 * face with three decimals has its own message; the dispute panel's words
 * follow the dispute type and the order's status; the saved comment shows its
 * stars; order list rows name the order without a stray comma.
 */
import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { tooManyCodesMessage } from "../../contract/card-codes";
import { faceUnits } from "../../app/services/money/offers";
import { TWO_DECIMALS } from "../../app/services/money/format";
import { apiClient, type Advert } from "./support/api";
import { cutTexts, shot, shotOf, signInAs } from "./support/browser";
import { useServerAndBrowser } from "./support/suite";
import { newSeller } from "./support/users";

const e2e = useServerAndBrowser({ failureShots: "trading-loop" });
const { call, login, userId, firstAdvert } = apiClient(() => e2e.server.apiUrl);

const MERCHANT = { email: "merchant1@demo.test", password: "demo1234" };
const ADMIN = { email: "admin@demo.test", password: "demo1234" };

/** An online e-code offer open to any face (no fixed faces) that passes `test`. */
async function ecodeOffer(test: (a: Advert) => boolean): Promise<Advert> {
  const hit = await firstAdvert((a, online) => online && a.cardType === 1 && a.fixTrade === "" && a.tradeAmount >= a.minTrade * 4 && test(a));
  if (!hit) throw new Error("no fitting e-code offer in the demo world");
  return hit;
}

/** A plain code of the format's first length ("5-5-5" → 15 letters and digits), unique per call. */
function codeOfFormat(format: string): string {
  const length = format.split("|")[0].split("-").map(Number).reduce((a, b) => a + b, 0);
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`.toUpperCase().replace(/[^A-Z0-9]/g, "").padEnd(length, "7").slice(0, length);
}

async function ready(page: Page, js: boolean) {
  await page.waitForLoadState("load");
  if (js) await page.locator("[data-hydrated]").waitFor({ state: "attached" });
}

const orderIdOf = (page: Page) => Number(/\/orderDetails\/(\d+)/.exec(new URL(page.url()).pathname)?.[1]);

/** The merchant views the order and returns the codes it receives. */
async function merchantCodes(merchantToken: string, id: number): Promise<string[]> {
  await call("/merchant/order/view", { id }, merchantToken);
  return (await call<{ card: { codes: string[] } }>("/merchant/order/detail", { id }, merchantToken)).card.codes;
}

/** An e-code order of the seller to a merchant1 offer, placed through the API; a code of its own (a seller's open order refuses the same card again, ADR 0033). */
async function placeOrder(sellerToken: string, advert: Advert, face: number): Promise<number> {
  const { secret } = await call<{ secret: string }>("/advert/getAdvertDetail", { id: advert.id }, sellerToken);
  const cardCode = `PANEL-${randomUUID()}`;
  return (await call<{ id: number }>("/order/addOrder", { advertId: advert.id, tradeAmount: face, cardCode, secret, remark: "" }, sellerToken)).id;
}

for (const js of [true, false]) {
  const mode = js ? "with JavaScript" : "without JavaScript";

  describe(`e-codes exactly as typed ${mode}`, () => {
    test("several codes with spaces, dashes and commas reach the merchant unchanged; the page and Copy give them unchanged", () =>
      e2e.withPage(js, async (page, context) => {
        const seller = await newSeller(e2e.server.apiUrl, "codes");
        const advert = await ecodeOffer((a) => a.codesPerOrder === 0 && a.codeFormat !== "");
        const plain = codeOfFormat(advert.codeFormat);
        const codes = [`abcd efgh 1234 5678, ZZZZ-${js ? "JS" : "NO"}`, plain, "LIVE1234CODE"];
        const merchantToken = await login({ email: `merchant${await merchantNumber(advert.userid)}@demo.test`, password: "demo1234" });

        await signInAs(page, e2e.server.url, js, seller, `/sellCard/${advert.id}`);
        await page.getByLabel(/Card face/).fill(String(advert.minTrade / 100));
        // Typed with spaces at the ends of lines and a blank line: only those go.
        const typed = `  ${codes[0]}  \n\n${codes[1]}\n ${codes[2]}\n`;
        await page.getByLabel("Gift card codes").fill(typed);
        await page.getByLabel("Gift card codes").blur();
        if (js) {
          const listed = page.getByTestId("code-groups");
          await listed.getByText("3 codes").waitFor();
          // The list under the box shows what will be sent; the box is never rewritten.
          expect(await listed.getByTestId("card-code").evaluateAll((els) => els.map((e) => e.getAttribute("data-code")))).toEqual(codes);
          expect(await page.getByLabel("Gift card codes").inputValue()).toBe(typed);
        }
        await shot(page, `sell-codes-390-${js ? "js" : "nojs"}`);
        await page.getByRole("button", { name: "Sell", exact: true }).click();
        await page.waitForURL(/\/orderDetails\/\d+$/);
        await ready(page, js);
        const id = orderIdOf(page);

        if (js) {
          // Shown as sent: blocks only as spacing, so the text (and a selection of it) is the code.
          const shown = page.getByTestId("card-codes").getByTestId("card-code");
          await shown.first().waitFor();
          expect(await shown.evaluateAll((els) => els.map((e) => e.getAttribute("data-code")))).toEqual(codes);
          expect(await shown.allTextContents()).toEqual(codes);
          expect(await shown.nth(1).locator("span").count()).toBeGreaterThan(1); // the known format is drawn in blocks
          expect(await shown.nth(2).locator("span").count()).toBe(0); // LIVE1234CODE fits no format: as typed
          const selected = await shown.nth(1).evaluate((el) => {
            const range = document.createRange();
            range.selectNodeContents(el);
            const sel = window.getSelection()!;
            sel.removeAllRanges();
            sel.addRange(range);
            return sel.toString();
          });
          expect(selected).toBe(plain);
          await shotOf(page.getByTestId("card-codes"), "order-codes-390-js");
          await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: e2e.server.url });
          for (const [i, code] of codes.entries()) {
            await page.getByTestId("card-codes").getByRole("listitem").nth(i).getByRole("button", { name: /Copy/ }).click();
            await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(code);
          }
        } else {
          await page.getByTestId("code-no-js").waitFor();
        }
        expect(await merchantCodes(merchantToken, id)).toEqual(codes);
      }));

    test("an offer that takes one code per order refuses several lines before the order is placed; a face of 50.555 has its own message", () =>
      e2e.withPage(js, async (page) => {
        const advert = await ecodeOffer((a) => a.codesPerOrder === 1);
        const seller = await newSeller(e2e.server.apiUrl, "one-code");
        const sellerToken = await login(seller);
        const before = await activeOrderIds(sellerToken);

        await signInAs(page, e2e.server.url, js, seller, `/sellCard/${advert.id}`);
        await page.getByText("This offer takes one code per order.", { exact: false }).first().waitFor();
        await page.getByLabel(/Card face/).fill(`${advert.minTrade / 100}.555`);
        const box = page.getByLabel("Gift card code", { exact: true });
        await box.fill("ONE-CODE-1111\nTWO-CODE-2222");
        await page.getByRole("button", { name: "Sell", exact: true }).click();
        await page.getByText(TWO_DECIMALS, { exact: true }).waitFor();
        await page.getByLabel(/Card face/).fill(String(advert.minTrade / 100));
        if (!js) await box.fill("ONE-CODE-1111\nTWO-CODE-2222"); // the no-JS page echoes the form; typed again to be sure
        await page.getByRole("button", { name: "Sell", exact: true }).click();
        await page.getByText(tooManyCodesMessage(1), { exact: true }).waitFor();
        expect(new URL(page.url()).pathname).toBe(`/sellCard/${advert.id}`);
        expect(await page.getByText(TWO_DECIMALS, { exact: true }).count()).toBe(0);
        expect(await activeOrderIds(sellerToken)).toEqual(before);

        // One line, however many spaces and commas it has, is one code.
        await box.fill("ONE CODE, 1111 2222");
        await page.getByRole("button", { name: "Sell", exact: true }).click();
        await page.waitForURL(/\/orderDetails\/\d+$/);
      }));
  });

  describe(`the dispute panel ${mode}`, () => {
    test("follows the dispute type and the merchant's words, with figures that agree, and the status: act (2), under way (3), outcome (4, 5)", () =>
      e2e.withPage(js, async (page) => {
        const seller = await newSeller(e2e.server.apiUrl, "dispute");
        const sellerToken = await login(seller);
        const merchantToken = await login(MERCHANT);
        const adminToken = await login(ADMIN);
        const merchantId = await userId(merchantToken);
        const offer = await firstAdvert((a, online) => online && a.userid === merchantId && a.cardType === 1 && a.fixTrade === "" && a.tradeAmount >= a.minTrade * 6);
        if (!offer) throw new Error("merchant1 has no open e-code offer");
        const face = offer.minTrade;
        const negotiate = async (type: number, amount: number, content: string) => {
          const id = await placeOrder(sellerToken, offer, face);
          await call("/merchant/order/view", { id }, merchantToken);
          const { orderInfo } = await call<{ orderInfo: { calculateTotalPrice: number } }>("/order/getOrderDetails", { id }, sellerToken);
          const price = Math.floor(orderInfo.calculateTotalPrice / 2);
          await call("/merchant/order/negotiate", { id, arbitrationType: type, arbitrationApplyAmount: amount, arbitrationApplyPrice: price, arbitrationContent: content }, merchantToken);
          return { id, price, calc: orderInfo.calculateTotalPrice };
        };
        const panel = () => page.getByTestId("dispute-panel");
        const open = async (id: number) => {
          await page.goto(`${e2e.server.url}/orderDetails/${id}`);
          await ready(page, js);
          await panel().waitFor();
        };
        const faceText = (v: number) => `${faceUnits(v)} ${offer.tradeCurrency}`;

        await signInAs(page, e2e.server.url, js, seller, "/orderList");

        // Wrong amount / rate with a lower face found: the words name both faces.
        const wrong = await negotiate(3, Math.floor(face / 2), "Redeemed for half its face.");
        await open(wrong.id);
        const explanation = await panel().getByTestId("dispute-explanation").innerText();
        expect(explanation).toContain(`found a card face of ${faceText(Math.floor(face / 2))}, not the ${faceText(face)} you entered`);
        expect(await panel().getByTestId("dispute-face-found").innerText()).toBe(faceText(Math.floor(face / 2)));
        expect(await panel().getByTestId("dispute-content").innerText()).toBe("Redeemed for half its face.");
        expect(await panel().getByTestId("dispute-status").innerText()).toMatch(/^Accept to be paid .+ now, or apply for arbitration\.$/);
        expect(await panel().getByTestId("arbitration-button").count()).toBe(1);
        await shotOf(panel(), `dispute-negotiation-390-${js ? "js" : "nojs"}`);

        // In arbitration: no call to action, "under way"; Accept stays (docs/product/statuses.md), arbitration does not.
        await call("/order/applyArbitration", { id: wrong.id }, sellerToken);
        await open(wrong.id);
        expect(await panel().getByTestId("dispute-status").innerText()).toContain("Arbitration is under way");
        expect(await page.getByText("or apply for arbitration", { exact: false }).count()).toBe(0);
        expect(await panel().getByTestId("arbitration-button").count()).toBe(0);

        // Decided: the outcome, with the price paid.
        await call("/admin/order/resolve", { id: wrong.id, outcome: "complete", realTotalPrice: wrong.price }, adminToken);
        await open(wrong.id);
        const paid = await panel().getByTestId("dispute-status").innerText();
        expect(paid).toMatch(/^Completed: you were paid .+\.$/);
        expect(paid).toContain(await page.getByTestId("dispute-price").innerText());
        expect(await page.getByText("or apply for arbitration", { exact: false }).count()).toBe(0);
        expect(await panel().getByTestId("accept-button").count()).toBe(0);
        await shotOf(panel(), `dispute-completed-390-${js ? "js" : "nojs"}`);

        // Wrong amount / rate with the same face: no "found" face, the words say the price is disputed.
        const same = await negotiate(3, face, "Our rate changed.");
        await open(same.id);
        expect(await panel().getByTestId("dispute-explanation").innerText()).toContain("does not agree with the price");
        expect(await panel().getByTestId("dispute-face-found").count()).toBe(0);

        // Each other type has its own words.
        for (const [type, words] of [
          [0, "the card is invalid"],
          [1, "use limits"],
          [2, "already redeemed"],
        ] as const) {
          const o = await negotiate(type, face, "See the chat.");
          await open(o.id);
          expect(await panel().getByTestId("dispute-explanation").innerText()).toContain(words);
        }

        // Cancel negotiation: no price proposed; accepted, the order is cancelled and says so.
        const cancel = await negotiate(4, face, "Please cancel, out of stock.");
        await open(cancel.id);
        expect(await panel().getByTestId("dispute-explanation").innerText()).toContain("asks to cancel the order");
        expect(await panel().getByTestId("dispute-price").count()).toBe(0);
        expect(await panel().getByTestId("dispute-status").innerText()).toBe("Accept to cancel the order, or apply for arbitration.");
        await call("/order/acceptDispute", { id: cancel.id }, sellerToken);
        await open(cancel.id);
        expect(await panel().getByTestId("dispute-status").innerText()).toContain("Cancelled: nothing was paid");
      }));

    test("the saved comment shows the chosen stars; order rows name the order without a stray comma", () =>
      e2e.withPage(js, async (page) => {
        const seller = await newSeller(e2e.server.apiUrl, "comment");
        const sellerToken = await login(seller);
        const merchantToken = await login(MERCHANT);
        const merchantId = await userId(merchantToken);
        const offer = await firstAdvert((a, online) => online && a.userid === merchantId && a.cardType === 1 && a.fixTrade === "" && a.tradeAmount >= a.minTrade * 2);
        if (!offer) throw new Error("merchant1 has no open e-code offer");
        const id = await placeOrder(sellerToken, offer, offer.minTrade);
        await call("/merchant/order/view", { id }, merchantToken);
        await call("/merchant/order/complete", { id }, merchantToken);

        await signInAs(page, e2e.server.url, js, seller, `/orderDetails/${id}`);
        const form = page.getByTestId("feedback-form");
        await form.getByText("Positive").click();
        await form.getByText("3 stars", { exact: true }).click({ force: true });
        await page.getByRole("textbox", { name: "Comment" }).fill("Three stars, fair enough.");
        await form.getByRole("button", { name: "Submit" }).click();
        const view = page.getByTestId("feedback-view");
        await view.waitFor();
        expect(await view.getByRole("img", { name: "3 of 5 stars" }).count()).toBe(1);
        expect(await view.getByText("3/5", { exact: true }).count()).toBe(1);
        const saved = await call<{ feedback: { starLevel: number } | null }>("/order/getOrderDetails", { id }, sellerToken);
        expect(saved.feedback?.starLevel).toBe(3);

        await page.goto(`${e2e.server.url}/orderList?status=4`);
        await ready(page, js);
        const row = page.locator(`[data-testid="order-item"][data-order-id="${id}"]`);
        await row.waitFor();
        const meta = await row.getByTestId("order-item-meta").innerText();
        expect(meta.startsWith(`Order ${id} · `)).toBe(true);
        // A busy seller's order numbers run to six digits and more: the row still shows every text whole.
        await row.getByTestId("order-item-meta").locator(".num").evaluate((el) => (el.textContent = "Order 2999990"));
        expect(await cutTexts(row)).toEqual([]);
        expect(await row.innerText()).not.toMatch(/(^|\n)\s*,/);
        expect(await row.evaluate((el) => el.textContent ?? "")).not.toContain(", order");
      }));
  });
}

/** The demo merchant's number (merchant<N>@demo.test) from its user id. */
async function merchantNumber(id: number): Promise<number> {
  for (let n = 1; n <= 6; n++) {
    const token = await login({ email: `merchant${n}@demo.test`, password: "demo1234" });
    if ((await userId(token)) === id) return n;
  }
  throw new Error(`user ${id} is not a demo merchant`);
}

async function activeOrderIds(token: string): Promise<number[]> {
  const r = await call<{ list: { id: number }[] }>("/order/getOrderList", { lastId: 0, status: 0 }, token);
  return r.list.map((o) => o.id);
}

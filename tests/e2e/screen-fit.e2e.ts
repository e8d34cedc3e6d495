/**
 * What the screenshot pass (screens.e2e.ts) found cut, overlapped or misworded at 390 px, held
 * with JavaScript on and off (docs/product/look.md; ADR 0066): a long reason does not widen the
 * page, names and labels show whole, the feedback choices are drawn (no emoji), a field's error
 * keeps off the next label, a refused Verify ID post without JavaScript asks for its photos again,
 * and a merchant's page shows a seller the figures she weighs.
 */
import sharp from "sharp";
import { beforeAll, describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { apiClient, bankAccountOf } from "./support/api";
import { cutSelects, cutTexts, shot, signInAs } from "./support/browser";
import { useServerAndBrowser } from "./support/suite";
import { newSeller } from "./support/users";

const e2e = useServerAndBrowser({ failureShots: "screen-fit" });
const { call, login, userId, sellECode } = apiClient(() => e2e.server.apiUrl);
const SELLER = { email: "seller@demo.test", password: "demo1234" };
const MERCHANT = { email: "merchant1@demo.test", password: "demo1234" };
const WITHDRAWER = { email: "withdrawer1@demo.test", password: "demo1234" };
/** One unbroken run, as someone pasting a reference might type it: 138 "x" made the page 1183 px wide. */
const LONG_REASON = "x".repeat(138);

const made = { merchantId: 0, withdrawerId: 0, doneOrder: 0, viewedOrder: 0, cancelled: 0 };

beforeAll(async () => {
  const seller = await login(SELLER);
  const merchant = await login(MERCHANT);
  made.merchantId = await userId(merchant);
  made.doneOrder = await sellECode(seller, made.merchantId, 10_000, `FIT-${Date.now()}-A`);
  made.viewedOrder = await sellECode(seller, made.merchantId, 10_000, `FIT-${Date.now()}-B`);
  await call("/merchant/order/view", { id: made.doneOrder }, merchant);
  await call("/merchant/order/complete", { id: made.doneOrder }, merchant);
  await call("/merchant/order/view", { id: made.viewedOrder }, merchant);
  const { list } = await call<{ list: { id: number; nickname: string }[] }>("/userWithdraw/getWithdrawer", { currency: "NGN" }, seller);
  made.withdrawerId = list.find((w) => w.nickname === "CashPointNG")!.id;
  const userPaymentId = await bankAccountOf(call, seller);
  made.cancelled = (await call<{ id: number }>("/userWithdraw/applyWithdraw", { withdrawerId: made.withdrawerId, amount: 2_000, userPaymentId, tradePwd: "123456" }, seller)).id;
  await call("/merchant/withdraw/cancel", { id: made.cancelled, reason: LONG_REASON }, await login(WITHDRAWER));
}, 120_000);

/** How much wider than the phone the page is (0 when it fits). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/**
 * For each error line on show, the room between its text and the label of the field under it:
 * the text's own box (a Range) against the label's box, so the error line's padding counts.
 */
const errorGaps = (page: Page) =>
  page.locator("main").evaluate((main) => {
    const labels = [...main.querySelectorAll("label")];
    return [...main.querySelectorAll('p[id$="-error"]')]
      .filter((p) => (p.textContent ?? "").trim() !== "")
      .flatMap((p) => {
        const next = labels.find((l) => p.compareDocumentPosition(l) & Node.DOCUMENT_POSITION_FOLLOWING);
        if (!next) return [];
        const range = document.createRange();
        range.selectNodeContents(p);
        return [{ error: (p.textContent ?? "").trim(), gap: Math.round(next.getBoundingClientRect().top - range.getBoundingClientRect().bottom) }];
      });
  });

const idPhoto = () => sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 90, g: 90, b: 140 } } }).jpeg().toBuffer();

for (const js of [true, false]) {
  const mode = js ? "with JavaScript" : "without JavaScript";
  const tag = js ? "js" : "nojs";
  describe(`390 px, ${mode}`, () => {
    test("a cancelled withdrawal's long reason wraps: neither the withdrawer's page nor the seller's is wider than the phone", async () => {
      await e2e.withPage(js, async (page) => {
        await signInAs(page, e2e.server.url, js, WITHDRAWER, `/desk/withdrawals/${made.cancelled}`);
        await page.getByTestId("desk-cancelled").waitFor();
        expect(await overflow(page)).toBe(0);
        await shot(page, `screen-fit-desk-cancelled-${tag}`);
      });
      await e2e.withPage(js, async (page) => {
        await signInAs(page, e2e.server.url, js, SELLER, `/withdrawDetails/${made.cancelled}`);
        await page.getByTestId("withdrawal-reason").waitFor();
        expect(await overflow(page)).toBe(0);
      });
    });

    test("the desk order's chat heading shows the seller's name whole beside Open in Messages", () =>
      e2e.withPage(js, async (page) => {
        await signInAs(page, e2e.server.url, js, MERCHANT, `/desk/orders/${made.viewedOrder}`);
        const head = page.locator("#order-chat h2");
        await head.waitFor();
        expect(await cutTexts(head)).toEqual([]);
        await page.locator("#order-chat").getByRole("link", { name: "Open in Messages" }).waitFor();
        await shot(page, `screen-fit-desk-order-${tag}`);
      }));

    test("the feedback choices are drawn icons and words, no emoji (an empty box without an emoji font)", () =>
      e2e.withPage(js, async (page) => {
        await signInAs(page, e2e.server.url, js, SELLER, `/orderDetails/${made.doneOrder}`);
        const form = page.getByTestId("feedback-form");
        for (const word of ["Positive", "Negative"]) {
          const choice = form.locator("label").filter({ hasText: word });
          expect((await choice.textContent())?.trim()).toBe(word);
          expect(await choice.locator("svg use").count()).toBe(1);
        }
        await shot(page, `screen-fit-feedback-${tag}`);
      }));

    test("Sell Coins: every bank account shows whole in the select", () =>
      e2e.withPage(js, async (page) => {
        await signInAs(page, e2e.server.url, js, SELLER, `/sellCoins/${made.withdrawerId}`);
        await page.getByLabel("Bank account").waitFor();
        expect(await page.getByLabel("Bank account").locator("option").count()).toBeGreaterThan(1);
        expect(await cutSelects(page.locator("main"))).toEqual([]);
      }));

    test("Vip Records: each record's type fits its column", () =>
      e2e.withPage(js, async (page) => {
        await signInAs(page, e2e.server.url, js, SELLER, "/memberShipCenter/wealthRecord");
        const records = page.getByTestId("wealth-record");
        await records.first().waitFor();
        const types = await records.evaluateAll((rows) => rows.map((r) => r.children[1]!.textContent ?? ""));
        expect(types.some((t) => t.includes("Exchange"))).toBe(true);
        for (const r of await records.all()) expect(await cutTexts(r)).toEqual([]);
      }));

    test("a form's error line keeps off the next field's label", () =>
      e2e.withPage(js, async (page) => {
        await page.goto(`${e2e.server.url}/login`);
        if (js) await page.locator("[data-hydrated]").waitFor({ state: "attached" });
        await page.getByRole("button", { name: "Sign In", exact: true }).click();
        await page.locator('p[id$="-error"]').filter({ hasText: /\S/ }).first().waitFor();
        const gaps = await errorGaps(page);
        expect(gaps.length).toBeGreaterThan(0);
        for (const g of gaps) expect(g.gap, g.error).toBeGreaterThanOrEqual(4);
      }));

    test("Verify ID refused: without JavaScript it asks for the photos again, with it they stay chosen", () =>
      e2e.withPage(js, async (page) => {
        const user = await newSeller(e2e.server.apiUrl, "fit");
        await signInAs(page, e2e.server.url, js, user, "/security/kycVerification?step=form");
        const photo = await idPhoto();
        await page.getByLabel("ID Card front Photo").setInputFiles({ name: "front.jpg", mimeType: "image/jpeg", buffer: photo });
        await page.getByLabel("ID Card back Photo").setInputFiles({ name: "back.jpg", mimeType: "image/jpeg", buffer: photo });
        await page.getByRole("button", { name: "Submit" }).click();
        await page.getByText("The Real Name must not be empty.", { exact: true }).waitFor();
        if (js) {
          expect(await page.getByTestId("choose-again").count()).toBe(0);
          expect(await page.getByLabel("ID Card back Photo").evaluate((el) => (el as HTMLInputElement).files?.length)).toBe(1);
        } else {
          expect(await page.getByTestId("choose-again").innerText()).toBe("Choose your 2 photos again: they were not saved.");
        }
        await shot(page, `screen-fit-kyc-refused-${tag}`);
      }));

    test("a merchant's page shows a seller trades and feedback, not her invitations; her own page shows them", () =>
      e2e.withPage(js, async (page) => {
        await signInAs(page, e2e.server.url, js, SELLER, `/userInfo/${made.merchantId}`);
        for (const stat of ["trades", "positive", "negative"]) await page.getByTestId(`stat-${stat}`).waitFor();
        expect(await page.getByTestId("stat-invited").count()).toBe(0);
        expect(await page.getByText("Friends invited").count()).toBe(0);
        await shot(page, `screen-fit-user-info-${tag}`);
        await page.goto(`${e2e.server.url}/userInfo/${await userId(await login(SELLER))}`);
        await page.getByTestId("stat-invited").waitFor();
      }));
  });
}

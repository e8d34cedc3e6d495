/**
 * Evidence in a dispute (ADR 0074), with JavaScript on and off: the seller, in negotiation, adds a
 * statement and a picture on her order page; a refused post keeps her statement and says why at the
 * pictures; she then sees her entry in the timeline, and so do the merchant's desk page and the staff
 * order page, each in its own words, with the picture loading through its access-checked route.
 * Screenshots of the three at 390 px.
 */
import type { Locator, Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { MESSAGES } from "../../contract/messages";
import { apiClient } from "./support/api";
import { newContext, pageReady, shot, signInAs } from "./support/browser";
import { useServerAndBrowser } from "./support/suite";
import { newSeller } from "./support/users";

const e2e = useServerAndBrowser({ failureShots: "dispute-evidence" });
const api = apiClient(() => e2e.server.apiUrl);

const MERCHANT = { email: "merchant1@demo.test", password: "demo1234" };
const ADMIN = { email: "admin@demo.test", password: "demo1234" };

const receipt = () => sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 30, g: 120, b: 200 } } }).png().toBuffer();

/** The timeline's evidence entry: its title, statement, and its one picture decoded by the browser. */
async function expectEntry(page: Page, title: string, statement: string) {
  const entry: Locator = page.getByTestId("timeline-evidence");
  await entry.first().waitFor();
  expect(await entry.count()).toBe(1);
  const text = await entry.innerText();
  expect(text).toContain(title);
  expect(text).toContain(statement);
  const img = entry.getByRole("img", { name: "Evidence picture 1" });
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0), { timeout: 10_000 }).toBe(true);
}

for (const js of [true, false]) {
  const tag = js ? "js" : "nojs";
  describe(`evidence in a dispute ${js ? "with" : "without"} JavaScript`, () => {
    test("the seller adds a statement and a picture; she, the merchant and staff see it in the timeline", () =>
      e2e.withPage(js, async (page) => {
        const merchantToken = await api.login(MERCHANT);
        const seller = await newSeller(e2e.server.apiUrl, `evidence-${tag}`);
        const sellerToken = await api.login(seller);
        const merchantId = await api.userId(merchantToken);
        const id = await api.sellECode(sellerToken, merchantId, 10_000, `EVID${tag.toUpperCase()}${Date.now()}`);
        await api.call("/merchant/order/view", { id }, merchantToken);
        await api.call("/merchant/order/negotiate", { id, arbitrationType: 3, arbitrationApplyAmount: 5_000, arbitrationApplyPrice: 1, arbitrationContent: "Half the face." }, merchantToken);

        await page.setViewportSize({ width: 390, height: 844 });
        await signInAs(page, e2e.server.url, js, seller, `/orderDetails/${id}`);
        const form = page.getByTestId("evidence-form");
        const statement = `Receipt from the shop: 100 USD, ${tag}.`;

        // Refused: not a picture. Her statement stays, the message is at the pictures.
        await form.getByLabel("Statement").fill(statement);
        await form.getByLabel("Pictures").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a picture") });
        await form.getByRole("button", { name: "Add evidence" }).click();
        await expect.poll(() => page.locator("#evidence-pictures").getAttribute("aria-invalid")).toBe("true");
        expect(await form.innerText()).toContain(MESSAGES.unsupportedImage);
        expect(await form.getByLabel("Statement").inputValue()).toBe(statement);
        await form.scrollIntoViewIfNeeded();
        await shot(page, `evidence-refused-390-${tag}`);

        // Added.
        await form.getByLabel("Pictures").setInputFiles({ name: "receipt.png", mimeType: "image/png", buffer: await receipt() });
        // With JavaScript the picture is made small in the browser first: let it finish.
        if (js) await page.waitForTimeout(500);
        await form.getByRole("button", { name: "Add evidence" }).click();
        await page.waitForURL(`${e2e.server.url}/orderDetails/${id}`);
        await pageReady(page, js);
        await expectEntry(page, "You added evidence", statement);
        // The form is empty again: nothing to add twice by mistake.
        expect(await form.getByLabel("Statement").inputValue()).toBe("");
        expect(await form.getByLabel("Pictures").evaluate((el: HTMLInputElement) => el.files?.length ?? 0)).toBe(0);
        await shot(page, `evidence-seller-390-${tag}`);

        // The merchant's desk.
        const merchantContext = await newContext(e2e.browser, { js });
        try {
          const desk = await merchantContext.newPage();
          await desk.setViewportSize({ width: 390, height: 844 });
          await signInAs(desk, e2e.server.url, js, MERCHANT, `/desk/orders/${id}`);
          await expectEntry(desk, "The seller added evidence", statement);
          await shot(desk, `evidence-desk-390-${tag}`);
        } finally {
          await merchantContext.close();
        }

        // Staff.
        const staffContext = await newContext(e2e.browser, { js });
        try {
          const staffPage = await staffContext.newPage();
          await staffPage.setViewportSize({ width: 390, height: 844 });
          await signInAs(staffPage, e2e.server.url, js, ADMIN, `/staff/orders/${id}`);
          await expectEntry(staffPage, "Seller added evidence", statement);
          await shot(staffPage, `evidence-staff-390-${tag}`);
        } finally {
          await staffContext.close();
        }

        // Another seller gets nothing from the picture's address.
        const other = await newSeller(e2e.server.apiUrl, `evidence-other-${tag}`);
        const otherContext = await newContext(e2e.browser, { js });
        try {
          const otherPage = await otherContext.newPage();
          await signInAs(otherPage, e2e.server.url, js, other, "/home");
          const src = await page.getByTestId("timeline-evidence").getByRole("img").getAttribute("src");
          const res = await otherPage.request.get(`${e2e.server.url}${src}`);
          expect(res.status()).toBe(404);
          expect(res.headers()["content-type"]).not.toContain("image");
        } finally {
          await otherContext.close();
        }
      }));
  });
}

/**
 * Support tickets (ADR 0078), with JavaScript on and off: a seller opens a ticket about her order from
 * its "Get help" link, with a picture; staff, on the desk's Tickets tab, assign it, add an internal note
 * and answer with a canned answer (the picker fills the answer: by script, or by "Use" without); the
 * seller reads the notice, follows it to the answer (never the note), replies, and closes with one tap.
 * Screenshots at 390 px of her pages and the staff ticket page.
 */
import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { CANNED_ANSWERS } from "../../contract/support";
import { apiClient } from "./support/api";
import { newContext, pageReady, shot, signInAs } from "./support/browser";
import { useServerAndBrowser } from "./support/suite";
import { newSeller } from "./support/users";

const e2e = useServerAndBrowser({ failureShots: "support-tickets" });
const api = apiClient(() => e2e.server.apiUrl);

const MERCHANT = { email: "merchant1@demo.test", password: "demo1234" };
const ADMIN = { email: "admin@demo.test", password: "demo1234" };
const NOTE = "Internal: merchant answered slowly twice this week.";
const canned = CANNED_ANSWERS.find((c) => c.id === "order-review")!;

const screenshot = () => sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 60, b: 60 } } }).png().toBuffer();

async function pictureLoads(page: Page, name: string) {
  const img = page.getByRole("img", { name }).first();
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0), { timeout: 10_000 }).toBe(true);
}

for (const js of [true, false]) {
  const tag = js ? "js" : "nojs";
  describe(`support tickets ${js ? "with" : "without"} JavaScript`, () => {
    test("she asks about her order with a picture; staff assign, note and answer; she reads, replies and closes with a rating", () =>
      e2e.withPage(js, async (page) => {
        const merchantToken = await api.login(MERCHANT);
        const seller = await newSeller(e2e.server.apiUrl, `support-${tag}`);
        const sellerToken = await api.login(seller);
        const orderId = await api.sellECode(sellerToken, await api.userId(merchantToken), 10_000, `SUPP${tag.toUpperCase()}${Date.now()}`);

        await page.setViewportSize({ width: 390, height: 844 });
        await signInAs(page, e2e.server.url, js, seller, `/orderDetails/${orderId}`);
        await page.getByTestId("get-help").click();
        await page.waitForURL(`${e2e.server.url}/support?new=1&kind=order&ref=${orderId}`);
        await pageReady(page, js);
        const form = page.getByTestId("new-ticket-form");
        expect(await form.getByLabel("It is about").inputValue()).toBe("order");
        expect(await form.getByLabel("Which one").inputValue()).toBe(`order:${orderId}`);
        await shot(page, `support-new-390-${tag}`);

        // Refused: no title. What she wrote stays, the message is at the title.
        await form.getByLabel("Message").fill("The order is still processing after an hour.");
        await form.getByRole("button", { name: "Send ticket" }).click();
        if (!js) {
          // Without JavaScript the browser's own "required" check stops the post: the form is untouched.
          expect(await form.getByLabel("Message").inputValue()).toBe("The order is still processing after an hour.");
        }
        await form.getByLabel("Title").fill("Order still processing");
        await form.getByLabel("Pictures (optional)").setInputFiles({ name: "screen.png", mimeType: "image/png", buffer: await screenshot() });
        await form.getByRole("button", { name: "Send ticket" }).click();
        await page.waitForURL(/\/support\/\d+$/);
        await pageReady(page, js);
        const ticketId = Number(new URL(page.url()).pathname.split("/").at(-1));
        expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Order still processing");
        await pictureLoads(page, "Picture 1");
        await shot(page, `support-ticket-opened-390-${tag}`);

        // Staff.
        const staffContext = await newContext(e2e.browser, { js });
        try {
          const desk = await staffContext.newPage();
          await desk.setViewportSize({ width: 390, height: 844 });
          await signInAs(desk, e2e.server.url, js, ADMIN, "/staff/tickets");
          await desk.getByRole("link", { name: new RegExp(`^Ticket ${ticketId} `) }).click();
          await desk.waitForURL(`${e2e.server.url}/staff/tickets/${ticketId}`);
          await pageReady(desk, js);
          expect(await desk.getByTestId("ticket-item-link").getAttribute("href")).toBe(`/staff/orders/${orderId}`);
          await pictureLoads(desk, "Picture 1");

          await desk.getByRole("button", { name: "Assign to me" }).click();
          await expect.poll(() => desk.getByTestId("ticket-assignee").innerText()).toMatch(/^Assigned to /);
          await pageReady(desk, js);

          await desk.getByRole("textbox", { name: "Note" }).fill(NOTE);
          await desk.getByRole("button", { name: "Add note" }).click();
          await desk.getByTestId("ticket-note").waitFor();
          expect(await desk.getByTestId("ticket-note").innerText()).toContain("Internal");
          await pageReady(desk, js);

          await desk.getByLabel("Canned answer", { exact: true }).selectOption(canned.id);
          if (!js) {
            await desk.getByRole("button", { name: "Use" }).click();
            await desk.waitForURL(`${e2e.server.url}/staff/tickets/${ticketId}?canned=${canned.id}`);
          }
          await expect.poll(() => desk.getByRole("textbox", { name: "Answer" }).inputValue()).toBe(canned.body);
          await shot(desk, `support-staff-ticket-390-${tag}`);
          await desk.getByRole("button", { name: "Send answer" }).click();
          await desk.getByTestId("ticket-message-staff").waitFor();
          expect(await desk.getByTestId("ticket-message-staff").innerText()).toContain(canned.body);
        } finally {
          await staffContext.close();
        }

        // She is told: the notice leads to the ticket, with the answer and without the note.
        await page.goto(`${e2e.server.url}/noticeList`);
        await pageReady(page, js);
        await page.getByRole("link", { name: /Support answered your ticket/ }).first().click();
        await page.waitForURL(`${e2e.server.url}/support/${ticketId}`);
        await pageReady(page, js);
        const thread = await page.getByRole("list", { name: "Messages" }).innerText();
        expect(thread).toContain(canned.body);
        expect(thread).not.toContain(NOTE);
        expect(await page.locator("main").innerText()).toContain("Answered");

        const reply = page.getByTestId("ticket-reply-form");
        await reply.getByLabel("Your reply").fill("Thank you, I will wait.");
        await reply.getByRole("button", { name: "Send reply" }).click();
        await expect.poll(() => page.getByTestId("ticket-message-user").count()).toBe(2);
        await pageReady(page, js);
        await shot(page, `support-ticket-answered-390-${tag}`);

        await page.getByRole("button", { name: "Yes, it helped" }).click();
        await page.getByTestId("ticket-rated").waitFor();
        expect(await page.getByTestId("ticket-rated").innerText()).toContain("it helped");
        expect(await page.getByTestId("ticket-reply-form").count()).toBe(0);
        await shot(page, `support-ticket-closed-390-${tag}`);

        // Another seller gets nothing from the ticket's page or its picture.
        const other = await newSeller(e2e.server.apiUrl, `support-other-${tag}`);
        const otherContext = await newContext(e2e.browser, { js });
        try {
          const otherPage = await otherContext.newPage();
          await signInAs(otherPage, e2e.server.url, js, other, "/home");
          const src = await page.getByRole("img", { name: "Picture 1" }).first().getAttribute("src");
          const res = await otherPage.request.get(`${e2e.server.url}${src}`);
          expect(res.status()).toBe(404);
          const res2 = await otherPage.request.get(`${e2e.server.url}/support/${ticketId}`);
          expect(res2.status()).toBe(404);
        } finally {
          await otherContext.close();
        }
      }));
  });
}

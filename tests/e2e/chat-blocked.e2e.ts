/**
 * Chat with a blocked merchant (ADR 0021, 0060), with JavaScript on and off, each
 * as a seller of its own who has talked with merchant1 and sold it a card:
 * - after the seller blocks it, their one-to-one conversation says so, links to the merchant's page
 *   (where the block is undone) and offers no input box;
 * - the order's group chat follows the order's own rules: it stays open, and a message goes through;
 * - a block made while the conversation is open: the send is refused, the message stays marked with
 *   the refusal (with JavaScript, and a way to remove it), and the input gives way to the same line;
 * - with JavaScript, a message that fails in an open conversation (an upload refused) stays marked,
 *   and Retry sends it.
 */
import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { YOU_BLOCKED_USER } from "../../backend/modules/relationships/blocks";
import { apiClient } from "./support/api";
import { shot, signInAs } from "./support/browser";
import { useServerAndBrowser } from "./support/suite";
import { newSeller } from "./support/users";

const e2e = useServerAndBrowser({ failureShots: "chat-blocked" });
const { call, login, userId, sellECode } = apiClient(() => e2e.server.apiUrl);

async function ready(page: Page, js: boolean) {
  await page.waitForLoadState("load");
  if (js) await page.locator("[data-hydrated]").waitFor({ state: "attached" });
}

/** The live window once connected (JS), or the server-rendered one. */
async function chatWindow(page: Page, js: boolean) {
  if (!js) return page.locator('[data-chat="static"]');
  await page.locator('[data-chat="live"][data-chat-status="online"]').waitFor({ timeout: 20_000 });
  return page.locator('[data-chat="live"]');
}

async function sendText(chat: ReturnType<Page["locator"]>, text: string) {
  await chat.getByRole("textbox", { name: "Message" }).fill(text);
  await chat.getByRole("button", { name: "Send", exact: true }).click();
}

/** A new seller that wrote to merchant1 and sold it an e-code: its token, the merchant's id, the order's id. */
async function sellerWithMerchant(tag: string) {
  const seller = await newSeller(e2e.server.apiUrl, `blocked-${tag}`);
  const token = await login(seller);
  const merchantToken = await login({ email: "merchant1@demo.test", password: "demo1234" });
  const merchantId = await userId(merchantToken);
  const sellerId = await userId(token);
  const say = (from: string, conversationId: string, text: string) =>
    fetch(`${e2e.server.url}/chat/api/send`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: from },
      body: JSON.stringify({ conversationId, clientMsgId: `${tag}-${Date.now()}-${Math.random()}`, type: "text", text }),
    }).then(async (r) => expect(((await r.json()) as { code: number }).code).toBe(1));
  await say(token, `C2C${merchantId}`, `Hello from ${tag}`);
  await say(merchantToken, `C2C${sellerId}`, `Hello back ${tag}`);
  const orderId = await sellECode(token, merchantId, 10_000, `BLOCKED-${tag}-${Date.now()}`);
  return { seller, token, merchantId, orderId };
}

for (const js of [true, false]) {
  const mode = js ? "with JavaScript" : "without JavaScript";
  const tag = js ? "js" : "nojs";
  describe(`chat with a blocked merchant ${mode}`, () => {
    test("the one-to-one conversation says it is blocked and has no input; the order's chat stays open", () =>
      e2e.withPage(js, async (page) => {
        const { seller, token, merchantId, orderId } = await sellerWithMerchant(tag);
        await call("/userRelationship/addBlock", { toUser: merchantId }, token);

        // Signed in on /home (which shows the sign-in's toast), so nothing covers the conversation's last line.
        await signInAs(page, e2e.server.url, js, seller, "/home");
        await ready(page, js);
        await page.goto(`${e2e.server.url}/message/C2C${merchantId}`);
        await ready(page, js);
        const chat = await chatWindow(page, js);
        await chat.getByText(`Hello back ${tag}`).waitFor();
        const line = chat.getByTestId("chat-readonly");
        await line.getByText(YOU_BLOCKED_USER).waitFor();
        expect(await page.locator("textarea").count()).toBe(0);
        expect(await page.getByRole("button", { name: "Send", exact: true }).count()).toBe(0);
        await shot(page, `chat-blocked-390-${tag}`);

        // The order's group chat is the order's: open while the order is, and a message goes through.
        await page.goto(`${e2e.server.url}/message/GROUP${orderId}`);
        await ready(page, js);
        const group = await chatWindow(page, js);
        expect(await group.getByTestId("chat-readonly").count()).toBe(0);
        await sendText(group, `About the card ${tag}`);
        await page.getByTestId("chat-message").filter({ hasText: `About the card ${tag}` }).waitFor({ timeout: 15_000 });

        // The line's link leads to the merchant's page, where the block is undone; the input is back.
        await page.goto(`${e2e.server.url}/message/C2C${merchantId}`);
        await ready(page, js);
        await (await chatWindow(page, js)).getByTestId("chat-readonly").getByRole("link").click();
        await page.waitForURL((u) => u.pathname === `/userInfo/${merchantId}`);
        await ready(page, js);
        await page.getByRole("button", { name: "Unblock" }).click();
        await page.getByTestId("relationship").filter({ hasText: "Blocked" }).waitFor({ state: "detached" });
        await page.goto(`${e2e.server.url}/message/C2C${merchantId}`);
        await ready(page, js);
        await (await chatWindow(page, js)).getByRole("textbox", { name: "Message" }).waitFor();
      }));
  });
}

for (const js of [true, false]) {
  const tag = js ? "js" : "nojs";
  describe(`chat with a merchant blocked while the conversation is open ${js ? "with" : "without"} JavaScript`, () => {
    test("the refused message stays marked (with JavaScript, with a way to remove it), and the input closes with the line", () =>
      e2e.withPage(js, async (page) => {
        const { seller, token, merchantId } = await sellerWithMerchant(`open-${tag}`);
        await signInAs(page, e2e.server.url, js, seller, "/home");
        await ready(page, js);
        await page.goto(`${e2e.server.url}/message/C2C${merchantId}`);
        await ready(page, js);
        const chat = await chatWindow(page, js);
        await chat.getByRole("textbox", { name: "Message" }).waitFor();

        await call("/userRelationship/addBlock", { toUser: merchantId }, token);
        await sendText(chat, "Are you there?");
        if (!js) await ready(page, js);
        const failed = chat.getByTestId("chat-pending").filter({ hasText: "Are you there?" });
        await failed.getByTestId("chat-send-error").filter({ hasText: YOU_BLOCKED_USER }).waitFor({ timeout: 15_000 });
        await chat.getByTestId("chat-readonly").getByText(YOU_BLOCKED_USER).waitFor();
        expect(await page.locator("textarea").count()).toBe(0);
        // Closed by the block, so there is nothing to retry.
        expect(await failed.getByRole("button", { name: "Retry" }).count()).toBe(0);
        await shot(page, `chat-blocked-while-open-390-${tag}`);
        if (js) {
          await failed.getByRole("button", { name: "Remove" }).click();
          await failed.waitFor({ state: "detached" });
        }
      }));
  });
}

describe("a message that fails in an open conversation", () => {
  test("with JavaScript: it stays marked with the reason, and Retry sends it", () =>
    e2e.withPage(true, async (page) => {
      const { seller, merchantId } = await sellerWithMerchant("retry");
      await signInAs(page, e2e.server.url, true, seller, "/home");
      await ready(page, true);
      await page.goto(`${e2e.server.url}/message/C2C${merchantId}`);
      await ready(page, true);
      const chat = await chatWindow(page, true);

      // The service refuses the picture's upload once.
      const refused = "The upload was refused.";
      await page.route("**/chat/api/upload", (route) => route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ code: 0, msg: refused, data: null }) }));
      const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 30, g: 120, b: 90 } } }).png().toBuffer();
      await chat.getByTestId("chat-file").setInputFiles({ name: "card.png", mimeType: "image/png", buffer: png });
      await page.getByRole("alertdialog").getByRole("button", { name: "Confirm" }).click();
      const failed = chat.getByTestId("chat-pending");
      await failed.getByTestId("chat-send-error").filter({ hasText: refused }).waitFor({ timeout: 15_000 });
      expect(await chat.getByTestId("chat-readonly").count()).toBe(0);
      // Retry and Remove are targets a thumb hits (44 × 44 px), reached by the keyboard, their focus seen.
      const retry = failed.getByRole("button", { name: "Retry" });
      const remove = failed.getByRole("button", { name: "Remove" });
      for (const target of [retry, remove]) {
        const box = (await target.boundingBox())!;
        expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
      }
      await retry.focus();
      await page.keyboard.press("Tab");
      expect(await remove.evaluate((el) => el === document.activeElement && el.matches(":focus-visible") && getComputedStyle(el).outlineStyle !== "none")).toBe(true);
      await shot(page, "chat-failed-retry-390-js");

      await page.unroute("**/chat/api/upload");
      await failed.getByRole("button", { name: "Retry" }).click();
      await failed.waitFor({ state: "detached", timeout: 15_000 });
      await chat.getByTestId("chat-image").waitFor();
    }));
});

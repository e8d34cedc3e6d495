/**
 * Chat end to end, in Chromium: the demo seller sells an e-code to
 * merchant1 (through the API); the seller and the merchant, each in a JavaScript
 * browser context, open /message/GROUP{orderId} and chat in real time (each sees the
 * other's message without a reload); the text box's keys and rules; the seller sends a
 * picture (compressed in the browser, after 'Confirm to sending the picture?') and the
 * merchant sees it; read receipts flip to 'Read'; a seller without JavaScript answers by
 * a plain form post and the merchant's live window shows it; the order page's chat
 * refreshes the order when the merchant acts. Screenshots of /message at 390 and 1280 px.
 */
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, onTestFailed, test } from "vitest";
import { CHROMIUM_ARGS, failureShot, newContext, shot, signInAs } from "./support/browser";
import { newSeller } from "./support/users";
import { apiClient } from "./support/api";
import { startServer, type StartedServer } from "./support/server";

// Chromium with a fake microphone (a tone), so voice messages can be recorded.
const e2e = {} as { server: StartedServer; browser: Browser };
beforeAll(async () => {
  e2e.server = await startServer();
  e2e.browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: [...CHROMIUM_ARGS, "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream", "--autoplay-policy=no-user-gesture-required"],
  });
});
afterAll(async () => {
  await e2e.browser?.close();
  await e2e.server?.stop();
});

const SELLER = { email: "seller@demo.test", password: "demo1234" };
const MERCHANT = { email: "merchant1@demo.test", password: "demo1234" };

// ------------------------------------------------------------------ API helpers

const { call, login: apiLogin, sellECode } = apiClient(() => e2e.server.apiUrl);

// ------------------------------------------------------------------ page helpers

async function ready(page: Page, js: boolean) {
  await page.waitForLoadState("load");
  if (js) await page.locator("[data-hydrated]").waitFor({ state: "attached" });
}

/** Signed in by the fixture (the sign-in form has its own tests), on `to`. */
const signIn = (page: Page, js: boolean, who: { email: string; password: string }, to: string) => signInAs(page, e2e.server.url, js, who, to);

/** The live chat window of a page, once it is connected. */
async function liveChat(page: Page) {
  const win = page.locator('[data-chat="live"]');
  await win.waitFor({ timeout: 20_000 });
  await page.locator('[data-chat="live"][data-chat-status="online"]').waitFor({ timeout: 20_000 });
  return win;
}

const bubble = (page: Page, text: string) => page.getByTestId("chat-message").filter({ hasText: text });

async function photo(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 90 } } })
    .composite([{ input: Buffer.from(`<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#fff"/></svg>`), top: 0, left: 0 }])
    .png()
    .toBuffer();
}

async function desktop(context: BrowserContext) {
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 860 });
  return page;
}

/** On a failure: a screenshot of each open page and the server's last output. */
function onFailure(pages: () => Page[]) {
  onTestFailed(async () => {
    console.error(e2e.server?.output().slice(-4000));
    for (const [i, p] of pages().entries()) if (!p.isClosed()) await failureShot(p, `chat-failure-${i}`).catch(() => {});
  });
}

describe("chat", () => {
  test("seller and merchant chat inside an order in real time; a picture; read receipts; a no-JS answer", async () => {
    const { browser, server } = e2e;
    const tag = Date.now().toString(36).toUpperCase();
    const sellerUser = await newSeller(server.apiUrl, "chat");
    const merchantToken = await apiLogin(MERCHANT);
    const sellerToken = await apiLogin(sellerUser);
    const merchantId = (await call<{ profile: { id: number } }>("/userInfo/getProfileInfo", {}, merchantToken)).profile.id;
    const orderId = await sellECode(sellerToken, merchantId, 3000, `${tag}-CHAT-0001`);
    const path = `/message/GROUP${orderId}`;

    const sellerCtx = await newContext(browser, { js: true });
    const merchantCtx = await newContext(browser, { js: true });
    const noJsCtx = await newContext(browser, { js: false });
    onFailure(() => [...sellerCtx.pages(), ...merchantCtx.pages(), ...noJsCtx.pages()]);
    // Counts the notification beeps (WebAudio oscillators) the seller's pages make.
    await sellerCtx.addInitScript(() => {
      const w = window as unknown as { __beeps: number };
      w.__beeps = 0;
      const create = AudioContext.prototype.createOscillator;
      AudioContext.prototype.createOscillator = function () {
        w.__beeps++;
        return create.call(this);
      };
    });
    try {
      const seller = await sellerCtx.newPage();
      const sellerSockets: Array<{ isClosed(): boolean; url(): string }> = [];
      seller.on("websocket", (ws) => sellerSockets.push(ws));
      const merchant = await merchantCtx.newPage();
      await signIn(seller, true, sellerUser, path);
      await signIn(merchant, true, MERCHANT, path);
      const sellerWin = await liveChat(seller);
      const merchantWin = await liveChat(merchant);
      expect(await seller.getByTestId("chat-title").innerText()).toBe("SwiftCards");

      // ---- the text box: whitespace is not sent, Enter adds a newline, Ctrl+Enter sends
      const sellerText = sellerWin.getByRole("textbox", { name: "Message" });
      const send = sellerWin.getByTestId("chat-send");
      await sellerText.fill("   \n  ");
      expect(await send.isDisabled()).toBe(true);
      await sellerText.fill("");
      await sellerText.pressSequentially(`Hello ${tag}`);
      await sellerText.press("Enter");
      await sellerText.pressSequentially("second line");
      expect(await sellerText.inputValue()).toBe(`Hello ${tag}\nsecond line`);
      expect(await bubble(seller, `Hello ${tag}`).count()).toBe(0);
      await sellerText.press("Control+Enter");
      expect(await sellerText.inputValue()).toBe("");
      // The merchant sees it without a reload, line break kept.
      await bubble(merchant, `Hello ${tag}`).waitFor();
      expect(await bubble(merchant, `Hello ${tag}`).locator("span").first().innerText()).toBe(`Hello ${tag}\nsecond line`);
      // ...and has read it: the seller's receipt flips to Read.
      await expect.poll(() => bubble(seller, `Hello ${tag}`).getByTestId("chat-receipt").innerText(), { timeout: 15_000 }).toBe("Read");

      // ---- the merchant answers with Alt+Enter; the seller sees it live (and, with the
      //      profile's notification switch on, hears a beep; it is off by default)
      expect(await seller.evaluate(() => (window as unknown as { __beeps: number }).__beeps)).toBe(0);
      await seller.evaluate(() => localStorage.setItem("notificationSound", "1"));
      const merchantText = merchantWin.getByRole("textbox", { name: "Message" });
      await merchantText.fill(`Code received ${tag}`);
      await merchantText.press("Alt+Enter");
      await bubble(seller, `Code received ${tag}`).waitFor();
      expect(await bubble(seller, `Code received ${tag}`).getAttribute("data-flow")).toBe("in");
      expect(await seller.evaluate(() => (window as unknown as { __beeps: number }).__beeps)).toBeGreaterThan(0);
      await seller.evaluate(() => localStorage.removeItem("notificationSound"));
      await expect.poll(() => bubble(merchant, `Code received ${tag}`).getByTestId("chat-receipt").innerText(), { timeout: 15_000 }).toBe("Read");

      // ---- pictures: an unsupported file is refused; a 1600 px PNG goes out as a ≤1024 px JPEG after the confirmation
      const file = sellerWin.getByTestId("chat-file");
      await file.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a picture") });
      await sellerWin.getByTestId("chat-notice").getByText("Unsupport!", { exact: true }).waitFor();
      await file.setInputFiles({ name: "card.png", mimeType: "image/png", buffer: await photo(1600, 1200) });
      const dialog = seller.getByRole("alertdialog");
      await dialog.getByText("Confirm to sending the picture?", { exact: true }).waitFor({ state: "visible" });
      await shot(seller, "chat-picture-confirm-390");
      await dialog.getByRole("button", { name: "Confirm" }).click();
      const merchantImage = merchant.getByTestId("chat-image").last();
      await merchantImage.waitFor({ timeout: 30_000 });
      await expect.poll(() => merchantImage.evaluate((el) => (el as HTMLImageElement).naturalWidth), { timeout: 15_000 }).toBeGreaterThan(0);
      const natural = await merchantImage.evaluate((el) => [(el as HTMLImageElement).naturalWidth, (el as HTMLImageElement).naturalHeight]);
      expect(natural).toEqual([1024, 768]);
      const src = (await merchantImage.getAttribute("src"))!;
      const fetched = await merchantCtx.request.get(new URL(src, server.url).toString());
      expect(fetched.status()).toBe(200);
      expect(fetched.headers()["content-type"]).toContain("image/jpeg");

      // ---- voice: a clip of 1 s or less is discarded; a longer one arrives as <audio> with its length
      await sellerCtx.grantPermissions(["microphone"], { origin: server.url });
      const voice = sellerWin.getByTestId("chat-voice");
      // Start and stop within the page, well inside the 1 s minimum (two Playwright
      // round trips could take longer than that on a loaded machine).
      await seller.evaluate(async () => {
        const button = document.querySelector<HTMLElement>('[data-chat="live"] [data-testid="chat-voice"]')!;
        button.click();
        while (!document.querySelector('[data-testid="chat-recording"]')) await new Promise((r) => setTimeout(r, 10));
        button.click();
      });
      await sellerWin.getByTestId("chat-notice").getByText("Voice message too short.").waitFor();
      await voice.click();
      await sellerWin.getByTestId("chat-recording").waitFor();
      // 16 kHz mono through an AudioContext at 16000 Hz (Chromium supports it).
      expect(await sellerWin.getByTestId("chat-recording").getAttribute("data-voice-format")).toMatch(/^16 kHz mono, audio\/(webm|ogg|mp4)$/);
      await seller.waitForTimeout(2600);
      await voice.click();
      const merchantAudio = merchant.getByTestId("chat-audio").last();
      await merchantAudio.waitFor({ timeout: 30_000 });
      expect(await merchant.getByTestId("chat-message").filter({ has: merchant.getByTestId("chat-audio") }).last().innerText()).toMatch(/[3-6]″/);
      const audioSrc = (await merchantAudio.getAttribute("src"))!;
      const clip = await merchantCtx.request.get(new URL(audioSrc, server.url).toString());
      expect(clip.status()).toBe(200);
      expect(clip.headers()["content-type"]).toMatch(/^audio\//);
      expect((await clip.body()).length).toBeGreaterThan(1000);

      // ---- the seller without JavaScript answers by a form post; the merchant's live window shows it
      const noJs = await noJsCtx.newPage();
      await signIn(noJs, false, sellerUser, path);
      await noJs.getByText(`Code received ${tag}`).first().waitFor();
      // Pictures are plain <img> with signed addresses.
      expect(await noJs.getByTestId("chat-image").count()).toBeGreaterThan(0);
      expect(await noJs.getByTestId("chat-image").first().getAttribute("src")).toMatch(/^\/chat\/file\/.+\?exp=\d+&sig=/);
      const form = noJs.getByTestId("chat-form-nojs");
      await form.getByRole("textbox", { name: "Message" }).fill(`No-JS answer ${tag}`);
      await form.getByRole("button", { name: "Send" }).click();
      await noJs.waitForURL((u) => u.pathname === path);
      await bubble(noJs, `No-JS answer ${tag}`).waitFor();
      await bubble(merchant, `No-JS answer ${tag}`).waitFor({ timeout: 15_000 });
      // The seller's own live window has it too (sent from another browser).
      await bubble(seller, `No-JS answer ${tag}`).waitFor({ timeout: 15_000 });
      await expect.poll(() => bubble(seller, `No-JS answer ${tag}`).getByTestId("chat-receipt").innerText(), { timeout: 15_000 }).toBe("Read");
      // A resubmit of the same form (same clientMsgId) stores nothing new.
      const html = await noJsCtx.request.get(`${server.url}${path}`);
      const clientMsgId = /name="clientMsgId" value="([^"]+)"/.exec(await html.text())?.[1];
      expect(clientMsgId).toBeTruthy();
      for (let i = 0; i < 2; i++) {
        const r = await noJsCtx.request.post(`${server.url}${path}`, { form: { intent: "chat-send", clientMsgId: clientMsgId!, text: `Once ${tag}` }, headers: { origin: server.url }, maxRedirects: 0 });
        expect(r.status()).toBe(302);
      }
      await bubble(merchant, `Once ${tag}`).waitFor({ timeout: 15_000 });
      await merchant.waitForTimeout(500);
      expect(await bubble(merchant, `Once ${tag}`).count()).toBe(1);
      // Whitespace only is refused by the action too.
      await noJs.reload();
      await form.getByRole("textbox", { name: "Message" }).fill("   ");
      await form.getByRole("button", { name: "Send" }).click();
      await noJs.getByText("Message text must not be empty.").waitFor();
      await shot(noJs, "chat-message-390-nojs");

      // ---- screenshots of /message at 390 and 1280 px
      await seller.evaluate(() => {
        const el = document.querySelector('[data-testid="chat-scroll"]');
        if (el) el.scrollTop = el.scrollHeight;
      });
      await shot(seller, "chat-message-390-js");
      await seller.goto(`${server.url}/message`);
      await ready(seller, true);
      await seller.getByTestId("conversation-list").locator(`[data-conversation-id="GROUP${orderId}"]`).waitFor();
      await shot(seller, "chat-list-390-js");
      // (Only the wide page below has the conversation open from here on.)
      const wide = await desktop(sellerCtx);
      await wide.goto(`${server.url}${path}`);
      await ready(wide, true);
      await liveChat(wide);
      await wide.getByTestId("order-panel").waitFor();
      await bubble(wide, `Once ${tag}`).waitFor();
      await wide.waitForTimeout(300);
      await shot(wide, "chat-message-1280-js");
      await wide.goto(`${server.url}/message`);
      await ready(wide, true);
      await wide.getByTestId("conversation-list").waitFor();
      await shot(wide, "chat-list-1280-js");
      // The top bar's Message badge and the list's count follow new messages live.
      const badge = async () => Number(/(\d+)/.exec(await wide.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /^Message/ }).innerText())?.[1] ?? 0);
      await wide.locator('[data-chat-list="live"][data-chat-status="online"]').waitFor({ timeout: 20_000 });
      const unreadBefore = await badge();
      await merchantText.fill(`Ping ${tag}`);
      await merchantText.press("Control+Enter");
      await expect.poll(badge, { timeout: 15_000 }).toBe(unreadBefore + 1);
      const item = wide.getByTestId("conversation-list").locator(`[data-conversation-id="GROUP${orderId}"]`);
      await expect.poll(() => item.innerText(), { timeout: 15_000 }).toContain(`Ping ${tag}`);
      await item.click();
      await wide.waitForURL((u) => u.pathname === path);
      await expect.poll(badge, { timeout: 15_000 }).toBe(unreadBefore);
      // The footer is hidden on message pages.
      expect(await seller.locator("footer").count()).toBe(0);
      await wide.close();

      // ---- the system conversation has no input box
      await seller.goto(`${server.url}/message/C2C88888888`);
      await ready(seller, true);
      await seller.getByTestId("chat-readonly").first().waitFor();
      expect(await seller.getByTestId("chat-form").count()).toBe(0);
      expect(await seller.locator("textarea").count()).toBe(0);

      // ---- the order page: its chat is live, and the order refreshes when the merchant acts
      await seller.goto(`${server.url}/orderDetails/${orderId}`);
      await ready(seller, true);
      const orderChat = seller.locator("#order-chat");
      await orderChat.locator('[data-chat="live"][data-chat-status="online"]').waitFor({ timeout: 20_000 });
      await orderChat.getByText(`Code received ${tag}`).waitFor();
      expect(await seller.getByTestId("order-status").first().innerText()).toBe("Waiting");
      await call("/merchant/order/view", { id: orderId }, merchantToken);
      await merchantText.fill(`Viewing the card ${tag}`);
      await merchantWin.getByTestId("chat-send").click();
      await orderChat.getByText(`Viewing the card ${tag}`).waitFor({ timeout: 15_000 });
      await expect.poll(() => seller.getByTestId("order-status").first().innerText(), { timeout: 15_000 }).toBe("Processing");
      await shot(seller, "chat-order-details-390-js");

      // ---- older messages: 15 a page, "Load older" brings the rest after the 2 s delay
      for (let i = 1; i <= 16; i++) {
        await fetch(`${server.url}/chat/api/send`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: merchantToken },
          body: JSON.stringify({ conversationId: `GROUP${orderId}`, clientMsgId: `${tag}-bulk-${i}`, type: "text", text: `Bulk ${i} ${tag}` }),
        }).then(async (r) => expect(((await r.json()) as { code: number }).code).toBe(1));
      }
      await seller.goto(`${server.url}${path}`);
      await ready(seller, true);
      await liveChat(seller);
      await bubble(seller, `Bulk 16 ${tag}`).waitFor();
      expect(await seller.getByTestId("chat-message").count()).toBe(15);
      const started = Date.now();
      await seller.getByTestId("chat-load-older").click();
      await bubble(seller, `Bulk 1 ${tag}`).waitFor({ timeout: 15_000 });
      expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
      expect(await seller.getByTestId("chat-message").count()).toBeGreaterThan(15);
      // Without JavaScript: an "Older messages" link.
      await noJs.goto(`${server.url}${path}`);
      await noJs.getByTestId("chat-older-link").click();
      await noJs.waitForURL((u) => u.searchParams.has("before"));
      await bubble(noJs, `Bulk 1 ${tag}`).waitFor();

      // ---- the order's chat without JavaScript: the same form, back to the order page
      await noJs.goto(`${server.url}/orderDetails/${orderId}`);
      const orderForm = noJs.locator("#order-chat").getByTestId("chat-form-nojs");
      await orderForm.getByRole("textbox", { name: "Message" }).fill(`From the order page ${tag}`);
      await orderForm.getByRole("button", { name: "Send" }).click();
      await noJs.waitForURL((u) => u.pathname === `/orderDetails/${orderId}`);
      await noJs.locator("#order-chat").getByText(`From the order page ${tag}`).waitFor();
      await bubble(merchant, `From the order page ${tag}`).waitFor({ timeout: 15_000 });

      // ---- a finished order: the send is refused with 'Order finished'
      await noJs.goto(`${server.url}${path}`);
      await call("/merchant/order/complete", { id: orderId }, merchantToken);
      await noJs.getByTestId("chat-form-nojs").getByRole("textbox", { name: "Message" }).fill(`Too late ${tag}`);
      await noJs.getByTestId("chat-form-nojs").getByRole("button", { name: "Send" }).click();
      await noJs.getByText("Order finished", { exact: true }).waitFor();
      // ...and, live in the merchant's window, the order shows Completed and the chat turns read-only.
      await expect.poll(() => merchant.getByTestId("order-status").first().innerText(), { timeout: 15_000 }).toBe("Completed");
      await merchant.getByTestId("chat-readonly").first().waitFor({ timeout: 15_000 });
      expect(await merchant.locator("textarea").count()).toBe(0);

      // ---- signing out logs out of the chat service: the socket closes
      const fromHere = sellerSockets.length;
      await seller.goto(`${server.url}/message`);
      await ready(seller, true);
      await seller.locator('[data-chat-list="live"][data-chat-status="online"]').waitFor({ timeout: 20_000 });
      const open = sellerSockets.slice(fromHere);
      expect(open.length).toBe(1);
      expect(open[0].isClosed()).toBe(false);
      const menu = seller.locator('[data-menu="user"]');
      await menu.locator("summary, button").first().click();
      await seller.getByText("Sign out", { exact: true }).click();
      await seller.getByText("Confirm to Sign out ?").waitFor();
      await seller.getByRole("button", { name: "Confirm", exact: true }).click();
      await seller.waitForURL((u) => u.pathname === "/home");
      await expect.poll(() => open[0].isClosed(), { timeout: 10_000 }).toBe(true);
    } finally {
      await sellerCtx.close();
      await merchantCtx.close();
      await noJsCtx.close();
    }
    // A long scenario (three browsers, a 2 s paging delay, live sockets): 102 s of the default 120 s
    // were seen under load, so it gets a ceiling of its own.
  }, 240_000);

  test("who may chat (docs/product/README.md#roles): a user cannot open a chat with another normal user; no session goes home", async () => {
    const { browser, server } = e2e;
    const seller2Token = await apiLogin({ email: "seller2@demo.test", password: "demo1234" });
    const seller2Id = (await call<{ profile: { id: number } }>("/userInfo/getProfileInfo", {}, seller2Token)).profile.id;
    const ctx = await newContext(browser, { js: false });
    try {
      const page = await ctx.newPage();
      await page.goto(`${server.url}/message/GROUP1`);
      expect(new URL(page.url()).pathname).toBe("/home");
      await signIn(page, false, SELLER, "/message");
      await page.goto(`${server.url}/message/C2C${seller2Id}`);
      expect(new URL(page.url()).pathname).toBe("/home");
      await page.goto(`${server.url}/message/NOPE`);
      expect(new URL(page.url()).pathname).toBe("/home");
      // The old hash link of a separate chat window lands on the same view (with JavaScript).
      const js = await newContext(browser, { js: true });
      try {
        const p = await js.newPage();
        await signIn(p, true, SELLER, "/message");
        await p.goto(`${server.url}/#/message/C2C88888888`);
        await p.waitForURL((u) => u.pathname === "/message/C2C88888888");
        await p.getByTestId("chat-readonly").first().waitFor();
      } finally {
        await js.close();
      }
    } finally {
      await ctx.close();
    }
  });

  test("a seller in more conversations than a page: pages of 20 (and the system conversation first) with Older and Newest links without JavaScript; the live list holds them all", async () => {
    const { browser, server } = e2e;
    const tag = Date.now().toString(36).toUpperCase();
    const sellerUser = await newSeller(server.apiUrl, "pages");
    const sellerToken = await apiLogin(sellerUser);
    const merchantId = (await call<{ profile: { id: number } }>("/userInfo/getProfileInfo", {}, await apiLogin(MERCHANT))).profile.id;
    // Each order opens its conversation: 21 of them and the system one, 22 in all.
    const orders: number[] = [];
    for (let i = 0; i < 21; i++) orders.push(await sellECode(sellerToken, merchantId, 3000, `${tag}-PAGE-${String(i).padStart(4, "0")}`));
    const items = (page: Page) => page.getByTestId("conversation-list").locator("[data-conversation-id]");
    const ids = async (page: Page) => items(page).evaluateAll((els) => els.map((e) => e.getAttribute("data-conversation-id")));

    const noJs = await newContext(browser, { js: false });
    const js = await newContext(browser, { js: true });
    onFailure(() => [...noJs.pages(), ...js.pages()]);
    try {
      const page = await noJs.newPage();
      await signIn(page, false, sellerUser, "/message");
      const first = await ids(page);
      // The system conversation, pinned first; then the newest orders' conversations.
      expect(first).toHaveLength(21);
      expect(first.slice(0, 3)).toEqual(["C2C88888888", `GROUP${orders[20]}`, `GROUP${orders[19]}`]);
      expect(await page.getByTestId("conversations-newest").count()).toBe(0);
      await page.getByTestId("conversations-older").click();
      await ready(page, false);
      expect(new URL(page.url()).searchParams.get("before")).toMatch(/^[0-9]+-[0-9]+$/);
      expect(await ids(page)).toEqual([`GROUP${orders[0]}`]);
      expect(await page.getByTestId("conversations-older").count()).toBe(0);
      await shot(page, "message-list-older-390-nojs");
      await page.getByTestId("conversations-newest").click();
      await ready(page, false);
      expect(await ids(page)).toEqual(first);
      // A cursor that is not one shows the first page.
      await page.goto(`${server.url}/message?before=GROUP1`);
      expect(await ids(page)).toEqual(first);

      const live = await js.newPage();
      await signIn(live, true, sellerUser, "/message");
      await live.locator('[data-chat-list="live"][data-chat-status="online"]').waitFor({ timeout: 20_000 });
      await expect.poll(() => items(live).count(), { timeout: 10_000 }).toBe(22);
      expect(await live.getByTestId("conversations-older").count()).toBe(0);
    } finally {
      await noJs.close();
      await js.close();
    }
  });
});

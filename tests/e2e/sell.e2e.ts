/**
 * Selling gift cards end to end, with JavaScript on and off:
 * the demo seller signs in through /login, sells an e-code card and a picture
 * card (a generated PNG) against merchant1's online offers; merchant1 (through
 * its /merchant calls) completes the first and negotiates the second; the
 * seller accepts through the page's confirmation, the balance rises by exactly
 * the expected coins, the comment can be left once, the e-code shows decrypted
 * with JavaScript and never reaches the HTML, /orderList puts the orders in the
 * right tabs. Screenshots of the three screens at 390 px.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { failureShot, launchBrowser, newContext, shotFromTop, signInAs } from "./support/browser";
import { newSeller, type TestUser } from "./support/users";
import { apiClient } from "./support/api";
import { startServer, type StartedServer } from "./support/server";

let server: StartedServer;
let browser: Browser;

const MERCHANT = { email: "merchant1@demo.test", password: "demo1234" };
/** Without JavaScript the code waits behind the trade password (ADR 0060), or asks the seller to set one. */
const NO_JS_CODE_ASK = /Show the code|Set a trade password/;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

// ------------------------------------------------------------------ API helpers

const { call, login: apiLogin, findAdvert, findOfflineAdvert } = apiClient(() => server.apiUrl);

async function balance(token: string): Promise<number> {
  return (await call<{ account: { amount: number } }>("/userInfo/getAccountBalance", {}, token)).account.amount;
}

interface OrderDetails {
  orderInfo: { id: number; status: number; tradeAmount: number; calculateTotalPrice: number; realTotalPrice: number; arbitrationApplyPrice: number | null };
  orderDetails: { cardImg: string; cardSecret: string; secret: string };
}


// ------------------------------------------------------------------ page helpers

const orderIdOf = (page: Page) => Number(/\/orderDetails\/(\d+)/.exec(new URL(page.url()).pathname)?.[1]);

async function ready(page: Page, js: boolean) {
  await page.waitForLoadState("load");
  if (js) await page.locator("[data-hydrated]").waitFor({ state: "attached" });
}

async function withPage(js: boolean, name: string, fn: (page: Page, context: BrowserContext) => Promise<void>) {
  const context = await newContext(browser, { js });
  // Records what the image picker uploads (type, name, size in px), to check the browser-side compression.
  await context.addInitScript(() => {
    const w = window as unknown as { __uploads: unknown[] };
    w.__uploads = [];
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function (body?: Document | XMLHttpRequestBodyInit | null) {
      const file = body instanceof FormData ? body.get("file") : null;
      if (file instanceof File) {
        const entry: Record<string, unknown> = { type: file.type, name: file.name };
        w.__uploads.push(entry);
        void createImageBitmap(file).then((b) => Object.assign(entry, { width: b.width, height: b.height }));
      }
      return send.call(this, body);
    };
  });
  const page = await context.newPage();
  try {
    await fn(page, context);
  } catch (err) {
    await failureShot(page, `sell-failure-${name}-${js ? "js" : "nojs"}`).catch(() => {});
    throw err;
  } finally {
    await context.close();
  }
}

/** The HTML the server sends for a path, with the page's cookies (what a no-JS browser or a crawler would get). */
async function rawHtml(context: BrowserContext, path: string): Promise<string> {
  const res = await context.request.get(`${server.url}${path}`, { maxRedirects: 0 });
  expect(res.status()).toBe(200);
  return res.text();
}


async function statusText(page: Page): Promise<string> {
  return (await page.getByTestId("order-status").first().innerText()).trim();
}

async function cardPhoto(): Promise<Buffer> {
  // A 1600 × 1200 "photo": the browser (JS) or the server (no JS) must shrink it to 1024 px.
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 40, g: 90, b: 200 } } })
    .composite([{ input: Buffer.from('<svg width="1600" height="1200"><rect x="100" y="100" width="1400" height="1000" rx="60" fill="#fff"/></svg>'), top: 0, left: 0 }])
    .png()
    .toBuffer();
}

for (const js of [true, false]) {
  describe(`selling cards ${js ? "with" : "without"} JavaScript`, () => {
    test("sell an e-code and a picture card, merchant completes and negotiates, seller accepts and comments", async () => {
      const tag = `${js ? "J" : "N"}${Date.now().toString(36).toUpperCase()}`;
      const merchantToken = await apiLogin(MERCHANT);
      const merchantId = (await call<{ profile: { id: number } }>("/userInfo/getProfileInfo", {}, merchantToken)).profile.id;
      const ecodeAdvert = await findAdvert(merchantId, 1, 3000, 2, 2);
      const pictureAdvert = await findAdvert(merchantId, 0, 5000, 2);
      const seller = await newSeller(server.apiUrl, "sell");
      const sellerToken = await apiLogin(seller);
      const codes = [`${tag}-AAAA-1111`, `${tag}-BBBB-2222`];

      await withPage(js, "flow", async (page, context) => {
        // ---- anonymous: the offer shows; Sell asks to log in first
        await page.goto(`${server.url}/sellCard/${ecodeAdvert.id}`);
        await ready(page, js);
        await page.getByTestId("merchant-name").waitFor();
        const loginHref = `/login?redirectTo=${encodeURIComponent(`/sellCard/${ecodeAdvert.id}`)}`;
        if (js) {
          // The dialog's outer element has no box of its own: wait on its text.
          const dialog = page.getByRole("alertdialog", { name: "Go To Login?" });
          await page.getByRole("link", { name: "Sell", exact: true }).click();
          await dialog.getByText("Go To Login?", { exact: true }).waitFor({ state: "visible" });
          await dialog.getByRole("button", { name: "Cancel" }).click();
          await dialog.waitFor({ state: "detached" });
          expect(new URL(page.url()).pathname).toBe(`/sellCard/${ecodeAdvert.id}`);
          await page.getByRole("link", { name: "Sell", exact: true }).click();
          await dialog.getByText("Go To Login?", { exact: true }).waitFor({ state: "visible" });
          await dialog.getByRole("button", { name: "Confirm" }).click();
        } else {
          expect(await page.getByRole("link", { name: "Sell", exact: true }).getAttribute("href")).toBe(loginHref);
          await page.getByRole("link", { name: "Sell", exact: true }).click();
        }
        await page.waitForURL((u) => u.pathname === "/login");
        await ready(page, js);
        await page.getByLabel("Email").fill(seller.email);
        await page.getByLabel("Password", { exact: true }).fill(seller.password);
        await page.getByRole("button", { name: "Sign In", exact: true }).click();
        await page.waitForURL((u) => u.pathname === `/sellCard/${ecodeAdvert.id}`);
        await ready(page, js);

        // ---- an offline merchant: 'The Business is Offline.' said before the form is filled, and Sell is off
        const offline = await findOfflineAdvert();
        await page.goto(`${server.url}/sellCard/${offline.id}`);
        await ready(page, js);
        expect(await page.getByTestId("merchant-offline").innerText()).toContain("The Business is Offline.");
        expect(await page.getByRole("button", { name: "Sell", exact: true }).isDisabled()).toBe(true);
        // Enter in a field submits nothing either (the form's default button is off).
        const posts: string[] = [];
        page.on("request", (r) => void (r.method() === "POST" && posts.push(r.url())));
        await page.locator('main form input:not([type="hidden"])').first().press("Enter");
        await page.waitForTimeout(500);
        expect(posts).toEqual([]);
        await page.goto(`${server.url}/sellCard/${ecodeAdvert.id}`);
        await ready(page, js);

        // ---- e-code: the spec's messages first, then a real sale
        await page.getByRole("button", { name: "Sell", exact: true }).click();
        await page.getByText(/The CardFace must be between .+-.+ USD\.|The CardFace must be between/).first().waitFor();
        await page.getByLabel(/Card face/).fill("30");
        await page.getByLabel("Gift card codes").fill(codes.join("\n"));
        await page.getByLabel("Gift card codes").blur();
        if (js) {
          // One code per line, listed below as they will be sent; the box is never rewritten.
          await page.getByTestId("code-groups").getByText("2 codes").waitFor();
          expect(await page.getByLabel("Gift card codes").inputValue()).toBe(codes.join("\n"));
        }
        const secret = await page.locator('input[name="secret"]').inputValue();
        expect(secret).toMatch(/\S{16,}/);
        await shotFromTop(page, `sell-card-390-${js ? "js" : "nojs"}`, js);
        await page.getByRole("button", { name: "Sell", exact: true }).click();
        await page.waitForURL(/\/orderDetails\/\d+$/);
        await ready(page, js);
        const ecodeOrder = orderIdOf(page);
        expect(ecodeOrder).toBeGreaterThan(0);
        await page.getByText("Success", { exact: true }).first().waitFor();
        expect(await statusText(page)).toBe("Waiting");
        const timer = page.getByTestId("order-timer");
        await timer.waitFor();
        expect(await timer.innerText()).toContain("Auto Cancel");
        if (js) expect(await timer.locator("time").innerText()).toMatch(/^\d{1,2}:\d{2}(:\d{2})?$/);
        else expect(await timer.locator("time").innerText()).toMatch(/[A-Z][a-z]{2} \d{1,2}, \d{4} \d{2}:\d{2} [AP]M/);

        // The same submission again (a resubmit with the same secret) gives the same order.
        const again = await context.request.post(`${server.url}/sellCard/${ecodeAdvert.id}`, {
          form: { secret, face: "30", cardCode: codes.join("\n") },
          headers: { origin: server.url },
          maxRedirects: 0,
        });
        expect(again.status()).toBe(302);
        expect(again.headers()["location"]).toBe(`/orderDetails/${ecodeOrder}`);

        // The code: decrypted with JS; never in the HTML (nor its ciphertext or the secret).
        const details = await call<OrderDetails>("/order/getOrderDetails", { id: ecodeOrder }, sellerToken);
        expect(details.orderDetails.cardSecret).not.toBe("");
        const html = await rawHtml(context, `/orderDetails/${ecodeOrder}`);
        for (const leak of [...codes, details.orderDetails.cardSecret, details.orderDetails.secret]) expect(html).not.toContain(leak);
        expect(html).toMatch(NO_JS_CODE_ASK);
        if (js) {
          await page.getByTestId("card-code").first().waitFor();
          expect(await page.getByTestId("card-code").evaluateAll((els) => els.map((e) => e.getAttribute("data-code")))).toEqual(codes);
        } else {
          await page.getByText(NO_JS_CODE_ASK).first().waitFor();
          expect(await page.content()).not.toContain(codes[0]);
        }
        expect(await page.locator('section#order-chat[aria-label="Chat"]').count()).toBe(1);
        await shotFromTop(page, `order-details-390-${js ? "js" : "nojs"}`, js);

        // ---- picture card with a generated PNG
        await page.goto(`${server.url}/sellCard/${pictureAdvert.id}`);
        await ready(page, js);
        await page.getByLabel(/Card face/).fill("50");
        const png = { name: "card-front.png", mimeType: "image/png", buffer: await cardPhoto() };
        if (js) {
          const input = page.getByTestId("image-input");
          await input.waitFor({ state: "attached" });
          await input.setInputFiles([png, { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not an image") }]);
          await page.getByText("Unsupport!", { exact: true }).waitFor();
          await page.locator('[data-testid="image-picker"] li[data-status="done"]').waitFor({ timeout: 30_000 });
          await expect.poll(() => page.locator('input[name="cardImg"]').inputValue()).toMatch(/^\/blob\/order\//);
          // Compressed in the browser: a JPEG of at most 1024 px went up, not the 1600 px PNG.
          // (The record's size is filled in asynchronously, after the upload.)
          await expect
            .poll(() => page.evaluate(() => (window as unknown as { __uploads: unknown[] }).__uploads))
            .toEqual([{ type: "image/jpeg", name: "card-front.jpg", width: 1024, height: 768 }]);
          await shotFromTop(page, "sell-picture-390-js", js);
        } else {
          await page.getByTestId("image-files").setInputFiles([png]);
        }
        await page.getByRole("button", { name: "Sell", exact: true }).click();
        await page.waitForURL(/\/orderDetails\/\d+$/);
        await ready(page, js);
        const pictureOrder = orderIdOf(page);
        expect(pictureOrder).not.toBe(ecodeOrder);
        expect(await statusText(page)).toBe("Waiting");
        const img = await context.request.get(`${server.url}/orderImage/${pictureOrder}/0`);
        expect(img.status()).toBe(200);
        expect(img.headers()["content-type"]).toBe("image/jpeg");
        expect(img.headers()["cache-control"]).toContain("no-store");
        // Without the session: 401 (the route kit's signed-out answer), and no image.
        const guestImg = await fetch(`${server.url}/orderImage/${pictureOrder}/0`);
        expect(guestImg.status).toBe(401);
        expect(guestImg.headers.get("content-type")).not.toMatch(/^image\//);
        const meta = await sharp(await img.body()).metadata();
        expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(1024);
        if (js) {
          await expect
            .poll(() => page.locator('[data-testid="order-images"] img').first().evaluate((el) => (el as HTMLImageElement).naturalWidth))
            .toBeGreaterThan(0);
        }

        // ---- the active tab lists both
        await page.goto(`${server.url}/orderList`);
        await ready(page, js);
        const activeIds = await page.getByTestId("order-item").evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-order-id"))));
        expect(activeIds).toEqual(expect.arrayContaining([ecodeOrder, pictureOrder]));

        // ---- the merchant completes the first and negotiates the second
        const before = await balance(sellerToken);
        await call("/merchant/order/view", { id: ecodeOrder }, merchantToken);
        await call("/merchant/order/complete", { id: ecodeOrder }, merchantToken);
        await call("/merchant/order/view", { id: pictureOrder }, merchantToken);
        const picture = await call<OrderDetails>("/order/getOrderDetails", { id: pictureOrder }, sellerToken);
        const offered = Math.floor(picture.orderInfo.calculateTotalPrice * 0.8);
        await call(
          "/merchant/order/negotiate",
          {
            id: pictureOrder,
            arbitrationType: 3,
            arbitrationApplyAmount: picture.orderInfo.tradeAmount,
            arbitrationApplyPrice: offered,
            arbitrationContent: "The card face is right but the rate applies to a newer batch.",
          },
          merchantToken,
        );
        const first = await call<OrderDetails>("/order/getOrderDetails", { id: ecodeOrder }, sellerToken);
        expect(first.orderInfo.status).toBe(4);

        // ---- the seller sees the completed order
        await page.goto(`${server.url}/orderDetails/${ecodeOrder}`);
        await ready(page, js);
        expect(await statusText(page)).toBe("Completed");
        expect(await page.getByTestId("order-timer").count()).toBe(0);

        // ---- and accepts the negotiation through the confirmation
        await page.goto(`${server.url}/orderDetails/${pictureOrder}`);
        await ready(page, js);
        expect(await statusText(page)).toBe("In negotiation");
        const panel = page.getByTestId("dispute-panel");
        await panel.getByText("Wrong amount / rate").waitFor();
        expect(await page.getByTestId("order-timer").innerText()).toContain("Auto Arbitration");
        await shotFromTop(page, `order-dispute-390-${js ? "js" : "nojs"}`, js);
        await page.getByTestId("accept-button").click();
        // Watched from before the Confirm: the order's chat reloads the page as the
        // accept's system message arrives, which may take the one-time toast early.
        let toastSeen: Promise<boolean> = Promise.resolve(false);
        if (js) {
          const dialog = page.getByRole("alertdialog");
          await dialog.getByText("Accept and complete this order?", { exact: true }).waitFor({ state: "visible" });
          toastSeen = page.getByText("Success", { exact: true }).first().waitFor({ timeout: 30_000 }).then(() => true, () => false);
          await dialog.getByRole("button", { name: "Confirm" }).click();
        } else {
          await page.waitForURL((u) => u.searchParams.get("confirm") === "accept");
          const section = page.getByTestId("accept-confirm");
          await section.waitFor();
          await section.getByRole("button", { name: "Confirm" }).click();
        }
        await page.waitForURL((u) => u.pathname === `/orderDetails/${pictureOrder}` && !u.searchParams.has("confirm"));
        await expect.poll(() => statusText(page), { timeout: 15_000 }).toBe("Completed");
        if (js) expect(await toastSeen).toBe(true);
        else await page.getByText("Success", { exact: true }).first().waitFor();

        // ---- exactly the expected coins
        const after = await balance(sellerToken);
        expect(after - before).toBe(first.orderInfo.calculateTotalPrice + offered);

        // ---- comment once: the spec's messages, then read-only
        await page.goto(`${server.url}/orderDetails/${ecodeOrder}`);
        await ready(page, js);
        const form = page.getByTestId("feedback-form");
        await form.getByRole("button", { name: "Submit" }).click();
        await page.getByText("Select a feedback, please.").waitFor();
        await page.getByText("Comment cannot be empty.").waitFor();
        await page.getByTestId("feedback-form").getByText("Positive").click();
        await page.getByRole("textbox", { name: "Comment" }).fill("Fast and fair, thank you.");
        await page.getByTestId("feedback-form").getByRole("button", { name: "Submit" }).click();
        await page.getByTestId("feedback-view").waitFor();
        expect(await page.getByTestId("feedback-form").count()).toBe(0);
        expect(await page.getByTestId("feedback-view").innerText()).toContain("Fast and fair, thank you.");
        // A second comment is refused by the API too.
        await expect(
          call("/userFeedback/addFeedback", { feedback: { orderid: ecodeOrder, type: 1, starLevel: 5, content: "again" } }, sellerToken),
        ).rejects.toThrow();

        // ---- the tabs
        await page.goto(`${server.url}/orderList?status=4`);
        await ready(page, js);
        const completedIds = await page.getByTestId("order-item").evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-order-id"))));
        expect(completedIds).toEqual(expect.arrayContaining([ecodeOrder, pictureOrder]));
        expect(await page.locator('[aria-current="page"]').filter({ hasText: "Completed" }).count()).toBe(1);
        await shotFromTop(page, `order-list-390-${js ? "js" : "nojs"}`, js);
        await page.getByRole("link", { name: "Active Orders" }).click();
        await page.waitForURL((u) => u.searchParams.get("status") === "0");
        await ready(page, js);
        // (With JavaScript the URL changes a moment before React has rendered the new list.)
        const activeNow = () => page.getByTestId("order-item").evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-order-id"))));
        await expect.poll(async () => (await activeNow()).some((id) => id === ecodeOrder || id === pictureOrder)).toBe(false);
        expect(await page.locator('[aria-current="page"]').filter({ hasText: "Active Orders" }).count()).toBe(1);
      });
    });
  });
}

describe("order list paging and filters", () => {
  const PAGE = 20;
  let created: number[] = [];
  let cardTypeId = 0;
  let seller: TestUser;

  beforeAll(async () => {
    // More than a page of active orders, straight through the API (getAdvertDetail gives each its secret).
    const merchantToken = await apiLogin(MERCHANT);
    const merchantId = (await call<{ profile: { id: number } }>("/userInfo/getProfileInfo", {}, merchantToken)).profile.id;
    seller = await newSeller(server.apiUrl, "paging");
    const sellerToken = await apiLogin(seller);
    const advert = await findAdvert(merchantId, 1, 2500, 30);
    cardTypeId = advert.cardtypeid;
    for (let i = 0; i < PAGE + 5; i++) {
      const { secret } = await call<{ secret: string }>("/advert/getAdvertDetail", { id: advert.id }, sellerToken);
      const { id } = await call<{ id: number }>(
        "/order/addOrder",
        { advertId: advert.id, tradeAmount: 2500, cardCode: `PAGE-${i}-${Date.now()}`, secret },
        sellerToken,
      );
      created.push(id);
    }
  });

  for (const js of [true, false]) {
    test(`infinite list ${js ? "with" : "without"} JavaScript ends in 'no more'`, async () => {
      await withPage(js, "paging", async (page) => {
        await signInAs(page, server.url, js, seller, "/orderList");
        const ids = () => page.getByTestId("order-item").evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-order-id"))));
        await page.getByTestId("order-item").first().waitFor();
        expect((await ids()).length).toBe(PAGE);
        const seen = new Set<number>();
        if (js) {
          // Scrolling to the end loads the next pages, appended below in the same document (the
          // touches script on the islands-only page, ADR 0067).
          const documents: string[] = [];
          page.on("request", (r) => {
            if (r.resourceType() === "document") documents.push(r.url());
          });
          for (let i = 0; i < 10 && (await page.getByText("no more", { exact: true }).count()) === 0; i++) {
            await page.getByTestId("order-item").last().scrollIntoViewIfNeeded();
            await page.mouse.wheel(0, 4000);
            await page.waitForTimeout(400);
          }
          await page.getByText("no more", { exact: true }).waitFor();
          expect(documents, "no page was opened").toEqual([]);
          for (const id of await ids()) seen.add(id);
          expect(seen.size).toBe((await ids()).length);
        } else {
          for (let i = 0; i < 10; i++) {
            for (const id of await ids()) seen.add(id);
            const more = page.getByRole("link", { name: "Load more" });
            if ((await more.count()) === 0) break;
            expect(await more.getAttribute("href")).toMatch(/lastId=\d+/);
            await more.click();
            await page.waitForURL((u) => u.searchParams.has("lastId"));
          }
          await page.getByText(/no more/).first().waitFor();
        }
        for (const id of created) expect(seen.has(id)).toBe(true);
        // The seller is this describe's own: its list is exactly the orders made above.
        expect([...seen].sort((a, b) => a - b)).toEqual([...created].sort((a, b) => a - b));

        // The card-category filter (auto-submitted with JS, Apply without) and Reset Filters.
        await page.goto(`${server.url}/orderList?status=0`);
        await ready(page, js);
        await page.getByLabel("Card category").selectOption(String(cardTypeId));
        if (!js) await page.getByRole("button", { name: "Apply filters" }).click();
        await page.waitForURL((u) => u.searchParams.get("cardTypeId") === String(cardTypeId));
        expect(new URL(page.url()).searchParams.get("status")).toBe("0");
        await page.getByRole("link", { name: "Reset Filters" }).click();
        await page.waitForURL((u) => !u.searchParams.has("cardTypeId"));
      });
    });
  }
});

/**
 * Several cards in one trade (docs/decisions/0073-several-cards-in-one-trade.md), with JavaScript on
 * and off: from the one-card form to the several-cards form, a refusal that names its card and
 * keeps what was typed, "Add a card", then three e-codes in one submit and a result page listing
 * three Waiting orders; a picture offer with two cards of one picture each. Screenshots at 390 px.
 */
import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { pageReady, shotFromTop, signInAs } from "./support/browser";
import { apiClient } from "./support/api";
import { useServerAndBrowser } from "./support/suite";
import { newSeller } from "./support/users";

const e2e = useServerAndBrowser({ failureShots: "sell-several" });
const { call, login, findAdvert } = apiClient(() => e2e.server.apiUrl);
const MERCHANT = { email: "merchant1@demo.test", password: "demo1234" };

const batchIdOf = (page: Page) => Number(/\/orderBatch\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);
const row = (page: Page, n: number) => page.getByTestId(`card-row-${n}`);

async function merchantId() {
  return (await call<{ profile: { id: number } }>("/userInfo/getProfileInfo", {}, await login(MERCHANT))).profile.id;
}

/** The result page's orders as "face · status". */
async function listed(page: Page): Promise<string[]> {
  const items = page.getByTestId("batch-order");
  return items.evaluateAll((els) =>
    els.map((el) => `${el.querySelector("p")?.textContent?.replace(/\s+/g, " ").trim()} · ${el.querySelector('[data-testid="order-status"]')?.textContent?.trim()}`),
  );
}

const photo = (r: number) =>
  sharp({ create: { width: 800, height: 500, channels: 3, background: { r, g: 90, b: 200 } } })
    .png()
    .toBuffer();

for (const js of [true, false]) {
  describe(`several cards in one trade ${js ? "with" : "without"} JavaScript`, () => {
    test("three e-codes in one submit: a refusal names card 3 and keeps the rows; then three Waiting orders", () =>
      e2e.withPage(js, async (page, context) => {
        const advert = await findAdvert(await merchantId(), 1, 3000, 4);
        const seller = await newSeller(e2e.server.apiUrl, "several");
        await signInAs(page, e2e.server.url, js, seller, `/sellCard/${advert.id}`);
        await page.getByTestId("sell-several").click();
        await page.waitForURL((u) => u.pathname === `/sellCard/${advert.id}/several`);
        await pageReady(page, js);

        const tag = `${js ? "J" : "N"}${Date.now().toString(36).toUpperCase()}`;
        const codes = [`${tag}-AAAA-1111`, `${tag}-BBBB-2222`, `${tag}-CCCC-3333`];
        for (const [i, face] of ["30", "40", "50"].entries()) {
          await row(page, i + 1).locator(`input[name="face-${i + 1}"]`).fill(face);
          // Card 3 first carries card 1's code: refused, naming card 3.
          await row(page, i + 1).locator(`textarea[name="cardCode-${i + 1}"]`).fill(i === 2 ? codes[0]! : codes[i]!);
        }
        if (js) await expect.poll(() => page.getByTestId("several-total").innerText()).toMatch(/\d/);
        await page.getByRole("button", { name: "Sell all cards" }).click();
        await row(page, 3).getByText("Card 3: This card is also Card 1 of this submit.").waitFor();
        // What she typed stays, in every row.
        expect(await row(page, 1).locator('textarea[name="cardCode-1"]').inputValue()).toBe(codes[0]);
        expect(await row(page, 2).locator('input[name="face-2"]').inputValue()).toBe("40");

        // A fourth row, left blank: not a card.
        await row(page, 3).locator('textarea[name="cardCode-3"]').fill(codes[2]!);
        await page.getByRole("button", { name: "Add a card" }).click();
        await row(page, 4).waitFor();
        expect(await row(page, 3).locator('textarea[name="cardCode-3"]').inputValue()).toBe(codes[2]);
        // The post "Add a card" made has settled: no button is busy in the shot.
        await expect.poll(() => page.locator("main form[aria-busy]").count()).toBe(0);
        await shotFromTop(page, `sell-several-390-${js ? "js" : "nojs"}`, js);
        await page.getByRole("button", { name: "Sell all cards" }).click();
        await page.waitForURL(/\/orderBatch\/\d+$/);
        await pageReady(page, js);
        await page.getByText("Success", { exact: true }).first().waitFor();
        expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("3 cards sent");
        expect(await listed(page)).toEqual(["Card 1 · 30 USD · Waiting", "Card 2 · 40 USD · Waiting", "Card 3 · 50 USD · Waiting"].map((s) => s.replace("USD", advert.tradeCurrency)));
        await shotFromTop(page, `order-batch-390-${js ? "js" : "nojs"}`, js);

        // Each links to its own order; another seller's browser gets a 404 for the batch.
        const batchId = batchIdOf(page);
        const first = page.getByTestId("batch-order").first().getByRole("link");
        await first.click();
        await page.waitForURL(/\/orderDetails\/\d+$/);
        const other = await newSeller(e2e.server.apiUrl, "several-other");
        const otherContext = await e2e.browser.newContext();
        try {
          const otherPage = await otherContext.newPage();
          await signInAs(otherPage, e2e.server.url, false, other, "/home");
          const res = await otherContext.request.get(`${e2e.server.url}/orderBatch/${batchId}`);
          expect(res.status()).toBe(404);
        } finally {
          await otherContext.close();
        }
        expect((await context.request.get(`${e2e.server.url}/orderBatch/${batchId}`)).status()).toBe(200);
      }));

    test("a picture offer: two cards with a picture each, two orders", () =>
      e2e.withPage(js, async (page) => {
        const advert = await findAdvert(await merchantId(), 0, 5000, 2);
        const seller = await newSeller(e2e.server.apiUrl, "several-pics");
        await signInAs(page, e2e.server.url, js, seller, `/sellCard/${advert.id}/several`);
        for (const n of [1, 2]) {
          await row(page, n).locator(`input[name="face-${n}"]`).fill("50");
          const png = { name: `card-${n}.png`, mimeType: "image/png", buffer: await photo(40 * n) };
          if (js) {
            const input = row(page, n).getByTestId("image-input");
            await input.waitFor({ state: "attached" });
            await input.setInputFiles([png]);
            await row(page, n).locator('[data-testid="image-picker"] li[data-status="done"]').waitFor({ timeout: 30_000 });
          } else {
            await row(page, n).locator(`input[name="files-${n}"]`).setInputFiles([png]);
          }
        }
        // Enter in a field sells (the form's default button), it does not add a row.
        await row(page, 2).locator('input[name="face-2"]').press("Enter");
        await page.waitForURL(/\/orderBatch\/\d+$/);
        await pageReady(page, js);
        expect(await listed(page)).toEqual([`Card 1 · 50 ${advert.tradeCurrency} · Waiting`, `Card 2 · 50 ${advert.tradeCurrency} · Waiting`]);
      }));
  });
}

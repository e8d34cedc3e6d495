/**
 * A price shown is a price promised (ADR 0050), in Chromium with JavaScript on and off, each
 * form in the race the walkthrough found: the seller has the form open and fills it in; the
 * merchant (or withdrawer) changes its rate in its own session; the seller submits. Nothing is
 * sold at the new rate without her: the page names the new price, keeps what she typed, and one
 * button sells at it. The crypto form keeps the price it showed while the market moves, and
 * asks again once that quote has run out. (Every e2e page fails its test on an error it logs: support/browser.ts.)
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { coinsForCrypto } from "../../contract/money";
import { apiClient } from "./support/api";
import { shotFromTop, signInAs } from "./support/browser";
import { useServerAndBrowser } from "./support/suite";
import { newSeller, newSellerWithCoins } from "./support/users";

/** A stand-in for the exchange's ticker (a Binance-shaped price feed) whose BTC price the tests set. */
let ticker: Server;
let btcPrice = "60000.00";
beforeAll(async () => {
  ticker = createServer((req, res) => {
    const symbol = new URL(req.url ?? "/", "http://x").searchParams.get("symbol");
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ symbol, price: symbol === "BTCUSDT" ? btcPrice : "1.0000" }));
  });
  await new Promise<void>((r) => ticker.listen(0, "127.0.0.1", r));
});
afterAll(() => new Promise<void>((r) => ticker.close(() => r())));

const e2e = useServerAndBrowser({
  failureShots: "quotes",
  server: {
    get env() {
      return { PRICE_FEED_URL: `http://127.0.0.1:${(ticker.address() as AddressInfo).port}/ticker` };
    },
  },
});
const api = apiClient(() => e2e.server.apiUrl);
const MERCHANT = { email: "merchant1@demo.test", password: "demo1234" };
const WITHDRAWER = { email: "withdrawer1@demo.test", password: "demo1234" };
const ADMIN = { email: "admin@demo.test", password: "demo1234" };

async function ready(page: Page, js: boolean) {
  await page.waitForLoadState("load");
  if (js) await page.locator("[data-hydrated]").waitFor({ state: "attached" });
}

/** An offer of merchant1's own for this test: e-code (1) or picture (0), any face 10-500 USD. */
async function freshOffer(cardType: 0 | 1, discount: number): Promise<number> {
  const token = await api.login(MERCHANT);
  const types = await api.call<{ list: { id: number }[] }>("/cardType/getCardType");
  const fields = {
    cardTypeId: types.list[0]!.id,
    cardType,
    tradeCurrency: "USD",
    discount,
    minTrade: 1_000,
    maxTrade: 50_000,
    fixTrade: "",
    payLimit: 30,
    tagListEn: "Quote test",
    explainInfo: "",
    tradeAmount: 1_000_000,
    codesPerOrder: 0,
  };
  const { id } = await api.call<{ id: number }>("/merchant/advert/create", fields, token);
  offers.set(id, fields);
  return id;
}
/** The fields each fresh offer was made with (the desk saves them whole). */
const offers = new Map<number, Record<string, unknown>>();

/** The merchant saves its offer with a new discount (its desk's edit form). */
async function changeDiscount(advertId: number, discount: number) {
  const token = await api.login(MERCHANT);
  await api.call("/merchant/advert/update", { ...offers.get(advertId), id: advertId, discount }, token);
}

async function orderPrice(sellerToken: string, id: number): Promise<number> {
  return (await api.call<{ orderInfo: { calculateTotalPrice: number } }>("/order/getOrderDetails", { id }, sellerToken)).orderInfo.calculateTotalPrice;
}

const orderIdOf = (page: Page) => Number(/\/orderDetails\/(\d+)/.exec(new URL(page.url()).pathname)?.[1]);

for (const js of [true, false]) {
  describe(`quotes with JavaScript ${js ? "on" : "off"}`, () => {
    test("sell card: the merchant changes its discount while the form is open; the seller is asked and sells at the new rate", () =>
      e2e.withPage(js, async (page) => {
        const advert = await freshOffer(1, 7_800);
        const seller = await newSeller(e2e.server.apiUrl, `quote-card-${js ? "j" : "n"}`);
        await signInAs(page, e2e.server.url, js, seller, `/sellCard/${advert}`);
        const code = `QUOTE-${js ? "J" : "N"}-${Date.now()}`;
        await page.getByLabel(/Card face/).fill("40");
        await page.getByLabel("Gift card codes").fill(code);
        if (js) await expect.poll(() => page.getByTestId("you-receive").innerText()).toBe("31.20 Coins");

        await changeDiscount(advert, 5_000);
        await page.getByRole("button", { name: "Sell", exact: true }).click();
        const asked = page.getByTestId("ask-again");
        await asked.waitFor();
        expect(await asked.innerText()).toBe("The rate changed: 40 USD now pays 20.00 Coins. Sell at the new rate?");
        await shotFromTop(page, `quote-card-asked-${js ? "js" : "nojs"}`, js);
        // What she typed is still there; the figures are the new quote's.
        expect(await page.getByLabel(/Card face/).inputValue()).toBe("40");
        expect(await page.getByLabel("Gift card codes").inputValue()).toBe(code);
        if (js) expect(await page.getByTestId("you-receive").innerText()).toBe("20.00 Coins");
        expect(await page.locator("main").innerText()).toContain("0.50");
        expect(await page.locator('input[name="quoteRate"]').inputValue()).toBe("5000");

        await page.getByRole("button", { name: "Sell at the new rate" }).click();
        await page.waitForURL(/\/orderDetails\/\d+$/);
        await ready(page, js);
        expect(await orderPrice(await api.login(seller), orderIdOf(page))).toBe(2_000);
      }));

    test("sell coins: the withdrawer changes its rate while the form is open; the seller is asked and sells at it", () =>
      e2e.withPage(js, async (page) => {
        const seller = await newSellerWithCoins(e2e.server.apiUrl, `quote-coins-${js ? "j" : "n"}`, 1_000, "123456");
        const token = await api.login(seller);
        const banks = await api.call<{ paymentType: { id: number; nameEn: string }[] }>("/userPayment/getPaymentType", {}, token);
        const gtb = banks.paymentType.find((b) => b.nameEn === "GTBank")!;
        await api.call("/userPayment/addPayment", { paymentId: gtb.id, userPayment: { realname: "Ada Obi", accountNumber: "0123456785", remark: "" } }, token);
        const wToken = await api.login(WITHDRAWER);
        const settings = await api.call<{ withdrawer: Record<string, number | string> }>("/merchant/withdrawer/getSettings", {}, wToken);
        const w = settings.withdrawer;
        const setRate = async (currencyRate: number) => {
          const now = (await api.call<{ withdrawer: Record<string, number | string> }>("/merchant/withdrawer/getSettings", { id: w.id }, wToken)).withdrawer;
          await api.call(
            "/merchant/withdrawer/updateSettings",
            { id: now.id, seenRemainBalance: now.remainBalance, status: now.status, currencyRate, minTrade: now.minTrade, maxTrade: now.maxTrade, remainBalance: now.remainBalance, tags: now.tags, description: now.description },
            wToken,
          );
        };
        await setRate(5_365_000);
        try {
          await signInAs(page, e2e.server.url, js, seller, `/sellCoins/${w.id}`);
          await page.getByLabel(/Amount/).fill("10");
          await page.getByLabel("Bank account").selectOption({ index: 1 });
          await page.getByLabel("Trade password").fill("123456");
          if (js) await expect.poll(() => page.getByTestId("you-receive").innerText()).toBe("5,365 NGN");

          await setRate(4_000_000);
          await page.getByRole("button", { name: "Sell", exact: true }).click();
          const asked = page.getByTestId("ask-again");
          await asked.waitFor();
          expect(await asked.innerText()).toBe("The rate changed: 10 Coins now pay 4,000 NGN. Sell at the new rate?");
          await shotFromTop(page, `quote-coins-asked-${js ? "js" : "nojs"}`, js);
          expect(await page.getByLabel(/Amount/).inputValue()).toBe("10");
          if (js) expect(await page.getByTestId("you-receive").innerText()).toBe("4,000 NGN");
          // The trade password is a secret: typed again.
          await page.getByLabel("Trade password").fill("123456");
          await page.getByRole("button", { name: "Sell at the new rate" }).click();
          await page.waitForURL(/\/withdrawDetails\/\d+$/);
          const id = Number(/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);
          const detail = await api.call<{ withdrawal: { currencyAmount: number; currencyRate: number } }>("/userWithdraw/getWithdrawDetail", { id }, token);
          expect([detail.withdrawal.currencyRate, detail.withdrawal.currencyAmount]).toEqual([4_000_000, 400_000]);
        } finally {
          await setRate(Number(w.currencyRate));
        }
      }));
  });
}

describe("a picture card without JavaScript", () => {
  test("the pictures uploaded with the first post are kept for the one that accepts the new rate", () =>
    e2e.withPage(false, async (page) => {
      const advert = await freshOffer(0, 7_800);
      const seller = await newSeller(e2e.server.apiUrl, "quote-pic");
      await signInAs(page, e2e.server.url, false, seller, `/sellCard/${advert}`);
      const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 20, g: 120, b: 60 } } }).png().toBuffer();
      await page.getByLabel(/Card face/).fill("40");
      await page.getByTestId("image-files").setInputFiles({ name: "card.png", mimeType: "image/png", buffer: png });
      await changeDiscount(advert, 5_000);
      await page.getByRole("button", { name: "Sell", exact: true }).click();
      await page.getByTestId("ask-again").waitFor();
      expect(await page.getByTestId("kept-images").innerText()).toContain("1 picture is uploaded.");
      await page.getByRole("button", { name: "Sell at the new rate" }).click();
      await page.waitForURL(/\/orderDetails\/\d+$/);
      const token = await api.login(seller);
      const detail = await api.call<{ orderInfo: { calculateTotalPrice: number }; orderDetails: { cardImg: string } }>("/order/getOrderDetails", { id: orderIdOf(page) }, token);
      expect(detail.orderInfo.calculateTotalPrice).toBe(2_000);
      expect(detail.orderDetails.cardImg.split("|")).toHaveLength(1);
    }));
});

describe("BTC transfers", () => {
  const transferOf = async (hash: string) => {
    const list = await api.call<{ list: { transactionId: string; price: number; coins: number }[] }>("/admin/virtualCoin/list", {}, await api.login(ADMIN));
    return list.list.find((o) => o.transactionId === hash);
  };
  const fill = async (page: Page, hash: string) => {
    await page.getByLabel("Amount (BTC)").fill("0.01");
    await page.getByLabel(/address \(sent from\)/).fill("bc1qquotetestsender");
    await page.getByLabel("Transaction hash").fill(hash);
  };

  test("without JavaScript the price the page showed stands while the market moves", () =>
    e2e.withPage(false, async (page) => {
      btcPrice = "60000.00";
      await new Promise((r) => setTimeout(r, 5_500)); // the feed caches a price for 5 s
      const seller = await newSeller(e2e.server.apiUrl, "quote-btc");
      await signInAs(page, e2e.server.url, false, seller, "/sellVirtualCoin?type=btc");
      expect(await page.getByTestId("price").innerText()).toBe("1 BTC = $60,000.00");
      btcPrice = "70000.00";
      await new Promise((r) => setTimeout(r, 5_500));
      const hash = `e2e-quote-${Date.now()}`;
      await fill(page, hash);
      await page.getByRole("button", { name: "Submit" }).click();
      await page.getByText("Success", { exact: true }).first().waitFor();
      const order = await transferOf(hash);
      expect([order?.price, order?.coins]).toEqual([6_000_000, coinsForCrypto(1_000_000, { price: 6_000_000, usdRate: 10_000, discount: 9_500 })]);
    }));

  for (const js of [true, false]) {
    test(`JavaScript ${js ? "on" : "off"}: a quote that ran out is asked again at the price now, with one button`, () =>
      e2e.withPage(js, async (page) => {
        btcPrice = "65000.00";
        await new Promise((r) => setTimeout(r, 5_500));
        const seller = await newSeller(e2e.server.apiUrl, `quote-btc-late-${js ? "j" : "n"}`);
        await signInAs(page, e2e.server.url, js, seller, "/sellVirtualCoin?type=btc");
        // The quote the page holds is 3 minutes old when posted (its time rewritten on the way: as if she had waited).
        let rewritten = false;
        await page.route("**/sellVirtualCoin*", async (route) => {
          const req = route.request();
          if (req.method() !== "POST" || rewritten) return route.continue();
          rewritten = true;
          const body = new URLSearchParams(req.postData() ?? "");
          body.set("quoteAt", String(Number(body.get("quoteAt")) - 180_000));
          return route.continue({ postData: body.toString() });
        });
        const hash = `e2e-quote-late-${js ? "j" : "n"}-${Date.now()}`;
        await fill(page, hash);
        await page.getByRole("button", { name: "Submit" }).click();
        const asked = page.getByTestId("ask-again");
        await asked.waitFor();
        const coins = coinsForCrypto(1_000_000, { price: 6_500_000, usdRate: 10_000, discount: 9_500 });
        expect(await asked.innerText()).toBe(`The price you saw has expired: 0.01 BTC pays ${(coins / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })} Coins now. Report at this price?`);
        expect(await page.getByLabel("Transaction hash").inputValue()).toBe(hash);
        await shotFromTop(page, `quote-btc-asked-${js ? "js" : "nojs"}`, js);
        await page.getByRole("button", { name: "Report at this price" }).click();
        await page.getByText("Success", { exact: true }).first().waitFor();
        expect((await transferOf(hash))?.price).toBe(6_500_000);
      }));
  }

  test("with JavaScript the live price swaps the quote in, and the order is at the price on screen", () =>
    e2e.withPage(true, async (page) => {
      btcPrice = "61000.00";
      await new Promise((r) => setTimeout(r, 5_500));
      const seller = await newSeller(e2e.server.apiUrl, "quote-btc-live");
      await signInAs(page, e2e.server.url, true, seller, "/sellVirtualCoin?type=btc");
      expect(await page.getByTestId("price").innerText()).toBe("1 BTC = $61,000.00");
      btcPrice = "62000.00";
      await expect.poll(() => page.getByTestId("price").innerText(), { timeout: 20_000 }).toBe("1 BTC = $62,000.00");
      const hash = `e2e-quote-live-${Date.now()}`;
      await fill(page, hash);
      await page.getByRole("button", { name: "Submit" }).click();
      await page.getByText("Success", { exact: true }).first().waitFor();
      expect((await transferOf(hash))?.price).toBe(6_200_000);
    }));
});

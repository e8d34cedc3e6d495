/**
 * The demo world's figures agree with each other, with JavaScript on and off:
 * a merchant's offers count the trades its page counts (each offer's trades are its completed
 * orders, so together they are the merchant's), and the demo seller's points name no completed
 * order it has not made. Then one more sale: the offer and the page count it alike.
 */
import { describe, expect, test } from "vitest";
import { apiClient } from "./support/api";
import { shot, signInAs } from "./support/browser";
import { useServerAndBrowser } from "./support/suite";
import { newSeller } from "./support/users";

const e2e = useServerAndBrowser({ failureShots: "demo-figures" });
const api = apiClient(() => e2e.server.apiUrl);

const SELLER = { email: "seller@demo.test", password: "demo1234" };
const SWIFT = { email: "merchant1@demo.test", password: "demo1234" };

interface Offer {
  id: number;
  userid: number;
  nickname: string;
  totalTrade: number;
  favourableNum: number;
}
interface Stats {
  tradeNum: number;
  favourableNum: number;
}

/** Every listed offer of every card type. */
async function allOffers(): Promise<Offer[]> {
  const types = await api.call<{ list: { id: number }[] }>("/cardType/getCardType");
  const lists = await Promise.all(types.list.map((t) => api.call<{ list: Offer[] }>("/advert/getAdvertList", { cardTypeId: t.id })));
  return lists.flatMap((l) => l.list);
}
const statsOf = async (userId: number) => (await api.call<{ statistics: Stats }>("/userInfo/getUserInfo", { userId })).statistics;

/** The figures of every merchant with offers: its offers' trades and positive feedback never more than its page's. */
async function expectOffersAgree() {
  const offers = await allOffers();
  for (const merchant of new Set(offers.map((o) => o.userid))) {
    const mine = offers.filter((o) => o.userid === merchant);
    const stats = await statsOf(merchant);
    const name = mine[0]!.nickname;
    expect(mine.reduce((n, o) => n + o.totalTrade, 0), `${name}'s offers' trades`).toBeLessThanOrEqual(stats.tradeNum);
    expect(mine.reduce((n, o) => n + o.favourableNum, 0), `${name}'s offers' positive feedback`).toBeLessThanOrEqual(stats.favourableNum);
  }
  return offers;
}

for (const js of [true, false]) {
  const tag = js ? "js" : "nojs";
  describe(`the demo world's figures ${js ? "with" : "without"} JavaScript`, () => {
    test("offers count the trades their merchants' pages count; the seller's points name no order it has not made", () =>
      e2e.withPage(js, async (page) => {
        const offers = await expectOffersAgree();
        const swiftId = await api.userId(await api.login(SWIFT));
        const swift = offers.find((o) => o.userid === swiftId)!;

        // On the pages: SwiftCards' offer says no more trades than SwiftCards' page.
        await signInAs(page, e2e.server.url, js, SELLER, `/sellCard/${swift.id}`);
        const onOffer = Number((await page.getByText(/^[\d,]+ trades$/).first().innerText()).replace(/[^\d]/g, ""));
        expect(onOffer).toBe(swift.totalTrade);
        await page.goto(`${e2e.server.url}/userInfo/${swiftId}`);
        await page.waitForLoadState("load");
        expect(onOffer).toBeLessThanOrEqual(Number((await page.getByTestId("stat-trades").innerText()).replace(/[^\d]/g, "")));

        // The seller's points: as many "Completed order" records as completed orders at most.
        await page.goto(`${e2e.server.url}/profile`);
        await page.waitForLoadState("load");
        const trades = Number((await page.getByTestId("stat-trades").innerText()).replace(/[^\d]/g, ""));
        await page.goto(`${e2e.server.url}/memberShipCenter/wealthRecord`);
        await page.waitForLoadState("load");
        const records = await page.locator("main").innerText();
        expect(records.split("Completed order").length - 1).toBeLessThanOrEqual(trades);
        await shot(page, `vip-records-390-${tag}`);
      }));
  });
}

describe("a sale counted alike", () => {
  test("one more completed order adds one trade to the offer and to the merchant's page", async () => {
    const merchantToken = await api.login(SWIFT);
    const merchantId = await api.userId(merchantToken);
    const seller = await newSeller(e2e.server.apiUrl, "figures");
    const sellerToken = await api.login(seller);
    const advert = await api.findAdvert(merchantId, 1, 10_000);
    const before = { offer: (await allOffers()).find((o) => o.id === advert.id)!.totalTrade, page: (await statsOf(merchantId)).tradeNum };
    const id = await api.sellECode(sellerToken, merchantId, 10_000, `FIGURES${Date.now()}`);
    await api.call("/merchant/order/view", { id }, merchantToken);
    await api.call("/merchant/order/complete", { id }, merchantToken);
    expect((await allOffers()).find((o) => o.id === advert.id)!.totalTrade).toBe(before.offer + 1);
    expect((await statsOf(merchantId)).tradeNum).toBe(before.page + 1);
    await expectOffersAgree();
  });
});

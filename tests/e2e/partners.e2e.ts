/**
 * Partners (docs/product/screens.md, docs/product/statuses.md; ADR 0021), with JavaScript on and off, each as a seller of its own: from
 * the offer list to a merchant's page, trust it (Trusted on /partnerList), block it (its offers
 * leave the list, its old offer page says why), cancel the block from /partnerList (the offers are
 * back). Guests see the page, and their buttons lead to login; /partnerList asks them to log in.
 */
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { MESSAGES } from "../../contract/messages";
import { YOU_BLOCKED_MERCHANT } from "../../backend/modules/relationships/blocks";
import { formatVolume } from "../../app/services/money/format";
import { apiClient } from "./support/api";
import { cutTexts, shot, shotFromTop, signInAs } from "./support/browser";
import { useServerAndBrowser } from "./support/suite";
import { newSeller } from "./support/users";

const e2e = useServerAndBrowser({ failureShots: "partners" });
const { call, login, userId, findAdvert, sellECode } = apiClient(() => e2e.server.apiUrl);

const toast = (page: Page, text: string) => page.locator('[role="status"][aria-live="polite"]').getByText(text, { exact: true }).first().waitFor();

/** merchant1, one of its online offers and its nickname. */
async function merchant1() {
  const id = await userId(await login({ email: "merchant1@demo.test", password: "demo1234" }));
  const advert = await findAdvert(id, 1, 10_000);
  const { profile } = await call<{ profile: { nickname: string } }>("/userInfo/getUserInfo", { userId: id });
  return { id, advert, nickname: profile.nickname };
}

async function settle(page: Page, js: boolean) {
  await page.waitForLoadState("load");
  if (js) await page.locator("[data-hydrated]").waitFor({ state: "attached" });
}

/**
 * At 390 px, a row's figures show whole even for the busiest merchant: with the demo world's small
 * sums in place of a volume of 999,999.99k coins, no figure is cut (its text is no wider than its box).
 */
async function expectFiguresUncut(page: Page, nickname: string) {
  const row = page.getByTestId("partner-row").filter({ hasText: nickname });
  const traded = row.locator("dd").nth(1);
  await traded.evaluate((dd, text) => (dd.textContent = text), `${formatVolume("99999999000")} Coins`);
  expect(await cutTexts(row)).toEqual([]);
}

const merchantLinks = (page: Page, nickname: string) => page.getByTestId("merchant-name").filter({ hasText: nickname });

for (const js of [true, false]) {
  const mode = js ? "with JavaScript" : "without JavaScript";
  const tag = js ? "js" : "nojs";
  describe(`partners ${mode}`, () => {
    test("trust a merchant from its page, block it (offers gone, old offer says why), unblock from /partnerList", () =>
      e2e.withPage(js, async (page) => {
        const m = await merchant1();
        const seller = await newSeller(e2e.server.apiUrl, "partners");
        const list = `/advertList/${m.advert.cardtypeid}`;
        await signInAs(page, e2e.server.url, js, seller, list);

        // The offer list: the merchant's name opens its page.
        const before = await merchantLinks(page, m.nickname).count();
        expect(before).toBeGreaterThan(0);
        await merchantLinks(page, m.nickname).first().click();
        await page.waitForURL((u) => u.pathname === `/userInfo/${m.id}`);
        await settle(page, js);
        expect(await page.getByTestId("user-nickname").innerText()).toBe(m.nickname);
        expect(await page.getByTestId("trades-with-you").innerText()).toBe("Trades with you: 0");
        await page.getByText("Verified merchant").first().waitFor({ state: "attached" });

        // Trust: the page says so, and /partnerList lists it under Trusted.
        await page.getByRole("button", { name: "Trust", exact: true }).click();
        await toast(page, MESSAGES.success);
        await page.getByTestId("relationship").filter({ hasText: "Trusted" }).waitFor();
        await page.getByRole("button", { name: "Cancel trust" }).waitFor();
        await shot(page, `partners-userinfo-390-${tag}`);
        await page.goto(`${e2e.server.url}/partnerList`);
        await settle(page, js);
        await page.getByTestId("partner-row").filter({ hasText: m.nickname }).waitFor();
        await shot(page, `partners-trusted-390-${tag}`);
        await expectFiguresUncut(page, m.nickname);

        // Block (from its page, reached from the row): the trust becomes a block.
        await page.getByTestId("partner-row").filter({ hasText: m.nickname }).getByRole("link").click();
        await page.waitForURL((u) => u.pathname === `/userInfo/${m.id}`);
        await settle(page, js);
        await page.getByRole("button", { name: "Block", exact: true }).click();
        await toast(page, MESSAGES.success);
        await page.getByTestId("relationship").filter({ hasText: "Blocked" }).waitFor();
        await page.getByRole("button", { name: "Unblock" }).waitFor();

        // Its offers are gone from the list, and its old offer page says why.
        await page.goto(`${e2e.server.url}${list}`);
        await settle(page, js);
        await page.getByRole("heading", { level: 1 }).waitFor();
        expect(await merchantLinks(page, m.nickname).count()).toBe(0);
        await page.goto(`${e2e.server.url}/sellCard/${m.advert.id}`);
        await settle(page, js);
        await page.getByText(YOU_BLOCKED_MERCHANT, { exact: true }).waitFor();
        await shot(page, `partners-blocked-offer-390-${tag}`);

        // Blocked users (the link on that page), cancel the block there.
        await page.getByRole("link", { name: "Blocked users" }).click();
        await page.waitForURL((u) => u.pathname === "/partnerList" && u.searchParams.get("type") === "2");
        await settle(page, js);
        const row = page.getByTestId("partner-row").filter({ hasText: m.nickname });
        await row.waitFor();
        await shot(page, `partners-blocked-390-${tag}`);
        await row.getByRole("button", { name: "Cancel" }).click();
        await toast(page, MESSAGES.success);
        await page.getByText("You have not blocked anyone").waitFor();
        expect(new URL(page.url()).searchParams.get("type")).toBe("2");

        // The offers are back.
        await page.goto(`${e2e.server.url}${list}`);
        await settle(page, js);
        await merchantLinks(page, m.nickname).first().waitFor();
        expect(await merchantLinks(page, m.nickname).count()).toBe(before);
      }));

    test("after blocking a merchant, Home counts the offers its list shows: the counts are the viewer's", () =>
      e2e.withPage(js, async (page) => {
        const m = await merchant1();
        const cardTypeId = m.advert.cardtypeid;
        const seller = await newSeller(e2e.server.apiUrl, "homecount");
        const token = await login(seller);
        const offers = async () => (await call<{ list: { userid: number }[] }>("/advert/getAdvertList", { cardTypeId }, token)).list;
        const tile = page.locator(`a[data-testid="card-type"][href="/advertList/${cardTypeId}"]`);
        const tileCount = async () => Number((await tile.innerText()).match(/(\d+) offers?/)?.[1] ?? "0");

        await signInAs(page, e2e.server.url, js, seller, "/home?promo=closed");
        const before = await offers();
        const theirs = before.filter((a) => a.userid === m.id).length;
        expect(theirs).toBeGreaterThan(0);
        expect(await tileCount()).toBe(before.length);

        await call("/userRelationship/addBlock", { toUser: m.id }, token);
        try {
          await page.goto(`${e2e.server.url}/home?promo=closed`);
          const after = await offers();
          expect(after.length).toBe(before.length - theirs);
          expect(await tileCount()).toBe(after.length);
          await shotFromTop(page, `home-counts-blocked-390-${tag}`, js);
          // Its list says the same.
          await tile.click();
          await page.waitForURL((u) => u.pathname === `/advertList/${cardTypeId}`);
          await settle(page, js);
          expect(await page.getByRole("article", { name: /^Offer by / }).count()).toBe(after.length);
          // Everyone else still counts them (a guest here).
          const guest = (await call<{ list: { id: number; totalAdvert: number }[] }>("/cardType/getCardType", {})).list.find((c) => c.id === cardTypeId);
          expect(guest?.totalAdvert).toBe(before.length);
        } finally {
          await call("/userRelationship/cancelRelationship", { toUser: m.id }, token);
        }
      }));

    test("a guest sees a user's page and its feedback by type; Trust leads to login; /partnerList asks to log in", () =>
      e2e.withPage(js, async (page) => {
        const m = await merchant1();
        // A seller's comment on a completed order with merchant1: what its page lists.
        const seller = await login(await newSeller(e2e.server.apiUrl, "partners-fb"));
        const merchantToken = await login({ email: "merchant1@demo.test", password: "demo1234" });
        const orderId = await sellECode(seller, m.id, 10_000, `FB-${tag}-${Date.now()}`);
        await call("/merchant/order/view", { id: orderId }, merchantToken);
        await call("/merchant/order/complete", { id: orderId }, merchantToken);
        const comment = `Fast and fair ${tag} ${Date.now()}`;
        await call("/userFeedback/addFeedback", { feedback: { orderid: orderId, starLevel: 4, type: 1, content: comment } }, seller);

        await page.goto(`${e2e.server.url}/userInfo/${m.id}`);
        await settle(page, js);
        expect(await page.getByTestId("user-nickname").innerText()).toBe(m.nickname);
        await page.getByRole("heading", { name: "Feedback" }).waitFor();
        const item = page.getByTestId("feedback-item").filter({ hasText: comment });
        await item.waitFor();
        await item.getByRole("img", { name: "4 of 5 stars" }).waitFor();
        await shot(page, `partners-userinfo-guest-390-${tag}`);
        await page.getByRole("link", { name: "Negative", exact: true }).click();
        await page.waitForURL((u) => u.searchParams.get("type") === "2");
        await settle(page, js);
        await page.getByRole("heading", { name: "Feedback" }).waitFor();
        expect(await page.getByTestId("feedback-item").filter({ hasText: comment }).count()).toBe(0);
        await page.getByRole("link", { name: "Positive", exact: true }).click();
        await page.waitForURL((u) => u.searchParams.get("type") === "1");
        await page.getByTestId("feedback-item").filter({ hasText: comment }).waitFor();
        expect(await page.getByTestId("trades-with-you").count()).toBe(0);
        await page.getByRole("link", { name: "Trust", exact: true }).click();
        await page.waitForURL((u) => u.pathname.toLowerCase() === "/login" && u.searchParams.get("redirectTo") === `/userInfo/${m.id}`);

        await page.goto(`${e2e.server.url}/partnerList`);
        await settle(page, js);
        await page.getByText(MESSAGES.goToLogin).first().waitFor();
        // An unknown user is a 404 page, not an error.
        await page.goto(`${e2e.server.url}/userInfo/987654321`);
        await page.getByText("This user does not exist.").first().waitFor();
      }));
  });
}

/**
 * The rate calculator (docs/product/selling.md, ADR 0072), as a guest, with JavaScript on and off:
 * she prices a card on /home; the offer list says what each offer pays in coins and naira, best
 * first, exactly as the backend's list and the one home of money formulas work it out; the address
 * opened afresh shows the same; a new amount updates the offers (with JavaScript, as she types,
 * without a page load); her Sell leads through sign-in to the sell form with her face kept.
 */
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import type { AdvertWithMerchant } from "../../contract/entities";
import { isOnline } from "../../contract/enums";
import { offersPaying } from "../../contract/rate-calculator";
import { sellOfferOf } from "../../contract/sell-rules";
import { formatCoinsWithName, formatNgnHundredths } from "../../app/services/money/format";
import { apiClient } from "./support/api";
import { pageReady, shotFromTop, shotOf } from "./support/browser";
import { useServerAndBrowser } from "./support/suite";
import { newSeller } from "./support/users";

const e2e = useServerAndBrowser({ failureShots: "rate-calculator" });
const { call } = apiClient(() => e2e.server.apiUrl);
const CARD = "Apple Gift Card";

/** What the offer list must say for a USD card of this face (hundredths), either form, in its order: online first, most paying first. */
async function expected(cardTypeId: number, face: number) {
  const { list, bestNgnRate } = await call<{ list: AdvertWithMerchant[]; bestNgnRate: number | null }>("/advert/getAdvertList", { cardTypeId, currency: "USD" });
  const paying = offersPaying({ face, form: null, currency: "USD" }, list.map((a) => ({ ...sellOfferOf(a), discount: a.discount, a })), bestNgnRate);
  const rows = [...paying.filter((p) => isOnline(p.offer.a.onlineStatus)), ...paying.filter((p) => !isOnline(p.offer.a.onlineStatus))];
  expect(bestNgnRate).not.toBeNull();
  return {
    pays: rows.map(({ pays }) => `You get ${formatCoinsWithName(pays.coins, "Coins")} ≈ ${formatNgnHundredths(BigInt(pays.naira!))}`),
    sells: rows.filter((r) => isOnline(r.offer.a.onlineStatus)).map((r) => r.offer.a.id),
  };
}

const paysShown = (page: Page) => page.getByTestId("offer-pays").allInnerTexts();
const sellIds = async (page: Page) =>
  (await page.getByTestId("offer").getByRole("link", { name: "Sell", exact: true }).evaluateAll((links) => links.map((l) => (l as HTMLAnchorElement).getAttribute("href")!)));
/** The face the sell form holds: the typed amount, or the fixed face chosen. */
const formFace = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll<HTMLInputElement>('input[name="face"]')].find((i) => i.type !== "radio" || i.checked)?.value ?? null);

for (const js of [true, false]) {
  const mode = js ? "with JavaScript" : "without JavaScript";
  const tag = js ? "js" : "nojs";
  describe(`rate calculator ${mode}`, () => {
    test("a guest prices a card on /home, shares the link, changes the amount, and her Sell keeps the face through sign-in", () =>
      e2e.withPage(js, async (page) => {
        const types = await call<{ list: { id: number; nameEn: string }[] }>("/cardType/getCardType");
        const cardTypeId = types.list.find((c) => c.nameEn === CARD)!.id;

        // The promo (shown once a visit) is not what this test is about.
        await page.goto(`${e2e.server.url}/home?promo=closed`);
        await pageReady(page, js);
        const calc = page.getByRole("form", { name: "What is my card worth?" });
        await calc.getByLabel("Gift card").selectOption({ label: CARD });
        await calc.getByLabel("Currency").selectOption("USD");
        await calc.getByLabel("Card face").fill("100");
        expect(await calc.getByLabel("Card form").inputValue()).toBe("");
        await shotOf(calc, `rate-calculator-home-390-${tag}`);
        await calc.getByRole("button", { name: "See what it pays" }).click();
        await page.waitForURL((u) => u.pathname === `/advertList/${cardTypeId}`);
        await pageReady(page, js);
        const shared = page.url();
        expect(new URL(shared).search).toBe("?currency=USD&amount=100");

        const at100 = await expected(cardTypeId, 10_000);
        expect(at100.pays.length).toBeGreaterThan(1);
        await page.getByText("What a 100 USD card pays, best first").waitFor();
        expect(await paysShown(page)).toEqual(at100.pays);
        expect(await sellIds(page)).toEqual(at100.sells.map((id) => `/sellCard/${id}?face=100`));
        await shotFromTop(page, `rate-calculator-priced-390-${tag}`, js);

        // The link she shares opens the same result.
        const fresh = await page.context().newPage();
        await fresh.goto(shared);
        await pageReady(fresh, js);
        expect(await paysShown(fresh)).toEqual(at100.pays);
        await fresh.close();

        // A new amount: with JavaScript the offers follow her typing in the same document, and the
        // address follows them; without it, Apply loads the page.
        const at50 = await expected(cardTypeId, 5_000);
        expect(at50.pays).not.toEqual(at100.pays);
        await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
        await page.getByLabel("Or type the face").fill("50");
        if (!js) await page.getByRole("button", { name: "Apply filters" }).click();
        await page.getByText("What a 50 USD card pays, best first").waitFor();
        await page.waitForURL((u) => u.searchParams.get("amount") === "50");
        expect(await paysShown(page)).toEqual(at50.pays);
        expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true)).toBe(js);
        expect(await page.getByLabel("Or type the face").inputValue()).toBe("50");
        await shotFromTop(page, `rate-calculator-typed-390-${tag}`, js);

        // Not a number: said at the field, what she typed kept, no offer priced.
        await page.getByLabel("Or type the face").fill("abc");
        if (!js) await page.getByRole("button", { name: "Apply filters" }).click();
        await page.getByText("Enter the card face as a number, for example 100 or 25.50.").waitFor();
        expect(await page.getByLabel("Or type the face").inputValue()).toBe("abc");
        expect(await page.getByTestId("offer-pays").count()).toBe(0);
        await page.getByLabel("Or type the face").fill("50");
        if (!js) await page.getByRole("button", { name: "Apply filters" }).click();
        await page.getByText("What a 50 USD card pays, best first").waitFor();

        // Her Sell: the sell form with her face, then sign-in, then the same form with it still.
        const first = at50.sells[0]!;
        await page.getByTestId("offer").getByRole("link", { name: "Sell", exact: true }).first().click();
        await page.waitForURL((u) => u.pathname === `/sellCard/${first}`);
        await pageReady(page, js);
        await expect.poll(() => formFace(page)).toBe("50");
        await page.getByRole("link", { name: "Sell", exact: true }).click();
        if (js) await page.getByRole("button", { name: "Confirm" }).click();
        await page.waitForURL((u) => u.pathname === "/login");
        expect(new URL(page.url()).searchParams.get("redirectTo")).toBe(`/sellCard/${first}?face=50`);
        await pageReady(page, js);
        const seller = await newSeller(e2e.server.apiUrl, `calc-${tag}`);
        await page.getByLabel("Email").fill(seller.email);
        await page.getByLabel("Password", { exact: true }).fill(seller.password);
        await page.getByRole("button", { name: "Sign In", exact: true }).click();
        await page.waitForURL((u) => u.pathname === `/sellCard/${first}` && u.searchParams.get("face") === "50");
        await pageReady(page, js);
        await expect.poll(() => formFace(page)).toBe("50");
        await shotFromTop(page, `rate-calculator-sell-form-390-${tag}`, js);
      }));
  });
}

/**
 * The merchant's offers as the merchant meets them at 390 px, with JavaScript
 * on and off: an offer's rate reads as sellers read it ("1.016 Coins / GBP"), an offer of fixed
 * faces lists them, the editor asks for that rate (the discount beside it) and saves it, a rate
 * it cannot read is refused at the field and kept; "Go offline" stays on one line and the desk's
 * Status filter shows its whole choice. Screenshots of /desk/offers, the editor and /desk.
 */
import type { Locator } from "playwright-core";
import { describe, expect, test } from "vitest";
import { apiClient } from "./support/api";
import { shot, signInAs } from "./support/browser";
import { useServerAndBrowser } from "./support/suite";

const e2e = useServerAndBrowser({ failureShots: "desk-offers" });
const api = apiClient(() => e2e.server.apiUrl);

const MERCHANT = { email: "merchant6@demo.test", password: "demo1234" };

/** Lines the element's text takes (its text's line boxes). */
const lines = (el: Locator) =>
  el.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
  });

/**
 * Whether a select's chosen option fits inside it: its text, in the select's font, within the
 * padding and what Chromium's own select takes inside it (a 4 px inset and its arrow, 20 px: at
 * 390 px "Open orders" took 99 px of the 115 inside the padding and showed "Open order").
 */
const NATIVE_SELECT_CHROME = 24;
const selectFits = (select: Locator) =>
  select.evaluate((el, chrome) => {
    const s = el as HTMLSelectElement;
    const style = getComputedStyle(s);
    const probe = document.createElement("span");
    probe.textContent = s.selectedOptions[0]!.text;
    probe.style.cssText = `position:absolute;visibility:hidden;white-space:pre;font:${style.font};letter-spacing:${style.letterSpacing}`;
    document.body.append(probe);
    const text = probe.getBoundingClientRect().width;
    probe.remove();
    const room = s.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - chrome;
    return text <= room;
  }, NATIVE_SELECT_CHROME);

for (const js of [true, false]) {
  const tag = js ? "js" : "nojs";
  describe(`the merchant's offers ${js ? "with" : "without"} JavaScript`, () => {
    test("rates as sellers read them, fixed faces listed, the editor asks for the rate; Go offline on one line, the Status filter whole", () =>
      e2e.withPage(js, async (page) => {
        const token = await api.login(MERCHANT);
        const types = await api.call<{ list: { id: number }[] }>("/cardType/getCardType", {});
        const { id } = await api.call<{ id: number }>(
          "/merchant/advert/create",
          {
            cardTypeId: types.list[0]!.id,
            cardType: 1,
            tradeCurrency: "GBP",
            discount: 10_160,
            minTrade: 1_000,
            maxTrade: 20_000,
            fixTrade: "2000|5000|10000",
            payLimit: 30,
            tagListEn: "",
            explainInfo: "",
            tradeAmount: 100_000,
            codesPerOrder: 0,
          },
          token,
        );

        await signInAs(page, e2e.server.url, js, MERCHANT, "/desk/offers");
        const item = page.locator(`[data-testid="desk-offer"][data-advert-id="${id}"]`);
        const said = await item.innerText();
        expect(said).toContain("1.016 Coins / GBP");
        expect(said).toContain("Faces 20, 50, 100 GBP");
        expect(said).not.toMatch(/per GBP 1|Face 10–200/);
        expect(await lines(page.getByTestId("online-switch").getByRole("button"))).toBe(1);
        await shot(page, `desk-offers-390-${tag}`);

        // The editor: the rate as sellers see it, the discount beside it; a new rate saved.
        await item.getByRole("link", { name: /Edit/ }).click();
        await page.waitForURL((u) => u.pathname === `/desk/offers/${id}`);
        const form = page.getByTestId("offer-form");
        const rate = form.getByLabel(/^Rate/);
        expect(await rate.inputValue()).toBe("1.016");
        const hint = await form.getByTestId("offer-rate-hint").innerText();
        expect(hint).toContain("Sellers see 1.016 Coins / GBP");
        expect(hint).toContain("discount 10160 per 10000");
        expect(await form.innerText()).not.toContain("Discount (per 10000)");
        await shot(page, `desk-offer-editor-390-${tag}`);

        await rate.fill("0.9x");
        await form.getByRole("button", { name: "Save offer" }).click();
        // The field's error line is always there (reserved): its words come with the answer.
        await expect.poll(() => form.locator("#offer-discount-error").innerText()).toBe("Enter the rate sellers see: 0.0001 to 5.00 per unit of face, with at most 4 decimals.");
        expect(await rate.inputValue()).toBe("0.9x");

        await rate.fill("0.955");
        await form.getByRole("button", { name: "Save offer" }).click();
        await page.waitForURL((u) => u.pathname === "/desk/offers");
        const saved = await api.call<{ discount: number }>("/merchant/advert/detail", { id }, token);
        expect(saved.discount).toBe(9_550);
        await page.locator(`[data-testid="desk-offer"][data-advert-id="${id}"]`).getByText("0.955 Coins / GBP").waitFor();

        // The desk's Status filter shows "Open orders" whole.
        await page.goto(`${e2e.server.url}/desk`);
        await page.waitForLoadState("load");
        const status = page.getByLabel("Status", { exact: true });
        expect(await status.evaluate((s) => (s as HTMLSelectElement).selectedOptions[0]!.text)).toBe("Open orders");
        expect(await selectFits(status)).toBe(true);
        await shot(page, `desk-queue-390-${tag}`);
      }));
  });
}

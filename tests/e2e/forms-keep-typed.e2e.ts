/**
 * Forms that fail keep what was typed (ADR 0061): a refused post answers with
 * every field as the user left it (passwords, trade passwords and codes excepted: those are typed
 * again) and the message at its field (the control's aria-describedby names it). Walked without
 * JavaScript, where the page comes back from the server, and the KYC form with it too.
 */
import sharp from "sharp";
import { describe, expect, test } from "vitest";
import type { Locator } from "playwright-core";
import { apiClient, bankAccountOf } from "./support/api";
import { shot, signInAs } from "./support/browser";
import { KYC_TYPED, fillKycFields } from "./support/kyc";
import { useServerAndBrowser } from "./support/suite";
import { newSeller } from "./support/users";

const e2e = useServerAndBrowser({ failureShots: "forms-keep-typed" });
const { call, login, userId, sellECode, findAdvert } = apiClient(() => e2e.server.apiUrl);
const MERCHANT = { email: "merchant1@demo.test", password: "demo1234" };
const ADMIN = { email: "admin@demo.test", password: "demo1234" };
const SELLER = { email: "seller@demo.test", password: "demo1234" };
const WITHDRAWER = { email: "withdrawer1@demo.test", password: "demo1234" };

/** The texts a control's aria-describedby points at: its hint and, once refused, its message. */
const describedBy = (control: Locator) =>
  control.evaluate((el) =>
    (el.getAttribute("aria-describedby") ?? "")
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent?.trim() ?? "")
      .join(" | "),
  );

const idPhoto = () => sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 60, g: 90, b: 140 } } }).jpeg().toBuffer();

for (const js of [false, true]) {
  const mode = js ? "with JavaScript" : "without JavaScript";
  describe(`a refused form keeps what was typed, ${mode}`, () => {
    test("Verify ID: the ID number, the ID type and the promise stay after the photos are refused", () =>
      e2e.withPage(js, async (page) => {
        const user = await newSeller(e2e.server.apiUrl, "keep-kyc");
        await signInAs(page, e2e.server.url, js, user, "/security/kycVerification?step=form");
        await fillKycFields(page);
        // Only the back photo: the front is missing, so the server refuses the post.
        await page.getByLabel("ID Card back Photo").setInputFiles({ name: "back.jpg", mimeType: "image/jpeg", buffer: await idPhoto() });
        await page.getByRole("button", { name: "Submit" }).click();
        await page.getByText("Please upload ID Card front Photo.", { exact: true }).waitFor();

        expect(await describedBy(page.getByLabel("ID Card front Photo"))).toContain("Please upload ID Card front Photo.");
        for (const [label, value] of Object.entries(KYC_TYPED)) expect(await page.getByLabel(label).inputValue()).toBe(value);
        expect(await page.getByLabel("Passport").isChecked()).toBe(true);
        expect(await page.getByLabel("I promise", { exact: false }).isChecked()).toBe(true);
        await shot(page, `keep-kyc-390-${js ? "js" : "nojs"}`);
      }));
  });
}

describe("a refused form keeps what was typed, without JavaScript", () => {
  test("the redemption code keeps the text and takes the server's refusal at its field", () =>
    e2e.withPage(false, async (page) => {
      const user = await newSeller(e2e.server.apiUrl, "keep-one");
      await signInAs(page, e2e.server.url, false, user, "/security/redemptionCode");
      const code = page.getByRole("textbox", { name: "Redemption Code" });
      await code.fill("ZZZZ2222ZZ");
      await page.getByRole("button", { name: "Confirm" }).click();
      await page.waitForLoadState("load");
      expect(await code.inputValue()).toBe("ZZZZ2222ZZ");
      expect(await describedBy(code)).toMatch(/\w/);
      expect(await code.getAttribute("aria-invalid")).toBe("true");
      await shot(page, "keep-redemption-code-390-nojs");

    }));

  test("the desk's Negotiate keeps the problem, the face, the price and the words, the price's refusal at the price", () =>
    e2e.withPage(false, async (page) => {
      const seller = await newSeller(e2e.server.apiUrl, "keep-negotiate");
      const merchantToken = await login(MERCHANT);
      const id = await sellECode(await login(seller), await userId(merchantToken), 10_000, `KEEP-${Date.now()}`);
      await call("/merchant/order/view", { id }, merchantToken);
      await signInAs(page, e2e.server.url, false, MERCHANT, `/desk/orders/${id}`);
      const form = page.getByTestId("negotiate-form");
      await form.getByLabel("Problem", { exact: true }).selectOption({ label: "Redeemed Card" });
      await form.getByLabel(/Card face you found/).fill("50");
      await form.getByLabel(/Price you propose/).fill("999999");
      await form.getByLabel("Explain the problem to the seller").fill("It redeemed for 50 only.");
      await form.getByRole("button", { name: "Send the proposal" }).click();
      await page.waitForLoadState("load");
      const price = form.getByLabel(/Price you propose/);
      expect(await describedBy(price)).toContain("The proposed price must not exceed");
      expect(await price.inputValue()).toBe("999999");
      expect(await form.getByLabel(/Card face you found/).inputValue()).toBe("50");
      expect(await form.getByLabel("Explain the problem to the seller").inputValue()).toBe("It redeemed for 50 only.");
      expect(await form.getByLabel("Problem", { exact: true }).locator("option:checked").innerText()).toBe("Redeemed Card");
      await shot(page, "keep-negotiate-390-nojs");
    }));

  test("staff's new redemption codes keep the kind and the numbers, the value's refusal at the value", () =>
    e2e.withPage(false, async (page) => {
      await signInAs(page, e2e.server.url, false, ADMIN, "/staff/redemption");
      await page.getByLabel("Kind").selectOption("points");
      await page.getByLabel("Value of each code").fill("ten");
      await page.getByLabel(/How many codes/).fill("7");
      await page.getByLabel("Codes one user may redeem").fill("2");
      await page.getByLabel("Valid for (days)").fill("9");
      await page.getByRole("button", { name: "Create codes" }).click();
      await page.waitForLoadState("load");
      const value = page.getByLabel("Value of each code");
      expect(await describedBy(value)).toMatch(/value/i);
      expect(await value.inputValue()).toBe("ten");
      expect(await page.getByLabel("Kind").inputValue()).toBe("points");
      expect(await page.getByLabel(/How many codes/).inputValue()).toBe("7");
      expect(await page.getByLabel("Codes one user may redeem").inputValue()).toBe("2");
      expect(await page.getByLabel("Valid for (days)").inputValue()).toBe("9");
      await shot(page, "keep-staff-redemption-390-nojs");
    }));
});

/** A withdrawal of 20 coins the demo seller sends to withdrawer1 (CashPointNG), waiting for it. */
async function waitingWithdrawal(): Promise<number> {
  const token = await login(SELLER);
  const { list } = await call<{ list: { id: number; nickname: string }[] }>("/userWithdraw/getWithdrawer", { currency: "NGN" }, token);
  const withdrawerId = list.find((w) => w.nickname === "CashPointNG")!.id;
  return (await call<{ id: number }>("/userWithdraw/applyWithdraw", { withdrawerId, amount: 2_000, userPaymentId: await bankAccountOf(call, token), tradePwd: "123456" }, token)).id;
}

for (const js of [false, true]) {
  const mode = js ? "with JavaScript" : "without JavaScript";
  describe(`the withdrawer's Cancel keeps the reason she typed, ${mode}`, () => {
    test("a reason the backend refuses comes back in the open form, the message at the field", () =>
      e2e.withPage(js, async (page) => {
        const id = await waitingWithdrawal();
        await signInAs(page, e2e.server.url, js, WITHDRAWER, `/desk/withdrawals/${id}`);
        await page.getByTestId("cancel-withdrawal").locator("summary").click();
        const reason = page.getByLabel("Reason (the seller sees it)");
        // 201 characters: more than the backend takes (a browser that ignores maxlength, a pasted text).
        const typed = `The account name does not match the name on the bank's record. ${"x".repeat(138)}`;
        expect(typed).toHaveLength(201);
        await reason.evaluate((el) => el.removeAttribute("maxlength"));
        await reason.fill(typed);
        await page.getByRole("button", { name: "Cancel withdrawal" }).click();
        await page.getByText("The reason has at most 200 characters.").waitFor();
        if (js) await page.locator("[data-hydrated]").waitFor({ state: "attached" });

        expect(await page.getByTestId("cancel-withdrawal").getAttribute("open")).not.toBeNull();
        expect(await reason.inputValue()).toBe(typed);
        expect(await describedBy(reason)).toContain("The reason has at most 200 characters.");
        await shot(page, `keep-desk-cancel-390-${js ? "js" : "nojs"}`);
      }));

    test("a withdrawal that moved on meanwhile says why her Cancel was refused, though no form is left to show it at", () =>
      e2e.withPage(js, async (page) => {
        const id = await waitingWithdrawal();
        await signInAs(page, e2e.server.url, js, WITHDRAWER, `/desk/withdrawals/${id}`);
        await page.getByTestId("cancel-withdrawal").locator("summary").click();
        await page.getByLabel("Reason (the seller sees it)").fill("The account name does not match.");
        // Staff cancel it first (an unpaid one); her Cancel then finds it moved on.
        await call("/admin/withdraw/cancel", { id, reason: "Cancelled by staff." }, await login(ADMIN));
        await page.getByRole("button", { name: "Cancel withdrawal" }).click();
        await page.waitForLoadState("load");
        const refusal = page.getByTestId("desk-actions-refusal");
        await refusal.waitFor();
        expect((await refusal.innerText()).trim()).toMatch(/\w/);
        await page.getByTestId("desk-cancelled").waitFor();
        await shot(page, `keep-desk-cancel-moved-390-${js ? "js" : "nojs"}`);
      }));
  });
}

const cardPng = async () => ({ name: "card-front.png", mimeType: "image/png", buffer: await idPhoto() });

describe("selling a card by picture: a refused post and the chosen photos", () => {
  test("without JavaScript the page cannot keep the files: it says so at the picker", () =>
    e2e.withPage(false, async (page) => {
      const seller = await newSeller(e2e.server.apiUrl, "keep-photos");
      const offer = await findAdvert(await userId(await login(MERCHANT)), 0, 5_000);
      await signInAs(page, e2e.server.url, false, seller, `/sellCard/${offer.id}`);
      await page.getByLabel(/Card face/).fill("50");
      // A photo and a file that is no picture: the post is refused before anything is uploaded.
      await page.getByTestId("image-files").setInputFiles([await cardPng(), { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not an image") }]);
      await page.getByRole("button", { name: "Sell", exact: true }).click();
      await page.waitForLoadState("load");
      const files = page.getByTestId("image-files");
      expect(await files.evaluate((el: HTMLInputElement) => el.files?.length ?? 0)).toBe(0);
      const again = page.getByTestId("choose-again");
      expect(await again.innerText()).toContain("Choose your 2 photos again");
      expect(await describedBy(files)).toContain("Choose your 2 photos again");
      await shot(page, "keep-sell-photos-390-nojs");
    }));

  test("with JavaScript the uploaded photo stays in the picker after a refusal", () =>
    e2e.withPage(true, async (page) => {
      const seller = await newSeller(e2e.server.apiUrl, "keep-photos-js");
      const offer = await findAdvert(await userId(await login(MERCHANT)), 0, 5_000);
      await signInAs(page, e2e.server.url, true, seller, `/sellCard/${offer.id}`);
      const input = page.getByTestId("image-input");
      await input.waitFor({ state: "attached" });
      await input.setInputFiles([await cardPng()]);
      await page.locator('[data-testid="image-picker"] li[data-status="done"]').waitFor({ timeout: 30_000 });
      // A face above the offer's limit: the backend refuses the order.
      await page.getByLabel(/Card face/).fill(String(offer.maxTrade / 100 + 1));
      await page.getByRole("button", { name: "Sell", exact: true }).click();
      await page.getByLabel(/Card face/).and(page.locator('[aria-invalid="true"]')).waitFor();
      expect(await page.locator('[data-testid="image-picker"] li[data-status="done"]').count()).toBe(1);
      expect(await page.locator('input[name="cardImg"]').inputValue()).toMatch(/^\/blob\/order\//);
      expect(await page.getByTestId("choose-again").count()).toBe(0);
      await shot(page, "keep-sell-photos-390-js");
    }));
});

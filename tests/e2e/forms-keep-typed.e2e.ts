/**
 * Forms that fail keep what was typed (issue 32, item 4; ADR 0061): a refused post answers with
 * every field as the user left it (passwords, trade passwords and codes excepted: those are typed
 * again) and the message at its field (the control's aria-describedby names it). Walked without
 * JavaScript, where the page comes back from the server, and the KYC form with it too.
 */
import sharp from "sharp";
import { describe, expect, test } from "vitest";
import type { Locator } from "playwright-core";
import { shot, signInAs } from "./support/browser";
import { KYC_TYPED, fillKycFields } from "./support/kyc";
import { useServerAndBrowser } from "./support/suite";
import { newSeller } from "./support/users";

const e2e = useServerAndBrowser({ failureShots: "forms-keep-typed" });

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

/**
 * Identity verification (docs/product/screens.md, docs/product/validation.md; ADR 0020), with JavaScript on and off, each as a user of its
 * own: the intro's checklist, the spec's messages, two photos sent, "Under review" with the
 * photos (only to their owner), then approved by the staff call and shown "Approved".
 */
import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { apiClient } from "./support/api";
import { cutSelects, shot, signInAs } from "./support/browser";
import { fillKycFields } from "./support/kyc";
import { useServerAndBrowser } from "./support/suite";
import { newSeller } from "./support/users";

const e2e = useServerAndBrowser({ failureShots: "kyc" });
const { call, login } = apiClient(() => e2e.server.apiUrl);

const idPhoto = (shade: number) =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: { r: shade, g: 90, b: 140 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
/** Noise does not compress: a 2000×1400 PNG of it is several megabytes. */
const bigPhoto = () =>
  sharp({ create: { width: 2000, height: 1400, channels: 3, background: { r: 120, g: 90, b: 140 }, noise: { type: "gaussian", mean: 128, sigma: 40 } } })
    .png()
    .toBuffer();

for (const js of [true, false]) {
  const mode = js ? "with JavaScript" : "without JavaScript";
  describe(`verify ID ${mode}`, () => {
    test("intro and checklist, the spec's messages, two photos sent, under review, approved by staff", () =>
      e2e.withPage(js, async (page, context) => {
        const user = await newSeller(e2e.server.apiUrl, "kyc");
        await signInAs(page, e2e.server.url, js, user, "/security/kycVerification");
        await page.getByText("all four corners visible", { exact: false }).waitFor();
        await page.getByRole("link", { name: "Continue" }).click();
        await page.waitForURL((u) => u.searchParams.get("step") === "form");
        if (js) await page.locator("[data-hydrated]").waitFor({ state: "attached" });

        await page.getByRole("button", { name: "Submit" }).click();
        for (const msg of ["Please select your ID Type.", "The Real Name must not be empty.", "The ID Number must not be empty.", "Please select your birth date.", "Please confirm the promise to submit."])
          await page.getByText(msg, { exact: true }).first().waitFor();

        // Nigeria is chosen already (most of our sellers are there); another is one tap away.
        expect(await page.getByLabel("Nationality").inputValue()).toBe("Nigeria");
        // Every choice shows whole at 390 px ("WhatsApp" was cut to "WhatsA").
        expect(await cutSelects(page.locator("main"))).toEqual([]);
        await fillKycFields(page);
        // Without the photos: each its message (from the server).
        await page.getByRole("button", { name: "Submit" }).click();
        await page.getByText("Please upload ID Card front Photo.", { exact: true }).waitFor();
        await page.getByText("Please upload ID Card back Photo.", { exact: true }).waitFor();

        // What was typed stays, without JavaScript too (ADR 0061; forms-keep-typed.e2e.ts); files cannot.
        expect(await page.getByLabel("ID number").inputValue()).toBe("A12345678");
        expect(await page.getByLabel("I promise", { exact: false }).isChecked()).toBe(true);
        if (js) {
          // A phone camera's photo, far over 2M: the browser makes it small before it goes up.
          const big = await bigPhoto();
          expect(big.length).toBeGreaterThan(2 * 1024 * 1024);
          await page.getByLabel("ID Card front Photo").setInputFiles({ name: "front.png", mimeType: "image/png", buffer: big });
          const chosen = () => page.getByLabel("ID Card front Photo").evaluate((el) => {
            const f = (el as HTMLInputElement).files?.[0];
            return f ? `${f.name} ${f.type} ${f.size < 2 * 1024 * 1024 ? "small" : "big"}` : "";
          });
          await expect.poll(chosen).toBe("id-front.jpg image/jpeg small");
        } else await page.getByLabel("ID Card front Photo").setInputFiles({ name: "front.jpg", mimeType: "image/jpeg", buffer: await idPhoto(60) });
        await page.getByLabel("ID Card back Photo").setInputFiles({ name: "back.jpg", mimeType: "image/jpeg", buffer: await idPhoto(160) });
        await shot(page, `kyc-form-390-${js ? "js" : "nojs"}`);
        await page.getByRole("button", { name: "Submit" }).click();
        await page.getByTestId("kyc-status").waitFor();
        expect(await page.getByTestId("kyc-status").innerText()).toBe("Under review");
        // Only the last 4 characters of the ID number come back to a browser.
        await page.getByText("•••••5678", { exact: true }).waitFor();
        expect(await page.content()).not.toContain("A12345678");
        const photo = await context.request.get(`${e2e.server.url}/security/kycVerification/photo/front`);
        expect(photo.status()).toBe(200);
        expect(photo.headers()["content-type"]).toBe("image/jpeg");
        expect(photo.headers()["cache-control"]).toContain("no-store");
        expect((await fetch(`${e2e.server.url}/security/kycVerification/photo/front`)).status).toBe(401);
        await shot(page, `kyc-review-390-${js ? "js" : "nojs"}`);

        // Staff approve it; the user sees Approved and a notice.
        const admin = await login({ email: "admin@demo.test", password: "demo1234" });
        const { list } = await call<{ list: Array<{ id: number; userNickname: string }> }>("/admin/kyc/list", { status: 0 }, admin);
        const mine = list.find((c) => c.userNickname === user.nickname)!;
        await call("/admin/kyc/approve", { id: mine.id }, admin);
        await page.reload();
        await expect.poll(() => page.getByTestId("kyc-status").innerText()).toBe("Approved");
        const token = await login(user);
        const notices = await call<{ list: Array<{ titleEn: string; type: number }> }>("/notice/getNoticeList", {}, token);
        // Newest first; signing in here from a client the account has not used adds a security notice (ADR 0055) after it.
        expect(notices.list.find((n) => n.type === 3)).toMatchObject({ titleEn: "Identity verified", type: 3 });
        expect(notices.list[0]).toMatchObject({ titleEn: "New sign-in to your account", type: 6 });
      }));
  });
}

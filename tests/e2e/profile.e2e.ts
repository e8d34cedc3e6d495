/**
 * /profile (docs/product/screens.md, docs/product/entities.md, docs/product/validation.md), with JavaScript on and off, each as a user of its own: the
 * statistics and the shortcut grid; an avatar uploaded (shrunk to ≤ 1024 px), a file that is no
 * picture refused with 'Unsupport!'; the nickname changed once after the warning, then read-only;
 * the Notification sound switch remembered (JavaScript). A guest gets Go To Login?.
 */
import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { apiClient } from "./support/api";
import { newContext, shot, shotFromTop, signInAs } from "./support/browser";
import { useServerAndBrowser } from "./support/suite";
import { newSeller } from "./support/users";

const e2e = useServerAndBrowser({ failureShots: "profile" });
const { call, login, userId, firstAdvert } = apiClient(() => e2e.server.apiUrl);

const photo = () =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .png()
    .toBuffer();

for (const js of [true, false]) {
  const mode = js ? "with JavaScript" : "without JavaScript";
  describe(`profile ${mode}`, () => {
    test("statistics and shortcuts; an avatar uploaded and shrunk; 'Unsupport!' for a text file; the nickname changed once", () =>
      e2e.withPage(js, async (page) => {
        const user = await newSeller(e2e.server.apiUrl, "profile");
        const token = await login(user);
        await signInAs(page, e2e.server.url, js, user, "/profile");
        expect(await page.getByTestId("profile-nickname").innerText()).toBe(user.nickname);
        expect(await page.getByTestId("stat-trades").innerText()).toBe("0");
        const shortcuts = page.getByRole("navigation", { name: "Shortcuts" });
        for (const [name, href] of [["Orders", "/orderList"], ["Withdrawal", "/withdrawList"], ["Settings", "/security"], ["Verify ID", "/security/kycVerification"], ["Bank Account", "/security/bankAccount"]])
          expect(await shortcuts.getByRole("link", { name, exact: true }).getAttribute("href")).toBe(href);
        await shot(page, `profile-390-${js ? "js" : "nojs"}`);

        // Not a picture: refused, nothing changes.
        const before = (await call<{ profile: { avatar: string } }>("/userInfo/getProfileInfo", {}, token)).profile.avatar;
        await page.getByTestId("avatar-input").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
        if (!js) await page.getByRole("button", { name: "Upload" }).click();
        await page.getByText("Unsupport!", { exact: true }).waitFor();
        expect((await call<{ profile: { avatar: string } }>("/userInfo/getProfileInfo", {}, token)).profile.avatar).toBe(before);

        // A picture: stored, shrunk, worn.
        await page.getByTestId("avatar-input").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: await photo() });
        if (!js) await page.getByRole("button", { name: "Upload" }).click();
        await expect
          .poll(async () => (await call<{ profile: { avatar: string } }>("/userInfo/getProfileInfo", {}, token)).profile.avatar)
          .toMatch(/^\/files\/avatar\/[0-9a-f-]{36}\.jpg$/);
        const avatar = (await call<{ profile: { avatar: string } }>("/userInfo/getProfileInfo", {}, token)).profile.avatar;
        const img = await fetch(`${e2e.server.url}${avatar}`);
        expect(img.status).toBe(200);
        const meta = await sharp(Buffer.from(await img.arrayBuffer())).metadata();
        expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(1024);
        await expect.poll(() => page.locator(`img[src="${avatar}"]`).count()).toBeGreaterThan(0);

        // The nickname: the warning first, a bad one refused with the spec's message, then once.
        await page.getByRole("link", { name: "Change nickname" }).click();
        const box = js ? page.getByRole("dialog", { name: "Change nickname" }) : page.getByTestId("nickname-section");
        await box.getByText("The nickname can be changed only once.", { exact: false }).waitFor();
        await box.getByLabel("New nickname").fill("a");
        await box.getByRole("button", { name: "Save nickname" }).click();
        const again = js ? page.getByRole("dialog", { name: "Change nickname" }) : page.getByTestId("nickname-section");
        await again.getByText("Username consists of 2 to 20 alphanumeric characters or underscores.", { exact: true }).waitFor();
        const renamed = `${user.nickname.slice(0, 16)}_new`;
        await again.getByLabel("New nickname").fill(renamed);
        await again.getByRole("button", { name: "Save nickname" }).click();
        await expect.poll(() => page.getByTestId("profile-nickname").innerText()).toBe(renamed);
        await page.getByTestId("nickname-locked").waitFor();
        expect(await page.getByRole("link", { name: "Change nickname" }).count()).toBe(0);
        const second = await call("/userInfo/updateNickname", { nickname: "another_one" }, token).catch((e: Error) => e.message);
        expect(String(second)).toContain("The nickname can be changed only once.");
      }));

    test("a new avatar and nickname show on the next page: the top bar and its menu, the merchant's offers, a chat with it", () =>
      e2e.withPage(js, async (page) => {
        // A merchant of its own per mode (the nickname changes once): its own top bar, and what sellers see of it.
        const merchant = { email: js ? "merchant5@demo.test" : "merchant6@demo.test", password: "demo1234" };
        const merchantToken = await login(merchant);
        const merchantId = await userId(merchantToken);
        const offer = await firstAdvert((a) => a.userid === merchantId);
        if (!offer) throw new Error(`${merchant.email} has no offer`);
        await signInAs(page, e2e.server.url, js, merchant, "/profile");
        const face = page.locator('[data-menu="user"]').first();
        const oldAvatar = await face.locator("img").first().getAttribute("src");

        await page.getByTestId("avatar-input").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: await photo() });
        if (!js) await page.getByRole("button", { name: "Upload" }).click();
        await expect
          .poll(async () => (await call<{ profile: { avatar: string } }>("/userInfo/getProfileInfo", {}, merchantToken)).profile.avatar)
          .not.toBe(oldAvatar);
        const avatar = (await call<{ profile: { avatar: string } }>("/userInfo/getProfileInfo", {}, merchantToken)).profile.avatar;
        const renamed = `Renamed_${js ? "J" : "N"}${Date.now().toString(36).slice(-6)}`;
        await page.getByRole("link", { name: "Change nickname" }).click();
        const box = js ? page.getByRole("dialog", { name: "Change nickname" }) : page.getByTestId("nickname-section");
        await box.getByLabel("New nickname").fill(renamed);
        await box.getByRole("button", { name: "Save nickname" }).click();
        await expect.poll(() => page.getByTestId("profile-nickname").innerText()).toBe(renamed);

        // The page after the change (the profile itself, drawn again), then another page (a fresh load).
        const showsNew = async () => {
          expect(await face.locator("img").first().getAttribute("src")).toBe(avatar);
          expect(await face.innerText()).toContain(renamed);
        };
        await showsNew();
        await page.goto(`${e2e.server.url}/home?promo=closed`);
        await showsNew();
        await face.locator("summary, button").first().click();
        await expect.poll(() => face.getByText(renamed, { exact: true }).last().isVisible()).toBe(true);
        await shotFromTop(page, `profile-renamed-menu-390-${js ? "js" : "nojs"}`, js);

        // A seller sees the merchant's new face on its offers and in a chat with it.
        const seller = await newSeller(e2e.server.apiUrl, "renamed");
        const other = await newContext(e2e.browser, { js });
        try {
          const sellerPage = await other.newPage();
          await signInAs(sellerPage, e2e.server.url, js, seller, `/advertList/${offer.cardtypeid}`);
          const card = sellerPage.getByRole("article", { name: `Offer by ${renamed}` });
          expect(await card.count()).toBeGreaterThan(0);
          expect(await card.first().locator(`img[src="${avatar}"]`).count()).toBe(1);
          await sellerPage.goto(`${e2e.server.url}/message/C2C${merchantId}`);
          await expect.poll(() => sellerPage.getByTestId("chat-title").innerText()).toBe(renamed);
          expect(await sellerPage.locator(`header img[src="${avatar}"]`).count()).toBe(1);
        } finally {
          await other.close();
        }
      }));

    test("the Notification sound switch is remembered with JavaScript and says why it is off without", () =>
      e2e.withPage(js, async (page) => {
        const user = await newSeller(e2e.server.apiUrl, "sound");
        await signInAs(page, e2e.server.url, js, user, "/profile");
        const sw = page.getByRole("switch", { name: /Notification sound/ });
        if (!js) {
          expect(await sw.isDisabled()).toBe(true);
          await page.getByText("Needs JavaScript", { exact: false }).waitFor();
          return;
        }
        expect(await sw.isChecked()).toBe(false);
        await sw.check();
        expect(await page.evaluate(() => localStorage.getItem("notificationSound"))).toBe("1");
        await page.reload();
        await page.locator("[data-hydrated]").waitFor({ state: "attached" });
        await expect.poll(() => page.getByRole("switch", { name: /Notification sound/ }).isChecked()).toBe(true);
      }));

    test("a guest gets Go To Login?", () =>
      e2e.withPage(js, async (page) => {
        await page.goto(`${e2e.server.url}/profile`);
        await page.getByText("Go To Login?").first().waitFor();
      }));
  });
}

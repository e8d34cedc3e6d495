/**
 * The referral programme (docs/product/screens.md /referral, ADR 0024), with JavaScript on and off, each with an
 * inviter of its own: the invite link and its QR code; a friend registers through the link and
 * sells a 1000-coin e-code that the merchant completes; the inviter then sees the friend, the
 * rewards, the Invite bills in the wallet and the notice. Old hash links land on their path.
 */
import { describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { REFERRAL_BONUS } from "../../contract/constants";
import { apiClient } from "./support/api";
import { latestCode, newContext, shot, signInAs } from "./support/browser";
import { useServerAndBrowser } from "./support/suite";
import { newSeller, type TestUser } from "./support/users";

const e2e = useServerAndBrowser({ failureShots: "referral" });
const { call, login, userId, sellECode } = apiClient(() => e2e.server.apiUrl);

/** 1500 USD at merchant3's 88% big e-code offer: 1320.00 coins, over the 1000-coin bonus line. */
const FACE = 150_000;
const PRICE = 132_000;
const SHARE = Math.floor((PRICE * 3) / 1000);

async function ready(page: Page, js: boolean) {
  await page.waitForLoadState("load");
  if (js) await page.locator("[data-hydrated]").waitFor({ state: "attached" });
}

/** Registers through the share link in a browser of its own, as the friend would. */
async function registerThrough(link: string, js: boolean, inviteCode: string): Promise<TestUser> {
  const stamp = `${Date.now().toString(36)}${js ? "j" : "n"}`;
  const friend = { email: `friend-${stamp}@e2e.test`, password: "demo1234", nickname: `f_${stamp}`.slice(0, 20) };
  const context = await newContext(e2e.browser, { js });
  try {
    const page = await context.newPage();
    await page.goto(link);
    await ready(page, js);
    expect(await page.getByLabel("Invitation Code (optional)").inputValue()).toBe(inviteCode);
    await page.getByLabel("Email").fill(friend.email);
    await page.getByRole("button", { name: "Send code" }).click();
    await page.getByText("Code sent").waitFor();
    await page.getByLabel("Verification Code").fill(await latestCode(e2e.server.apiUrl, friend.email, "REGISTER"));
    await page.getByLabel("Nickname").fill(friend.nickname);
    await page.getByLabel("Password", { exact: true }).fill(friend.password);
    await page.getByLabel("Confirm Password").fill(friend.password);
    await page.getByRole("button", { name: "Sign Up" }).click();
    await page.waitForURL((u) => u.pathname === "/login");
  } finally {
    await context.close();
  }
  return friend;
}

for (const js of [true, false]) {
  const mode = js ? "js" : "nojs";
  describe(`referral with JavaScript ${js ? "on" : "off"}`, () => {
    test("the invite link and QR code; a friend registers with it and sells 1000 coins; the inviter sees friend, rewards, bills and notice", () =>
      e2e.withPage(js, async (page) => {
        const inviter = await newSeller(e2e.server.apiUrl, "inviter");
        await signInAs(page, e2e.server.url, js, inviter, "/referral");
        await page.getByRole("heading", { level: 1, name: "Refer for Rewards" }).waitFor();
        const inviteCode = (await page.getByTestId("invite-code").innerText()).trim();
        expect(inviteCode).toMatch(/^[A-Z0-9]{6}$/);
        const link = (await page.getByTestId("share-link").innerText()).trim();
        expect(link).toBe(`${e2e.server.url}/register/${inviteCode}`);
        expect(await page.getByTestId("share-link").getAttribute("href")).toBe(link);
        // The QR code is inline SVG from the server: there without JavaScript too.
        const qr = page.getByRole("img", { name: `QR code of your invite link ${link}` });
        expect(await qr.evaluate((el) => el.tagName.toLowerCase())).toBe("svg");
        expect(await page.getByTestId("invite-count").innerText()).toBe("0");
        await page.getByText("No friends yet").waitFor();
        if (js) {
          await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: e2e.server.url });
          await page.getByRole("button", { name: "Copy link" }).click();
          await page.getByText("Copied", { exact: true }).waitFor();
          expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
        } else {
          await page.getByText("Select the link to copy it.").waitFor();
        }
        await shot(page, `referral-empty-390-${mode}`);

        const friend = await registerThrough(link, js, inviteCode);
        const friendToken = await login(friend);
        const merchantToken = await login({ email: "merchant3@demo.test", password: "demo1234" });
        const id = await sellECode(friendToken, await userId(merchantToken), FACE, `BIG-${Date.now()}-${mode}`);
        await call("/merchant/order/view", { id }, merchantToken);
        await call("/merchant/order/complete", { id }, merchantToken);
        const order = await call<{ orderInfo: { status: number; realTotalPrice: number } }>("/order/getOrderDetails", { id }, friendToken);
        expect(order.orderInfo).toMatchObject({ status: 4, realTotalPrice: PRICE });

        await page.goto(`${e2e.server.url}/referral`);
        await ready(page, js);
        expect(await page.getByTestId("invite-count").innerText()).toBe("1");
        expect(await page.getByTestId("invite-award").getAttribute("data-amount")).toBe(String(SHARE + REFERRAL_BONUS));
        const item = page.getByTestId("friend-item").filter({ hasText: friend.nickname });
        await item.waitFor();
        expect(await item.getByTestId("friend-trades").innerText()).toBe("1 trade · 1,320.00 Coins");
        expect(await item.getByTestId("friend-award").innerText()).toBe("+6.96");
        await page.getByText("no more", { exact: false }).first().waitFor();
        await shot(page, `referral-friend-390-${mode}`);

        // The wallet's Invite tab: the share and the bonus, as two bills.
        await page.goto(`${e2e.server.url}/account?type=3`);
        await ready(page, js);
        const bills = page.getByTestId("bill-item");
        await bills.first().waitFor();
        expect(await bills.evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-amount"))).sort((a, b) => a - b))).toEqual([REFERRAL_BONUS, SHARE].sort((a, b) => a - b));
        await page.getByText(`Invite bonus: ${friend.nickname}'s first 1000-coin order`).waitFor();

        // The notice leads to /referral.
        await page.goto(`${e2e.server.url}/noticeList`);
        await ready(page, js);
        const notice = page.getByTestId("notice-item").filter({ hasText: "Referral reward" });
        expect(await notice.innerText()).toContain(`Your friend ${friend.nickname} completed an order. You earned 6.96 Coins.`);
        await notice.click();
        await page.waitForURL((u) => u.pathname === "/referral");
      }));

    test("guests get Go To Login?", () =>
      e2e.withPage(js, async (page) => {
        await page.goto(`${e2e.server.url}/referral`);
        await ready(page, js);
        await page.getByText("Go To Login?").first().waitFor();
      }));
  });
}

describe("old hash links", () => {
  test("/#/register/CODE lands on /register/CODE", () =>
    e2e.withPage(true, async (page) => {
      await page.goto(`${e2e.server.url}/#/register/DSELLA`);
      await page.waitForURL((u) => u.pathname === "/register/DSELLA" && u.hash === "");
      await ready(page, true);
      expect(await page.getByLabel("Invitation Code (optional)").inputValue()).toBe("DSELLA");
    }));

  test("/#/message/C2C{id} opens the chat path; a hash naming another host stays a hash", () =>
    e2e.withPage(true, async (page) => {
      await signInAs(page, e2e.server.url, true, await newSeller(e2e.server.apiUrl, "hash"), "/home?promo=closed");
      await page.goto(`${e2e.server.url}/#/message/C2C88888888`);
      await page.waitForURL((u) => u.pathname === "/message/C2C88888888" && u.hash === "");
      await page.goto(`${e2e.server.url}/home?promo=closed#//example.com/x`);
      await ready(page, true);
      expect(new URL(page.url()).host).toBe(new URL(e2e.server.url).host);
      expect(new URL(page.url()).pathname).toBe("/home");
    }));
});

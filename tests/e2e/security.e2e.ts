/**
 * The security tabs (docs/product/screens.md, docs/product/validation.md), with JavaScript on and off. Login password: the intro, then the
 * form; the spec's messages (empty, mismatch, a wrong old password); a change keeps this device
 * signed in and signs the others out, whose next page says why. A guest gets Go To Login?.
 */
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { apiClient } from "./support/api";
import { latestCode, newContext, shot, signInAs } from "./support/browser";
import { useServerAndBrowser } from "./support/suite";
import { newSeller, withTradePassword } from "./support/users";
import { DEMO_SELLER_MOBILE } from "../../backend/demo/world";

/** The demo seller's mobile without its calling code (234). */
const DEMO_SELLER_NUMBER = DEMO_SELLER_MOBILE.split("-")[1];

const e2e = useServerAndBrowser({ failureShots: "security" });
const { call, login } = apiClient(() => e2e.server.apiUrl);

/** The message of a call that fails (the apiClient throws "… answered code N: msg"). */
async function refusal(path: string, body: unknown, token: string): Promise<string> {
  try {
    await call(path, body, token);
    return "";
  } catch (e) {
    return String((e as Error).message).replace(/^.*answered code \d+: /, "");
  }
}

const toast = (page: Page, text: string) => page.locator('[role="status"][aria-live="polite"]').getByText(text, { exact: true }).first().waitFor();

async function canSignIn(email: string, password: string): Promise<boolean> {
  try {
    await call("/userAuth/login", { loginName: email, loginPwd: password, type: "EMAIL" });
    return true;
  } catch {
    return false;
  }
}

for (const js of [true, false]) {
  const mode = js ? "with JavaScript" : "without JavaScript";
  describe(`trade password ${mode}`, () => {
    test("set with a code sent to the e-mail, then changed with a code sent to the bound mobile", () =>
      e2e.withPage(js, async (page) => {
        const user = await newSeller(e2e.server.apiUrl, "tradepwd");
        const token = await login(user);
        await signInAs(page, e2e.server.url, js, user, "/security");
        expect(new URL(page.url()).pathname).toBe("/security/tradePassword");
        await page.getByText("You have no trade password yet.", { exact: false }).waitFor();
        await page.getByRole("link", { name: "Continue" }).click();
        await page.waitForURL((u) => u.searchParams.get("step") === "form");
        if (js) await page.locator("[data-hydrated]").waitFor({ state: "attached" });
        await page.getByRole("heading", { name: "Set Trade Password" }).waitFor();

        // Empty: the spec's messages.
        await page.getByRole("button", { name: "Confirm" }).click();
        await page.getByText("Please enter a valid code.", { exact: true }).waitFor();
        await page.getByText("Trade Password: 6 numbers.", { exact: true }).first().waitFor();

        // The code goes to the bound e-mail (chosen by default).
        expect(await page.getByLabel(/^E-mail/).isChecked()).toBe(true);
        await page.getByRole("button", { name: "Send code" }).click();
        await page.getByText("Code sent", { exact: false }).first().waitFor();
        const code = await latestCode(e2e.server.apiUrl, user.email, "TRADE_PWD");
        await page.getByLabel("Verification Code").fill(code);
        await page.getByLabel("Trade Password", { exact: true }).fill("123456");
        await page.getByLabel("Confirm Trade Password").fill("123457");
        await page.getByRole("button", { name: "Confirm" }).click();
        await page.getByText("The new password are different, retry again please.", { exact: true }).waitFor();
        await shot(page, `security-trade-password-form-390-${js ? "js" : "nojs"}`);
        if (!js) await page.getByLabel("Verification Code").fill(code);
        await page.getByLabel("Trade Password", { exact: true }).fill("123456");
        await page.getByLabel("Confirm Trade Password").fill("123456");
        await page.getByRole("button", { name: "Confirm" }).click();
        await toast(page, "Success");
        await page.getByText("Your trade password is set.", { exact: false }).waitFor();
        expect((await call<{ profile: { tradepwdFlag: number } }>("/userInfo/getProfileInfo", {}, token)).profile.tradepwdFlag).toBe(1);

        // A mobile bound through the API (it asks for the trade password just set)…
        const phone = `234-80${String(Date.now()).slice(-8)}`;
        await call("/userAuth/sendCodeByPhone", { phone, type: "BIND" }, token);
        await call("/userAuth/bindMobile", { phone, code: await latestCode(e2e.server.apiUrl, phone, "BIND"), tradePwd: "123456" }, token);

        // …then the change, from another browser (its own 60 s), with a code sent by SMS.
        const second = await newContext(e2e.browser, { js });
        try {
          const p2 = await second.newPage();
          await signInAs(p2, e2e.server.url, js, user, "/security/tradePassword?step=form");
          await p2.getByRole("heading", { name: "Change Trade Password" }).waitFor();
          await p2.getByLabel(/^Mobile/).check();
          await p2.getByRole("button", { name: "Send code" }).click();
          await p2.getByText("Code sent", { exact: false }).first().waitFor();
          const smsCode = await latestCode(e2e.server.apiUrl, phone, "TRADE_PWD");
          await p2.getByLabel(/^Mobile/).check();
          await p2.getByLabel("Verification Code").fill(smsCode);
          await p2.getByLabel("Trade Password", { exact: true }).fill("654321");
          await p2.getByLabel("Confirm Trade Password").fill("654321");
          await p2.getByRole("button", { name: "Confirm" }).click();
          await toast(p2, "Success");
        } finally {
          await second.close();
        }
        // The old one is refused now; the new one passes the trade-password check (and meets the code check next).
        expect(await refusal("/userAuth/bindEmail", { email: "x@e2e.test", code: "000000", tradePwd: "123456" }, token)).toBe("The trade password is incorrect.");
        expect(await refusal("/userAuth/bindEmail", { email: "x@e2e.test", code: "000000", tradePwd: "654321" }, token)).not.toBe("The trade password is incorrect.");
      }));
  });

  describe(`bind mobile ${mode}`, () => {
    test("without a trade password the tab asks for one; with one, a mobile is bound with a code sent to it, and another account's is refused", () =>
      e2e.withPage(js, async (page) => {
        const user = await newSeller(e2e.server.apiUrl, "bindmob");
        await signInAs(page, e2e.server.url, js, user, "/security/bindMobile");
        await page.getByTestId("bind-needs-trade-password").waitFor();
        expect(await page.getByRole("link", { name: "Set a trade password first" }).getAttribute("href")).toBe("/security/tradePassword");

        await withTradePassword(e2e.server.apiUrl, user, "246810");
        await page.goto(`${e2e.server.url}/security/bindMobile`);
        await page.getByText("You have no mobile number bound yet.", { exact: false }).waitFor();
        await page.getByText("A mobile number that another account uses cannot be bound.", { exact: true }).waitFor();
        // The e-mail tab's intro reads "An e-mail address", not "A e-mail address".
        await page.goto(`${e2e.server.url}/security/bindEmail`);
        await page.getByText("An e-mail address that another account uses cannot be bound.", { exact: true }).waitFor();
        await page.goto(`${e2e.server.url}/security/bindMobile`);
        await page.getByRole("link", { name: "Continue" }).click();
        await page.waitForURL((u) => u.searchParams.get("step") === "form");
        if (js) await page.locator("[data-hydrated]").waitFor({ state: "attached" });

        // A number another account uses (the demo seller's) is refused when the code is asked for.
        await page.getByLabel("Mobile Number").fill(DEMO_SELLER_NUMBER);
        await page.getByRole("button", { name: "Send code" }).click();
        await page.getByText("This phone number is already registered.", { exact: false }).first().waitFor();

        const number = `80${String(Date.now()).slice(-8)}`;
        await page.getByLabel("Mobile Number").fill(number);
        if (js) {
          // The refused send started no countdown: the button is ready again.
          await expect.poll(() => page.getByRole("button", { name: "Send code" }).isEnabled()).toBe(true);
        }
        await page.getByRole("button", { name: "Send code" }).click();
        await page.getByText("Code sent", { exact: false }).first().waitFor();
        const code = await latestCode(e2e.server.apiUrl, `234-${number}`, "BIND");
        await page.getByLabel("Verification Code").fill(code);
        await page.getByLabel("Trade Password").fill("246810");
        await shot(page, `security-bind-mobile-form-390-${js ? "js" : "nojs"}`);
        await page.getByRole("button", { name: "Confirm" }).click();
        await toast(page, "Success");
        await page.getByText(`Your bound mobile number: +234 •••• ${number.slice(-4)}.`, { exact: false }).waitFor();
        // The new number signs in.
        expect((await call<{ token: string }>("/userAuth/login", { loginName: `234-${number}`, loginPwd: user.password, type: "MOBILE" })).token).toBeTruthy();
      }));
  });

  describe(`redemption code ${mode}`, () => {
    test("the spec's messages, a code credited once with its bill, the same code again refused", () =>
      e2e.withPage(js, async (page) => {
        const admin = await login({ email: "admin@demo.test", password: "demo1234" });
        const { codes } = await call<{ codes: string[] }>(
          "/admin/redemptionCode/create",
          { kind: "coins", value: 500, count: 1, perUserLimit: 1, expiresAt: Date.now() + 86_400_000 },
          admin,
        );
        const user = await newSeller(e2e.server.apiUrl, "redeem");
        const token = await login(user);
        await signInAs(page, e2e.server.url, js, user, "/security/redemptionCode");
        await page.getByRole("button", { name: "Confirm" }).click();
        await page.getByText("Please enter Redemption Code.", { exact: true }).waitFor();
        await page.getByRole("textbox", { name: "Redemption Code" }).fill("ABC");
        await page.getByRole("button", { name: "Confirm" }).click();
        await page.getByText("Please enter a valid Redemption Code.", { exact: true }).waitFor();
        await page.getByRole("textbox", { name: "Redemption Code" }).fill(codes[0].toLowerCase());
        await shot(page, `security-redemption-390-${js ? "js" : "nojs"}`);
        await page.getByRole("button", { name: "Confirm" }).click();
        await toast(page, "Success: 5.00 coins credited.");
        expect((await call<{ account: { amount: number } }>("/userInfo/getAccountBalance", {}, token)).account.amount).toBe(500);
        const bills = await call<{ list: Array<{ descriptionEn: string; transAmount: number }> }>("/userBill/getUserBillList", {}, token);
        expect(bills.list[0]).toMatchObject({ descriptionEn: "Redemption code", transAmount: 500 });
        // …and the wallet shows the balance and the bill.
        await page.goto(`${e2e.server.url}/account`);
        expect(Number(await page.getByTestId("balance-available").first().getAttribute("data-amount"))).toBe(500);
        await page.getByTestId("bill-item").filter({ hasText: "Redemption code" }).first().waitFor();
        await page.goto(`${e2e.server.url}/security/redemptionCode`);

        await page.getByRole("textbox", { name: "Redemption Code" }).fill(codes[0]);
        await page.getByRole("button", { name: "Confirm" }).click();
        await page.getByText("This redemption code has already been used.", { exact: true }).waitFor();
        expect((await call<{ account: { amount: number } }>("/userInfo/getAccountBalance", {}, token)).account.amount).toBe(500);
      }));
  });

  describe(`login password ${mode}`, () => {
    test("intro, the spec's messages, then a change: this device stays signed in, another is signed out and told why", () =>
      e2e.withPage(js, async (page) => {
        const user = await newSeller(e2e.server.apiUrl, "loginpwd");
        const elsewhere = await newContext(e2e.browser, { js: false });
        try {
          const other = await elsewhere.newPage();
          await signInAs(other, e2e.server.url, false, user, "/account");

          await signInAs(page, e2e.server.url, js, user, "/security/loginPassword");
          await page.getByRole("link", { name: "Login Password", exact: true }).and(page.locator('[aria-current="page"]')).waitFor();
          await page.getByText("Every other device signed in to your account is signed out", { exact: false }).waitFor();
          await shot(page, `security-login-password-intro-390-${js ? "js" : "nojs"}`);
          await page.getByRole("link", { name: "Continue" }).click();
          await page.waitForURL((u) => u.searchParams.get("step") === "form");
          if (js) await page.locator("[data-hydrated]").waitFor({ state: "attached" });

          // Empty: each field's own message.
          await page.getByRole("button", { name: "Confirm" }).click();
          await page.getByText("OldPassword: 6-16 characters, only letters and numbers", { exact: true }).waitFor();
          await page.getByText("NewPassword: 6-16 characters, only letters and numbers", { exact: true }).first().waitFor();

          // The two new ones differ.
          await page.getByLabel("Old Password").fill(user.password);
          await page.getByLabel("New Password", { exact: true }).fill("Newpass123");
          await page.getByLabel("Confirm New Password").fill("Newpass124");
          await page.getByRole("button", { name: "Confirm" }).click();
          await page.getByText("The new password are different, retry again please.", { exact: true }).waitFor();

          // A wrong old password: the server's message, nothing changed.
          await page.getByLabel("Old Password").fill("Wrong9999");
          await page.getByLabel("New Password", { exact: true }).fill("Newpass123");
          await page.getByLabel("Confirm New Password").fill("Newpass123");
          await page.getByRole("button", { name: "Confirm" }).click();
          await page.getByText("The old password is incorrect.", { exact: true }).waitFor();
          expect(await canSignIn(user.email, user.password)).toBe(true);
          await shot(page, `security-login-password-form-390-${js ? "js" : "nojs"}`);

          // The change.
          await page.getByLabel("Old Password").fill(user.password);
          await page.getByLabel("New Password", { exact: true }).fill("Newpass123");
          await page.getByLabel("Confirm New Password").fill("Newpass123");
          await page.getByRole("button", { name: "Confirm" }).click();
          await toast(page, "Success");
          expect(new URL(page.url()).pathname).toBe("/security/loginPassword");
          expect(await canSignIn(user.email, user.password)).toBe(false);
          expect(await canSignIn(user.email, "Newpass123")).toBe(true);
          // This device is still signed in.
          await page.goto(`${e2e.server.url}/account`);
          expect(new URL(page.url()).pathname).toBe("/account");
          await page.getByTestId("balance-available").waitFor();

          // The other device: signed out on its next page, and told why.
          await other.goto(`${e2e.server.url}/orderList`);
          expect(new URL(other.url()).pathname).toBe("/login");
          expect(new URL(other.url()).searchParams.get("redirectTo")).toBe("/orderList");
          await other.getByText("Your login password was changed. Please sign in again.", { exact: true }).waitFor();
        } finally {
          await elsewhere.close();
        }
      }));

    test("a guest gets Go To Login?", () =>
      e2e.withPage(js, async (page) => {
        await page.goto(`${e2e.server.url}/security/loginPassword?step=form`);
        await page.getByText("Go To Login?").first().waitFor();
        expect(await page.getByLabel("Old Password").count()).toBe(0);
      }));
  });
}

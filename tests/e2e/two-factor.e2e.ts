/**
 * Two-factor sign-in end to end (ADR 0057), with JavaScript on and off, in Chromium at 390 px:
 * - a seller turns it on at /security/twoFactor (the QR code drawn on the server, the key shown,
 *   a wrong first code refused at its field, the recovery codes shown once), signs out, signs in
 *   with a code computed here from the key the page showed (no session before the code), and sells
 *   coins with a code (a used one refused at its field);
 * - a recovery code signs in once, and not twice;
 * - saving and deleting a bank account and the login password ask for a code; a password change
 *   keeps this browser signed in;
 * - a withdrawer, on a server that requires it of withdrawers, is sent from the desk to set it up
 *   and back, and its payout settings ask for a code.
 * Codes are made with the same library the server checks them with, from the real clock: each code
 * works once, so a test that needs another waits for the app's next one, as a person would.
 */
import { Secret, TOTP } from "otpauth";
import type { Locator, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { TWO_FACTOR_MESSAGES as M } from "../../contract/two-factor";
import { accountNumberAt } from "../support/bank-accounts";
import { apiClient } from "./support/api";
import { pageReady, shotFromTop, signInAs, submitSignInForm } from "./support/browser";
import { useServerAndBrowser } from "./support/suite";
import { newSeller, newSellerWithCoins } from "./support/users";

const e2e = useServerAndBrowser({
  // Withdrawers must turn it on before they use their desk (the production default's rule).
  server: { env: { TWO_FACTOR_REQUIRED_ROLES: "withdrawer", DEMO_BOTS: "off" } },
  failureShots: "two-factor",
});
const { call, login } = apiClient(() => e2e.server.apiUrl);
const RUN = Date.now().toString().slice(-6);
const STEP_MS = 30_000;
const SLOW = 240_000;

// ---------------------------------------------------------------- codes, as an authenticator app makes them

const stepNow = () => Math.floor(Date.now() / STEP_MS);
const codeAt = (secret: string, step: number) => TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30, timestamp: step * STEP_MS });

/** The codes one account has used: a code works once, so each use takes a later step. */
class App {
  private last = 0;
  constructor(readonly secret: string) {}
  /** The newest code not used yet: this step's, or the next one's (accepted 30 s early); waits when even that was used. */
  async code(): Promise<string> {
    while (this.last >= stepNow() + 1) await new Promise((r) => setTimeout(r, 500));
    this.last = Math.max(stepNow(), this.last + 1);
    return codeAt(this.secret, this.last);
  }
  /** A code the server cannot take: one used already. */
  used(): string {
    return codeAt(this.secret, this.last);
  }
}

// ---------------------------------------------------------------- the page

const screenshot = (page: Page, name: string, js: boolean) => shotFromTop(page, `two-factor-${name}-390-${js ? "js" : "nojs"}`, js);
const path = (page: Page) => new URL(page.url()).pathname;

async function toast(page: Page, text: string) {
  await page.locator('[role="status"][aria-live="polite"]').getByText(text, { exact: true }).first().waitFor();
}

/** The message at a field: its own error line (aria-describedby), and only while it is marked invalid. */
async function fieldError(scope: Page | Locator, label: string): Promise<string> {
  const control = scope.getByLabel(label, { exact: true });
  if ((await control.getAttribute("aria-invalid")) !== "true") return "";
  const id = ((await control.getAttribute("aria-describedby")) ?? "").split(/\s+/).find((x) => x.endsWith("-error"));
  const page = "page" in scope ? scope.page() : scope;
  return id ? (await page.locator(`[id="${id}"]`).innerText()).trim() : "";
}

/** What the session cookie holds (its value is base64 JSON, then the signature). */
async function sessionCookie(page: Page): Promise<Record<string, unknown> | null> {
  const c = (await page.context().cookies()).find((x) => x.name === "__session");
  if (!c) return null;
  const value = decodeURIComponent(c.value);
  return JSON.parse(Buffer.from(value.slice(0, value.lastIndexOf(".")), "base64").toString("utf8")) as Record<string, unknown>;
}

/** The tab's Set up, then the key the page shows (the QR code beside it holds the same). */
async function startSetup(page: Page, js: boolean): Promise<string> {
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  await page.waitForURL((u) => u.searchParams.get("step") === "setup");
  await pageReady(page, js);
  await page.getByRole("img", { name: "QR code to add GiftMarket to your authenticator app" }).waitFor();
  return (await page.getByTestId("two-factor-key").innerText()).replace(/\s+/g, "");
}

/** The setup's first code; the recovery codes the page then shows, once. */
async function turnOn(page: Page, js: boolean, app: App): Promise<string[]> {
  await page.getByLabel("Code from the app").fill(await app.code());
  await page.getByRole("button", { name: "Turn on" }).click();
  const list = page.getByTestId("recovery-codes");
  await list.waitFor();
  await pageReady(page, js);
  return list.locator("li").allInnerTexts();
}

/** The top bar's menu → Sign out → Confirm (a dialog with JavaScript, the /logout page without). */
async function signOut(page: Page, js: boolean) {
  await page.goto(`${e2e.server.url}/logout`);
  await pageReady(page, js);
  await page.getByRole("button", { name: "Confirm", exact: true }).click();
  await page.waitForURL((u) => u.pathname === "/home");
  await page.locator("header").getByText("Sign In").first().waitFor();
}

/** A user with two-factor on, set up through the API (the tab has its own test). */
async function withTwoFactor(who: { email: string; password: string }): Promise<{ app: App; recoveryCodes: string[] }> {
  const token = await login(who);
  const { secret } = await call<{ secret: string }>("/twoFactor/beginSetup", {}, token);
  const app = new App(secret);
  const { recoveryCodes } = await call<{ recoveryCodes: string[] }>("/twoFactor/confirmSetup", { code: await app.code() }, token);
  return { app, recoveryCodes };
}

/** Sign-in through the form up to the code step: no session yet. */
async function passwordStep(page: Page, js: boolean, who: { email: string; password: string }, to: string) {
  await submitSignInForm(page, e2e.server.url, js, who, to);
  await page.waitForURL((u) => u.pathname === "/login/twoFactor");
  await pageReady(page, js);
  expect((await sessionCookie(page))?.token).toBeUndefined();
}

for (const js of [true, false]) {
  const mode = js ? "with JavaScript" : "without JavaScript";
  describe(`two-factor sign-in ${mode}`, () => {
    test(
      "a seller turns it on, signs out, signs in with a code from the key shown, and sells coins with a code",
      () =>
        e2e.withPage(js, async (page) => {
          const seller = await newSellerWithCoins(e2e.server.apiUrl, `tfa${js ? "j" : "n"}`, 20_000, "246810");
          const token = await login(seller);
          const bank = accountNumberAt("GTBank", Number(`7${RUN}${js ? 1 : 2}`));
          const gtb = (await call<{ paymentType: { id: number; nameEn: string }[] }>("/userPayment/getPaymentType", {}, token)).paymentType.find((b) => b.nameEn === "GTBank")!.id;
          await call("/userPayment/addPayment", { paymentId: gtb, userPayment: { realname: "Ada Obi", accountNumber: bank } }, token);

          // ---- the tab: intro, then the setup with the QR code and the key
          await signInAs(page, e2e.server.url, js, seller, "/security/twoFactor");
          await page.getByRole("heading", { name: "Two-Factor Sign-In" }).waitFor();
          await screenshot(page, "intro", js);
          const app = new App(await startSetup(page, js));
          expect(app.secret).toMatch(/^[A-Z2-7]{32}$/);
          await screenshot(page, "setup", js);

          // A wrong first code: refused at its field, nothing turned on.
          await page.getByLabel("Code from the app").fill(codeAt(app.secret, stepNow() + 5));
          await page.getByRole("button", { name: "Turn on" }).click();
          await expect.poll(() => fieldError(page, "Code from the app")).toBe(M.codeWrong);
          expect(await page.getByLabel("Code from the app").inputValue()).toBe("");
          await screenshot(page, "setup-refused", js);

          const codes = await turnOn(page, js, app);
          expect(codes).toHaveLength(10);
          for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
          await page.getByText("Two-factor sign-in is on.", { exact: true }).waitFor();
          const download = page.getByRole("link", { name: "Download", exact: true });
          expect(decodeURIComponent((await download.getAttribute("href"))!)).toContain(codes[0]);
          if (js) await page.getByRole("button", { name: "Copy codes" }).waitFor();
          await screenshot(page, "recovery-codes", js);
          await page.getByRole("link", { name: "I have saved them" }).click();
          await page.getByTestId("two-factor-state").waitFor();
          expect(await page.getByTestId("recovery-left").innerText()).toContain("10 of 10");
          await screenshot(page, "on", js);
          // Shown once: the tab now shows the state, never the codes.
          await page.reload();
          await pageReady(page, js);
          expect(await page.getByTestId("recovery-codes").count()).toBe(0);

          // ---- signed out, then in again: the password, then the code; the session only after it
          await signOut(page, js);
          await passwordStep(page, js, seller, "/withdrawerList");
          await page.getByRole("heading", { name: "Two-Factor Sign-In" }).waitFor();
          await screenshot(page, "sign-in-code", js);
          await page.getByLabel("Authentication code").fill("123");
          await page.getByRole("button", { name: "Verify" }).click();
          await expect.poll(() => fieldError(page, "Authentication code")).toBe(M.codeShape);
          await page.getByLabel("Authentication code").fill(await app.code());
          await page.getByRole("button", { name: "Verify" }).click();
          await page.waitForURL((u) => u.pathname === "/withdrawerList");
          await pageReady(page, js);
          await toast(page, "Success");
          expect((await sessionCookie(page))?.token).toEqual(expect.any(String));

          // ---- selling coins asks for a code: a used one is refused at its field, a new one sells
          const w1 = page.getByTestId("withdrawer-card").filter({ hasText: "CashPointNG" });
          await w1.click();
          await page.waitForURL(/\/sellCoins\/\d+$/);
          await pageReady(page, js);
          await page.getByLabel(/^Amount/).fill("150");
          const select = page.getByLabel("Bank account");
          await select.selectOption((await select.locator("option", { hasText: bank.slice(-4) }).getAttribute("value"))!);
          await page.getByLabel("Trade password").fill("246810");
          await page.getByLabel("Two-factor code").fill(app.used());
          await page.getByRole("button", { name: "Sell", exact: true }).click();
          await expect.poll(() => fieldError(page, "Two-factor code")).toBe(M.codeUsed);
          // What was typed stays, the code does not (nor, without JavaScript, the trade password: the server never sends it back).
          expect(await page.getByLabel(/^Amount/).inputValue()).toBe("150");
          expect(await page.getByLabel("Two-factor code").inputValue()).toBe("");
          if (!js) expect(await page.getByLabel("Trade password").inputValue()).toBe("");
          await screenshot(page, "sell-coins-refused", js);
          await page.getByLabel("Trade password").fill("246810");
          await page.getByLabel("Two-factor code").fill(await app.code());
          await page.getByRole("button", { name: "Sell", exact: true }).click();
          await page.waitForURL(/\/withdrawDetails\/\d+$/);
          await pageReady(page, js);
          await toast(page, "Success");
        }),
      SLOW,
    );

    test("a recovery code signs in once", () =>
      e2e.withPage(js, async (page) => {
        const seller = await newSeller(e2e.server.apiUrl, `tfarec${js ? "j" : "n"}`);
        const { recoveryCodes } = await withTwoFactor(seller);
        await passwordStep(page, js, seller, "/security/twoFactor");
        await page.getByRole("link", { name: "Lost your phone? Use a recovery code" }).click();
        await page.getByLabel("Recovery code").waitFor();
        await pageReady(page, js);
        await screenshot(page, "sign-in-recovery", js);
        await page.getByLabel("Recovery code").fill(recoveryCodes[0]!.toUpperCase());
        await page.getByRole("button", { name: "Verify" }).click();
        await page.waitForURL((u) => u.pathname === "/security/twoFactor");
        await pageReady(page, js);
        expect(await page.getByTestId("recovery-left").innerText()).toContain("9 of 10");

        await signOut(page, js);
        await passwordStep(page, js, seller, "/home");
        await page.goto(`${e2e.server.url}/login/twoFactor?recovery=1`);
        await pageReady(page, js);
        await page.getByLabel("Recovery code").fill(recoveryCodes[0]!);
        await page.getByRole("button", { name: "Verify" }).click();
        await expect.poll(() => fieldError(page, "Recovery code")).toBe(M.recoveryCodeWrong);
        expect((await sessionCookie(page))?.token).toBeUndefined();
        await screenshot(page, "sign-in-recovery-used", js);
        // Another one still works.
        await page.getByLabel("Recovery code").fill(recoveryCodes[1]!);
        await page.getByRole("button", { name: "Verify" }).click();
        await page.waitForURL((u) => u.pathname === "/home");
      }));

    test(
      "saving and deleting a bank account and changing the login password ask for a code; the password change keeps this browser signed in",
      () =>
        e2e.withPage(js, async (page) => {
          const seller = await newSeller(e2e.server.apiUrl, `tfabank${js ? "j" : "n"}`);
          const { app, recoveryCodes } = await withTwoFactor(seller);
          await passwordStep(page, js, seller, "/security/bankAccount");
          await page.getByLabel("Authentication code").fill(await app.code());
          await page.getByRole("button", { name: "Verify" }).click();
          await page.waitForURL((u) => u.pathname === "/security/bankAccount");
          await pageReady(page, js);

          // ---- a bank account: Continue shows the name, Confirm takes a code
          await page.getByTestId("add-bank").click();
          const form = js ? page.getByRole("dialog") : page.getByTestId("bank-edit-section");
          await form.getByLabel("Bank", { exact: true }).selectOption({ label: "GTBank" });
          await form.getByLabel("Real name").fill("Ada Obi");
          await form.getByLabel("Account number").fill(accountNumberAt("GTBank", Number(`8${RUN}${js ? 1 : 2}`)));
          await form.getByRole("button", { name: "Continue", exact: true }).click();
          await form.getByText("Account name: Ada Obi", { exact: true }).waitFor();
          await form.getByRole("button", { name: "Confirm", exact: true }).click();
          await expect.poll(() => fieldError(form, "Two-factor code")).toBe(M.codeRequired);
          // The name to confirm is still shown; the code is asked beside it.
          await form.getByText("Account name: Ada Obi", { exact: true }).waitFor();
          await screenshot(page, "bank-account-code", js);
          await form.getByLabel("Two-factor code").fill(await app.code());
          await form.getByRole("button", { name: "Confirm", exact: true }).click();
          await toast(page, "Success");
          const card = page.getByTestId("bank-card").filter({ hasText: "Ada Obi" });
          await card.waitFor();

          // ---- deleting it: the question asks for a code too (a recovery code will do)
          await card.getByRole("link", { name: /^Delete/ }).click();
          const question = js ? page.getByRole("alertdialog") : page.getByTestId("bank-delete-section");
          await question.getByLabel("Two-factor code").waitFor();
          await question.getByRole("button", { name: "Delete", exact: true }).click();
          await expect.poll(() => fieldError(question, "Two-factor code")).toBe(M.codeRequired);
          await screenshot(page, "bank-delete-code", js);
          await question.getByLabel("Two-factor code").fill(recoveryCodes[2]!);
          await question.getByRole("button", { name: "Delete", exact: true }).click();
          await toast(page, "Removed !");
          await expect.poll(() => page.getByTestId("bank-card").count()).toBe(0);

          // ---- the login password: the code field; this browser stays signed in (ADR 0058)
          const before = (await sessionCookie(page))?.token;
          await page.goto(`${e2e.server.url}/security/loginPassword?step=form`);
          await pageReady(page, js);
          await page.getByLabel("Old Password").fill(seller.password);
          await page.getByLabel("New Password", { exact: true }).fill("Changed99");
          await page.getByLabel("Confirm New Password").fill("Changed99");
          await page.getByLabel("Two-factor code").fill(await app.code());
          await screenshot(page, "login-password", js);
          await page.getByRole("button", { name: "Confirm", exact: true }).click();
          await toast(page, "Success");
          expect(new URL(page.url()).pathname).toBe("/security/loginPassword");
          expect((await sessionCookie(page))?.token).toBe(before);
          expect((await sessionCookie(page))?.token).toEqual(expect.any(String));
        }),
      SLOW,
    );

    test(
      "new recovery codes for a code; turned off with the login password and a recovery code",
      () =>
        e2e.withPage(js, async (page) => {
          const seller = await newSeller(e2e.server.apiUrl, `tfaoff${js ? "j" : "n"}`);
          const { app, recoveryCodes } = await withTwoFactor(seller);
          await passwordStep(page, js, seller, "/security/twoFactor");
          await page.getByLabel("Authentication code").fill(await app.code());
          await page.getByRole("button", { name: "Verify" }).click();
          await page.waitForURL((u) => u.pathname === "/security/twoFactor");
          await pageReady(page, js);

          // ---- new recovery codes: a wrong code at its field, then the new codes, once
          const renew = page.locator("form", { has: page.getByRole("button", { name: "Get new codes" }) });
          await renew.getByLabel("Two-factor code").fill(codeAt(app.secret, stepNow() + 7));
          await renew.getByRole("button", { name: "Get new codes" }).click();
          await expect.poll(() => fieldError(renew, "Two-factor code")).toBe(M.codeWrong);
          expect(await renew.getByLabel("Two-factor code").inputValue()).toBe("");
          await renew.getByLabel("Two-factor code").fill(await app.code());
          await renew.getByRole("button", { name: "Get new codes" }).click();
          await page.getByText("You have new recovery codes. The old ones no longer work.", { exact: true }).waitFor();
          const fresh = await page.getByTestId("recovery-codes").locator("li").allInnerTexts();
          expect(fresh).toHaveLength(10);
          expect(fresh).not.toContain(recoveryCodes[0]);
          await page.getByRole("link", { name: "I have saved them" }).click();
          await page.getByTestId("two-factor-state").waitFor();
          await pageReady(page, js);

          // ---- turned off: a wrong password at its field, then an old recovery code refused, then a new one
          const off = page.locator("form", { has: page.getByRole("button", { name: "Turn off" }) });
          await off.getByLabel("Login password").fill("wrong123");
          await off.getByLabel("Two-factor code or recovery code").fill(fresh[0]!);
          await off.getByRole("button", { name: "Turn off" }).click();
          await expect.poll(() => fieldError(off, "Login password")).toBe(M.loginPasswordWrong);
          expect(await off.getByLabel("Two-factor code or recovery code").inputValue()).toBe("");
          await screenshot(page, "turn-off-refused", js);
          await off.getByLabel("Login password").fill(seller.password);
          await off.getByLabel("Two-factor code or recovery code").fill(recoveryCodes[0]!);
          await off.getByRole("button", { name: "Turn off" }).click();
          await expect.poll(() => fieldError(off, "Two-factor code or recovery code")).toBe(M.recoveryCodeWrong);
          await off.getByLabel("Login password").fill(seller.password);
          await off.getByLabel("Two-factor code or recovery code").fill(fresh[0]!);
          await off.getByRole("button", { name: "Turn off" }).click();
          await toast(page, "Two-factor sign-in is off.");
          await page.getByRole("button", { name: "Set up two-factor sign-in" }).waitFor();
          // Signing in is one step again.
          expect(await login(seller)).toEqual(expect.any(String));
        }),
      SLOW,
    );

    test("a withdrawer is sent from its desk to set it up, then back; its payout settings ask for a code", () =>
      e2e.withPage(js, async (page) => {
        const who = { email: js ? "withdrawer3@demo.test" : "withdrawer4@demo.test", password: "demo1234" };
        await signInAs(page, e2e.server.url, js, who, "/desk/withdrawals");
        await page.waitForURL((u) => u.pathname === "/security/twoFactor");
        expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/desk/withdrawals");
        await page.getByTestId("two-factor-required").waitFor();
        await screenshot(page, "desk-required", js);
        const app = new App(await startSetup(page, js));
        await turnOn(page, js, app);
        await page.getByRole("link", { name: "I have saved them: go to my desk" }).click();
        await page.waitForURL((u) => u.pathname === "/desk/withdrawals");
        await pageReady(page, js);

        await page.goto(`${e2e.server.url}/desk/withdrawals/settings`);
        await pageReady(page, js);
        const form = page.getByTestId("desk-settings-form");
        await form.getByLabel("Tags").fill(`Fast|Night ${js ? "J" : "N"}`);
        await form.getByRole("button", { name: "Save" }).click();
        await expect.poll(() => fieldError(form, "Two-factor code")).toBe(M.codeRequired);
        expect(await form.getByLabel("Tags").inputValue()).toBe(`Fast|Night ${js ? "J" : "N"}`);
        await screenshot(page, "desk-settings-code", js);
        await form.getByLabel("Two-factor code").fill(await app.code());
        await form.getByRole("button", { name: "Save" }).click();
        await toast(page, "Success");
        expect(path(page)).toBe("/desk/withdrawals/settings");
      }));
  });
}

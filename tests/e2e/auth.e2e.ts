/**
 * Sign-in, registration, sign-out and password reset, with JavaScript on and
 * off: codes come from the dev outbox, every form posts for real.
 */
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { escapeDialog, latestCode, shot } from "./support/browser";
import { useServerAndBrowser } from "./support/suite";

const e2e = useServerAndBrowser({ failureShots: "auth" });

const RUN = Date.now().toString(36);
const BAD_EMAIL = "Please enter a valid email address.";
const MISMATCH = "The new password are different, retry again please.";
const BAD_LOGIN = "Incorrect account or password.";

const path = (page: Page) => new URL(page.url()).pathname;

/** Waits until the page has hydrated (JS on) so client-side handlers are attached. */
async function ready(page: Page, js: boolean) {
  await page.waitForLoadState("load");
  // data-hydrated: set by the layout once React has taken over (no fixed sleep).
  if (js) await page.locator("[data-hydrated]").waitFor({ state: "attached" });
}

async function signIn(page: Page, js: boolean, email: string, pwd: string) {
  await page.goto(`${e2e.server.url}/login`);
  await ready(page, js);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(pwd);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

async function expectSignedInAs(page: Page, nickname: string) {
  await page.waitForURL((u) => u.pathname === "/home");
  await page.locator("header").getByText(nickname).first().waitFor({ state: "attached" });
  expect(await page.locator("header").textContent()).toContain(nickname);
}

/** The top bar's menu → Sign out → Confirm (dialog with JS, the /logout page without). */
async function signOut(page: Page, js: boolean, nickname: string) {
  // The 'Success' toast sits over the top bar on a phone: dismiss it first.
  const dismiss = page.getByRole(js ? "button" : "link", { name: "Dismiss" });
  if (await dismiss.count()) {
    await dismiss.first().click();
    await dismiss.first().waitFor({ state: "detached" });
  }
  // The once-per-session promo popup on /home (JS: a dialog) closes with Escape.
  if (js && (await page.getByRole("dialog").count())) {
    await escapeDialog(page, page.getByRole("dialog"));
  }
  const menu = page.locator('[data-menu="user"]');
  await menu.getByText(`${nickname}: account menu`).waitFor({ state: "attached" });
  await menu.locator("summary, button").first().click();
  await page.getByText("Sign out", { exact: true }).click();
  await page.getByText("Confirm to Sign out ?").waitFor();
  await page.getByRole("button", { name: "Confirm", exact: true }).click();
  await page.waitForURL((u) => u.pathname === "/home");
  await page.locator("header").getByText("Sign In").first().waitFor();
  expect(await page.locator("header").textContent()).not.toContain(nickname);
}

for (const js of [true, false]) {
  const mode = js ? "on" : "off";
  describe(`JavaScript ${mode}`, () => {
    const email = `e2e.${mode}.${RUN}@example.com`;
    const nickname = `u_${mode}_${RUN}`.slice(0, 20);
    const password = "secret123";
    const newPassword = "newsecret456";

    test("register by e-mail with a code from the outbox lands on /login", async () => {
      await e2e.withPage(js, async (page) => {
        await page.goto(`${e2e.server.url}/register`);
        await ready(page, js);
        await shot(page, `register-empty-js-${mode}`);

        // Send code with a bad address: the contact alone is checked.
        await page.getByLabel("Email").fill("not-an-email");
        await page.getByRole("button", { name: "Send code" }).click();
        await page.getByText(BAD_EMAIL).waitFor();

        await page.getByLabel("Email").fill(email);
        await page.getByRole("button", { name: "Send code" }).click();
        await page.getByText("Code sent").waitFor();
        await shot(page, `register-code-sent-js-${mode}`);
        if (js) {
          // The button counts down, disabled.
          const resend = page.getByRole("button", { name: /Resend in \d+s/ });
          await resend.waitFor();
          expect(await resend.isDisabled()).toBe(true);
          // ...and ticks.
          await page.getByRole("button", { name: /Resend in 5[0-8]s/ }).waitFor({ timeout: 5_000 });
        } else {
          expect(await page.getByText(/another code in \d+ s/).count()).toBe(1);
          expect(await page.getByLabel("Email").inputValue()).toBe(email);
          // A second send within 60 s is refused with a clear message.
          await page.getByRole("button", { name: "Send code" }).click();
          await page.getByText(/Please wait \d+ s before requesting another code\./).waitFor();
        }
        await shot(page, `register-wait-js-${mode}`);
        const code = await latestCode(e2e.server.apiUrl, email, "REGISTER");
        expect(code).toMatch(/^\d{6}$/);

        await page.getByLabel("Verification Code").fill(code);
        await page.getByLabel("Nickname").fill(nickname);
        await page.getByLabel("Password", { exact: true }).fill(password);
        await page.getByLabel("Confirm Password").fill("different1");
        // The server checks (islands-only, ADR 0067, JavaScript on and off alike): the mismatch at
        // its field, values kept, passwords not echoed back, the code field's island back again.
        await page.getByRole("button", { name: "Sign Up" }).click();
        await page.getByText(MISMATCH).waitFor();
        await ready(page, js);
        expect(await page.getByLabel("Email").inputValue()).toBe(email);
        expect(await page.getByLabel("Nickname").inputValue()).toBe(nickname);
        expect(await page.getByLabel("Verification Code").inputValue()).toBe(code);
        if (js) {
          // Edited, the server's message goes (the field-errors touch).
          await page.getByLabel("Confirm Password").fill(password);
          await page.getByText(MISMATCH).waitFor({ state: "detached" });
        }
        await page.getByLabel("Password", { exact: true }).fill(password);
        await page.getByLabel("Confirm Password").fill(password);
        await shot(page, `register-filled-js-${mode}`);
        await page.getByRole("button", { name: "Sign Up" }).click();
        await page.waitForURL((u) => u.pathname === "/login");
        await page.getByText("Success").first().waitFor();
      });
    });

    test("log in by e-mail shows the nickname in the top bar; sign out", async () => {
      await e2e.withPage(js, async (page) => {
        await page.goto(`${e2e.server.url}/login`);
        await ready(page, js);
        await shot(page, `login-email-js-${mode}`);
        await signIn(page, js, email, password);
        await expectSignedInAs(page, nickname);
        // Signed in, /login goes home.
        await page.goto(`${e2e.server.url}/login`);
        expect(path(page)).toBe("/home");
        await ready(page, js);
        await signOut(page, js, nickname);
      });
    });

    test("log in by mobile as the demo seller", async () => {
      await e2e.withPage(js, async (page) => {
        await page.goto(`${e2e.server.url}/login`);
        await ready(page, js);
        await page.getByRole("link", { name: "Mobile Login" }).click();
        await page.waitForURL((u) => u.searchParams.get("tab") === "mobile");
        await page.getByLabel("Mobile Number").waitFor();
        expect(await page.getByLabel("Country code").inputValue()).toBe("234");
        await page.getByLabel("Country code").selectOption("234");
        await page.getByLabel("Mobile Number").fill("8000000001");
        await page.getByLabel("Password", { exact: true }).fill("demo1234");
        await shot(page, `login-mobile-js-${mode}`);
        await page.getByRole("button", { name: "Sign In", exact: true }).click();
        await expectSignedInAs(page, "DemoSeller");
        await signOut(page, js, "DemoSeller");
      });
    });

    test("a wrong password shows the server's message and keeps the login name", async () => {
      await e2e.withPage(js, async (page) => {
        await signIn(page, js, email, "wrongpass1");
        await page.getByText(BAD_LOGIN).waitFor();
        expect(path(page)).toBe("/login");
        expect(await page.getByLabel("Email").inputValue()).toBe(email);
        // The button is usable again (docs/product/messages.md: a failed login re-enables it). With JS the busy
        // state clears when the navigation settles, a moment after the message renders.
        await expect.poll(() => page.getByRole("button", { name: "Sign In", exact: true }).isDisabled(), { timeout: 10_000 }).toBe(false);
        await shot(page, `login-error-js-${mode}`);
      });
    });

    test("an invalid e-mail shows the spec's message", async () => {
      await e2e.withPage(js, async (page) => {
        // The sign-in pages are islands-only (ADR 0067): the server answers. The check on blur of a
        // hydrated form page is bundle.e2e.ts's.
        await page.goto(`${e2e.server.url}/login`);
        await ready(page, js);
        await page.getByLabel("Email").fill("someone@");
        await page.getByLabel("Password", { exact: true }).fill("whatever1");
        await page.getByRole("button", { name: "Sign In", exact: true }).click();
        await page.getByText(BAD_EMAIL).waitFor();
        expect(path(page)).toBe("/login");
      });
    });

    test("an invitation link prefills the code, read-only", async () => {
      await e2e.withPage(js, async (page) => {
        await page.goto(`${e2e.server.url}/register/DSELLA`);
        await ready(page, js);
        const invite = page.getByLabel("Invitation Code (optional)");
        expect(await invite.inputValue()).toBe("DSELLA");
        expect(await invite.getAttribute("readonly")).not.toBeNull();
        await shot(page, `register-invite-js-${mode}`);

        if (js) {
          // The old hash-routed share link.
          await page.goto(`${e2e.server.url}/#/register/DSELLA`);
          await page.waitForURL((u) => u.pathname === "/register/DSELLA");
          await ready(page, js);
          expect(await page.getByLabel("Invitation Code (optional)").inputValue()).toBe("DSELLA");
        }
      });
    });

    test("forgot password: reset with a code, then the new password signs in", async () => {
      await e2e.withPage(js, async (page) => {
        await page.goto(`${e2e.server.url}/login`);
        await ready(page, js);
        await page.getByRole("link", { name: "Forgot Password?" }).click();
        await page.waitForURL((u) => u.pathname === "/forgot");
        await ready(page, js);
        // With JavaScript the URL changes before the new page is drawn; /login has an Email field too.
        await page.getByRole("button", { name: "Reset Password" }).waitFor();
        await page.getByLabel("Email").fill(email);
        await page.getByRole("button", { name: "Send code" }).click();
        await page.getByText("Code sent").waitFor();
        const code = await latestCode(e2e.server.apiUrl, email, "FORGET");
        await page.getByLabel("Verification Code").fill(code);
        await page.getByLabel("New Password").fill(newPassword);
        await page.getByLabel("Confirm Password").fill(newPassword);
        await shot(page, `forgot-filled-js-${mode}`);
        await page.getByRole("button", { name: "Reset Password" }).click();
        await page.waitForURL((u) => u.pathname === "/login");

        await signIn(page, js, email, password);
        await page.getByText(BAD_LOGIN).waitFor();
        await signIn(page, js, email, newPassword);
        await expectSignedInAs(page, nickname);
      });
    });

    for (const [screen, button] of [["register", "Sign Up"], ["forgot", "Reset Password"]] as const) {
      test(`${screen} sent empty shows each field's message, not the mismatch; a successful Send code clears the code's error`, async () => {
        await e2e.withPage(js, async (page) => {
          await page.goto(`${e2e.server.url}/${screen}`);
          await ready(page, js);
          await page.getByRole("button", { name: button }).click();
          await page.getByText(BAD_EMAIL).waitFor();
          const codeField = page.getByLabel("Verification Code");
          // The code field's own error line (the ids its aria-describedby names).
          const codeError = async () =>
            page.locator(`#${((await codeField.getAttribute("aria-describedby")) ?? "none").split(" ").join(", #")}`).getByText("Please enter a valid code.");
          await expect.poll(async () => (await codeError()).count()).toBe(1);
          expect(await page.getByText("Password: 6-16 characters, only letters and numbers").count()).toBeGreaterThanOrEqual(2);
          expect(await page.getByText(MISMATCH).count()).toBe(0);

          // The contact fixed and a code sent: the code's old error goes, "Code sent" stays.
          await page.getByLabel("Email").fill(`empty.${screen}.${mode}.${RUN}@example.com`);
          await page.getByRole("button", { name: "Send code" }).click();
          await page.getByText("Code sent").waitFor();
          await expect.poll(async () => (await codeError()).count()).toBe(0);
          expect(await page.getByText(BAD_EMAIL).count()).toBe(0);
          expect(await page.getByText("Please enter a valid code.").count()).toBe(0);
        });
      });
    }

    test("/Login (capital L) is the sign-in page", async () => {
      await e2e.withPage(js, async (page) => {
        // A same-site redirectTo is followed after signing in (an off-site one would be ignored).
        const res = await page.goto(`${e2e.server.url}/Login?redirectTo=${encodeURIComponent("/home?from=login")}`);
        expect(res?.status()).toBe(200);
        await ready(page, js);
        await page.getByRole("heading", { name: "Sign In" }).waitFor();
        await page.getByRole("link", { name: "Email Login" }).waitFor();
        await page.getByRole("link", { name: "Create Account" }).waitFor();
        await page.getByLabel("Email").fill("seller@demo.test");
        await page.getByLabel("Password", { exact: true }).fill("demo1234");
        await page.getByRole("button", { name: "Sign In", exact: true }).click();
        await expectSignedInAs(page, "DemoSeller");
        expect(new URL(page.url()).searchParams.get("from")).toBe("login");
      });
    });

    test("an off-site redirectTo is ignored", async () => {
      await e2e.withPage(js, async (page) => {
        await page.goto(`${e2e.server.url}/login?redirectTo=${encodeURIComponent("//evil.example/")}`);
        await ready(page, js);
        await page.getByLabel("Email").fill("seller@demo.test");
        await page.getByLabel("Password", { exact: true }).fill("demo1234");
        await page.getByRole("button", { name: "Sign In", exact: true }).click();
        await expectSignedInAs(page, "DemoSeller");
        expect(new URL(page.url()).host).toBe(new URL(e2e.server.url).host);
      });
    });
  });
}

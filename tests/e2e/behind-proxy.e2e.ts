/**
 * The Node server behind a proxy on its own host (nginx terminating TLS: a TRUSTED_PROXIES address,
 * loopback by default), in Chromium with JavaScript on and off, each browser sending the headers
 * such a proxy adds (X-Forwarded-For, X-Forwarded-Proto: https):
 * - the referral share link and its QR code say https; without the headers, the server's own http;
 * - the per-IP sign-in limit counts each browser, not the proxy: once one browser has used up its
 *   sign-ins, another still signs in; a call straight to the API through the proxy counts against
 *   its sender's address too, whatever IPv4 header it adds.
 */
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { BAD_LOGIN } from "../../backend/modules/auth/handlers";
import { tooMany } from "../../backend/http/errors";
import { DEMO_LOGINS } from "../../backend/demo/world";
import { signInAs, signInByForm, submitSignInForm } from "./support/browser";
import { useServerAndBrowser } from "./support/suite";

const LOGIN_LIMIT_PER_IP = 3;
const e2e = useServerAndBrowser({ server: { env: { LOGIN_LIMIT_PER_IP: String(LOGIN_LIMIT_PER_IP) } }, failureShots: "behind-proxy" });
const seller = { email: DEMO_LOGINS.seller, password: DEMO_LOGINS.password };
const TOO_MANY = tooMany().message;

/** This context's requests as the proxy passes them on: from browser address `ip`, over https. */
const viaProxy = (context: BrowserContext, ip: string) => context.setExtraHTTPHeaders({ "x-forwarded-for": ip, "x-forwarded-proto": "https" });

async function shareLink(page: Page): Promise<string> {
  await page.getByRole("heading", { level: 1, name: "Refer for Rewards" }).waitFor();
  const link = (await page.getByTestId("share-link").innerText()).trim();
  await page.getByRole("img", { name: `QR code of your invite link ${link}` }).waitFor();
  return link;
}

describe("behind a proxy, a direct API call", () => {
  test("counts against the browser's address; an IPv4 header of its own does not dodge the limit", async () => {
    const login = (forwardedFor: string, ipv4: string) =>
      fetch(`${e2e.server.apiUrl}/client/userAuth/login`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor, ipv4 },
        body: JSON.stringify({ type: "EMAIL", loginName: seller.email, loginPwd: seller.password }),
      }).then((r) => r.json() as Promise<{ code: number; msg: string }>);
    for (let i = 0; i < LOGIN_LIMIT_PER_IP; i++) expect((await login("192.0.2.10", `10.9.9.${i}`)).code).toBe(1);
    const over = await login("192.0.2.10", "10.9.9.99");
    expect(over.code).not.toBe(1);
    expect(over.msg).toBe(TOO_MANY);
    expect((await login("192.0.2.11", "10.9.9.99")).code).toBe(1);
  });
});

for (const js of [true, false]) {
  const mode = js ? "with JavaScript" : "without JavaScript";
  // Each test's browsers have addresses of their own: the limit's counts outlive a test.
  const net = js ? "198.51.100" : "203.0.113";
  describe(`behind a proxy ${mode}`, () => {
    test("the share link and its QR code say https; without the proxy's headers, http", () =>
      e2e.withPage(js, async (page, context) => {
        await viaProxy(context, `${net}.1`);
        await signInAs(page, e2e.server.url, js, seller, "/referral");
        const code = (await page.getByTestId("invite-code").innerText()).trim();
        const https = await shareLink(page);
        expect(https).toBe(`${e2e.server.url.replace("http://", "https://")}/register/${code}`);

        await context.setExtraHTTPHeaders({});
        await page.reload();
        expect(await shareLink(page)).toBe(https.replace("https://", "http://"));
      }));

    test("the per-IP sign-in limit counts each browser, not the proxy", async () => {
      await e2e.withPage(js, async (page, context) => {
        await viaProxy(context, `${net}.2`);
        for (let i = 0; i < LOGIN_LIMIT_PER_IP; i++) {
          await submitSignInForm(page, e2e.server.url, js, { email: "nobody-behind-proxy@demo.test", password: "wrongpass1" });
          await page.getByText(BAD_LOGIN).waitFor();
        }
        await submitSignInForm(page, e2e.server.url, js, seller);
        await page.getByText(TOO_MANY).waitFor();
        expect(new URL(page.url()).pathname).toBe("/login");
      });
      await e2e.withPage(js, async (page, context) => {
        await viaProxy(context, `${net}.3`);
        await signInByForm(page, e2e.server.url, js, seller, "/home");
        await page.locator("header").getByText("DemoSeller").first().waitFor({ state: "attached" });
      });
    });
  });
}

/**
 * Forms that refuse what they should (part 3), through the running server:
 * - a post from another site with the victim's cookie (with and without ?_data, a
 *   foreign Origin or Referer, or none at all and no token) is a 403 and adds nothing;
 *   our own page's post (its Origin, or the token it renders when the browser sends
 *   neither Origin nor Referer) still works;
 * - a body that is not a form is a 400 with the page's error text, logged as one line
 *   without a stack;
 * - /home, one render shared by signed-out visitors (ADR 0045), carries no visitor's token (it is
 *   islands-only, with no Remix state and no form: ADR 0067); each visitor's own, from the sign-in
 *   page, is the only one that works.
 * - an intent the page does not know is the kit's 400 (kit/intents.server.ts) and changes nothing.
 */
import type { APIRequestContext, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { CROSS_SITE_REFUSED, CSRF_FIELD, TOKEN_MISSING } from "../../app/services/kit/csrf";
import { NOT_A_FORM } from "../../app/services/kit/form.server";
import { withCheckDigit } from "../../contract/bank-accounts";
import { CHECKED_FIELD, SAVE_INTENT, checkedKey } from "../../app/services/forms/wallet";
import { apiClient } from "./support/api";
import { signInAs } from "./support/browser";
import { useServerAndBrowser } from "./support/suite";
import { newSeller } from "./support/users";

const e2e = useServerAndBrowser({ failureShots: "csrf" });
const { call, login } = apiClient(() => e2e.server.apiUrl);

const BANK = "/security/bankAccount";
const BANK_DATA = `${BANK}?_data=${encodeURIComponent("routes/_main.security.bankAccount")}`;
const EVIL = "https://evil.example";

async function accountNumbers(token: string): Promise<string[]> {
  const r = await call<{ paymentList: { accountNumber: string }[] }>("/userPayment/getPaymentList", {}, token);
  return r.paymentList.map((p) => p.accountNumber);
}

async function firstBank(token: string): Promise<{ id: number; code: string }> {
  const r = await call<{ paymentType: { id: number; code: string }[] }>("/userPayment/getPaymentType", {}, token);
  return r.paymentType[0];
}

/** The bank-account form's Confirm, as our page posts it: a number that passes the bank's check, and the look-up it confirms (ADR 0053). */
const account = (bank: { id: number; code: string }, serial: string, extra: Record<string, string> = {}) => {
  const fields = { paymentId: String(bank.id), realname: "Attacker Name", accountNumber: withCheckDigit(bank.code, serial) };
  return { intent: SAVE_INTENT, formId: "bank-new", ...fields, [CHECKED_FIELD]: checkedKey(fields), ...extra };
};

async function post(request: APIRequestContext, path: string, form: Record<string, string>, headers: Record<string, string>) {
  return request.post(`${e2e.server.url}${path}`, { form, headers, maxRedirects: 0 });
}

describe("cross-site form posts", () => {
  test("another site's post with the victim's cookie is refused and changes nothing; our own page's posts work", () =>
    e2e.withPage(false, async (page, context) => {
      // The victim is this test's own user: the posts that work add bank accounts.
      const victim = await newSeller(e2e.server.apiUrl, "csrf");
      const token = await login(victim);
      const bank = await firstBank(token);
      await signInAs(page, e2e.server.url, false, victim, BANK);
      const before = await accountNumbers(token);

      const attacks: Array<[string, string, Record<string, string>]> = [
        ["?_data, foreign Origin", BANK_DATA, { origin: EVIL }],
        ["?_data, no Origin, no Referer", BANK_DATA, {}],
        ["?_data, foreign Referer only", BANK_DATA, { referer: `${EVIL}/page` }],
        ["?_data, opaque Origin", BANK_DATA, { origin: "null" }],
        ["document post, foreign Origin", BANK, { origin: EVIL }],
        ["document post, no Origin, no Referer", BANK, {}],
        ["document post, our host as a suffix of theirs", BANK, { origin: `http://127.0.0.1.evil.example:${new URL(e2e.server.url).port}` }],
      ];
      for (const [name, path, headers] of attacks) {
        const res = await post(context.request, path, account(bank, `99${String(Date.now() % 10_000_000).padStart(7, "0")}`), headers);
        expect(res.status(), name).toBe(403);
        expect(await res.text(), name).toMatch(headers.origin || headers.referer ? CROSS_SITE_REFUSED : TOKEN_MISSING);
      }
      // A wrong token is no token.
      const forged = await post(context.request, BANK, account(bank, "123450987", { [CSRF_FIELD]: "x".repeat(43) }), {});
      expect(forged.status()).toBe(403);
      expect(await accountNumbers(token)).toEqual(before);

      // Our page, as a browser posts it: its Origin.
      const mine = await post(context.request, BANK, account(bank, "200000000"), { origin: e2e.server.url });
      expect(mine.status()).toBe(302);
      // Our page's form without Origin or Referer: the token it rendered.
      await page.goto(`${e2e.server.url}${BANK}?edit=new`);
      const rendered = await page.locator(`form[method="post"] input[name="${CSRF_FIELD}"]`).first().getAttribute("value");
      expect(rendered).toMatch(/^[\w-]{43}$/);
      const second = account(bank, "200000001", { [CSRF_FIELD]: rendered! });
      const withToken = await post(context.request, BANK, second, {});
      expect(withToken.status()).toBe(302);
      expect((await accountNumbers(token)).sort()).toEqual([...before, account(bank, "200000000").accountNumber, second.accountNumber].sort());
    }));

  test("the Node server refuses a foreign Origin on any route and ?_data before Remix runs; GETs are untouched", async () => {
    for (const path of ["/login", "/logout", "/notices/read-all", "/sellCard/1/upload", "/orderDetails/1?_data=routes%2F_main.orderDetails.%24orderId"]) {
      const res = await fetch(`${e2e.server.url}${path}`, { method: "POST", headers: { origin: EVIL }, body: new URLSearchParams({ a: "1" }), redirect: "manual" });
      expect(res.status, path).toBe(403);
    }
    expect((await fetch(`${e2e.server.url}/home`, { headers: { origin: EVIL } })).status).toBe(200);
  });
});

describe("a page shared between signed-out visitors", () => {
  /**
   * /home as sent, then the token the visitor's session holds, from the sign-in form. Signed-out
   * /home has no form and, islands-only, no Remix state: the shared page has no token in it.
   */
  async function visitHome(page: Page): Promise<{ html: string; token: string }> {
    const html = (await (await page.goto(`${e2e.server.url}/home`))!.text());
    expect(html).not.toMatch(/"csrf":"/);
    const login = (await (await page.goto(`${e2e.server.url}/login`))!.text());
    const token = new RegExp(`name="${CSRF_FIELD}" value="([\\w-]{43})"`).exec(login)?.[1];
    expect(token).toBeDefined();
    return { html, token: token! };
  }
  const wrongPassword = (token: string) => ({ type: "EMAIL", email: "seller@demo.test", loginPwd: "not-the-password", [CSRF_FIELD]: token });

  for (const js of [false, true]) {
    test(`/home carries no visitor's token; each visitor's own works, and only theirs (JS ${js ? "on" : "off"})`, () =>
      e2e.withPage(js, (first) =>
        e2e.withPage(js, async (second, secondContext) => {
          const errors: string[] = [];
          second.on("pageerror", (e) => errors.push(e.message));
          second.on("console", (m) => void (m.type() === "error" && errors.push(m.text())));
          // The first visitor's page is rendered and kept; the second, with the same cookies (none), is given it.
          const { token: theirs } = await visitHome(first);
          const { html, token: mine } = await visitHome(second);
          if (js) await second.locator("[data-hydrated]").waitFor({ state: "attached" });
          expect(mine).not.toBe(theirs);
          expect(html).not.toContain(theirs);
          // A post that says nothing of where it comes from needs the session's token: the page's is it.
          const withMine = await post(secondContext.request, "/login", wrongPassword(mine), {});
          expect(withMine.status()).not.toBe(403);
          expect(await withMine.text()).not.toContain(TOKEN_MISSING);
          const withTheirs = await post(secondContext.request, "/login", wrongPassword(theirs), {});
          expect(withTheirs.status()).toBe(403);
          expect(await withTheirs.text()).toContain(TOKEN_MISSING);
          expect(errors).toEqual([]);
        }),
      ));
  }
});

describe("bodies that are not forms", () => {
  test("400 with the page's error text and one log line without a stack", () =>
    e2e.withPage(false, async (page, context) => {
      await signInAs(page, e2e.server.url, false, { email: "seller@demo.test", password: "demo1234" }, "/home");
      const paths = ["/login", "/register", "/forgot", "/sellCard/1", "/sellCoins/1", BANK];
      const logBefore = e2e.server.output().length;
      for (const path of paths) {
        const plain = await context.request.post(`${e2e.server.url}${path}`, {
          headers: { origin: e2e.server.url, "content-type": "text/plain" },
          data: "hello",
          maxRedirects: 0,
        });
        expect(plain.status(), path).toBe(400);
        expect(await plain.text(), path).toContain(NOT_A_FORM);
        const json = await context.request.post(`${e2e.server.url}${path}`, {
          headers: { origin: e2e.server.url, "content-type": "application/json" },
          data: "{\"a\":1}",
          maxRedirects: 0,
        });
        expect(json.status(), `${path} (json)`).toBe(400);
        const broken = await context.request.post(`${e2e.server.url}${path}`, {
          headers: { origin: e2e.server.url, "content-type": "multipart/form-data; boundary=right" },
          data: "--wrong\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--wrong--\r\n",
          maxRedirects: 0,
        });
        expect(broken.status(), `${path} (multipart)`).toBe(400);
      }
      // Let the server's output catch up, then: one line per refusal, no stack, no 500.
      await new Promise((r) => setTimeout(r, 300));
      const log = e2e.server.output().slice(logBefore);
      expect(log).not.toMatch(/^\s+at /m);
      expect(log).not.toContain("Unexpected Server Error");
      expect(log.split("\n").filter((l) => l.startsWith("[web] 400 POST")).length).toBeGreaterThanOrEqual(paths.length * 3);
    }));
});

describe("an intent the page does not know", () => {
  test("is the kit's 400 'Request error' naming it, on every page with intents, and does nothing", () =>
    e2e.withPage(false, async (page, context) => {
      const seller = await newSeller(e2e.server.apiUrl, "intent");
      const token = await login(seller);
      await signInAs(page, e2e.server.url, false, seller, "/home?promo=closed");
      const pages: Array<[string, string]> = [
        ["/security/tradePassword", "routes/_main.security.tradePassword"],
        [BANK, "routes/_main.security.bankAccount"],
        ["/security/bindEmail", "routes/_main.security.bindEmail"],
        ["/memberShipCenter/dailyCheckIn", "routes/_main.memberShipCenter.dailyCheckIn"],
        ["/partnerList", "routes/_main.partnerList"],
        ["/message/C2C88888888", "routes/_main.message.$conversationId"],
        ["/orderDetails/1", "routes/_main.orderDetails.$orderId"],
        ["/register", "routes/_main.register"],
        ["/forgot", "routes/_main.forgot"],
      ];
      for (const [path, route] of pages) {
        const res = await context.request.post(`${e2e.server.url}${path}?_data=${encodeURIComponent(route)}`, {
          form: { intent: "nonsense", toUser: "1", email: seller.email },
          headers: { origin: e2e.server.url },
          maxRedirects: 0,
        });
        expect([path, res.status(), await res.json()]).toEqual([path, 400, { intent: "nonsense", error: "Request error" }]);
      }
      // Not checked in by a post that did not ask to.
      expect((await call<{ isCheckIn: boolean }>("/userCheckIn/getCheckInInfo", {}, token)).isCheckIn).toBe(false);
    }));
});

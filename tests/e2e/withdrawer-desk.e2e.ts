/**
 * The withdrawer desk end to end (ADR 0037), with JavaScript on and off. A seller of its
 * own sells coins to withdrawer1 twice (through the API, as wallet.e2e drives the form); withdrawer1,
 * in its own browser context, finds both in its queue with their limit, processes the first (the
 * seller's bank account appears only then), completes it with an uploaded proof (with JavaScript the
 * picture is compressed in the browser first; without it the plain file goes up), and the seller
 * sees it completed with the proof; the second is cancelled with a reason and the seller's coins
 * return. The withdrawer changes its rate on the settings page and sellers see it. Then the access
 * test: every desk URL, GET and POST, as a guest, a seller, a merchant and an administrator answers
 * exactly like an unknown path. The demo bots are off (support/server.ts), so only the desk moves.
 */
import sharp from "sharp";
import { accountNumberAt } from "../support/bank-accounts";
import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { pageWeight } from "../../scripts/js-weight";
import { apiClient } from "./support/api";
import { pageReady, shotFromTop, signInAs, signInSession, watchPages } from "./support/browser";
import { useServerAndBrowser } from "./support/suite";
import { newSellerWithCoins, type TestUser } from "./support/users";

const e2e = useServerAndBrowser({ failureShots: "withdrawer-desk" });
const api = apiClient(() => e2e.server.apiUrl);

const WITHDRAWER = { email: "withdrawer1@demo.test", password: "demo1234" };
const OTHERS = {
  seller: { email: "seller@demo.test", password: "demo1234" },
  merchant: { email: "merchant1@demo.test", password: "demo1234" },
  admin: { email: "admin@demo.test", password: "demo1234" },
};
/** A number that passes Access Bank's check (ADR 0053). */
const ACCOUNT = accountNumberAt("Access Bank", 12_345_678);

let seller: TestUser & { tradePassword: string };
let sellerToken: string;
let withdrawerId: number;
let bankId: number;

/** A noisy 1600×1200 PNG (about 5 MB): big enough that the browser's compression clearly shrinks it. */
async function receipt(): Promise<Buffer> {
  const width = 1600;
  const height = 1200;
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
  return sharp(raw, { raw: { width, height, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
}

const balance = async () => (await api.call<{ account: { amount: number } }>("/userInfo/getAccountBalance", {}, sellerToken)).account.amount;

async function sell(coins: number): Promise<number> {
  const r = await api.call<{ id: number }>("/userWithdraw/applyWithdraw", { withdrawerId, amount: coins * 100, userPaymentId: bankId, tradePwd: seller.tradePassword }, sellerToken);
  return r.id;
}

const ready = pageReady;

async function goto(page: Page, js: boolean, to: string) {
  await page.goto(`${e2e.server.url}${to}`);
  await ready(page, js);
}

const screenshot = (page: Page, name: string, js: boolean) => shotFromTop(page, `withdrawer-desk-${name}-390-${js ? "js" : "nojs"}`, js);

/** After a post: the page again (a redirect with the Success toast), hydrated. */
async function settled(page: Page, js: boolean) {
  await page.getByText("Success", { exact: true }).first().waitFor();
  await ready(page, js);
}

const statusOf = async (id: number) => (await api.call<{ withdrawal: { status: number } }>("/userWithdraw/getWithdrawDetail", { id }, sellerToken)).withdrawal.status;

beforeAll(async () => {
  seller = await newSellerWithCoins(e2e.server.apiUrl, "wdesk", 15_000, "123456");
  sellerToken = await api.login(seller);
  const types = await api.call<{ paymentType: { id: number; nameEn: string }[] }>("/userPayment/getPaymentType", {}, sellerToken);
  const bank = await api.call<{ id: number }>(
    "/userPayment/addPayment",
    { paymentId: types.paymentType.find((t) => t.nameEn === "Access Bank")!.id, userPayment: { realname: "Bola Desk", accountNumber: ACCOUNT, remark: "" } },
    sellerToken,
  );
  bankId = bank.id;
  const list = await api.call<{ list: { id: number; nickname: string }[] }>("/userWithdraw/getWithdrawer", { currency: "NGN" }, sellerToken);
  withdrawerId = list.list.find((w) => w.nickname === "CashPointNG")!.id;
}, 300_000);

for (const js of [true, false]) {
  describe(`the withdrawer desk ${js ? "with" : "without"} JavaScript`, () => {
    test("process, see the account, complete with a proof; cancel another with a reason; change the rate", async () => {
      const paid = await sell(30);
      const cancelled = await sell(20);
      const before = await balance();

      await e2e.withPage(js, async (page) => {
        // The queue: both, Waiting, with the 300-minute limit.
        await signInAs(page, e2e.server.url, js, WITHDRAWER, "/desk/withdrawals");
        const item = page.locator(`[data-testid="desk-withdrawal-item"][data-withdrawal-id="${paid}"]`);
        await item.waitFor();
        await page.locator(`[data-testid="desk-withdrawal-item"][data-withdrawal-id="${cancelled}"]`).waitFor();
        // The top bar's Payouts link counts the withdrawals waiting for this withdrawer.
        const badge = await page.locator('a[href="/desk/withdrawals"]').filter({ hasText: "waiting withdrawals" }).first().textContent();
        expect(Number(badge!.match(/(\d+)\s*waiting withdrawals/)![1])).toBeGreaterThanOrEqual(2);
        const deadline = Number(await item.getByTestId("desk-deadline").getAttribute("data-deadline"));
        expect(deadline - Date.now()).toBeGreaterThan(290 * 60_000);
        expect(await item.getByTestId("desk-deadline").innerText()).toContain("Auto cancel");
        await screenshot(page, "queue", js);

        // The withdrawal: no bank account before processing.
        await item.click();
        await page.waitForURL((u) => u.pathname === `/desk/withdrawals/${paid}`);
        await ready(page, js);
        await page.getByTestId("desk-bank-hidden").waitFor();
        expect(await page.content()).not.toContain(ACCOUNT);

        // Process, confirmed (a dialog with JavaScript, the ?confirm= section without).
        await page.getByTestId("process-button").click();
        if (js) await page.getByRole("alertdialog").getByRole("button", { name: "Confirm" }).click();
        else await page.getByTestId("process-confirm").getByRole("button", { name: "Confirm" }).click();
        await settled(page, js);
        expect(await page.getByTestId("desk-account-number").innerText()).toBe(ACCOUNT);
        await screenshot(page, "processing", js);

        // Complete with the proof: compressed in the browser with JavaScript, posted as it is without.
        const original = await receipt();
        const input = page.locator("#pay-picture");
        await input.setInputFiles({ name: "receipt.png", mimeType: "image/png", buffer: original });
        if (js) {
          await expect
            .poll(() => input.evaluate((el: HTMLInputElement) => el.files?.[0]?.name), { timeout: 15_000 })
            .toBe("payment.jpg");
          const size = await input.evaluate((el: HTMLInputElement) => el.files![0].size);
          expect(size).toBeLessThan(original.length / 4);
        }
        await page.getByLabel(/I have paid/).check();
        await page.getByRole("button", { name: "Complete", exact: true }).click();
        await settled(page, js);
        await page.getByTestId("desk-proof").waitFor();
        const proof = await page.request.get(`${e2e.server.url}/desk/withdrawals/${paid}/picture`);
        expect(proof.status()).toBe(200);
        expect(proof.headers()["content-type"]).toBe("image/jpeg");
        const meta = await sharp(await proof.body()).metadata();
        expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(1024);
        expect(await statusOf(paid)).toBe(2);

        // The other one: cancelled with a reason; the coins go back to the seller.
        await goto(page, js, `/desk/withdrawals/${cancelled}`);
        await page.getByTestId("cancel-withdrawal").locator("summary").click();
        await page.getByLabel("Reason (the seller sees it)").fill("The account name does not match.");
        await page.getByRole("button", { name: "Cancel withdrawal" }).click();
        await settled(page, js);
        await page.getByTestId("desk-cancelled").getByText("The account name does not match.").waitFor();
        expect(await statusOf(cancelled)).toBe(3);
        expect(await balance()).toBe(before + 2_000);

        // The rate: a refused save keeps what was typed and says why; a good one shows on /withdrawerList.
        await goto(page, js, "/desk/withdrawals/settings");
        await page.getByLabel("Minimum").fill("9000");
        await page.getByLabel("Maximum").fill("10");
        await page.getByRole("button", { name: "Save" }).click();
        await page.getByText("The minimum must not be more than the maximum.").waitFor();
        await page.getByLabel("Minimum").fill("10");
        await page.getByLabel("Maximum").fill("5000");
        const rate = js ? "536.25" : "537.5";
        await page.getByLabel(/^Rate/).fill(rate);
        await page.getByRole("button", { name: "Save" }).click();
        await settled(page, js);
        await screenshot(page, "settings", js);
      });

      const shown = await api.call<{ list: { id: number; currencyRate: number; minTrade: number; maxTrade: number }[] }>("/userWithdraw/getWithdrawer", { currency: "NGN" }, sellerToken);
      expect(shown.list.find((w) => w.id === withdrawerId)).toMatchObject({ currencyRate: js ? 5_362_500 : 5_375_000, minTrade: 1_000, maxTrade: 500_000 });

      // The seller, in its own context: completed with the proof, and the cancelled one's reason.
      await e2e.withPage(js, async (page) => {
        await signInAs(page, e2e.server.url, js, seller, `/withdrawDetails/${paid}`);
        await page.getByTestId("pay-picture").waitFor();
        await goto(page, js, `/withdrawDetails/${cancelled}`);
        await page.getByTestId("withdrawal-reason").getByText("The account name does not match.").waitFor();
      });
    }, 240_000);
  });
}

describe("who may open the withdrawer desk", () => {
  /** How a context is answered, without following redirects. */
  async function answer(context: BrowserContext, method: "GET" | "POST", path: string) {
    const url = `${e2e.server.url}${path}`;
    const res =
      method === "GET"
        ? await context.request.get(url, { maxRedirects: 0 })
        : await context.request.post(url, { form: { intent: "process", reason: "x", status: "1" }, headers: { origin: e2e.server.url }, maxRedirects: 0 });
    return { status: res.status(), location: res.headers()["location"] ?? null };
  }

  test("every desk URL, GET and POST, as a guest, a seller, a merchant and an administrator: what an unknown path answers", async () => {
    const waiting = await sell(10);
    const urls = ["/desk/withdrawals", "/desk/withdrawals?status=1", "/desk/withdrawals?index", "/desk/withdrawals/settings", `/desk/withdrawals/${waiting}`, `/desk/withdrawals/${waiting}/picture`, "/desk/withdrawals/abc"];
    for (const [who, login] of [["guest", null], ...Object.entries(OTHERS)] as const) {
      const context = watchPages(await e2e.browser.newContext({ javaScriptEnabled: false }));
      try {
        if (login) await signInSession(context, e2e.server.url, login);
        const unknownGet = await answer(context, "GET", "/desk/no-such-page");
        const unknownPost = await answer(context, "POST", "/desk/no-such-page");
        expect(unknownGet).toEqual({ status: 302, location: "/home" });
        expect(unknownPost).toEqual({ status: 302, location: "/home" });
        for (const url of urls) {
          expect({ who, url, ...(await answer(context, "GET", url)) }).toEqual({ who, url, ...unknownGet });
          expect({ who, url, ...(await answer(context, "POST", url)) }).toEqual({ who, url, ...unknownPost });
        }
      } finally {
        await context.close();
      }
    }
    // Nothing moved.
    expect(await statusOf(waiting)).toBe(0);
  }, 120_000);

  test("the desk's pages stay within the JavaScript budget (120 KB)", async () => {
    const context = watchPages(await e2e.browser.newContext({ javaScriptEnabled: true, viewport: { width: 390, height: 844 } }));
    try {
      await signInSession(context, e2e.server.url, WITHDRAWER);
      const id = await sell(10);
      for (const path of ["/desk/withdrawals", "/desk/withdrawals/settings", `/desk/withdrawals/${id}`]) {
        const page = await context.newPage();
        const scripts = new Set<string>();
        page.on("request", (r) => {
          if (r.resourceType() === "script" && new URL(r.url()).pathname.startsWith("/build/")) scripts.add(r.url());
        });
        await page.goto(e2e.server.url + path);
        await page.locator("[data-hydrated]").waitFor({ state: "attached" });
        await page.waitForLoadState("networkidle");
        expect(new URL(page.url()).pathname).toBe(path);
        expect({ path, wire: pageWeight(scripts).wire <= 120_000 }).toEqual({ path, wire: true });
        await page.close();
      }
    } finally {
      await context.close();
    }
  }, 120_000);
});

/**
 * Web Push in the browser (ADR 0079), as far as headless Chromium goes:
 * - /security/notifications with a stubbed PushManager (headless Chromium has no push service):
 *   "Turn on notifications on this phone" asks for permission, subscribes with our VAPID key and
 *   posts the subscription, which the backend stores; "Turn off" forgets it;
 * - the per-kind form, JavaScript on and off; without JavaScript the page says why there is no button;
 * - the worker's push handler shows our notification, and its notificationclick takes a tab of
 *   ours to the page (a synthetic event evaluated in the service worker: a real click on a system
 *   notification is not something headless Chromium can do, nor can a synthetic event open a new window).
 */
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { PUSH_WORDS } from "../../app/components/identity/PushSettings";
import { pageReady, shot, signInSession } from "./support/browser";
import { apiClient } from "./support/api";
import { newSeller } from "./support/users";
import { useServerAndBrowser } from "./support/suite";

const e2e = useServerAndBrowser({ failureShots: "web-push" });
const HERE = "/security/notifications";
/** The worker's global, as much of it as these tests use (the project compiles against the DOM library). */
type WorkerGlobal = EventTarget & { registration: ServiceWorkerRegistration };
const toast = (page: Page, text: string) => page.locator('[role="status"][aria-live="polite"]').getByText(text, { exact: true }).first().waitFor();

/** Her settings as the backend holds them. */
async function settingsOf(who: { email: string; password: string }) {
  const { call, login } = apiClient(() => e2e.server.url);
  return call<{ settings: Record<string, boolean>; subscriptions: number }>("/push/getSettings", {}, await login(who));
}

/**
 * A PushManager and Notification permission of our own (headless Chromium has no push service):
 * subscribe() answers a subscription with real-looking keys and records the key it was given; the
 * subscription lives in sessionStorage so a reload still finds it.
 */
async function stubPush(context: BrowserContext) {
  await context.addInitScript(() => {
    const KEY = "stub-push";
    const b64u = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    const make = (endpoint: string, p256dh: string, auth: string) => ({
      endpoint,
      toJSON: () => ({ endpoint, keys: { p256dh, auth } }),
      unsubscribe: async () => (sessionStorage.removeItem(KEY), true),
    });
    const stored = () => {
      const s = sessionStorage.getItem(KEY);
      if (!s) return null;
      const v = JSON.parse(s) as { endpoint: string; p256dh: string; auth: string };
      return make(v.endpoint, v.p256dh, v.auth);
    };
    let permission: NotificationPermission = "default";
    Object.defineProperty(Notification, "permission", { get: () => permission });
    Notification.requestPermission = async () => (permission = "granted");
    PushManager.prototype.getSubscription = async function () {
      return stored() as unknown as PushSubscription;
    };
    PushManager.prototype.subscribe = async function (opts?: PushSubscriptionOptionsInit) {
      const key = opts?.applicationServerKey as Uint8Array;
      (window as unknown as { subscribedWith: unknown }).subscribedWith = { userVisibleOnly: opts?.userVisibleOnly, keyLength: key.length, keyFirst: key[0] };
      const p256dh = new Uint8Array(65);
      p256dh[0] = 4;
      crypto.getRandomValues(p256dh.subarray(1));
      const v = { endpoint: `https://push.example.com/e2e/${Date.now()}`, p256dh: b64u(p256dh), auth: b64u(crypto.getRandomValues(new Uint8Array(16))) };
      sessionStorage.setItem(KEY, JSON.stringify(v));
      return make(v.endpoint, v.p256dh, v.auth) as unknown as PushSubscription;
    };
  });
}

describe("notifications on this phone (JavaScript on)", () => {
  test("Turn on asks, subscribes with our key and the backend stores it; the kinds form saves; Turn off forgets it", () =>
    e2e.withPage(
      true,
      async (page, context) => {
        const seller = await newSeller(e2e.server.url, "push");
        await signInSession(context, e2e.server.url, seller);
        await stubPush(context);
        await page.goto(`${e2e.server.url}/security`);
        await pageReady(page, true);
        await page.getByRole("navigation", { name: "Security settings" }).getByRole("link", { name: "Push Notifications" }).click();
        await page.waitForURL((u) => u.pathname === HERE);
        await pageReady(page, true);
        await page.getByTestId("push-phone-state").getByText(PUSH_WORDS.off).waitFor();

        await page.getByRole("button", { name: "Turn on notifications on this phone" }).click();
        await toast(page, "Notifications are on for this phone.");
        await page.getByTestId("push-phone-state").getByText(PUSH_WORDS.on).waitFor();
        // The VAPID public key: an uncompressed P-256 point (65 bytes, 0x04 first); user-visible only.
        expect(await page.evaluate(() => (window as unknown as { subscribedWith: unknown }).subscribedWith)).toEqual({ userVisibleOnly: true, keyLength: 65, keyFirst: 4 });
        expect(await settingsOf(seller)).toEqual({ settings: { order: true, chat: true, withdrawal: true, rateAlert: true, support: true }, subscriptions: 1 });
        await page.getByText("1 phone or browser of yours gets notifications.").waitFor();
        await shot(page, "push-settings-on-390");

        await page.getByTestId("push-kind-chat").uncheck();
        await page.getByRole("button", { name: "Save" }).click();
        await toast(page, "Your notification choices are saved.");
        expect((await settingsOf(seller)).settings).toMatchObject({ chat: false, order: true });
        expect(await page.getByTestId("push-kind-chat").isChecked()).toBe(false);

        await page.getByRole("button", { name: "Turn off" }).click();
        await toast(page, "Notifications are off for this phone.");
        expect((await settingsOf(seller)).subscriptions).toBe(0);
        await page.getByRole("button", { name: "Turn on notifications on this phone" }).waitFor();
      },
      { worker: true },
    ));

  test("the worker shows our push, and a tap on it takes a tab of ours to its page", () =>
    e2e.withPage(
      true,
      async (page, context) => {
        const seller = await newSeller(e2e.server.url, "pushclick");
        await signInSession(context, e2e.server.url, seller);
        await context.grantPermissions(["notifications"], { origin: e2e.server.url });
        await page.goto(`${e2e.server.url}/home`);
        await pageReady(page, true);
        await page.evaluate(async () => {
          const sw = navigator.serviceWorker;
          await sw.ready;
          if (!sw.controller) await new Promise((r) => sw.addEventListener("controllerchange", r, { once: true }));
        });
        const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker"));

        // A push as the push service hands it over (the decrypted data): the notification shown.
        const shown = await worker.evaluate(async () => {
          const scope = self as unknown as WorkerGlobal;
          const done: Promise<unknown>[] = [];
          const e = Object.assign(new Event("push"), {
            data: { json: () => ({ title: "Order completed", body: "Order #7: open it to see the details.", url: "/orderList", tag: "order-7" }) },
            waitUntil: (p: Promise<unknown>) => done.push(p),
          });
          scope.dispatchEvent(e);
          await Promise.all(done);
          return (await scope.registration.getNotifications({ tag: "order-7" })).map((n) => ({ title: n.title, body: n.body, icon: n.icon, data: n.data as unknown }));
        });
        expect(shown).toEqual([{ title: "Order completed", body: "Order #7: open it to see the details.", icon: `${e2e.server.url}/icons/icon-192.png`, data: { url: "/orderList" } }]);

        // Its click: the open tab goes to the order list.
        await worker.evaluate(async () => {
          const scope = self as unknown as WorkerGlobal;
          const done: Promise<unknown>[] = [];
          const e = Object.assign(new Event("notificationclick"), { notification: { close() {}, data: { url: "/orderList" } }, waitUntil: (p: Promise<unknown>) => done.push(p) });
          scope.dispatchEvent(e);
          await Promise.all(done);
        });
        await page.waitForURL((u) => u.pathname === "/orderList");
        await page.getByRole("heading", { level: 1, name: "Orders" }).waitFor();
      },
      { worker: true },
    ));
});

describe("notifications without JavaScript", () => {
  test("the page says the phone's notifications need JavaScript, and the kinds form saves", () =>
    e2e.withPage(false, async (page, context) => {
      const seller = await newSeller(e2e.server.url, "pushnojs");
      await signInSession(context, e2e.server.url, seller);
      await page.goto(`${e2e.server.url}${HERE}`);
      await page.getByText(PUSH_WORDS.needsJs).waitFor();
      expect(await page.getByRole("button", { name: "Turn on notifications on this phone" }).count()).toBe(0);
      await page.getByTestId("push-kind-order").uncheck();
      await page.getByTestId("push-kind-rateAlert").uncheck();
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("Your notification choices are saved.").waitFor();
      expect(await settingsOf(seller)).toEqual({ settings: { order: false, chat: true, withdrawal: true, rateAlert: false, support: true }, subscriptions: 0 });
      expect(await page.getByTestId("push-kind-order").isChecked()).toBe(false);
      await shot(page, "push-settings-390-nojs");
    }));
});

import { describe, expect, test } from "vitest";
import { openPage, shownPush, type PushScope } from "./push";

describe("the worker's pushes (ADR 0079)", () => {
  test("a push shows our title and words, the app's icon, its tag and the page to open", () => {
    expect(shownPush({ title: "Order completed", body: "Order #5: open it to see the details.", url: "/orderDetails/5", tag: "order-5" })).toEqual({
      title: "Order completed",
      options: { body: "Order #5: open it to see the details.", icon: "/icons/icon-192.png", badge: "/icons/icon-192.png", tag: "order-5", data: { url: "/orderDetails/5" } },
    });
  });

  test("a push that is not ours in shape, or names another site, opens the notices", () => {
    expect(shownPush(null)).toMatchObject({ title: "GiftMarket", options: { body: "You have a new notice.", data: { url: "/notices" } } });
    expect(shownPush({ title: "x", url: "https://evil.example/" }).options.data.url).toBe("/notices");
    expect(shownPush({ title: "x", url: "//evil.example/" }).options.data.url).toBe("/notices");
  });

  const scope = (tabs: { url: string }[]) => {
    const did: string[] = [];
    const s: PushScope = {
      location: { origin: "https://m.test" },
      registration: { showNotification: async () => undefined },
      clients: {
        matchAll: async () =>
          tabs.map((t) => ({ url: t.url, focus: async () => did.push(`focus ${t.url}`), navigate: async (u: string) => did.push(`navigate ${t.url} -> ${u}`) })),
        openWindow: async (u: string) => did.push(`open ${u}`),
      },
    };
    return { s, did };
  };

  test("a tap focuses a tab on that page, else takes a tab of ours there, else opens one", async () => {
    let w = scope([{ url: "https://m.test/home" }, { url: "https://m.test/orderDetails/5" }]);
    await openPage(w.s, "/orderDetails/5");
    expect(w.did).toEqual(["focus https://m.test/orderDetails/5"]);
    w = scope([{ url: "https://m.test/home" }]);
    await openPage(w.s, "/orderDetails/5");
    expect(w.did).toEqual(["navigate https://m.test/home -> https://m.test/orderDetails/5", "focus https://m.test/home"]);
    w = scope([]);
    await openPage(w.s, "/orderDetails/5");
    expect(w.did).toEqual(["open https://m.test/orderDetails/5"]);
  });
});

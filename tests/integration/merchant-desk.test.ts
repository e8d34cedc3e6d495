import { describe, expect, it } from "vitest";
import { merchantDeskCalls, orderDeskCalls } from "../../contract/index";
import type { StaffPath } from "../../contract/index";
import type { TestBackend } from "../support/backend";
import { advertRemaining, addOrder, expectOk, expectRefused, makeAdvert, orderRow, placeOrder, setUpOrderTests, staff, type Parties } from "../support/orders";

/** The merchant desk's calls (ADR 0036): the queue, the badge, the offers, the online switch, and who may use them. */

let t: TestBackend;
let p: Parties;
setUpOrderTests((world) => {
  ({ t, p } = world);
});

const NEW_ADVERT = {
  cardTypeId: 0,
  cardType: 1,
  tradeCurrency: "usd",
  discount: 8_300,
  minTrade: 1_000,
  maxTrade: 50_000,
  fixTrade: "2500|5000",
  payLimit: 20,
  tagListEn: " Fast | E-code |",
  explainInfo: "Codes only, one per order.",
  tradeAmount: 1_000_000,
  codesPerOrder: 1,
};

async function cardTypeId(name = "Steam Wallet") {
  const row = await t.db.selectFrom("card_types").select("id").where("name_en", "like", `${name}%`).executeTakeFirst();
  return row?.id ?? (await t.db.selectFrom("card_types").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
}

describe("the desk queue", () => {
  it("Waiting newest first, then Processing and In negotiation newest first; filters; keyset pages", async () => {
    // A merchant of its own orders: merchant2 (the bots are off in the harness).
    const apple = await makeAdvert(t, { merchantId: p.merchant2.id, discount: 8_000 });
    const ids: number[] = [];
    for (let i = 0; i < 25; i++) ids.push(await placeOrder(t, p.seller.token, apple, 10_000));
    // Views five of the older ones (0 → 1) and negotiates one of them (1 → 2).
    const viewed = ids.slice(0, 5);
    for (const id of viewed) expectOk(await staff(t, "/merchant/order/view", { id }, p.merchant2.token));
    expectOk(
      await staff(t, "/merchant/order/negotiate", { id: viewed[1], arbitrationType: 0, arbitrationApplyAmount: 0, arbitrationApplyPrice: 0, arbitrationContent: "Invalid." }, p.merchant2.token),
    );

    const waiting = ids.slice(5).reverse();
    const open = [...viewed].reverse();
    const page1 = await staff(t, "/merchant/order/list", { queue: true }, p.merchant2.token);
    expectOk(page1);
    expect(page1.data.list.map((o: { id: number }) => o.id)).toEqual(waiting);
    const page2 = await staff(t, "/merchant/order/list", { queue: true, lastId: waiting.at(-1), lastRank: 0 }, p.merchant2.token);
    expect(page2.data.list.map((o: { id: number }) => o.id)).toEqual(open);
    const page3 = await staff(t, "/merchant/order/list", { queue: true, lastId: open.at(-1), lastRank: 1 }, p.merchant2.token);
    expect(page3.data.list).toEqual([]);

    // One status; a card type with none of them.
    const negotiating = await staff(t, "/merchant/order/list", { queue: true, status: 2 }, p.merchant2.token);
    expect(negotiating.data.list.map((o: { id: number }) => o.id)).toEqual([viewed[1]]);
    const other = await cardTypeId();
    const none = await staff(t, "/merchant/order/list", { queue: true, cardTypeId: other }, p.merchant2.token);
    const apples = (await orderRow(t, ids[0])).card_type_id;
    expect(none.data.list).toEqual(other === apples ? page1.data.list : []);

    // The badge: Waiting orders sold to the caller, only for business users.
    const mine = await t.call("/notice/checkNotice", {}, { token: p.merchant2.token });
    expect(mine.data.deskWaiting).toBe(20);
    const sellers = await t.call("/notice/checkNotice", {}, { token: p.seller.token });
    expect(sellers.data.deskWaiting).toBe(0);

    // Without `queue` the list is as before: every status, newest first.
    const all = await staff(t, "/merchant/order/list", {}, p.merchant2.token);
    expect(all.data.list[0].id).toBe(ids.at(-1));
  });
});

describe("the merchant's offers", () => {
  it("creates, lists, edits, pauses and resumes its own adverts; the catalogue follows at once", async () => {
    const cardTypeIdOf = await cardTypeId();
    const created = await staff(t, "/merchant/advert/create", { ...NEW_ADVERT, cardTypeId: cardTypeIdOf }, p.merchant.token);
    expectOk(created);
    const id = created.data.id as number;

    const detail = await staff(t, "/merchant/advert/detail", { id }, p.merchant.token);
    expectOk(detail);
    expect(detail.data).toMatchObject({
      id,
      status: 1,
      tradeCurrency: "USD",
      discount: 8_300,
      usdDiscount: 8_300,
      fixTrade: "2500|5000",
      tagListEn: "Fast|E-code",
      codesPerOrder: 1,
      tradeAmount: 1_000_000,
    });
    const list = await staff(t, "/merchant/advert/list", {}, p.merchant.token);
    expect(list.data.list[0].id).toBe(id);
    const listed = async () =>
      ((await t.call("/advert/getAdvertList", { cardTypeId: cardTypeIdOf })).data.list as { id: number; discount: number }[]).find((a) => a.id === id);
    expect(await listed()).toMatchObject({ discount: 8_300 });

    expectOk(await staff(t, "/merchant/advert/update", { ...NEW_ADVERT, cardTypeId: cardTypeIdOf, id, tradeCurrency: "GBP", discount: 10_000, fixTrade: "" }, p.merchant.token));
    expect((await staff(t, "/merchant/advert/detail", { id }, p.merchant.token)).data).toMatchObject({ tradeCurrency: "GBP", discount: 10_000, usdDiscount: 7_874, fixTrade: "" });
    expect(await listed()).toMatchObject({ discount: 10_000 });

    expectOk(await staff(t, "/merchant/advert/pause", { id }, p.merchant.token));
    expect(await listed()).toBeUndefined();
    expectRefused(await staff(t, "/merchant/advert/pause", { id }, p.merchant.token), "The offer is already paused.");
    // A paused offer cannot be sold to.
    expectRefused(await t.call("/advert/getAdvertDetail", { id }, { token: p.seller.token }), "Advert not found.");
    expectOk(await staff(t, "/merchant/advert/resume", { id }, p.merchant.token));
    expect(await listed()).toBeDefined();

    // Another merchant's advert is not there for it.
    for (const path of ["/merchant/advert/detail", "/merchant/advert/pause", "/merchant/advert/resume"] as const)
      expectRefused(await staff(t, path, { id }, p.merchant2.token), "Advert not found.", 5);
    expectRefused(await staff(t, "/merchant/advert/update", { ...NEW_ADVERT, cardTypeId: cardTypeIdOf, id }, p.merchant2.token), "Advert not found.", 5);
  });

  it("refuses inconsistent offers with the rule's message", async () => {
    const ct = await cardTypeId();
    const cases: [Record<string, unknown>, string][] = [
      [{ maxTrade: 500 }, "The largest card face must not be below the smallest."],
      [{ fixTrade: "100000" }, "Fixed faces are up to 10 amounts, each between the smallest and the largest face."],
      [{ fixTrade: "2550" }, "Fixed faces are up to 10 amounts, each between the smallest and the largest face."],
      [{ payLimit: 2 }, "The pay limit is 5 to 1440 minutes."],
      [{ discount: 0 }, "The discount is a whole number from 1 to 50000 (per 10000)."],
      [{ tagListEn: "a|b|c|d|e|f" }, "Up to 5 tags of at most 20 characters, separated by |."],
      [{ cardType: 0, codesPerOrder: 1 }, "One code per order applies to e-code offers only."],
      [{ tradeCurrency: "XYZ" }, "Please select the currency."],
      [{ cardTypeId: 999_999 }, "Please select the card type."],
      [{ minTrade: "ten" }, "Please enter the smallest card face you buy."],
    ];
    for (const [patch, msg] of cases) {
      const res = await staff(t, "/merchant/advert/create", { ...NEW_ADVERT, cardTypeId: ct, ...patch }, p.merchant.token);
      expectRefused(res, msg);
    }
  });

  it("the online switch: an offline merchant cannot be sold to, and is again once online", async () => {
    const advertId = await makeAdvert(t, { merchantId: p.merchant2.id });
    expectOk(await staff(t, "/merchant/profile/setOnline", { onlineStatus: 0 }, p.merchant2.token));
    const before = await advertRemaining(t, advertId);
    expectRefused(await addOrder(t, p.seller.token, advertId, { tradeAmount: 10_000, cardCode: "OFF-LINE-1" }), "The Business is Offline.");
    expect(await advertRemaining(t, advertId)).toBe(before);
    const profile = await t.call("/userInfo/getProfileInfo", {}, { token: p.merchant2.token });
    expect(profile.data.profile.onlineStatus).toBe(0);
    expectOk(await staff(t, "/merchant/profile/setOnline", { onlineStatus: 1 }, p.merchant2.token));
    expectOk(await addOrder(t, p.seller.token, advertId, { tradeAmount: 10_000, cardCode: "ON-LINE-1" }));
    expectRefused(await staff(t, "/merchant/profile/setOnline", { onlineStatus: 7 }, p.merchant2.token), "The online status is 0 or 1.");
  });
});

describe("who may use the desk's calls", () => {
  it("every other role and a guest get code 4 or 3, never a success", async () => {
    const paths = [...Object.keys(merchantDeskCalls), ...Object.keys(orderDeskCalls).filter((k) => k.startsWith("/merchant/"))] as StaffPath[];
    const advertId = await makeAdvert(t, { merchantId: p.merchant.id });
    const orderId = await placeOrder(t, p.seller.token, advertId);
    const body = { ...NEW_ADVERT, cardTypeId: await cardTypeId(), id: advertId, onlineStatus: 1, arbitrationType: 0, arbitrationApplyAmount: 0, arbitrationApplyPrice: 0, arbitrationContent: "x" };
    let successes = 0;
    for (const path of paths) {
      for (const token of [undefined, p.seller.token, p.seller2.token, p.admin.token]) {
        const res = await staff(t, path, { ...body, id: path.startsWith("/merchant/order/") ? orderId : advertId }, token as string);
        if (res.code === 1) successes++;
        expect([3, 4], `${path} ${token ? "signed in" : "guest"}`).toContain(res.code);
      }
    }
    expect(successes).toBe(0);
    expect((await orderRow(t, orderId)).status).toBe(0);
  });
});

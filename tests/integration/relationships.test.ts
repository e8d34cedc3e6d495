/**
 * Partners (ADR 0021) on a real database: trust and block another user (an upsert per
 * pair, never oneself, never an unknown user), cancel back to none, the two lists with each user's
 * figures, trades between two users, and what a block means: no offers, no order, no one-to-one
 * chat, each side told why; an open order's chat stays open.
 */
import { describe, expect, it } from "vitest";
import { Code } from "../../contract/envelope";
import { OrderStatus, Relationship } from "../../contract/enums";
import { NOT_YOURSELF } from "../../backend/modules/relationships/handlers";
import { MERCHANT_BLOCKED_YOU, USER_BLOCKED_YOU, YOU_BLOCKED_MERCHANT, YOU_BLOCKED_USER } from "../../backend/modules/relationships/blocks";
import { chatApi } from "../support/chat";
import { addOrder, expectOk, expectRefused, makeAdvert, placeOrder, secretFor, staff, type Party } from "../support/orders";
import { useBackend } from "../support/use-backend";
import { makeUser, setAvailable } from "../support/wallet";

const t = useBackend();

async function makeMerchant(): Promise<Party & { advert: number }> {
  const u = await makeUser(t.b);
  await t.b.db.updateTable("users").set({ is_business: 1, online_status: 1 }).where("id", "=", u.id).execute();
  await setAvailable(t.b, u.id, 10_000_000);
  return { ...u, advert: await makeAdvert(t.b, { merchantId: u.id }) };
}

const rel = (token: string, toUser: number) => t.b.call("/userRelationship/getRelationship", { toUser }, { token });
const trust = (token: string, toUser: number) => t.b.call("/userRelationship/addTrust", { toUser }, { token });
const block = (token: string, toUser: number) => t.b.call("/userRelationship/addBlock", { toUser }, { token });
const cancel = (token: string, toUser: number) => t.b.call("/userRelationship/cancelRelationship", { toUser }, { token });
const listOf = async (token: string, type: 1 | 2) => {
  const r = await t.b.call("/userRelationship/getRelationshipList", { type }, { token });
  expectOk(r);
  return r.data.list as Array<{ id: number; tradeNum: number; tradeAmount: number; beTrustNum: number; beBlackNum: number }>;
};
const rowsOf = (userId: number) => t.b.db.selectFrom("user_relationships").selectAll().where("user_id", "=", userId).execute();

/** A completed order of `seller` to `merchant`: what tradeTimes and tradeNum count. */
async function completedOrder(seller: Party, merchant: Party & { advert: number }) {
  const id = await placeOrder(t.b, seller.token, merchant.advert);
  expectOk(await staff(t.b, "/merchant/order/view", { id }, merchant.token));
  expectOk(await staff(t.b, "/merchant/order/complete", { id }, merchant.token));
  return id;
}

describe("trust, block and cancel", () => {
  it("none -> trust -> block (one row, switched) -> none; cancelling twice is fine", async () => {
    const me = await makeUser(t.b);
    const other = await makeUser(t.b);
    expect((await rel(me.token, other.id)).data).toEqual({ relationship: Relationship.None, tradeTimes: 0 });
    expectOk(await trust(me.token, other.id));
    expectOk(await trust(me.token, other.id));
    expect((await rel(me.token, other.id)).data.relationship).toBe(Relationship.Trust);
    expectOk(await block(me.token, other.id));
    expect((await rel(me.token, other.id)).data.relationship).toBe(Relationship.Block);
    expect(await rowsOf(me.id)).toHaveLength(1);
    // The other side's view is its own: nothing decided.
    expect((await rel(other.token, me.id)).data.relationship).toBe(Relationship.None);
    expectOk(await cancel(me.token, other.id));
    expectOk(await cancel(me.token, other.id));
    expect((await rel(me.token, other.id)).data.relationship).toBe(Relationship.None);
    expect(await rowsOf(me.id)).toHaveLength(0);
  });

  it("a user's decisions are its own: another user's cancel or block of the same person leaves them", async () => {
    const me = await makeUser(t.b);
    const other = await makeUser(t.b);
    const target = await makeUser(t.b);
    expectOk(await trust(me.token, target.id));
    expectOk(await block(other.token, target.id));
    expectOk(await cancel(other.token, target.id));
    expect((await rel(me.token, target.id)).data.relationship).toBe(Relationship.Trust);
    expect((await rel(other.token, target.id)).data.relationship).toBe(Relationship.None);
  });

  it("parallel trust and block posts leave one row", async () => {
    const me = await makeUser(t.b);
    const other = await makeUser(t.b);
    const all = await Promise.all([trust(me.token, other.id), block(me.token, other.id), trust(me.token, other.id), block(me.token, other.id)]);
    for (const r of all) expectOk(r);
    expect(await rowsOf(me.id)).toHaveLength(1);
  });

  it("refuses oneself, an unknown user, a bad type and a guest", async () => {
    const me = await makeUser(t.b);
    expectRefused(await trust(me.token, me.id), NOT_YOURSELF, Code.FAILED);
    expectRefused(await block(me.token, me.id), NOT_YOURSELF, Code.FAILED);
    expectRefused(await cancel(me.token, me.id), NOT_YOURSELF, Code.FAILED);
    expect((await rel(me.token, me.id)).data).toEqual({ relationship: Relationship.None, tradeTimes: 0 });
    for (const call of [rel, trust, block, cancel]) expectRefused(await call(me.token, 987_654_321), "User not found.", Code.NOT_FOUND);
    expectRefused(await t.b.call("/userRelationship/getRelationshipList", { type: 3 }, { token: me.token }), "Please choose trusted or blocked users.", Code.INVALID);
    expectRefused(await trust("", me.id), undefined, Code.NOT_LOGGED_IN);
    expectRefused(await t.b.call("/userRelationship/getRelationshipList", { type: 1 }), undefined, Code.NOT_LOGGED_IN);
    expect(await rowsOf(me.id)).toHaveLength(0);
  });
});

describe("lists, trades and statistics", () => {
  it("lists the caller's own trusted and blocked users with their figures; tradeTimes counts both directions", async () => {
    const me = await makeUser(t.b);
    const stranger = await makeUser(t.b);
    const merchant = await makeMerchant();
    const other = await makeUser(t.b);
    await completedOrder(me, merchant);
    await completedOrder(me, merchant);
    // Not completed: not a trade.
    await placeOrder(t.b, me.token, merchant.advert);
    expect((await rel(me.token, merchant.id)).data).toEqual({ relationship: Relationship.None, tradeTimes: 2 });
    expect((await rel(merchant.token, me.id)).data.tradeTimes).toBe(2);

    expectOk(await trust(me.token, merchant.id));
    expectOk(await trust(stranger.token, merchant.id));
    expectOk(await block(me.token, other.id));
    const trusted = await listOf(me.token, 1);
    expect(trusted).toHaveLength(1);
    const paid = await t.b.db.selectFrom("orders").select((eb) => eb.fn.sum<number>("real_total_price").as("s")).where("buyer_id", "=", merchant.id).where("status", "=", OrderStatus.Completed).executeTakeFirstOrThrow();
    expect(trusted[0]).toMatchObject({ id: merchant.id, beTrustNum: 2, beBlackNum: 0, tradeNum: 2, tradeAmount: Number(paid.s) });
    expect(Object.keys(trusted[0]!).sort()).toEqual(["avatar", "beBlackNum", "beTrustNum", "id", "nickname", "onlineStatus", "tradeAmount", "tradeNum"]);
    expect((await listOf(me.token, 2)).map((u) => u.id)).toEqual([other.id]);
    // Another user's lists are theirs only.
    expect((await listOf(stranger.token, 1)).map((u) => u.id)).toEqual([merchant.id]);
    expect(await listOf(stranger.token, 2)).toEqual([]);

    const info = await t.b.call("/userInfo/getUserInfo", { userId: merchant.id });
    expect(info.data.statistics).toMatchObject({ beTrustNum: 2, beBlackNum: 0 });
    expect((await t.b.call("/userInfo/getUserInfo", { userId: other.id })).data.statistics).toMatchObject({ beTrustNum: 0, beBlackNum: 1 });
  });
});

describe("a block on the offers and orders", () => {
  const advertIds = async (token?: string) => {
    const cardTypeId = Number((await t.b.db.selectFrom("card_types").select("id").where("name_en", "=", "Apple Gift Card").executeTakeFirstOrThrow()).id);
    const r = await t.b.call("/advert/getAdvertList", { cardTypeId }, { token });
    expectOk(r);
    return { adverts: (r.data.list as Array<{ id: number }>).map((a) => a.id), merchants: (r.data.businessList as Array<{ id: number }>).map((m) => m.id) };
  };

  it("the seller who blocked a merchant sees none of its offers, cannot open one or sell to it; others can; unblocking brings them back", async () => {
    const seller = await makeUser(t.b);
    const bystander = await makeUser(t.b);
    const merchant = await makeMerchant();
    // A secret taken before the block: the order is refused all the same.
    const secret = await secretFor(t.b, seller.token, merchant.advert);
    expect((await advertIds(seller.token)).adverts).toContain(merchant.advert);

    expectOk(await block(seller.token, merchant.id));
    const seen = await advertIds(seller.token);
    expect(seen.adverts).not.toContain(merchant.advert);
    expect(seen.merchants).not.toContain(merchant.id);
    expectRefused(await t.b.call("/advert/getAdvertDetail", { id: merchant.advert }, { token: seller.token }), YOU_BLOCKED_MERCHANT, Code.FORBIDDEN);
    expectRefused(await addOrder(t.b, seller.token, merchant.advert, { tradeAmount: 10_000, cardCode: "CODE-1", secret }), YOU_BLOCKED_MERCHANT, Code.FORBIDDEN);
    expect(await t.b.db.selectFrom("orders").select("id").where("seller_id", "=", seller.id).execute()).toEqual([]);

    expect((await advertIds(bystander.token)).adverts).toContain(merchant.advert);
    expect((await advertIds()).adverts).toContain(merchant.advert);
    expectOk(await t.b.call("/advert/getAdvertDetail", { id: merchant.advert }));

    expectOk(await cancel(seller.token, merchant.id));
    expect((await advertIds(seller.token)).adverts).toContain(merchant.advert);
    await placeOrder(t.b, seller.token, merchant.advert);
  });

  it("a merchant that blocked a seller takes no order from it, and the seller is told so", async () => {
    const seller = await makeUser(t.b);
    const merchant = await makeMerchant();
    const secret = await secretFor(t.b, seller.token, merchant.advert);
    expectOk(await block(merchant.token, seller.id));
    expect((await advertIds(seller.token)).adverts).not.toContain(merchant.advert);
    expectRefused(await t.b.call("/advert/getAdvertDetail", { id: merchant.advert }, { token: seller.token }), MERCHANT_BLOCKED_YOU, Code.FORBIDDEN);
    expectRefused(await addOrder(t.b, seller.token, merchant.advert, { tradeAmount: 10_000, cardCode: "CODE-1", secret }), MERCHANT_BLOCKED_YOU, Code.FORBIDDEN);
    // Trusting instead lifts it.
    expectOk(await trust(merchant.token, seller.id));
    await placeOrder(t.b, seller.token, merchant.advert);
  });
});

describe("a block on the chat", () => {
  const send = (token: string, conversationId: string, text: string) =>
    chatApi(t.b, token, "send", { conversationId, clientMsgId: `r-${Math.random().toString(36).slice(2)}`, type: "TIMTextElem", text });
  const history = (token: string, conversationId: string) => chatApi(t.b, token, "history", { conversationId });

  it("the blocked user may neither read nor write; the blocker reads but may not write; an open order's chat stays open", async () => {
    const seller = await makeUser(t.b);
    const merchant = await makeMerchant();
    const orderId = await placeOrder(t.b, seller.token, merchant.advert);
    expectOk(await send(seller.token, `C2C${merchant.id}`, "Hello before the block"));

    expectOk(await block(merchant.token, seller.id));
    expectRefused(await history(seller.token, `C2C${merchant.id}`), USER_BLOCKED_YOU, Code.FORBIDDEN);
    expectRefused(await send(seller.token, `C2C${merchant.id}`, "Hello?"), USER_BLOCKED_YOU, Code.FORBIDDEN);
    const mine = await history(merchant.token, `C2C${seller.id}`);
    expectOk(mine);
    expect(mine.data.messageList.map((m: { payload: { text: string } }) => m.payload.text)).toEqual(["Hello before the block"]);
    // ...and is told so with the conversation, which has no input box (ADR 0060).
    expect(mine.data.conversation).toMatchObject({ readOnly: true, readOnlyReason: YOU_BLOCKED_USER });
    expectRefused(await send(merchant.token, `C2C${seller.id}`, "Bye"), YOU_BLOCKED_USER, Code.FORBIDDEN);
    // The order already placed keeps its chat for both.
    expectOk(await send(seller.token, `GROUP${orderId}`, "About my order"));
    expectOk(await send(merchant.token, `GROUP${orderId}`, "Checking"));

    const group = await history(merchant.token, `GROUP${orderId}`);
    expect(group.data.conversation.readOnly).toBe(false);

    expectOk(await cancel(merchant.token, seller.id));
    expectOk(await send(seller.token, `C2C${merchant.id}`, "Hello again"));
    const after = await history(merchant.token, `C2C${seller.id}`);
    expect(after.data.conversation.readOnly).toBe(false);
    expect(after.data.conversation.readOnlyReason).toBeUndefined();
  });
});

describe("a block on the card types' counts and rates (ADR 0059)", () => {
  const apple = async (token?: string) => {
    const r = await t.b.call("/cardType/getCardType", {}, { token });
    expectOk(r);
    return (r.data.list as Array<{ nameEn: string; totalAdvert: number; maxDiscount: number; maxAmount: number }>).find((c) => c.nameEn === "Apple Gift Card")!;
  };

  it("a seller counts and rates only the offers its list shows; a guest and a bystander share everyone's", async () => {
    const seller = await makeUser(t.b);
    const bystander = await makeUser(t.b);
    const merchant = await makeMerchant();
    // The merchant's offer is the best and takes the most: what the seller may no longer sell to.
    await t.b.db.updateTable("adverts").set({ discount: 9_990, usd_discount: 9_990, max_trade: 99_999_999 }).where("id", "=", merchant.advert).execute();
    const everyone = await apple();
    expect(everyone).toMatchObject({ maxDiscount: 9_990, maxAmount: 99_999_999 });
    expect(await apple(seller.token)).toEqual(everyone);

    expectOk(await block(seller.token, merchant.id));
    const mine = await apple(seller.token);
    expect(mine.totalAdvert).toBe(everyone.totalAdvert - 1);
    expect(mine.maxDiscount).toBeLessThan(9_990);
    expect(mine.maxAmount).toBeLessThan(99_999_999);
    expect(await apple(bystander.token)).toEqual(everyone);
    expect(await apple()).toEqual(everyone);
    // Blocked by the merchant instead: the same.
    expectOk(await cancel(seller.token, merchant.id));
    expect(await apple(seller.token)).toEqual(everyone);
    expectOk(await block(merchant.token, seller.id));
    expect(await apple(seller.token)).toEqual(mine);
    // A block that touches no offer (a seller blocking a seller) leaves everyone's.
    expectOk(await block(bystander.token, seller.id));
    expect(await apple(bystander.token)).toEqual(everyone);
  });
});

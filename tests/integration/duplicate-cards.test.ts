/**
 * One card sold twice (docs/decisions/0033-duplicate-cards.md): an e-code or a picture
 * an earlier order (not cancelled) carried is refused when that order is the same seller's and
 * still open, and otherwise placed flagged for the merchant and staff. The keyed digests never
 * leave the server. Runs on PGlite, or on the PostgreSQL of DATABASE_URL.
 */
import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { Code } from "../../contract/envelope";
import { cardAlreadyInOpenOrder } from "../../contract/messages";
import { OrderStatus } from "../../contract/enums";
import type { Envelope, TestBackend } from "../support/backend";
import { makeBmp, makeImage, uploadImage } from "../support/images";
import {
  addOrder,
  advertRemaining,
  expectOk,
  expectRefused,
  ledgerCount,
  makeAdvert,
  orderRow,
  secretFor,
  setUpOrderTests,
  staff,
  uniqueCode,
  type Party,
  type Parties,
} from "../support/orders";

let t: TestBackend;
let p: Parties;
let ecode: number;
let picture: number;

setUpOrderTests(async (world) => {
  ({ t, p } = world);
  ecode = await makeAdvert(t, { merchantId: p.merchant.id });
  picture = await makeAdvert(t, { merchantId: p.merchant.id, cardType: 0 });
});

/** Every response body of the test, to look for digests in. */
const seen: string[] = [];
const keep = <T extends Envelope>(res: T): T => {
  seen.push(JSON.stringify(res));
  return res;
};

async function sell(who: Party, advertId: number, body: { cardCode?: string; cardImg?: string; secret?: string }) {
  return keep(await addOrder(t, who.token, advertId, { tradeAmount: 10_000, ...body }));
}
async function sold(who: Party, advertId: number, body: { cardCode?: string; cardImg?: string; secret?: string }): Promise<number> {
  const res = await sell(who, advertId, body);
  expectOk(res);
  return res.data.id as number;
}

const merchantCall = async (path: "/merchant/order/list" | "/merchant/order/detail" | "/merchant/order/view" | "/merchant/order/complete", body: object) =>
  keep(await staff(t, path, body, p.merchant.token));
const merchantListed = async (id: number) => ((await merchantCall("/merchant/order/list", {})).data.list as Array<{ id: number; duplicateOf: unknown }>).find((o) => o.id === id);
const merchantDetail = async (id: number) => (await merchantCall("/merchant/order/detail", { id })).data as { orderInfo: { duplicateOf: unknown }; card: unknown };
const sellerDetail = async (who: Party, id: number) => keep(await t.call("/order/getOrderDetails", { id }, { token: who.token }));
const sellerList = async (who: Party) => keep(await t.call("/order/getOrderList", { status: 0 }, { token: who.token }));
const count = async (table: "orders" | "card_fingerprints" | "order_changes" | "notices") =>
  Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);

/** The merchant completes an order (view, then complete). */
async function complete(id: number) {
  expectOk(await merchantCall("/merchant/order/view", { id }));
  expectOk(await merchantCall("/merchant/order/complete", { id }));
}
/** An administrator cancels an order (freeze, then resolve as cancelled). */
async function cancel(id: number) {
  expectOk(await staff(t, "/admin/order/freeze", { id }, p.admin.token));
  expectOk(await staff(t, "/admin/order/resolve", { id, outcome: "cancel" }, p.admin.token));
}

describe("e-codes", () => {
  it("another seller's earlier order: placed, flagged with it for the merchant before the card is viewed; the seller's calls do not say", async () => {
    const code = uniqueCode("ABCD-EFGH");
    const first = await sold(p.seller, ecode, { cardCode: code });
    const second = await sold(p.seller2, ecode, { cardCode: `  ${code.toLowerCase().replaceAll("-", " ")} ` });
    expect((await orderRow(t, first)).duplicate_of).toBeNull();
    expect(Number((await orderRow(t, second)).duplicate_of)).toBe(first);

    const flag = { orderId: first, status: OrderStatus.Waiting, sameSeller: false };
    expect(await merchantListed(second)).toMatchObject({ duplicateOf: flag });
    expect(await merchantListed(first)).toMatchObject({ duplicateOf: null });
    const detail = await merchantDetail(second);
    expect(detail.card).toBeNull();
    expect(detail.orderInfo.duplicateOf).toEqual(flag);

    // The seller's own /client calls carry no flag at all.
    const own = await sellerDetail(p.seller2, second);
    expectOk(own);
    expect(JSON.stringify(own)).not.toContain("duplicate");
    expect(JSON.stringify(await sellerList(p.seller2))).not.toContain("duplicate");

    // The flag follows the earlier order's status.
    await complete(first);
    expect((await merchantDetail(second)).orderInfo.duplicateOf).toEqual({ ...flag, status: OrderStatus.Completed });
  });

  it("the seller's own order still open: refused with the message naming it, nothing written; once it is completed, placed and flagged", async () => {
    const code = uniqueCode("SAME");
    const first = await sold(p.seller, ecode, { cardCode: code });
    const before = { orders: await count("orders"), prints: await count("card_fingerprints"), changes: await count("order_changes"), notices: await count("notices"), ledger: await ledgerCount(t), remaining: await advertRemaining(t, ecode) };
    const secret = await secretFor(t, p.seller.token, ecode);

    const again = await sell(p.seller, ecode, { cardCode: `${code.toLowerCase()}\n${uniqueCode()}`, secret });
    expectRefused(again, cardAlreadyInOpenOrder(first), Code.CONFLICT);
    const after = { orders: await count("orders"), prints: await count("card_fingerprints"), changes: await count("order_changes"), notices: await count("notices"), ledger: await ledgerCount(t), remaining: await advertRemaining(t, ecode) };
    expect(after).toEqual(before);

    // Also while the merchant holds it (viewed) or staff froze it.
    expectOk(await merchantCall("/merchant/order/view", { id: first }));
    expectRefused(await sell(p.seller, ecode, { cardCode: code, secret }), cardAlreadyInOpenOrder(first), Code.CONFLICT);

    // The secret was not used up: the same form goes through once the earlier order is finished.
    expectOk(await merchantCall("/merchant/order/complete", { id: first }));
    const later = await sold(p.seller, ecode, { cardCode: code, secret });
    expect((await merchantDetail(later)).orderInfo.duplicateOf).toEqual({ orderId: first, status: OrderStatus.Completed, sameSeller: true });
  });

  it("an earlier order that was cancelled does not count; with several earlier orders the earliest is named", async () => {
    const code = uniqueCode("GONE");
    const cancelled = await sold(p.seller, ecode, { cardCode: code });
    await cancel(cancelled);
    const next = await sold(p.seller2, ecode, { cardCode: code });
    expect((await orderRow(t, next)).duplicate_of).toBeNull();
    expect((await merchantDetail(next)).orderInfo.duplicateOf).toBeNull();

    // The seller's own cancelled order does not block it either; seller2's open one flags it.
    const third = await sold(p.seller, ecode, { cardCode: code });
    expect(Number((await orderRow(t, third)).duplicate_of)).toBe(next);
    await complete(next);
    const fourth = await sold(p.merchant2, ecode, { cardCode: `${uniqueCode()}\n${code}` });
    expect(Number((await orderRow(t, fourth)).duplicate_of)).toBe(next);
  });
});

describe("picture cards", () => {
  const pattern = (x: number, y: number): [number, number, number] => [(x * 7) & 255, (y * 5) & 255, (x * y) & 255];

  /** Uploads the pictures under a fresh secret and sells them; the envelope of addOrder. */
  async function sellPictures(who: Party, files: Array<{ bytes: Uint8Array; name: string }>) {
    const secret = await secretFor(t, who.token, picture);
    const key = createHash("sha256").update(secret, "utf8").digest("hex");
    const paths: string[] = [];
    for (const file of files) {
      const up = keep(await uploadImage(t, file, { type: "order", secret: key }, who.token));
      expectOk(up);
      paths.push(up.data!.path);
    }
    return sell(who, picture, { cardImg: paths.join("|"), secret });
  }

  it("the same pixels in another file (BMP for PNG, other metadata) are flagged; a different picture is not", async () => {
    const png = { bytes: await makeImage("png", 160, 100), name: "front.png" };
    const first = await sellPictures(p.seller, [png]);
    expectOk(first);

    const asBmp = await sellPictures(p.seller2, [{ bytes: makeBmp(160, 100, pattern), name: "front.bmp" }]);
    expectOk(asBmp);
    expect(Number((await orderRow(t, asBmp.data.id)).duplicate_of)).toBe(first.data.id);
    expect((await merchantDetail(asBmp.data.id)).orderInfo.duplicateOf).toEqual({ orderId: first.data.id, status: OrderStatus.Waiting, sameSeller: false });

    const withExif = await sellPictures(p.merchant2, [{ bytes: await makeImage("png", 160, 100, { exif: true }), name: "front.png" }]);
    expect(Number((await orderRow(t, withExif.data.id)).duplicate_of)).toBe(first.data.id);

    const other = await sellPictures(p.seller2, [{ bytes: makeBmp(160, 100, (x, y) => pattern(x, y + 1)), name: "other.bmp" }]);
    expectOk(other);
    expect((await orderRow(t, other.data.id)).duplicate_of).toBeNull();

    // The same seller again while its order is open: refused.
    expectRefused(await sellPictures(p.seller, [{ bytes: makeBmp(160, 100, pattern), name: "again.bmp" }]), cardAlreadyInOpenOrder(first.data.id), Code.CONFLICT);
  });
});

describe(`two identical submissions at once (${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  it("from one seller: one is placed, the other refused naming it, whatever the timing", async () => {
    for (let round = 0; round < 5; round++) {
      const code = uniqueCode("RACE");
      const secrets = [await secretFor(t, p.seller.token, ecode), await secretFor(t, p.seller.token, ecode)];
      const results = await Promise.all(secrets.map((secret) => sell(p.seller, ecode, { cardCode: code, secret })));
      const placed = results.filter((r) => r.code === 1);
      expect(placed).toHaveLength(1);
      expectRefused(results.find((r) => r.code !== 1)!, cardAlreadyInOpenOrder(placed[0]!.data.id), Code.CONFLICT);
    }
  });

  it("from two sellers: both placed, the later one flagged with the earlier", async () => {
    for (let round = 0; round < 5; round++) {
      const code = uniqueCode("RACE2");
      const ids = (await Promise.all([p.seller, p.seller2].map((who) => sold(who, ecode, { cardCode: code })))).sort((a, b) => a - b);
      const flags = await Promise.all(ids.map(async (id) => (await orderRow(t, id)).duplicate_of));
      expect(flags.map((f) => (f === null ? null : Number(f)))).toEqual([null, ids[0]]);
    }
  });
});

describe("the digests", () => {
  beforeAll(async () => {
    // A merchant list and a detail of every order, so their answers are scanned too.
    for (const { id } of await t.db.selectFrom("orders").select("id").where("buyer_id", "=", p.merchant.id).execute()) await merchantDetail(id);
  });

  it("are stored (codes and pictures) and never appear in any answer, in hex or base64", async () => {
    const prints = await t.db.selectFrom("card_fingerprints").select(["digest", "kind"]).execute();
    const uploads = await t.db.selectFrom("uploads").select("pixel_digest").where("pixel_digest", "is not", null).execute();
    expect(new Set(prints.map((f) => f.kind))).toEqual(new Set(["code", "image"]));
    expect(uploads.length).toBeGreaterThan(0);
    const digests = [...prints.map((f) => f.digest), ...uploads.map((u) => u.pixel_digest!)];
    const forms = digests.flatMap((hex) => {
      const raw = Buffer.from(hex, "hex");
      return [hex, hex.toUpperCase(), raw.toString("base64"), raw.toString("base64url"), hex.slice(0, 16)];
    });
    expect(seen.length).toBeGreaterThan(30);
    const all = seen.join("\n");
    for (const form of forms) expect(all.includes(form), form).toBe(false);
  });
});

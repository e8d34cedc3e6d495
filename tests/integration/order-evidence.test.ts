/**
 * Evidence in a dispute (docs/decisions/0074-dispute-evidence.md), on PGlite and PostgreSQL: the seller
 * and the merchant add statements and pictures while the order is in negotiation or arbitration, never
 * otherwise; the limits answer their words; statement and picture paths are sealed at rest; only the
 * order's seller, its merchant and staff read the entries and their pictures; the other side is told.
 */
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { Code } from "../../contract/envelope";
import { EVIDENCE_ENTRIES_MAX, EVIDENCE_MESSAGES, EVIDENCE_STATEMENT_MAX } from "../../contract/order-evidence";
import type { TestBackend } from "../support/backend";
import { makeImage, uploadImage } from "../support/images";
import { expectOk, expectRefused, makeAdvert, noticesOf, orderActs, placeOrder, setUpOrderTests, staff, type Party, type Parties } from "../support/orders";

let t: TestBackend;
let p: Parties;
let advertId: number;

setUpOrderTests(async (world) => {
  ({ t, p } = world);
  advertId = await makeAdvert(t, { merchantId: p.merchant.id, discount: 8_500 });
});

const act = orderActs(() => ({ t, p }), 7_650);

/** A fresh order of the seller, brought to Processing (1), In negotiation (2) or In arbitration (3). */
async function orderIn(status: 0 | 1 | 2 | 3): Promise<number> {
  const id = await placeOrder(t, p.seller.token, advertId, 10_000);
  if (status >= 1) expectOk(await act.view(id));
  if (status >= 2) expectOk(await act.negotiate(id));
  if (status >= 3) expectOk(await act.applyArbitration(id));
  return id;
}

async function picture(who: Party): Promise<string> {
  const up = await uploadImage(t, { bytes: await makeImage("png", 40, 30), name: "receipt.png", type: "image/png" }, { type: "evidence" }, who.token);
  expectOk(up);
  return up.data!.path;
}

const sellerAdds = (id: number, body: { statement?: string; pictures?: string[] }, who = p.seller) => t.call("/order/addEvidence", { id, ...body }, { token: who.token });
const merchantAdds = (id: number, body: { statement?: string; pictures?: string[] }, who = p.merchant) =>
  staff(t, "/merchant/order/addEvidence", { id, ...body }, who.token);
const sellerDetail = (id: number, who = p.seller) => t.call("/order/getOrderDetails", { id }, { token: who.token });
const pictureFor = (id: number, evidenceId: number, index: number, who: Party) => t.call("/order/getEvidencePicture", { id, evidenceId, index }, { token: who.token });

describe("adding evidence", () => {
  it("the seller in negotiation adds a statement and a picture; the merchant and staff read it, the merchant is told", async () => {
    const id = await orderIn(2);
    const path = await picture(p.seller);
    expectOk(await sellerAdds(id, { statement: "Receipt from the shop, 100 USD.", pictures: [path] }));

    const mine = await sellerDetail(id);
    expectOk(mine);
    expect(mine.data.evidence).toHaveLength(1);
    const [entry] = mine.data.evidence;
    expect(entry).toMatchObject({ author: "seller", statement: "Receipt from the shop, 100 USD.", pictures: [`/orderEvidence/${id}/${entry.id}/0`] });

    const desk = await staff(t, "/merchant/order/detail", { id }, p.merchant.token);
    expectOk(desk);
    expect(desk.data.evidence).toEqual(mine.data.evidence);
    const admin = await staff(t, "/admin/order/detail", { id }, p.admin.token);
    expectOk(admin);
    expect(admin.data.evidence[0]).toMatchObject({ author: "seller", statement: "Receipt from the shop, 100 USD.", pictures: [`/staff/orders/${id}/evidence/${entry.id}/0`] });

    // The picture itself: a JPEG, for the seller, the merchant and staff.
    for (const r of [await pictureFor(id, entry.id, 0, p.seller), await pictureFor(id, entry.id, 0, p.merchant), await staff(t, "/admin/order/getEvidencePicture", { id, evidenceId: entry.id, index: 0 }, p.admin.token)]) {
      expectOk(r);
      expect(r.data.contentType).toBe("image/jpeg");
      expect(Buffer.from(r.data.base64, "base64").subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    }
    expectRefused(await pictureFor(id, entry.id, 1, p.seller), "Picture not found.", Code.NOT_FOUND);

    const told = await noticesOf(t, p.merchant.id, id);
    expect(told.at(-1)).toMatchObject({ title_en: "Seller added evidence" });
    expect(told.at(-1)!.content_en).toContain(`order ${id}`);
  });

  it("the merchant adds too, in arbitration; the seller is told in her words", async () => {
    const id = await orderIn(3);
    expectOk(await merchantAdds(id, { statement: "The balance screenshot shows 90 USD.", pictures: [await picture(p.merchant)] }));
    expectOk(await sellerAdds(id, { statement: "My receipt." }));
    const mine = await sellerDetail(id);
    expect(mine.data.evidence.map((e: { author: string }) => e.author)).toEqual(["merchant", "seller"]);
    expect((await noticesOf(t, p.seller.id, id)).at(-1)).toMatchObject({ title_en: "The merchant added evidence" });
  });

  it("is refused outside negotiation and arbitration, with the words that say why", async () => {
    for (const status of [0, 1] as const) {
      const id = await orderIn(status);
      expectRefused(await sellerAdds(id, { statement: "Too early." }), EVIDENCE_MESSAGES.notInDispute, Code.FAILED);
    }
    const done = await orderIn(2);
    expectOk(await act.accept(done));
    expectRefused(await sellerAdds(done, { statement: "Too late." }), EVIDENCE_MESSAGES.notInDispute, Code.FAILED);
    expectRefused(await merchantAdds(done, { statement: "Too late." }), EVIDENCE_MESSAGES.notInDispute, Code.FAILED);
    expect(await t.db.selectFrom("order_evidence").selectAll().where("order_id", "=", done).execute()).toEqual([]);
  });

  it("keeps its limits: something to add, 500 characters, 5 pictures, 10 entries a side, her own uploads", async () => {
    const id = await orderIn(2);
    expectRefused(await sellerAdds(id, { statement: "   " }), EVIDENCE_MESSAGES.empty, Code.INVALID);
    expectRefused(await sellerAdds(id, { statement: "x".repeat(EVIDENCE_STATEMENT_MAX + 1) }), EVIDENCE_MESSAGES.statementTooLong, Code.INVALID);
    const six = Array.from({ length: 6 }, (_, i) => `/blob/evidence/2026/11/${i}.jpg`);
    expectRefused(await sellerAdds(id, { statement: "six", pictures: six }), EVIDENCE_MESSAGES.tooManyPictures, Code.INVALID);
    // A picture another user uploaded, or an order image, is not hers to show.
    expectRefused(await sellerAdds(id, { pictures: [await picture(p.seller2)] }), EVIDENCE_MESSAGES.pictureUnknown, Code.FAILED);
    expectRefused(await sellerAdds(id, { pictures: ["/blob/order/2026/11/x.jpg"] }), EVIDENCE_MESSAGES.pictureUnknown, Code.FAILED);

    for (let i = 0; i < EVIDENCE_ENTRIES_MAX; i++) expectOk(await sellerAdds(id, { statement: `Entry ${i}` }));
    expectRefused(await sellerAdds(id, { statement: "One more" }), EVIDENCE_MESSAGES.tooManyEntries, Code.FAILED);
    // The other side's count is its own.
    expectOk(await merchantAdds(id, { statement: "Still mine to add." }));
  });
});

describe("who may see it", () => {
  it("another seller and another merchant get 'Order not found.' for the entries, the pictures and adding; staff sees them", async () => {
    const id = await orderIn(2);
    expectOk(await sellerAdds(id, { statement: "Private receipt.", pictures: [await picture(p.seller)] }));
    const [{ id: evidenceId }] = (await sellerDetail(id)).data.evidence;

    expectRefused(await sellerDetail(id, p.seller2), "Order not found.", Code.NOT_FOUND);
    expectRefused(await pictureFor(id, evidenceId, 0, p.seller2), "Order not found.", Code.NOT_FOUND);
    expectRefused(await pictureFor(id, evidenceId, 0, p.merchant2), "Order not found.", Code.NOT_FOUND);
    expectRefused(await staff(t, "/merchant/order/detail", { id }, p.merchant2.token), "Order not found.", Code.NOT_FOUND);
    expectRefused(await sellerAdds(id, { statement: "Not mine." }, p.seller2), "Order not found.", Code.NOT_FOUND);
    expectRefused(await merchantAdds(id, { statement: "Not mine." }, p.merchant2), "Order not found.", Code.NOT_FOUND);
    // A seller is not staff, and the merchant's desk is not the seller's.
    expectRefused(await staff(t, "/admin/order/getEvidencePicture", { id, evidenceId, index: 0 }, p.seller.token), undefined, Code.FORBIDDEN);
    expectRefused(await merchantAdds(id, { statement: "Desk only." }, p.seller), undefined, Code.FORBIDDEN);

    // An entry of another order, asked for under this one, is not found either.
    const other = await orderIn(2);
    expectRefused(await pictureFor(other, evidenceId, 0, p.seller), "Picture not found.", Code.NOT_FOUND);
    expectOk(await staff(t, "/admin/order/getEvidencePicture", { id, evidenceId, index: 0 }, p.admin.token));
  });

  it("keeps the statement and the picture paths sealed at rest", async () => {
    const id = await orderIn(3);
    const path = await picture(p.seller);
    expectOk(await sellerAdds(id, { statement: "Sealed-marker-7d1c receipt", pictures: [path] }));
    const { rows } = await sql<{ r: string }>`select t::text as r from order_evidence t where order_id = ${id}`.execute(t.db);
    expect(rows).toHaveLength(1);
    expect(rows[0].r).not.toContain("Sealed-marker-7d1c");
    expect(rows[0].r).not.toContain(path);
    expect(rows[0].r).not.toContain(path.split("/").at(-1)!);
  });
});

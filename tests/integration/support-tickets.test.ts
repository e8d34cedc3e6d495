/**
 * Support tickets (docs/decisions/0078-support-tickets.md), on PGlite and PostgreSQL: she opens a
 * ticket about her own item only; replies move the status through its one machine; a staff answer
 * tells her (notice and e-mail) and leaves an audit row, all in one transaction; staff notes never
 * reach her; another user's ticket is "Ticket not found." on every user call; bodies and picture
 * paths are sealed at rest; the limits answer their words.
 */
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { Code } from "../../contract/envelope";
import { NoticeType } from "../../contract/enums";
import { CANNED_ANSWERS, TICKET_MESSAGES, TICKET_MESSAGE_MAX, TICKET_OPEN_MAX, TicketStatus } from "../../contract/support";
import type { TestBackend } from "../support/backend";
import { makeImage, uploadImage } from "../support/images";
import { expectOk, expectRefused, makeAdvert, placeOrder, setUpOrderTests, staff, type Party, type Parties } from "../support/orders";

let t: TestBackend;
let p: Parties;
let advertId: number;

setUpOrderTests(async (world) => {
  ({ t, p } = world);
  advertId = await makeAdvert(t, { merchantId: p.merchant.id, discount: 8_500 });
});

const call = (path: string, body: Record<string, unknown>, who: Party) => t.call(path as never, body as never, { token: who.token });
const open = async (who: Party, body: Record<string, unknown>) => {
  const r = await call("/support/create", body, who);
  expectOk(r);
  return r.data.id as number;
};
const aboutOrder = async (who = p.seller) => {
  const orderId = await placeOrder(t, p.seller.token, advertId, 10_000);
  return { orderId, ticketId: await open(who, { kind: "order", refId: orderId, title: "Where are my coins?", body: "The order is still processing." }) };
};
const closeAll = async (who: Party) => {
  for (const row of await t.db.selectFrom("tickets").select("id").where("user_id", "=", who.id).where("status", "!=", TicketStatus.Closed).execute())
    expectOk(await call("/support/close", { id: Number(row.id), rating: "good" }, who));
};
async function picture(who: Party): Promise<string> {
  const up = await uploadImage(t, { bytes: await makeImage("png", 40, 30), name: "screen.png", type: "image/png" }, { type: "support" }, who.token);
  expectOk(up);
  return up.data!.path;
}
const auditOf = (ticketId: number) => t.db.selectFrom("staff_audit").selectAll().where("entity_type", "=", "ticket").where("entity_id", "=", ticketId).orderBy("id").execute();
const statusOf = async (id: number) => (await t.db.selectFrom("tickets").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;

describe("opening a ticket", () => {
  it("about her own order, with a picture; staff see the item's page and the picture", async () => {
    const orderId = await placeOrder(t, p.seller.token, advertId, 10_000);
    const path = await picture(p.seller);
    const id = await open(p.seller, { kind: "order", refId: orderId, title: "Card not accepted", body: "The merchant says the code is used.", pictures: [path] });
    const mine = await call("/support/get", { id }, p.seller);
    expectOk(mine);
    expect(mine.data).toMatchObject({ kind: "order", refId: orderId, status: TicketStatus.Open, rating: null, title: "Card not accepted" });
    expect(mine.data.messages).toEqual([expect.objectContaining({ author: "user", body: "The merchant says the code is used.", pictures: [expect.stringMatching(new RegExp(`^/support/${id}/picture/\\d+/0$`))] })]);
    const messageId = mine.data.messages[0].id;
    const pic = await call("/support/getPicture", { id, messageId, index: 0 }, p.seller);
    expectOk(pic);
    expect(Buffer.from(pic.data.base64, "base64").subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));

    const desk = await staff(t, "/admin/ticket/get", { id }, p.admin.token);
    expectOk(desk);
    expect(desk.data).toMatchObject({ userId: p.seller.id, itemUrl: `/staff/orders/${orderId}`, assigneeId: null });
    expect(desk.data.messages[0].pictures).toEqual([`/staff/tickets/${id}/picture/${messageId}/0`]);
    expectOk(await staff(t, "/admin/ticket/getPicture", { id, messageId, index: 0 }, p.admin.token));
    // Her merchant may ask about the same order too: it is hers as buyer.
    expectOk(await call("/support/create", { kind: "order", refId: orderId, title: "Seller's card", body: "Please check." }, p.merchant));
    expect((await auditOf(id)).map((a) => [a.action, a.admin_id])).toEqual([["ticket.create", p.seller.id]]);
    await closeAll(p.seller);
    await closeAll(p.merchant);
  });

  it("refuses someone else's order, withdrawal or transfer, and an unknown id, without writing a row", async () => {
    const theirs = await placeOrder(t, p.seller.token, advertId, 10_000);
    const before = await t.db.selectFrom("tickets").select("id").execute();
    expectRefused(await call("/support/create", { kind: "order", refId: theirs, title: "Not mine", body: "x" }, p.seller2), TICKET_MESSAGES.refNotYours, Code.FAILED);
    expectRefused(await call("/support/create", { kind: "order", refId: 99_999_999, title: "No such", body: "x" }, p.seller), TICKET_MESSAGES.refNotYours, Code.FAILED);
    const w = await t.db.selectFrom("withdrawals").select(["id", "user_id", "withdrawer_id"]).executeTakeFirst();
    if (w) {
      const stranger = [p.seller, p.seller2].find((s) => s.id !== Number(w.user_id) && s.id !== Number(w.withdrawer_id))!;
      expectRefused(await call("/support/create", { kind: "withdrawal", refId: Number(w.id), title: "Not mine", body: "x" }, stranger), TICKET_MESSAGES.refNotYours, Code.FAILED);
    }
    const v = await t.db.selectFrom("virtual_coin_orders").select(["id", "user_id"]).executeTakeFirst();
    if (v) {
      const stranger = [p.seller, p.seller2].find((s) => s.id !== Number(v.user_id))!;
      expectRefused(await call("/support/create", { kind: "transfer", refId: Number(v.id), title: "Not mine", body: "x" }, stranger), TICKET_MESSAGES.refNotYours, Code.FAILED);
    }
    expectRefused(await call("/support/create", { kind: "order", title: "No item", body: "x" }, p.seller), TICKET_MESSAGES.refMissing, Code.INVALID);
    expect(await t.db.selectFrom("tickets").select("id").execute()).toEqual(before);
  });

  it("keeps its limits: a title, 2000 characters, 3 pictures of her own, 5 in progress", async () => {
    expectRefused(await call("/support/create", { kind: "account", title: " ", body: "x" }, p.seller2), TICKET_MESSAGES.titleEmpty, Code.INVALID);
    expectRefused(await call("/support/create", { kind: "account", title: "Hi", body: "   " }, p.seller2), TICKET_MESSAGES.empty, Code.INVALID);
    expectRefused(await call("/support/create", { kind: "account", title: "Hi", body: "x".repeat(TICKET_MESSAGE_MAX + 1) }, p.seller2), TICKET_MESSAGES.tooLong, Code.INVALID);
    const four = Array.from({ length: 4 }, (_, i) => `/blob/support/2026/11/${i}.jpg`);
    expectRefused(await call("/support/create", { kind: "account", title: "Hi", body: "x", pictures: four }, p.seller2), TICKET_MESSAGES.tooManyPictures, Code.INVALID);
    // Someone else's upload, or an evidence picture, is not hers to attach.
    expectRefused(await call("/support/create", { kind: "account", title: "Hi", body: "x", pictures: [await picture(p.seller)] }, p.seller2), TICKET_MESSAGES.pictureUnknown, Code.FAILED);
    for (let i = 0; i < TICKET_OPEN_MAX; i++) await open(p.seller2, { kind: "account", title: `Question ${i}`, body: "x" });
    expectRefused(await call("/support/create", { kind: "account", title: "One more", body: "x" }, p.seller2), TICKET_MESSAGES.tooManyOpen, Code.FAILED);
    await closeAll(p.seller2);
    await open(p.seller2, { kind: "account", title: "After closing", body: "x" });
    await closeAll(p.seller2);
  });
});

describe("the conversation", () => {
  it("staff assign, note, answer (→ waiting: notice, e-mail, audit); she reads the answer, never the note; her reply opens it again; she closes with a rating", async () => {
    const { ticketId: id } = await aboutOrder();
    expectOk(await staff(t, "/admin/ticket/assign", { id }, p.admin.token));
    expect((await staff(t, "/admin/ticket/list", { assignee: "me" }, p.admin.token)).data.list.map((q: { id: number }) => q.id)).toContain(id);
    expectOk(await staff(t, "/admin/ticket/note", { id, body: "Internal-marker: merchant was slow twice this week." }, p.admin.token));
    const canned = (await staff(t, "/admin/ticket/cannedAnswers", {}, p.admin.token)).data.list;
    expect(canned).toEqual(CANNED_ANSWERS.map((c) => ({ ...c })));
    expect(await statusOf(id)).toBe(TicketStatus.Open);

    const outboxBefore = await t.db.selectFrom("outbox").select("id").where("type", "=", "SUPPORT_TICKET").execute();
    expectOk(await staff(t, "/admin/ticket/reply", { id, body: canned[2].body }, p.admin.token));
    expect(await statusOf(id)).toBe(TicketStatus.Waiting);
    const notice = await t.db.selectFrom("notices").selectAll().where("user_id", "=", p.seller.id).where("type", "=", NoticeType.Support).where("ref_id", "=", id).execute();
    expect(notice).toHaveLength(1);
    expect(notice[0].title_en).toBe("Support answered your ticket");
    const email = await t.db.selectFrom("outbox").selectAll().where("type", "=", "SUPPORT_TICKET").execute();
    expect(email.length).toBe(outboxBefore.length + 1);
    expect(email.at(-1)!.body).toContain(`Ticket ${id}`);
    expect(email.at(-1)!.body).not.toContain(canned[2].body);

    const mine = (await call("/support/get", { id }, p.seller)).data;
    expect(mine.status).toBe(TicketStatus.Waiting);
    expect(mine.messages.map((m: { author: string; body: string }) => [m.author, m.body])).toEqual([
      ["user", "The order is still processing."],
      ["staff", canned[2].body],
    ]);
    expect(JSON.stringify(mine)).not.toContain("Internal-marker");
    const desk = (await staff(t, "/admin/ticket/get", { id }, p.admin.token)).data;
    expect(desk.assigneeId).toBe(p.admin.id);
    expect(desk.messages.filter((m: { internal: boolean }) => m.internal).map((m: { body: string }) => m.body)).toEqual(["Internal-marker: merchant was slow twice this week."]);

    expectOk(await call("/support/reply", { id, body: "Thanks, it is still not credited." }, p.seller));
    expect(await statusOf(id)).toBe(TicketStatus.Open);
    expectOk(await call("/support/close", { id, rating: "good" }, p.seller));
    expect(await t.db.selectFrom("tickets").select(["status", "rating"]).where("id", "=", id).executeTakeFirstOrThrow()).toEqual({ status: TicketStatus.Closed, rating: "good" });
    expectRefused(await call("/support/reply", { id, body: "Once more" }, p.seller), TICKET_MESSAGES.closed, Code.FAILED);
    expectRefused(await call("/support/close", { id, rating: "bad" }, p.seller), TICKET_MESSAGES.alreadyRated, Code.FAILED);
    expect((await auditOf(id)).map((a) => a.action)).toEqual(["ticket.create", "ticket.assign", "ticket.note", "ticket.reply", "ticket.userReply", "ticket.close"]);
  });

  it("staff close it: she is told and may still rate it once; the queue filters by status and assignee", async () => {
    const { ticketId: id } = await aboutOrder();
    const queue = (await staff(t, "/admin/ticket/list", { status: TicketStatus.Open }, p.admin.token)).data.list;
    expect(queue.map((q: { id: number }) => q.id)).toContain(id);
    const mineOnly = (await staff(t, "/admin/ticket/list", { assignee: "me" }, p.admin.token)).data.list;
    expect(mineOnly.map((q: { id: number }) => q.id)).not.toContain(id);
    expectOk(await staff(t, "/admin/ticket/close", { id }, p.admin.token));
    expect((await staff(t, "/admin/ticket/list", { status: TicketStatus.Closed }, p.admin.token)).data.list.map((q: { id: number }) => q.id)).toContain(id);
    expectRefused(await staff(t, "/admin/ticket/reply", { id, body: "late" }, p.admin.token), TICKET_MESSAGES.closed, Code.FAILED);
    expectRefused(await staff(t, "/admin/ticket/assign", { id }, p.admin.token), TICKET_MESSAGES.closed, Code.FAILED);
    const told = await t.db.selectFrom("notices").select("title_en").where("type", "=", NoticeType.Support).where("ref_id", "=", id).execute();
    expect(told).toEqual([{ title_en: "Your support ticket was closed" }]);
    expectOk(await call("/support/close", { id, rating: "bad" }, p.seller));
    expect((await call("/support/get", { id }, p.seller)).data.rating).toBe("bad");
    expect((await auditOf(id)).map((a) => [a.action, a.admin_id])).toEqual([
      ["ticket.create", p.seller.id],
      ["ticket.close", p.admin.id],
      ["ticket.rate", p.seller.id],
    ]);
  });
});

describe("who may see it", () => {
  it("another user's ticket id is 'Ticket not found.' on every user call; a seller is not staff", async () => {
    const { ticketId: id } = await aboutOrder();
    const messageId = (await call("/support/get", { id }, p.seller)).data.messages[0].id;
    for (const stranger of [p.seller2, p.merchant2]) {
      expectRefused(await call("/support/get", { id }, stranger), "Ticket not found.", Code.NOT_FOUND);
      expectRefused(await call("/support/reply", { id, body: "Not mine" }, stranger), "Ticket not found.", Code.NOT_FOUND);
      expectRefused(await call("/support/close", { id, rating: "bad" }, stranger), "Ticket not found.", Code.NOT_FOUND);
      expectRefused(await call("/support/getPicture", { id, messageId, index: 0 }, stranger), "Ticket not found.", Code.NOT_FOUND);
      expect((await call("/support/list", {}, stranger)).data.list.map((x: { id: number }) => x.id)).not.toContain(id);
    }
    for (const path of ["/admin/ticket/get", "/admin/ticket/assign", "/admin/ticket/close"] as const) expectRefused(await staff(t, path, { id }, p.seller.token), undefined, Code.FORBIDDEN);
    expectRefused(await staff(t, "/admin/ticket/note", { id, body: "x" }, p.seller.token), undefined, Code.FORBIDDEN);
    expect(await statusOf(id)).toBe(TicketStatus.Open);
    expect(await t.db.selectFrom("ticket_messages").select("id").where("ticket_id", "=", id).execute()).toHaveLength(1);
    await closeAll(p.seller);
  });

  it("keeps message bodies and picture paths sealed at rest", async () => {
    const path = await picture(p.seller);
    const id = await open(p.seller, { kind: "account", title: "Sealed", body: "Sealed-marker-41aa my card code", pictures: [path] });
    const { rows } = await sql<{ r: string }>`select t::text as r from ticket_messages t where ticket_id = ${id}`.execute(t.db);
    expect(rows).toHaveLength(1);
    expect(rows[0].r).not.toContain("Sealed-marker-41aa");
    expect(rows[0].r).not.toContain(path.split("/").at(-1)!);
    await closeAll(p.seller);
  });
});

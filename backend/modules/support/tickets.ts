import { sql } from "kysely";
import {
  TICKET_MESSAGES,
  TICKET_OPEN_MAX,
  TicketStatus,
  ticketItemStaffUrl,
  ticketPictureUrl,
  type StaffTicket,
  type StaffTicketSummary,
  type Ticket,
  type TicketItem,
  type TicketKind,
  type TicketMessage,
  type TicketRating,
  type TicketSummary,
} from "../../../contract/support";
import { LIST_PAGE_SIZE } from "../../../contract/constants";
import { virtualCoinSymbol } from "../../../contract/transfers";
import { enqueue } from "../../adapters/outbox";
import { countRows } from "../../db/count";
import { transaction, type Executor, type Trx } from "../../db/index";
import type { Services } from "../../http/context";
import { conflict, fail, notFound, visibleTo } from "../../http/errors";
import { recordAudit } from "../audit/audit";
import { privateUploadsBelongTo } from "../images/queries";
import { readSupportPicture } from "../images/store";
import { notify } from "../notices/notify";
import { cardLabel } from "../orders/format";
import { moveTicket, type TicketActor, type TicketRow } from "./state-machine";

/**
 * Support tickets (docs/decisions/0078-support-tickets.md): a user's questions about her own
 * items, staff's answers and internal notes. Statuses move only through ./state-machine.ts; every
 * staff action, and her opening, replying and closing, leaves a row in the audit trail (audit/audit.ts).
 */

type Secrets = Services["secrets"];
type Io = Pick<Services, "db" | "secrets">;

/** Whether the item is hers: her order as seller or merchant, her withdrawal (or one she pays as withdrawer), her transfer order. */
async function ownsItem(db: Executor, userId: number, kind: TicketKind, refId: number): Promise<boolean> {
  if (kind === "order") return (await countRows(db.selectFrom("orders").where("id", "=", refId).where((w) => w.or([w("seller_id", "=", userId), w("buyer_id", "=", userId)])))) > 0;
  if (kind === "withdrawal") return (await countRows(db.selectFrom("withdrawals").where("id", "=", refId).where((w) => w.or([w("user_id", "=", userId), w("withdrawer_id", "=", userId)])))) > 0;
  if (kind === "transfer") return (await countRows(db.selectFrom("virtual_coin_orders").where("id", "=", refId).where("user_id", "=", userId))) > 0;
  return false;
}

/** Her most recent items of each kind, for the new-ticket form's choice. */
export async function recentItems(db: Executor, userId: number): Promise<TicketItem[]> {
  const [orders, withdrawals, transfers] = await Promise.all([
    db
      .selectFrom("orders")
      .select(["id", "advert_info", "trade_amount", "trade_currency"])
      .where((w) => w.or([w("seller_id", "=", userId), w("buyer_id", "=", userId)]))
      .orderBy("id", "desc")
      .limit(5)
      .execute(),
    db.selectFrom("withdrawals").select(["id"]).where((w) => w.or([w("user_id", "=", userId), w("withdrawer_id", "=", userId)])).orderBy("id", "desc").limit(5).execute(),
    db.selectFrom("virtual_coin_orders").select(["id", "type"]).where("user_id", "=", userId).orderBy("id", "desc").limit(5).execute(),
  ]);
  return [
    ...orders.map((o) => ({ kind: "order" as const, id: Number(o.id), label: `Order ${o.id} · ${cardLabel(o)}` })),
    ...withdrawals.map((w) => ({ kind: "withdrawal" as const, id: Number(w.id), label: `Withdrawal ${w.id}` })),
    ...transfers.map((t) => ({ kind: "transfer" as const, id: Number(t.id), label: `${virtualCoinSymbol(t.type)} transfer ${t.id}` })),
  ];
}

const sealPictures = (secrets: Secrets, pictures: readonly string[]) => secrets.seal(pictures.join("|"));
const picturesOf = (secrets: Secrets, sealed: string) => {
  const joined = secrets.open(sealed);
  return joined ? joined.split("|") : [];
};

async function addMessage(trx: Trx, secrets: Secrets, m: { ticketId: number; authorId: number; role: TicketActor; body: string; pictures: readonly string[]; internal: boolean; at: Date }) {
  await trx
    .insertInto("ticket_messages")
    .values({
      ticket_id: m.ticketId,
      author_id: m.authorId,
      author_role: m.role,
      body: secrets.seal(m.body),
      pictures: sealPictures(secrets, m.pictures),
      internal: m.internal,
      created_at: m.at,
    })
    .execute();
}

const audit = (trx: Trx, who: number, action: string, ticketId: number, before: TicketRow | null, after: Partial<TicketRow> | null, at: Date) =>
  recordAudit(trx, {
    adminId: who,
    action: `ticket.${action}`,
    entityType: "ticket",
    entityId: ticketId,
    before: before && { status: before.status, assigneeId: before.assignee_id === null ? null : Number(before.assignee_id) },
    after: after && Object.fromEntries(Object.entries({ status: after.status, assigneeId: after.assignee_id, rating: after.rating }).filter(([, v]) => v !== undefined).map(([k, v]) => [k, v === null ? null : typeof v === "string" ? v : Number(v)])),
    at,
  });

async function checkPictures(db: Executor, userId: number, pictures: readonly string[]) {
  if (!(await privateUploadsBelongTo(db, userId, "support", pictures))) throw fail(TICKET_MESSAGES.pictureUnknown);
}

export interface CreateTicket {
  kind: TicketKind;
  refId?: number | null;
  title: string;
  body: string;
  pictures: string[];
}

/** She opens a ticket about one of her own items (or her account) with its first message. */
export async function createTicket({ db, secrets }: Io, userId: number, input: CreateTicket, now: Date): Promise<number> {
  const refId = input.kind === "account" ? null : (input.refId ?? null);
  if (input.kind !== "account" && (refId === null || !(await ownsItem(db, userId, input.kind, refId)))) throw fail(TICKET_MESSAGES.refNotYours);
  await checkPictures(db, userId, input.pictures);
  return transaction(db, async (trx) => {
    // Her row locked, so two tickets opened at once cannot both pass the count.
    await trx.selectFrom("users").select("id").where("id", "=", userId).forUpdate().executeTakeFirst();
    const inProgress = await countRows(trx.selectFrom("tickets").where("user_id", "=", userId).where("status", "!=", TicketStatus.Closed));
    if (inProgress >= TICKET_OPEN_MAX) throw fail(TICKET_MESSAGES.tooManyOpen);
    const row = await trx
      .insertInto("tickets")
      .values({ user_id: userId, kind: input.kind, ref_id: refId, title: input.title, status: TicketStatus.Open, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    const ticketId = Number(row.id);
    await addMessage(trx, secrets, { ticketId, authorId: userId, role: "user", body: input.body, pictures: input.pictures, internal: false, at: now });
    await audit(trx, userId, "create", ticketId, null, row, now);
    return ticketId;
  });
}

const ticketRow = (db: Executor, id: number) => db.selectFrom("tickets").selectAll().where("id", "=", id).executeTakeFirst();

/** Her ticket, or "Ticket not found." as if it did not exist (ids cannot be probed). */
async function ticketOf(db: Executor, userId: number, id: number): Promise<TicketRow> {
  return visibleTo(await ticketRow(db, id), (t) => Number(t.user_id) === userId, "Ticket");
}

async function anyTicket(db: Executor, id: number): Promise<TicketRow> {
  const t = await ticketRow(db, id);
  if (!t) throw notFound("Ticket");
  return t;
}

const summaryOf = (t: TicketRow): TicketSummary => ({
  id: Number(t.id),
  kind: t.kind,
  refId: t.ref_id === null ? null : Number(t.ref_id),
  title: t.title,
  status: t.status as TicketStatus,
  rating: t.rating,
  createdAt: new Date(t.created_at).getTime(),
  updatedAt: new Date(t.updated_at).getTime(),
});

/** The thread, oldest first; the user's reading leaves out staff notes (they never leave the backend for her). */
async function messagesOf(db: Executor, secrets: Secrets, ticketId: number, reader: "user" | "staff"): Promise<TicketMessage[]> {
  let q = db
    .selectFrom("ticket_messages as m")
    .innerJoin("users as u", "u.id", "m.author_id")
    .select(["m.id", "m.author_role", "m.body", "m.pictures", "m.internal", "m.created_at", "u.nickname"])
    .where("m.ticket_id", "=", ticketId);
  if (reader === "user") q = q.where("m.internal", "=", false);
  const rows = await q.orderBy("m.id").execute();
  return rows.map((r) => ({
    id: Number(r.id),
    author: r.author_role,
    // Staff sign their answers; she is "you" on her own page.
    authorName: r.author_role === "staff" ? r.nickname : null,
    body: secrets.open(r.body),
    pictures: picturesOf(secrets, r.pictures).map((_, i) => ticketPictureUrl(reader, ticketId, Number(r.id), i)),
    internal: r.internal,
    createdAt: new Date(r.created_at).getTime(),
  }));
}

export async function myTickets(db: Executor, userId: number, lastId?: number | null): Promise<TicketSummary[]> {
  let q = db.selectFrom("tickets").selectAll().where("user_id", "=", userId);
  if (lastId) q = q.where("id", "<", lastId);
  return (await q.orderBy("id", "desc").limit(LIST_PAGE_SIZE).execute()).map(summaryOf);
}

export async function myTicket({ db, secrets }: Io, userId: number, id: number): Promise<Ticket> {
  const t = await ticketOf(db, userId, id);
  return { ...summaryOf(t), messages: await messagesOf(db, secrets, Number(t.id), "user") };
}

/** She writes on her ticket: an answered one opens again; a closed one takes nothing. */
export async function replyAsUser({ db, secrets }: Io, userId: number, input: { id: number; body: string; pictures: string[] }, now: Date): Promise<void> {
  const t = await ticketOf(db, userId, input.id);
  await checkPictures(db, userId, input.pictures);
  await transaction(db, async (trx) => {
    await moveTicket(trx, { ticketId: input.id, from: t.status, to: TicketStatus.Open, actor: "user", now });
    await addMessage(trx, secrets, { ticketId: input.id, authorId: userId, role: "user", body: input.body, pictures: input.pictures, internal: false, at: now });
    // Her messages are ticket actions too: the trail shows when she wrote (never what).
    await audit(trx, userId, "userReply", input.id, t, { status: TicketStatus.Open }, now);
  });
}

/** She closes her ticket with one tap of a rating, or rates the one staff closed (once). */
export async function closeAsUser(db: Io["db"], userId: number, input: { id: number; rating: TicketRating }, now: Date): Promise<void> {
  const t = await ticketOf(db, userId, input.id);
  await transaction(db, async (trx) => {
    if (t.status === TicketStatus.Closed) {
      const rated = await trx.updateTable("tickets").set({ rating: input.rating }).where("id", "=", input.id).where("rating", "is", null).returningAll().executeTakeFirst();
      if (!rated) throw fail(TICKET_MESSAGES.alreadyRated);
      await audit(trx, userId, "rate", input.id, t, rated, now);
      return;
    }
    const closed = await moveTicket(trx, { ticketId: input.id, from: t.status, to: TicketStatus.Closed, actor: "user", now, rating: input.rating });
    await audit(trx, userId, "close", input.id, t, closed, now);
  });
}

/** One picture of a message of this ticket (the caller has checked who may read the ticket); notes carry none. */
async function pictureOf(services: Pick<Services, "db" | "blobs" | "secrets">, ticketId: number, messageId: number, index: number, reader: "user" | "staff") {
  let q = services.db.selectFrom("ticket_messages").select("pictures").where("id", "=", messageId).where("ticket_id", "=", ticketId);
  if (reader === "user") q = q.where("internal", "=", false);
  const row = await q.executeTakeFirst();
  const path = row ? picturesOf(services.secrets, row.pictures)[index] : undefined;
  const bytes = path ? await readSupportPicture(services, path) : undefined;
  if (!bytes) throw notFound("Picture");
  return { contentType: "image/jpeg", base64: bytes.toString("base64") };
}

export async function myTicketPicture(services: Pick<Services, "db" | "blobs" | "secrets">, userId: number, input: { id: number; messageId: number; index: number }) {
  await ticketOf(services.db, userId, input.id);
  return pictureOf(services, input.id, input.messageId, input.index, "user");
}

export async function staffTicketPicture(services: Pick<Services, "db" | "blobs" | "secrets">, input: { id: number; messageId: number; index: number }) {
  await anyTicket(services.db, input.id);
  return pictureOf(services, input.id, input.messageId, input.index, "staff");
}

// ---------------------------------------------------------------- staff

function staffQuery(db: Executor) {
  return db
    .selectFrom("tickets as t")
    .innerJoin("users as u", "u.id", "t.user_id")
    .leftJoin("users as a", "a.id", "t.assignee_id")
    .selectAll("t")
    .select(["u.nickname as user_nickname", "a.nickname as assignee_nickname"]);
}
type StaffRow = TicketRow & { user_nickname: string; assignee_nickname: string | null };

const staffSummaryOf = (t: StaffRow): StaffTicketSummary => ({
  ...summaryOf(t),
  userId: Number(t.user_id),
  userNickname: t.user_nickname,
  assigneeId: t.assignee_id === null ? null : Number(t.assignee_id),
  assigneeNickname: t.assignee_nickname,
  itemUrl: ticketItemStaffUrl(t.kind, t.ref_id === null ? null : Number(t.ref_id)),
});

export async function staffTickets(db: Executor, f: { lastId?: number | null; status?: TicketStatus; assigneeId?: number }): Promise<StaffTicketSummary[]> {
  let q = staffQuery(db);
  if (f.status !== undefined) q = q.where("t.status", "=", f.status);
  if (f.assigneeId) q = q.where("t.assignee_id", "=", f.assigneeId);
  if (f.lastId) q = q.where("t.id", "<", f.lastId);
  return ((await q.orderBy("t.id", "desc").limit(LIST_PAGE_SIZE).execute()) as StaffRow[]).map(staffSummaryOf);
}

export async function staffTicket({ db, secrets }: Io, id: number): Promise<StaffTicket> {
  const t = (await staffQuery(db).where("t.id", "=", id).executeTakeFirst()) as StaffRow | undefined;
  if (!t) throw notFound("Ticket");
  return { ...staffSummaryOf(t), messages: await messagesOf(db, secrets, id, "staff") };
}

/** What she is told when staff answer or close: the ticket, never the answer's words (they stay sealed in the thread). */
async function tellOwner(trx: Trx, t: TicketRow, what: "answered" | "closed", at: Date) {
  const title = what === "answered" ? "Support answered your ticket" : "Your support ticket was closed";
  const content =
    what === "answered"
      ? `Ticket ${t.id} "${t.title}" has a new answer. Open it to read the answer and reply.`
      : `Ticket ${t.id} "${t.title}" was closed. Open it to tell us how we did.`;
  await notify(trx, { userId: Number(t.user_id), about: { type: "support", id: Number(t.id) }, title, content, oppositeUserId: null, goodsName: null, transAmount: null, transCurrency: null, transPrice: null, at });
  const user = await trx.selectFrom("users").select("email").where("id", "=", t.user_id).executeTakeFirstOrThrow();
  if (user.email) await enqueue(trx, { channel: "email", recipient: user.email, type: "SUPPORT_TICKET", code: null, body: `${title}. ${content}` }, at);
}

/** Staff answer her (→ waiting): the answer, her notice and e-mail, and the audit row, all or nothing. */
export async function staffReply({ db, secrets }: Io, adminId: number, input: { id: number; body: string }, now: Date): Promise<void> {
  const t = await anyTicket(db, input.id);
  await transaction(db, async (trx) => {
    const moved = await moveTicket(trx, { ticketId: input.id, from: t.status, to: TicketStatus.Waiting, actor: "staff", now });
    await addMessage(trx, secrets, { ticketId: input.id, authorId: adminId, role: "staff", body: input.body, pictures: [], internal: false, at: now });
    await tellOwner(trx, moved, "answered", now);
    await audit(trx, adminId, "reply", input.id, t, moved, now);
  });
}

/** An internal note: no status change, nothing told to her; a closed ticket still takes notes (staff's record). */
export async function staffNote({ db, secrets }: Io, adminId: number, input: { id: number; body: string }, now: Date): Promise<void> {
  const t = await anyTicket(db, input.id);
  await transaction(db, async (trx) => {
    await addMessage(trx, secrets, { ticketId: input.id, authorId: adminId, role: "staff", body: input.body, pictures: [], internal: true, at: now });
    await audit(trx, adminId, "note", input.id, t, null, now);
  });
}

/** Takes the ticket (compare-and-set on the assignee seen, so two staff taking it at once cannot both win silently). */
export async function assignTicket(db: Io["db"], adminId: number, id: number, now: Date): Promise<void> {
  const t = await anyTicket(db, id);
  if (t.status === TicketStatus.Closed) throw fail(TICKET_MESSAGES.closed);
  await transaction(db, async (trx) => {
    const seen = t.assignee_id === null ? sql<boolean>`assignee_id is null` : sql<boolean>`assignee_id = ${t.assignee_id}`;
    const row = await trx.updateTable("tickets").set({ assignee_id: adminId }).where("id", "=", id).where(seen).returningAll().executeTakeFirst();
    if (!row) throw conflict(TICKET_MESSAGES.changed);
    await audit(trx, adminId, "assign", id, t, row, now);
  });
}

export async function staffClose(db: Io["db"], adminId: number, id: number, now: Date): Promise<void> {
  const t = await anyTicket(db, id);
  await transaction(db, async (trx) => {
    const closed = await moveTicket(trx, { ticketId: id, from: t.status, to: TicketStatus.Closed, actor: "staff", now });
    await tellOwner(trx, closed, "closed", now);
    await audit(trx, adminId, "close", id, t, closed, now);
  });
}

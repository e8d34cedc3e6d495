import { CANNED_ANSWERS } from "../../../contract/support";
import { requireRole, requireUser } from "../../http/context";
import { deskCommand } from "../../http/desk-command";
import type { HandlerGroup } from "../../http/handler-types";
import {
  assignTicket,
  closeAsUser,
  createTicket,
  myTicket,
  myTicketPicture,
  myTickets,
  recentItems,
  replyAsUser,
  staffClose,
  staffNote,
  staffReply,
  staffTicket,
  staffTicketPicture,
  staffTickets,
} from "./tickets";

/** Support tickets (ADR 0078): the user's /support calls and the staff desk's /admin/ticket calls. */
export const supportHandlers = {
  async "/support/list"(input, ctx) {
    const userId = requireUser(ctx).id;
    const [list, recent] = await Promise.all([myTickets(ctx.db, userId, input.lastId), recentItems(ctx.db, userId)]);
    return { list, recent };
  },
  async "/support/create"(input, ctx) {
    return { id: await createTicket(ctx, requireUser(ctx).id, input, ctx.now) };
  },
  async "/support/get"(input, ctx) {
    return myTicket(ctx, requireUser(ctx).id, input.id);
  },
  async "/support/reply"(input, ctx) {
    await replyAsUser(ctx, requireUser(ctx).id, input, ctx.now);
    return null;
  },
  async "/support/close"(input, ctx) {
    await closeAsUser(ctx.db, requireUser(ctx).id, input, ctx.now);
    return null;
  },
  async "/support/getPicture"(input, ctx) {
    return myTicketPicture(ctx, requireUser(ctx).id, input);
  },

  async "/admin/ticket/list"(input, ctx) {
    const admin = requireRole(ctx, "admin");
    return { list: await staffTickets(ctx.db, { lastId: input.lastId, status: input.status, assigneeId: input.assignee === "me" ? admin.id : undefined }) };
  },
  async "/admin/ticket/get"(input, ctx) {
    requireRole(ctx, "admin");
    return staffTicket(ctx, input.id);
  },
  "/admin/ticket/reply": deskCommand("admin", (adminId, input, ctx) => staffReply(ctx, adminId, input, ctx.now)),
  "/admin/ticket/note": deskCommand("admin", (adminId, input, ctx) => staffNote(ctx, adminId, input, ctx.now)),
  "/admin/ticket/assign": deskCommand("admin", (adminId, input, ctx) => assignTicket(ctx.db, adminId, input.id, ctx.now)),
  "/admin/ticket/close": deskCommand("admin", (adminId, input, ctx) => staffClose(ctx.db, adminId, input.id, ctx.now)),
  async "/admin/ticket/cannedAnswers"(_input, ctx) {
    requireRole(ctx, "admin");
    return { list: CANNED_ANSWERS.map((c) => ({ ...c })) };
  },
  async "/admin/ticket/getPicture"(input, ctx) {
    requireRole(ctx, "admin");
    return staffTicketPicture(ctx, input);
  },
} satisfies HandlerGroup<
  | "/support/list"
  | "/support/create"
  | "/support/get"
  | "/support/reply"
  | "/support/close"
  | "/support/getPicture"
  | "/admin/ticket/list"
  | "/admin/ticket/get"
  | "/admin/ticket/reply"
  | "/admin/ticket/note"
  | "/admin/ticket/assign"
  | "/admin/ticket/close"
  | "/admin/ticket/cannedAnswers"
  | "/admin/ticket/getPicture"
>;

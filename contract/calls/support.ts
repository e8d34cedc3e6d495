import { z } from "zod";
import { defineCall, lastId, okEmpty } from "../define";
import { pictureResponse } from "../order-evidence";
import {
  CANNED_ANSWERS,
  closeTicketRequest,
  createTicketRequest,
  replyTicketRequest,
  staffReplyRequest,
  staffTicketDetailSchema,
  staffTicketSchema,
  ticketItemSchema,
  ticketPictureRequest,
  ticketSchema,
  ticketStatusSchema,
  ticketSummarySchema,
} from "../support";
import { byId, created, listOf, statusFilter } from "./common";

/** Support tickets (docs/decisions/0078-support-tickets.md; limits and words: contract/support.ts). */
export const supportCalls = {
  "/support/list": defineCall({
    path: "/support/list",
    auth: "user",
    request: z.object({ lastId }).passthrough().optional().default({}),
    response: listOf(ticketSummarySchema).extend({ recent: z.array(ticketItemSchema) }),
    doc: "Designed (ADR 0078): the caller's tickets, newest activity first, and her recent orders, withdrawals and transfers a new ticket can be about.",
  }),
  "/support/create": defineCall({
    path: "/support/create",
    auth: "user",
    request: createTicketRequest,
    response: created,
    doc: "Designed (ADR 0078): opens a ticket about one of her own items (or her account) with a first message and up to 3 pictures (/image/uploadImage type 'support'); at most 5 in progress.",
  }),
  "/support/get": defineCall({
    path: "/support/get",
    auth: "user",
    request: byId,
    response: ticketSchema,
    doc: "Designed (ADR 0078): one of her tickets with its messages (never staff notes); 'Ticket not found.' for anyone else's.",
  }),
  "/support/reply": defineCall({
    path: "/support/reply",
    auth: "user",
    request: replyTicketRequest,
    response: okEmpty,
    doc: "Designed (ADR 0078): she adds a message to her ticket; an answered (waiting) ticket opens again.",
  }),
  "/support/close": defineCall({
    path: "/support/close",
    auth: "user",
    request: closeTicketRequest,
    response: okEmpty,
    doc: "Designed (ADR 0078): she closes her ticket with a one-tap rating (good or bad), or rates one staff closed.",
  }),
  "/support/getPicture": defineCall({
    path: "/support/getPicture",
    auth: "user",
    request: ticketPictureRequest,
    response: pictureResponse,
    doc: "Designed (ADR 0078): one picture of a message of her ticket; 'Ticket not found.' for anyone else.",
  }),
};

/** The staff desk's side. */
export const supportStaffCalls = {
  "/admin/ticket/list": defineCall({
    path: "/admin/ticket/list",
    auth: "admin",
    request: z.object({ lastId, status: statusFilter(ticketStatusSchema), assignee: z.enum(["me"], { errorMap: () => ({ message: "Choose whose tickets." }) }).nullish() }),
    response: listOf(staffTicketSchema),
    doc: "Tickets, newest first, paged by the id of the last item; by status (0 open, 1 waiting for the user, 2 closed); assignee me: only those assigned to the caller.",
  }),
  "/admin/ticket/get": defineCall({
    path: "/admin/ticket/get",
    auth: "admin",
    request: byId,
    response: staffTicketDetailSchema,
    doc: "One ticket with every message, internal notes included.",
  }),
  "/admin/ticket/reply": defineCall({
    path: "/admin/ticket/reply",
    auth: "admin",
    request: staffReplyRequest,
    response: okEmpty,
    doc: "Answers the user (→ waiting): she gets a notice and an e-mail in the same transaction.",
  }),
  "/admin/ticket/note": defineCall({
    path: "/admin/ticket/note",
    auth: "admin",
    request: staffReplyRequest,
    response: okEmpty,
    doc: "An internal note on the ticket, which the user never sees.",
  }),
  "/admin/ticket/assign": defineCall({
    path: "/admin/ticket/assign",
    auth: "admin",
    request: byId,
    response: okEmpty,
    doc: "Assigns the ticket to the caller.",
  }),
  "/admin/ticket/close": defineCall({
    path: "/admin/ticket/close",
    auth: "admin",
    request: byId,
    response: okEmpty,
    doc: "Closes the ticket; the user is told and may still rate it.",
  }),
  "/admin/ticket/cannedAnswers": defineCall({
    path: "/admin/ticket/cannedAnswers",
    auth: "admin",
    request: z.object({}).passthrough().optional().default({}),
    response: listOf(z.object({ id: z.string(), title: z.string(), body: z.string() })),
    doc: "The canned answers (a fixed list, contract/support.ts).",
  }),
  "/admin/ticket/getPicture": defineCall({
    path: "/admin/ticket/getPicture",
    auth: "admin",
    request: ticketPictureRequest,
    response: pictureResponse,
    doc: "One picture of a ticket's message.",
  }),
};


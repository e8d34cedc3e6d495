import { z } from "zod";
import { id } from "./define";

/**
 * Support tickets (docs/decisions/0078-support-tickets.md): a user asks about one of her orders,
 * withdrawals or transfers, or her account; staff answer from the staff desk. One home for the
 * statuses, limits, words, canned answers and the web-tier addresses of the pictures, for the
 * backend's checks and the forms alike.
 */

/** open: staff owe an answer; waiting: staff answered, the user's turn; closed: done (she may still rate it once). */
export const TicketStatus = { Open: 0, Waiting: 1, Closed: 2 } as const;
export type TicketStatus = (typeof TicketStatus)[keyof typeof TicketStatus];
export const ticketStatusSchema = z.union([z.literal(0), z.literal(1), z.literal(2)], { errorMap: () => ({ message: "Choose a status." }) });
/** Worded for the user. */
export const ticketStatusLabels: Record<TicketStatus, string> = { 0: "Waiting for support", 1: "Answered", 2: "Closed" };
/** Worded for staff (the queue's tabs). */
export const ticketStaffStatusLabels: Record<TicketStatus, string> = { 0: "Open", 1: "Waiting for the user", 2: "Closed" };

export const TICKET_KINDS = ["order", "withdrawal", "transfer", "account"] as const;
export type TicketKind = (typeof TICKET_KINDS)[number];
export const ticketKindLabels: Record<TicketKind, string> = { order: "An order", withdrawal: "A withdrawal", transfer: "A BTC/USDT transfer", account: "My account" };

/** One tap when she closes: it helped, or it did not. */
export const TICKET_RATINGS = ["good", "bad"] as const;
export type TicketRating = (typeof TICKET_RATINGS)[number];

export const TICKET_MESSAGE_MAX = 2000;
export const TICKET_TITLE_MAX = 100;
export const TICKET_PICTURES_MAX = 3;
export const TICKET_OPEN_MAX = 5;

export const TICKET_MESSAGES = {
  kind: "Choose what your question is about.",
  refMissing: "Choose the item your question is about.",
  refNotYours: "We could not find that item among yours. Check the number.",
  titleEmpty: "Please give your ticket a title.",
  titleTooLong: `The title has at most ${TICKET_TITLE_MAX} characters.`,
  empty: "Please write your message.",
  tooLong: `A message has at most ${TICKET_MESSAGE_MAX} characters.`,
  tooManyPictures: `Add at most ${TICKET_PICTURES_MAX} pictures to a message.`,
  tooManyOpen: `You have ${TICKET_OPEN_MAX} tickets in progress, the most at a time. Close one you no longer need, or add to it.`,
  pictureUnknown: "A picture was not uploaded. Please choose it again.",
  closed: "This ticket is closed. Please open a new one if you still need help.",
  rating: "Tap how we did.",
  alreadyRated: "You have already rated this ticket.",
  changed: "The ticket has changed. Please refresh.",
} as const;

/** Canned answers for staff: a fixed list kept with the code (ADR 0078), picked in the reply form. */
export const CANNED_ANSWERS = [
  { id: "checking", title: "We are checking", body: "Thank you for writing. We are checking this with the team and will answer here as soon as we know more." },
  { id: "need-picture", title: "Need a picture", body: "To check this we need a clear picture of the card (both sides) and of your receipt of purchase. Please add them to this ticket." },
  { id: "order-review", title: "Order under review", body: "Your order is being reviewed by the merchant. Once it is completed, the coins are credited to your wallet at once; you can follow it on the order's page." },
  { id: "withdrawal-time", title: "Withdrawal timing", body: "Withdrawals are paid by the withdrawer to your bank account, usually within 30 minutes. If the payment has not arrived, please tell us your bank and the time you asked." },
  { id: "solved", title: "Solved", body: "This is now solved. If anything is still wrong, reply here and we will look again." },
] as const;
export type CannedAnswer = (typeof CANNED_ANSWERS)[number];
export const cannedAnswer = (key: string): CannedAnswer | undefined => CANNED_ANSWERS.find((c) => c.id === key);

/** The web tier's address of one picture: the ticket's owner reads through /support, staff through the staff desk. */
export const ticketPictureUrl = (reader: "user" | "staff", ticketId: number, messageId: number, index: number): string =>
  reader === "staff" ? `/staff/tickets/${ticketId}/picture/${messageId}/${index}` : `/support/${ticketId}/picture/${messageId}/${index}`;

/** The staff desk's page of the item a ticket is about (null for the account: the ticket shows the user). */
export const ticketItemStaffUrl = (kind: TicketKind, ref: number | null): string | null =>
  ref === null ? null : kind === "order" ? `/staff/orders/${ref}` : kind === "withdrawal" ? "/staff/withdrawals" : kind === "transfer" ? "/staff/transfers" : null;

/** The user's page of the item. */
export const ticketItemUrl = (kind: TicketKind, ref: number | null): string | null =>
  ref === null ? null : kind === "order" ? `/orderDetails/${ref}` : kind === "withdrawal" ? `/withdrawDetails/${ref}` : kind === "transfer" ? "/transfers" : null;

const body = z
  .string({ required_error: TICKET_MESSAGES.empty, invalid_type_error: TICKET_MESSAGES.empty })
  .trim()
  .min(1, TICKET_MESSAGES.empty)
  .max(TICKET_MESSAGE_MAX, TICKET_MESSAGES.tooLong);
const pictures = z.array(z.string().max(300)).max(TICKET_PICTURES_MAX, TICKET_MESSAGES.tooManyPictures).default([]);

export const ticketMessageSchema = z.object({
  id: z.number().int(),
  author: z.enum(["user", "staff"]),
  /** Staff only: the staff member's nickname. */
  authorName: z.string().nullable(),
  body: z.string(),
  /** Each picture as a web-tier address that checks who asks (ticketPictureUrl). */
  pictures: z.array(z.string()),
  /** A staff note the user never sees (only in staff answers). */
  internal: z.boolean(),
  createdAt: z.number().int(),
});
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

export const ticketSummarySchema = z.object({
  id: z.number().int(),
  kind: z.enum(TICKET_KINDS),
  refId: z.number().int().nullable(),
  title: z.string(),
  status: ticketStatusSchema,
  rating: z.enum(TICKET_RATINGS).nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type TicketSummary = z.infer<typeof ticketSummarySchema>;

export const ticketSchema = ticketSummarySchema.extend({ messages: z.array(ticketMessageSchema) });
export type Ticket = z.infer<typeof ticketSchema>;

/** A ticket as staff see it: who asked, who holds it, the item's staff page, and the notes. */
export const staffTicketSchema = ticketSummarySchema.extend({
  userId: z.number().int(),
  userNickname: z.string(),
  assigneeId: z.number().int().nullable(),
  assigneeNickname: z.string().nullable(),
  itemUrl: z.string().nullable(),
});
export type StaffTicketSummary = z.infer<typeof staffTicketSchema>;
export const staffTicketDetailSchema = staffTicketSchema.extend({ messages: z.array(ticketMessageSchema) });
export type StaffTicket = z.infer<typeof staffTicketDetailSchema>;

/** One of her recent items, offered in the new-ticket form. */
export const ticketItemSchema = z.object({ kind: z.enum(TICKET_KINDS), id: z.number().int(), label: z.string() });
export type TicketItem = z.infer<typeof ticketItemSchema>;

export const createTicketRequest = z
  .object({
    kind: z.enum(TICKET_KINDS, { errorMap: () => ({ message: TICKET_MESSAGES.kind }) }),
    refId: z.coerce.number({ invalid_type_error: TICKET_MESSAGES.refNotYours }).int(TICKET_MESSAGES.refNotYours).positive(TICKET_MESSAGES.refNotYours).nullish(),
    title: z
      .string({ required_error: TICKET_MESSAGES.titleEmpty, invalid_type_error: TICKET_MESSAGES.titleEmpty })
      .trim()
      .min(1, TICKET_MESSAGES.titleEmpty)
      .max(TICKET_TITLE_MAX, TICKET_MESSAGES.titleTooLong),
    body,
    pictures,
  })
  .superRefine((v, ctx) => {
    if (v.kind !== "account" && !v.refId) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["refId"], message: TICKET_MESSAGES.refMissing });
  });

export const replyTicketRequest = z.object({ id, body, pictures });
export const staffReplyRequest = z.object({ id, body });
export const closeTicketRequest = z.object({ id, rating: z.enum(TICKET_RATINGS, { errorMap: () => ({ message: TICKET_MESSAGES.rating }) }) });
export const ticketPictureRequest = z.object({ id, messageId: id, index: z.coerce.number().int().nonnegative().max(TICKET_PICTURES_MAX) });

import { z } from "zod";
import { ORDER_IMAGES_MAX } from "../constants";
import { defineCall, id, lastId, okEmpty, optionalTimestamp } from "../define";
import { feedbackSchema, orderChangeSchema, orderDetailsSchema, orderSchema } from "../entities";
import { OrderListTab } from "../enums";
import { feedbackTypeSchema, orderActionSchema, orderListTabSchema } from "../enum-schemas";
import { feedbackContent, feedbackType, MESSAGES, optionalText, requiredText, starLevel, tradePassword } from "../fields";
import { byId, created, listOf, optionalId, startBeforeEnd } from "./common";
import { CARD_CODE_MAX, CODE_TOO_LONG, REMARK_TOO_LONG, SELL_BATCH_MAX, SELL_REMARK_MAX, TOO_MANY_CARDS, TOO_MANY_IMAGES } from "../sell-rules";
import { shownQuoteSchema } from "../quote";
import { evidenceEntrySchema } from "../order-evidence";

/** Card face in hundredths of the offer's currency (0 when none was given: the offer's range message answers). */
const tradeAmount = z
  .number({ required_error: "Please enter the card face.", invalid_type_error: "Please enter the card face." })
  .int("Please enter the card face.")
  .nonnegative("Please enter the card face.");

/** One card of a sale: its face, and its codes (e-code offers) or uploaded picture paths (picture offers). */
const sellCardFields = {
  tradeAmount,
  /** Uploaded image paths joined with "|" (picture offers). */
  cardImg: optionalText(ORDER_IMAGES_MAX * 501, "Too many images."),
  /** Card codes joined with "\n" (e-code offers). */
  cardCode: optionalText(CARD_CODE_MAX, CODE_TOO_LONG),
};

const sellItemSchema = z.object(sellCardFields).superRefine(checkImagePaths);

function checkImagePaths(v: { cardImg?: string }, ctx: z.RefinementCtx) {
  const images = v.cardImg ? v.cardImg.split("|") : [];
  if (images.length > ORDER_IMAGES_MAX) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["cardImg"], message: TOO_MANY_IMAGES });
  if (images.some((p) => !p.trim())) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["cardImg"], message: MESSAGES.cardImageEmpty });
}

/** A batch as its seller reads it (ADR 0073). */
const orderBatchSchema = z.object({
  id: z.number().int().positive(),
  advertId: z.number().int().positive(),
  createdAt: z.number().int(),
  orders: z.array(
    z.object({
      id: z.number().int().positive(),
      tradeAmount: z.number().int(),
      tradeCurrency: z.string(),
      calculateTotalPrice: z.number().int(),
      status: z.number().int(),
    }),
  ),
});

/** Selling cards: orders and their feedback (backend/modules/orders). */
export const ordersCalls = {
  "/userFeedback/getFeedbackList": defineCall({
    path: "/userFeedback/getFeedbackList",
    auth: "none",
    request: z.object({
      lastId,
      userId: id,
      /** 1 positive, 2 negative; absent, null or 0: all. */
      type: z
        .union([z.literal(0), feedbackTypeSchema])
        .nullish()
        .transform((v) => (v ? v : undefined)),
    }),
    response: listOf(feedbackSchema),
    doc: "Feedback received by a user, paged by the id of the last item.",
  }),
  "/userFeedback/addFeedback": defineCall({
    path: "/userFeedback/addFeedback",
    auth: "user",
    request: z.object({
      feedback: z.object({ orderid: id, starLevel, type: feedbackType, content: feedbackContent }),
    }),
    response: created,
    doc: "Comments once on a completed order of the user's. Response designed: {id} of the feedback.",
  }),
  "/order/addOrder": defineCall({
    path: "/order/addOrder",
    auth: "user",
    request: z
      .object({
        advertId: id,
        ...sellCardFields,
        secret: requiredText(256, "The secret is required.", "The secret is too long."),
        remark: optionalText(SELL_REMARK_MAX, REMARK_TOO_LONG),
        /**
         * Designed (ADR 0050): the quote the sell form showed (getAdvertDetail's, or a QUOTE_CHANGED
         * refusal's) with the coins it displayed. The order is made at that rate or not at all.
         */
        quote: shownQuoteSchema.optional(),
      })
      .superRefine(checkImagePaths),
    response: created,
    doc: "Sells a card against an offer; the server checks the offer's type, limits, remaining amount and merchant online status, and makes the order at the quoted rate or answers QUOTE_CHANGED (code 8) with a new quote. Returns the order id.",
  }),
  "/order/addOrders": defineCall({
    path: "/order/addOrders",
    auth: "user",
    request: z.object({
      advertId: id,
      secret: requiredText(256, "The secret is required.", "The secret is too long."),
      remark: optionalText(SELL_REMARK_MAX, REMARK_TOO_LONG),
      /** The quote the form showed, with the coins it displayed for all the cards together (ADR 0050). */
      quote: shownQuoteSchema.optional(),
      items: z
        .array(sellItemSchema)
        .min(1, MESSAGES.cardCodeEmpty)
        .max(SELL_BATCH_MAX, TOO_MANY_CARDS),
    }),
    response: created,
    doc: "Designed (ADR 0073): several cards to one offer in one submit, each its own order (face and code or pictures per card), all or none; idempotent on the secret. Returns the batch id.",
  }),
  "/order/getOrderBatch": defineCall({
    path: "/order/getOrderBatch",
    auth: "user",
    request: byId,
    response: orderBatchSchema,
    doc: "Designed (ADR 0073): the seller's own batch of orders, each with its face, coins and status.",
  }),
  "/order/getOrderList": defineCall({
    path: "/order/getOrderList",
    auth: "user",
    request: z
      .object({
        lastId,
        /** Tab: 0 Active Orders (statuses 0-3), 4 Completed, 5 Cancelled, 6 Frozen. */
        status: orderListTabSchema.optional().default(OrderListTab.Active),
        cardTypeId: optionalId,
        start: optionalTimestamp,
        end: optionalTimestamp,
      })
      .superRefine(startBeforeEnd),
    response: listOf(orderSchema),
    doc: "The user's orders of one tab, newest first, paged by the id of the last item.",
  }),
  "/order/getOrderDetails": defineCall({
    path: "/order/getOrderDetails",
    auth: "user",
    request: byId,
    response: z.object({
      orderInfo: orderSchema,
      orderDetails: orderDetailsSchema,
      orderChange: z.array(orderChangeSchema),
      /** Designed (ADR 0074): the statements and pictures both sides added in the dispute, oldest first. */
      evidence: z.array(evidenceEntrySchema),
      /** The seller's comment, null until given. */
      feedback: feedbackSchema.nullable(),
      /** Designed: what the caller may do now, from the order state machine (contract/enums OrderAction). */
      actions: z.array(orderActionSchema),
    }),
    doc: "One order (buyer or seller only) with its encrypted card, timeline and feedback.",
  }),
  "/order/revealCardCode": defineCall({
    path: "/order/revealCardCode",
    auth: "user",
    request: byId.extend({ tradePwd: tradePassword }),
    /** The codes as the seller typed them, one an item (ADR 0014). */
    response: z.object({ codes: z.array(z.string()) }),
    doc: "Designed (ADR 0060): the seller's own e-codes for a page without JavaScript, after her trade password (which must be set).",
  }),
  "/order/acceptDispute": defineCall({
    path: "/order/acceptDispute",
    auth: "user",
    request: byId,
    response: okEmpty,
    doc: "The seller accepts the merchant's dispute proposal (status 2 or 3), completing the order. Response designed: null.",
  }),
  "/order/applyArbitration": defineCall({
    path: "/order/applyArbitration",
    auth: "user",
    request: byId,
    response: okEmpty,
    doc: "The seller asks for arbitration of an order in negotiation (status 2). Response designed: null.",
  }),
};

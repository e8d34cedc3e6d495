import { z } from "zod";
import { defineCall, id, lastId, minor, okEmpty } from "../define";
import { orderChangeSchema, orderSchema } from "../entities";
import { arbitrationTypeSchema, orderStatusSchema } from "../enum-schemas";
import { OrderStatus } from "../enums";
import { requiredText } from "../fields";
import { listOf, optionalId } from "./common";
import { evidenceEntrySchema } from "../order-evidence";

/**
 * The merchant and administrator side of orders (the screens do not show it: docs/product/desks.md).
 * Same envelope, served at exactly these paths. Merchants (isBusiness 1) sign in through
 * /client/userAuth/login and act only on orders they bought; administrators on any order.
 */

/**
 * The earlier order that already carried this order's card (the same e-code, or a picture
 * with the same pixels), found when the order was placed (docs/decisions/0033-duplicate-cards.md).
 * For the merchant and staff only, so they can look before they view the card; the seller's
 * own order calls never carry it.
 */
export const duplicateOfSchema = z.object({
  orderId: z.number().int(),
  /** The earlier order's status now (a later cancellation shows here). */
  status: orderStatusSchema,
  /** The same seller sold the card before (that order finished, or it would have been refused). */
  sameSeller: z.boolean(),
});
export type DuplicateOf = z.infer<typeof duplicateOfSchema>;

/** An order as its merchant (buyer) or an administrator sees it: the order plus its seller. */
export const staffOrderSchema = orderSchema.extend({
  sellerid: z.number().int(),
  sellerNickname: z.string(),
  sellerAvatar: z.string(),
  cardtypeid: z.number().int(),
  /** The card type's name (advertInfo.paymentNameEn). */
  paymentNameEn: z.string(),
  /** null: no earlier order carried this card. */
  duplicateOf: duplicateOfSchema.nullable(),
});
export type StaffOrder = z.infer<typeof staffOrderSchema>;

/** The card, decrypted for the merchant: only once the merchant has viewed it (status left 0). */
export const merchantCardSchema = z.object({
  /** 0 picture, 1 e-code. */
  cardType: z.number().int(),
  /** The codes in plain text, one per entry ([] for a picture card without codes). */
  codes: z.array(z.string()),
  /** Paths of the encrypted images ([] for e-codes). */
  images: z.array(z.string()),
  /** base64 SHA-256 of the order secret: the customer key (SSE-C) the images are served with. */
  imageKey: z.string(),
});
export type MerchantCard = z.infer<typeof merchantCardSchema>;

/**
 * An order's coins as the books have them (ADR 0051): sums of the order's own ledger rows
 * (ref_type 'order'), never the order's price figures, which say what was agreed, not what moved.
 */
export const orderMoneySchema = z.object({
  /** Held from the merchant for this order now: frozen when it opened the card, released when the order is decided. */
  held: minor,
  /** Paid to the seller. */
  paid: minor,
  /** Returned from the hold to the merchant's available balance (a cancellation, or what a lower price left). */
  returned: minor,
});
export type OrderMoney = z.infer<typeof orderMoneySchema>;

/**
 * What an administrator may do with an order now, from the state machine's table and what the
 * merchant holds (ADR 0051). `resolve` is `complete || cancel`, as it was before the two were told apart.
 */
export const adminOrderActionsSchema = z.object({
  resolve: z.boolean(),
  freeze: z.boolean(),
  complete: z.boolean(),
  cancel: z.boolean(),
  /** A frozen order the merchant never opened goes back to Waiting with a fresh timer. */
  unfreeze: z.boolean(),
});
export type AdminOrderActions = z.infer<typeof adminOrderActionsSchema>;

/** The held figure of an order the merchant has not opened (ADR 0051). */
export const NOTHING_HELD = "Nothing held: the merchant has not opened the card.";

/**
 * Why a frozen order the merchant never opened cannot be completed (ADR 0051): the refusal of
 * /admin/order/resolve and the staff page's words where Complete would be.
 */
export const NEVER_OPENED_NO_COMPLETE =
  "The merchant has not opened the card, so nothing is held and it cannot be charged for it. Cancel the order (the card stays the seller's) or unfreeze it (back to Waiting with a fresh timer).";

/** Why a frozen order the merchant opened cannot be unfrozen: its hold waits for a decision. */
export const OPENED_NO_UNFREEZE = "The merchant has opened the card: this order can only be completed or cancelled.";

/** Messages of an order's transcript per page. */
export const TRANSCRIPT_PAGE_SIZE = 50;

/** One message of an order's chat as an administrator reads it. */
export const transcriptMessageSchema = z.object({
  id: z.number().int(),
  /** Who wrote it: the order's seller, its merchant, or the system. */
  from: z.enum(["seller", "merchant", "system"]),
  type: z.enum(["text", "image", "audio"]),
  /** The text ("" for pictures and voice). */
  text: z.string(),
  /** A signed, short-lived address of the picture or voice message; null for text. */
  url: z.string().nullable(),
  /** Seconds of a voice message. */
  seconds: z.number().int().nullable(),
  createTimestamp: z.number().int(),
});
export type TranscriptMessage = z.infer<typeof transcriptMessageSchema>;

const money = (message: string) => z.number({ required_error: message, invalid_type_error: message }).int(message).nonnegative(message);

export const orderDeskCalls = {
  "/merchant/order/list": defineCall({
    path: "/merchant/order/list",
    auth: "business",
    request: z.object({
      lastId,
      /** One order status 0-6; absent or null: every status (or, with `queue`, the open ones). */
      status: orderStatusSchema.nullish().transform((v) => (v === null ? undefined : v)),
      /** Designed (ADR 0036): only orders of this card type. */
      cardTypeId: optionalId,
      /**
       * Designed (ADR 0036): the desk's queue. Without a status: Waiting (0) first, then
       * Processing (1) and In negotiation (2), each group newest first.
       */
      queue: z.boolean().optional(),
      /** The queue's cursor with lastId: the group of the last item, 0 Waiting, 1 the others. */
      lastRank: z.union([z.literal(0), z.literal(1)]).nullish(),
    }),
    response: listOf(staffOrderSchema),
    doc: "The orders the merchant bought, newest first (or in queue order), optionally of one status and card type, paged by the id of the last item.",
  }),
  "/merchant/order/detail": defineCall({
    path: "/merchant/order/detail",
    auth: "business",
    request: z.object({ id }),
    response: z.object({
      orderInfo: staffOrderSchema,
      /** null until the merchant has viewed the card (/merchant/order/view). */
      card: merchantCardSchema.nullable(),
      orderChange: z.array(orderChangeSchema),
      /** Designed (ADR 0074): the dispute's evidence from both sides, oldest first. */
      evidence: z.array(evidenceEntrySchema),
    }),
    doc: "One of the merchant's orders with its timeline and, once viewed, the card decrypted.",
  }),
  "/merchant/order/view": defineCall({
    path: "/merchant/order/view",
    auth: "business",
    request: z.object({ id }),
    response: okEmpty,
    doc: "The merchant views the card (0 → 1): calculateTotalPrice is frozen from its balance and the release timer starts.",
  }),
  "/merchant/order/complete": defineCall({
    path: "/merchant/order/complete",
    auth: "business",
    request: z.object({ id }),
    response: okEmpty,
    doc: "The merchant completes the order (1 or 2 → 4) at calculateTotalPrice: the seller is paid.",
  }),
  "/merchant/order/negotiate": defineCall({
    path: "/merchant/order/negotiate",
    auth: "business",
    request: z.object({
      id,
      arbitrationType: arbitrationTypeSchema,
      /** The face the merchant found (hundredths of the order's currency). */
      arbitrationApplyAmount: money("Please enter the card face you found."),
      /** The coins (hundredths) the merchant proposes to pay; at most calculateTotalPrice. */
      arbitrationApplyPrice: money("Please enter the price you propose."),
      arbitrationContent: requiredText(500, "Please explain the problem.", "The explanation has at most 500 characters."),
    }),
    response: okEmpty,
    doc: "The merchant opens a negotiation (1 → 2) with a dispute type, the face found, the price proposed and why; the arbitration timer starts.",
  }),
  "/admin/order/list": defineCall({
    path: "/admin/order/list",
    auth: "admin",
    request: z.object({
      lastId,
      /** In arbitration (3) or Frozen (6); absent or null: both. */
      status: z
        .union([z.literal(OrderStatus.InArbitration), z.literal(OrderStatus.Frozen)], { errorMap: () => ({ message: "The queue holds orders In arbitration or Frozen." }) })
        .nullish()
        .transform((v) => v ?? undefined),
    }),
    response: listOf(staffOrderSchema),
    doc: "The arbitration queue: orders In arbitration (3) and Frozen (6), oldest first, paged by the id of the last item (ids above lastId).",
  }),
  "/admin/order/detail": defineCall({
    path: "/admin/order/detail",
    auth: "admin",
    request: z.object({ id }),
    response: z.object({
      orderInfo: staffOrderSchema,
      /** The card decrypted server-side for the administrator (null only if the order has no card stored). */
      card: merchantCardSchema.nullable(),
      /** Whether the merchant has opened the card (viewed, status left 0). */
      merchantViewed: z.boolean(),
      /** Held, paid and returned for this order, from its ledger rows. */
      money: orderMoneySchema,
      orderChange: z.array(orderChangeSchema),
      /** The dispute's evidence from both sides, oldest first (ADR 0074). */
      evidence: z.array(evidenceEntrySchema),
      /** What an administrator may do now, from the state machine's table. */
      actions: adminOrderActionsSchema,
    }),
    doc: "Any order as an administrator sees it: the order, its timeline, the dispute, the card as the merchant saw it, its coins as the ledger has them, and what may be done with it now.",
  }),
  "/admin/order/transcript": defineCall({
    path: "/admin/order/transcript",
    auth: "admin",
    request: z.object({
      id,
      /** The id of the last message already read: the page starts after it (oldest first). */
      afterId: lastId,
    }),
    response: z.object({
      list: z.array(transcriptMessageSchema),
      /** The afterId of the next page; null when this page is the last. */
      nextAfterId: z.number().int().nullable(),
    }),
    doc: "The whole chat of an order between its seller and merchant, oldest first, read-only, paged (TRANSCRIPT_PAGE_SIZE messages).",
  }),
  "/admin/order/resolve": defineCall({
    path: "/admin/order/resolve",
    auth: "admin",
    request: z.object({
      id,
      outcome: z.enum(["complete", "cancel"], { errorMap: () => ({ message: 'The outcome is "complete" or "cancel".' }) }),
      /** Coins (hundredths) paid on "complete"; default calculateTotalPrice; at most what the merchant's hold holds. */
      realTotalPrice: money("The price must be a whole number of hundredths.").nullish(),
    }),
    response: okEmpty,
    doc: "An administrator decides an order in arbitration or frozen (3 or 6 → 4 or 5). Completing pays from the merchant's hold only: refused for an order the merchant never opened (NEVER_OPENED_NO_COMPLETE) and for a price above the hold.",
  }),
  "/admin/order/freeze": defineCall({
    path: "/admin/order/freeze",
    auth: "admin",
    request: z.object({ id }),
    response: okEmpty,
    doc: "An administrator freezes an open order (0-3 → 6); what is held stays held until it is decided, and an order the merchant never opened holds nothing.",
  }),
  "/admin/order/unfreeze": defineCall({
    path: "/admin/order/unfreeze",
    auth: "admin",
    request: z.object({ id }),
    response: okEmpty,
    doc: "Designed (ADR 0051): a frozen order the merchant never opened goes back to Waiting (6 → 0) with a fresh Auto Cancel timer of the offer's pay limit.",
  }),
};

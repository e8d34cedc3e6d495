import { z } from "zod";
import { defineCall, id, lastId, okEmpty } from "../define";
import { orderChangeSchema, orderSchema } from "../entities";
import { arbitrationTypeSchema, orderStatusSchema } from "../enum-schemas";
import { requiredText } from "../fields";
import { listOf } from "./common";

/**
 * The merchant and administrator side of orders (the spec does not show it; issue 3 §3).
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

const money = (message: string) => z.number({ required_error: message, invalid_type_error: message }).int(message).nonnegative(message);

export const staffOrderCalls = {
  "/merchant/order/list": defineCall({
    path: "/merchant/order/list",
    auth: "business",
    request: z.object({
      lastId,
      /** One order status 0-6; absent or null: every status. */
      status: orderStatusSchema.nullish().transform((v) => (v === null ? undefined : v)),
    }),
    response: listOf(staffOrderSchema),
    doc: "The orders the merchant bought, newest first, paged by the id of the last item.",
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
  "/admin/order/resolve": defineCall({
    path: "/admin/order/resolve",
    auth: "admin",
    request: z.object({
      id,
      outcome: z.enum(["complete", "cancel"], { errorMap: () => ({ message: 'The outcome is "complete" or "cancel".' }) }),
      /** Coins (hundredths) paid on "complete"; default calculateTotalPrice; at most calculateTotalPrice. */
      realTotalPrice: money("The price must be a whole number of hundredths.").nullish(),
    }),
    response: okEmpty,
    doc: "An administrator decides an order in arbitration or frozen (3 or 6 → 4 or 5).",
  }),
  "/admin/order/freeze": defineCall({
    path: "/admin/order/freeze",
    auth: "admin",
    request: z.object({ id }),
    response: okEmpty,
    doc: "An administrator freezes an open order (0-3 → 6); the escrow stays held until it is resolved.",
  }),
};

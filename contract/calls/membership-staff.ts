import { z } from "zod";
import { defineCall, id, lastId, okEmpty } from "../define";
import { mallOrderStatusSchema } from "../enum-schemas";
import { MallOrderStatus } from "../enums";
import { requiredText } from "../fields";
import { listOf, reason } from "./common";

/**
 * The point mall's fulfilment queue on the staff desk (docs/decisions/0052-mall-delivery.md):
 * items staff send by hand (airtime, data) wait here as mall orders, one per redemption, until an
 * administrator marks one delivered with a reference or refunds it with a reason (the points
 * return to the user in the same transaction). Each decision is a compare-and-set from Pending
 * and leaves an audit row; the user gets a notice and sees the status in Point Order.
 */
export const staffMallOrderSchema = z.object({
  /** The redemption's id: the user's Point Order row and this order are one. */
  id: z.number().int(),
  userId: z.number().int(),
  userNickname: z.string(),
  itemName: z.string(),
  /** The mobile number the user had bound when redeeming ("+234 8000000001"): where the top-up goes. Null: none was bound. */
  mobile: z.string().nullable(),
  /** The points paid (per 10000): what a refund returns. */
  points: z.number().int(),
  status: mallOrderStatusSchema,
  reference: z.string().nullable(),
  reason: z.string().nullable(),
  createTimestamp: z.number().int(),
  decideTimestamp: z.number().int().nullable(),
});
export type StaffMallOrder = z.infer<typeof staffMallOrderSchema>;

export const MALL_REFERENCE_REQUIRED = "Please give the delivery reference.";

export const staffMallCalls = {
  "/admin/mallOrder/list": defineCall({
    path: "/admin/mallOrder/list",
    auth: "admin",
    request: z.object({
      lastId,
      /** 0 Pending (default: the queue, oldest first), 1 Delivered or 2 Refunded (newest first). */
      status: mallOrderStatusSchema.optional().default(MallOrderStatus.Pending),
    }),
    response: listOf(staffMallOrderSchema),
    doc: "Point-mall orders staff send by hand: the pending ones oldest first (the longest wait first), decided ones newest first, paged by lastId.",
  }),
  "/admin/mallOrder/deliver": defineCall({
    path: "/admin/mallOrder/deliver",
    auth: "admin",
    request: z.object({ id, reference: requiredText(100, MALL_REFERENCE_REQUIRED, "The reference has at most 100 characters.") }),
    response: okEmpty,
    doc: "Pending → Delivered with the reference of what was sent (compare-and-set); the user gets a notice.",
  }),
  "/admin/mallOrder/refund": defineCall({
    path: "/admin/mallOrder/refund",
    auth: "admin",
    request: z.object({ id, reason }),
    response: okEmpty,
    doc: "Pending → Refunded with a reason (compare-and-set): the points return to the user in the same transaction, as an Exchange record; the user gets a notice.",
  }),
};

import { z } from "zod";
import { defineCall, id, lastId, okEmpty } from "../define";
import { virtualCoinOrderStatusSchema, virtualCoinTypeSchema } from "../enum-schemas";
import { listOf, reason, statusFilter } from "./common";

/**
 * BTC/USDT transfer orders as staff decide them, answered by backend/modules/virtual-coin
 * (docs/product/transfers.md; the user's side: ./virtual-coin.ts).
 */

/** A BTC/USDT transfer order as an administrator sees it. */
export const virtualCoinOrderSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  userNickname: z.string(),
  /** 0 BTC, 1 USDT. */
  type: virtualCoinTypeSchema,
  fromAddress: z.string(),
  transactionId: z.string(),
  /** BTC/USDT amount per 1e8. */
  tradeAmount: z.number().int(),
  /** USD hundredths per BTC/USDT when the order was placed. */
  price: z.number().int(),
  /** Whether that price was indicative (offline feed or stale quote). */
  priceIndicative: z.boolean(),
  /** Coins per USD and the share paid, both per 10000, when the order was placed. */
  usdRate: z.number().int(),
  discount: z.number().int(),
  /** Coins (hundredths) credited on confirmation. */
  coins: z.number().int(),
  status: virtualCoinOrderStatusSchema,
  reason: z.string().nullable(),
  createTimestamp: z.number().int(),
  confirmTimestamp: z.number().int().nullable(),
  rejectTimestamp: z.number().int().nullable(),
});
export type VirtualCoinOrder = z.infer<typeof virtualCoinOrderSchema>;

export const virtualCoinStaffCalls = {
  "/admin/virtualCoin/list": defineCall({
    path: "/admin/virtualCoin/list",
    auth: "admin",
    request: z.object({
      lastId,
      /** 0 pending, 1 confirmed, 2 rejected; absent or null: every status. */
      status: statusFilter(virtualCoinOrderStatusSchema),
    }),
    response: listOf(virtualCoinOrderSchema),
    doc: "BTC/USDT transfer orders, newest first, paged by the id of the last item.",
  }),
  "/admin/virtualCoin/confirm": defineCall({
    path: "/admin/virtualCoin/confirm",
    auth: "admin",
    request: z.object({ id }),
    response: okEmpty,
    doc: "An administrator has seen the transfer arrive (0 → 1): the order's coins are credited to the user with a Transfer bill (type 4), exactly once.",
  }),
  "/admin/virtualCoin/reject": defineCall({
    path: "/admin/virtualCoin/reject",
    auth: "admin",
    request: z.object({ id, reason }),
    response: okEmpty,
    doc: "An administrator rejects the transfer order (0 → 2) with a reason; nothing is credited.",
  }),
};

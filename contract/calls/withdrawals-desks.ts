import { z } from "zod";
import { defineCall, id, lastId, okEmpty } from "../define";
import { withdrawalSchema } from "../entities";
import { withdrawalActionSchema, withdrawalStatusSchema } from "../enum-schemas";
import { requiredText } from "../fields";
import { listOf, reason, statusFilter } from "./common";

/**
 * The withdrawer and administrator side of cash-out, answered by backend/modules/withdrawals
 * (the screens do not show it: docs/product/desks.md; docs/decisions/0008-withdrawals.md). Same envelope, served at exactly these paths.
 * Withdrawers (users with the withdrawer role) sign in through /client/userAuth/login and act
 * only on withdrawals sent to them; any other id answers "Withdrawal not found.".
 */

/** A withdrawal as its withdrawer sees it: the withdrawal plus who sells the coins. */
export const staffWithdrawalSchema = withdrawalSchema.extend({
  userId: z.number().int(),
  userNickname: z.string(),
  userAvatar: z.string(),
});
export type StaffWithdrawal = z.infer<typeof staffWithdrawalSchema>;

/**
 * A withdrawal as the withdrawer it was sent to sees it (/merchant/withdraw/list, /detail):
 * the seller's bank account (`userPayment`) is null until processing has started
 * (processTimestamp set; ADR 0037). A withdrawer that never starts one never learns the account.
 */
export const deskWithdrawalSchema = staffWithdrawalSchema.extend({
  userPayment: z.string().nullable(),
});
export type DeskWithdrawal = z.infer<typeof deskWithdrawalSchema>;



export const withdrawalDeskCalls = {
  "/merchant/withdraw/list": defineCall({
    path: "/merchant/withdraw/list",
    auth: "withdrawer",
    request: z.object({
      lastId,
      /** One withdrawal status 0-3; absent or null: every status. */
      status: statusFilter(withdrawalStatusSchema),
      /** true: oldest first (a work queue; lastId then pages forward), else newest first. */
      oldestFirst: z.boolean().optional(),
    }),
    response: listOf(deskWithdrawalSchema),
    doc: "The withdrawals sent to the withdrawer, newest first (or oldest first), paged by the id of the last item; the seller's bank account only once processing has started.",
  }),
  "/merchant/withdraw/detail": defineCall({
    path: "/merchant/withdraw/detail",
    auth: "withdrawer",
    request: z.object({ id }),
    response: z.object({
      withdrawal: deskWithdrawalSchema,
      /** What the withdrawer may do now, from the withdrawal state machine. */
      actions: z.array(withdrawalActionSchema),
    }),
    doc: "One withdrawal sent to the withdrawer, with what it may do now; the seller's bank account only once processing has started. 'Withdrawal not found.' for anyone else's.",
  }),
  "/merchant/withdraw/process": defineCall({
    path: "/merchant/withdraw/process",
    auth: "withdrawer",
    request: z.object({ id }),
    response: okEmpty,
    doc: "The withdrawer starts paying (0 → 1).",
  }),
  "/merchant/withdraw/complete": defineCall({
    path: "/merchant/withdraw/complete",
    auth: "withdrawer",
    request: z.object({
      id,
      /** A path /image/uploadImage (type "payment") returned to this withdrawer. */
      payPicture: requiredText(500, "Please upload the payment picture.", "Please upload the payment picture."),
    }),
    response: okEmpty,
    doc: "The withdrawer has paid (1 → 2) and shows it with a payment picture; the seller's frozen coins leave.",
  }),
  "/merchant/withdraw/cancel": defineCall({
    path: "/merchant/withdraw/cancel",
    auth: "withdrawer",
    request: z.object({ id, reason }),
    response: okEmpty,
    doc: "The withdrawer cancels (0 or 1 → 3) with a reason; the coins return to the seller's available balance.",
  }),
  "/merchant/withdraw/getPayPicture": defineCall({
    path: "/merchant/withdraw/getPayPicture",
    auth: "withdrawer",
    request: z.object({ id }),
    response: z.object({ contentType: z.string(), base64: z.string() }),
    doc: "The payment picture of a completed withdrawal sent to the withdrawer.",
  }),
  "/admin/withdraw/list": defineCall({
    path: "/admin/withdraw/list",
    auth: "admin",
    request: z.object({
      lastId,
      /** One withdrawal status 0-3; absent or null: every status. */
      status: statusFilter(withdrawalStatusSchema),
    }),
    response: listOf(staffWithdrawalSchema),
    doc: "Every user's withdrawals, newest first, paged by the id of the last item: how an administrator finds one stuck with its withdrawer.",
  }),
  "/admin/withdraw/cancel": defineCall({
    path: "/admin/withdraw/cancel",
    auth: "admin",
    request: z.object({ id, reason }),
    response: okEmpty,
    doc: "An administrator cancels a withdrawal (0 or 1 → 3) with a reason, e.g. one its withdrawer never paid; the coins return to the seller's available balance and the withdrawer's remaining balance.",
  }),
};

import { requireRole } from "../../http/context";
import { deskCommand } from "../../http/desk-command";
import type { HandlerGroup } from "../../http/handler-types";
import { deliverMallOrder, mallOrderPage, refundMallOrder } from "./mall-orders";

/** The staff desk's mall orders (ADR 0052): the queue of items staff send by hand, and their decisions. */
export const mallOrderHandlers = {
  async "/admin/mallOrder/list"(input, ctx) {
    requireRole(ctx, "admin");
    return { list: await mallOrderPage(ctx.db, { status: input.status, lastId: input.lastId }) };
  },

  "/admin/mallOrder/deliver": deskCommand("admin", (adminId, input, ctx) => deliverMallOrder(ctx.db, adminId, input.id, input.reference, ctx.now)),
  "/admin/mallOrder/refund": deskCommand("admin", (adminId, input, ctx) => refundMallOrder(ctx.db, adminId, input.id, input.reason, ctx.now)),
} satisfies HandlerGroup<"/admin/mallOrder/list" | "/admin/mallOrder/deliver" | "/admin/mallOrder/refund">;

import { requireRole } from "../../http/context";
import type { HandlerGroup } from "../../http/handler-types";
import { deliverMallOrder, mallOrderPage, refundMallOrder } from "./mall-orders";

/** The staff desk's mall orders (ADR 0052): the queue of items staff send by hand, and their decisions. */
export const mallOrderHandlers = {
  async "/admin/mallOrder/list"(input, ctx) {
    requireRole(ctx, "admin");
    return { list: await mallOrderPage(ctx.db, { status: input.status, lastId: input.lastId }) };
  },

  async "/admin/mallOrder/deliver"(input, ctx) {
    await deliverMallOrder(ctx.db, requireRole(ctx, "admin").id, input.id, input.reference, ctx.now);
    return null;
  },

  async "/admin/mallOrder/refund"(input, ctx) {
    await refundMallOrder(ctx.db, requireRole(ctx, "admin").id, input.id, input.reason, ctx.now);
    return null;
  },
} satisfies HandlerGroup<"/admin/mallOrder/list" | "/admin/mallOrder/deliver" | "/admin/mallOrder/refund">;

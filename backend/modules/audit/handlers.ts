import { KycReview, MallOrderStatus, OrderStatus, VirtualCoinOrderStatus, WithdrawalStatus } from "../../../contract/enums";
import { TicketStatus } from "../../../contract/support";
import { countRows } from "../../db/count";
import { requireRole } from "../../http/context";
import type { HandlerGroup } from "../../http/handler-types";
import { auditPage } from "./audit";

/** The staff desk's reads: the audit trail and the size of each queue (ADR 0035). */
export const auditHandlers = {
  async "/admin/audit/list"(input, ctx) {
    requireRole(ctx, "admin");
    return { list: await auditPage(ctx.db, { lastId: input.lastId, entityType: input.entityType, entityId: input.entityId }) };
  },

  async "/admin/desk/counts"(_input, ctx) {
    requireRole(ctx, "admin");
    const db = ctx.db;
    const [arbitration, frozen, processingWithdrawals, pendingTransfers, kycReview, pendingMallOrders, openTickets] = await Promise.all([
      countRows(db.selectFrom("orders").where("status", "=", OrderStatus.InArbitration)),
      countRows(db.selectFrom("orders").where("status", "=", OrderStatus.Frozen)),
      countRows(db.selectFrom("withdrawals").where("status", "=", WithdrawalStatus.Processing)),
      countRows(db.selectFrom("virtual_coin_orders").where("status", "=", VirtualCoinOrderStatus.Pending)),
      countRows(db.selectFrom("kyc_certs").where("status", "=", KycReview.Review)),
      countRows(db.selectFrom("mall_fulfilments").where("status", "=", MallOrderStatus.Pending)),
      countRows(db.selectFrom("tickets").where("status", "=", TicketStatus.Open)),
    ]);
    return { arbitration, frozen, processingWithdrawals, pendingTransfers, kycReview, pendingMallOrders, openTickets };
  },
} satisfies HandlerGroup<"/admin/audit/list" | "/admin/desk/counts">;

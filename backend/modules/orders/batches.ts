import type { Executor } from "../../db/index";
import { notFound } from "../../http/errors";

/**
 * A several-cards submit as its seller reads it (ADR 0073): each order's face, coins and status.
 * Only the seller's own: another user's batch id answers "Batch not found." as if it did not exist.
 */
export async function orderBatchOf(db: Executor, sellerId: number, batchId: number) {
  const batch = await db
    .selectFrom("order_batches")
    .select(["id", "advert_id", "created_at"])
    .where("id", "=", batchId)
    .where("seller_id", "=", sellerId)
    .executeTakeFirst();
  if (!batch) throw notFound("Batch");
  const orders = await db
    .selectFrom("orders")
    .select(["id", "trade_amount", "trade_currency", "calculate_total_price", "status"])
    .where("batch_id", "=", batch.id)
    .orderBy("id")
    .execute();
  return {
    id: Number(batch.id),
    advertId: Number(batch.advert_id),
    createdAt: new Date(batch.created_at).getTime(),
    orders: orders.map((o) => ({
      id: Number(o.id),
      tradeAmount: Number(o.trade_amount),
      tradeCurrency: o.trade_currency,
      calculateTotalPrice: Number(o.calculate_total_price),
      status: o.status,
    })),
  };
}

import { WealthRecordType } from "../../../contract/enums";
import type { Trx } from "../../db/index";
import type { OrderRow } from "../../db/schema";
import { applyBalanceChanges } from "../wallet/ledger";

/**
 * Points for a completed order (docs/decisions/0022-points-and-levels.md): 1 point per coin the
 * seller was paid, plus 10% per level (v0 ×1.0 … v7 ×1.7), rounded down in 1/10000 points.
 * Called by the order state machine inside the compare-and-set of the completion, so an order
 * that completes once earns once.
 */
export const ORDER_POINTS_DESCRIPTION = "Completed order";

/** `paid` in hundredths of a coin; the answer in 1/10000 points (1 coin = 100 hundredths = 10000). */
export function orderPoints(paid: number, level: number): number {
  return Math.floor((paid * 100 * (10 + level)) / 10);
}

export async function creditOrderPoints(trx: Trx, order: Pick<OrderRow, "id" | "seller_id">, paid: number, at: Date) {
  const seller = await trx.selectFrom("users").select("level").where("id", "=", order.seller_id).executeTakeFirstOrThrow();
  const points = orderPoints(paid, seller.level);
  if (points <= 0) return;
  await applyBalanceChanges(trx, order.seller_id, [{ part: "wealth", delta: points }], {
    reason: "order points",
    refType: "order",
    refId: order.id,
    at,
    wealthRecord: { type: WealthRecordType.Income, descriptionEn: ORDER_POINTS_DESCRIPTION },
  });
}

import { WealthRecordType } from "../../../contract/enums";
import { orderPoints } from "../../../contract/money";
import type { Trx } from "../../db/index";
import type { OrderRow } from "../../db/schema";
import { applyBalanceChanges } from "../wallet/ledger";

/**
 * Points for a completed order (docs/decisions/0022-points-and-levels.md), as contract/money.ts
 * orderPoints works them out: 1 point per coin the seller was paid, plus 10% per level.
 * Called by the order state machine inside the compare-and-set of the completion, so an order
 * that completes once earns once.
 */
export const ORDER_POINTS_DESCRIPTION = "Completed order";

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

import { ArbitrationType, OrderStatus } from "../../../contract/enums";
import type { Trx } from "../../db/index";
import type { OrderRow } from "../../db/schema";
import { countTraderEvent, TraderSide, type TraderEvent } from "../trader-figures/days";

/**
 * What an order's move says about its merchant (ADR 0069):
 * - view: minutes from the order to the merchant opening the card;
 * - every move to Completed: a trade, and minutes from the order to it;
 * - autoCancel (the merchant let the card wait past its pay limit): a failed trade;
 * - staff completing an order in arbitration at more than the merchant proposed (anything, for
 *   a proposal to cancel): a dispute lost.
 * Cancellations the seller accepted or staff decided judge the card, not the merchant: not counted.
 */
export function traderEventOf(rule: string, from: number, order: OrderRow, paid: number | null, now: Date): TraderEvent | null {
  const after = now.getTime() - new Date(order.created_at).getTime();
  if (rule === "view") return { viewedAfterMs: after };
  if (rule === "autoCancel") return { failed: true };
  if (paid !== null && order.status === OrderStatus.Completed) {
    const proposed = order.arbitration_type === ArbitrationType.CancelNegotiation ? 0 : Number(order.arbitration_apply_price ?? order.calculate_total_price);
    const disputeLost = rule === "resolveComplete" && from === OrderStatus.InArbitration && paid > proposed;
    return { completed: true, completedAfterMs: after, disputeLost };
  }
  return null;
}

/** Adds the move to its merchant's day, in the move's transaction. */
export async function countTraderMove(trx: Trx, rule: string, from: number, order: OrderRow, paid: number | null, now: Date): Promise<void> {
  const e = traderEventOf(rule, from, order, paid, now);
  if (e) await countTraderEvent(trx, TraderSide.Merchant, Number(order.buyer_id), now, e);
}

import { MESSAGES } from "../../../contract/fields";
import { BillType } from "../../../contract/enums";
import type { Trx } from "../../db/index";
import type { OrderRow } from "../../db/schema";
import { applyBalanceChanges, ensureAccount, moveBalance } from "../wallet/ledger";
import { cardLabel } from "./format";

/**
 * Escrow of an order (ADR 0007). Every move is ledger rows through applyBalanceChanges,
 * inside the transaction of the status change that causes it.
 *
 * - view (0 → 1): the merchant's calculateTotalPrice moves from amount to frozen
 *   (orders.frozen_amount records it). Not enough: "Your available Amount is not enough."
 * - pay (→ 4): `price` (the realTotalPrice) leaves the merchant's frozen coins of this order
 *   and lands in the seller's amount; whatever was frozen beyond the price returns to the
 *   merchant's amount. The price is paid from the hold only, never from the merchant's
 *   available coins: the state machine refuses a price above the hold, and an administrator
 *   cannot complete an order the merchant never opened (it holds nothing, ADR 0051).
 *   Bills, each from its reader's side: the seller gets an Income bill (type 1) "Sold {card}
 *   {face} {currency}" for +price; the merchant a Purchase bill (type 5) "Bought {card} {face}
 *   {currency}" for -price. Freezing and unfreezing write ledger rows but no bill: they are
 *   not money spent, and the wallet shows them as the Frozen balance.
 * - refund (→ 5): the order's frozen coins return to the merchant's amount (no bill) and the
 *   card face returns to the advert's remaining amount.
 */

const REF = "order";

/** Locks the account rows of several users in id order, so two payments never deadlock. */
async function lockAccounts(trx: Trx, userIds: number[]) {
  const ids = [...new Set(userIds)].sort((a, b) => a - b);
  for (const id of ids) await ensureAccount(trx, id);
  await trx.selectFrom("accounts").select("user_id").where("user_id", "in", ids).orderBy("user_id").forUpdate().execute();
}

export async function freezeForView(trx: Trx, order: OrderRow): Promise<void> {
  const amount = Number(order.calculate_total_price);
  if (amount > 0) {
    await moveBalance(
      trx,
      order.buyer_id,
      { from: "amount", to: "frozen", amount },
      { reason: "order escrow: merchant viewed the card", refType: REF, refId: order.id, whenShort: MESSAGES.availableNotEnough },
    );
  }
  await trx.updateTable("orders").set({ frozen_amount: amount }).where("id", "=", order.id).execute();
}

/** `alsoLock`: other accounts the completion pays (the seller's inviter), locked in the same id order. */
export async function payOrder(trx: Trx, order: OrderRow, price: number, alsoLock: number[] = []): Promise<void> {
  if (!Number.isSafeInteger(price) || price < 0) throw new Error("the price is a non-negative integer");
  const frozen = Number(order.frozen_amount);
  // The state machine refused this already (priceAboveHold): here it would take coins the merchant did not hold.
  if (price > frozen) throw new Error(`order ${order.id}: a price of ${price} above the ${frozen} held`);
  const label = cardLabel(order);
  await lockAccounts(trx, [order.buyer_id, order.seller_id, ...alsoLock]);
  await applyBalanceChanges(
    trx,
    order.buyer_id,
    [
      { part: "frozen", delta: -frozen },
      { part: "amount", delta: frozen - price },
    ],
    {
      reason: "order completed: escrow released",
      refType: REF,
      refId: order.id,
      ...(price > 0 ? { bill: { type: BillType.Purchase, descriptionEn: `Bought ${label}`, transAmount: -price, oppositeUserId: order.seller_id } } : {}),
    },
  );
  if (price > 0) {
    await applyBalanceChanges(trx, order.seller_id, [{ part: "amount", delta: price }], {
      reason: "order completed: card sold",
      refType: REF,
      refId: order.id,
      bill: { type: BillType.Income, descriptionEn: `Sold ${label}`, transAmount: price, oppositeUserId: order.buyer_id },
    });
  }
  await trx.updateTable("orders").set({ frozen_amount: 0, real_total_price: price }).where("id", "=", order.id).execute();
  await trx
    .updateTable("adverts")
    .set((eb) => ({
      total_trade: eb("total_trade", "+", 1),
      total_buy_amount: eb("total_buy_amount", "+", Number(order.trade_amount)),
    }))
    .where("id", "=", order.advert_id)
    .execute();
}

export async function refundOrder(trx: Trx, order: OrderRow): Promise<void> {
  const frozen = Number(order.frozen_amount);
  if (frozen > 0) {
    await moveBalance(trx, order.buyer_id, { from: "frozen", to: "amount", amount: frozen }, { reason: "order cancelled: escrow returned", refType: REF, refId: order.id });
  }
  await trx.updateTable("orders").set({ frozen_amount: 0 }).where("id", "=", order.id).execute();
  // The card face the order reserved returns to the advert's remaining amount.
  await trx
    .updateTable("adverts")
    .set((eb) => ({ trade_amount: eb("trade_amount", "+", Number(order.trade_amount)) }))
    .where("id", "=", order.advert_id)
    .execute();
}

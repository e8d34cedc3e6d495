import type { Updateable } from "kysely";
import { BillType, VirtualCoinOrderStatus, virtualCoinOrderStatusLabels, virtualCoinTypeLabels, type VirtualCoinType } from "../../../contract/enums";
import type { Trx } from "../../db/index";
import type { VirtualCoinOrderRow, VirtualCoinOrdersTable } from "../../db/schema";
import { conflict, fail } from "../../http/errors";
import { applyBalanceChanges } from "../wallet/ledger";

/**
 * The one owner of every BTC/USDT transfer order status change (ADR 0008): transitions as data,
 * a compare-and-set UPDATE, and the ledger rows in the same transaction.
 *
 * | from | to | who | effect |
 * |---|---|---|---|
 * | 0 pending | 1 confirmed | admin | the order's coins are credited (amount +coins) with a Transfer bill (type 4) |
 * | 0 pending | 2 rejected | admin | nothing moves; the reason is kept |
 *
 * The compare-and-set makes the credit happen exactly once, however many confirmations race.
 * No notice is written: notice types are 1 (order) and 2 (withdrawal) only; the Transfer bill in
 * the wallet is what the user sees.
 */

type Effect = "none" | "credit";

export interface VirtualCoinRule {
  name: string;
  from: readonly VirtualCoinOrderStatus[];
  to: VirtualCoinOrderStatus;
  effect: Effect;
}

const S = VirtualCoinOrderStatus;
export const TRANSITIONS: readonly VirtualCoinRule[] = [
  { name: "confirm", from: [S.Pending], to: S.Confirmed, effect: "credit" },
  { name: "reject", from: [S.Pending], to: S.Rejected, effect: "none" },
];

export const VIRTUAL_COIN_CHANGED = "The transfer order status has changed. Please refresh.";
export const notPossible = (status: number) =>
  `This action is not possible while the transfer order is ${virtualCoinOrderStatusLabels[status as VirtualCoinOrderStatus] ?? "in this status"}.`;

/** The bill's text: "BTC transfer confirmed (tx 3f2a…9c1d)". */
export function transferDescription(o: Pick<VirtualCoinOrderRow, "type" | "transaction_id">): string {
  const tx = o.transaction_id.length > 14 ? `${o.transaction_id.slice(0, 6)}…${o.transaction_id.slice(-6)}` : o.transaction_id;
  const coin = virtualCoinTypeLabels[o.type as VirtualCoinType]?.split(" ")[0] ?? "Crypto";
  return `${coin} transfer confirmed (tx ${tx})`;
}

export interface TransitionInput {
  orderId: number;
  from: number;
  to: VirtualCoinOrderStatus;
  actorUserId: number;
  now: Date;
  reason?: string;
}

export async function transition(trx: Trx, input: TransitionInput): Promise<VirtualCoinOrderRow> {
  const rule = TRANSITIONS.find((r) => (r.from as readonly number[]).includes(input.from) && r.to === input.to);
  if (!rule) throw fail(notPossible(input.from));
  const patch: Updateable<VirtualCoinOrdersTable> = { status: rule.to, processed_by: input.actorUserId };
  if (rule.to === S.Confirmed) patch.confirm_at = input.now;
  if (rule.to === S.Rejected) {
    if (!input.reason?.trim()) throw fail("Please give a reason.");
    patch.reject_at = input.now;
    patch.reason = input.reason.trim();
  }
  const o = await trx
    .updateTable("virtual_coin_orders")
    .set(patch)
    .where("id", "=", input.orderId)
    .where("status", "=", input.from)
    .returningAll()
    .executeTakeFirst();
  if (!o) throw conflict(VIRTUAL_COIN_CHANGED);
  const coins = Number(o.coins);
  if (rule.effect === "credit" && coins > 0) {
    await applyBalanceChanges(trx, o.user_id, [{ part: "amount", delta: coins }], {
      reason: "transfer order confirmed",
      refType: "virtual_coin_order",
      refId: o.id,
      bill: { type: BillType.Transfer, descriptionEn: transferDescription(o), transAmount: coins },
    });
  }
  return o;
}

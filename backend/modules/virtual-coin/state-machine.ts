import type { Updateable } from "kysely";
import { BillType, VirtualCoinOrderStatus, virtualCoinOrderStatusLabels } from "../../../contract/enums";
import { shortTransactionId, virtualCoinSymbol } from "../../../contract/transfers";
import type { Trx } from "../../db/index";
import type { VirtualCoinOrderRow, VirtualCoinOrdersTable } from "../../db/schema";
import { fail } from "../../http/errors";
import { applyMove, type Machine, type MoveInput, type MoveRule } from "../transitions";
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

type VirtualCoinActor = "admin";

export interface VirtualCoinRule extends MoveRule<VirtualCoinOrderStatus, VirtualCoinActor> {
  effect: Effect;
}

const S = VirtualCoinOrderStatus;
export const TRANSITIONS: readonly VirtualCoinRule[] = [
  { name: "confirm", from: [S.Pending], to: S.Confirmed, actors: ["admin"], effect: "credit" },
  { name: "reject", from: [S.Pending], to: S.Rejected, actors: ["admin"], effect: "none" },
];

export const VIRTUAL_COIN_CHANGED = "The transfer order status has changed. Please refresh.";
export const notPossible = (status: number) =>
  `This action is not possible while the transfer order is ${virtualCoinOrderStatusLabels[status as VirtualCoinOrderStatus] ?? "in this status"}.`;

/** The bill's text: "BTC transfer confirmed (tx 3f2a…9c1d)". */
export function transferDescription(o: Pick<VirtualCoinOrderRow, "type" | "transaction_id">): string {
  return `${virtualCoinSymbol(o.type)} transfer confirmed (tx ${shortTransactionId(o.transaction_id)})`;
}

export interface TransitionInput extends Omit<MoveInput<VirtualCoinOrderStatus, VirtualCoinActor>, "actor"> {
  orderId: number;
  actorUserId: number;
  reason?: string;
}

/** A transfer order's moves as a compare-and-set on its status, with the credit (see applyMove). */
const VIRTUAL_COIN_MACHINE: Machine<VirtualCoinRule, TransitionInput & { actor: VirtualCoinActor }, VirtualCoinOrderRow> = {
  rules: TRANSITIONS,
  notPossible,
  changed: VIRTUAL_COIN_CHANGED,
  check(rule, input) {
    if (rule.to === S.Rejected && !input.reason?.trim()) throw fail("Please give a reason.");
  },
  write(trx, rule, input) {
    const patch: Updateable<VirtualCoinOrdersTable> = { status: rule.to, processed_by: input.actorUserId };
    if (rule.to === S.Confirmed) patch.confirm_at = input.now;
    if (rule.to === S.Rejected) {
      patch.reject_at = input.now;
      patch.reason = input.reason!.trim();
    }
    return trx.updateTable("virtual_coin_orders").set(patch).where("id", "=", input.orderId).where("status", "=", input.from).returningAll().executeTakeFirst();
  },
  async effects(trx, rule, o) {
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
  },
};

/** An administrator's decision on a transfer order (only staff move them). */
export const transition = (trx: Trx, input: TransitionInput): Promise<VirtualCoinOrderRow> => applyMove(trx, VIRTUAL_COIN_MACHINE, { ...input, actor: "admin" });

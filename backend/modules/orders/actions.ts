import { ArbitrationType, OrderStatus } from "../../../contract/enums";
import { transaction, type DB, type Trx } from "../../db/index";
import type { Services } from "../../http/context";
import type { OrderRow } from "../../db/schema";
import { auditAfter } from "../audit/audit";
import { fail, visibleTo } from "../../http/errors";
import { coins } from "./format";
import { findOrder, type JoinedOrder } from "./queries";
import { transition, type Actor } from "./state-machine";

/**
 * The order commands: who may ask (checked here, on every call), then one transition.
 * Used by the /client and staff handlers, the timers and the demo bots alike.
 * An order that is not the caller's answers "Order not found." (code 5), the same as
 * an order that does not exist, so ids cannot be probed.
 */

export const orderOfSeller = async (db: DB, sellerId: number, id: number): Promise<JoinedOrder> =>
  visibleTo(await findOrder(db, id), (o) => o.seller_id === sellerId, "Order");

export const orderOfBuyer = async (db: DB, buyerId: number, id: number): Promise<JoinedOrder> =>
  visibleTo(await findOrder(db, id), (o) => o.buyer_id === buyerId, "Order");

export const anyOrder = async (db: DB, id: number): Promise<JoinedOrder> => visibleTo(await findOrder(db, id), () => true, "Order");

type MoveExtra = Pick<Parameters<typeof transition>[1], "realTotalPrice" | "dispute" | "byBot">;

function move(
  db: DB,
  o: JoinedOrder,
  to: OrderStatus,
  actor: Actor,
  now: Date,
  extra: MoveExtra = {},
  /** Runs in the same transaction after the change (the administrator's audit row). */
  then?: (trx: Trx, row: OrderRow) => Promise<void>,
) {
  return transaction(db, async (trx) => {
    const row = await transition(trx, { orderId: o.id, from: o.status, to, actor, now, ...extra });
    if (then) await then(trx, row);
    return row;
  });
}

// ---------------------------------------------------------------- merchant (buyer)

/** `byBot`: the demo merchant's bot views it (it then finishes the order itself; a view by hand keeps it away). */
export async function viewOrder(db: DB, merchantId: number, id: number, now: Date, opts: { byBot?: boolean } = {}) {
  const o = await orderOfBuyer(db, merchantId, id);
  await move(db, o, OrderStatus.Processing, "merchant", now, { byBot: opts.byBot });
}

export async function completeOrder(db: DB, merchantId: number, id: number, now: Date) {
  const o = await orderOfBuyer(db, merchantId, id);
  await move(db, o, OrderStatus.Completed, "merchant", now);
}

export interface NegotiationInput {
  arbitrationType: ArbitrationType;
  arbitrationApplyAmount: number;
  arbitrationApplyPrice: number;
  arbitrationContent: string;
}

export const priceTooHigh = (max: number) => `The proposed price must not exceed ${coins(max)}.`;

/** The merchant's words are sealed at rest like the seller's remark (ADR 0056). */
export async function negotiateOrder({ db, secrets }: Pick<Services, "db" | "secrets">, merchantId: number, id: number, n: NegotiationInput, now: Date) {
  const o = await orderOfBuyer(db, merchantId, id);
  const cancel = n.arbitrationType === ArbitrationType.CancelNegotiation;
  // The escrow holds calculateTotalPrice: a proposal can only ask to pay less.
  if (!cancel && n.arbitrationApplyPrice > Number(o.calculate_total_price)) throw fail(priceTooHigh(Number(o.calculate_total_price)));
  await move(db, o, OrderStatus.InNegotiation, "merchant", now, {
    dispute: {
      arbitration_type: n.arbitrationType,
      arbitration_apply_amount: n.arbitrationApplyAmount,
      // "Cancel negotiation" pays nothing: the order is cancelled if the seller accepts.
      arbitration_apply_price: cancel ? 0 : n.arbitrationApplyPrice,
      arbitration_content: secrets.seal(n.arbitrationContent),
    },
  });
}

// ---------------------------------------------------------------- seller

/** Accept (docs/product/statuses.md: status above 1 and below 4): pays arbitrationApplyPrice, or cancels for "Cancel negotiation". */
export async function acceptDispute(db: DB, sellerId: number, id: number, now: Date) {
  const o = await orderOfSeller(db, sellerId, id);
  const to = o.arbitration_type === ArbitrationType.CancelNegotiation ? OrderStatus.Cancelled : OrderStatus.Completed;
  await move(db, o, to, "seller", now);
}

export async function applyArbitration(db: DB, sellerId: number, id: number, now: Date) {
  const o = await orderOfSeller(db, sellerId, id);
  await move(db, o, OrderStatus.InArbitration, "seller", now);
}

// ---------------------------------------------------------------- administrator

/** What the audit trail keeps of an order: its status and money, never the card. */
const orderSnapshot = (o: OrderRow) => ({
  status: o.status,
  calculateTotalPrice: Number(o.calculate_total_price),
  realTotalPrice: Number(o.real_total_price),
});

const audited = (adminId: number, action: string, o: OrderRow, now: Date) =>
  auditAfter<OrderRow>({ adminId, action: `order.${action}`, entityType: "order", entityId: o.id, at: now }, orderSnapshot(o), orderSnapshot);

/** Cancel, or complete at `realTotalPrice` (the state machine keeps it within the merchant's hold, ADR 0051). */
export async function resolveOrder(db: DB, adminId: number, id: number, outcome: "complete" | "cancel", realTotalPrice: number | undefined, now: Date) {
  const o = await anyOrder(db, id);
  if (outcome === "cancel") return void (await move(db, o, OrderStatus.Cancelled, "admin", now, {}, audited(adminId, "resolveCancel", o, now)));
  await move(db, o, OrderStatus.Completed, "admin", now, { realTotalPrice }, audited(adminId, "resolveComplete", o, now));
}

export async function freezeOrder(db: DB, adminId: number, id: number, now: Date) {
  const o = await anyOrder(db, id);
  await move(db, o, OrderStatus.Frozen, "admin", now, {}, audited(adminId, "freeze", o, now));
}

/** A frozen order the merchant never opened back to Waiting, with a fresh timer (ADR 0051). */
export async function unfreezeOrder(db: DB, adminId: number, id: number, now: Date) {
  const o = await anyOrder(db, id);
  await move(db, o, OrderStatus.Waiting, "admin", now, {}, audited(adminId, "unfreeze", o, now));
}

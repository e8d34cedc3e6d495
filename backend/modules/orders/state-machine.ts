import { NEVER_OPENED_NO_COMPLETE, OPENED_NO_UNFREEZE, type AdminOrderActions } from "../../../contract/calls/orders-desks";
import { ArbitrationType, arbitrationTypeLabels, OrderAction, OrderStatus, orderStatusLabels } from "../../../contract/enums";
import { mayComment, orderChatOpen } from "../../../contract/order-rules";
import type { Trx } from "../../db/index";
import type { OrderRow, OrdersTable } from "../../db/schema";
import { conflict, fail } from "../../http/errors";
import { notify } from "../notices/notify";
import { evidenceOpen } from "../../../contract/order-evidence";
import type { Insertable, Updateable } from "kysely";
import { cardLabel, cardName, coins } from "./format";
import { freezeForView, payOrder, refundOrder } from "./money";
import { countCompletedOrder, countNewOrder } from "./order-stats";
import { countTraderMove } from "./trader-events";
import { creditOrderPoints } from "../membership/earn";
import { inviterToReward, rewardInviter } from "../referral/rewards";
import { applyMove, mayTake, ruleFor, type Machine, type MoveInput, type MoveRule } from "../transitions";
import { ARBITRATION_MINUTES, minutesAfter, RELEASE_MINUTES } from "./timing";

/**
 * The one owner of every order status change (ADR 0007). The allowed transitions are
 * data (TRANSITIONS); `transition()` applies one as a compare-and-set UPDATE inside the
 * caller's transaction and, in that same transaction, writes the order change (eventEn),
 * the seller's notice (type 1) and the ledger rows of the escrow (money.ts).
 */

export type Actor = "seller" | "merchant" | "admin" | "timer";

/** What happens to the coins. */
type Effect = "none" | "freeze" | "pay" | "refund";

/** Where the price paid comes from, for "pay" transitions. */
type PriceSource = "calculated" | "negotiated" | "given";

export interface TransitionRule extends MoveRule<OrderStatus, Actor> {
  effect: Effect;
  price?: PriceSource;
  /** The move is refused once this timer is due (the timer's own transition wins). */
  before?: "auto_cancel_at" | "auto_release_at";
  /**
   * The move needs the merchant to have opened the card (true: its hold pays) or not (false: it
   * holds nothing), and is refused with `refusal` otherwise (ADR 0051).
   */
  opened?: { required: boolean; refusal: string };
  /** eventEn of the order change. */
  event: (o: OrderRow) => string;
  /** The seller's notice. */
  notice: (o: OrderRow) => { title: string; content: string };
}

const S = OrderStatus;
const disputeLabel = (o: OrderRow) =>
  o.arbitration_type === null ? "" : arbitrationTypeLabels[o.arbitration_type as ArbitrationType] ?? "";
const paid = (o: OrderRow) => `You received ${coins(Number(o.real_total_price))} for your ${cardLabel(o)} card.`;

/**
 * Every allowed move. (from, to, actor) picks exactly one rule.
 * Status 3 and the seller: docs/product/statuses.md lets the seller Accept with status above 1 and below 4,
 * so a seller may still accept the merchant's proposal while the order is in arbitration
 * (3 → 4 paying arbitrationApplyPrice, or 3 → 5 for "Cancel negotiation"): it is a
 * concession to what the merchant itself proposed, so no administrator is needed.
 */
export const TRANSITIONS: readonly TransitionRule[] = [
  {
    name: "view",
    from: [S.Waiting],
    to: S.Processing,
    actors: ["merchant"],
    effect: "freeze",
    before: "auto_cancel_at",
    event: () => "Merchant viewed the card",
    notice: (o) => ({
      title: "Merchant viewed your card",
      content: `The merchant is checking your ${cardLabel(o)} card. ${coins(Number(o.calculate_total_price))} are held for you and are released to you automatically if the merchant does nothing.`,
    }),
  },
  {
    name: "autoCancel",
    from: [S.Waiting],
    to: S.Cancelled,
    actors: ["timer"],
    effect: "refund",
    event: () => "Order cancelled: the merchant did not view the card in time",
    notice: (o) => ({
      title: "Order cancelled",
      content: `The merchant did not view your ${cardLabel(o)} card in time. The card was not used and is stored safely.`,
    }),
  },
  {
    name: "complete",
    from: [S.Processing, S.InNegotiation],
    to: S.Completed,
    actors: ["merchant"],
    effect: "pay",
    price: "calculated",
    event: () => "Order completed",
    notice: (o) => ({ title: "Order completed", content: paid(o) }),
  },
  {
    name: "autoRelease",
    from: [S.Processing],
    to: S.Completed,
    actors: ["timer"],
    effect: "pay",
    price: "calculated",
    event: () => "Order completed: the coins were released automatically",
    notice: (o) => ({ title: "Order completed", content: `The merchant did not answer in time. ${paid(o)}` }),
  },
  {
    name: "negotiate",
    from: [S.Processing],
    to: S.InNegotiation,
    actors: ["merchant"],
    effect: "none",
    before: "auto_release_at",
    event: (o) => `Merchant opened a negotiation: ${disputeLabel(o)}`,
    notice: (o) => ({
      title: "Merchant opened a negotiation",
      content:
        o.arbitration_type === ArbitrationType.CancelNegotiation
          ? `The merchant proposes to cancel your ${cardLabel(o)} order. Accept it or apply for arbitration; without an answer the order goes to arbitration.`
          : `Reason: ${disputeLabel(o)}. The merchant proposes ${coins(Number(o.arbitration_apply_price ?? 0))} for your ${cardLabel(o)} card. Accept it or apply for arbitration; without an answer the order goes to arbitration.`,
    }),
  },
  {
    name: "accept",
    from: [S.InNegotiation, S.InArbitration],
    to: S.Completed,
    actors: ["seller"],
    effect: "pay",
    price: "negotiated",
    event: () => "Seller accepted the negotiation",
    notice: (o) => ({ title: "Order completed", content: `You accepted the merchant's proposal. ${paid(o)}` }),
  },
  {
    name: "acceptCancel",
    from: [S.InNegotiation, S.InArbitration],
    to: S.Cancelled,
    actors: ["seller"],
    effect: "refund",
    event: () => "Seller accepted the negotiation: order cancelled",
    notice: (o) => ({ title: "Order cancelled", content: `You accepted the merchant's proposal to cancel your ${cardLabel(o)} order.` }),
  },
  {
    name: "applyArbitration",
    from: [S.InNegotiation],
    to: S.InArbitration,
    actors: ["seller"],
    effect: "none",
    event: () => "Seller applied for arbitration",
    notice: (o) => ({ title: "Arbitration requested", content: `Your ${cardLabel(o)} order is in arbitration. An administrator will decide it.` }),
  },
  {
    name: "autoArbitration",
    from: [S.InNegotiation],
    to: S.InArbitration,
    actors: ["timer"],
    effect: "none",
    event: () => "Order sent to arbitration: the negotiation was not answered in time",
    notice: (o) => ({ title: "Order in arbitration", content: `The negotiation of your ${cardLabel(o)} order was not answered in time. An administrator will decide it.` }),
  },
  {
    // Pays from the merchant's hold only: never for a card the merchant did not open (ADR 0051).
    name: "resolveComplete",
    from: [S.InArbitration, S.Frozen],
    to: S.Completed,
    actors: ["admin"],
    effect: "pay",
    price: "given",
    opened: { required: true, refusal: NEVER_OPENED_NO_COMPLETE },
    event: () => "Arbitration resolved: order completed",
    notice: (o) => ({ title: "Order completed", content: `An administrator resolved your order. ${paid(o)}` }),
  },
  {
    name: "resolveCancel",
    from: [S.InArbitration, S.Frozen],
    to: S.Cancelled,
    actors: ["admin"],
    effect: "refund",
    event: () => "Arbitration resolved: order cancelled",
    notice: (o) => ({ title: "Order cancelled", content: `An administrator resolved your ${cardLabel(o)} order: it is cancelled.` }),
  },
  {
    name: "freeze",
    from: [S.Waiting, S.Processing, S.InNegotiation, S.InArbitration],
    to: S.Frozen,
    actors: ["admin"],
    effect: "none",
    event: () => "Order frozen",
    notice: (o) => ({ title: "Order frozen", content: `Your ${cardLabel(o)} order is frozen while an administrator reviews it.` }),
  },
  {
    // A frozen order the merchant never opened holds nothing: it may go back to Waiting with a
    // fresh Auto Cancel timer (ADR 0051). One it opened waits for a decision on its hold.
    name: "unfreeze",
    from: [S.Frozen],
    to: S.Waiting,
    actors: ["admin"],
    effect: "none",
    opened: { required: false, refusal: OPENED_NO_UNFREEZE },
    event: () => "Order unfrozen: back to Waiting",
    notice: (o) => ({
      title: "Order unfrozen",
      content: `Your ${cardLabel(o)} card is back with the merchant. If the merchant does not view it in time, the order is cancelled and the card stays yours.`,
    }),
  },
];

/**
 * The one way an order comes to exist: status 0 (Waiting), its first timeline row and the
 * seller's notice, in the caller's transaction (the reservation and the card are the caller's).
 */
export async function createOrder(
  trx: Trx,
  values: Omit<Insertable<OrdersTable>, "status">,
  about: { merchantName: string; payLimit: number },
): Promise<OrderRow> {
  const order = await trx.insertInto("orders").values({ ...values, status: S.Waiting }).returningAll().executeTakeFirstOrThrow();
  await countNewOrder(trx, order);
  const at = new Date(order.created_at);
  await recordChange(trx, order.id, { eventEn: "Order created", at, from: null, to: S.Waiting, actor: "seller" });
  await noticeSeller(
    trx,
    order,
    {
      title: "Order created",
      content: `Your ${cardLabel(order)} card was sent to ${about.merchantName}. If the merchant does not view it within ${about.payLimit} minutes, the order is cancelled and the card stays yours.`,
    },
    at,
  );
  return order;
}

/** The transitions behind each action a person may take on an order (the rest are the timers' and staff's). */
const ACTION_RULES: ReadonlyArray<{ action: OrderAction; actor: "seller" | "merchant"; rules: readonly string[] }> = [
  { action: OrderAction.Accept, actor: "seller", rules: ["accept", "acceptCancel"] },
  { action: OrderAction.Arbitrate, actor: "seller", rules: ["applyArbitration"] },
  { action: OrderAction.View, actor: "merchant", rules: ["view"] },
  { action: OrderAction.Complete, actor: "merchant", rules: ["complete"] },
  { action: OrderAction.Negotiate, actor: "merchant", rules: ["negotiate"] },
];

/**
 * What the seller or the merchant of an order may do with it now, from TRANSITIONS
 * and the rules of contract/order-rules.ts (docs/architecture.md#rule-9): the page shows
 * exactly these, and each call re-checks its own (a timer may win the race).
 */
export function orderActions(o: Pick<OrderRow, "status">, role: "seller" | "merchant", hasFeedback: boolean): OrderAction[] {
  const actions: OrderAction[] = ACTION_RULES.filter(
    (a) => a.actor === role && mayTake(TRANSITIONS, a.rules, o.status, role),
  ).map((a) => a.action);
  if (role === "seller" && mayComment(o.status, hasFeedback)) actions.push(OrderAction.Comment);
  if (evidenceOpen(o.status)) actions.push(OrderAction.Evidence);
  if (orderChatOpen(o.status)) actions.push(OrderAction.Chat);
  return actions;
}

/** Whether the order meets the rule's need about the merchant having opened the card. */
const openedFits = (r: TransitionRule, o: Pick<OrderRow, "viewed_at">) => !r.opened || r.opened.required === (o.viewed_at !== null);

/** What an administrator may do with an order now (the staff desk shows exactly these). */
export function adminOrderActions(o: Pick<OrderRow, "status" | "viewed_at">): AdminOrderActions {
  const rules = TRANSITIONS.filter((r) => openedFits(r, o));
  const may = (name: string) => mayTake(rules, [name], o.status, "admin");
  const complete = may("resolveComplete");
  const cancel = may("resolveCancel");
  return { resolve: complete || cancel, freeze: may("freeze"), complete, cancel, unfreeze: may("unfreeze") };
}

export const ORDER_CHANGED = "The order status has changed. Please refresh.";
export const notPossible = (status: number) =>
  `This action is not possible while the order is ${orderStatusLabels[status as OrderStatus] ?? "in this status"}.`;
/** A price above what the merchant holds for the order (ADR 0051: nothing is taken beyond the hold). */
export const priceAboveHold = (held: number) => `The price must not exceed the ${coins(held)} held from the merchant.`;

export const findRule = (from: number, to: number, actor: Actor) => ruleFor(TRANSITIONS, from, to, actor);

export interface TransitionInput extends MoveInput<OrderStatus, Actor> {
  orderId: number;
  /** Negotiation fields (negotiate only). */
  dispute?: Pick<Updateable<OrdersTable>, "arbitration_type" | "arbitration_apply_amount" | "arbitration_apply_price" | "arbitration_content">;
  /** The administrator's figure (resolveComplete); default calculateTotalPrice. */
  realTotalPrice?: number;
  /** The view (0 → 1) is the demo merchant bot's own: the bot may finish the order (ADR 0036). */
  byBot?: boolean;
}

/** The order's changes as a compare-and-set on its status, with their effects (see applyMove). */
const ORDER_MACHINE: Machine<TransitionRule, TransitionInput, OrderRow> = {
  rules: TRANSITIONS,
  notPossible,
  changed: ORDER_CHANGED,
  async write(trx, rule, input) {
    const now = input.now;
    const patch: Updateable<OrdersTable> = { status: rule.to };
    if (rule.to === S.Processing) {
      patch.viewed_at = now;
      patch.bot_viewed = input.byBot === true;
      patch.auto_release_at = minutesAfter(now, RELEASE_MINUTES);
    }
    if (rule.to === S.InNegotiation) {
      if (!input.dispute) throw new Error("negotiate needs the dispute fields");
      Object.assign(patch, input.dispute);
      patch.auto_arbitration_at = minutesAfter(now, ARBITRATION_MINUTES);
    }
    if (rule.to === S.Completed) patch.completed_at = now;
    if (rule.to === S.Cancelled) patch.cancelled_at = now;
    // Back to Waiting (unfreeze): the merchant has the offer's pay limit again, from now.
    if (rule.to === S.Waiting) patch.auto_cancel_at = minutesAfter(now, await payLimitOf(trx, input.orderId));

    let q = trx.updateTable("orders").set(patch).where("id", "=", input.orderId).where("status", "=", input.from);
    if (rule.before) q = q.where(rule.before, ">", now);
    return q.returningAll().executeTakeFirst();
  },
  async effects(trx, rule, order, input) {
    // A seller accepting a "Cancel negotiation" proposal must take the cancelling rule, and the other way round.
    if (rule.name === "accept" && order.arbitration_type === ArbitrationType.CancelNegotiation) throw fail(notPossible(input.from));
    if (rule.name === "acceptCancel" && order.arbitration_type !== ArbitrationType.CancelNegotiation) throw fail(notPossible(input.from));
    // Refused after the compare-and-set, on the row it locked: the transaction rolls the move back.
    if (!openedFits(rule, order)) throw fail(rule.opened!.refusal);

    if (rule.effect === "freeze") await freezeForView(trx, order);
    if (rule.effect === "refund") await refundOrder(trx, order);
    // The merchant's figures (ADR 0069), before anything takes the chat lock, as the order figures.
    if (rule.effect !== "pay") await countTraderMove(trx, rule.name, input.from, order, null, input.now);
    if (rule.effect === "pay") {
      const price =
        rule.price === "negotiated"
          ? Number(order.arbitration_apply_price ?? order.calculate_total_price)
          : rule.price === "given" && input.realTotalPrice !== undefined
            ? input.realTotalPrice
            : Number(order.calculate_total_price);
      // What the merchant holds for the order pays it, and nothing beyond (ADR 0051).
      if (price > Number(order.frozen_amount)) throw fail(priceAboveHold(Number(order.frozen_amount)));
      const inviter = await inviterToReward(trx, order);
      await payOrder(trx, order, price, inviter === null ? [] : [inviter]);
      // Right after the accounts and before anything takes the chat lock: createOrder takes the
      // figures' rows before the chat lock too, so the two never wait on each other in a circle.
      if (rule.to === S.Completed) await countCompletedOrder(trx, order, price);
      await countTraderMove(trx, rule.name, input.from, order, price, input.now);
      await creditOrderPoints(trx, order, price, input.now);
      await rewardInviter(trx, order, inviter, price, input.now);
    }
    return rule.effect === "none" ? order : trx.selectFrom("orders").selectAll().where("id", "=", order.id).executeTakeFirstOrThrow();
  },
  async record(trx, rule, order, input) {
    await recordChange(trx, order.id, { eventEn: rule.event(order), at: input.now, from: input.from, to: rule.to, actor: input.actor });
    await noticeSeller(trx, order, rule.notice(order), input.now);
  },
};

/**
 * Applies one transition. Throws code 0 with a clear msg when the move is not allowed
 * from `from`, and code 7 ORDER_CHANGED when someone else moved the order first.
 */
export const transition = (trx: Trx, input: TransitionInput): Promise<OrderRow> => applyMove(trx, ORDER_MACHINE, input);

/** The pay limit (minutes) of the order's offer: how long a merchant has to view a Waiting order. */
async function payLimitOf(trx: Trx, orderId: number): Promise<number> {
  const r = await trx
    .selectFrom("orders as o")
    .innerJoin("adverts as a", "a.id", "o.advert_id")
    .select("a.pay_limit")
    .where("o.id", "=", orderId)
    .executeTakeFirst();
  if (!r) throw conflict(ORDER_CHANGED);
  return Number(r.pay_limit);
}

/** One line of the order's timeline. */
export async function recordChange(
  trx: Trx,
  orderId: number,
  c: { eventEn: string; at: Date; from: number | null; to: number; actor: Actor },
) {
  await trx
    .insertInto("order_changes")
    .values({ order_id: orderId, event_en: c.eventEn, change_timestamp: c.at, from_status: c.from, to_status: c.to, actor: c.actor })
    .execute();
}

/** A type 1 (order) notice for the order's seller, and the same event in the seller's system chat conversation. */
export async function noticeSeller(trx: Trx, order: OrderRow, text: { title: string; content: string }, at: Date) {
  await notify(trx, {
    userId: order.seller_id,
    about: { type: "order", id: order.id },
    ...text,
    oppositeUserId: order.buyer_id,
    goodsName: cardName(order),
    transAmount: Number(order.trade_amount),
    transCurrency: order.trade_currency,
    transPrice: Number(order.real_total_price),
    at,
  });
}

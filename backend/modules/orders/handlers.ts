import { OrderListTab } from "../../../contract/enums";
import { requireRole, requireUser } from "../../http/context";
import { deskCommand } from "../../http/desk-command";
import { fail, notFound } from "../../http/errors";
import { checkTradePassword } from "../auth/handlers";

/** A seller with no trade password who asks for her code without JavaScript (ADR 0060). */
export const SET_TRADE_PWD_TO_REVEAL = "Set a trade password first: it is asked before your card code is shown without JavaScript.";
import type { HandlerGroup } from "../../http/handler-types";
import {
  acceptDispute,
  anyOrder,
  applyArbitration,
  completeOrder,
  freezeOrder,
  negotiateOrder,
  orderOfBuyer,
  resolveOrder,
  unfreezeOrder,
  viewOrder,
} from "./actions";
import { addOrder, addOrders } from "./add-order";
import { orderBatchOf } from "./batches";
import { decryptCardCode, imageCustomerKey } from "./card-crypto";
import {
  buyerOrderPage,
  buyerQueuePage,
  findOrder,
  orderChanges,
  orderDetailsRow,
  orderMoney,
  sealedSecretOf,
  sellerOrderPage,
  staffQueuePage,
  toOrder,
  toStaffOrder,
  type JoinedOrder,
} from "./queries";
import type { MerchantCard } from "../../../contract/calls/orders-desks";
import type { CallContext } from "../../http/context";
import { orderTranscript } from "../chat/transcript";
import { addFeedback, feedbackOfOrder, feedbackPage } from "./feedback";
import { adminOrderActions, orderActions } from "./state-machine";
import { addEvidence, evidenceOf, evidencePicture } from "./evidence";

/**
 * The seller always gets its card back. The merchant (buyer) sees it only once it has viewed
 * it, which froze its coins, or once the order was paid (before ADR 0051 an administrator could
 * complete a frozen order that was never viewed): a merchant cannot read a card without paying for it.
 */
/** The card decrypted server-side: for the merchant once it may read it, for an administrator always. */
async function cardOf(ctx: CallContext, o: JoinedOrder): Promise<MerchantCard> {
  const details = await orderDetailsRow(ctx.db, o.id);
  const secret = ctx.secrets.open(await sealedSecretOf(ctx.db, o.secret_id));
  return {
    cardType: o.card_type,
    codes: details?.card_secret ? decryptCardCode(details.card_secret, secret).split("\n") : [],
    images: details?.card_img ? details.card_img.split("|") : [],
    imageKey: imageCustomerKey(secret),
  };
}

export const buyerMayReadCard = (o: { viewed_at: Date | null; status: number }) => o.viewed_at !== null || o.status === 4;


/**
 * Sell-card orders for sellers (/client), merchants (/merchant) and administrators (/admin).
 * Thin: parse (the router did), check who may do it (actions.ts), act, answer.
 */
export const orderHandlers = {
  async "/order/addOrder"(input, ctx) {
    return addOrder(ctx, requireUser(ctx), input);
  },

  async "/order/addOrders"(input, ctx) {
    return addOrders(ctx, requireUser(ctx), input);
  },

  async "/order/getOrderBatch"(input, ctx) {
    return orderBatchOf(ctx.db, requireUser(ctx).id, input.id);
  },

  async "/order/getOrderList"(input, ctx) {
    const user = requireUser(ctx);
    return {
      list: await sellerOrderPage(ctx, user.id, {
        tab: input.status ?? OrderListTab.Active,
        cardTypeId: input.cardTypeId,
        start: input.start,
        end: input.end,
        lastId: input.lastId,
      }),
    };
  },

  async "/order/getOrderDetails"(input, ctx) {
    const user = requireUser(ctx);
    const o = await findOrder(ctx.db, input.id);
    if (!o || (o.seller_id !== user.id && o.buyer_id !== user.id)) throw notFound("Order");
    const [details, orderChange, feedback, evidence] = await Promise.all([
      orderDetailsRow(ctx.db, o.id),
      orderChanges(ctx.db, o.id),
      feedbackOfOrder(ctx.db, o.id),
      evidenceOf(ctx.db, ctx.secrets, o.id, "party"),
    ]);
    const mayReadCard = o.seller_id === user.id || buyerMayReadCard(o);
    const orderDetails = mayReadCard
      ? { cardImg: details?.card_img ?? "", cardSecret: details?.card_secret ?? "", secret: ctx.secrets.open(await sealedSecretOf(ctx.db, o.secret_id)) }
      : { cardImg: "", cardSecret: "", secret: "" };
    const actions = orderActions(o, o.seller_id === user.id ? "seller" : "merchant", feedback !== null);
    return { orderInfo: toOrder(ctx.secrets, o), orderDetails, orderChange, evidence, feedback, actions };
  },

  /**
   * The seller's own e-code for a page without JavaScript (ADR 0060): the same code the island
   * decrypts, after her trade password, with its lock (ADR 0055). She must have one: the login
   * password alone is what a borrowed, signed-in phone already has.
   */
  async "/order/revealCardCode"(input, ctx) {
    const user = requireUser(ctx);
    const o = await findOrder(ctx.db, input.id);
    if (!o || o.seller_id !== user.id) throw notFound("Order");
    if (!user.trade_pwd_hash) throw fail(SET_TRADE_PWD_TO_REVEAL);
    await checkTradePassword(ctx, user, input.tradePwd);
    return { codes: (await cardOf(ctx, o)).codes.filter((c) => c !== "") };
  },

  async "/order/acceptDispute"(input, ctx) {
    await acceptDispute(ctx.db, requireUser(ctx).id, input.id, ctx.now);
    return null;
  },

  async "/order/applyArbitration"(input, ctx) {
    await applyArbitration(ctx.db, requireUser(ctx).id, input.id, ctx.now);
    return null;
  },

  async "/order/addEvidence"(input, ctx) {
    await addEvidence(ctx, "seller", requireUser(ctx).id, input, ctx.now);
    return null;
  },

  /** For the order's seller or its merchant (the merchant's desk page reads its pictures here too). */
  async "/order/getEvidencePicture"(input, ctx) {
    const user = requireUser(ctx);
    const o = await findOrder(ctx.db, input.id);
    if (!o || (o.seller_id !== user.id && o.buyer_id !== user.id)) throw notFound("Order");
    return evidencePicture(ctx, o.id, input.evidenceId, input.index);
  },

  async "/userFeedback/addFeedback"(input, ctx) {
    return addFeedback(ctx.db, requireUser(ctx).id, input.feedback, ctx.now);
  },

  async "/userFeedback/getFeedbackList"(input, ctx) {
    return { list: await feedbackPage(ctx.db, input.userId, { type: input.type, lastId: input.lastId }) };
  },

  // ---------------------------------------------------------------- merchants

  async "/merchant/order/list"(input, ctx) {
    const merchant = requireRole(ctx, "business");
    const list =
      input.queue && input.status === undefined
        ? await buyerQueuePage(ctx, merchant.id, { cardTypeId: input.cardTypeId, lastId: input.lastId, lastRank: input.lastRank })
        : await buyerOrderPage(ctx, merchant.id, { status: input.status, cardTypeId: input.cardTypeId, lastId: input.lastId });
    return { list };
  },

  async "/merchant/order/detail"(input, ctx) {
    const merchant = requireRole(ctx, "business");
    const o = await orderOfBuyer(ctx.db, merchant.id, input.id);
    const [orderChange, evidence] = await Promise.all([orderChanges(ctx.db, o.id), evidenceOf(ctx.db, ctx.secrets, o.id, "party")]);
    const card = buyerMayReadCard(o) ? await cardOf(ctx, o) : null;
    return { orderInfo: toStaffOrder(ctx.secrets, o), card, orderChange, evidence };
  },

  "/merchant/order/view": deskCommand("business", (merchantId, input, ctx) => viewOrder(ctx.db, merchantId, input.id, ctx.now)),
  "/merchant/order/complete": deskCommand("business", (merchantId, input, ctx) => completeOrder(ctx.db, merchantId, input.id, ctx.now)),
  "/merchant/order/negotiate": deskCommand("business", (merchantId, { id, ...negotiation }, ctx) => negotiateOrder(ctx, merchantId, id, negotiation, ctx.now)),
  "/merchant/order/addEvidence": deskCommand("business", (merchantId, input, ctx) => addEvidence(ctx, "merchant", merchantId, input, ctx.now)),

  // ---------------------------------------------------------------- administrators

  async "/admin/order/list"(input, ctx) {
    requireRole(ctx, "admin");
    return { list: await staffQueuePage(ctx, { status: input.status, lastId: input.lastId }) };
  },

  async "/admin/order/detail"(input, ctx) {
    requireRole(ctx, "admin");
    const o = await anyOrder(ctx.db, input.id);
    const [orderChange, card, money, evidence] = await Promise.all([
      orderChanges(ctx.db, o.id),
      cardOf(ctx, o),
      orderMoney(ctx.db, o),
      evidenceOf(ctx.db, ctx.secrets, o.id, "staff"),
    ]);
    return { orderInfo: toStaffOrder(ctx.secrets, o), card, merchantViewed: o.viewed_at !== null, money, orderChange, evidence, actions: adminOrderActions(o) };
  },

  async "/admin/order/getEvidencePicture"(input, ctx) {
    requireRole(ctx, "admin");
    const o = await anyOrder(ctx.db, input.id);
    return evidencePicture(ctx, o.id, input.evidenceId, input.index);
  },

  async "/admin/order/transcript"(input, ctx) {
    requireRole(ctx, "admin");
    const o = await anyOrder(ctx.db, input.id);
    return orderTranscript(ctx.db, o, input.afterId, { now: ctx.now, secrets: ctx.secrets });
  },

  "/admin/order/resolve": deskCommand("admin", (adminId, input, ctx) => resolveOrder(ctx.db, adminId, input.id, input.outcome, input.realTotalPrice ?? undefined, ctx.now)),
  "/admin/order/freeze": deskCommand("admin", (adminId, input, ctx) => freezeOrder(ctx.db, adminId, input.id, ctx.now)),
  "/admin/order/unfreeze": deskCommand("admin", (adminId, input, ctx) => unfreezeOrder(ctx.db, adminId, input.id, ctx.now)),
} satisfies HandlerGroup<
  | "/order/addOrder"
  | "/order/addOrders"
  | "/order/getOrderBatch"
  | "/order/getOrderList"
  | "/order/getOrderDetails"
  | "/order/revealCardCode"
  | "/order/acceptDispute"
  | "/order/applyArbitration"
  | "/order/addEvidence"
  | "/order/getEvidencePicture"
  | "/userFeedback/addFeedback"
  | "/userFeedback/getFeedbackList"
  | "/merchant/order/list"
  | "/merchant/order/detail"
  | "/merchant/order/view"
  | "/merchant/order/complete"
  | "/merchant/order/negotiate"
  | "/merchant/order/addEvidence"
  | "/admin/order/list"
  | "/admin/order/detail"
  | "/admin/order/transcript"
  | "/admin/order/getEvidencePicture"
  | "/admin/order/resolve"
  | "/admin/order/freeze"
  | "/admin/order/unfreeze"
>;

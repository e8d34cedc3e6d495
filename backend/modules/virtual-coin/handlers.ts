import { requireRole, requireUser } from "../../http/context";
import { issueQuote } from "../quotes/quotes";
import { deskCommand } from "../../http/desk-command";
import type { HandlerGroup } from "../../http/handler-types";
import { addVirtualCoinOrder, confirmVirtualCoinOrder, cryptoSubject, platformTerms, rejectVirtualCoinOrder } from "./actions";
import { toMyVirtualCoinOrder, virtualCoinOrderPage } from "./queries";

/** BTC/USDT: prices, the user's transfer orders and the administrator's confirmation. */
export const virtualCoinHandlers = {
  async "/virtualCoinOrder/getPrices"(_input, ctx) {
    const [quotes, platform] = await Promise.all([ctx.prices.quotes(ctx.now), platformTerms(ctx.db)]);
    // Each price is promised for a short while as a signed quote, with the platform's terms (ADR 0050).
    return {
      list: quotes.map((q) => ({
        type: q.type,
        symbol: q.symbol,
        price: q.price,
        indicative: q.indicative,
        updatedAt: q.updatedAt,
        quote: issueQuote(ctx, cryptoSubject(q.type, platform ?? { usdRate: 0, discount: 0 }), q.price),
      })),
    };
  },

  async "/virtualCoinOrder/addVirtualCoinOrder"(input, ctx) {
    return addVirtualCoinOrder(ctx, requireUser(ctx).id, input);
  },

  async "/virtualCoinOrder/getMyOrders"(input, ctx) {
    const userId = requireUser(ctx).id;
    return { list: (await virtualCoinOrderPage(ctx.db, { userId, status: input.status, lastId: input.lastId })).map(toMyVirtualCoinOrder) };
  },

  async "/admin/virtualCoin/list"(input, ctx) {
    requireRole(ctx, "admin");
    return { list: await virtualCoinOrderPage(ctx.db, { status: input.status, lastId: input.lastId }) };
  },

  "/admin/virtualCoin/confirm": deskCommand("admin", (adminId, input, ctx) => confirmVirtualCoinOrder(ctx.db, adminId, input.id, ctx.now)),
  "/admin/virtualCoin/reject": deskCommand("admin", (adminId, input, ctx) => rejectVirtualCoinOrder(ctx.db, adminId, input.id, input.reason, ctx.now)),
} satisfies HandlerGroup<
  | "/virtualCoinOrder/getPrices"
  | "/virtualCoinOrder/addVirtualCoinOrder"
  | "/virtualCoinOrder/getMyOrders"
  | "/admin/virtualCoin/list"
  | "/admin/virtualCoin/confirm"
  | "/admin/virtualCoin/reject"
>;

import { desksOf, requireUser } from "../../http/context";
import { countWaitingForBuyer } from "../orders/queries";
import { countWaitingForWithdrawer } from "../withdrawals/queries";
import { notFound } from "../../http/errors";
import { transaction } from "../../db/index";
import { toSignedInUser } from "../identity/queries";
import { readSystemChatAsNotices } from "./read-once";
import type { HandlerGroup } from "../../http/handler-types";
import {
  countPendingWithdrawals,
  countTradingOrders,
  countUnread,
  latestUnread,
  markAllRead,
  markRead,
  noticePage,
} from "./queries";

/** The signed-in user's notices and the top-bar badges. Every call touches only the caller's own notices. */
export const noticeHandlers = {
  async "/notice/checkNotice"(_input, ctx) {
    const user = requireUser(ctx);
    const desks = desksOf(user);
    const [orderCount, withdrawCount, unRead, list, deskWaiting, deskWithdrawals] = await Promise.all([
      countTradingOrders(ctx.db, user.id),
      countPendingWithdrawals(ctx.db, user.id),
      countUnread(ctx.db, user.id),
      latestUnread(ctx.db, user.id),
      // The merchant desk's badge (ADR 0036): asked only for business users.
      desks.merchant ? countWaitingForBuyer(ctx.db, user.id) : 0,
      // The withdrawer desk's badge: withdrawals waiting for it.
      desks.withdrawer ? countWaitingForWithdrawer(ctx.db, user.id) : 0,
    ]);
    // Who is asking, as the top bar shows her: every page reads this call, so a change shows on the next one.
    return { orderCount, withdrawCount, unRead, list, deskWaiting, deskWithdrawals, user: toSignedInUser(user) };
  },

  async "/notice/getNoticeList"(input, ctx) {
    const user = requireUser(ctx);
    return { list: await noticePage(ctx.db, user.id, input.lastId) };
  },

  async "/notice/setRead"(input, ctx) {
    const user = requireUser(ctx);
    const found = await transaction(ctx.db, async (trx) => {
      if (!(await markRead(trx, user.id, input.id))) return false;
      // Its words in the system chat are read with it (ADR 0059).
      await readSystemChatAsNotices(trx, user.id);
      return true;
    });
    if (!found) throw notFound("Notice");
    return null;
  },

  async "/notice/setAllRead"(_input, ctx) {
    const user = requireUser(ctx);
    await transaction(ctx.db, async (trx) => {
      await markAllRead(trx, user.id);
      await readSystemChatAsNotices(trx, user.id);
    });
    return null;
  },
} satisfies HandlerGroup<"/notice/checkNotice" | "/notice/getNoticeList" | "/notice/setRead" | "/notice/setAllRead">;

import { requireUser } from "../../http/context";
import type { HandlerGroup } from "../../http/handler-types";
import { shareStatistics, shareUsers } from "./queries";

/** The referral programme's calls: the caller's own totals and friends only. */
export const referralHandlers = {
  async "/userShare/getShareStatistics"(_input, ctx) {
    return shareStatistics(ctx.db, requireUser(ctx).id);
  },

  async "/userShare/getShareUsers"(input, ctx) {
    return { list: await shareUsers(ctx.db, requireUser(ctx).id, input.registerTime ?? undefined) };
  },
} satisfies HandlerGroup<"/userShare/getShareStatistics" | "/userShare/getShareUsers">;

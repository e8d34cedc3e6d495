import { requireUser } from "../../http/context";
import type { HandlerGroup } from "../../http/handler-types";
import { listSessions, signOutOtherSessions, signOutSession } from "./sessions";

/** The account's signed-in sessions (ADR 0058): each call touches only the caller's own. */
export const sessionHandlers = {
  async "/userSession/getSessionList"(_input, ctx) {
    const user = requireUser(ctx);
    return { list: await listSessions(ctx.db, ctx.secrets, user.id, ctx.token!, ctx.now) };
  },

  async "/userSession/signOutSession"(input, ctx) {
    const user = requireUser(ctx);
    await signOutSession(ctx.db, ctx.secrets, user.id, ctx.token!, input.id, ctx.now);
    return null;
  },

  async "/userSession/signOutOtherSessions"(_input, ctx) {
    const user = requireUser(ctx);
    return { count: await signOutOtherSessions(ctx.db, user.id, ctx.token!, ctx.now) };
  },
} satisfies HandlerGroup<"/userSession/getSessionList" | "/userSession/signOutSession" | "/userSession/signOutOtherSessions">;

import { AdvertStatus } from "../../../contract/enums";
import { requireRole } from "../../http/context";
import type { HandlerGroup } from "../../http/handler-types";
import { createAdvert, merchantAdvert, merchantAdvertPage, setAdvertStatus, setOnlineStatus, updateAdvert } from "./merchant-adverts";

/** The merchant desk's offers and online switch (ADR 0036): business users, their own adverts only. */
export const merchantAdvertHandlers = {
  async "/merchant/advert/list"(input, ctx) {
    return { list: await merchantAdvertPage(ctx.db, requireRole(ctx, "business").id, input.lastId) };
  },

  async "/merchant/advert/detail"(input, ctx) {
    return merchantAdvert(ctx.db, requireRole(ctx, "business").id, input.id);
  },

  async "/merchant/advert/create"(input, ctx) {
    return createAdvert(ctx.db, requireRole(ctx, "business").id, input, ctx.now);
  },

  async "/merchant/advert/update"(input, ctx) {
    const { id, seenTradeAmount, ...fields } = input;
    await updateAdvert(ctx.db, requireRole(ctx, "business").id, id, fields, seenTradeAmount);
    return null;
  },

  async "/merchant/advert/pause"(input, ctx) {
    await setAdvertStatus(ctx.db, requireRole(ctx, "business").id, input.id, AdvertStatus.Paused);
    return null;
  },

  async "/merchant/advert/resume"(input, ctx) {
    await setAdvertStatus(ctx.db, requireRole(ctx, "business").id, input.id, AdvertStatus.Listed);
    return null;
  },

  async "/merchant/profile/setOnline"(input, ctx) {
    await setOnlineStatus(ctx.db, requireRole(ctx, "business").id, input.onlineStatus);
    return null;
  },
} satisfies HandlerGroup<
  | "/merchant/advert/list"
  | "/merchant/advert/detail"
  | "/merchant/advert/create"
  | "/merchant/advert/update"
  | "/merchant/advert/pause"
  | "/merchant/advert/resume"
  | "/merchant/profile/setOnline"
>;

import { AdvertStatus } from "../../../contract/enums";
import { requireRole } from "../../http/context";
import { deskCommand } from "../../http/desk-command";
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

  "/merchant/advert/update": deskCommand("business", (merchantId, { id, seenTradeAmount, ...fields }, ctx) => updateAdvert(ctx.db, merchantId, id, fields, seenTradeAmount)),
  "/merchant/advert/pause": deskCommand("business", (merchantId, input, ctx) => setAdvertStatus(ctx.db, merchantId, input.id, AdvertStatus.Paused)),
  "/merchant/advert/resume": deskCommand("business", (merchantId, input, ctx) => setAdvertStatus(ctx.db, merchantId, input.id, AdvertStatus.Listed)),
  "/merchant/profile/setOnline": deskCommand("business", (merchantId, input, ctx) => setOnlineStatus(ctx.db, merchantId, input.onlineStatus)),
} satisfies HandlerGroup<
  | "/merchant/advert/list"
  | "/merchant/advert/detail"
  | "/merchant/advert/create"
  | "/merchant/advert/update"
  | "/merchant/advert/pause"
  | "/merchant/advert/resume"
  | "/merchant/profile/setOnline"
>;

import { transaction } from "../../db/index";
import { requireUser } from "../../http/context";
import type { HandlerGroup } from "../../http/handler-types";
import { checkIn, checkInInfo } from "./check-in";
import { mallItems, redeemItem } from "./mall";
import { recordPage, recordPageByNumber } from "./records";
import { zoneOf } from "./zone";

/** Membership centre: the point mall, Vip Records and the daily check-in, each of the caller's own account only. */
export const membershipHandlers = {
  async "/wealthRedemption/wealthRedemptionList"(_input, ctx) {
    const user = requireUser(ctx);
    return mallItems(ctx.db, user.id, ctx.now, zoneOf(ctx));
  },

  async "/wealthRedemption/wealthExchange"(input, ctx) {
    const user = requireUser(ctx);
    await transaction(ctx.db, (trx) => redeemItem(trx, user.id, input.id, ctx.now, zoneOf(ctx)));
    return null;
  },

  async "/wealthRecord/pageWealthRecord"(input, ctx) {
    const user = requireUser(ctx);
    return recordPageByNumber(ctx.db, user.id, input.page, input.type);
  },

  async "/wealthRecord/wealthRecordList"(input, ctx) {
    const user = requireUser(ctx);
    return { list: await recordPage(ctx.db, user.id, input.lastId, input.type) };
  },

  async "/userCheckIn/getCheckInInfo"(_input, ctx) {
    const user = requireUser(ctx);
    return checkInInfo(ctx.db, user.id, ctx.now, zoneOf(ctx));
  },

  async "/userCheckIn/userCheckIn"(_input, ctx) {
    const user = requireUser(ctx);
    return transaction(ctx.db, (trx) => checkIn(trx, user.id, ctx.now, zoneOf(ctx)));
  },
} satisfies HandlerGroup<
  | "/wealthRedemption/wealthRedemptionList"
  | "/wealthRedemption/wealthExchange"
  | "/wealthRecord/pageWealthRecord"
  | "/wealthRecord/wealthRecordList"
  | "/userCheckIn/getCheckInInfo"
  | "/userCheckIn/userCheckIn"
>;

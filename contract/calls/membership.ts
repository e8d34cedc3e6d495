import { z } from "zod";
import { POINT_ORDER_PAGE_SIZE } from "../constants";
import { defineCall, lastId, noBody } from "../define";
import { checkInInfoSchema, redemptionItemSchema, wealthRecordSchema } from "../entities";
import { WealthRecordType } from "../enums";
import { wealthRecordTypeSchema } from "../enum-schemas";
import { byId, listOf } from "./common";

/** Point mall, wealth (VIP point) records and the daily check-in. */
export const membershipCalls = {
  "/wealthRedemption/wealthRedemptionList": defineCall({
    path: "/wealthRedemption/wealthRedemptionList",
    auth: "user",
    request: noBody,
    response: z.object({
      list: z.array(redemptionItemSchema),
      /** Times the user redeemed each item, keyed by item id. */
      redeemCountMap: z.record(z.string(), z.number().int()),
    }),
    doc: "Point-mall items with the user's redeemed counts.",
  }),
  "/wealthRedemption/wealthExchange": defineCall({
    path: "/wealthRedemption/wealthExchange",
    auth: "user",
    request: byId,
    response: z.null(),
    doc: "Redeems a point-mall item ('Insufficient wealth, redeem failed.' when short) and delivers it (ADR 0052): coins at once, a frame or badge until its end, airtime or data as a mall order staff send to the bound mobile number (none bound: refused). Response designed: null.",
  }),
  "/wealthRecord/pageWealthRecord": defineCall({
    path: "/wealthRecord/pageWealthRecord",
    auth: "user",
    request: z.object({
      page: z
        .object({
          /** 1-based. */
          pageIndex: z.number({ invalid_type_error: "Invalid page." }).int().positive("Invalid page.").max(1_000_000, "Invalid page.").default(1),
          pageSize: z
            .number({ invalid_type_error: "Invalid page size." })
            .int()
            .min(1, "Invalid page size.")
            .max(100, "Invalid page size.")
            .default(POINT_ORDER_PAGE_SIZE),
        })
        .default({}),
      /** The Point Order tab sends 3 (Exchange); 0 means all. */
      type: wealthRecordTypeSchema.optional().default(WealthRecordType.Exchange),
    }),
    response: z.object({ list: z.array(wealthRecordSchema), total: z.number().int() }),
    doc: "Wealth records of one type by page number (the Point Order tab), newest first, with the total count; a redemption's record carries its delivery (ADR 0052).",
  }),
  "/wealthRecord/wealthRecordList": defineCall({
    path: "/wealthRecord/wealthRecordList",
    auth: "user",
    request: z.object({
      lastId,
      /** 1 Income, 2 Invite, 3 Exchange, 4 Transfer; null, absent or 0: all. */
      type: wealthRecordTypeSchema.nullish().transform((v) => (v ? v : undefined)),
    }),
    response: listOf(wealthRecordSchema),
    doc: "Wealth (VIP point) records, newest first, paged by the id of the last item.",
  }),
  "/userCheckIn/getCheckInInfo": defineCall({
    path: "/userCheckIn/getCheckInInfo",
    auth: "user",
    request: noBody,
    response: checkInInfoSchema,
    doc: "Current streak and whether the user checked in today.",
  }),
  "/userCheckIn/userCheckIn": defineCall({
    path: "/userCheckIn/userCheckIn",
    auth: "user",
    request: noBody,
    response: z.object({
      checkInCount: z.number().int(),
      /** Wealth credited, in base units (÷10000). */
      reward: z.number().int(),
    }),
    doc: "Checks in for today. Response designed: {checkInCount (new streak), reward}.",
  }),
};

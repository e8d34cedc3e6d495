import { z } from "zod";
import { defineCall, id, lastId, okEmpty } from "../define";
import { advertWithMerchantSchema } from "../entities";
import { AdvertStatus, OnlineStatus } from "../enums";
import { advertCardTypeSchema, intEnum } from "../enum-schemas";
import {
  ADVERT_AMOUNT_MAX,
  ADVERT_DISCOUNT_MAX,
  ADVERT_EXPLAIN_MAX,
  ADVERT_MESSAGES as M,
  ADVERT_PAY_LIMIT_MAX,
  ADVERT_PAY_LIMIT_MIN,
  advertIssues,
} from "../advert-rules";
import { byId, created, listOf } from "./common";

/**
 * The merchant desk's own calls (ADR 0036): a merchant's adverts and its online
 * status. Business users only (isBusiness 1); a merchant reaches only its own adverts.
 */

/** An advert as its merchant sees it on the desk: the listing's fields and whether it is listed. */
export const merchantAdvertSchema = advertWithMerchantSchema.extend({
  status: intEnum(AdvertStatus, "Unknown advert status."),
});
export type MerchantAdvert = z.infer<typeof merchantAdvertSchema>;

const whole = (message: string, min: number, max: number) =>
  z.number({ required_error: message, invalid_type_error: message }).int(message).min(min, message).max(max, message);
const amount = (message: string) => whole(message, 1, ADVERT_AMOUNT_MAX);

/** Everything a merchant sets on an advert (create and update alike). */
export const advertFieldsSchema = z.object({
  cardTypeId: whole(M.cardType, 1, Number.MAX_SAFE_INTEGER),
  /** 0 picture, 1 e-code. */
  cardType: advertCardTypeSchema,
  tradeCurrency: z
    .string({ required_error: M.currency, invalid_type_error: M.currency })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2,10}$/, M.currency),
  /** Coins per unit of card face, per 10000. */
  discount: whole(M.discount, 1, ADVERT_DISCOUNT_MAX),
  /** Smallest and largest card face, hundredths. */
  minTrade: amount(M.minTrade),
  maxTrade: amount(M.maxTrade),
  /** Fixed faces, pipe-separated hundredths of whole units ("5000|10000"); "" any face in the range. */
  fixTrade: z.string({ invalid_type_error: M.faces }).trim().max(200, M.faces).default(""),
  /** Minutes the merchant gives itself to view an order (the Auto Cancel timer). */
  payLimit: whole(M.payLimit, ADVERT_PAY_LIMIT_MIN, ADVERT_PAY_LIMIT_MAX),
  /** Tags, pipe-separated. */
  tagListEn: z.string({ invalid_type_error: M.tags }).trim().max(200, M.tags).default(""),
  explainInfo: z.string({ invalid_type_error: M.explain }).trim().max(ADVERT_EXPLAIN_MAX, M.explain).default(""),
  /** The card face it will still buy (hundredths): what sales draw down. */
  tradeAmount: whole(M.tradeAmount, 0, ADVERT_AMOUNT_MAX),
  /** E-codes one order may carry: 0 any number, 1 one code per order (ADR 0014). */
  codesPerOrder: z.union([z.literal(0), z.literal(1)], { errorMap: () => ({ message: M.codesPerOrder }) }).default(0),
});
export type AdvertFields = z.output<typeof advertFieldsSchema>;

/** The cross-field rules of contract/advert-rules.ts as zod issues. */
export function refineAdvert(v: AdvertFields, ctx: z.RefinementCtx) {
  for (const i of advertIssues(v)) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [i.path], message: i.message });
}

export const merchantDeskCalls = {
  "/merchant/advert/list": defineCall({
    path: "/merchant/advert/list",
    auth: "business",
    request: z.object({ lastId }),
    response: listOf(merchantAdvertSchema),
    doc: "The merchant's own adverts, listed and paused, newest first, paged by the id of the last item.",
  }),
  "/merchant/advert/detail": defineCall({
    path: "/merchant/advert/detail",
    auth: "business",
    request: byId,
    response: merchantAdvertSchema,
    doc: "One of the merchant's adverts, listed or paused.",
  }),
  "/merchant/advert/create": defineCall({
    path: "/merchant/advert/create",
    auth: "business",
    request: advertFieldsSchema.superRefine(refineAdvert),
    response: created,
    doc: "Places a new listed advert for the merchant; the catalogue shows it at once.",
  }),
  "/merchant/advert/update": defineCall({
    path: "/merchant/advert/update",
    auth: "business",
    request: advertFieldsSchema
      .extend({
        id,
        /**
         * Designed: the face amount left that the merchant's form showed (hundredths). The save is
         * refused if sales moved it meanwhile, so it never undoes a reservation (ADR 0050).
         */
        seenTradeAmount: z.number().int().nonnegative().optional(),
      })
      .superRefine(refineAdvert),
    response: okEmpty,
    doc: "Changes one of the merchant's adverts (orders already placed keep their figures); with seenTradeAmount, refused (code 7) if sales moved the amount left since the form was shown.",
  }),
  "/merchant/advert/pause": defineCall({
    path: "/merchant/advert/pause",
    auth: "business",
    request: byId,
    response: okEmpty,
    doc: "Takes a listed advert of the merchant's off the catalogue (1 → 0).",
  }),
  "/merchant/advert/resume": defineCall({
    path: "/merchant/advert/resume",
    auth: "business",
    request: byId,
    response: okEmpty,
    doc: "Lists a paused advert of the merchant's again (0 → 1).",
  }),
  "/merchant/profile/setOnline": defineCall({
    path: "/merchant/profile/setOnline",
    auth: "business",
    request: z.object({ onlineStatus: intEnum(OnlineStatus, "The online status is 0 or 1.") }),
    response: okEmpty,
    doc: "Sets the merchant's online status: offline merchants cannot be sold to (docs/product/validation.md).",
  }),
};

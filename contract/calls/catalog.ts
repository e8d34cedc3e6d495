import { z } from "zod";
import { quoteSchema } from "../quote";
import { defineCall, id, noBody, okEmpty } from "../define";
import { advertWithMerchantSchema, bannerSchema, btcTradeConfigSchema, businessUserSchema, cardTypeSchema, checkInConfigEntrySchema, configEntrySchema, countrySchema, currencySchema, systemConfigSchema } from "../entities";
import { TrackRecordType } from "../enums";
import { bannerLocationSchema } from "../enum-schemas";
import { rateHistoryRangeSchema, rateHistorySchema } from "../rate-history";
import { byId, currencyFilter, listOf } from "./common";
import { traderFiguresSchema } from "../trader-figures";

/** System config, tracking, banners, card types, currencies, countries and offers (backend/modules/catalog). */
export const catalogCalls = {
  "/advert/getAdvertList": defineCall({
    path: "/advert/getAdvertList",
    // No sign-in needed; a signed-in seller's list leaves out merchants blocked either way (ADR 0021).
    auth: "optional",
    request: z.object({ currency: currencyFilter, cardTypeId: id }),
    response: z.object({
      list: z.array(advertWithMerchantSchema),
      /** The merchants of the listed offers. */
      businessList: z.array(businessUserSchema),
      /** Designed (ADR 0069): each listed merchant's figures over 30 days. */
      traderFigures: z.array(traderFiguresSchema.extend({ userId: id })),
      /**
       * Designed (ADR 0072): naira per coin, per 10000, of the best withdrawer that pays NGN and
       * accepts now (the rate calculator's "≈ ₦"); null when none does.
       */
      bestNgnRate: z.number().int().positive().nullable(),
    }),
    doc: "Offers of one card type (optionally one currency) with their merchants' online status, and today's best withdrawer NGN rate.",
  }),
  "/advert/getAdvertDetail": defineCall({
    path: "/advert/getAdvertDetail",
    auth: "optional",
    request: byId,
    response: z.object({
      advert: advertWithMerchantSchema,
      /** Secret the seller's card images and code are encrypted with (sent back with addOrder). */
      secret: z.string(),
      /** Designed (ADR 0050): the offer's discount as a signed quote, sent back with addOrder. */
      quote: quoteSchema,
    }),
    doc: "One offer with its merchant, the secret used to encrypt the card for it, and the quote its price is promised at.",
  }),
  "/systemConfig/getSystemConfig": defineCall({
    path: "/systemConfig/getSystemConfig",
    auth: "none",
    request: noBody,
    response: systemConfigSchema,
    doc: "NGN rate (hundredths), coin name and the contact addresses.",
  }),
  "/systemConfig/getBtcTradeConfig": defineCall({
    path: "/systemConfig/getBtcTradeConfig",
    auth: "none",
    request: noBody,
    response: z.object({ btcTrade: btcTradeConfigSchema }),
    doc: "Receiving addresses, service url, USD rate and discount for BTC/USDT orders.",
  }),
  "/systemConfig/getWealthConfig": defineCall({
    path: "/systemConfig/getWealthConfig",
    auth: "none",
    request: noBody,
    response: z.object({ wealth: z.array(configEntrySchema) }),
    doc: "Membership config entries: levelCard, upgradeWealth, benefitsIntroduction, wealthRuleUrl.",
  }),
  "/systemConfig/getUserCheckInConfig": defineCall({
    path: "/systemConfig/getUserCheckInConfig",
    auth: "none",
    request: noBody,
    response: z.object({ checkInList: z.array(checkInConfigEntrySchema) }),
    doc: "Reward of each day of the check-in streak.",
  }),
  "/trackRecord/addTrackRecord": defineCall({
    path: "/trackRecord/addTrackRecord",
    // No sign-in needed; the record names the user when there is one.
    auth: "optional",
    request: z.discriminatedUnion("type", [
      z.object({
        type: z.literal(TrackRecordType.Channel),
        remark: z.string().trim().min(1, "The channel must not be empty.").max(100, "The channel is too long."),
      }),
      z.object({ type: z.literal(TrackRecordType.BannerClick), refId: id }),
    ]),
    response: okEmpty,
    doc: "Records an arrival through a channel link (type 4, remark) or a banner click (type 3, refId). Response designed: null.",
  }),
  "/banner/getBanners": defineCall({
    path: "/banner/getBanners",
    auth: "none",
    request: z.object({ location: bannerLocationSchema }),
    response: listOf(bannerSchema),
    doc: "Banners of one location (home, home_h5, home_pop).",
  }),
  "/cardType/getCardType": defineCall({
    path: "/cardType/getCardType",
    auth: "optional",
    request: noBody,
    response: listOf(cardTypeSchema),
    doc: "Card types with their best rate and number of offers; a signed-in seller's leave out merchants blocked either way (ADR 0059).",
  }),
  "/cardType/getRateHistory": defineCall({
    path: "/cardType/getRateHistory",
    auth: "none",
    request: z.object({ cardTypeId: id, range: rateHistoryRangeSchema }),
    response: rateHistorySchema,
    doc: "A card type's best rate per currency over the last 7, 30 or 90 days, as the points where it changed (ADR 0070). Response designed.",
  }),
  "/currency/getCurrency": defineCall({
    path: "/currency/getCurrency",
    auth: "none",
    request: noBody,
    response: listOf(currencySchema),
    doc: "Card currencies. Response designed: list of {id, currency (ISO code), symbol, nameEn}.",
  }),
  "/country/getCountryList": defineCall({
    path: "/country/getCountryList",
    auth: "none",
    request: noBody,
    response: listOf(countrySchema),
    doc: "Countries with their calling code (interCode).",
  }),
};

import { DEFAULT_COIN_NAME, DEFAULT_NGN_RATE } from "../../../contract/constants";
import { TrackRecordType } from "../../../contract/enums";
import { notFound } from "../../http/errors";
import type { HandlerGroup } from "../../http/handler-types";
import {
  activeAdverts,
  bannerExists,
  bannersAt,
  cardTypeExists,
  cardTypesWithStats,
  checkInList,
  configGroup,
  configRecord,
  countries,
  currencies,
  insertTrackRecord,
  intValue,
  issueAdvertSecret,
  listedAdvert,
  merchantsOf,
} from "./queries";
import { refuseTradeIfBlocked } from "../relationships/blocks";
import { blockedEitherWay } from "../relationships/queries";

/** Configuration, tracking and the public catalogue (banners, card types, currencies, countries, adverts). */
export const catalogHandlers = {
  async "/systemConfig/getSystemConfig"(_input, ctx) {
    const [system, contact] = await Promise.all([configRecord(ctx.db, "system"), configRecord(ctx.db, "contact")]);
    return {
      NGNRate: intValue(system.NGNRate, DEFAULT_NGN_RATE),
      CoinName: system.CoinName || DEFAULT_COIN_NAME,
      contact,
    };
  },

  async "/systemConfig/getBtcTradeConfig"(_input, ctx) {
    const btc = await configRecord(ctx.db, "btc");
    return {
      btcTrade: {
        btcAddress: btc.btcAddress ?? "",
        usdtAddress: btc.usdtAddress ?? "",
        serviceUrl: btc.serviceUrl ?? "",
        usdRate: intValue(btc.usdRate, 0),
        discount: intValue(btc.discount, 0),
      },
    };
  },

  async "/systemConfig/getWealthConfig"(_input, ctx) {
    const rows = await configGroup(ctx.db, "wealth");
    return { wealth: rows.map((r) => ({ ckey: r.ckey, cvalue: r.cvalue })) };
  },

  async "/systemConfig/getUserCheckInConfig"(_input, ctx) {
    return { checkInList: await checkInList(ctx.db) };
  },

  async "/trackRecord/addTrackRecord"(input, ctx) {
    if (input.type === TrackRecordType.BannerClick && !(await bannerExists(ctx.db, input.refId))) throw notFound("Banner");
    await insertTrackRecord(ctx.db, {
      type: input.type,
      refId: input.type === TrackRecordType.BannerClick ? input.refId : null,
      remark: input.type === TrackRecordType.Channel ? input.remark : null,
      userId: ctx.user?.id ?? null,
      ip: ctx.ip,
      at: ctx.now,
    });
    return null;
  },

  async "/banner/getBanners"(input, ctx) {
    return { list: await bannersAt(ctx.db, input.location) };
  },

  async "/cardType/getCardType"(_input, ctx) {
    return { list: await cardTypesWithStats(ctx.db) };
  },

  async "/currency/getCurrency"(_input, ctx) {
    return { list: await currencies(ctx.db) };
  },

  async "/country/getCountryList"(_input, ctx) {
    return { list: await countries(ctx.db) };
  },

  async "/advert/getAdvertList"(input, ctx) {
    if (!(await cardTypeExists(ctx.db, input.cardTypeId))) throw notFound("Card type");
    const all = await activeAdverts(ctx.db, input.cardTypeId, input.currency);
    // A signed-in seller does not see the offers of merchants it blocked or that blocked it (ADR 0021).
    const hidden = ctx.user ? await blockedEitherWay(ctx.db, ctx.user.id) : new Set<number>();
    const list = hidden.size > 0 ? all.filter((a) => !hidden.has(a.userid)) : all;
    return { list, businessList: merchantsOf(list) };
  },

  async "/advert/getAdvertDetail"(input, ctx) {
    const advert = await listedAdvert(ctx.db, input.id);
    if (!advert) throw notFound("Advert");
    if (ctx.user) await refuseTradeIfBlocked(ctx.db, ctx.user.id, advert.userid);
    // Anonymous visitors may look; only a signed-in seller gets a secret to encrypt a card with.
    const secret = ctx.user ? await issueAdvertSecret(ctx.db, ctx.secrets, advert.id, ctx.user.id, ctx.now) : "";
    return { advert, secret };
  },
} satisfies HandlerGroup<
  | "/systemConfig/getSystemConfig"
  | "/systemConfig/getBtcTradeConfig"
  | "/systemConfig/getWealthConfig"
  | "/systemConfig/getUserCheckInConfig"
  | "/trackRecord/addTrackRecord"
  | "/banner/getBanners"
  | "/cardType/getCardType"
  | "/currency/getCurrency"
  | "/country/getCountryList"
  | "/advert/getAdvertList"
  | "/advert/getAdvertDetail"
>;

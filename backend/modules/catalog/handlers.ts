import { DEFAULT_COIN_NAME, DEFAULT_NGN_RATE } from "../../../contract/constants";
import { issueQuote } from "../quotes/quotes";
import { traderFiguresOf, TraderSide } from "../trader-figures/days";
import { TrackRecordType } from "../../../contract/enums";
import { notFound } from "../../http/errors";
import type { HandlerGroup } from "../../http/handler-types";
import type { CallContext } from "../../http/context";
import {
  activeAdverts,
  bannerExists,
  bannersAt,
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
  offerSummariesWithout,
  wearingAdverts,
} from "./queries";
import { rateRows, rateWindow } from "./rate-history";
import { bestNgnRate } from "../rate-alerts/evaluate";
import { refuseTradeIfBlocked } from "../relationships/blocks";
import { blockedEitherWay } from "../relationships/queries";

/**
 * Every card type with its offer summary, from the catalog cache. Calls answer the cached
 * object itself (not a copy): the call layer then checks and serializes it once (app.ts).
 */
const cardTypesOf = (ctx: CallContext) => ctx.catalog.read("card-types", async () => ({ list: await cardTypesWithStats(ctx.db) }));

/** The merchants whose offers a signed-in seller does not see: blocked by it or blocking it (ADR 0021). */
const hiddenFrom = (ctx: CallContext) => (ctx.user ? blockedEitherWay(ctx.db, ctx.user.id) : Promise.resolve(new Set<number>()));

/** Configuration, tracking and the public catalogue (banners, card types, currencies, countries, adverts). */
export const catalogHandlers = {
  "/systemConfig/getSystemConfig": (_input, ctx) =>
    ctx.catalog.read("system-config", async () => {
      const [system, contact] = await Promise.all([configRecord(ctx.db, "system"), configRecord(ctx.db, "contact")]);
      return {
        NGNRate: intValue(system.NGNRate, DEFAULT_NGN_RATE),
        CoinName: system.CoinName || DEFAULT_COIN_NAME,
        contact,
      };
    }),

  "/systemConfig/getBtcTradeConfig": (_input, ctx) =>
    ctx.catalog.read("btc-config", async () => {
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
    }),

  "/systemConfig/getWealthConfig": (_input, ctx) =>
    ctx.catalog.read("wealth-config", async () => {
      const rows = await configGroup(ctx.db, "wealth");
      return { wealth: rows.map((r) => ({ ckey: r.ckey, cvalue: r.cvalue })) };
    }),

  "/systemConfig/getUserCheckInConfig": (_input, ctx) => ctx.catalog.read("checkin-config", async () => ({ checkInList: await checkInList(ctx.db) })),

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

  "/banner/getBanners": (input, ctx) => ctx.catalog.read(`banners:${input.location}`, async () => ({ list: await bannersAt(ctx.db, input.location) })),

  async "/cardType/getCardType"(_input, ctx) {
    const everyone = await cardTypesOf(ctx);
    // Counts are the viewer's (ADR 0059): Home counts and rates only the offers its lists show.
    // Guests and those whose blocks touch no offer share the cached answer.
    const hidden = await hiddenFrom(ctx);
    if (hidden.size === 0) return everyone;
    const own = await offerSummariesWithout(ctx.db, [...hidden]);
    if (own.size === 0) return everyone;
    return { list: everyone.list.map((c) => ({ ...c, ...own.get(c.id) })) };
  },

  async "/cardType/getRateHistory"(input, ctx) {
    if (!(await cardTypesOf(ctx)).list.some((c) => c.id === input.cardTypeId)) throw notFound("Card type");
    // The rows change with the offers (the same commits empty the cache); the window moves with the clock.
    const { rows } = await ctx.catalog.read(`rate-history:${input.cardTypeId}`, async () => ({ rows: await rateRows(ctx.db, input.cardTypeId) }));
    return rateWindow(input.cardTypeId, rows, input.range, ctx.now.getTime());
  },

  "/currency/getCurrency": (_input, ctx) => ctx.catalog.read("currencies", async () => ({ list: await currencies(ctx.db) })),

  "/country/getCountryList": (_input, ctx) => ctx.catalog.read("countries", async () => ({ list: await countries(ctx.db) })),

  async "/advert/getAdvertList"(input, ctx) {
    if (!(await cardTypesOf(ctx)).list.some((c) => c.id === input.cardTypeId)) throw notFound("Card type");
    // The same for everyone, so cached; what depends on who asks is applied after. The merchants'
    // frames and badges end on a date: the cached list is loaded again once the first one ends.
    let changesAt: number | null = null;
    const everyone = await ctx.catalog.read(
      `adverts:${input.cardTypeId}:${input.currency ?? ""}`,
      async () => {
        const worn = await wearingAdverts(ctx.db, await activeAdverts(ctx.db, input.cardTypeId, input.currency), ctx.now);
        changesAt = worn.changesAt;
        return { list: worn.list, businessList: merchantsOf(worn.list) };
      },
      { now: ctx.now.getTime(), until: () => changesAt },
    );
    // A signed-in seller does not see the offers of merchants it blocked or that blocked it (ADR 0021).
    const hidden = await hiddenFrom(ctx);
    const list = hidden.size === 0 ? everyone.list : everyone.list.filter((a) => !hidden.has(a.userid));
    const businessList = hidden.size === 0 ? everyone.businessList : merchantsOf(list);
    // The figures move with every order and with the calendar: read after the cache, at most 30 rows a merchant (ADR 0069).
    const figures = await traderFiguresOf(ctx.db, TraderSide.Merchant, businessList.map((b) => b.id), ctx.now);
    // A withdrawer's rate, status or currency changing empties the catalog cache too (migration 038).
    const { rate } = await ctx.catalog.read("best-ngn-rate", async () => ({ rate: await bestNgnRate(ctx.db) }));
    return { list, businessList, traderFigures: [...figures].map(([userId, f]) => ({ userId, ...f })), bestNgnRate: rate };
  },

  async "/advert/getAdvertDetail"(input, ctx) {
    const advert = await listedAdvert(ctx.db, input.id);
    if (!advert) throw notFound("Advert");
    if (ctx.user) await refuseTradeIfBlocked(ctx.db, ctx.user.id, advert.userid);
    // Anonymous visitors may look; only a signed-in seller gets a secret to encrypt a card with.
    const secret = ctx.user ? await issueAdvertSecret(ctx.db, ctx.secrets, advert.id, ctx.user.id, ctx.now) : "";
    // The price the sell form shows is promised at this quote (ADR 0050).
    return { advert: (await wearingAdverts(ctx.db, [advert], ctx.now)).list[0]!, secret, quote: issueQuote(ctx, `advert:${advert.id}`, advert.discount) };
  },
} satisfies HandlerGroup<
  | "/systemConfig/getSystemConfig"
  | "/systemConfig/getBtcTradeConfig"
  | "/systemConfig/getWealthConfig"
  | "/systemConfig/getUserCheckInConfig"
  | "/trackRecord/addTrackRecord"
  | "/banner/getBanners"
  | "/cardType/getCardType"
  | "/cardType/getRateHistory"
  | "/currency/getCurrency"
  | "/country/getCountryList"
  | "/advert/getAdvertList"
  | "/advert/getAdvertDetail"
>;

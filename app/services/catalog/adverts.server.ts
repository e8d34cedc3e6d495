/**
 * The offers of one card type with the /advertList filters (docs/product/screens.md). One call
 * for all the type's offers (/advert/getAdvertList {cardTypeId}): the currency
 * filter offers only the currencies those offers are in (no EUR when no
 * offer is in EUR), and currency, card face and card type are filtered here.
 */
import type { AppLoadContext } from "~/services/kit/http.server";
import type { AdvertWithMerchant, CardType, Currency } from "../../../contract/entities";
import { CARD_FACE_OPTIONS } from "../../../contract/constants";
import { AdvertCardType, isOnline } from "../../../contract/enums";
import { Code } from "../../../contract/envelope";
import { fixedFaces } from "../../../contract/sell-rules";
import { must, optionalApi } from "../kit/api.server";
import type { TraderFigures } from "../../../contract/trader-figures";

/** docs/product/constants.md: card face filter options (whole units of the currency). */
export const CARD_FACES = CARD_FACE_OPTIONS;

export interface AdvertFilters {
  /** ISO code, "" for all currencies. */
  currency: string;
  /** Whole units, null for any face. */
  face: number | null;
  /** 0 pictures, 1 e-codes, null for all. */
  type: AdvertCardType | null;
}

export function parseFilters(url: URL, currencies: readonly Currency[]): AdvertFilters {
  const rawCurrency = (url.searchParams.get("currency") ?? "").trim().toUpperCase();
  const currency = currencies.some((c) => c.currency === rawCurrency) ? rawCurrency : "";
  const rawFace = Number(url.searchParams.get("face") ?? "");
  const face = (CARD_FACES as readonly number[]).includes(rawFace) ? rawFace : null;
  const rawType = url.searchParams.get("type");
  const type =
    rawType === String(AdvertCardType.Picture)
      ? AdvertCardType.Picture
      : rawType === String(AdvertCardType.ECode)
        ? AdvertCardType.ECode
        : null;
  return { currency, face, type };
}

/**
 * Whether an offer takes a card of this face (whole units). An offer with
 * fixed faces (fixTrade) takes exactly those; otherwise any face between
 * minTrade and maxTrade. Both are in hundredths, hence face × 100.
 */
export function takesFace(a: Pick<AdvertWithMerchant, "minTrade" | "maxTrade" | "fixTrade">, face: number): boolean {
  const minor = face * 100;
  const fixed = fixedFaces(a.fixTrade);
  if (fixed.length > 0) return fixed.includes(minor);
  return a.minTrade <= minor && minor <= a.maxTrade;
}

export function applyFilters<T extends Pick<AdvertWithMerchant, "minTrade" | "maxTrade" | "fixTrade" | "cardType">>(
  list: readonly T[],
  f: Pick<AdvertFilters, "face" | "type">,
): T[] {
  return list.filter((a) => (f.type === null || a.cardType === f.type) && (f.face === null || takesFace(a, f.face)));
}

/** An offer with its merchant's figures over 30 days (ADR 0069). */
export type OfferRow = AdvertWithMerchant & { figures?: TraderFigures };

export interface AdvertListData {
  cardType: CardType;
  currencies: Currency[];
  filters: AdvertFilters;
  /** Offers after every filter, online merchants first (the API's order otherwise). */
  offers: OfferRow[];
  /** Offers of the card type in the chosen currency before face/type filters. */
  totalInCurrency: number;
}

function notFound(): Response {
  return new Response(JSON.stringify({ message: "This card type does not exist." }), {
    status: 404,
    headers: { "content-type": "application/json" },
  });
}

export async function loadAdvertList(
  request: Request,
  context: AppLoadContext,
  cardTypeIdParam: string | undefined,
): Promise<AdvertListData> {
  const cardTypeId = Number(cardTypeIdParam);
  if (!Number.isSafeInteger(cardTypeId) || cardTypeId <= 0) throw notFound();

  const api = await optionalApi(request, context);
  const [types, currencyList] = await Promise.all([api.call("/cardType/getCardType"), api.call("/currency/getCurrency")]);
  const cardType = must(types).list.find((c) => c.id === cardTypeId);
  if (!cardType) throw notFound();
  const currencies = currencyList.ok ? currencyList.data.list : [];

  const adverts = await api.call("/advert/getAdvertList", { cardTypeId });
  if (!adverts.ok && adverts.code === Code.NOT_FOUND) throw notFound();
  const { list: all, businessList, traderFigures } = must(adverts);
  // Only the currencies this card type's offers are in, in the catalogue's order.
  const offered = currencies.filter((c) => all.some((a) => a.tradeCurrency === c.currency));
  const filters = parseFilters(new URL(request.url), offered);
  const list = filters.currency ? all.filter((a) => a.tradeCurrency === filters.currency) : all;

  // The merchants' online status comes with businessList; the advert's own copy is the fallback.
  const status = new Map(businessList.map((b) => [b.id, b.onlineStatus]));
  const figures = new Map(traderFigures.map(({ userId, ...f }) => [userId, f]));
  const withStatus = list.map((a) => ({ ...a, onlineStatus: status.get(a.userid) ?? a.onlineStatus, figures: figures.get(a.userid) }));
  const filtered = applyFilters(withStatus, filters);
  // Stable: online first, keeping the API's order (best rate first) within each group.
  const offers = [...filtered.filter((a) => isOnline(a.onlineStatus)), ...filtered.filter((a) => !isOnline(a.onlineStatus))];

  return { cardType, currencies: offered, filters, offers, totalInCurrency: list.length };
}

/**
 * The offers of one card type with the /advertList filters (docs/product/screens.md). One call
 * for all the type's offers (/advert/getAdvertList {cardTypeId}): the currency
 * filter offers only the currencies those offers are in (no EUR when no
 * offer is in EUR), and currency, card face and card type are filtered here. A face (a pill or a
 * typed amount) prices the card: what each offer that takes it pays, best first (ADR 0072).
 */
import type { AppLoadContext } from "~/services/kit/http.server";
import type { AdvertWithMerchant, CardType, Currency } from "../../../contract/entities";
import { CARD_FACE_OPTIONS, MINOR_PER_UNIT } from "../../../contract/constants";
import { AdvertCardType, isOnline } from "../../../contract/enums";
import { Code } from "../../../contract/envelope";
import { sellOfferOf, unitsText } from "../../../contract/sell-rules";
import { offersPaying, type OfferPays } from "../../../contract/rate-calculator";
import { TWO_DECIMALS, hasTooManyDecimals, minorFromInput } from "../money/format";
import { must, optionalApi } from "../kit/api.server";
import type { TraderFigures } from "../../../contract/trader-figures";

/** docs/product/constants.md: card face filter options (whole units of the currency). */
export const CARD_FACES = CARD_FACE_OPTIONS;

export interface AdvertFilters {
  /** ISO code, "" for all currencies. */
  currency: string;
  /** Whole units, null for any face. */
  face: number | null;
  /** A face she typed ("250", "25.50"), as typed; it wins over the face pill. */
  amount: string;
  /** 0 pictures, 1 e-codes, null for all. */
  type: AdvertCardType | null;
}

export function parseFilters(url: URL, currencies: readonly Currency[]): AdvertFilters {
  const rawCurrency = (url.searchParams.get("currency") ?? "").trim().toUpperCase();
  const currency = currencies.some((c) => c.currency === rawCurrency) ? rawCurrency : "";
  const rawFace = Number(url.searchParams.get("face") ?? "");
  const face = (CARD_FACES as readonly number[]).includes(rawFace) ? rawFace : null;
  const amount = (url.searchParams.get("amount") ?? "").trim().slice(0, 20);
  const rawType = url.searchParams.get("type");
  const type =
    rawType === String(AdvertCardType.Picture)
      ? AdvertCardType.Picture
      : rawType === String(AdvertCardType.ECode)
        ? AdvertCardType.ECode
        : null;
  return { currency, face, amount, type };
}

export const AMOUNT_INVALID = "Enter the card face as a number, for example 100 or 25.50.";

/** The face being priced (hundredths): the typed amount, else the face pill; with the typed amount's error. */
export function pricedFace(f: Pick<AdvertFilters, "face" | "amount">): { face: number | null; error: string | null } {
  if (f.amount) {
    if (hasTooManyDecimals(f.amount)) return { face: null, error: TWO_DECIMALS };
    const typed = minorFromInput(f.amount);
    return typed !== null && typed > 0 ? { face: typed, error: null } : { face: null, error: AMOUNT_INVALID };
  }
  return { face: f.face === null ? null : f.face * MINOR_PER_UNIT, error: null };
}

/** An offer with its merchant's figures over 30 days (ADR 0069) and, when a card is priced, what it pays for it (ADR 0072). */
export type OfferRow = AdvertWithMerchant & { figures?: TraderFigures; pays?: OfferPays };

/**
 * The offers that take a card of this face and form (the sell form's rule, contract/rate-calculator.ts).
 * With the card's currency known, each carries what it pays and the most paying come first; across
 * currencies a face means different cards, so they keep the list's order and carry no figure.
 */
export function offersFor<T extends AdvertWithMerchant>(
  list: readonly T[],
  card: { face: number | null; type: AdvertCardType | null; currency: string },
  bestNgnRate: number | null,
): (T & { pays?: OfferPays })[] {
  if (card.face === null) return list.filter((a) => card.type === null || a.cardType === card.type);
  const weighed = list.map((a, i) => ({ ...sellOfferOf(a), discount: a.discount, row: a, i }));
  const paying = offersPaying({ face: card.face, form: card.type, currency: card.currency || undefined }, weighed, bestNgnRate);
  if (card.currency) return paying.map(({ offer, pays }) => ({ ...offer.row, pays }));
  return paying.sort((a, b) => a.offer.i - b.offer.i).map(({ offer }) => offer.row);
}

export interface AdvertListData {
  cardType: CardType;
  currencies: Currency[];
  filters: AdvertFilters;
  /** The card being priced: its face (hundredths; as a sell form's ?face=) and currency ("" across currencies); null when no face is given. */
  priced: { face: number; faceText: string; currency: string } | null;
  /** Today's best withdrawer NGN rate (per 10000 per coin), what "≈ ₦" is at; null when no withdrawer pays naira. */
  bestNgnRate: number | null;
  /** The typed amount's problem, shown at the field. */
  amountError: string | null;
  /** Offers after every filter, online merchants first; priced: most paying first within each group. */
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
  const { list: all, businessList, traderFigures, bestNgnRate } = must(adverts);
  // Only the currencies this card type's offers are in, in the catalogue's order.
  const offered = currencies.filter((c) => all.some((a) => a.tradeCurrency === c.currency));
  const filters = parseFilters(new URL(request.url), offered);
  const list = filters.currency ? all.filter((a) => a.tradeCurrency === filters.currency) : all;

  // The merchants' online status comes with businessList; the advert's own copy is the fallback.
  const status = new Map(businessList.map((b) => [b.id, b.onlineStatus]));
  const figures = new Map(traderFigures.map(({ userId, ...f }) => [userId, f]));
  const withStatus = list.map((a) => ({ ...a, onlineStatus: status.get(a.userid) ?? a.onlineStatus, figures: figures.get(a.userid) }));
  const { face, error: amountError } = pricedFace(filters);
  // One currency offered is the card's currency even when she did not choose it.
  const currency = filters.currency || (offered.length === 1 ? offered[0]!.currency : "");
  const filtered = offersFor(withStatus, { face, type: filters.type, currency }, bestNgnRate);
  // Stable: online first (an offline merchant cannot buy now), keeping the order within each group.
  const offers = [...filtered.filter((a) => isOnline(a.onlineStatus)), ...filtered.filter((a) => !isOnline(a.onlineStatus))];
  const priced = face !== null ? { face, faceText: unitsText(face), currency } : null;

  return { cardType, currencies: offered, filters, priced, bestNgnRate, amountError, offers, totalInCurrency: list.length };
}

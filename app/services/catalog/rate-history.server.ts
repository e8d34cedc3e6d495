/**
 * The best rates of one card type over the range its page asks for (?range=7|30|90, ADR 0070).
 * The offers load on their own: without this figure the page still lists them (null: no chart).
 */
import type { AppLoadContext } from "~/services/kit/http.server";
import { rateHistoryRangeOf, type RateHistory } from "../../../contract/rate-history";
import { optionalApi } from "../kit/api.server";

export async function loadRateHistory(request: Request, context: AppLoadContext, cardTypeIdParam: string | undefined): Promise<RateHistory | null> {
  const cardTypeId = Number(cardTypeIdParam);
  if (!Number.isSafeInteger(cardTypeId) || cardTypeId <= 0) return null;
  const range = rateHistoryRangeOf(new URL(request.url).searchParams.get("range"));
  const api = await optionalApi(request, context);
  const result = await api.call("/cardType/getRateHistory", { cardTypeId, range });
  return result.ok ? result.data : null;
}

/**
 * GET /prices: the BTC and USDT prices (USD hundredths per coin) for the
 * price island of /sellVirtualCoin, from /virtualCoinOrder/getPrices (which
 * caches its feed for 5 s). JSON: { list: [{ type, symbol, price, indicative, updatedAt }] }.
 */
import { json, NO_STORE, type LoaderFunctionArgs } from "~/services/kit/http.server";
import { apiFor } from "~/services/kit/caller.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await apiFor(request, context);
  const result = await api.call("/virtualCoinOrder/getPrices", {}, { retries: 1 });
  if (!result.ok) return json({ list: [], error: result.msg }, { status: 502, headers: NO_STORE });
  return json({ list: result.data.list, error: null }, { headers: NO_STORE });
}

/**
 * /advertList/{cardTypeId} (also /cardType/{id}): the offers of one card type
 * (docs/product/screens.md). Filters are a GET form, so they work without JavaScript; with it
 * they submit on change. Card face and card type are filtered in the loader. A face (a pill or a
 * typed amount) prices her card: each offer says what it pays, best first (ADR 0072); with
 * JavaScript the typed amount refreshes the offers in place.
 */
import { json, type LoaderFunctionArgs, type MetaFunction } from "~/services/kit/http.server";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { cx } from "~/components/ui/cx";
import { useMainLayoutData } from "~/components/layout/layout-data";
import { useSamePathLoading } from "~/components/layout/use-same-path-loading";
import { ButtonLink, EmptyState } from "~/components/ui";
import { loadAdvertList } from "~/services/catalog/adverts.server";
import { loadRateHistory } from "~/services/catalog/rate-history.server";
import { RateHistory } from "~/components/catalog/RateHistory";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";
import { Filters, LIVE_REGION, Offer } from "~/components/catalog/OfferList";
import { PricedNote } from "~/components/catalog/PricedNote";
import { BackLink } from "~/components/ui/BackLink";
import type { IslandsHandle } from "~/services/layout/islands";

/** Islands-only (ADR 0067): the filters are a GET form the touches script sends on change. */
export const handle: IslandsHandle = { islands: [] };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const [list, rateHistory] = await Promise.all([loadAdvertList(request, context, params.cardTypeId), loadRateHistory(request, context, params.cardTypeId)]);
  return json({ ...list, rateHistory });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.cardType.nameEn} offers | GiftMarket` : "Offers | GiftMarket" },
];

export default function AdvertList() {
  const { cardType, currencies, filters, priced, bestNgnRate, amountError, offers, totalInCurrency, rateHistory } = useLoaderData<typeof loader>();
  const { coinName, ngnRate } = useMainLayoutData();
  const { pathname, search } = useLocation();
  const loading = useSamePathLoading();
  const filtered = filters.face !== null || filters.type !== null || Boolean(filters.currency) || Boolean(filters.amount);

  return (
    <div className="flex flex-col gap-4">
      <BackLink to="/home">All gift cards</BackLink>
      <header className="flex items-center gap-3">
        <img src={cardType.icon} alt="" width={56} height={56} className="h-14 w-14 shrink-0 rounded-xl bg-gray-100" />
        <div className="min-w-0">
          <h1 className="truncate text-xl font-bold text-gray-900 md:text-2xl">{cardType.nameEn}</h1>
          <p id="offer-count" {...LIVE_REGION} className="text-sm text-gray-600">
            {offers.length === 1 ? "1 offer" : `${offers.length} offers`}
            {filtered ? " match your filters" : ""}
          </p>
        </div>
      </header>

      <Filters filters={filters} currencies={currencies} amountError={amountError} />
      <Link to={`/rateAlerts?cardTypeId=${cardType.id}${filters.currency ? `&currency=${encodeURIComponent(filters.currency)}` : ""}`} className="self-start text-sm font-medium text-brand-700 underline underline-offset-2">Tell me when the rate rises</Link>

      <section id="offer-results" {...LIVE_REGION} aria-label="Offers" aria-busy={loading || undefined} className={cx("flex flex-col gap-3 transition-opacity", loading && "opacity-60")}>
        {priced && (offers.length > 0 || !priced.currency) ? <PricedNote priced={priced} form={filters.type} bestNgnRate={bestNgnRate} /> : null}
        {offers.length === 0 ? (
          <EmptyState
            className="rounded-xl bg-white"
            title={filtered ? "No offer matches these filters" : "No offers for this card yet"}
            description={
              filtered
                ? totalInCurrency > 0
                  ? "Try another card face or card type."
                  : "Try another currency, or clear the filters."
                : "Merchants add offers every day. Try another gift card for now."
            }
            action={
              filtered ? (
                <ButtonLink to={pathname} preventScrollReset variant="secondary">
                  Reset filters
                </ButtonLink>
              ) : (
                <ButtonLink to="/home" variant="secondary">
                  See all gift cards
                </ButtonLink>
              )
            }
          />
        ) : (
          <ul className="flex flex-col gap-3">
            {offers.map((a) => (
              <li key={a.id}>
                <Offer a={a} coinName={coinName} ngnRate={ngnRate} sellFace={priced?.faceText ?? null} />
              </li>
            ))}
          </ul>
        )}
      </section>

      {rateHistory ? <RateHistory history={rateHistory} coinName={coinName} search={search} /> : null}
    </div>
  );
}

/** An unknown card type or a failed load, inside the layout. */
export function ErrorBoundary() {
  return <GeneralErrorBoundary notFound={{ description: "It may have been removed. Choose another gift card.", action: <ButtonLink to="/home">See all gift cards</ButtonLink> }} />;
}

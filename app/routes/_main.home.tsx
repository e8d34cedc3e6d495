/**
 * /home (docs/product/screens.md): banner carousel ('home' banners on desktop, 'home_h5' on
 * phones, chosen with CSS), the grid of card types with their best rate in
 * NGN per unit of currency, the rate calculator (a GET form to the card's priced offers, ADR 0072),
 * a Need Help? popover, and the promo popup once per browser session.
 */
import { json, type LoaderFunctionArgs, type MetaFunction } from "~/services/kit/http.server";
import { Link, useLoaderData } from "@remix-run/react";
import type { Banner, CardType } from "../../contract/entities";
import { BannerLocation } from "../../contract/catalog-enums";
import { BannerCarousel, type ShownBanner } from "~/components/catalog/BannerCarousel";
import { ngnPerUnit } from "~/services/money/ngn-per-unit";
import { oneCoin } from "~/services/money/coin-name";
import { NeedHelp } from "~/components/catalog/NeedHelp";
import { HomeCalculator } from "~/components/catalog/HomeCalculator";
import { PromoPopup } from "~/components/catalog/PromoPopup";
import { useMainLayoutData } from "~/components/layout/layout-data";
import { EmptyState, ErrorState } from "~/components/ui";
import { apiFor } from "~/services/kit/caller.server";
import { ngnRateDisplay } from "~/services/money/format";
import { latePicture } from "~/services/layout/late-pictures";
import { markPromoSeen, promoSeen } from "~/services/layout/promo.server";
import { bannerLeavesTo } from "~/services/layout/web-view";
import type { InlineStylesHandle } from "~/services/layout/document-head.server";
import type { SharedRenderHandle } from "~/services/layout/shared-render.server";
import type { IslandsHandle } from "~/services/layout/islands";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";
import { useKeptScroll } from "~/components/ui/kept-alive";

/**
 * The landing page: a first visit carries the rules it uses (ADR 0044), signed-out visitors
 * share one render (ADR 0045): nothing here reads the clock or the request but through the loaders;
 * and it is islands-only (ADR 0067): the touches script drives its carousel, promo and Need Help.
 */
export const handle: InlineStylesHandle & SharedRenderHandle & IslandsHandle = { inlineStyles: true, sharedRender: true, islands: [] };

export const meta: MetaFunction = () => [{ title: "GiftMarket: sell gift cards for coins" }];

/** A banner with the site it leads to, worked out here: the page's script carries no address parsing. */
const shown = (b: Banner): ShownBanner => ({ ...b, leaves: bannerLeavesTo(b) });

/** Intrinsic sizes of the banner pictures per location. */
const DESKTOP_BANNER = { width: 1200, height: 400 };
const PHONE_BANNER = { width: 750, height: 360 };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await apiFor(request, context);
  const [home, h5, pop, cardTypes, currencies] = await Promise.all([
    api.call("/banner/getBanners", { location: BannerLocation.Home }),
    api.call("/banner/getBanners", { location: BannerLocation.HomeH5 }),
    api.call("/banner/getBanners", { location: BannerLocation.HomePop }),
    api.call("/cardType/getCardType"),
    api.call("/currency/getCurrency"),
  ]);

  const headers = new Headers();
  const closed = new URL(request.url).searchParams.get("promo") === "closed";
  let promo: ShownBanner | null = null;
  if (!(await promoSeen(request))) {
    const first = !closed && pop.ok ? pop.data.list[0] : undefined;
    promo = first ? shown(first) : null;
    headers.append("Set-Cookie", await markPromoSeen());
  }

  const desktop = home.ok ? home.data.list.map(shown) : [];
  const phone = h5.ok ? h5.data.list.map(shown) : [];
  return json(
    {
      // Phones fall back to the desktop banners when there are no phone ones (and back).
      desktopBanners: desktop.length > 0 ? desktop : phone,
      phoneBanners: phone.length > 0 ? phone : desktop,
      cardTypes: cardTypes.ok ? cardTypes.data.list : [],
      cardTypesError: cardTypes.ok ? null : cardTypes.msg,
      currencies: currencies.ok ? currencies.data.list : [],
      promo,
    },
    { headers },
  );
}

function CardTypeTile({ cardType, ngnRate }: { cardType: CardType; ngnRate: number }) {
  const hasOffers = cardType.totalAdvert > 0 && cardType.maxDiscount > 0;
  return (
    <Link
      to={`/advertList/${cardType.id}`}
      className="flex h-full flex-col gap-2 rounded-xl bg-white p-3 no-underline shadow-sm ring-1 ring-gray-200 transition hover:shadow-md hover:ring-brand-300 sm:flex-row sm:items-center sm:gap-3 sm:p-4"
      data-testid="card-type"
    >
      {/* The box holds the icon's place while it waits for the page's scripts (ADR 0043). */}
      <span className="block h-12 w-12 shrink-0 overflow-hidden rounded-lg bg-gray-100">
        <img src={cardType.icon} alt="" width={48} height={48} {...latePicture} className="block h-12 w-12" />
      </span>
      <span className="min-w-0 flex-1 self-stretch sm:self-auto">
        <span className="block truncate text-sm font-semibold text-gray-900 sm:text-base">{cardType.nameEn}</span>
        {hasOffers ? (
          <span className="num mt-0.5 block truncate text-sm font-semibold text-money-in-700">
            {ngnPerUnit(cardType.maxDiscount, ngnRate)}
            <span className="font-normal text-gray-600"> / {cardType.maxDiscountCurrency}</span>
          </span>
        ) : (
          <span className="mt-0.5 block text-sm text-gray-600">No rate yet</span>
        )}
        <span className="mt-0.5 block text-xs text-gray-600">
          {cardType.totalAdvert === 1 ? "1 offer" : `${cardType.totalAdvert} offers`}
        </span>
      </span>
    </Link>
  );
}

export default function Home() {
  useKeptScroll("/home");
  const { desktopBanners, phoneBanners, cardTypes, cardTypesError, currencies, promo } = useLoaderData<typeof loader>();
  const { ngnRate, coinName, contact } = useMainLayoutData();

  return (
    // data-kept-scroll: the touches script keeps the scroll on the islands-only page, as useKeptScroll does.
    <div className="flex flex-col gap-6 pb-16" data-kept-scroll="/home">
      {/* First: without JavaScript it is a notice at the top of the page (with it, a dialog over the page). */}
      {promo ? <PromoPopup banner={promo} /> : null}
      {desktopBanners.length > 0 ? (
        <BannerCarousel
          id="banner-home"
          label="Promotions"
          banners={desktopBanners}
          {...DESKTOP_BANNER}
          className="hidden md:block"
          eager={false}
        />
      ) : null}
      {phoneBanners.length > 0 ? (
        <BannerCarousel id="banner-h5" label="Promotions" banners={phoneBanners} {...PHONE_BANNER} className="md:hidden" />
      ) : null}

      <section aria-labelledby="card-types-title">
        <div className="mb-3 flex flex-wrap items-end justify-between gap-x-4 gap-y-1">
          <div>
            <h1 id="card-types-title" className="text-xl font-bold text-gray-900 md:text-2xl">
              Sell a gift card
            </h1>
            <p className="text-sm text-gray-600">Choose a card to see the merchants buying it and their rates.</p>
          </div>
          <p className="num text-sm text-gray-600">
            1 {oneCoin(coinName)} ≈ <span className="font-semibold text-gray-900">₦{ngnRateDisplay(ngnRate)}</span>
          </p>
        </div>
        {cardTypesError ? (
          <ErrorState message={cardTypesError} className="rounded-xl bg-white" />
        ) : cardTypes.length === 0 ? (
          <EmptyState
            className="rounded-xl bg-white"
            title="No gift cards are being bought right now"
            description="Merchants add new offers every day. Check back soon, or ask our support team which cards they buy."
          />
        ) : (
          <ul className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-4">
            {cardTypes.map((c) => (
              <li key={c.id}>
                <CardTypeTile cardType={c} ngnRate={ngnRate} />
              </li>
            ))}
          </ul>
        )}
      </section>

      {/* Only card types with offers can be priced (ADR 0072). */}
      {cardTypes.some((c) => c.totalAdvert > 0) && currencies.length > 0 ? (
        <HomeCalculator cardTypes={cardTypes.filter((c) => c.totalAdvert > 0)} currencies={currencies} />
      ) : null}

      <NeedHelp contact={contact} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

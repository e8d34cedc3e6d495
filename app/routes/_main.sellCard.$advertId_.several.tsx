/**
 * /sellCard/{advertId}/several: several cards to one offer in one submit, each its own order
 * (docs/decisions/0073-several-cards-in-one-trade.md). The one-card form links here and back.
 *
 * - Loader: the one-card form's (the offer, a fresh secret, the quote).
 * - Action: app/services/forms/sell-batch.server.ts; "Add a card" answers the form with one row
 *   more; a refusal names its card and shows at that row; success: 'Success' toast and the
 *   batch's page, /orderBatch/{id}.
 */
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import type { AdvertWithMerchant } from "../../contract/entities";
import { MESSAGES } from "../../contract/messages";
import { useMainLayoutData } from "~/components/layout/layout-data";
import { OfferSummary } from "~/components/orders/OfferSummary";
import { SeveralCardsForm } from "~/components/orders/SeveralCardsForm";
import { ArrowLeftIcon, ButtonLink } from "~/components/ui";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";
import { sellSeveralCards } from "~/services/forms/sell-batch.server";
import { redirectWithToast, requireApi } from "~/services/kit/api.server";
import { readForm } from "~/services/kit/form.server";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, NO_STORE } from "~/services/kit/http.server";
import { idParam } from "~/services/kit/params";
import { OFFER_NOT_FOUND, sellPageLoader } from "~/services/orders/sell-page.server";
import { sellFormShouldRevalidate } from "~/services/orders/sell-page";

export const loader = (args: LoaderFunctionArgs) => sellPageLoader(args, (id) => `/sellCard/${id}/several`);

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Sell several ${data.advert.paymentNameEn} cards | GiftMarket` : "Sell several cards | GiftMarket" },
];

export const shouldRevalidate = sellFormShouldRevalidate;

export async function action({ request, context, params }: ActionFunctionArgs) {
  const id = idParam(params.advertId, OFFER_NOT_FOUND);
  const api = await requireApi(request, context);
  const answer = await sellSeveralCards(api, id, await readForm(request));
  if ("batchId" in answer) return redirectWithToast(api.session, `/orderBatch/${answer.batchId}`, MESSAGES.success);
  return json(answer, { headers: NO_STORE });
}

export default function SellSeveralCardsPage() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const advert = data.advert as AdvertWithMerchant;
  const { coinName, ngnRate } = useMainLayoutData();
  const quote = reply?.askAgain?.quote ?? data.quote;
  const quoted = { ...advert, discount: quote.rate };
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4">
      <Link to={`/sellCard/${advert.id}`} className="inline-flex w-fit items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeftIcon className="h-4 w-4" />
        Sell one card
      </Link>
      <header className="flex items-center gap-3">
        {advert.paymentIcon ? <img src={advert.paymentIcon} alt="" width={48} height={48} className="h-12 w-12 shrink-0 rounded-xl bg-gray-100" /> : null}
        <div className="min-w-0">
          <h1 className="text-xl font-bold text-gray-900 md:text-2xl">Sell several cards</h1>
          <p className="text-sm text-gray-600">
            {advert.paymentNameEn} to {advert.nickname} · {advert.tradeCurrency}
          </p>
        </div>
      </header>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.25fr)] lg:items-start">
        <OfferSummary advert={quoted} coinName={coinName} ngnRate={ngnRate} />
        <SeveralCardsForm
          advert={quoted}
          quote={quote}
          secret={reply?.secret ?? data.secret}
          signedIn={data.signedIn}
          loginHref={data.loginHref}
          coinName={coinName}
          ngnRate={ngnRate}
          reply={reply}
        />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary notFound={{ description: "It may have been removed. Choose another offer.", action: <ButtonLink to="/home">See all gift cards</ButtonLink> }} />;
}

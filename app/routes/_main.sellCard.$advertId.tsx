/**
 * /sellCard/{advertId}: sell one card against one offer (docs/product/screens.md, docs/product/validation.md).
 *
 * - Loader: /advert/getAdvertDetail. A signed-in caller gets a fresh secret; it
 *   rides in a hidden field, so a resubmit of the same form (double click,
 *   flaky network, no-JS retry) sends the same secret and addOrder answers the
 *   order it already created (ADR 0007). After a failed post the page keeps the
 *   secret it posted (the action echoes it; the loader is not re-run with JS).
 * - Anonymous visitors see the offer; the submit opens "Go To Login?" (with
 *   JavaScript) or is a plain link to /login?redirectTo=/sellCard/ID.
 * - Picture offers: with JavaScript the ImagePicker island compresses and
 *   uploads each image (progress, 'Unsupport!', 'Fail!') and posts the paths;
 *   without it the form is multipart and the action uploads the files.
 * - E-code offers: one code per line, sent exactly as typed (ADR 0014); an
 *   offer that takes one code per order refuses several before the order is placed.
 * - The same schema checks in the browser and in the action (docs/product/validation.md);
 *   whatever the API still refuses shows as the form's error.
 * - The price is promised (ADR 0050): the offer's quote rides in hidden fields and the action
 *   sends it with the coins the page showed for the face; if the merchant changed its rate (or
 *   the quote ran out) nothing is sold, and the page shows the new price with one button to sell
 *   at it. Pictures already uploaded (the no-JavaScript path) are kept for that second post.
 * - Success: 'Success' toast and /orderDetails/{id}.
 * - A link to the several-cards form (/sellCard/{id}/several, ADR 0073).
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, NO_STORE, combineHeaders } from "~/services/kit/http.server";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { lazy } from "react";
import { joinCardCodes } from "../../contract/card-codes";
import { sellFieldOf } from "../../contract/sell-rules";
import type { AdvertWithMerchant } from "../../contract/entities";
import { Code } from "../../contract/envelope";
import { AdvertCardType } from "../../contract/enums";
import { MESSAGES } from "../../contract/messages";
import { useMainLayoutData } from "~/components/layout/layout-data";
import { OfferSummary } from "~/components/orders/OfferSummary";
import { ArrowLeftIcon, ButtonLink, EmptyState } from "~/components/ui";
import { must, optionalApi, redirectWithToast, requireApi } from "~/services/kit/api.server";
import { idParam, notFoundResponse } from "~/services/kit/params";
import { postedFiles, uploadCardFiles } from "~/services/orders/card-uploads.server";
import { OFFER_NOT_FOUND, sellPageLoader } from "~/services/orders/sell-page.server";
import { sellFormShouldRevalidate } from "~/services/orders/sell-page";
import { SELL_HIDDEN_FIELDS } from "~/services/forms/sell";
import { parseWithZod, sellSchema } from "~/services/forms/schemas.server";
import { readForm } from "~/services/kit/form.server";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";
import { SellForm } from "~/components/orders/SellForm";
import { coinsForFace } from "../../contract/money";
import { askAgainOf, quoteFromForm, shown, type AskAgain } from "~/services/forms/quote.server";

const ImagePicker = lazy(() => import("~/components/orders/ImagePicker.client"));


const NOT_FOUND = OFFER_NOT_FOUND;

export const loader = (args: LoaderFunctionArgs) => sellPageLoader(args, (id) => `/sellCard/${id}`);

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Sell ${data.advert.paymentNameEn} | GiftMarket` : "Sell a card | GiftMarket" },
];

export const shouldRevalidate = sellFormShouldRevalidate;

export async function action({ request, context, params }: ActionFunctionArgs) {
  const id = idParam(params.advertId, NOT_FOUND);
  const api = await requireApi(request, context);

  const formData = await readForm(request);
  const secret = typeof formData.get("secret") === "string" ? String(formData.get("secret")).trim() : "";
  const files = postedFiles(formData, "files");

  // Only what needs no offer is checked here: /order/addOrder is the authority (no second read of the offer).
  const submission = parseWithZod(formData, { schema: sellSchema(null, { fileCount: files.length }) });
  // Pictures uploaded so far stay with the form: a second post (the new price accepted, a code
  // corrected) need not send them again.
  const paths: string[] = submission.status === "success" ? [...submission.value.cardImg] : [];
  const uploadedBefore = paths.length;
  // Files posted but not uploaded are gone from the page that answers: it asks for them again.
  const reply = (opts: Parameters<typeof submission.reply>[0] = {}, askAgain: AskAgain | null = null) =>
    json(
      { result: submission.reply({ ...opts, hideFields: SELL_HIDDEN_FIELDS }), secret: secret || null, cardImg: paths, photosLost: files.length - (paths.length - uploadedBefore), askAgain },
      { headers: NO_STORE },
    );
  if (submission.status !== "success") return reply();
  const v = submission.value;

  // No JavaScript: the files came with the form; upload them here (the backend compresses).
  const uploadProblem = await uploadCardFiles(api, v.secret, files, paths);
  if (uploadProblem) return reply({ fieldErrors: { cardImg: [uploadProblem] } });

  const result = await api.call("/order/addOrder", {
    advertId: id,
    tradeAmount: v.tradeAmount,
    cardImg: paths.length > 0 ? paths.join("|") : undefined,
    cardCode: v.cardCode.length > 0 ? joinCardCodes(v.cardCode) : undefined,
    secret: v.secret,
    remark: v.remark,
    quote: shown(quoteFromForm(formData), (rate) => coinsForFace(v.tradeAmount, rate)),
  });
  const askAgain = askAgainOf(result);
  if (askAgain) return reply({ formErrors: [askAgain.message] }, askAgain);
  if (!result.ok) {
    // The spec's messages go beside their field, as the browser's own check would put them.
    const field = sellFieldOf(result.msg);
    return reply(field === "form" ? { formErrors: [result.msg] } : { fieldErrors: { [field]: [result.msg] } });
  }
  return redirectWithToast(api.session, `/orderDetails/${result.data.id}`, MESSAGES.success);
}

export default function SellCardPage() {
  const data = useLoaderData<typeof loader>();
  const advert = data.advert as AdvertWithMerchant;
  const { coinName, ngnRate } = useMainLayoutData();
  // The price the page shows is its quote's: a refusal's new one once the seller was asked again.
  const quote = useActionData<typeof action>()?.askAgain?.quote ?? data.quote;
  const quoted = { ...advert, discount: quote.rate };
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4">
      <Link
        to={`/advertList/${advert.cardtypeid}`}
        className="inline-flex w-fit items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeftIcon className="h-4 w-4" />
        All {advert.paymentNameEn} offers
      </Link>
      <header className="flex items-center gap-3">
        {advert.paymentIcon ? (
          <img src={advert.paymentIcon} alt="" width={48} height={48} className="h-12 w-12 shrink-0 rounded-xl bg-gray-100" />
        ) : null}
        <div className="min-w-0">
          <h1 className="truncate text-xl font-bold text-gray-900 md:text-2xl">Sell {advert.paymentNameEn}</h1>
          <p className="text-sm text-gray-600">
            {advert.cardType === AdvertCardType.ECode ? "E-code card" : "Picture of a physical card"} · {advert.tradeCurrency}
          </p>
        </div>
      </header>
      {/* Several cards in one submit, each its own order (ADR 0073). */}
      <Link to={`/sellCard/${advert.id}/several`} className="w-fit text-sm font-medium text-brand-700 underline underline-offset-2" data-testid="sell-several">
        Have several cards? Sell them in one go
      </Link>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.25fr)] lg:items-start">
        <OfferSummary advert={quoted} coinName={coinName} ngnRate={ngnRate} />
        <SellForm
          advert={quoted}
          quote={quote}
          secret={data.secret}
          signedIn={data.signedIn}
          loginHref={data.loginHref}
          defaultFace={data.defaultFace}
          coinName={coinName}
          ngnRate={ngnRate}
        />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      notFound={{ description: "It may have been removed. Choose another offer.", action: <ButtonLink to="/home">See all gift cards</ButtonLink> }}
      statusHandlers={{
        403: ({ message }) => (
          <EmptyState
            className="rounded-xl bg-white"
            title={message}
            description="Users you blocked are listed under Partners, where you can also unblock them."
            action={
              <div className="flex flex-wrap justify-center gap-2">
                <ButtonLink to="/partnerList?type=2" variant="secondary">
                  Blocked users
                </ButtonLink>
                <ButtonLink to="/home">See all gift cards</ButtonLink>
              </div>
            }
          />
        ),
      }}
    />
  );
}

/**
 * /desk/offers/new and /desk/offers/{advertId}: place or edit one of the merchant's adverts
 * (ADR 0036). Business users only (requireDesk). The form posts in currency units;
 * the contract's schema checks it here and again in the backend; the catalogue follows at once.
 */
import { useActionData, useLoaderData } from "@remix-run/react";
import type { MerchantAdvert } from "../../contract/calls/catalog-merchant";
import { Code } from "../../contract/envelope";
import { MESSAGES } from "../../contract/messages";
import { OfferForm } from "~/components/desk/OfferForm";
import { ButtonLink } from "~/components/ui";
import { BackLink } from "~/components/ui/BackLink";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";
import { offerFromForm } from "~/services/desk/offers.server";
import { must, redirectWithToast } from "~/services/kit/api.server";
import { requireDesk } from "~/services/kit/desk.server";
import { readForm, typedFields } from "~/services/kit/form.server";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, NO_STORE } from "~/services/kit/http.server";
import { idParam, notFoundResponse } from "~/services/kit/params";

const NOT_FOUND = "This offer does not exist.";
/** "new", or the advert's id. */
const advertIdOf = (param: string | undefined) => (param === "new" ? null : idParam(param, NOT_FOUND));

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const api = await requireDesk(request, context, "merchant");
  const id = advertIdOf(params.advertId);
  const [types, currencies, advert] = await Promise.all([
    api.call("/cardType/getCardType"),
    api.call("/currency/getCurrency"),
    id ? api.call("/merchant/advert/detail", { id }) : Promise.resolve(null),
  ]);
  if (advert && !advert.ok && advert.code === Code.NOT_FOUND) throw notFoundResponse(advert.msg);
  return json(
    {
      advert: advert ? must(advert) : null,
      cardTypes: must(types).list.map((t) => ({ value: String(t.id), label: t.nameEn })),
      currencies: must(currencies).list.map((c) => ({ value: c.currency, label: `${c.currency} · ${c.nameEn}` })),
    },
    { headers: NO_STORE },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.advert ? "Edit offer | Merchant desk" : "New offer | Merchant desk" }];

export async function action({ request, context, params }: ActionFunctionArgs) {
  const api = await requireDesk(request, context, "merchant");
  const id = advertIdOf(params.advertId);
  const form = await readForm(request);
  const offer = offerFromForm(form);
  // The fields as posted come back, so the form shows what was typed beside its messages.
  const posted = typedFields(form, ["seenTradeAmount"]);
  if (!offer.ok) return json({ errors: offer.errors, error: null, posted }, { status: 400 });
  const seen = Number(form.get("seenTradeAmount"));
  const result = id
    ? await api.call("/merchant/advert/update", { ...offer.value, id, ...(Number.isSafeInteger(seen) && seen >= 0 ? { seenTradeAmount: seen } : {}) })
    : await api.call("/merchant/advert/create", offer.value);
  if (!result.ok) return json({ errors: {}, error: result.msg, posted }, { status: 400 });
  return redirectWithToast(api.session, "/desk/offers", MESSAGES.success);
}

export default function DeskOfferPage() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <BackLink to="/desk/offers">Offers</BackLink>
      <h1 className="text-xl font-bold text-gray-900 md:text-2xl">{data.advert ? `Edit offer ${data.advert.id}` : "New offer"}</h1>
      <OfferForm
        advert={data.advert as MerchantAdvert | null}
        posted={answer?.posted ?? null}
        cardTypes={data.cardTypes}
        currencies={data.currencies}
        errors={(answer?.errors ?? {}) as Record<string, string>}
        formError={answer?.error ?? null}
      />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary notFound={{ description: "It may belong to another merchant.", action: <ButtonLink to="/desk/offers">Your offers</ButtonLink> }} />;
}

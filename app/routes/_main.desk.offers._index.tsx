/**
 * /desk/offers: the merchant's adverts, listed and paused (ADR 0036), with Pause /
 * Resume, New offer and Edit, and the online switch. Business users only (requireDesk).
 */
import { useActionData, useLoaderData } from "@remix-run/react";
import type { MerchantAdvert } from "../../contract/calls/catalog-merchant";
import { MESSAGES } from "../../contract/messages";
import { DeskNav } from "~/components/desk/DeskNav";
import { OfferItem, PAUSE_INTENT, RESUME_INTENT } from "~/components/desk/OfferItem";
import { ONLINE_INTENT, OnlineSwitch } from "~/components/desk/OnlineSwitch";
import { ButtonLink, EmptyState, FormError } from "~/components/ui";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";
import { InfiniteFeed, type FeedPage } from "~/components/ui/InfiniteFeed";
import { redirectWithToast } from "~/services/kit/api.server";
import { requireDesk } from "~/services/kit/desk.server";
import { feedPage } from "~/services/kit/feed";
import { readForm } from "~/services/kit/form.server";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, NO_STORE } from "~/services/kit/http.server";
import { posIntParam } from "~/components/wallet/dates";
import { dispatchIntent } from "~/services/kit/intents.server";
import type { ApiResult } from "~/services/kit/caller.server";

export const meta: MetaFunction = () => [{ title: "Offers | Merchant desk | GiftMarket" }];

const LOAD_ERROR = "Failed to load offers";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await requireDesk(request, context, "merchant");
  const lastId = posIntParam(new URL(request.url).searchParams.get("lastId"));
  const [adverts, profile] = await Promise.all([api.call("/merchant/advert/list", { lastId: lastId ?? undefined }), api.call("/userInfo/getProfileInfo")]);
  const page = feedPage(adverts, (after) => `?lastId=${after}`, LOAD_ERROR);
  return json({ onlineStatus: profile.ok ? profile.data.profile.onlineStatus : 0, ...page }, { headers: NO_STORE });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const api = await requireDesk(request, context, "merchant");
  const form = await readForm(request);
  const id = Number(form.get("id"));
  const answer = async (result: ApiResult<unknown>) =>
    result.ok ? redirectWithToast(api.session, "/desk/offers", MESSAGES.success) : json({ error: result.msg }, { status: 400 });
  return dispatchIntent(form, {
    [ONLINE_INTENT]: async () => answer(await api.call("/merchant/profile/setOnline", { onlineStatus: Number(form.get("onlineStatus")) === 1 ? 1 : 0 })),
    [PAUSE_INTENT]: async () => answer(await api.call("/merchant/advert/pause", { id })),
    [RESUME_INTENT]: async () => answer(await api.call("/merchant/advert/resume", { id })),
  });
}

export default function DeskOffersPage() {
  const data = useLoaderData<typeof loader>();
  const error = useActionData<typeof action>()?.error;
  const page: FeedPage<MerchantAdvert> = { items: data.items as MerchantAdvert[], nextQuery: data.nextQuery, error: data.error };
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <DeskNav current="offers" />
      <OnlineSwitch onlineStatus={data.onlineStatus} />
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-gray-700">Your offers, newest first.</p>
        <ButtonLink to="/desk/offers/new" size="sm">
          New offer
        </ButtonLink>
      </div>
      <FormError id="desk-offers-error" errors={error ? [error] : undefined} />
      <InfiniteFeed
        page={page}
        path="/desk/offers"
        getKey={(a) => a.id}
        renderItem={(a) => <OfferItem advert={a} />}
        errorText={LOAD_ERROR}
        loadingLabel="Loading offers"
        testId="desk-offers"
        empty={<EmptyState className="rounded-xl bg-white" title="No offers yet" description="Place an offer so sellers can sell you their cards." />}
      />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

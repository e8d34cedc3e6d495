/**
 * /userInfo/{userId} (docs/product/screens.md, docs/product/entities.md): a user's public page. Anyone sees the profile, statistics and
 * the feedback it received (All / Positive / Negative, paged by lastId, 'no more'). A signed-in
 * visitor also sees "Trades with you: N" and the Trust / Block / Cancel forms (none on one's own
 * page); a guest's buttons lead to login and back. ADR 0021 says what a block does.
 * Islands-only (ADR 0067): the partner forms post (pending through the touches), the tabs are
 * links and the feedback's next pages are appended by the touches.
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, NO_STORE } from "~/services/kit/http.server";
import { Link, useLoaderData } from "@remix-run/react";
import type { Feedback, PublicProfile, Statistics } from "../../contract/entities";
import { Code } from "../../contract/envelope";
import { FeedbackType } from "../../contract/enums";
import { must, optionalApi } from "~/services/kit/api.server";
import { feedPage, type FeedPage } from "~/services/kit/feed";
import { idParam, notFoundResponse } from "~/services/kit/params";
import { partnerAction } from "~/services/partners/partners.server";
import { posIntParam, toQuery } from "~/components/wallet/dates";
import { useMainLayoutData } from "~/components/layout/layout-data";
import { ProfileStats } from "~/components/identity/ProfileParts";
import { FiguresList } from "~/components/trader/TraderFigures";
import { PartnerButtons } from "~/components/partners/PartnerButtons";
import { FeedbackItem } from "~/components/partners/FeedbackItem";
import { PublicProfileHeader, type Viewing } from "~/components/partners/PublicProfile";
import { EmptyState, Tabs } from "~/components/ui";
import { InfiniteFeed } from "~/components/ui/InfiniteFeed";
import { TitledSection } from "~/components/ui/TitledSection";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";
import { ShareButtons } from "~/components/ui/ShareButtons";
import { merchantShare } from "~/services/share/targets";
import type { IslandsHandle } from "~/services/layout/islands";

/** Islands-only (ADR 0067): small posting forms, links and a paged list. */
export const handle: IslandsHandle = { islands: [] };

const NOT_FOUND = "This user does not exist.";
const LOAD_ERROR = "Failed to load feedback";

const FEEDBACK_TABS = [
  { type: null, label: "All" },
  { type: FeedbackType.Positive, label: "Positive" },
  { type: FeedbackType.Negative, label: "Negative" },
] as const;

function feedbackTypeParam(v: string | null): FeedbackType | null {
  return v === String(FeedbackType.Positive) ? FeedbackType.Positive : v === String(FeedbackType.Negative) ? FeedbackType.Negative : null;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const userId = idParam(params.userId, NOT_FOUND);
  const url = new URL(request.url);
  const lastId = posIntParam(url.searchParams.get("lastId"));
  const type = feedbackTypeParam(url.searchParams.get("type"));
  const api = await optionalApi(request, context);
  const feedback = await api.call("/userFeedback/getFeedbackList", { userId, lastId: lastId ?? undefined, type: type ?? undefined });
  const page = feedPage(feedback, (after) => toQuery({ type, lastId: after }), LOAD_ERROR);
  // The feed's next pages need only the feedback.
  if (url.searchParams.get("feed") === "1") return json({ ...page, user: null }, { headers: NO_STORE });

  const info = await api.call("/userInfo/getUserInfo", { userId });
  if (!info.ok && info.code === Code.NOT_FOUND) throw notFoundResponse(NOT_FOUND);
  const { profile, statistics, figures } = must(info);
  const me = api.session.get("profile")?.id;
  const own = me === userId;
  const rel = api.signedIn && !own ? await api.call("/userRelationship/getRelationship", { toUser: userId }) : null;
  return json(
    {
      ...page,
      user: {
        profile,
        statistics,
        figures,
        own,
        viewing: rel?.ok ? rel.data : null,
        loginHref: api.signedIn ? null : `/login?redirectTo=${encodeURIComponent(url.pathname)}`,
        // A merchant's page is worth sharing (ADR 0076): its address without the feedback filters.
        shareUrl: `${url.origin}${url.pathname}`,
        type,
        lastId,
      },
    },
    { headers: NO_STORE },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.user ? `${data.user.profile.nickname} | GiftMarket` : "User | GiftMarket" }];

export async function action({ request, context, params }: ActionFunctionArgs) {
  return partnerAction(request, context, `/userInfo/${idParam(params.userId, NOT_FOUND)}`);
}

export default function UserInfoPage() {
  const data = useLoaderData<typeof loader>();
  const { coinName } = useMainLayoutData();
  const user = data.user!;
  const profile = user.profile as PublicProfile;
  const here = `/userInfo/${profile.id}`;
  const page: FeedPage<Feedback> = { items: data.items as Feedback[], nextQuery: data.nextQuery, error: data.error };
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <PublicProfileHeader
        profile={profile}
        viewing={user.viewing as Viewing | null}
        actions={
          user.own ? (
            <p className="text-sm text-gray-600">
              This is how others see you. <Link to="/profile" className="font-medium text-brand-700 underline underline-offset-2">Edit your profile</Link>
            </p>
          ) : (
            <PartnerButtons userId={profile.id} relationship={user.viewing?.relationship ?? null} action={here} loginHref={user.loginHref} />
          )
        }
      />
      <ProfileStats s={user.statistics as Statistics} coinName={coinName} own={user.own} />
      {/* A merchant's figures (ADR 0069); a seller's page has none to show. */}
      {profile.isBusiness ? <FiguresList f={user.figures} title="As a merchant, last 30 days" /> : null}
      {profile.isBusiness ? <ShareButtons shared={merchantShare(user.shareUrl, profile.nickname)} label={`Share ${profile.nickname}'s page`} /> : null}
      <TitledSection id="feedback" title="Feedback">
        <Tabs
          label="Feedback type"
          fill
          tabs={FEEDBACK_TABS.map((t) => ({ key: t.label, to: `${here}${t.type ? `?type=${t.type}` : ""}`, label: t.label, current: user.type === t.type }))}
        />
        {user.lastId ? (
          <p className="text-sm">
            <Link to={`${here}${user.type ? `?type=${user.type}` : ""}`} className="font-medium text-brand-700 underline underline-offset-2">
              Back to the newest feedback
            </Link>
          </p>
        ) : null}
        <InfiniteFeed
          key={`${user.type}-${user.lastId ?? 0}`}
          page={page}
          path={here}
          getKey={(f) => f.id}
          renderItem={(f) => <FeedbackItem feedback={f} />}
          errorText={LOAD_ERROR}
          label="Feedback"
          testId="feedback-list"
          empty={
            <EmptyState
              className="rounded-xl bg-white"
              title={user.lastId ? "No more feedback here" : "No feedback yet"}
              description="Sellers comment on a merchant after a completed order."
            />
          }
        />
      </TitledSection>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary notFound={{ description: "Check the link, or find the merchant from an offer." }} />;
}

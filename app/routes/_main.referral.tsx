/**
 * /referral (docs/product/screens.md, docs/product/entities.md Share): the invite code, the share link {origin}/register/{code} with a
 * QR code made on the server (shows without JavaScript) and a Copy button, the statistics and the
 * friends, newest first, paged by registerTime and ending in 'no more'. Guests get Go To Login?.
 * Islands-only (ADR 0067): the touches copy the link and append the next friends.
 */
import { json, type LoaderFunctionArgs, type MetaFunction, NO_STORE } from "~/services/kit/http.server";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReferralUser, ShareStatistics } from "../../contract/entities";
import { feedPageBy } from "~/services/kit/feed";
import { requireApi } from "~/services/kit/api.server";
import { posIntParam } from "~/components/wallet/dates";
import { qrSvg } from "~/components/wallet/qr.server";
import { useMainLayoutData } from "~/components/layout/layout-data";
import { EmptyState, ErrorState } from "~/components/ui";
import { InfiniteFeed, type FeedPage } from "~/components/ui/InfiniteFeed";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";
import { FriendItem, InviteLink, RulesText, ShareStats } from "~/components/referral/ReferralParts";
import type { IslandsHandle } from "~/services/layout/islands";

/** Islands-only (ADR 0067): a copy button, links and a paged list. */
export const handle: IslandsHandle = { islands: [] };

export const meta: MetaFunction = () => [{ title: "Refer for Rewards | GiftMarket" }];

const LOAD_FAIL = "load fail";
const Title = () => <h1 className="text-xl font-bold text-gray-900 md:text-2xl">Refer for Rewards</h1>;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await requireApi(request, context, "prompt");
  const url = new URL(request.url);
  const registerTime = posIntParam(url.searchParams.get("registerTime"));
  // Later pages (the island's fetches and the no-JS "Load more") need only the friends.
  const firstPage = registerTime === null && url.searchParams.get("feed") !== "1";
  const [friends, profile, stats] = await Promise.all([
    api.call("/userShare/getShareUsers", { registerTime: registerTime ?? undefined }),
    firstPage ? api.call("/userInfo/getProfileInfo") : null,
    firstPage ? api.call("/userShare/getShareStatistics") : null,
  ]);
  const page = feedPageBy(friends, (f) => f.registerTime, (after) => `?registerTime=${after}`, LOAD_FAIL);
  const inviteCode = profile?.ok ? profile.data.profile.inviteCode : null;
  const link = inviteCode ? `${url.origin}/register/${encodeURIComponent(inviteCode)}` : null;
  return json(
    {
      registerTime,
      ...page,
      invite: inviteCode && link ? { inviteCode, link, qr: qrSvg(link) } : null,
      stats: stats?.ok ? stats.data : null,
    },
    { headers: NO_STORE },
  );
}

const friendKey = (f: ReferralUser) => `${f.registerTime}:${f.nickname}`;

export default function ReferralPage() {
  const data = useLoaderData<typeof loader>();
  const { coinName, ngnRate } = useMainLayoutData();
  const page: FeedPage<ReferralUser> = { items: data.items as ReferralUser[], nextQuery: data.nextQuery, error: data.error };

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <div>
        <Title />
        <RulesText coinName={coinName} />
      </div>
      {data.registerTime ? (
        <p className="text-sm">
          <Link to="/referral" className="font-medium text-brand-700 underline underline-offset-2">
            Back to your invite link and newest friends
          </Link>
        </p>
      ) : (
        <>
          {data.invite ? <InviteLink {...data.invite} /> : <ErrorState message={LOAD_FAIL} retryTo="/referral" className="rounded-xl bg-white" />}
          <ShareStats stats={data.stats as ShareStatistics | null} coinName={coinName} ngnRate={ngnRate} />
        </>
      )}
      <section aria-labelledby="friends-title" className="flex flex-col gap-2">
        <h2 id="friends-title" className="text-base font-semibold text-gray-900">
          Your friends
        </h2>
        <InfiniteFeed
          key={data.registerTime ?? 0}
          page={page}
          path="/referral"
          getKey={friendKey}
          renderItem={(f) => <FriendItem friend={f} coinName={coinName} />}
          errorText={LOAD_FAIL}
          label="Your friends"
          testId="friend-list"
          empty={
            <EmptyState
              className="rounded-xl bg-white"
              title={data.registerTime ? "No more friends here" : "No friends yet"}
              description="Share your invite link: friends who sign up with it show up here, with what they earned you."
            />
          }
        />
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary heading={<Title />} signedOutText="Sign in to invite friends and see your rewards." />;
}

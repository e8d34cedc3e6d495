/**
 * /desk/withdrawals: the withdrawer's queue (ADR 0037). Only certified withdrawers;
 * anyone else gets what an unknown path gets (requireDesk, ADR 0034).
 *
 * - Tabs are links (?status=open|0|1|2|3). Open: Waiting then Processing, oldest first, each
 *   with its 300-minute limit (the deadline without JavaScript, a ticking countdown with it).
 * - Paged by the id of the last item (InfiniteFeed: "Load more" link without JavaScript).
 * - With JavaScript the open queue re-reads itself every 15 s while the page is visible.
 */
import { Link, useLoaderData } from "@remix-run/react";
import type { DeskWithdrawal } from "../../contract/calls/withdrawals-desks";
import { useMainLayoutData } from "~/components/layout/layout-data";
import { useSamePathLoading } from "~/components/layout/use-same-path-loading";
import { EmptyState, Tabs } from "~/components/ui";
import { cx } from "~/components/ui/cx";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";
import { InfiniteFeed, type FeedPage } from "~/components/ui/InfiniteFeed";
import { useRevalidateEvery } from "~/components/ui/use-revalidate-every";
import { DeskHeader, DeskQueueItem } from "~/components/withdrawals/DeskParts";
import { requireDesk } from "~/services/kit/desk.server";
import { json, type LoaderFunctionArgs, type MetaFunction, NO_STORE } from "~/services/kit/http.server";
import { DESK_PATH, QUEUE_TABS, queueTabLabel } from "~/services/desk/withdrawer-desk";
import { loadQueue, nothingToPost, QUEUE_LOAD_ERROR } from "~/services/desk/withdrawer-desk.server";

export const meta: MetaFunction = () => [{ title: "Withdrawer desk | GiftMarket" }, { name: "robots", content: "noindex" }];

const REFRESH_MS = 15_000;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await requireDesk(request, context, "withdrawer");
  const page = await loadQueue(api, new URL(request.url));
  return json(page, { headers: NO_STORE });
}

/** POST /desk/withdrawals?index: nothing to post here. */
export const action = nothingToPost;

export default function WithdrawerQueuePage() {
  const data = useLoaderData<typeof loader>();
  const { coinName } = useMainLayoutData();
  const loading = useSamePathLoading();
  const page: FeedPage<DeskWithdrawal> = { items: data.items as DeskWithdrawal[], nextQuery: data.nextQuery, error: data.error };
  const first = `?status=${data.tab}`;
  // New withdrawals arrive by themselves: the first page of the open queue is re-read while visible.
  useRevalidateEvery(REFRESH_MS, data.tab === "open" && !data.lastId);

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <DeskHeader current="queue" />
      <Tabs
        label="Withdrawal status"
        fill
        replace
        className="[&_a]:px-1 sm:[&_a]:px-3"
        tabs={QUEUE_TABS.map((t) => ({ key: t, to: `?status=${t}`, label: queueTabLabel(t), current: t === data.tab }))}
      />
      <section aria-label={queueTabLabel(data.tab)} aria-busy={loading || undefined} className={cx("transition-opacity", loading && "opacity-60")}>
        {data.lastId ? (
          <p className="mb-3 text-sm">
            <Link to={first} className="font-medium text-brand-700 underline underline-offset-2">
              Back to the start of the list
            </Link>
          </p>
        ) : null}
        <InfiniteFeed
          key={`${data.tab}|${data.lastId}`}
          page={page}
          path={DESK_PATH}
          getKey={withdrawalKey}
          renderItem={(w) => <DeskQueueItem w={w} coinName={coinName} />}
          errorText={QUEUE_LOAD_ERROR}
          label={queueTabLabel(data.tab)}
          testId="desk-queue"
          empty={
            <EmptyState
              className="rounded-xl bg-white"
              title={data.tab === "open" ? "No withdrawals waiting for you" : "Nothing here"}
              description={data.tab === "open" ? "New withdrawals sent to you appear here. Keep your rate and balance up to date so sellers choose you." : "Withdrawals with this status appear here."}
            />
          }
        />
      </section>
    </div>
  );
}

const withdrawalKey = (w: DeskWithdrawal) => w.id;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

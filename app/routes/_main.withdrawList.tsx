/**
 * /withdrawList: the user's withdrawals (docs/product/screens.md), filtered by a date range
 * (GET form, Reset link), as an infinite list ending in 'no more'
 * ('Failed to load withdrawals' when a page fails). Signed-out visitors go to
 * /login and come back. Islands-only (ADR 0067): the touches script sends the filter on change
 * and appends the next pages.
 */
import { json, type LoaderFunctionArgs, type MetaFunction, NO_STORE } from "~/services/kit/http.server";
import { Link, useLoaderData } from "@remix-run/react";
import { feedPage } from "~/services/kit/feed";
import type { Withdrawal } from "../../contract/entities";
import { cx } from "~/components/ui/cx";
import { useMainLayoutData } from "~/components/layout/layout-data";
import { useSamePathLoading } from "~/components/layout/use-same-path-loading";
import { ButtonLink, EmptyState } from "~/components/ui";
import { InfiniteFeed, type FeedPage } from "~/components/ui/InfiniteFeed";
import { DateRangeFilter } from "~/components/wallet/DateRangeFilter";
import { NoMatch } from "~/components/ui/FilterParts";
import { parseRange, posIntParam, rangeTimestamps, toQuery, type DateRange } from "~/components/wallet/dates";
import { WithdrawalItem } from "~/components/withdrawals/WithdrawalItem";
import { timeZoneOf } from "~/services/layout/time-zone";
import type { IslandsHandle } from "~/services/layout/islands";
import { requireApi } from "~/services/kit/api.server";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";
import { BackLink } from "~/components/ui/BackLink";

/** Islands-only (ADR 0067): a GET filter and a paged list, both the touches script's. */
export const handle: IslandsHandle = { islands: [] };

export const meta: MetaFunction = () => [{ title: "Withdrawals | GiftMarket" }];

const LOAD_ERROR = "Failed to load withdrawals";
const query = (range: DateRange, lastId?: number | null) => toQuery({ start: range.start, end: range.end, lastId });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await requireApi(request, context);
  const url = new URL(request.url);
  const range = parseRange(url.searchParams);
  const lastId = posIntParam(url.searchParams.get("lastId"));
  const result = await api.call("/userWithdraw/getWithdrawList", { lastId: lastId ?? undefined, ...rangeTimestamps(range, timeZoneOf(request)) });
  const page = feedPage(result, (after) => query(range, after), LOAD_ERROR);
  return json({ range, lastId, ...page }, { headers: NO_STORE });
}

export default function WithdrawListPage() {
  const data = useLoaderData<typeof loader>();
  const { coinName } = useMainLayoutData();
  const loading = useSamePathLoading();
  const page: FeedPage<Withdrawal> = { items: data.items as Withdrawal[], nextQuery: data.nextQuery, error: data.error };

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <BackLink to="/account">Wallet</BackLink>
      <div className="flex items-center justify-between gap-3">
        <h1 className="text-xl font-bold text-gray-900 md:text-2xl">Withdrawals</h1>
        <ButtonLink to="/withdrawerList" size="sm">
          Withdraw
        </ButtonLink>
      </div>
      <DateRangeFilter path="/withdrawList" range={data.range} label="Filter withdrawals" idPrefix="withdrawals" />
      <section aria-label="Withdrawals" aria-busy={loading || undefined} className={cx("transition-opacity", loading && "opacity-60")}>
        {data.lastId ? (
          <p className="mb-3 text-sm">
            <Link to={`/withdrawList${query(data.range)}`} className="font-medium text-brand-700 underline underline-offset-2">
              Back to the newest withdrawals
            </Link>
          </p>
        ) : null}
        <InfiniteFeed
          key={query(data.range, data.lastId)}
          page={page}
          path="/withdrawList"
          getKey={withdrawalKey}
          renderItem={(w) => <WithdrawalItem w={w} coinName={coinName} />}
          errorText={LOAD_ERROR}
          label="Withdrawals"
          testId="withdrawal-list"
          empty={
            (data.range.start || data.range.end) && !data.lastId ? (
              <NoMatch what="withdrawals" resetTo="/withdrawList" resetLabel="Reset" />
            ) : (
              <EmptyState
                className="rounded-xl bg-white"
                title={data.lastId ? "No more withdrawals here" : "No withdrawals yet"}
                description={`Sell your ${coinName} to a withdrawer to get naira in your bank account.`}
                action={<ButtonLink to="/withdrawerList">Withdraw</ButtonLink>}
              />
            )
          }
        />
      </section>
    </div>
  );
}

const withdrawalKey = (w: Withdrawal) => w.id;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

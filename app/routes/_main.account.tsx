/**
 * /account: the wallet (docs/product/screens.md, docs/product/entities.md Account and Bill, docs/product/messages.md).
 *
 * - Available, Frozen and Deposit (bailAmount) with the coin name and the NGN
 *   equivalent; Withdraw (→ /withdrawerList) and History (→ /withdrawList).
 * - The last 30 days' trade volume (/userBill/getTradeStatistics) as a
 *   server-rendered SVG chart.
 * - Tabs ALL, Income, Withdraw, Invite, Transfer (links, ?type=), and Purchase for a
 *   merchant (its cards bought, ADR 0051), a date range (GET form) and Reset; the
 *   transactions as an infinite list ending in 'no more'.
 * - Code 3 (or no session): "Go To Login?" (a dialog with JavaScript, a
 *   section without), and the stored sign-in is cleared.
 * - Islands-only (ADR 0067): the tabs replace the history entry, the date range sends itself and
 *   the list appends its next pages, all through the touches.
 */
import { json, type LoaderFunctionArgs, type MetaFunction, NO_STORE } from "~/services/kit/http.server";
import { Link, useLoaderData } from "@remix-run/react";
import { feedPage } from "~/services/kit/feed";
import type { Account, Bill, TradeStatisticsDay } from "../../contract/entities";
import { BillType, billTypeLabels } from "../../contract/enums";
import { cx } from "~/components/ui/cx";
import { useMainLayoutData } from "~/components/layout/layout-data";
import { useSamePathLoading } from "~/components/layout/use-same-path-loading";
import { ButtonLink, EmptyState, ErrorState, Tabs } from "~/components/ui";
import { InfiniteFeed, type FeedPage } from "~/components/ui/InfiniteFeed";
import { BillItem } from "~/components/wallet/BillItem";
import { DateRangeFilter } from "~/components/wallet/DateRangeFilter";
import { NoMatch } from "~/components/ui/FilterParts";
import { TitledSection } from "~/components/ui/TitledSection";
import { TradeChart } from "~/components/wallet/TradeChart";
import { parseRange, posIntParam, rangeTimestamps, toQuery, type DateRange } from "~/components/wallet/dates";
import { startOfDayIn, timeZoneOf } from "~/services/layout/time-zone";
import { requireApi } from "~/services/kit/api.server";
import { formatCoins, formatNgn } from "~/services/money/format";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";
import type { IslandsHandle } from "~/services/layout/islands";

/** Islands-only (ADR 0067): links, a GET form and a paged list; the chart is the server's SVG. */
export const handle: IslandsHandle = { islands: [] };

export const meta: MetaFunction = () => [{ title: "Wallet | GiftMarket" }];

const LOAD_FAIL = "load fail";

/** The tabs: ALL (0) then the bill types; Purchase only on a merchant's wallet (nobody else buys cards). */
const TABS = [0, BillType.Income, BillType.Withdraw, BillType.Invite, BillType.Transfer, BillType.Purchase] as const;
type Tab = (typeof TABS)[number];
const tabsFor = (isBusiness: boolean) => TABS.filter((t) => isBusiness || t !== BillType.Purchase);
const tabLabel = (t: Tab) => (t === 0 ? "ALL" : billTypeLabels[t]);
const parseTab = (v: string | null): Tab => {
  const n = Number(v);
  return (TABS as readonly number[]).includes(n) ? (n as Tab) : 0;
};
const query = (type: Tab, range: DateRange, lastId?: number | null) =>
  toQuery({ type: type || null, start: range.start, end: range.end, lastId });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const type = parseTab(url.searchParams.get("type"));
  const range = parseRange(url.searchParams);
  const lastId = posIntParam(url.searchParams.get("lastId"));
  const feedOnly = url.searchParams.get("feed") === "1";
  // docs/product/messages.md: the wallet offers Go To Login? (the error boundary's 401).
  const api = await requireApi(request, context, "prompt");

  const billsCall = api.call("/userBill/getUserBillList", { type: type || undefined, lastId: lastId ?? undefined, ...rangeTimestamps(range, timeZoneOf(request)) });
  const [bills, balance, stats] = await Promise.all([
    billsCall,
    feedOnly ? null : api.call("/userInfo/getAccountBalance"),
    feedOnly ? null : api.call("/userBill/getTradeStatistics", { zeroTimestamp: startOfDayIn(Date.now(), timeZoneOf(request)) }),
  ]);

  const page = feedPage(bills, (after) => query(type, range, after), LOAD_FAIL);
  return json(
    {
      type,
      range,
      lastId,
      ...page,
      account: balance?.ok ? balance.data.account : null,
      accountError: balance && !balance.ok ? balance.msg : null,
      stats: stats?.ok ? stats.data : null,
    },
    { headers: NO_STORE },
  );
}

export default function AccountPage() {
  const data = useLoaderData<typeof loader>();
  const { coinName, ngnRate, user } = useMainLayoutData();
  const loading = useSamePathLoading();
  const tabs = tabsFor(user?.isBusiness === 1 || data.type === BillType.Purchase);

  const { type, range } = data;
  const account = data.account as Account | null;
  const stats = data.stats as { list: TradeStatisticsDay[]; totalAmount: number; totalCount: number } | null;
  const page: FeedPage<Bill> = { items: data.items as Bill[], nextQuery: data.nextQuery, error: data.error };

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <h1 className="text-xl font-bold text-gray-900 md:text-2xl">Wallet</h1>

      <section aria-labelledby="balance-title" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200">
        <h2 id="balance-title" className="sr-only">
          Balance
        </h2>
        {account ? (
          <>
            <div data-testid="balance-available" data-amount={account.amount}>
              <p className="text-sm text-gray-600">Available</p>
              <p className="num text-3xl font-bold text-gray-900">
                {formatCoins(account.amount)} <span className="text-base font-semibold text-gray-700">{coinName}</span>
              </p>
              <p className="num text-sm text-gray-600">≈ {formatNgn(account.amount, ngnRate)}</p>
            </div>
            <dl className="mt-4 grid grid-cols-2 gap-3 border-t border-gray-100 pt-3">
              <Balance label="Frozen" amount={account.frozenAmount} coinName={coinName} ngnRate={ngnRate} testId="balance-frozen" />
              <Balance label="Deposit" amount={account.bailAmount} coinName={coinName} ngnRate={ngnRate} testId="balance-deposit" />
            </dl>
          </>
        ) : (
          <ErrorState message={data.accountError ?? LOAD_FAIL} />
        )}
        <div className="mt-4 grid grid-cols-2 gap-2">
          <ButtonLink to="/withdrawerList" fullWidth>
            Withdraw
          </ButtonLink>
          <ButtonLink to="/withdrawList" variant="secondary" fullWidth>
            History
          </ButtonLink>
        </div>
        <p className="mt-3 text-center text-sm">
          <Link to="/sellVirtualCoin" className="font-medium text-brand-700 underline underline-offset-2">
            Sell BTC or USDT for {coinName}
          </Link>
        </p>
      </section>

      <section aria-labelledby="chart-title" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200">
        <div className="mb-2 flex flex-wrap items-baseline justify-between gap-x-3">
          <h2 id="chart-title" className="text-base font-semibold text-gray-900">
            Trade volume, last 30 days
          </h2>
          {stats ? (
            <p className="num text-sm text-gray-600">
              {formatCoins(stats.totalAmount)} {coinName} · {stats.totalCount} {stats.totalCount === 1 ? "trade" : "trades"}
            </p>
          ) : null}
        </div>
        {stats ? (
          <TradeChart days={stats.list} totalAmount={stats.totalAmount} totalCount={stats.totalCount} coinName={coinName} />
        ) : (
          <ErrorState message={LOAD_FAIL} />
        )}
      </section>

      <TitledSection id="bills" title="Transactions">
        <Tabs
          label="Transaction type"
          replace
          fill
          // Five tabs in 390 px: tighter padding than the default.
          className="[&_a]:px-1 sm:[&_a]:px-3"
          tabs={tabs.map((t) => ({ key: String(t), to: query(t, range), label: tabLabel(t), current: t === type }))}
        />
        <DateRangeFilter path="/account" range={range} hidden={{ type: type || null }} label="Filter transactions" idPrefix="bills" />
        {type === BillType.Transfer ? (
          <Link to="/transfers" className="text-sm font-medium text-brand-700 underline underline-offset-2">
            My transfers: the pending and rejected ones too
          </Link>
        ) : null}
        <div aria-busy={loading || undefined} className={cx("transition-opacity", loading && "opacity-60")}>
          {data.lastId ? (
            <p className="mb-3 text-sm">
              <Link to={`/account${query(type, range)}`} className="font-medium text-brand-700 underline underline-offset-2">
                Back to the newest transactions
              </Link>
            </p>
          ) : null}
          <InfiniteFeed
            key={query(type, range, data.lastId)}
            page={page}
            path="/account"
            getKey={billKey}
            renderItem={(b) => <BillItem bill={b} coinName={coinName} />}
            errorText={LOAD_FAIL}
            label={`${tabLabel(type)} transactions`}
            testId="bill-list"
            empty={
              (range.start || range.end) && !data.lastId ? (
                <NoMatch what="transactions" resetTo={`/account${query(type, { start: "", end: "" })}`} resetLabel="Reset" />
              ) : (
                <EmptyState
                  className="rounded-xl bg-white"
                  title={data.lastId ? "No more transactions here" : "No transactions here yet"}
                  description={type === BillType.Purchase ? "The cards you buy show up here." : "Sell a gift card: the coins you receive show up here."}
                  action={type === BillType.Purchase ? undefined : <ButtonLink to="/home">Sell a card</ButtonLink>}
                />
              )
            }
          />
        </div>
      </TitledSection>
    </div>
  );
}

const billKey = (b: Bill) => b.id;

function Balance({ label, amount, coinName, ngnRate, testId }: { label: string; amount: number; coinName: string; ngnRate: number; testId: string }) {
  return (
    <div data-testid={testId} data-amount={amount}>
      <dt className="text-sm text-gray-600">{label}</dt>
      <dd className="num">
        <span className="block text-base font-semibold text-gray-900">
          {formatCoins(amount)} <span className="text-sm font-medium text-gray-700">{coinName}</span>
        </span>
        <span className="block text-xs text-gray-600">≈ {formatNgn(amount, ngnRate)}</span>
      </dd>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      heading={<h1 className="text-xl font-bold text-gray-900 md:text-2xl">Wallet</h1>}
      signedOutText="Sign in to see your balance and transactions."
    />
  );
}

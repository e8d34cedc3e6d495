/**
 * /orderList: the seller's sell-card orders (docs/product/screens.md).
 *
 * - Tabs Active Orders / Completed / Cancelled / Frozen are links (?status=0|4|5|6,
 *   contract OrderListTab), keeping the filters.
 * - Filters (card category, date range) are a GET form: it works without
 *   JavaScript (Apply button) and submits on change with it; Reset Filters is a link.
 * - Infinite list paged by the id of the last item (InfiniteFeed): with JavaScript an
 *   IntersectionObserver loads the next page through a fetcher and appends it;
 *   without it a "Load more" link opens ?lastId=…. The end says 'no more'.
 * - A failed load says 'Failed to load orders' with a retry.
 * - Islands-only (ADR 0067): no React in the browser; the touches script does the above.
 * - Signed-out visitors go to /login and come back.
 */
import { json, type LoaderFunctionArgs, type MetaFunction, NO_STORE } from "~/services/kit/http.server";
import { Link, useLoaderData, useNavigate } from "@remix-run/react";
import { type FormEvent } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { feedPage } from "~/services/kit/feed";
import type { Order } from "../../contract/entities";
import { cx } from "~/components/ui/cx";
import { useMainLayoutData } from "~/components/layout/layout-data";
import { useSamePathLoading } from "~/components/layout/use-same-path-loading";
import { OrderListItem } from "~/components/orders/OrderListItem";
import { ButtonLink, EmptyState, Tabs, controlClasses } from "~/components/ui";
import { InfiniteFeed, type FeedPage } from "~/components/ui/InfiniteFeed";
import { parseRange, posIntParam, rangeTimestamps } from "~/components/wallet/dates";
import { ORDER_TABS, OrderListTab, orderListTabLabels, parseTab } from "~/services/orders/index";
import { timeZoneOf } from "~/services/layout/time-zone";
import { Form } from "~/components/ui/Form";
import { requireApi } from "~/services/kit/api.server";
import { FILTER_FORM_PROPS, FILTER_NAVIGATE_OPTIONS } from "~/components/ui/filter-form";
import { DateFields, FilterActions, NoMatch } from "~/components/ui/FilterParts";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";
import type { IslandsHandle } from "~/services/layout/islands";

/**
 * Islands-only (ADR 0067): the tabs and the filters are links and a GET form; the touches script
 * sends the filters on change, keeps the tabs out of the history and appends the next page.
 */
export const handle: IslandsHandle = { islands: [] };

export const meta: MetaFunction = () => [{ title: "Orders | GiftMarket" }];

const LOAD_ERROR = "Failed to load orders";

interface Filters {
  cardTypeId: number | null;
  /** yyyy-mm-dd as typed, "" when not set. */
  start: string;
  end: string;
}

const NO_FILTERS: Filters = { cardTypeId: null, start: "", end: "" };
const filtered = (f: Filters) => Boolean(f.cardTypeId || f.start || f.end);

function parseFilters(url: URL): Filters {
  return { cardTypeId: posIntParam(url.searchParams.get("cardTypeId")), ...parseRange(url.searchParams) };
}

/** The query of a tab with the filters (and a cursor), empty values left out. */
function query(tab: OrderListTab, f: Filters, lastId?: number | null): string {
  const p = new URLSearchParams();
  p.set("status", String(tab));
  if (f.cardTypeId) p.set("cardTypeId", String(f.cardTypeId));
  if (f.start) p.set("start", f.start);
  if (f.end) p.set("end", f.end);
  if (lastId) p.set("lastId", String(lastId));
  return `?${p}`;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await requireApi(request, context);
  const url = new URL(request.url);
  const tab = parseTab(url.searchParams.get("status"));
  const filters = parseFilters(url);
  const lastId = posIntParam(url.searchParams.get("lastId"));
  const [types, orders] = await Promise.all([
    api.call("/cardType/getCardType"),
    api.call("/order/getOrderList", {
      status: tab,
      lastId: lastId ?? undefined,
      cardTypeId: filters.cardTypeId ?? undefined,
      // Whole days in the user's zone: from the start day's first ms to the end day's last.
      ...rangeTimestamps(filters, timeZoneOf(request)),
    }),
  ]);
  const page = feedPage(orders, (after) => query(tab, filters, after), LOAD_ERROR);
  return json(
    {
      tab,
      filters,
      lastId,
      cardTypes: types.ok ? types.data.list.map((t) => ({ id: t.id, nameEn: t.nameEn })) : [],
      ...page,
    },
    { headers: NO_STORE },
  );
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

export default function OrderListPage() {
  const data = useLoaderData<typeof loader>();
  const { tab, filters } = data;
  const loading = useSamePathLoading();
  // A new tab or filter starts a new list.
  const listKey = query(tab, filters, data.lastId);

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <h1 className="text-xl font-bold text-gray-900 md:text-2xl">Orders</h1>
      <Tabs
        label="Order status"
        fill
        replace
        // Four tabs in 390 px: tighter padding than the default.
        className="[&_a]:px-1.5 sm:[&_a]:px-3"
        tabs={ORDER_TABS.map((t) => ({
          key: String(t),
          to: query(t, filters),
          label: orderListTabLabels[t],
          current: t === tab,
        }))}
      />
      <OrderFilters tab={tab} filters={filters} cardTypes={data.cardTypes} />
      <section aria-label={orderListTabLabels[tab]} aria-busy={loading || undefined} className={cx("transition-opacity", loading && "opacity-60")}>
        {data.lastId ? (
          <p className="mb-3 text-sm">
            <Link to={query(tab, filters)} className="font-medium text-brand-700 underline underline-offset-2">
              Back to the newest orders
            </Link>
          </p>
        ) : null}
        <OrderFeed key={listKey} data={data} />
      </section>
    </div>
  );
}

function OrderFilters({ tab, filters, cardTypes }: { tab: OrderListTab; filters: Filters; cardTypes: { id: number; nameEn: string }[] }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const active = filtered(filters);

  function onChange(e: FormEvent<HTMLFormElement>) {
    if (!hydrated) return;
    const fd = new FormData(e.currentTarget);
    const f: Filters = {
      cardTypeId: posIntParam(String(fd.get("cardTypeId") ?? "")),
      ...parseRange(new URLSearchParams({ start: String(fd.get("start") ?? ""), end: String(fd.get("end") ?? "") })),
    };
    navigate(query(tab, f), FILTER_NAVIGATE_OPTIONS);
  }

  return (
    <Form
      {...FILTER_FORM_PROPS}
      key={`${tab}|${filters.cardTypeId}|${filters.start}|${filters.end}`}
      onChange={onChange}
      className="grid grid-cols-2 gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-gray-200 sm:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end sm:p-4"
      aria-label="Filter orders"
      // On an islands-only page the touches script submits it on change (app/touches/filters.ts).
      data-submit-on-change=""
    >
      <input type="hidden" name="status" value={tab} />
      <div className="col-span-2 flex flex-col gap-1 sm:col-span-1">
        <label htmlFor="filter-card" className="text-sm font-medium text-gray-900">
          Card category
        </label>
        <select id="filter-card" name="cardTypeId" defaultValue={filters.cardTypeId ?? ""} className={controlClasses(false, "h-10 pr-8")}>
          <option value="">All cards</option>
          {cardTypes.map((t) => (
            <option key={t.id} value={t.id}>
              {t.nameEn}
            </option>
          ))}
        </select>
      </div>
      <DateFields idPrefix="filter" start={filters.start} end={filters.end} />
      <FilterActions resetTo={query(tab, NO_FILTERS)} active={active} applyLabel="Apply filters" resetLabel="Reset Filters" />
    </Form>
  );
}

/** The list: the loader's page, then pages appended by a fetcher as the end scrolls into view. */
function OrderFeed({ data }: { data: LoaderData }) {
  const { coinName } = useMainLayoutData();
  const page: FeedPage<Order> = { items: data.items as Order[], nextQuery: data.nextQuery, error: data.error };
  return (
    <InfiniteFeed
      page={page}
      path="/orderList"
      getKey={orderKey}
      renderItem={(o) => <OrderListItem order={o} coinName={coinName} />}
      errorText={LOAD_ERROR}
      loadingLabel="Loading orders"
      testId="order-list"
      empty={
        filtered(data.filters) && !data.lastId ? (
          <NoMatch what="orders" resetTo={query(data.tab, NO_FILTERS)} resetLabel="Reset Filters" />
        ) : (
        <EmptyState
          className="rounded-xl bg-white"
          title={data.lastId ? "No more orders here" : "No orders here yet"}
          description={data.tab === OrderListTab.Active ? "Sell a gift card and follow it here until you are paid." : "Orders you sell show up here."}
          action={<ButtonLink to="/home">Sell a card</ButtonLink>}
        />
        )
      }
    />
  );
}

const orderKey = (o: Order) => o.id;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

/**
 * /desk: the merchant desk's queue (ADR 0036). Business users only (requireDesk:
 * anyone else gets the unknown-path answer). Newest Waiting orders first with their Auto
 * Cancel countdown, then Processing and In negotiation with theirs; filters by status and
 * card type as a GET form (works without JavaScript); paged by (lastRank, lastId).
 */
import { useLoaderData } from "@remix-run/react";
import type { StaffOrder } from "../../contract/calls/orders-desks";
import { OrderStatus } from "../../contract/enums";
import { DeskNav } from "~/components/desk/DeskNav";
import { DeskOrderItem } from "~/components/desk/DeskOrderItem";
import { NewOrderAlert } from "~/components/desk/NewOrderAlert";
import { useMainLayoutData } from "~/components/layout/layout-data";
import { EmptyState, SelectField } from "~/components/ui";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";
import { FilterActions, NoMatch } from "~/components/ui/FilterParts";
import { Form } from "~/components/ui/Form";
import { FILTER_FORM_PROPS } from "~/components/ui/filter-form";
import { InfiniteFeed, type FeedPage } from "~/components/ui/InfiniteFeed";
import { DESK_STATUS_OPTIONS, deskQuery, parseDeskCursor, parseDeskFilters } from "~/services/desk/queue";
import { requireDesk } from "~/services/kit/desk.server";
import { feedPageBy } from "~/services/kit/feed";
import { json, type LoaderFunctionArgs, type MetaFunction, NO_STORE } from "~/services/kit/http.server";

export const meta: MetaFunction = () => [{ title: "Merchant desk | GiftMarket" }];

const LOAD_ERROR = "Failed to load orders";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await requireDesk(request, context, "merchant");
  const params = new URL(request.url).searchParams;
  const filters = parseDeskFilters(params);
  const cursor = parseDeskCursor(params);
  const [types, orders] = await Promise.all([
    api.call("/cardType/getCardType"),
    api.call("/merchant/order/list", {
      queue: true,
      status: filters.status ?? undefined,
      cardTypeId: filters.cardTypeId ?? undefined,
      lastId: cursor.lastId ?? undefined,
      lastRank: cursor.lastRank ?? undefined,
    }),
  ]);
  const byId = new Map(orders.ok ? orders.data.list.map((o) => [o.id, o]) : []);
  const page = feedPageBy(orders, (o) => o.id, (id) => deskQuery(filters, { id, status: byId.get(id)!.status }), LOAD_ERROR);
  const newestWaiting = orders.ok ? Math.max(0, ...orders.data.list.filter((o) => o.status === OrderStatus.Waiting).map((o) => o.id)) : 0;
  return json(
    { filters, lastId: cursor.lastId, cardTypes: types.ok ? types.data.list.map((t) => ({ value: String(t.id), label: t.nameEn })) : [], newestWaiting, ...page },
    { headers: NO_STORE },
  );
}

export default function DeskPage() {
  const data = useLoaderData<typeof loader>();
  const { coinName } = useMainLayoutData();
  const { filters } = data;
  const page: FeedPage<StaffOrder> = { items: data.items as StaffOrder[], nextQuery: data.nextQuery, error: data.error };
  const active = filters.status !== null || filters.cardTypeId !== null;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <DeskNav current="orders" />
      {data.lastId ? null : <NewOrderAlert newestWaiting={data.newestWaiting} />}
      <Form
        {...FILTER_FORM_PROPS}
        key={deskQuery(filters)}
        // One column on a phone: two would cut the chosen status or card ("Open order…").
        className="grid gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-gray-200 sm:grid-cols-[1fr_1fr_auto] sm:items-end sm:p-4"
        aria-label="Filter orders"
      >
        <SelectField id="desk-status" name="status" label="Status" options={DESK_STATUS_OPTIONS} defaultValue={filters.status ?? ""} />
        <SelectField id="desk-card" name="cardTypeId" label="Card type" options={[{ value: "", label: "All cards" }, ...data.cardTypes]} defaultValue={filters.cardTypeId ?? ""} />
        <FilterActions resetTo="/desk" active={active} applyLabel="Apply filters" resetLabel="Reset Filters" className="flex items-center gap-2" />
      </Form>
      <section aria-label="Orders">
        <InfiniteFeed
          key={deskQuery(filters)}
          page={page}
          path="/desk"
          getKey={(o) => o.id}
          renderItem={(o) => <DeskOrderItem order={o} coinName={coinName} />}
          errorText={LOAD_ERROR}
          loadingLabel="Loading orders"
          testId="desk-orders"
          empty={
            active && !data.lastId ? (
              <NoMatch what="orders" resetTo="/desk" resetLabel="Reset Filters" />
            ) : (
              <EmptyState
                className="rounded-xl bg-white"
                title="No orders here"
                description="New orders sold to your offers show up here first. Keep your offers listed and yourself online."
              />
            )
          }
        />
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

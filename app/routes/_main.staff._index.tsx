/**
 * /staff: the arbitration queue — orders In arbitration (3) and Frozen (6), oldest first, keyset
 * paged — and a search by order id that opens any order (to freeze an open one).
 */
import { Link, useLoaderData } from "@remix-run/react";
import type { StaffOrder } from "../../contract/calls/orders-desks";
import { OrderStatusBadge } from "~/components/orders/OrderStatusBadge";
import { DuplicateFlag } from "~/components/orders/DuplicateFlag";
import { StaffEmpty, StaffItem, StaffPager } from "~/components/staff/StaffParts";
import { Button, DateTime } from "~/components/ui";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";
import { formatCoins, formatTradeAmount } from "~/services/money/format";
import { json, redirect, type LoaderFunctionArgs, NO_STORE } from "~/services/kit/http.server";
import { lastIdOf, staffApi, staffPage } from "~/services/staff/staff.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await staffApi(request, context);
  const search = new URL(request.url).searchParams.get("orderId");
  if (search !== null) {
    const id = Number(search.trim());
    if (Number.isSafeInteger(id) && id > 0) throw redirect(`/staff/orders/${id}`);
  }
  const lastId = lastIdOf(request);
  const page = staffPage(await api.call("/admin/order/list", { lastId }), (o) => o.id);
  return json({ ...page, first: !lastId, searchError: search !== null ? "Enter an order id (a number)." : null }, { headers: NO_STORE });
}

export default function ArbitrationQueue() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="flex flex-col gap-4">
      <form method="get" action="/staff" className="flex items-end gap-2 rounded-xl bg-white p-4 ring-1 ring-gray-200" role="search">
        <label htmlFor="order-search" className="flex flex-1 flex-col gap-1 text-sm font-medium text-gray-800">
          Open an order by id
          <input
            id="order-search"
            name="orderId"
            inputMode="numeric"
            required
            aria-describedby={data.searchError ? "order-search-error" : undefined}
            className="rounded-lg border border-gray-300 px-3 py-2 text-base focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
          />
        </label>
        <Button type="submit" variant="secondary">
          Open
        </Button>
      </form>
      {data.searchError ? (
        <p id="order-search-error" role="alert" className="text-sm text-money-out-700">
          {data.searchError}
        </p>
      ) : null}
      <h2 className="text-lg font-semibold text-gray-900">In arbitration and frozen, oldest first</h2>
      {data.error ? <StaffEmpty text={data.error} /> : null}
      {data.items.length === 0 && !data.error ? <StaffEmpty text="No order waits for a decision." /> : null}
      <ul className="flex flex-col gap-3" data-testid="arbitration-queue">
        {(data.items as StaffOrder[]).map((o) => (
          <StaffItem key={o.id} testId={`queue-order-${o.id}`}>
            <Link to={`/staff/orders/${o.id}`} className="flex flex-col gap-1 rounded focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600">
              <span className="flex items-center justify-between gap-2">
                <span className="font-semibold text-gray-900">
                  Order {o.id} · {o.paymentNameEn}
                </span>
                <OrderStatusBadge status={o.status} />
              </span>
              <span className="text-sm text-gray-700">
                {o.sellerNickname} sold to {o.buyerNickname} · face {formatTradeAmount(o.tradeAmount)} {o.tradeCurrency} · price {formatCoins(o.calculateTotalPrice)}
              </span>
              <span className="text-xs text-gray-500">
                Created <DateTime ms={o.createTimestamp} />
              </span>
              <DuplicateFlag duplicate={o.duplicateOf} compact />
            </Link>
          </StaffItem>
        ))}
      </ul>
      <StaffPager path="/staff" next={data.next} first={data.first} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

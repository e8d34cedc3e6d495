/**
 * /orderBatch/{batchId}: the orders one several-cards submit made (ADR 0073), each with its face,
 * the coins it pays, its status and a link to its details. The seller's own only: another user's
 * batch, like one that does not exist, is a 404.
 */
import { Link, useLoaderData } from "@remix-run/react";
import { Code } from "../../contract/envelope";
import { useMainLayoutData } from "~/components/layout/layout-data";
import { OrderStatusBadge } from "~/components/orders/OrderStatusBadge";
import { ButtonLink } from "~/components/ui";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";
import { must, requireApi } from "~/services/kit/api.server";
import { json, type LoaderFunctionArgs, type MetaFunction, NO_STORE } from "~/services/kit/http.server";
import { idParam, notFoundResponse } from "~/services/kit/params";
import { formatCoinsWithName } from "~/services/money/format";
import { faceUnits } from "~/services/money/offers";

const NOT_FOUND = "These orders do not exist.";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const id = idParam(params.batchId, NOT_FOUND);
  const api = await requireApi(request, context, "home");
  const result = await api.call("/order/getOrderBatch", { id });
  if (!result.ok && result.code === Code.NOT_FOUND) throw notFoundResponse(NOT_FOUND);
  return json({ batch: must(result) }, { headers: NO_STORE });
}

export const meta: MetaFunction = () => [{ title: "Your cards sent | GiftMarket" }];

export default function OrderBatchPage() {
  const { batch } = useLoaderData<typeof loader>();
  const { coinName } = useMainLayoutData();
  const total = batch.orders.reduce((sum, o) => sum + o.calculateTotalPrice, 0);
  const n = batch.orders.length;
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <header>
        <h1 className="text-xl font-bold text-gray-900 md:text-2xl">{n === 1 ? "1 card sent" : `${n} cards sent`}</h1>
        <p className="text-sm text-gray-600">
          Each card is its own order with its own timer and chat. Together they pay <span className="num font-semibold text-money-in-700">{formatCoinsWithName(total, coinName)}</span> when completed.
        </p>
      </header>
      <ol className="divide-y divide-gray-200 rounded-xl bg-white shadow-sm ring-1 ring-gray-200" data-testid="batch-orders">
        {batch.orders.map((o, i) => (
          <li key={o.id} className="flex flex-wrap items-center justify-between gap-2 p-4" data-testid="batch-order">
            <div className="min-w-0">
              <p className="font-semibold text-gray-900">
                Card {i + 1} · <span className="num">{faceUnits(o.tradeAmount)} {o.tradeCurrency}</span>
              </p>
              <p className="num text-sm text-gray-700">{formatCoinsWithName(o.calculateTotalPrice, coinName)}</p>
            </div>
            <div className="flex items-center gap-3">
              <OrderStatusBadge status={o.status} />
              <Link to={`/orderDetails/${o.id}`} className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
                Order #{o.id}<span className="sr-only"> details</span>
              </Link>
            </div>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <ButtonLink to="/orderList" variant="secondary">
          All my orders
        </ButtonLink>
        <ButtonLink to={`/sellCard/${batch.advertId}/several`}>Sell more cards</ButtonLink>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary notFound={{ description: "Your orders are listed under Orders.", action: <ButtonLink to="/orderList">My orders</ButtonLink> }} />;
}

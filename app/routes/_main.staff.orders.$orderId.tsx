/**
 * /staff/orders/{orderId}: any order as an administrator reads it — the order and its coins as the
 * ledger has them (held, paid, returned: ADR 0051), its dispute, the timeline, the card as the
 * merchant saw it (codes decrypted server-side, images through /staff/orders/{id}/image/{index}),
 * the whole chat transcript (paged), both sides' evidence in the timeline (pictures through
 * /staff/orders/{id}/evidence/{entry}/{index}, ADR 0074) — and the decision.
 */
import { useLoaderData } from "@remix-run/react";
import { arbitrationTypeLabels, type ArbitrationType } from "../../contract/enums";
import type { AdminOrderActions, OrderMoney, StaffOrder, TranscriptMessage } from "../../contract/calls/orders-desks";
import { Code } from "../../contract/envelope";
import { useMainLayoutData } from "~/components/layout/layout-data";
import { OrderStatusBadge } from "~/components/orders/OrderStatusBadge";
import { OrderTimelinePanel } from "~/components/orders/OrderTimeline";
import { DetailPage } from "~/components/detail/DetailPage";
import { OrderDecision } from "~/components/staff/OrderDecision";
import { staffMoneyRows } from "~/components/staff/order-money";
import { Transcript } from "~/components/staff/Transcript";
import { DetailPanel, DetailRow } from "~/components/ui";
import { DuplicateFlag } from "~/components/orders/DuplicateFlag";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";
import { formatCoins, formatTradeAmount, minorFromInput } from "~/services/money/format";
import { must } from "~/services/kit/api.server";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, NO_STORE } from "~/services/kit/http.server";
import { idParam, notFoundResponse } from "~/services/kit/params";
import { field, staffAction, staffApi } from "~/services/staff/staff.server";

const NOT_FOUND = "This order does not exist.";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const api = await staffApi(request, context);
  const id = idParam(params.orderId, NOT_FOUND);
  const after = Number(new URL(request.url).searchParams.get("after")) || undefined;
  const [detail, transcript] = await Promise.all([api.call("/admin/order/detail", { id }), api.call("/admin/order/transcript", { id, afterId: after })]);
  if (!detail.ok && detail.code === Code.NOT_FOUND) throw notFoundResponse(NOT_FOUND);
  const d = must(detail);
  const t = must(transcript);
  // The image key stays on the server: the page gets only how many images there are.
  const card = d.card ? { cardType: d.card.cardType, codes: d.card.codes, imageCount: d.card.images.length } : null;
  return json(
    { order: d.orderInfo, card, merchantViewed: d.merchantViewed, money: d.money, changes: d.orderChange, evidence: d.evidence, actions: d.actions, transcript: t.list, next: t.nextAfterId, first: !after },
    { headers: NO_STORE },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Staff: order ${data.order.id} | GiftMarket` : "Staff | GiftMarket" }];

export const action = ({ request, context, params }: ActionFunctionArgs) =>
  staffAction(request, context, () => `/staff/orders/${params.orderId}`, {
    complete: (f, api) => {
      const price = minorFromInput(field(f, "price"));
      if (price === null) return Promise.resolve({ ok: false, code: Code.INVALID, msg: "Enter the final price with at most 2 decimals." });
      return api.call("/admin/order/resolve", { id: Number(params.orderId), outcome: "complete", realTotalPrice: price });
    },
    cancel: (_f, api) => api.call("/admin/order/resolve", { id: Number(params.orderId), outcome: "cancel" }),
    freeze: (_f, api) => api.call("/admin/order/freeze", { id: Number(params.orderId) }),
    unfreeze: (_f, api) => api.call("/admin/order/unfreeze", { id: Number(params.orderId) }),
  });

export default function StaffOrderPage() {
  const data = useLoaderData<typeof loader>();
  const o = data.order as StaffOrder;
  const money = data.money as OrderMoney;
  const { coinName } = useMainLayoutData();
  return (
    <DetailPage
      split="even"
      back={{ to: "/staff", label: "Arbitration" }}
      header={
        <header className="flex items-start justify-between gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200">
          <div className="min-w-0">
            <h2 className="text-lg font-bold text-gray-900">
              Order {o.id} · {o.paymentNameEn}
            </h2>
            <p className="text-sm text-gray-700">
              Seller {o.sellerNickname} (#{o.sellerid}) · merchant {o.buyerNickname} (#{o.buyerid})
            </p>
          </div>
          <OrderStatusBadge status={o.status} className="shrink-0" />
        </header>
      }
      main={
        <>
          <DuplicateFlag duplicate={o.duplicateOf} />
          <DetailPanel title="Decision" labelId="decision">
            <OrderDecision order={o} actions={data.actions as AdminOrderActions} money={money} coinName={coinName} />
          </DetailPanel>
          <DetailPanel title="Order" labelId="order">
            <dl className="divide-y divide-gray-100">
              <DetailRow label="Card face">
                {formatTradeAmount(o.tradeAmount)} {o.tradeCurrency}
              </DetailRow>
              <DetailRow label="Order price">
                {formatCoins(o.calculateTotalPrice)} {coinName}
              </DetailRow>
              {staffMoneyRows(o.status, money, data.merchantViewed).map((r) => (
                <DetailRow key={r.key} label={r.label}>
                  <span data-testid={`staff-money-${r.key}`} data-amount={r.coins ?? 0}>
                    {r.coins !== null ? `${formatCoins(r.coins)} ${coinName}` : r.text}
                  </span>
                </DetailRow>
              ))}
              {o.sellerRemark ? <DetailRow label="Seller's remark">{o.sellerRemark}</DetailRow> : null}
            </dl>
          </DetailPanel>
          <DetailPanel title="Dispute" labelId="dispute">
            {o.arbitrationType === null ? (
              <p className="text-sm text-gray-600">No dispute was opened.</p>
            ) : (
              <dl className="divide-y divide-gray-100" data-testid="staff-dispute">
                <DetailRow label="Type">{arbitrationTypeLabels[o.arbitrationType as ArbitrationType]}</DetailRow>
                <DetailRow label="Face found">
                  {formatTradeAmount(o.arbitrationApplyAmount ?? 0)} {o.tradeCurrency}
                </DetailRow>
                <DetailRow label="Price proposed">
                  {formatCoins(o.arbitrationApplyPrice ?? 0)} {coinName}
                </DetailRow>
                <DetailRow label="Merchant's reason">{o.arbitrationContent ?? ""}</DetailRow>
              </dl>
            )}
          </DetailPanel>
          <DetailPanel title="The card" labelId="card">
            <p className="mb-2 text-sm text-gray-600">{data.merchantViewed ? "The merchant opened this card." : "The merchant has not opened this card."}</p>
            {data.card?.codes.length ? (
              <ul className="flex flex-col gap-1 font-mono text-sm" data-testid="staff-card-codes">
                {data.card.codes.map((c, i) => (
                  <li key={i} className="break-all rounded bg-gray-50 px-2 py-1">
                    {c}
                  </li>
                ))}
              </ul>
            ) : null}
            {data.card && data.card.imageCount > 0 ? (
              <div className="flex flex-wrap gap-2">
                {Array.from({ length: data.card.imageCount }, (_, i) => (
                  <a key={i} href={`/staff/orders/${o.id}/image/${i}`} target="_blank" rel="noreferrer">
                    <img src={`/staff/orders/${o.id}/image/${i}`} alt={`Card picture ${i + 1}`} width={160} height={120} className="h-30 w-40 rounded object-cover ring-1 ring-gray-200" />
                  </a>
                ))}
              </div>
            ) : null}
          </DetailPanel>
        </>
      }
      chat={
        <DetailPanel title="Chat transcript" labelId="transcript">
          <Transcript messages={data.transcript as TranscriptMessage[]} orderId={o.id} next={data.next} first={data.first} />
        </DetailPanel>
      }
      timeline={<OrderTimelinePanel changes={data.changes} evidence={data.evidence} reader="staff" />}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

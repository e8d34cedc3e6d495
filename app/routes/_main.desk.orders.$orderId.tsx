/**
 * /desk/orders/{orderId}: an order as its merchant sees it (ADR 0036). Business users
 * only (requireDesk). View (0 → 1: the price is held from the balance), then the card (codes
 * and images), Complete, or Negotiate (dispute type, face found, price, why); in the dispute, its
 * evidence (statement and pictures, ADR 0074), shown with the seller's in the timeline; the order's chat
 * and timeline beside it. What the merchant may do comes from the backend (getOrderDetails'
 * actions, computed from the state machine), never from the status here.
 */
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import type { StaffOrder } from "../../contract/calls/orders-desks";
import type { OrderChange } from "../../contract/entities";
import { Code } from "../../contract/envelope";
import { OrderAction } from "../../contract/enums";
import { MESSAGES } from "../../contract/messages";
import { DeskOrderFacts } from "~/components/desk/DeskOrderFacts";
import { DuplicateFlag } from "~/components/orders/DuplicateFlag";
import { MerchantCardPanel } from "~/components/desk/MerchantCard";
import { NEGOTIATE_INTENT, NegotiateForm } from "~/components/desk/NegotiateForm";
import { useMainLayoutData } from "~/components/layout/layout-data";
import { DisputePanel } from "~/components/orders/DisputePanel";
import { StatusHeader } from "~/components/orders/OrderSections";
import { OrderChatSection } from "~/components/orders/OrderChatSection";
import { OrderTimelinePanel } from "~/components/orders/OrderTimeline";
import { DeskOrderActions } from "~/components/desk/DeskOrderActions";
import { DetailPage } from "~/components/detail/DetailPage";
import { ButtonLink, DetailPanel } from "~/components/ui";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";
import { negotiateRefusal, negotiationOf, type NegotiateRefusal } from "~/services/desk/orders";
import { loadOrderChat } from "~/services/chat/chat.server";
import { must, redirectWithToast } from "~/services/kit/api.server";
import { requireDesk } from "~/services/kit/desk.server";
import { readForm, typedFields } from "~/services/kit/form.server";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, NO_STORE } from "~/services/kit/http.server";
import { idParam, notFoundResponse } from "~/services/kit/params";
import { isECodeInfo, parseAdvertInfo } from "~/services/orders/index";
import { dispatchIntent } from "~/services/kit/intents.server";
import { EvidencePanel } from "~/components/orders/EvidenceForm";
import { postEvidence } from "~/services/orders/evidence.server";
import { EVIDENCE_INTENT } from "~/services/orders/evidence";
import type { ApiResult } from "~/services/kit/caller.server";

const NOT_FOUND = "This order does not exist.";
const VIEW = "view";
const COMPLETE = "complete";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const api = await requireDesk(request, context, "merchant");
  const id = idParam(params.orderId, NOT_FOUND);
  const [detail, mine] = await Promise.all([api.call("/merchant/order/detail", { id }), api.call("/order/getOrderDetails", { id })]);
  if (!detail.ok && detail.code === Code.NOT_FOUND) throw notFoundResponse(detail.msg);
  const { orderInfo, card, orderChange, evidence } = must(detail);
  const info = parseAdvertInfo(orderInfo.advertInfo);
  const actions = mine.ok ? mine.data.actions : [];
  // The order's chat beside it, as the seller has it (docs/product/statuses.md: while the order is open).
  const chat = actions.includes(OrderAction.Chat) ? await loadOrderChat(api, id, new URL(request.url).searchParams.get("before")) : null;
  return json(
    { order: orderInfo, info, card, changes: orderChange, evidence, actions, chat },
    // The codes are in this page: never stored by a cache.
    { headers: NO_STORE },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Desk order ${data.order.id} | GiftMarket` : "Desk order | GiftMarket" }];

export async function action({ request, context, params }: ActionFunctionArgs) {
  const api = await requireDesk(request, context, "merchant");
  const id = idParam(params.orderId, NOT_FOUND);
  const form = await readForm(request);
  const answer = async (intent: string, result: ApiResult<unknown>) =>
    result.ok ? redirectWithToast(api.session, `/desk/orders/${id}`, MESSAGES.success) : json({ intent, error: result.msg }, { status: 400 });
  return dispatchIntent(form, {
    [VIEW]: async (intent) => answer(intent, await api.call("/merchant/order/view", { id })),
    [COMPLETE]: async (intent) => answer(intent, await api.call("/merchant/order/complete", { id })),
    [NEGOTIATE_INTENT]: async (intent) => {
      // A refused proposal comes back as typed, its message at its field (ADR 0061).
      const refused = (r: NegotiateRefusal) => json({ intent, error: r.error, negotiation: { ...r, typed: typedFields(form) } }, { status: 400 });
      const n = negotiationOf(form);
      if ("error" in n) return refused(n);
      const result = await api.call("/merchant/order/negotiate", { id, ...n });
      return result.ok ? answer(intent, result) : refused(negotiateRefusal(result.msg));
    },
    [EVIDENCE_INTENT]: async (intent) => {
      const refused = await postEvidence(api, form, (body) => api.call("/merchant/order/addEvidence", { id, ...body }));
      return refused ? json({ intent, error: null, evidence: refused }, { status: 400 }) : answer(intent, { ok: true, data: null });
    },
  });
}

export default function DeskOrderPage() {
  const { order, info, card, changes, evidence, actions, chat } = useLoaderData<typeof loader>();
  const o = order as StaffOrder;
  const actionData = useActionData<typeof action>();
  const asking = useSearchParams()[0].get("confirm");
  const { coinName, ngnRate } = useMainLayoutData();
  const error = actionData && actionData.intent !== NEGOTIATE_INTENT && actionData.intent !== EVIDENCE_INTENT ? actionData.error : null;
  return (
    <DetailPage
      split="order"
      back={{ to: "/desk", label: "Merchant desk" }}
      header={<StatusHeader order={o} name={o.paymentNameEn || info.paymentNameEn} icon={info.paymentIcon} isECode={isECodeInfo(info)} />}
      main={
        <>
          <DuplicateFlag duplicate={o.duplicateOf} />
          <DeskOrderActions actions={actions} intents={{ view: VIEW, complete: COMPLETE }} asking={asking} error={error} />
          {o.arbitrationType !== null ? (
            <DisputePanel order={o} coinName={coinName} ngnRate={ngnRate} asking={null} error={null} actions={[]} intents={{ accept: "", arbitration: "" }} side="merchant" />
          ) : null}
          {actions.includes(OrderAction.Evidence) ? (
            <EvidencePanel labelId="desk-evidence" entries={evidence.length} actionData={actionData} hint="Add to your proposal what shows the problem: a balance screenshot, the card as you found it. The seller and our staff see it in the timeline." />
          ) : null}
          <MerchantCardPanel orderId={o.id} card={card} codeFormat={info.codeFormat} remark={o.sellerRemark} />
          {actions.includes(OrderAction.Negotiate) ? (
            <DetailPanel title="Negotiate" labelId="desk-negotiate">
              <NegotiateForm
                face={o.tradeAmount}
                currency={o.tradeCurrency}
                price={o.calculateTotalPrice}
                coinName={coinName}
                refused={actionData && "negotiation" in actionData ? actionData.negotiation : null}
              />
            </DetailPanel>
          ) : null}
        </>
      }
      aside={<DeskOrderFacts order={o} opened={card !== null} coinName={coinName} ngnRate={ngnRate} />}
      chat={chat ? <OrderChatSection order={o} chat={chat} here={`/desk/orders/${o.id}`} peer={{ id: o.sellerid, nickname: o.sellerNickname }} /> : null}
      timeline={<OrderTimelinePanel changes={changes as OrderChange[]} evidence={evidence} reader="merchant" />}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary notFound={{ description: "It may have been sold to another merchant.", action: <ButtonLink to="/desk">Back to the desk</ButtonLink> }} />;
}

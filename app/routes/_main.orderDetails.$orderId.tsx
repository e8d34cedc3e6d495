/**
 * /orderDetails/{orderId}: one sell-card order (docs/product/screens.md, docs/product/statuses.md).
 *
 * - Code 3 goes to /home (docs/product/messages.md).
 * - Status badge and its timer: Auto Cancel (0), Auto Release (1), Auto
 *   Arbitration (2); the deadline shows without JavaScript, a ticking
 *   countdown with it (and the page reloads its data when it runs out).
 * - Status 5: the Cancel Tips (for an order the merchant opened, that nothing was paid: ADR 0051).
 *   The dispute panel when arbitrationType is set.
 * - Accept (status 2 or 3) and Apply for arbitration (status 2), each behind a
 *   confirmation (a dialog, or the ?confirm= section without JavaScript).
 * - The card: e-codes decrypted in the browser by an island that fetches them
 *   after hydration (the page's HTML never carries the code, its ciphertext or the
 *   secret); without JavaScript, the seller's trade password reveals them in the
 *   answer to that form only, not stored (ADR 0060); images through /orderImage/{id}/{index}.
 * - Completed: a link to its receipt (/receipts/order/{id}, ADR 0075).
 * - In negotiation or arbitration: her evidence, a statement and pictures (ADR 0074), shown with the
 *   merchant's in the timeline.
 * - Comment once when completed, then read-only. The order-change timeline.
 * - The order's chat (status below 4): #order-chat, server-rendered with a plain send
 *   form, then live (a lazy island); a message for this order refreshes the page's data.
 */
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import type { Feedback, Order, OrderChange } from "../../contract/entities";
import { Code } from "../../contract/envelope";
import { Flag, OrderAction, OrderStatus } from "../../contract/enums";
import { MESSAGES } from "../../contract/messages";
import { useMainLayoutData } from "~/components/layout/layout-data";
import { DisputePanel } from "~/components/orders/DisputePanel";
import { FeedbackPanel } from "~/components/orders/FeedbackSection";
import { OrderChatSection } from "~/components/orders/OrderChatSection";
import { CancelTips, OrderCardPanel, OrderInfoPanel, StatusHeader } from "~/components/orders/OrderSections";
import { OrderTimelinePanel } from "~/components/orders/OrderTimeline";
import { DetailPage } from "~/components/detail/DetailPage";
import { ReceiptNotice } from "~/components/receipts/ReceiptLink";
import { GetHelpLink } from "~/components/support/GetHelpLink";
import { ButtonLink } from "~/components/ui";
import { EvidencePanel } from "~/components/orders/EvidenceForm";
import { postEvidence } from "~/services/orders/evidence.server";
import { EVIDENCE_INTENT } from "~/services/orders/evidence";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";
import { loadOrderChat } from "~/services/chat/chat.server";
import { FEEDBACK_INTENT } from "~/services/forms/feedback";
import { parseWithZod, feedbackSchema } from "~/services/forms/schemas.server";
import { imagePaths } from "~/services/forms/sell";
import { must, redirectWithToast, requireApi } from "~/services/kit/api.server";
import { readForm } from "~/services/kit/form.server";
import { dispatchIntent } from "~/services/kit/intents.server";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, NO_STORE, noStoreDocument } from "~/services/kit/http.server";
import { REVEAL_CODE_INTENT, type CodeReveal } from "~/components/orders/CardCodeReveal";
import { idParam, notFoundResponse } from "~/services/kit/params";
import { isECodeInfo, parseAdvertInfo } from "~/services/orders/index";

const ACCEPT = "accept";
const ARBITRATION = "arbitration";

const NOT_FOUND = "This order does not exist.";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const id = idParam(params.orderId, NOT_FOUND);
  // docs/product/messages.md: code 3 on order details goes to /home.
  const api = await requireApi(request, context, "home");
  const result = await api.call("/order/getOrderDetails", { id });
  if (!result.ok && (result.code === Code.NOT_FOUND || result.code === Code.FORBIDDEN)) throw notFoundResponse(result.msg);
  const { orderInfo, orderDetails, orderChange, evidence, feedback, actions } = must(result);
  const info = parseAdvertInfo(orderInfo.advertInfo);
  const isECode = isECodeInfo(info);
  const hasCode = orderDetails.cardSecret !== "";
  const [chat, profile] = await Promise.all([
    actions.includes(OrderAction.Chat) ? loadOrderChat(api, id, new URL(request.url).searchParams.get("before")) : null,
    // Whether her trade password can reveal the code without JavaScript (ADR 0060).
    isECode && hasCode ? api.call("/userInfo/getProfileInfo") : null,
  ]);
  // Only what the page shows: never the code, its ciphertext, the secret or the image paths.
  return json(
    {
      order: orderInfo,
      info,
      card: {
        isECode,
        hasCode,
        imageCount: imagePaths(orderDetails.cardImg).length,
        tradePwdSet: profile?.ok === true && profile.data.profile.tradepwdFlag === Flag.Yes,
      },
      changes: orderChange,
      evidence,
      feedback,
      actions,
      chat,
    },
    { headers: NO_STORE },
  );
}

/** The page and the answer to its forms are never stored: the reveal form's answer carries the code (ADR 0060). */
export const headers = noStoreDocument;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Order ${data.order.id} | GiftMarket` : "Order | GiftMarket" },
];

export async function action({ request, context, params }: ActionFunctionArgs) {
  const id = idParam(params.orderId, NOT_FOUND);
  const api = await requireApi(request, context, "home");
  const formData = await readForm(request);
  const done = () => redirectWithToast(api.session, `/orderDetails/${id}`, MESSAGES.success);
  const decide = async (intent: string, path: "/order/acceptDispute" | "/order/applyArbitration") => {
    const r = await api.call(path, { id });
    return r.ok ? done() : json({ intent, error: r.msg, result: null });
  };

  return dispatchIntent(formData, {
    [FEEDBACK_INTENT]: async (intent) => {
      const submission = parseWithZod(formData, { schema: feedbackSchema });
      if (submission.status !== "success") return json({ intent, error: null, result: submission.reply() });
      const v = submission.value;
      const r = await api.call("/userFeedback/addFeedback", {
        feedback: { orderid: id, type: v.type, starLevel: v.starLevel, content: v.content },
      });
      return r.ok ? done() : json({ intent, error: null, result: submission.reply({ formErrors: [r.msg] }) });
    },
    [REVEAL_CODE_INTENT]: async (intent) => {
      const r = await api.call("/order/revealCardCode", { id, tradePwd: String(formData.get("tradePwd") ?? "") });
      const reveal: CodeReveal = r.ok ? { codes: r.data.codes } : { error: r.msg };
      return json({ intent, error: null, result: null, reveal }, { status: r.ok ? 200 : 400, headers: NO_STORE });
    },
    [EVIDENCE_INTENT]: async (intent) => {
      const refused = await postEvidence(api, formData, (body) => api.call("/order/addEvidence", { id, ...body }));
      return refused ? json({ intent, error: null, result: null, evidence: refused }, { status: 400, headers: NO_STORE }) : done();
    },
    [ACCEPT]: (intent) => decide(intent, "/order/acceptDispute"),
    [ARBITRATION]: (intent) => decide(intent, "/order/applyArbitration"),
  }, NO_STORE);
}

export default function OrderDetailsPage() {
  const { order, info, card, changes, evidence, feedback, actions, chat } = useLoaderData<typeof loader>();
  const o = order as Order;
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const { coinName, ngnRate, user } = useMainLayoutData();
  return (
    <DetailPage
      split="order"
      back={{ to: "/orderList", label: "Orders" }}
      header={<StatusHeader order={o} name={info.paymentNameEn} icon={info.paymentIcon} isECode={card.isECode} />}
      notice={
        <>
          <CancelTips order={o} />
          {/* Her receipt (ADR 0075): the seller's, once the order is completed. */}
          {o.status === OrderStatus.Completed && user?.id !== o.buyerid ? <ReceiptNotice kind="order" id={o.id} /> : null}
          <GetHelpLink kind="order" id={o.id} />
        </>
      }
      main={
        <>
          {o.arbitrationType !== null || actions.includes(OrderAction.Accept) ? (
            <DisputePanel
              order={o}
              coinName={coinName}
              ngnRate={ngnRate}
              asking={params.get("confirm")}
              error={actionData?.error ?? null}
              actions={actions}
              intents={{ accept: ACCEPT, arbitration: ARBITRATION }}
            />
          ) : null}
          {actions.includes(OrderAction.Evidence) ? (
            <EvidencePanel labelId="evidence" entries={evidence.length} actionData={actionData} hint="Show the merchant and our staff your side: a receipt of purchase, a balance screenshot. They see it in the timeline." />
          ) : null}
          <OrderInfoPanel order={o} info={info} coinName={coinName} ngnRate={ngnRate} />
          <OrderCardPanel order={o} card={card} codeFormat={info.codeFormat} reveal={actionData && "reveal" in actionData ? (actionData.reveal as CodeReveal) : null} />
          <FeedbackPanel
            orderId={o.id}
            feedback={feedback as Feedback | null}
            canComment={actions.includes(OrderAction.Comment)}
            lastResult={actionData?.intent === FEEDBACK_INTENT ? actionData.result : null}
          />
        </>
      }
      chat={chat ? <OrderChatSection order={o} chat={chat} here={`/orderDetails/${o.id}`} peer={{ id: o.buyerid, nickname: o.buyerNickname }} /> : null}
      timeline={<OrderTimelinePanel changes={changes as OrderChange[]} evidence={evidence} reader="seller" />}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary notFound={{ description: "It may belong to another account.", action: <ButtonLink to="/orderList">See your orders</ButtonLink> }} />;
}

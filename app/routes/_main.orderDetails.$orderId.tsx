/**
 * /orderDetails/{orderId}: one sell-card order (spec §2, §4).
 *
 * - Code 3 goes to /home (spec §8).
 * - Status badge and its timer: Auto Cancel (0), Auto Release (1), Auto
 *   Arbitration (2); the deadline shows without JavaScript, a ticking
 *   countdown with it (and the page reloads its data when it runs out).
 * - Status 5: the Cancel Tips. The dispute panel when arbitrationType is set.
 * - Accept (status 2 or 3) and Apply for arbitration (status 2), each behind a
 *   confirmation (a dialog, or the ?confirm= section without JavaScript).
 * - The card: e-codes decrypted in the browser by an island that fetches them
 *   after hydration (the HTML never carries the code, its ciphertext or the
 *   secret); images through /orderImage/{id}/{index}.
 * - Comment once when completed, then read-only. The order-change timeline.
 * - The order's chat (status below 4): #order-chat, server-rendered with a plain send
 *   form, then live (a lazy island); a message for this order refreshes the page's data.
 */
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "~/services/kit/http.server";
import {
  Link,
  useActionData,
  useLoaderData,
  useRevalidator,
  useSearchParams,
} from "@remix-run/react";
import { Suspense, lazy, useCallback } from "react";
import { ClientOnly } from "remix-utils/client-only";
import { useHydrated } from "remix-utils/use-hydrated";
import type { ChatConversation, ChatMessage } from "../../contract/chat-protocol";
import type { Feedback, Order, OrderChange } from "../../contract/entities";
import { Code } from "../../contract/envelope";
import { OrderAction, OrderStatus } from "../../contract/enums";
import { MESSAGES } from "../../contract/fields";
import { ChatPanel } from "~/components/chat/ChatPanel";
import type { StaticView } from "~/components/chat/ChatStatic";
import { conversationHref } from "~/components/chat/chat-shared";
import { useMainLayoutData } from "~/components/layout/layout-data";
import { Avatar } from "~/components/layout/UserMenu";
import { DisputePanel } from "~/components/orders/DisputePanel";
import { FeedbackForm, FeedbackView } from "~/components/orders/FeedbackSection";
import { OrderImages } from "~/components/orders/OrderImages";
import { OrderStatusBadge } from "~/components/orders/OrderStatusBadge";
import { OrderTimeline } from "~/components/orders/OrderTimeline";
import { ArrowLeftIcon, ButtonLink, Countdown, DateTime, DetailPanel, DetailRow, Skeleton, StatusBadge, VerifiedIcon } from "~/components/ui";
import type { Api } from "~/services/api.server";
import { must, redirectWithToast, requireApi } from "~/services/kit/api.server";
import { idParam, notFoundResponse } from "~/services/kit/params";
import { chatProvider, loadConversationView } from "~/services/chat.server";
import { formatCoinsWithName, formatNgn, formatTradeAmount } from "~/services/format";
import { FEEDBACK_INTENT, feedbackSchema } from "~/services/forms/feedback";
import { imagePaths } from "~/services/forms/sell";
import {
  isECodeInfo,
  orderTimer,
  parseAdvertInfo,
  splitTags,
} from "~/services/orders";
import { readForm } from "~/services/kit/form.server";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";

const CardSecret = lazy(() => import("~/components/orders/CardSecret.client"));

const NO_JS_CODE_TEXT = "The card code is shown when JavaScript is available.";
const CANCEL_TIPS =
  "The buyer did not view your card in time, so the order was cancelled. Your card is stored safely and was not used.";

const ACCEPT = "accept";
const ARBITRATION = "arbitration";

const NOT_FOUND = "This order does not exist.";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const id = idParam(params.orderId, NOT_FOUND);
  // Spec §8: code 3 on order details goes to /home.
  const api = await requireApi(request, context, "home");
  const result = await api.call("/order/getOrderDetails", { id });
  if (!result.ok && (result.code === Code.NOT_FOUND || result.code === Code.FORBIDDEN)) throw notFoundResponse(result.msg);
  const { orderInfo, orderDetails, orderChange, feedback, actions } = must(result);
  const info = parseAdvertInfo(orderInfo.advertInfo);
  const chat = actions.includes(OrderAction.Chat) ? await loadOrderChat(api, id, new URL(request.url).searchParams.get("before")) : null;
  // Only what the page shows: never the code, its ciphertext, the secret or the image paths.
  return json(
    {
      order: orderInfo,
      info,
      card: {
        isECode: isECodeInfo(info),
        hasCode: orderDetails.cardSecret !== "",
        imageCount: imagePaths(orderDetails.cardImg).length,
      },
      changes: orderChange,
      feedback,
      actions,
      chat,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** The order's chat (GROUP{orderId}) as the server renders it (spec §4: live chat below status 4). */
async function loadOrderChat(api: Api, orderId: number, before: string | null) {
  const { provider, sdkAppId } = chatProvider();
  const conversationId = `GROUP${orderId}`;
  let view: StaticView | null = null;
  let notice: string | null = null;
  if (provider === "builtin") {
    const r = await loadConversationView(api, conversationId, before);
    if (r.ok) view = { messageList: r.data.messageList, nextReqMessageID: r.data.nextReqMessageID, isCompleted: r.data.isCompleted, latest: r.data.latest };
    else notice = r.msg;
  } else {
    notice = "The chat needs JavaScript.";
  }
  // The no-JS form's idempotency key: a double submit stores one message.
  return { conversationId, provider, sdkAppId: sdkAppId ?? null, view, notice, clientMsgId: crypto.randomUUID() };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Order ${data.order.id} | GiftMarket` : "Order | GiftMarket" },
];

export async function action({ request, context, params }: ActionFunctionArgs) {
  const id = idParam(params.orderId, NOT_FOUND);
  const api = await requireApi(request, context, "home");
  const formData = await readForm(request);
  const intent = String(formData.get("intent") ?? "");
  const done = () => redirectWithToast(api.session, `/orderDetails/${id}`, MESSAGES.success);

  if (intent === FEEDBACK_INTENT) {
    const submission = parseWithZod(formData, { schema: feedbackSchema });
    if (submission.status !== "success") return json({ intent, error: null, result: submission.reply() });
    const v = submission.value;
    const r = await api.call("/userFeedback/addFeedback", {
      feedback: { orderid: id, type: v.type, starLevel: v.starLevel, content: v.content },
    });
    if (!r.ok) return json({ intent, error: null, result: submission.reply({ formErrors: [r.msg] }) });
    return done();
  }

  if (intent === ACCEPT || intent === ARBITRATION) {
    const r = await api.call(intent === ACCEPT ? "/order/acceptDispute" : "/order/applyArbitration", { id });
    if (!r.ok) return json({ intent, error: r.msg, result: null });
    return done();
  }

  return json({ intent, error: "Request error", result: null }, { status: 400 });
}

// ------------------------------------------------------------------ page

export default function OrderDetailsPage() {
  const { order, info, card, changes, feedback, actions, chat } = useLoaderData<typeof loader>();
  const o = order as Order;
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const asking = params.get("confirm");
  const { coinName, ngnRate } = useMainLayoutData();
  const tags = splitTags(info.tagListEn);

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4">
      <Link to="/orderList" className="inline-flex w-fit items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeftIcon className="h-4 w-4" />
        Orders
      </Link>

      <StatusHeader order={o} name={info.paymentNameEn} icon={info.paymentIcon} isECode={card.isECode} />

      {o.status === OrderStatus.Cancelled ? (
        <section aria-labelledby="cancel-tips" className="rounded-xl bg-money-out-50 p-4 ring-1 ring-inset ring-money-out-200" data-testid="cancel-tips">
          <h2 id="cancel-tips" className="text-sm font-semibold text-money-out-800">
            Cancel Tips
          </h2>
          <p className="mt-1 text-sm text-gray-800">{CANCEL_TIPS}</p>
        </section>
      ) : null}

      <div className="grid gap-4 lg:grid-cols-[minmax(0,1.3fr)_minmax(0,1fr)] lg:items-start">
        <div className="flex flex-col gap-4">
          {o.arbitrationType !== null || actions.includes(OrderAction.Accept) ? (
            <DisputePanel
              order={o}
              coinName={coinName}
              ngnRate={ngnRate}
              asking={asking}
              error={actionData?.error ?? null}
              actions={actions}
              intents={{ accept: ACCEPT, arbitration: ARBITRATION }}
            />
          ) : null}

          <DetailPanel title="Order" labelId="order-info">
            <dl className="divide-y divide-gray-100">
              <DetailRow label="Card face">
                {formatTradeAmount(o.tradeAmount)} {o.tradeCurrency}
              </DetailRow>
              <DetailRow label={o.status === OrderStatus.Completed ? "Paid" : o.arbitrationType !== null ? "Order price" : "You receive"}>
                <span className="block font-semibold text-money-in-700" data-testid="order-coins">
                  {formatCoinsWithName(o.status === OrderStatus.Completed ? o.realTotalPrice : o.calculateTotalPrice, coinName)}
                </span>
                <span className="block text-xs font-normal text-gray-600">
                  ≈ {formatNgn(o.status === OrderStatus.Completed ? o.realTotalPrice : o.calculateTotalPrice, ngnRate)}
                </span>
              </DetailRow>
              {o.status === OrderStatus.Completed && o.realTotalPrice !== o.calculateTotalPrice ? (
                <DetailRow label="Price at order time">{formatCoinsWithName(o.calculateTotalPrice, coinName)}</DetailRow>
              ) : null}
              <DetailRow label="Order number">{o.id}</DetailRow>
              <DetailRow label="Created">
                <DateTime ms={o.createTimestamp} />
              </DetailRow>
              <DetailRow label="Merchant">
                <span className="inline-flex items-center gap-2">
                  <Avatar src={o.buyerAvatar} size={24} />
                  <span>{o.buyerNickname}</span>
                  <VerifiedIcon className="h-4 w-4 text-brand-600" />
                  <span className="sr-only">Verified merchant</span>
                </span>
              </DetailRow>
            </dl>
            {tags.length > 0 ? (
              <ul className="mt-2 flex flex-wrap gap-1" aria-label="Tags">
                {tags.map((t) => (
                  <li key={t}>
                    <StatusBadge>{t}</StatusBadge>
                  </li>
                ))}
              </ul>
            ) : null}
            {info.explainInfo ? (
              <p className="mt-3 whitespace-pre-line break-words rounded-lg bg-gray-50 p-3 text-sm text-gray-700">{info.explainInfo}</p>
            ) : null}
          </DetailPanel>

          <DetailPanel title="Your card" labelId="your-card">
            {card.isECode ? (
              card.hasCode ? (
                <ClientOnly fallback={<p className="text-sm text-gray-700" data-testid="code-no-js">{NO_JS_CODE_TEXT}</p>}>
                  {() => (
                    <Suspense fallback={<Skeleton className="h-10 w-full" />}>
                      <CardSecret url={`/orderDetails/${o.id}/secret`} codeFormat={info.codeFormat} />
                    </Suspense>
                  )}
                </ClientOnly>
              ) : (
                <p className="text-sm text-gray-600">No code was sent with this order.</p>
              )
            ) : (
              <OrderImages orderId={o.id} count={card.imageCount} />
            )}
            {o.sellerRemark ? (
              <p className="mt-3 text-sm text-gray-700">
                <span className="font-medium text-gray-900">Remark: </span>
                <span className="whitespace-pre-line break-words">{o.sellerRemark}</span>
              </p>
            ) : null}
          </DetailPanel>

          {feedback || actions.includes(OrderAction.Comment) ? (
            <DetailPanel title="Comment" labelId="comment">
              {feedback ? (
                <FeedbackView feedback={feedback as Feedback} />
              ) : (
                <FeedbackForm orderId={o.id} lastResult={actionData?.intent === FEEDBACK_INTENT ? actionData.result : null} />
              )}
            </DetailPanel>
          ) : null}
        </div>

        <div className="flex flex-col gap-4">
          {chat ? (
            <section id="order-chat" aria-label="Chat" className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-gray-200" data-order-id={o.id}>
              <div className="flex items-center gap-2 border-b border-gray-200 px-4 py-3">
                <h2 className="min-w-0 flex-1 truncate text-base font-semibold text-gray-900">Chat with {o.buyerNickname}</h2>
                <Link to={conversationHref(chat.conversationId)} className="shrink-0 text-sm font-medium text-brand-700 hover:underline">
                  Open in Messages
                </Link>
              </div>
              <OrderChat orderId={o.id} status={o.status} chat={chat} />
            </section>
          ) : null}
          <DetailPanel title="Timeline" labelId="timeline">
            <OrderTimeline changes={changes as OrderChange[]} />
          </DetailPanel>
        </div>
      </div>
    </div>
  );
}

/** The order's chat: server-rendered with a plain form, then the live island; a message for this order refreshes it. */
function OrderChat({
  orderId,
  status,
  chat,
}: {
  orderId: number;
  status: number;
  chat: { conversationId: string; provider: "builtin" | "tencent"; sdkAppId: number | null; view: unknown; notice: string | null; clientMsgId: string };
}) {
  const revalidator = useRevalidator();
  const signedIn = Boolean(useMainLayoutData()?.user);
  const onMessage = useCallback(
    (m: ChatMessage) => {
      if (m.conversationID === chat.conversationId || (m.ref?.type === "order" && m.ref.id === orderId)) revalidator.revalidate();
    },
    [chat.conversationId, orderId, revalidator],
  );
  const onConversation = useCallback(
    (c: ChatConversation) => {
      if (c.order && c.order.status !== status) revalidator.revalidate();
    },
    [status, revalidator],
  );
  const here = `/orderDetails/${orderId}`;
  return (
    <div className="h-[28rem]">
      <ChatPanel
        conversationId={chat.conversationId}
        provider={chat.provider}
        sdkAppId={chat.sdkAppId ?? undefined}
        signedIn={signedIn}
        view={chat.view as StaticView | null}
        readOnly={false}
        notice={chat.notice}
        form={{ action: conversationHref(chat.conversationId), clientMsgId: chat.clientMsgId, redirectTo: `${here}#order-chat` }}
        olderHref={(before) => `${here}?before=${encodeURIComponent(before)}#order-chat`}
        newestHref={`${here}#order-chat`}
        onMessage={onMessage}
        onConversation={onConversation}
        fill
        liveClassName="h-full"
      />
    </div>
  );
}

function StatusHeader({ order: o, name, icon, isECode }: { order: Order; name: string; icon: string; isECode: boolean }) {
  const timer = orderTimer(o);
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  return (
    <header className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        {icon ? <img src={icon} alt="" width={48} height={48} className="h-12 w-12 shrink-0 rounded-xl bg-gray-100" /> : null}
        <div className="min-w-0">
          <h1 className="truncate text-lg font-bold text-gray-900 md:text-xl">{name || "Gift card"}</h1>
          <p className="text-sm text-gray-600">
            {isECode ? "E-code" : "Picture"} · Order {o.id}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 sm:flex-col sm:items-end">
        <OrderStatusBadge status={o.status} className="px-3 py-1 text-sm" />
        {timer ? (
          <p className="text-sm text-gray-700" data-testid="order-timer">
            {timer.label} {hydrated ? "in" : "at"}{" "}
            <Countdown
              deadline={timer.deadline}
              onExpire={() => {
                // The timer job moves the order a moment after the deadline.
                setTimeout(() => revalidator.revalidate(), 3000);
              }}
            />
          </p>
        ) : null}
      </div>
    </header>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary notFound={{ description: "It may belong to another account.", action: <ButtonLink to="/orderList">See your orders</ButtonLink> }} />;
}

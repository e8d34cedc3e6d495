/**
 * /message/{conversationId}: one conversation in the message centre (docs/product/screens.md, docs/product/validation.md, docs/product/README.md#roles).
 *
 * - C2C{userId}, GROUP{orderId}, C2Cw{withdrawerId}, and the read-only system
 *   conversation C2C88888888 (no input box); an order group shows its order beside the
 *   chat (a bar above it on a phone) and refreshes it when a message arrives.
 * - docs/product/README.md#roles: a chat opens only with a business user, the system, a withdrawer or one's
 *   own order; anything else (an unknown id, a refusal by the service) goes home.
 * - Without JavaScript: the newest 15 messages, "Older messages" (?before=), and a form
 *   that posts text to this route's action; with it, the live island.
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, NO_STORE } from "~/services/kit/http.server";
import { Link, useActionData, useLoaderData, useRevalidator } from "@remix-run/react";
import { useCallback } from "react";
import { parseConversationId, type ChatConversation, type ChatMessage } from "../../contract/chat-protocol";
import { Code } from "../../contract/envelope";
import { conversationTitle, isReadOnly, mayOpen } from "~/chat/model";
import { PHONE_CHAT_HEIGHT, useMessageCentre } from "~/components/chat/centre";
import { ChatPanel } from "~/components/chat/ChatPanel";
import { conversationHref, CHAT_SEND_INTENT_NAME } from "~/components/chat/chat-shared";
import type { StaticView } from "~/components/chat/ChatStatic";
import { OrderBar, OrderPanel, type OrderPanelData } from "~/components/chat/OrderPanel";
import { cx } from "~/components/ui/cx";
import { useMainLayoutData } from "~/components/layout/layout-data";
import { AdornedAvatar, MallBadge } from "~/components/identity/Adornment";
import { UserLink } from "~/components/partners/UserLink";
import { ArrowLeftIcon, BellIcon, VerifiedIcon } from "~/components/ui";
import type { Api } from "~/services/kit/caller.server";
import { redirectWithToast, requireApi } from "~/services/kit/api.server";
import { chatProvider, loadConversationView, sendTextFromForm } from "~/services/chat/chat.server";
import { parseAdvertInfo } from "~/services/orders/index";
import { safeRedirect } from "~/session.server";
import { readForm } from "~/services/kit/form.server";
import { dispatchIntent } from "~/services/kit/intents.server";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";

const READ_ONLY_SYSTEM = "Notices about your orders and withdrawals. Replies are not possible here.";
const READ_ONLY_FINISHED = "This order is finished. The chat is read-only.";

/** docs/product/README.md#roles: a conversation this user may not open leads home. */
const home = (): never => {
  throw redirect("/home");
};

async function orderPanel(api: Api, orderId: number, conversation: ChatConversation | null): Promise<OrderPanelData> {
  const r = await api.call("/order/getOrderDetails", { id: orderId });
  if (r.ok) {
    const o = r.data.orderInfo;
    const info = parseAdvertInfo(o.advertInfo);
    return {
      id: o.id,
      status: o.status,
      name: info.paymentNameEn || conversation?.order?.nameEn || "",
      tradeAmount: o.tradeAmount,
      tradeCurrency: o.tradeCurrency,
      calculateTotalPrice: o.calculateTotalPrice,
      realTotalPrice: o.realTotalPrice,
      createTimestamp: o.createTimestamp,
      autoCancelTimestamp: o.autoCancelTimestamp,
      autoReleaseTimestamp: o.autoReleaseTimestamp,
      autoArbitrationTimestamp: o.autoArbitrationTimestamp,
      counterpart: conversation?.peer?.nickname ?? o.buyerNickname,
    };
  }
  return { id: orderId, status: conversation?.order?.status ?? 0, name: conversation?.order?.nameEn ?? "", counterpart: conversation?.peer?.nickname };
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const id = params.conversationId ?? "";
  const ref = parseConversationId(id);
  if (!ref) return home();
  // docs/product/messages.md: the chat leads home when signed out.
  const api = await requireApi(request, context, "home");
  const viewer = api.session.get("profile") ?? { isBusiness: 0 };
  const { provider } = chatProvider();
  const before = new URL(request.url).searchParams.get("before");

  let view: StaticView | null = null;
  let conversation: ChatConversation | null = null;
  let notice: string | null = null;
  if (provider === "builtin") {
    const r = await loadConversationView(api, id, before);
    if (!r.ok) {
      // docs/product/README.md#roles: not a conversation this user may open. A refusal that says why (a block, ADR 0021) says it on the way home.
      if (r.code === Code.FORBIDDEN) throw await redirectWithToast(api.session, "/home", r.msg, "error");
      if (r.code === Code.NOT_FOUND || r.code === Code.INVALID || r.code === Code.FAILED) return home();
      notice = r.msg;
    } else {
      conversation = r.data.conversation;
      view = { messageList: r.data.messageList, nextReqMessageID: r.data.nextReqMessageID, isCompleted: r.data.isCompleted, latest: r.data.latest };
    }
  } else {
    notice = "The chat needs JavaScript.";
  }
  if (!mayOpen(id, viewer, conversation?.peer)) return home();

  const order = ref.kind === "group" ? await orderPanel(api, ref.orderId, conversation) : null;
  const readOnly = isReadOnly(id, conversation) || (order !== null && order.status >= 4);
  return json(
    {
      conversationId: id,
      kind: ref.kind,
      title: conversation ? conversationTitle(conversation) : ref.kind === "system" ? "System" : ref.kind === "group" ? `Order ${ref.orderId}` : id,
      peer: conversation?.peer ?? null,
      view,
      notice,
      order,
      readOnly,
      // Why there is no input, in the viewer's words, when the service says (a block, ADR 0060).
      readOnlyReason: conversation?.readOnlyReason ?? null,
      // The no-JS form's idempotency key: a double submit stores one message.
      clientMsgId: crypto.randomUUID(),
    },
    { headers: NO_STORE },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} | Messages | GiftMarket` : "Messages | GiftMarket" }];

export async function action({ request, context, params }: ActionFunctionArgs) {
  const id = params.conversationId ?? "";
  if (!parseConversationId(id)) return home();
  const api = await requireApi(request, context, "home");
  const form = await readForm(request);
  return dispatchIntent(form, {
    [CHAT_SEND_INTENT_NAME]: async () => {
      const rawBack = form.get("redirectTo");
      const back = rawBack ? safeRedirect(rawBack, `${conversationHref(id)}#chat-end`) : null;
      const r = await sendTextFromForm(api, id, form);
      if (!r.ok) {
        // From another page (the order's): the refusal travels as a toast.
        if (back) return redirectWithToast(api.session, back, r.msg, "error");
        return json({ error: r.msg, text: r.text }, { status: 400 });
      }
      return redirect(back ?? `${conversationHref(id)}#chat-end`);
    },
  });
}

function Header({ title, peer, kind, conversationId }: { title: string; peer: ChatConversation["peer"] | null; kind: string; conversationId: string }) {
  return (
    <header className="flex items-center gap-2 border-b border-gray-200 bg-white px-2 py-2 md:px-3">
      <Link to="/message" className="inline-flex h-10 w-10 items-center justify-center rounded-lg text-gray-700 hover:bg-gray-100 md:hidden">
        <ArrowLeftIcon className="h-5 w-5" />
        <span className="sr-only">Back to messages</span>
      </Link>
      {kind === "system" ? (
        <span className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-700">
          <BellIcon className="h-5 w-5" />
        </span>
      ) : (
        <AdornedAvatar src={peer?.avatar} size={36} frame={peer?.frame} />
      )}
      <h2 className="min-w-0 truncate text-base font-semibold text-gray-900" data-testid="chat-title" data-conversation-id={conversationId}>
        {/* The other user's public page (not for the system, whose peer is no user). */}
        {peer && kind !== "system" ? <UserLink userId={peer.id}>{title}</UserLink> : title}
      </h2>
      {peer?.isBusiness === 1 ? (
        <>
          <VerifiedIcon className="h-4 w-4 shrink-0 text-brand-600" />
          <span className="sr-only">Verified merchant</span>
        </>
      ) : null}
      {kind !== "system" ? <MallBadge badge={peer?.badge} compact /> : null}
    </header>
  );
}

export default function ConversationPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const centre = useMessageCentre();
  const layout = useMainLayoutData();
  const revalidator = useRevalidator();
  const order = data.order as OrderPanelData | null;
  const orderId = order?.id;
  const id = data.conversationId;

  // docs/product/statuses.md: a message about the open order refreshes it.
  const onMessage = useCallback(
    (m: ChatMessage) => {
      if (orderId === undefined) return;
      if (m.conversationID === `GROUP${orderId}` || (m.ref?.type === "order" && m.ref.id === orderId)) revalidator.revalidate();
    },
    [orderId, revalidator],
  );
  // ...as does a new status of the order that the service announces.
  const orderStatus = order?.status;
  const onConversation = useCallback(
    (c: ChatConversation) => {
      if (c.order && orderStatus !== undefined && c.order.status !== orderStatus) revalidator.revalidate();
    },
    [orderStatus, revalidator],
  );

  const view = data.view as StaticView | null;
  return (
    <>
      <section
        aria-label="Chat"
        className={cx(
          "flex min-h-0 flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-gray-200 md:h-auto md:rounded-none md:shadow-none md:ring-0",
          PHONE_CHAT_HEIGHT,
          order ? "" : "lg:col-span-2",
        )}
        id="chat"
      >
        <Header title={data.title} peer={data.peer as ChatConversation["peer"] | null} kind={data.kind} conversationId={id} />
        {order ? <OrderBar order={order} className="lg:hidden" /> : null}
        <div className="min-h-0 flex-1">
          <ChatPanel
            conversationId={id}
            provider={centre.provider}
            sdkAppId={centre.sdkAppId}
            signedIn={Boolean(layout?.user)}
            view={view}
            readOnly={data.readOnly}
            readOnlyText={data.readOnlyReason ?? (data.kind === "system" ? READ_ONLY_SYSTEM : READ_ONLY_FINISHED)}
            // A one-to-one conversation closes only by a block: the other user's page is where it is undone.
            readOnlyLink={data.kind === "c2c" && data.peer ? { to: `/userInfo/${data.peer.id}`, label: `Open ${data.peer.nickname}'s page` } : undefined}
            notice={data.notice}
            form={{
              action: conversationHref(id),
              clientMsgId: data.clientMsgId,
              error: actionData && "error" in actionData ? actionData.error : null,
              text: actionData && "text" in actionData ? actionData.text : undefined,
            }}
            olderHref={(before) => `${conversationHref(id)}?before=${encodeURIComponent(before)}#chat-top`}
            newestHref={`${conversationHref(id)}#chat-end`}
            onMessage={onMessage}
            onConversation={onConversation}
            fill
            liveClassName="h-full"
          />
        </div>
      </section>
      {order ? (
        <aside className="hidden min-h-0 overflow-y-auto border-l border-gray-200 lg:block" aria-label="Order">
          <OrderPanel order={order} coinName={layout?.coinName ?? "Coins"} ngnRate={layout?.ngnRate ?? 0} />
        </aside>
      ) : null}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

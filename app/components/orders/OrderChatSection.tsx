/**
 * The order's chat beside the order, on the seller's /orderDetails (docs/product/statuses.md: while the order is
 * open) and the merchant's /desk/orders: server-rendered with a plain send form, then the live
 * island; a message for this order (or a status change of it) refreshes the page's data.
 */
import { Link, useNavigation, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef } from "react";
import type { ChatConversation, ChatMessage } from "../../../contract/chat-protocol";
import type { Order } from "../../../contract/entities";
import { ChatPanel } from "~/components/chat/ChatPanel";
import type { StaticView } from "~/components/chat/ChatStatic";
import { conversationHref } from "~/components/chat/chat-shared";
import { useMainLayoutData } from "~/components/layout/layout-data";
import { UserLink } from "~/components/partners/UserLink";

/** What the loader gives the section (services/chat/chat.server's view of GROUP{orderId}). */
export interface OrderChatData {
  conversationId: string;
  provider: "builtin" | "tencent";
  sdkAppId: number | null;
  view: unknown;
  notice: string | null;
  clientMsgId: string;
}

/** `here`: the page it is on (the no-JS form comes back to it); `peer`: who the chat is with. */
export function OrderChatSection({ order: o, chat, here, peer }: { order: Pick<Order, "id" | "status">; chat: OrderChatData; here: string; peer: { id: number; nickname: string } }) {
  return (
    <section id="order-chat" aria-label="Chat" className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-gray-200" data-order-id={o.id}>
      {/* Wraps rather than cuts: at 390 px a long nickname and the link do not fit one line. */}
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 border-b border-gray-200 px-4 py-3" data-testid="order-chat-head">
        <h2 className="min-w-0 wrap-anywhere text-base font-semibold text-gray-900">
          Chat with <UserLink userId={peer.id}>{peer.nickname}</UserLink>
        </h2>
        <Link to={conversationHref(chat.conversationId)} className="shrink-0 text-sm font-medium text-brand-700 hover:underline">
          Open in Messages
        </Link>
      </div>
      <OrderChat orderId={o.id} status={o.status} chat={chat} here={here} />
    </section>
  );
}

/**
 * Reloads the page's data, unless a form of the page is being sent or its answer loaded: that
 * reloads the data itself, and a second load alongside could take the session's one-time message
 * (the Success toast) and be thrown away, so the user would never see it.
 */
function useRefreshWhenIdle(): () => void {
  const revalidator = useRevalidator();
  const busy = useNavigation().state !== "idle";
  const busyNow = useRef(busy);
  useEffect(() => {
    busyNow.current = busy;
  }, [busy]);
  return useCallback(() => {
    if (!busyNow.current) revalidator.revalidate();
  }, [revalidator]);
}

/** The order's chat: server-rendered with a plain form, then the live island; a message for this order refreshes it. */
function OrderChat({ orderId, status, chat, here }: { orderId: number; status: number; chat: OrderChatData; here: string }) {
  const refresh = useRefreshWhenIdle();
  const signedIn = Boolean(useMainLayoutData()?.user);
  const onMessage = useCallback(
    (m: ChatMessage) => {
      if (m.conversationID === chat.conversationId || (m.ref?.type === "order" && m.ref.id === orderId)) refresh();
    },
    [chat.conversationId, orderId, refresh]
  );
  const onConversation = useCallback(
    (c: ChatConversation) => {
      if (c.order && c.order.status !== status) refresh();
    },
    [status, refresh]
  );
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

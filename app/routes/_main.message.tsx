/**
 * /message: the message centre (docs/product/screens.md). Three columns on a desktop (conversations |
 * chat | the order when the conversation is an order group), one at a time on a phone
 * (the list at /message, a conversation at /message/{id}). The footer is hidden here
 * (the main layout). The same view opens in a separate window from /#/message/{id}
 * (the root's inline script moves the hash path into the URL).
 *
 * Without JavaScript the list and the conversation are server-rendered with a plain
 * send form; with it, islands keep them live (loaded lazily, with the chat adapter).
 * Code 3, or no session: home (docs/product/messages.md, "chat leads home").
 */
import { json, type LoaderFunctionArgs, type MetaFunction, NO_STORE } from "~/services/kit/http.server";
import { Outlet, useLoaderData, useLocation, useNavigate, useParams } from "@remix-run/react";
import { isInAppEntry, readKept, writeKept } from "~/components/ui/kept-alive";
import { Suspense, lazy, useEffect, useRef } from "react";
import { ClientOnly } from "remix-utils/client-only";
import type { ChatConversation } from "../../contract/chat-protocol";
import { CENTRE_HEIGHT, type MessageCentreData } from "~/components/chat/centre";
import { ConversationList } from "~/components/chat/ConversationList";
import { cx } from "~/components/ui/cx";
import { useMainLayoutData } from "~/components/layout/layout-data";
import { requireApi } from "~/services/kit/api.server";
import { chatProvider, loadConversations } from "~/services/chat/chat.server";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";

const ConversationListLive = lazy(() => import("~/components/chat/ConversationListLive.client"));

export async function loader({ request, context }: LoaderFunctionArgs) {
  // docs/product/messages.md: the chat leads home when signed out.
  const api = await requireApi(request, context, "home");
  const { provider, sdkAppId } = chatProvider();
  let conversations: ChatConversation[] = [];
  let page: MessageCentreData["page"] = { before: null, next: "" };
  let listError: string | null = null;
  if (provider === "builtin") {
    // Paged like every list: a seller is in one conversation per order. The live island lists more.
    const r = await loadConversations(api, new URL(request.url).searchParams.get("before"));
    if (r.ok) ({ list: conversations, ...page } = r.data);
    else listError = r.msg;
  }
  const data: MessageCentreData = { provider, sdkAppId: sdkAppId ?? null, conversations, page, listError };
  return json(data, { headers: NO_STORE });
}

export const meta: MetaFunction = () => [{ title: "Messages | GiftMarket" }];

/**
 * Kept alive (docs/product/screens.md): coming back to /message from another section of the app opens the
 * conversation that was open when the user left; moving around inside /message (the list on a
 * phone) does not, nor does loading /message itself (an address typed or reloaded).
 */
function useKeptConversation(conversationId: string | undefined) {
  const navigate = useNavigate();
  const { key } = useLocation();
  const entered = useRef(false);
  useEffect(() => {
    if (!entered.current) {
      entered.current = true;
      const kept = readKept<string>("/message:open");
      if (!conversationId && kept && isInAppEntry(key)) {
        navigate(`/message/${encodeURIComponent(kept)}`, { replace: true });
        return;
      }
    }
    if (conversationId) writeKept("/message:open", conversationId);
  }, [conversationId, key, navigate]);
}

export default function MessageCentre() {
  const { provider, sdkAppId, conversations, page, listError } = useLoaderData<typeof loader>();
  const { conversationId } = useParams();
  const signedIn = Boolean(useMainLayoutData()?.user);
  const list = conversations as ChatConversation[];
  useKeptConversation(conversationId);
  return (
    <div
      className={cx(
        "grid md:grid-cols-[17rem_minmax(0,1fr)] md:overflow-hidden md:rounded-xl md:bg-white md:shadow-sm md:ring-1 md:ring-gray-200 lg:grid-cols-[18rem_minmax(0,1fr)_17rem]",
        CENTRE_HEIGHT,
      )}
      data-testid="message-centre"
    >
      <aside
        aria-labelledby="messages-title"
        className={cx(
          "min-h-0 flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-gray-200 md:flex md:rounded-none md:border-r md:border-gray-200 md:shadow-none md:ring-0",
          conversationId ? "hidden" : "flex",
        )}
      >
        <h1 id="messages-title" className="border-b border-gray-200 px-3 py-3 text-lg font-semibold text-gray-900">
          Messages
        </h1>
        <div className="min-h-0 flex-1 overflow-y-auto">
          {listError ? <p className="p-3 text-sm text-money-out-700">{listError}</p> : null}
          <ClientOnly fallback={<ConversationList list={list} activeId={conversationId} page={page} />}>
            {() => (
              <Suspense fallback={<ConversationList list={list} activeId={conversationId} page={page} />}>
                <ConversationListLive initial={list} activeId={conversationId} provider={provider} sdkAppId={sdkAppId ?? undefined} signedIn={signedIn} />
              </Suspense>
            )}
          </ClientOnly>
        </div>
      </aside>
      <Outlet />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

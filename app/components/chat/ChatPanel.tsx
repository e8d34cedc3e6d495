/**
 * A conversation on a page: the server-rendered view (works without JavaScript), which
 * the live island replaces once hydrated and loaded. The island's code (and the chat
 * adapter it loads) is fetched only here, by the pages that show chat.
 *
 *   <ChatPanel conversationId="GROUP12" provider="builtin" signedIn view={view} readOnly={false}
 *              form={{ action: "/message/GROUP12", clientMsgId }} olderHref={...} newestHref="..." />
 */
import { Suspense, lazy } from "react";
import { ClientOnly } from "remix-utils/client-only";
import type { ChatConversation, ChatMessage } from "../../../contract/chat-protocol";
import type { ChatProvider } from "~/chat/port";
import { ChatStatic, type ChatStaticProps } from "./ChatStatic";

const ChatWindow = lazy(() => import("./ChatWindow.client"));

export interface ChatPanelProps extends ChatStaticProps {
  conversationId: string;
  provider: ChatProvider;
  sdkAppId?: number;
  signedIn: boolean;
  onMessage?: (m: ChatMessage) => void;
  onConversation?: (c: ChatConversation) => void;
  /** Classes of the live window (its height). */
  liveClassName?: string;
}

export function ChatPanel(props: ChatPanelProps) {
  const { conversationId, provider, sdkAppId, signedIn, onMessage, onConversation, liveClassName, ...staticProps } = props;
  const fallback = <ChatStatic {...staticProps} />;
  return (
    <ClientOnly fallback={fallback}>
      {() => (
        <Suspense fallback={fallback}>
          <ChatWindow
            key={conversationId}
            conversationId={conversationId}
            provider={provider}
            sdkAppId={sdkAppId}
            signedIn={signedIn}
            initial={staticProps.view}
            readOnly={staticProps.readOnly}
            readOnlyText={staticProps.readOnlyText}
            readOnlyLink={staticProps.readOnlyLink}
            onMessage={onMessage}
            onConversation={onConversation}
            className={liveClassName}
          />
        </Suspense>
      )}
    </ClientOnly>
  );
}

/**
 * The conversation list kept live by the shared chat client (new messages move a
 * conversation up, unread counts change as they happen). Loaded lazily with the chat.
 */
import { useEffect } from "react";
import type { ChatConversation } from "../../../contract/chat-protocol";
import type { ChatProvider } from "~/chat/port";
import { loadOlderConversations, seedConversations, useChatRuntime } from "~/chat/runtime.client";
import { ConversationList } from "./ConversationList";

export default function ConversationListLive({
  initial,
  activeId,
  provider,
  sdkAppId,
  signedIn,
}: {
  initial: ChatConversation[];
  activeId?: string;
  provider: ChatProvider;
  sdkAppId?: number;
  signedIn: boolean;
}) {
  const rt = useChatRuntime({ provider, sdkAppId, signedIn });
  useEffect(() => seedConversations(initial), [initial]);
  const list = rt.conversationsLoaded || rt.conversations.length > 0 ? rt.conversations : initial;
  // The open conversation is being read: no badge on it.
  const shown = activeId ? list.map((c) => (c.conversationId === activeId && c.unreadCount ? { ...c, unreadCount: 0 } : c)) : list;
  return (
    <div data-chat-list="live" data-chat-status={rt.status}>
      <ConversationList
        list={shown}
        activeId={activeId}
        older={rt.conversationsNext ? { load: loadOlderConversations, pending: rt.olderLoading } : undefined}
      />
    </div>
  );
}

/**
 * The web tier's side of chat on the server: the built-in service's HTTP API
 * (/chat/api/*, contract/chat-protocol.ts) called with the session's token, for the
 * pages that render a conversation without JavaScript, the no-JS send form and the
 * top bar's unread count. The browser's live chat talks to the service itself (the
 * chat island, with the /im/getUserSig signature from /im/sig).
 */
import { CONVERSATION_CURSOR, type ChatConversation, type ChatMessage } from "../../../contract/chat-protocol";
import { LIST_PAGE_SIZE } from "../../../contract/constants";
import { Code } from "../../../contract/envelope";
import { webEnv } from "../../env.server";
import type { Api, ApiResult } from "../kit/caller.server";
import type { ChatProvider } from "../../chat/port";


/** Which chat the browser uses: tencent only when configured with an app id. */
export function chatProvider(): { provider: ChatProvider; sdkAppId?: number } {
  const env = webEnv();
  const wanted = env.CHAT_PROVIDER ?? (env.TIM_SDKAPPID && env.TIM_SECRET_KEY ? "tencent" : "builtin");
  if (wanted === "tencent" && env.TIM_SDKAPPID) return { provider: "tencent", sdkAppId: env.TIM_SDKAPPID };
  return { provider: "builtin" };
}

/** The top bar's Message badge: the unread total of the built-in service (0 when it does not answer). */
export async function unreadTotal(api: Api): Promise<number> {
  if (!api.signedIn || chatProvider().provider !== "builtin") return 0;
  const r = await api.chat("unread", {});
  return r.ok ? r.data.total : 0;
}

export interface ConversationView {
  conversation: ChatConversation;
  messageList: ChatMessage[];
  nextReqMessageID: string;
  isCompleted: boolean;
  /** The page shown is the newest one (no ?before). */
  latest: boolean;
}

/**
 * A conversation for the server-rendered view: the newest 15 messages, or the 15
 * before `before`; marks the conversation read up to the newest one shown when this is
 * the newest page (the viewer has seen it).
 */
export async function loadConversationView(
  api: Api,
  conversationId: string,
  before: string | null,
): Promise<ApiResult<ConversationView>> {
  const cursor = before && /^[0-9]{1,15}$/.test(before) ? before : "";
  const r = await api.chat("history", { conversationId, nextReqMessageID: cursor });
  if (!r.ok) return r;
  const { messageList, nextReqMessageID, isCompleted } = r.data;
  let conversation = r.data.conversation;
  const newest = messageList[messageList.length - 1];
  if (!cursor && newest && conversation.unreadCount > 0) {
    const read = await api.chat("read", { conversationId, messageId: newest.ID });
    if (read.ok) conversation = { ...conversation, unreadCount: read.data.unreadCount };
  }
  return { ok: true, data: { conversation, messageList, nextReqMessageID, isCompleted, latest: !cursor } };
}

/** A page of the viewer's conversations, most recent first, after `before` (a `next`; anything else: the first page). */
export async function loadConversations(api: Api, before: string | null): Promise<ApiResult<{ list: ChatConversation[]; next: string; before: string | null }>> {
  const from = before && CONVERSATION_CURSOR.test(before) ? before : null;
  const r = await api.chat("conversations", { limit: LIST_PAGE_SIZE, ...(from ? { before: from } : {}) });
  return r.ok ? { ok: true, data: { list: r.data.list, next: r.data.next, before: from } } : r;
}

/** The no-JS send form: {conversationId, clientMsgId, text}. The message, or the msg to show. */
export async function sendTextFromForm(
  api: Api,
  conversationId: string,
  form: FormData,
): Promise<{ ok: true; message: ChatMessage } | { ok: false; code: number; msg: string; text: string }> {
  const text = String(form.get("text") ?? "");
  const clientMsgId = String(form.get("clientMsgId") ?? "") || crypto.randomUUID();
  if (text.trim() === "") return { ok: false, code: Code.INVALID, msg: "Message text must not be empty.", text };
  const r = await api.chat("send", { conversationId, clientMsgId, type: "TIMTextElem", text });
  if (!r.ok) return { ok: false, code: r.code, msg: r.msg, text };
  return { ok: true, message: r.data.message };
}

/** An order's chat (GROUP{orderId}) as the server renders it beside the order, for its seller (docs/product/statuses.md: live
 * chat below status 4) and its merchant (the desk). */
export async function loadOrderChat(api: Api, orderId: number, before: string | null) {
  const { provider, sdkAppId } = chatProvider();
  const conversationId = `GROUP${orderId}`;
  let view: Omit<ConversationView, "conversation"> | null = null;
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

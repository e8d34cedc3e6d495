import type { ChatMessage } from "../../contract/chat-protocol";

/** A text message `m<id>` of user 2 in GROUP7 (the chat client's unit tests), with `over` on top. */
export const msg = (id: number, over: Partial<ChatMessage> = {}): ChatMessage => ({
  ID: String(id),
  conversationID: "GROUP7",
  type: "TIMTextElem",
  payload: { text: `m${id}` },
  from: "2",
  flow: "in",
  time: 1_700_000_000 + id,
  isRead: false,
  clientMsgId: null,
  ...over,
});

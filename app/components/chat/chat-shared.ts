/** Names shared by the chat views, the routes and the actions (no server or browser-only code). */
export const CHAT_SEND_INTENT_NAME = "chat-send";

/** Where a conversation's page is. */
export const conversationHref = (conversationId: string) => `/message/${encodeURIComponent(conversationId)}`;

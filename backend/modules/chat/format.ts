import { FILE_URL_TTL_SECONDS, formatConversationId, SYSTEM_USER_ID, type ChatMessage, type ConversationRef } from "../../../contract/chat-protocol";
import type { ChatConversationRow, ChatMessageRow } from "../../db/chat-schema";
import { openNullable, type Opener, type SecretBox } from "../../security/secret-box";
import { signFileUrl } from "./keys";

/**
 * A message's words as stored (ADR 0056): what people write is sealed; the system's messages are
 * the words of the user's notices (notices/notify.ts), which stay readable like the notices.
 */
export const textOf = (box: Opener, row: Pick<ChatMessageRow, "sender_id" | "text">): string =>
  (row.sender_id === null ? row.text : openNullable(box, row.text)) ?? "";

/** What formatting needs of a conversation. */
export type ConvInfo = Pick<ChatConversationRow, "id" | "kind" | "order_id" | "withdrawer_id" | "user_a" | "user_b">;

/** The conversation as `viewerId` sees it (contract/chat-protocol.ts, conversation ids). */
function viewerRef(conv: ConvInfo, viewerId: number): ConversationRef {
  switch (conv.kind) {
    case "system":
      return { kind: "system" };
    case "group":
      return { kind: "group", orderId: Number(conv.order_id) };
    case "c2c":
      return { kind: "c2c", peerUserId: Number(conv.user_a === viewerId ? conv.user_b : conv.user_a) };
    case "withdrawer":
      return conv.user_a === viewerId ? { kind: "withdrawer", withdrawerId: Number(conv.withdrawer_id) } : { kind: "withdrawer", withdrawerId: Number(conv.withdrawer_id), userId: Number(conv.user_a) };
  }
}

/** The conversation's id as `viewerId` names it. */
export const viewerConversationId = (conv: ConvInfo, viewerId: number): string => formatConversationId(viewerRef(conv, viewerId));

/** How a member is named in `from` and in read receipts: the withdrawer's staff speaks as "w{withdrawerId}". */
export function memberLabel(conv: ConvInfo, userId: number | null): string {
  if (userId === null) return SYSTEM_USER_ID;
  if (conv.kind === "withdrawer" && userId === conv.user_b) return `w${conv.withdrawer_id}`;
  return String(userId);
}

export interface FormatContext {
  viewerId: number;
  /** The viewer's read position in this conversation. */
  myRead: number;
  /** The highest read position of the other members. */
  peerRead: number;
  now: Date;
  secrets: SecretBox;
}

type StoredPayload = { path: string; width?: number; height?: number; seconds?: number };

const TYPE_NAMES = { text: "TIMTextElem", image: "TIMImageElem", audio: "TIMSoundElem" } as const;

/** A stored message as the viewer sees it; file URLs are signed now, never stored. */
export function formatMessage(row: ChatMessageRow, conv: ConvInfo, f: FormatContext): ChatMessage {
  const out = row.sender_id !== null && row.sender_id === f.viewerId;
  let payload: ChatMessage["payload"];
  if (row.type === "text") payload = { text: textOf(f.secrets, row) };
  else {
    const p = JSON.parse(row.payload ?? "{}") as StoredPayload;
    const url = signFileUrl(f.secrets, p.path, f.now, FILE_URL_TTL_SECONDS);
    payload = row.type === "image" ? { imageInfoArray: [{ url, width: p.width ?? 0, height: p.height ?? 0 }] } : { url, second: p.seconds ?? 0 };
  }
  const msg: ChatMessage = {
    ID: String(row.id),
    conversationID: viewerConversationId(conv, f.viewerId),
    type: TYPE_NAMES[row.type],
    payload,
    from: memberLabel(conv, row.sender_id),
    flow: out ? "out" : "in",
    time: Math.floor(new Date(row.created_at).getTime() / 1000),
    isRead: out ? f.peerRead >= row.id : f.myRead >= row.id,
    clientMsgId: row.client_msg_id,
  };
  if (row.ref_type === "order" || row.ref_type === "withdrawal") msg.ref = { type: row.ref_type, id: Number(row.ref_id) };
  return msg;
}

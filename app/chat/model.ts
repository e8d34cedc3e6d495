/**
 * The pure parts of chat, shared by the server-rendered view, the island and the
 * adapters (unit-tested in model.test.ts): merging pages and live messages without
 * duplicates, read receipts, the send key, the voice clip rule, conversation ids and
 * who may open which conversation (docs/product/README.md#roles).
 */
import {
  SYSTEM_CONVERSATION_ID,
  parseConversationId,
  type ChatConversation,
  type ChatMessage,
  type ConversationRef,
} from "../../contract/chat-protocol";
import { VOICE_MAX_SECONDS, VOICE_MIN_SECONDS } from "../../contract/constants";

export { SYSTEM_CONVERSATION_ID, parseConversationId };
export type { ConversationRef };

// ------------------------------------------------------------ messages

/** A message of ours not stored yet (or refused): shown at the end of the list. */
export interface PendingMessage {
  clientMsgId: string;
  conversationID: string;
  type: ChatMessage["type"];
  /** Text, or an object URL of the picture / clip for the preview. */
  text?: string;
  previewUrl?: string;
  seconds?: number;
  /** Seconds since the epoch. */
  time: number;
  /** undefined while sending; the reason once refused ('Order finished', ...). */
  error?: string;
}

const numericId = (id: string) => (/^[0-9]{1,15}$/.test(id) ? Number(id) : NaN);

/**
 * Orders two messages: by time, then by id when both are our numeric ids (they grow in
 * commit order). Tencent's ids are not numeric: equal times keep their arrival order.
 */
function compare(a: ChatMessage, b: ChatMessage): number {
  const na = numericId(a.ID);
  const nb = numericId(b.ID);
  if (!Number.isNaN(na) && !Number.isNaN(nb)) return na - nb;
  return a.time - b.time;
}

/**
 * Merges `incoming` into `current`: one entry per ID (the later copy wins, but a read
 * receipt already seen is never lost), oldest first. Returns `current` itself when
 * nothing changed, so React can skip a render.
 */
export function mergeMessages(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return current as ChatMessage[];
  const byId = new Map<string, ChatMessage>();
  for (const m of current) byId.set(m.ID, m);
  let changed = false;
  for (const m of incoming) {
    const old = byId.get(m.ID);
    if (!old) {
      byId.set(m.ID, m);
      changed = true;
    } else if (old !== m) {
      const next = old.isRead && !m.isRead ? { ...m, isRead: true } : m;
      if (JSON.stringify(next) !== JSON.stringify(old)) {
        byId.set(m.ID, next);
        changed = true;
      }
    }
  }
  if (!changed) return current as ChatMessage[];
  // A stable sort keeps arrival order among equals.
  return [...byId.values()].sort(compare);
}

/** Drops the pending entries that the service has stored (matched by clientMsgId). */
export function settlePending(pending: readonly PendingMessage[], stored: readonly ChatMessage[]): PendingMessage[] {
  if (pending.length === 0) return pending as PendingMessage[];
  const done = new Set(stored.map((m) => m.clientMsgId).filter((v): v is string => Boolean(v)));
  const left = pending.filter((p) => !done.has(p.clientMsgId));
  return left.length === pending.length ? (pending as PendingMessage[]) : left;
}

/**
 * A receipt: the peer has read the conversation up to `messageId`. Our sent messages
 * up to it turn read. Only numeric ids can be compared; for others (Tencent) every
 * message of ours at or before the receipt's message in the list turns read.
 */
export function applyReadReceipt(messages: readonly ChatMessage[], messageId: string): ChatMessage[] {
  const upTo = numericId(messageId);
  let cut = -1;
  if (Number.isNaN(upTo)) cut = messages.findIndex((m) => m.ID === messageId);
  let changed = false;
  const next = messages.map((m, i) => {
    if (m.flow !== "out" || m.isRead) return m;
    const n = numericId(m.ID);
    const covered = Number.isNaN(upTo) ? cut >= 0 && i <= cut : !Number.isNaN(n) && n <= upTo;
    if (!covered) return m;
    changed = true;
    return { ...m, isRead: true };
  });
  return changed ? next : (messages as ChatMessage[]);
}

/** The newest message id in a list (for markRead and a socket's `since`). */
export function newestId(messages: readonly ChatMessage[]): string | undefined {
  return messages.length ? messages[messages.length - 1].ID : undefined;
}

/** Larger of two of our ids ("" and non-numeric count as 0). */
export function maxId(a: string | undefined, b: string | undefined): string {
  const na = numericId(a ?? "");
  const nb = numericId(b ?? "");
  const x = Number.isNaN(na) ? 0 : na;
  const y = Number.isNaN(nb) ? 0 : nb;
  return String(Math.max(x, y));
}

/** One line for a conversation list: text, or what kind of message it was. */
export function messagePreview(m: Pick<ChatMessage, "type" | "payload"> | null | undefined): string {
  if (!m) return "";
  switch (m.type) {
    case "TIMTextElem":
      return ("text" in m.payload ? m.payload.text : "").replace(/\s+/g, " ").trim();
    case "TIMImageElem":
      return "[Picture]";
    case "TIMSoundElem":
      return "[Voice]";
    default:
      return "";
  }
}

// ------------------------------------------------------------ text box

export interface KeyLike {
  key: string;
  ctrlKey?: boolean;
  altKey?: boolean;
  metaKey?: boolean;
  shiftKey?: boolean;
  /** True while an IME is composing (the Enter confirms the composition). */
  isComposing?: boolean;
}

/** docs/product/validation.md: Enter adds a newline; Ctrl or Alt with Enter sends. */
export function isSendKey(e: KeyLike): boolean {
  if (e.key !== "Enter" || e.isComposing) return false;
  return Boolean(e.ctrlKey || e.altKey);
}

/** docs/product/validation.md: empty or whitespace-only text is not sent. */
export function canSendText(text: string | null | undefined): boolean {
  return typeof text === "string" && text.trim() !== "";
}

// ------------------------------------------------------------ voice

export type VoiceDecision = { keep: true; seconds: number } | { keep: false; reason: "tooShort" };

/**
 * docs/product/constants.md: clips of 1 s or less are discarded; recording stops at 15 s. The length
 * sent is the clip's, rounded up to whole seconds (a 1.2 s clip is "2″"), at most 15.
 */
export function voiceClip(durationMs: number): VoiceDecision {
  if (!Number.isFinite(durationMs) || durationMs <= VOICE_MIN_SECONDS * 1000) return { keep: false, reason: "tooShort" };
  return { keep: true, seconds: Math.min(VOICE_MAX_SECONDS, Math.ceil(durationMs / 1000)) };
}

// ------------------------------------------------------------ conversations and who may chat

export type ConversationKind = ConversationRef["kind"];

export function conversationKind(id: string): ConversationKind | undefined {
  return parseConversationId(id)?.kind;
}

/** The order of a GROUP{orderId} conversation. */
export function orderIdOfConversation(id: string): number | undefined {
  const ref = parseConversationId(id);
  return ref?.kind === "group" ? ref.orderId : undefined;
}

/** No input box: the system conversation, and what the service marks read-only (finished orders). */
export function isReadOnly(id: string, conversation?: Pick<ChatConversation, "readOnly"> | null): boolean {
  return id === SYSTEM_CONVERSATION_ID || Boolean(conversation?.readOnly);
}

/**
 * docs/product/README.md#roles, as far as the web tier can tell before asking the service: a user opens chats
 * only with business users, the system, a withdrawer or an order group. A C2C with a
 * peer known not to be a business user is refused when the viewer is not one either.
 * (The service checks every case again; its refusal sends the user home too.)
 */
export function mayOpen(
  id: string,
  viewer: { isBusiness: number },
  peer?: { isBusiness: number; withdrawerId?: number } | null,
): boolean {
  const ref = parseConversationId(id);
  if (!ref) return false;
  if (ref.kind !== "c2c") return true;
  if (viewer.isBusiness === 1) return true;
  if (!peer) return true;
  return peer.isBusiness === 1 || peer.withdrawerId !== undefined;
}

/** A title for a conversation. */
export function conversationTitle(c: Pick<ChatConversation, "conversationId" | "peer" | "order">): string {
  if (c.conversationId === SYSTEM_CONVERSATION_ID) return "System";
  if (c.peer?.nickname) return c.peer.nickname;
  if (c.order) return `Order ${c.order.id}`;
  return c.conversationId;
}

/** Sum of unread counts (the top bar's Message badge). */
export function totalUnread(list: readonly Pick<ChatConversation, "unreadCount">[]): number {
  return list.reduce((n, c) => n + Math.max(0, c.unreadCount || 0), 0);
}

/** Puts a changed conversation into a list, most recent activity first. */
export function upsertConversation(list: readonly ChatConversation[], c: ChatConversation): ChatConversation[] {
  const rest = list.filter((x) => x.conversationId !== c.conversationId);
  const next = [c, ...rest];
  const t = (x: ChatConversation) => x.lastMessage?.time ?? 0;
  return next.sort((a, b) => t(b) - t(a));
}

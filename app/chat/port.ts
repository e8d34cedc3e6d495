/**
 * ChatPort: the one chat interface the browser talks to, whatever service is
 * behind it (docs/decisions/0009-chat.md):
 *
 * - `builtin.client.ts`: our own service (WebSocket at /chat/ws, HTTP under /chat/api/);
 * - `tencent.client.ts`: Tencent Cloud Chat through tim-js-sdk.
 *
 * Both speak the Tencent SDK's shapes (conversation ids C2C{userId}, GROUP{orderId},
 * C2Cw{withdrawerId}, C2C88888888; message types TIMTextElem / TIMImageElem /
 * TIMSoundElem; getMessageList paging with nextReqMessageID). An adapter is only
 * ever loaded with a dynamic import() by the chat island (docs/architecture.md#rule-7):
 * this file holds types and tiny helpers and imports nothing heavy.
 */
import type { ChatConversation, ChatMessage } from "../../contract/chat-protocol";
import { OLDER_MESSAGES_DELAY_MS } from "../../contract/constants";

export type { ChatConversation, ChatMessage };

/** What /im/sig answers (the /im/getUserSig data). */
export interface ChatSignIn {
  userId: string;
  appId: number;
  userSig: string;
}

export type ChatProvider = "builtin" | "tencent";

/** One page of the conversation list, most recent first; `next` the cursor of the page after ("" at the end). */
export interface ConversationPage {
  list: ChatConversation[];
  next: string;
}

/** One page of a conversation, oldest first (Tencent's getMessageList). */
export interface MessagePage {
  messageList: ChatMessage[];
  /** Pass back to get the page before this one. */
  nextReqMessageID: string;
  isCompleted: boolean;
}

/** A receipt: `userId` has read `conversationId` up to `messageId` (inclusive). */
export interface ReadReceipt {
  conversationId: string;
  userId: string;
  messageId: string;
}

/**
 * - connecting: signing in or reconnecting (sends are queued);
 * - online: connected and caught up;
 * - offline: the link dropped; the adapter retries by itself;
 * - signedOut: the signature was refused or expired; get a new one (the island restarts).
 */
export type ChatStatus = "connecting" | "online" | "offline" | "signedOut";

export interface ChatEvents {
  /** A new message in any conversation, including one's own after it was stored. May repeat: dedupe by ID. */
  message: ChatMessage;
  read: ReadReceipt;
  /** A conversation changed (new message, unread count, order status). */
  conversation: ChatConversation;
  status: ChatStatus;
}

export type ChatEventName = keyof ChatEvents;

/** Why a send failed: the service's msg ('Order finished', ...) or a network reason. */
export class ChatSendError extends Error {
  constructor(
    message: string,
    /** The envelope code (0 refused, 4 not allowed, ...) or -1 for a network failure. */
    readonly code: number,
  ) {
    super(message);
    this.name = "ChatSendError";
  }
}

export interface ChatPort {
  readonly provider: ChatProvider;
  login(signIn: ChatSignIn): Promise<void>;
  logout(): Promise<void>;
  /** A page of conversations, most recent first: the first page, or the one after `before` (a
   * page's `next`; "" when there are no more). */
  listConversations(before?: string): Promise<ConversationPage>;
  /**
   * The newest page when `nextReqMessageID` is empty; otherwise the page before it,
   * delivered no sooner than 2 s after the call (docs/product/constants.md: older messages load with a 2 s delay).
   */
  getMessageList(conversationId: string, nextReqMessageID?: string): Promise<MessagePage>;
  /** Resolves with the stored message; rejects with a ChatSendError ('Order finished', ...). */
  sendText(conversationId: string, text: string, clientMsgId?: string): Promise<ChatMessage>;
  /** An already compressed picture (JPEG). */
  sendImage(conversationId: string, file: Blob, clientMsgId?: string): Promise<ChatMessage>;
  sendAudio(conversationId: string, blob: Blob, seconds: number, clientMsgId?: string): Promise<ChatMessage>;
  /** Marks the conversation read up to `messageId` (the newest one shown). */
  markRead(conversationId: string, messageId: string): Promise<void>;
  on<E extends ChatEventName>(event: E, cb: (payload: ChatEvents[E]) => void): () => void;
  destroy(): void;
}

// ------------------------------------------------------------ helpers both adapters use

/** A tiny typed event emitter. */
export class Emitter {
  private readonly handlers = new Map<ChatEventName, Set<(payload: never) => void>>();

  on<E extends ChatEventName>(event: E, cb: (payload: ChatEvents[E]) => void): () => void {
    let set = this.handlers.get(event);
    if (!set) this.handlers.set(event, (set = new Set()));
    set.add(cb as (payload: never) => void);
    return () => set!.delete(cb as (payload: never) => void);
  }

  emit<E extends ChatEventName>(event: E, payload: ChatEvents[E]): void {
    for (const cb of this.handlers.get(event) ?? []) {
      try {
        (cb as (p: ChatEvents[E]) => void)(payload);
      } catch (e) {
        console.error("chat listener failed", e);
      }
    }
  }

  clear(): void {
    this.handlers.clear();
  }
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Runs `load`; when this is an older page, the result arrives no sooner than `delayMs` after the start. */
export async function withOlderDelay<T>(older: boolean, load: () => Promise<T>, delayMs = OLDER_MESSAGES_DELAY_MS): Promise<T> {
  if (!older) return load();
  const [result] = await Promise.all([load(), sleep(delayMs)]);
  return result;
}

/** A fresh idempotency key for a send (the contract's clientMsgId alphabet). */
export function newClientMsgId(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === "function") return c.randomUUID();
  return `m${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

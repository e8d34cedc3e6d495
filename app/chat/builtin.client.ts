/**
 * ChatPort over the built-in chat service (contract/chat-protocol.ts,
 * docs/decisions/0009-chat.md): one WebSocket at /chat/ws for live frames and sends,
 * HTTP under /chat/api/ for the conversation list, history pages, uploads and (when the
 * socket is down) read marks.
 *
 * Not losing a message on a bad connection:
 * - the socket reconnects with backoff (0.5 s doubling to 15 s, with jitter; at once when
 *   the browser comes back online or the tab becomes visible; within 2 s, still "connecting",
 *   when the server closes it with 1012 Service Restart) and resumes with
 *   `since` = the largest message id seen, so the service replays what was missed;
 * - every message is passed on once per ID (the island dedupes again when merging);
 * - a send stays pending until its ack or nack; it is resent with the same clientMsgId
 *   after a reconnect or when no answer came within 15 s, and the service answers a resend
 *   with the message it stored the first time (never a duplicate);
 * - a silent link (no frame for 60 s although we ping every 25 s) is closed and reopened.
 *
 * Loaded only through a dynamic import() by the chat island.
 */
import {
  CHAT_API_PREFIX,
  CHAT_WS_PATH,
  CLOSE_AUTH,
  CLOSE_RESTART,
  type ChatConversation,
  type ChatMessage,
  type ServerFrame,
} from "../../contract/chat-protocol";
import { maxId } from "./model";
import {
  ChatSendError,
  newClientMsgId,
  withOlderDelay,
  type ChatPort,
  type ChatSignIn,
  type ChatStatus,
  type ConversationPage,
  type MessagePage,
} from "./port";
import { ChatAdapterBase } from "./adapter";

const PING_MS = 25_000;
const SILENCE_MS = 60_000;
const SEND_ATTEMPT_MS = 15_000;
const BACKOFF_MIN_MS = 500;
const BACKOFF_MAX_MS = 15_000;
/** After a restart hint, reconnects spread over this long, so a server's clients do not all land on the next one at once. */
const RESTART_SPREAD_MS = 2_000;
const HTTP_TIMEOUT_MS = 10_000;
const UPLOAD_TIMEOUT_MS = 60_000;
const SEEN_CAP = 5_000;

/** A refusal from /chat/api (the envelope's code and msg). */
export class ChatHttpError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
    this.name = "ChatHttpError";
  }
}

type SendFields =
  | { type: "TIMTextElem"; text: string }
  | { type: "TIMImageElem" | "TIMSoundElem"; payload: { path: string } };

interface Pending {
  frame: { op: "send"; conversationId: string; clientMsgId: string } & SendFields;
  resolve: (m: ChatMessage) => void;
  reject: (e: Error) => void;
  timer?: ReturnType<typeof setTimeout>;
}

export interface BuiltinOptions {
  /** Origin of the service; default: this page's. */
  origin?: string;
  WebSocketImpl?: typeof WebSocket;
  fetchImpl?: typeof fetch;
}

export class BuiltinChat extends ChatAdapterBase implements ChatPort {
  readonly provider = "builtin" as const;
  private readonly origin: string;
  private readonly WS: typeof WebSocket;
  private readonly fetchImpl: typeof fetch;
  private sig: ChatSignIn | undefined;
  private ws: WebSocket | undefined;
  private synced = false;
  private lastSeen = "0";
  private seen = new Set<string>();
  private readonly pending = new Map<string, Pending>();
  private attempts = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private lastFrameAt = 0;
  private stopped = true;
  private readonly wake = () => {
    if (this.stopped || (this.ws && this.ws.readyState <= 1)) return;
    if (typeof document !== "undefined" && document.visibilityState === "hidden") return;
    this.attempts = 0;
    this.connectSoon(0);
  };

  constructor(opts: BuiltinOptions = {}) {
    super();
    this.origin = opts.origin ?? (typeof location !== "undefined" ? location.origin : "http://localhost");
    this.WS = opts.WebSocketImpl ?? WebSocket;
    this.fetchImpl = opts.fetchImpl ?? ((...a) => fetch(...a));
  }

  // ---------------------------------------------------------------- events

  /** The current link state (also sent as "status" events). */
  get state(): ChatStatus {
    return this.status;
  }

  // ---------------------------------------------------------------- sign-in

  async login(signIn: ChatSignIn): Promise<void> {
    this.sig = signIn;
    this.stopped = false;
    this.setStatus("connecting");
    // Checks the signature and gives a starting point, so the socket does not replay
    // history the page already shows.
    const { lastMessageId } = await this.http<{ lastMessageId: string }>("conversations", { limit: 0 });
    this.lastSeen = maxId(this.lastSeen, lastMessageId);
    if (typeof window !== "undefined") {
      window.addEventListener("online", this.wake);
      document.addEventListener("visibilitychange", this.wake);
    }
    this.connect();
  }

  async logout(): Promise<void> {
    this.stop();
    this.sig = undefined;
  }

  destroy(): void {
    this.stop();
    for (const p of this.pending.values()) {
      if (p.timer) clearTimeout(p.timer);
      p.reject(new ChatSendError("Service not available", -1));
    }
    this.pending.clear();
    this.events.clear();
  }

  private stop() {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.reconnectTimer = undefined;
    this.pingTimer = undefined;
    if (typeof window !== "undefined") {
      window.removeEventListener("online", this.wake);
      document.removeEventListener("visibilitychange", this.wake);
    }
    const ws = this.ws;
    this.ws = undefined;
    if (ws) {
      ws.onclose = ws.onmessage = ws.onerror = ws.onopen = null;
      try {
        ws.close(1000);
      } catch {
        /* already closed */
      }
    }
  }

  // ---------------------------------------------------------------- socket

  private wsUrl(): string {
    const u = new URL(CHAT_WS_PATH, this.origin);
    u.protocol = u.protocol === "https:" ? "wss:" : "ws:";
    return u.toString();
  }

  private connectSoon(delay: number) {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.connect();
    }, delay);
  }

  private connect() {
    if (this.stopped || !this.sig) return;
    if (this.ws && this.ws.readyState <= 1) return;
    this.synced = false;
    let ws: WebSocket;
    try {
      ws = new this.WS(this.wsUrl());
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.ws = ws;
    const sig = this.sig;
    ws.onopen = () => {
      this.lastFrameAt = Date.now();
      ws.send(JSON.stringify({ op: "auth", userId: sig.userId, userSig: sig.userSig, since: this.lastSeen }));
    };
    ws.onmessage = (ev) => {
      this.lastFrameAt = Date.now();
      let frame: ServerFrame;
      try {
        frame = JSON.parse(typeof ev.data === "string" ? ev.data : "") as ServerFrame;
      } catch {
        return;
      }
      this.onFrame(frame);
    };
    ws.onerror = () => {
      /* onclose follows */
    };
    ws.onclose = (ev) => this.dropped(ws, ev.code);
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => {
      if (this.ws !== ws || ws.readyState !== 1) return;
      if (Date.now() - this.lastFrameAt > SILENCE_MS) {
        // A dead link that never said so: start over.
        try {
          ws.close(4000);
        } catch {
          /* already closing */
        }
        this.dropped(ws, 4000);
        return;
      }
      ws.send(JSON.stringify({ op: "ping" }));
    }, PING_MS);
  }

  /** The socket closed (or was given up on): reconnect, unless the signature was refused. */
  private dropped(ws: WebSocket, code: number) {
    if (this.ws !== ws) return;
    this.ws = undefined;
    this.synced = false;
    ws.onclose = ws.onmessage = ws.onerror = ws.onopen = null;
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = undefined;
    for (const p of this.pending.values()) if (p.timer) clearTimeout(p.timer);
    if (code === CLOSE_AUTH) {
      this.setStatus("signedOut");
      this.stop();
      return;
    }
    if (this.stopped) return;
    if (code === CLOSE_RESTART) {
      // The server is draining (ADR 0082): the link is fine, another process takes us at once.
      this.setStatus("connecting");
      this.connectSoon(Math.random() * RESTART_SPREAD_MS);
      return;
    }
    this.setStatus("offline");
    this.scheduleReconnect();
  }

  private scheduleReconnect() {
    const base = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** this.attempts);
    this.attempts++;
    this.connectSoon(base / 2 + Math.random() * (base / 2));
  }

  private onFrame(frame: ServerFrame) {
    switch (frame.op) {
      case "message":
        this.deliver(frame.message);
        break;
      case "ack": {
        this.deliver(frame.message);
        const p = this.pending.get(frame.clientMsgId);
        if (p) {
          if (p.timer) clearTimeout(p.timer);
          this.pending.delete(frame.clientMsgId);
          p.resolve(frame.message);
        }
        break;
      }
      case "nack": {
        const p = this.pending.get(frame.clientMsgId);
        if (p) {
          if (p.timer) clearTimeout(p.timer);
          this.pending.delete(frame.clientMsgId);
          p.reject(new ChatSendError(frame.msg, frame.code));
        }
        break;
      }
      case "read":
        this.events.emit("read", { conversationId: frame.conversationId, userId: frame.userId, messageId: frame.messageId });
        break;
      case "conversation":
        this.events.emit("conversation", frame.conversation);
        break;
      case "synced":
        this.lastSeen = maxId(this.lastSeen, frame.lastMessageId);
        this.synced = true;
        this.attempts = 0;
        this.setStatus("online");
        for (const p of this.pending.values()) this.transmit(p);
        break;
      case "error":
        if (frame.code === "auth") {
          this.setStatus("signedOut");
          this.stop();
        }
        break;
      case "pong":
        break;
    }
  }

  private deliver(m: ChatMessage) {
    if (this.seen.has(m.ID)) return;
    if (this.seen.size >= SEEN_CAP) this.seen = new Set([...this.seen].slice(-SEEN_CAP / 2));
    this.seen.add(m.ID);
    this.lastSeen = maxId(this.lastSeen, m.ID);
    this.events.emit("message", m);
  }

  // ---------------------------------------------------------------- sends

  private transmit(p: Pending) {
    if (p.timer) clearTimeout(p.timer);
    const ws = this.ws;
    if (!ws || ws.readyState !== 1 || !this.synced) return; // sent again once synced
    ws.send(JSON.stringify(p.frame));
    p.timer = setTimeout(() => {
      if (this.pending.has(p.frame.clientMsgId)) this.transmit(p);
    }, SEND_ATTEMPT_MS);
  }

  private send(conversationId: string, fields: SendFields, clientMsgId = newClientMsgId()): Promise<ChatMessage> {
    const existing = this.pending.get(clientMsgId);
    if (existing) this.pending.delete(clientMsgId);
    return new Promise<ChatMessage>((resolve, reject) => {
      const p: Pending = { frame: { op: "send", conversationId, clientMsgId, ...fields }, resolve, reject };
      this.pending.set(clientMsgId, p);
      this.transmit(p);
    });
  }

  sendText(conversationId: string, text: string, clientMsgId?: string): Promise<ChatMessage> {
    return this.send(conversationId, { type: "TIMTextElem", text }, clientMsgId);
  }

  async sendImage(conversationId: string, file: Blob, clientMsgId?: string): Promise<ChatMessage> {
    const up = await this.upload(file, "image", undefined, "picture.jpg");
    return this.send(conversationId, { type: "TIMImageElem", payload: { path: up.path } }, clientMsgId);
  }

  async sendAudio(conversationId: string, blob: Blob, seconds: number, clientMsgId?: string): Promise<ChatMessage> {
    const ext = blob.type.includes("ogg") ? "ogg" : blob.type.includes("mp4") ? "m4a" : blob.type.includes("wav") ? "wav" : "webm";
    const up = await this.upload(blob, "audio", seconds, `voice.${ext}`);
    return this.send(conversationId, { type: "TIMSoundElem", payload: { path: up.path } }, clientMsgId);
  }

  /** Uploads a file (3 tries on network failures). */
  private async upload(file: Blob, kind: "image" | "audio", seconds: number | undefined, name: string): Promise<{ path: string }> {
    let lastError: unknown;
    for (let attempt = 0; attempt < 3; attempt++) {
      const form = new FormData();
      form.set("kind", kind);
      if (seconds !== undefined) form.set("seconds", String(seconds));
      form.set("file", file, name);
      try {
        return await this.http<{ path: string }>("upload", form, UPLOAD_TIMEOUT_MS);
      } catch (e) {
        if (e instanceof ChatHttpError) throw new ChatSendError(e.message, e.code);
        lastError = e;
        await new Promise((r) => setTimeout(r, 1000 * (attempt + 1)));
      }
    }
    console.warn("chat upload failed", lastError);
    throw new ChatSendError("Fail!", -1);
  }

  // ---------------------------------------------------------------- reads

  async listConversations(before?: string): Promise<ConversationPage> {
    const data = await this.http<{ list: ChatConversation[]; next: string }>("conversations", before ? { before } : {});
    return { list: data.list, next: data.next };
  }

  getMessageList(conversationId: string, nextReqMessageID = ""): Promise<MessagePage> {
    return withOlderDelay(Boolean(nextReqMessageID), async () => {
      const data = await this.http<MessagePage>("history", { conversationId, nextReqMessageID });
      for (const m of data.messageList) this.lastSeen = maxId(this.lastSeen, m.ID);
      return { messageList: data.messageList, nextReqMessageID: data.nextReqMessageID, isCompleted: data.isCompleted };
    });
  }

  async markRead(conversationId: string, messageId: string): Promise<void> {
    const ws = this.ws;
    if (ws && ws.readyState === 1 && this.synced) {
      ws.send(JSON.stringify({ op: "read", conversationId, messageId }));
      return;
    }
    await this.http("read", { conversationId, messageId });
  }

  // ---------------------------------------------------------------- HTTP

  private async http<T>(name: string, body: unknown, timeoutMs = HTTP_TIMEOUT_MS): Promise<T> {
    if (!this.sig) throw new ChatHttpError("Unauthorized, please login", 3);
    const headers = new Headers({ Authorization: `TLS ${this.sig.userId}:${this.sig.userSig}` });
    const isForm = typeof FormData !== "undefined" && body instanceof FormData;
    if (!isForm) headers.set("content-type", "application/json");
    const res = await this.fetchImpl(new URL(CHAT_API_PREFIX + name, this.origin).toString(), {
      method: "POST",
      headers,
      body: isForm ? (body as FormData) : JSON.stringify(body ?? {}),
      signal: AbortSignal.timeout(timeoutMs),
    });
    let env: { code?: number; msg?: string; data?: T } | undefined;
    try {
      env = (await res.json()) as typeof env;
    } catch {
      env = undefined;
    }
    if (!env || typeof env.code !== "number") throw new ChatHttpError(res.ok ? "Request error" : `HTTP ${res.status}`, -res.status);
    if (env.code === 3) {
      this.setStatus("signedOut");
      this.stop();
    }
    if (env.code !== 1) throw new ChatHttpError(env.msg ?? "Request error", env.code);
    return env.data as T;
  }
}

export function createChatPort(opts?: BuiltinOptions): ChatPort {
  return new BuiltinChat(opts);
}

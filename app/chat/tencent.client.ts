/**
 * ChatPort over Tencent Cloud Chat (tim-js-sdk 2.27). Chosen when the web tier runs
 * with CHAT_PROVIDER=tencent and TIM_SDKAPPID (app/env.server.ts); /im/getUserSig then
 * signs for Tencent. Loaded only through a dynamic import() by the chat island, so the
 * SDK (about 600 kB) never reaches a page without chat.
 *
 * Mapping to our ChatPort (which follows the SDK's shapes to begin with):
 * - messages keep ID, conversationID, type, payload, from, flow, time; `isRead` is
 *   isPeerRead (C2C) or "nobody left unread" (groups, readReceiptInfo) for our own
 *   messages; our clientMsgId travels in cloudCustomData;
 * - MESSAGE_READ_BY_PEER and MESSAGE_READ_RECEIPT_RECEIVED become "read" events,
 *   CONVERSATION_LIST_UPDATED "conversation" events, NET_STATE_CHANGE / KICKED_OUT
 *   "status" events;
 * - order groups are joined as they appear (docs/product/statuses.md: groups are registered), best effort:
 *   the backend creates them and adds both members, so "already a member" is expected;
 * - a refused send to an order group shows 'Order finished' (docs/product/messages.md).
 *
 * - pictures and voice go through Tencent's upload plugin (tim-upload-plugin), registered
 *   on every client this adapter creates.
 */
import TIM from "tim-js-sdk";
import TIMUploadPlugin from "tim-upload-plugin";
import type { ChatSDK, Conversation as TimConversation, Message as TimMessage } from "tim-js-sdk";
import { MSG_ORDER_FINISHED, SYSTEM_CONVERSATION_ID, type ChatConversation, type ChatMessage } from "../../contract/chat-protocol";
import { CHAT_PAGE_SIZE } from "../../contract/constants";
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

const READY_TIMEOUT_MS = 20_000;
const RAW_CACHE = 500;

interface TimEvent<T> {
  name: string;
  data: T;
}

function target(conversationId: string): { to: string; conversationType: string } {
  if (conversationId.startsWith("GROUP")) return { to: conversationId.slice(5), conversationType: String(TIM.TYPES.CONV_GROUP) };
  return { to: conversationId.replace(/^C2C/, ""), conversationType: String(TIM.TYPES.CONV_C2C) };
}

function clientMsgIdOf(m: { cloudCustomData?: string }): string | null {
  if (!m.cloudCustomData) return null;
  try {
    const v = JSON.parse(m.cloudCustomData) as { clientMsgId?: unknown };
    return typeof v.clientMsgId === "string" ? v.clientMsgId : null;
  } catch {
    return null;
  }
}

type AnyPayload = Record<string, unknown>;

function mapPayload(type: string, payload: AnyPayload): ChatMessage["payload"] {
  if (type === TIM.TYPES.MSG_IMAGE) {
    const infos = (payload.imageInfoArray as Array<{ url: string; width: number; height: number; type?: number }> | undefined) ?? [];
    // Type 0 original, 1 big, 2 thumbnail: show the big one first.
    const sorted = [...infos].sort((a, b) => (a.type === 1 ? -1 : b.type === 1 ? 1 : 0));
    return { imageInfoArray: sorted.map((i) => ({ url: i.url, width: i.width || 0, height: i.height || 0 })) };
  }
  if (type === TIM.TYPES.MSG_AUDIO) return { url: String(payload.url ?? ""), second: Number(payload.second ?? 0) };
  return { text: String(payload.text ?? "") };
}

/** A Tencent message in our shape; undefined for kinds we do not show (group tips, custom...). */
export function fromTim(m: TimMessage): ChatMessage | undefined {
  const type = m.type as string;
  if (type !== TIM.TYPES.MSG_TEXT && type !== TIM.TYPES.MSG_IMAGE && type !== TIM.TYPES.MSG_AUDIO) return undefined;
  const receipt = m.readReceiptInfo as { unreadCount?: number } | undefined;
  const isRead =
    m.flow === "out"
      ? m.conversationType === TIM.TYPES.CONV_GROUP
        ? receipt?.unreadCount === 0
        : Boolean(m.isPeerRead)
      : (m as unknown as { isRead?: boolean }).isRead !== false;
  return {
    ID: m.ID,
    conversationID: m.conversationID,
    type: type as ChatMessage["type"],
    payload: mapPayload(type, (m.payload ?? {}) as AnyPayload),
    from: m.from,
    flow: m.flow === "out" ? "out" : "in",
    time: m.time,
    isRead,
    clientMsgId: clientMsgIdOf(m),
  };
}

function fromTimConversation(c: TimConversation, me: string): ChatConversation {
  const last = c.lastMessage as
    | { type?: string; payload?: AnyPayload; fromAccount?: string; lastTime?: number; isPeerRead?: boolean; messageForShow?: string }
    | undefined;
  const id = c.conversationID;
  const profile = c.userProfile as { userID?: string; nick?: string; avatar?: string } | undefined;
  const group = c.groupProfile as { groupID?: string; name?: string } | undefined;
  const orderId = id.startsWith("GROUP") ? Number(id.slice(5)) : NaN;
  return {
    conversationId: id,
    type: c.type === TIM.TYPES.CONV_GROUP ? "GROUP" : "C2C",
    peer: profile?.userID
      ? { id: Number(profile.userID.replace(/^w/, "")) || 0, nickname: profile.nick || profile.userID, avatar: profile.avatar ?? "", isBusiness: 0 }
      : undefined,
    order: Number.isSafeInteger(orderId) && orderId > 0 ? { id: orderId, status: 0, nameEn: group?.name ?? "" } : undefined,
    lastMessage:
      last && last.type && last.lastTime
        ? {
            ID: "",
            conversationID: id,
            type: (last.type === TIM.TYPES.MSG_IMAGE || last.type === TIM.TYPES.MSG_AUDIO ? last.type : TIM.TYPES.MSG_TEXT) as ChatMessage["type"],
            payload: last.type === TIM.TYPES.MSG_TEXT ? { text: String(last.payload?.text ?? last.messageForShow ?? "") } : mapPayload(last.type, last.payload ?? {}),
            from: last.fromAccount ?? "",
            flow: last.fromAccount === me ? "out" : "in",
            time: last.lastTime,
            isRead: Boolean(last.isPeerRead),
            clientMsgId: null,
          }
        : null,
    unreadCount: c.unreadCount ?? 0,
    readOnly: id === SYSTEM_CONVERSATION_ID,
  };
}

export class TencentChat extends ChatAdapterBase implements ChatPort {
  readonly provider = "tencent" as const;
  private tim: ChatSDK | undefined;
  private me = "";
  private readonly joined = new Set<string>();
  private readonly raw = new Map<string, TimMessage>();
  private readonly receipted = new Set<string>();
  private readyWaiters: Array<() => void> = [];
  private ready = false;
  private readonly unbind: Array<() => void> = [];

  constructor(private readonly sdkAppId?: number) {
    super();
  }

  private remember(m: TimMessage) {
    this.raw.set(m.ID, m);
    if (this.raw.size > RAW_CACHE) this.raw.delete(this.raw.keys().next().value as string);
  }

  private listen<T>(name: string, fn: (e: TimEvent<T>) => void) {
    const tim = this.tim!;
    tim.on(name, fn);
    this.unbind.push(() => tim.off(name, fn));
  }

  async login(signIn: ChatSignIn): Promise<void> {
    if (this.tim) await this.logout();
    this.me = signIn.userId;
    this.ready = false;
    const tim = TIM.create({ SDKAppID: this.sdkAppId || signIn.appId });
    tim.registerPlugin({ "tim-upload-plugin": TIMUploadPlugin });
    this.tim = tim;
    tim.setLogLevel(1);
    this.listen<unknown>(TIM.EVENT.SDK_READY, () => {
      this.ready = true;
      this.setStatus("online");
      for (const w of this.readyWaiters.splice(0)) w();
    });
    this.listen<unknown>(TIM.EVENT.SDK_NOT_READY, () => {
      this.ready = false;
      this.setStatus("connecting");
    });
    this.listen<unknown>(TIM.EVENT.KICKED_OUT, () => {
      this.ready = false;
      this.setStatus("signedOut");
    });
    this.listen<{ state: string }>(TIM.EVENT.NET_STATE_CHANGE, (e) => {
      const s = e.data?.state;
      if (s === TIM.TYPES.NET_STATE_CONNECTED) this.setStatus(this.ready ? "online" : "connecting");
      else if (s === TIM.TYPES.NET_STATE_CONNECTING) this.setStatus("connecting");
      else if (s === TIM.TYPES.NET_STATE_DISCONNECTED) this.setStatus("offline");
    });
    this.listen<TimMessage[]>(TIM.EVENT.MESSAGE_RECEIVED, (e) => {
      for (const raw of e.data ?? []) {
        this.remember(raw);
        const m = fromTim(raw);
        if (m) this.events.emit("message", m);
      }
    });
    this.listen<TimMessage[]>(TIM.EVENT.MESSAGE_READ_BY_PEER, (e) => {
      const byConversation = new Map<string, TimMessage>();
      for (const m of e.data ?? []) byConversation.set(m.conversationID, m);
      for (const [conversationId, m] of byConversation) {
        this.events.emit("read", { conversationId, userId: conversationId.replace(/^C2C/, ""), messageId: m.ID });
      }
    });
    this.listen<Array<{ groupID: string; messageID: string; unreadCount: number }>>(TIM.EVENT.MESSAGE_READ_RECEIPT_RECEIVED, (e) => {
      for (const r of e.data ?? []) {
        if (r.unreadCount === 0) this.events.emit("read", { conversationId: `GROUP${r.groupID}`, userId: "", messageId: r.messageID });
      }
    });
    this.listen<TimConversation[]>(TIM.EVENT.CONVERSATION_LIST_UPDATED, (e) => {
      for (const c of e.data ?? []) this.events.emit("conversation", fromTimConversation(c, this.me));
    });
    await tim.login({ userID: signIn.userId, userSig: signIn.userSig });
    await this.whenReady();
  }

  private whenReady(): Promise<void> {
    if (this.ready) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("Tencent Cloud Chat is not ready")), READY_TIMEOUT_MS);
      this.readyWaiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  async logout(): Promise<void> {
    const tim = this.tim;
    for (const u of this.unbind.splice(0)) u();
    this.tim = undefined;
    this.ready = false;
    if (tim) {
      await tim.logout().catch(() => undefined);
      await tim.destroy().catch(() => undefined);
    }
  }

  destroy(): void {
    void this.logout();
    this.events.clear();
  }

  private sdk(): ChatSDK {
    if (!this.tim) throw new Error("Not signed in to chat");
    return this.tim;
  }

  /** docs/product/statuses.md: an order's group is registered when it first appears (joined, best effort). */
  private async ensureGroup(conversationId: string) {
    if (!conversationId.startsWith("GROUP") || this.joined.has(conversationId)) return;
    this.joined.add(conversationId);
    await this.sdk()
      .joinGroup({ groupID: conversationId.slice(5) })
      .catch(() => undefined);
  }

  /** The SDK keeps every conversation it has synced: one page. */
  async listConversations(): Promise<ConversationPage> {
    const res = (await this.sdk().getConversationList()) as { data: { conversationList: TimConversation[] } };
    return { list: res.data.conversationList.map((c) => fromTimConversation(c, this.me)), next: "" };
  }

  getMessageList(conversationId: string, nextReqMessageID = ""): Promise<MessagePage> {
    return withOlderDelay(Boolean(nextReqMessageID), async () => {
      await this.ensureGroup(conversationId);
      const options = { conversationID: conversationId, nextReqMessageID: nextReqMessageID || undefined, count: CHAT_PAGE_SIZE };
      const res = (await this.sdk().getMessageList(options)) as {
        data: { messageList: TimMessage[]; nextReqMessageID: string; isCompleted: boolean };
      };
      res.data.messageList.forEach((m) => this.remember(m));
      return {
        messageList: res.data.messageList.map(fromTim).filter((m): m is ChatMessage => Boolean(m)),
        nextReqMessageID: res.data.nextReqMessageID ?? "",
        isCompleted: Boolean(res.data.isCompleted),
      };
    });
  }

  private async sendBuilt(conversationId: string, build: (opts: Record<string, unknown>) => TimMessage, clientMsgId: string): Promise<ChatMessage> {
    await this.ensureGroup(conversationId);
    const { to, conversationType } = target(conversationId);
    const msg = build({ to, conversationType, needReadReceipt: true, cloudCustomData: JSON.stringify({ clientMsgId }) });
    try {
      const res = (await this.sdk().sendMessage(msg)) as { data: { message: TimMessage } };
      this.remember(res.data.message);
      const out = fromTim(res.data.message);
      if (!out) throw new ChatSendError("Request error", 0);
      // Tencent does not echo one's own sends as MESSAGE_RECEIVED: pass it on here.
      this.events.emit("message", out);
      return out;
    } catch (e) {
      if (e instanceof ChatSendError) throw e;
      const err = e as { code?: number; message?: string };
      const code = typeof err.code === "number" ? err.code : -1;
      // docs/product/messages.md: a failed send to an order group is a finished order.
      throw new ChatSendError(conversationId.startsWith("GROUP") ? MSG_ORDER_FINISHED : err.message || "Request error", code);
    }
  }

  sendText(conversationId: string, text: string, clientMsgId = newClientMsgId()): Promise<ChatMessage> {
    return this.sendBuilt(conversationId, (o) => this.sdk().createTextMessage({ ...o, payload: { text } } as never), clientMsgId);
  }

  sendImage(conversationId: string, file: Blob, clientMsgId = newClientMsgId()): Promise<ChatMessage> {
    const f = file instanceof File ? file : new File([file], "picture.jpg", { type: file.type || "image/jpeg" });
    return this.sendBuilt(conversationId, (o) => this.sdk().createImageMessage({ ...o, payload: { file: f } } as never), clientMsgId);
  }

  sendAudio(conversationId: string, blob: Blob, seconds: number, clientMsgId = newClientMsgId()): Promise<ChatMessage> {
    const f = new File([blob], "voice.webm", { type: blob.type || "audio/webm" });
    return this.sendBuilt(
      conversationId,
      (o) => this.sdk().createAudioMessage({ ...o, payload: { file: Object.assign(f, { duration: seconds * 1000 }) } } as never),
      clientMsgId,
    );
  }

  async markRead(conversationId: string, messageId: string): Promise<void> {
    const tim = this.sdk();
    await tim.setMessageRead({ conversationID: conversationId });
    if (conversationId.startsWith("GROUP")) {
      // Group read receipts are sent per message.
      const list = [...this.raw.values()].filter(
        (m) => m.conversationID === conversationId && m.flow === "in" && m.needReadReceipt && !this.receipted.has(m.ID),
      );
      list.forEach((m) => this.receipted.add(m.ID));
      if (list.length) await tim.sendMessageReadReceipt(list).catch(() => undefined);
      void messageId;
    }
  }
}

export function createChatPort(sdkAppId?: number): ChatPort {
  return new TencentChat(sdkAppId);
}

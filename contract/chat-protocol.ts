import { z } from "zod";
import { adornmentFields } from "./adornment";

/**
 * The built-in chat service's protocol (docs/decisions/0009-chat.md). The browser adapter
 * (ChatPort, built-in flavour) speaks exactly this; the backend parses every frame and
 * request with these schemas. Shapes follow Tencent Cloud Chat's web SDK where it has one
 * (conversation ids, message type names, getMessageList paging), so one ChatPort interface
 * fits both providers.
 *
 * Transport
 * - WebSocket at CHAT_WS_PATH. First client frame, within AUTH_TIMEOUT_MS:
 *   {op:"auth", userId, userSig, since?}. A bad, tampered or expired signature (or no auth
 *   frame in time) → {op:"error", code:"auth"} and the socket closes (code 4001).
 *   Then the server replays every message with ID > since in the user's conversations
 *   (oldest first; at most SYNC_CAP: the newest ones, with `truncated: true` on "synced"
 *   when older ones were skipped — reload the list and history over HTTP then), sends
 *   {op:"synced", lastMessageId}, and afterwards pushes live "message", "read" and
 *   "conversation" frames. A message is never sent twice on one socket and ids only grow:
 *   keep the largest ID seen and pass it as `since` on reconnect; dedupe by ID anyway
 *   (your own sends come back as "message" frames too, after their "ack").
 *   `since` omitted = 0 (replay the newest SYNC_CAP). Pass `lastMessageId` of the
 *   conversation list (HTTP) when you have nothing newer. Frames sent right behind "auth"
 *   are handled after "synced".
 * - Client frames: send → ack | nack (same clientMsgId); read (no reply; a "read" frame is
 *   pushed to every member, the reader included, plus a "conversation" frame with the
 *   reader's new unreadCount); ping → pong. Send a ping every ~25 s on idle links.
 *   A resend with the same clientMsgId (after a timeout or a reconnect) is answered with the
 *   message stored the first time: never a duplicate.
 * - HTTP, JSON, POST under CHAT_API_PREFIX (conversations, history, send, read, upload).
 *   Authorization: `TLS <userId>:<userSig>` (the /im/getUserSig data) or the session token
 *   of /client. Answers use the /client envelope: {code:1, data} or {code, msg}
 *   (code 3 = not signed in, 4 = not allowed, 5 = not found, 2 = invalid, 0 = refused,
 *   e.g. msg 'Order finished').
 * - Files: GET /chat/file/<path>?exp=&sig=. Message payloads carry these signed URLs
 *   (valid about an hour; refetch history for fresh ones). Relative to the site origin.
 */

// ---------------------------------------------------------------- constants

export const CHAT_WS_PATH = "/chat/ws";
export const CHAT_API_PREFIX = "/chat/api/";
export const CHAT_FILE_PREFIX = "/chat/file/";
/** The system user (order and withdrawal events); its conversation is read-only. */
export const SYSTEM_USER_ID = "88888888";
export const SYSTEM_CONVERSATION_ID = `C2C${SYSTEM_USER_ID}`;
/** docs/product/constants.md: chat page size. */
export const HISTORY_PAGE_SIZE = 15;
export const TEXT_MAX = 2000;
/** docs/product/constants.md: voice clips up to 15 s; 1 s or less is discarded. */
export const AUDIO_MAX_SECONDS = 15;
export const AUDIO_MIN_SECONDS = 1;
export const AUDIO_MAX_BYTES = 1024 * 1024;
export const AUDIO_TYPES = ["audio/webm", "audio/ogg", "audio/wav", "audio/mp4"] as const;
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif", "image/bmp"] as const;
/** The auth frame must arrive within this time after the socket opens. */
export const AUTH_TIMEOUT_MS = 5_000;
/** Messages replayed at most on connect. */
export const SYNC_CAP = 500;
/** Signed file URLs stay valid at least this long. */
export const FILE_URL_TTL_SECONDS = 3600;
/** The conversation list returns at most this many (most recent activity first). */
export const CONVERSATION_LIST_MAX = 200;
/** A page of the conversation list ends at "{newest message id}-{conversation}": the next page's `before`. */
export const CONVERSATION_CURSOR = /^[0-9]{1,15}-[0-9]{1,15}$/;

/** The finished-order refusal of docs/product/messages.md. */
export const MSG_ORDER_FINISHED = "Order finished";

// ---------------------------------------------------------------- conversation ids

/**
 * Conversation ids as Tencent Cloud Chat names them, from the viewer's side:
 * - C2C88888888: the viewer's read-only system conversation;
 * - C2C{userId}: the viewer and that user (one of the two must be a business user);
 * - GROUP{orderId}: the order's seller and buyer;
 * - C2Cw{withdrawerId}: the viewer and that withdrawer (the user's side);
 * - C2Cw{withdrawerId}-{userId}: the same conversation seen by the withdrawer's own staff
 *   account (our extension: Tencent would sign the withdrawer in as "w{id}").
 */
export type ConversationRef =
  | { kind: "system" }
  | { kind: "c2c"; peerUserId: number }
  | { kind: "group"; orderId: number }
  | { kind: "withdrawer"; withdrawerId: number; userId?: number };

const ID = "([1-9][0-9]{0,14})";
const C2C_RE = new RegExp(`^C2C${ID}$`);
const GROUP_RE = new RegExp(`^GROUP${ID}$`);
const WITHDRAWER_RE = new RegExp(`^C2Cw${ID}(?:-${ID})?$`);

export function parseConversationId(id: string): ConversationRef | undefined {
  if (id === SYSTEM_CONVERSATION_ID) return { kind: "system" };
  let m = C2C_RE.exec(id);
  if (m) return { kind: "c2c", peerUserId: Number(m[1]) };
  m = GROUP_RE.exec(id);
  if (m) return { kind: "group", orderId: Number(m[1]) };
  m = WITHDRAWER_RE.exec(id);
  if (m) return m[2] ? { kind: "withdrawer", withdrawerId: Number(m[1]), userId: Number(m[2]) } : { kind: "withdrawer", withdrawerId: Number(m[1]) };
  return undefined;
}

export function formatConversationId(ref: ConversationRef): string {
  switch (ref.kind) {
    case "system":
      return SYSTEM_CONVERSATION_ID;
    case "c2c":
      return `C2C${ref.peerUserId}`;
    case "group":
      return `GROUP${ref.orderId}`;
    case "withdrawer":
      return ref.userId ? `C2Cw${ref.withdrawerId}-${ref.userId}` : `C2Cw${ref.withdrawerId}`;
  }
}

export const conversationIdSchema = z
  .string({ required_error: "conversationId is required." })
  .refine((v) => parseConversationId(v) !== undefined, { message: "Unknown conversation." });

/** Message ids are decimal strings (Tencent's ID is a string); numbers are accepted too. */
export const messageIdSchema = z.union([z.string().regex(/^[0-9]{1,15}$/), z.number().int().nonnegative()]).transform((v) => Number(v));

/** The client's id of a message it sends: the idempotency key of a resend. */
export const clientMsgIdSchema = z
  .string({ required_error: "clientMsgId is required." })
  .regex(/^[A-Za-z0-9_.:-]{1,64}$/, { message: "clientMsgId must be 1-64 letters, digits or _.:-" });

// ---------------------------------------------------------------- messages

export const messageTypeSchema = z.enum(["TIMTextElem", "TIMImageElem", "TIMSoundElem"]);
export type ChatMessageType = z.infer<typeof messageTypeSchema>;

export const textPayloadSchema = z.object({ text: z.string() });
export const imagePayloadSchema = z.object({
  imageInfoArray: z.array(z.object({ url: z.string(), width: z.number().int(), height: z.number().int() })),
});
export const soundPayloadSchema = z.object({ url: z.string(), second: z.number().int() });

/** One message, as the viewer sees it. */
export const chatMessageSchema = z.object({
  /** Decimal string; ids grow in commit order across all conversations. */
  ID: z.string(),
  conversationID: z.string(),
  type: messageTypeSchema,
  payload: z.union([textPayloadSchema, imagePayloadSchema, soundPayloadSchema]),
  /** String(userId) of the sender; "88888888" for the system; "w{withdrawerId}" for a withdrawer's staff in a C2Cw conversation. */
  from: z.string(),
  flow: z.enum(["in", "out"]),
  /** Seconds since the epoch. */
  time: z.number().int(),
  /** flow "out": the peer has read it (read receipt); flow "in": the viewer has read it. */
  isRead: z.boolean(),
  /** The sender's clientMsgId; null for system messages. */
  clientMsgId: z.string().nullable(),
  /** System messages: what they are about (open /orderDetails/{id} or /withdrawDetails/{id}). */
  ref: z.object({ type: z.enum(["order", "withdrawal"]), id: z.number().int() }).optional(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

// ---------------------------------------------------------------- conversations

export const chatPeerSchema = z.object({
  id: z.number().int(),
  nickname: z.string(),
  avatar: z.string(),
  isBusiness: z.number().int(),
  /** Set when the peer is a withdrawer (C2Cw conversations, the user's side). */
  withdrawerId: z.number().int().optional(),
  /** Our extension (ADR 0052): the peer's point-mall frame and badge. */
  ...adornmentFields,
});

export const chatOrderSchema = z.object({
  id: z.number().int(),
  status: z.number().int(),
  /** The card type's name. */
  nameEn: z.string(),
});

export const conversationSchema = z.object({
  conversationId: z.string(),
  /** Tencent's conversation types (the system conversation is a C2C with 88888888). */
  type: z.enum(["C2C", "GROUP"]),
  /** C2C and C2Cw: the other side; GROUP: the counterpart in the order (merchant for the seller, seller for the merchant). */
  peer: chatPeerSchema.optional(),
  /** GROUP only. */
  order: chatOrderSchema.optional(),
  lastMessage: chatMessageSchema.nullable(),
  /** Messages from others after the viewer's read position. */
  /** Counted up to 100: a badge shows "99+" from 100 on. */
  unreadCount: z.number().int(),
  /** No input box: the system conversation, order groups with status >= 4, and a one-to-one conversation the viewer blocked. */
  readOnly: z.boolean(),
  /** Our extension (ADR 0060): why there is no input box, in the viewer's words, when it is a block (ADR 0021). */
  readOnlyReason: z.string().optional(),
});
export type ChatConversation = z.infer<typeof conversationSchema>;

// ---------------------------------------------------------------- send

export const MSG_TEXT_EMPTY = "Message text must not be empty.";
export const MSG_TEXT_TOO_LONG = `Message text is too long (${TEXT_MAX} characters at most).`;

/** 'text' | 'image' | 'audio' are accepted as aliases of Tencent's type names. */
const typeAliases: Record<string, ChatMessageType> = { text: "TIMTextElem", image: "TIMImageElem", audio: "TIMSoundElem" };

/**
 * What a send carries: `text` (TIMTextElem), or the `payload.path` of an upload
 * (TIMImageElem, TIMSoundElem; width, height and seconds are the server's, from the upload).
 * Text that is empty or whitespace only is refused, as is text over TEXT_MAX characters.
 */
export const sendFieldsSchema = z
  .object({
    conversationId: conversationIdSchema,
    clientMsgId: clientMsgIdSchema,
    type: z.preprocess((v) => (typeof v === "string" && typeAliases[v] ? typeAliases[v] : v), messageTypeSchema),
    text: z.string().optional(),
    payload: z.object({ path: z.string().min(1).max(300) }).passthrough().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.type === "TIMTextElem") {
      if (v.text === undefined || v.text.trim() === "") ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["text"], message: MSG_TEXT_EMPTY });
      else if (v.text.length > TEXT_MAX) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["text"], message: MSG_TEXT_TOO_LONG });
    } else if (!v.payload) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["payload"], message: "payload.path is required (the path of an upload)." });
    }
  });
export type SendRequest = z.infer<typeof sendFieldsSchema>;

// ---------------------------------------------------------------- HTTP (POST /chat/api/<name>)

export const chatHttp = {
  conversations: {
    /**
     * Most recent activity first, `limit` of them (default and at most CONVERSATION_LIST_MAX; 0: only
     * lastMessageId), after `before`: the `next` of the page before.
     */
    request: z
      .object({
        before: z.string().regex(CONVERSATION_CURSOR, { message: "before must be the next of an earlier page." }).optional(),
        limit: z.number().int().min(0).max(CONVERSATION_LIST_MAX).optional(),
      })
      .passthrough()
      .optional()
      .default({}),
    /** lastMessageId: the newest message id of the viewer's conversations (a `since` for the socket); next: the next page's `before` ("" at the end). */
    response: z.object({ list: z.array(conversationSchema), lastMessageId: z.string(), next: z.string() }),
  },
  /** The top bar's Message badge: unread messages from others in all the viewer's conversations, counted up to 100 ("99+"). */
  unread: {
    request: z.object({}).passthrough().optional().default({}),
    response: z.object({ total: z.number().int() }),
  },
  history: {
    request: z.object({ conversationId: conversationIdSchema, nextReqMessageID: z.union([z.literal(""), messageIdSchema]).optional() }),
    /** Tencent's getMessageList: oldest first, HISTORY_PAGE_SIZE per page; pass nextReqMessageID back for older ones. */
    response: z.object({ messageList: z.array(chatMessageSchema), nextReqMessageID: z.string(), isCompleted: z.boolean(), conversation: conversationSchema }),
  },
  send: { request: sendFieldsSchema, response: z.object({ message: chatMessageSchema }) },
  read: {
    request: z.object({ conversationId: conversationIdSchema, messageId: messageIdSchema }),
    response: z.object({ unreadCount: z.number().int() }),
  },
  /** Multipart: file, kind ("image" | "audio"), seconds (audio: the clip's length as recorded). */
  upload: {
    request: z.object({
      kind: z.enum(["image", "audio"], { errorMap: () => ({ message: "kind must be image or audio." }) }),
      seconds: z.coerce.number().optional(),
    }),
    response: z.object({ path: z.string(), width: z.number().int().optional(), height: z.number().int().optional(), seconds: z.number().int().optional() }),
  },
} as const;
export type ChatHttpName = keyof typeof chatHttp;

// ---------------------------------------------------------------- WebSocket frames

export const authFrameSchema = z.object({
  op: z.literal("auth"),
  userId: z.string().max(32),
  userSig: z.string().max(4096),
  since: messageIdSchema.optional(),
});
export const sendFrameSchema = z.object({ op: z.literal("send") }).and(sendFieldsSchema);
export const readFrameSchema = z.object({ op: z.literal("read"), conversationId: conversationIdSchema, messageId: messageIdSchema });
export const pingFrameSchema = z.object({ op: z.literal("ping") });

const clientFrames = { auth: authFrameSchema, send: sendFrameSchema, read: readFrameSchema, ping: pingFrameSchema } as const;
export type ClientFrame = { [K in keyof typeof clientFrames]: z.infer<(typeof clientFrames)[K]> }[keyof typeof clientFrames];

/** Parses one client frame (already JSON-decoded): the frame, or the first problem. */
export function parseClientFrame(raw: unknown): { ok: true; frame: ClientFrame } | { ok: false; msg: string } {
  const op = raw && typeof raw === "object" ? (raw as { op?: unknown }).op : undefined;
  const schema = typeof op === "string" && Object.prototype.hasOwnProperty.call(clientFrames, op) ? clientFrames[op as keyof typeof clientFrames] : undefined;
  if (!schema) return { ok: false, msg: "Unknown op." };
  const parsed = (schema as z.ZodTypeAny).safeParse(raw);
  if (!parsed.success) return { ok: false, msg: parsed.error.issues[0]?.message ?? "Invalid frame." };
  return { ok: true, frame: parsed.data as ClientFrame };
}

export const serverFrameSchema = z.discriminatedUnion("op", [
  /** code "auth": bad or expired signature (the socket closes); "frame": a frame we could not parse; "slow": too far behind. */
  z.object({ op: z.literal("error"), code: z.enum(["auth", "frame", "slow", "internal"]), msg: z.string().optional() }),
  z.object({ op: z.literal("synced"), lastMessageId: z.string(), truncated: z.boolean().optional() }),
  z.object({ op: z.literal("message"), message: chatMessageSchema }),
  /** userId has read conversationId up to messageId (from the receiver's side of the conversation). */
  z.object({ op: z.literal("read"), conversationId: z.string(), userId: z.string(), messageId: z.string() }),
  z.object({ op: z.literal("conversation"), conversation: conversationSchema }),
  z.object({ op: z.literal("ack"), clientMsgId: z.string(), message: chatMessageSchema }),
  /** msg: the reason to show (e.g. 'Order finished'); code: the envelope code it would have had over HTTP. */
  z.object({ op: z.literal("nack"), clientMsgId: z.string(), msg: z.string(), code: z.number().int() }),
  z.object({ op: z.literal("pong") }),
]);
export type ServerFrame = z.infer<typeof serverFrameSchema>;

/** WebSocket close codes the server uses. */
export const CLOSE_AUTH = 4001;
export const CLOSE_SLOW = 4008;
/** The server is restarting (RFC 6455 "Service Restart"): reconnect soon, to another process (ADR 0082). */
export const CLOSE_RESTART = 1012;

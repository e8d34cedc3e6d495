import { randomUUID } from "node:crypto";
import type { ZodError, z } from "zod";
import { CHAT_API_PREFIX, CHAT_FILE_PREFIX, CONVERSATION_LIST_MAX, chatHttp, type ChatHttpName, type ChatMessage, type SendRequest } from "../../../contract/chat-protocol";
import { Code } from "../../../contract/envelope";
import type { User } from "../../db/schema";
import type { Services } from "../../http/context";
import { ApiError, invalid, notLoggedIn, unexpectedAnswer } from "../../http/errors";
import { jsonResponse as json } from "../../http/json-response";
import { sessionOf, tokenFromHeader } from "../../security/tokens";
import { createMemoryBus, type ChatBus } from "./bus";
import { conversationPage, conversationSummary, membersOf, parseConversationCursor, readPositions, resolveConversation, UNREAD_CAP } from "./conversations";
import { serveChatFile, uploadChatFile } from "./files";
import { formatMessage } from "./format";
import { ChatHub } from "./hub";
import { loadTlsSigKey } from "./keys";
import { historyPage, lastMessageIdFor, markRead, sendMessage, unreadTotal } from "./messages";
import { verifyUserSig } from "./tls-sig";
import { lineLogger } from "../../ops/log";

/**
 * The built-in chat service of one backend: the domain calls shared by the HTTP API
 * (/chat/api/*, /chat/file/*) and the WebSocket (ws.ts), the hub that pushes to this
 * process's sockets, and the bus between them. docs/decisions/0009-chat.md.
 */

export interface ChatServiceOptions {
  bus?: ChatBus;
  /** The hub's tail interval while sockets are connected (default 1000 ms). */
  pollMs?: number;
  log?: (line: string) => void;
}

function firstIssue(err: ZodError): string {
  const issue = err.issues[0];
  if (!issue) return "Request error";
  if (issue.code === "invalid_type" && issue.received === "undefined" && issue.message === "Required") return `${issue.path.join(".") || "body"} is required.`;
  return issue.message;
}

export class ChatService {
  readonly hub: ChatHub;
  readonly bus: ChatBus;
  readonly log: (line: string) => void;

  constructor(
    readonly services: Services,
    opts: ChatServiceOptions = {},
  ) {
    this.log = opts.log ?? lineLogger();
    this.bus = opts.bus ?? createMemoryBus();
    this.hub = new ChatHub(services.db, this.bus, { pollMs: opts.pollMs ?? 1000, log: this.log });
  }

  private get now() {
    return this.services.clock.now();
  }

  private get fmt() {
    return { now: this.now, secrets: this.services.secrets };
  }

  // ------------------------------------------------------------ sign-in

  /** The user a (userId, userSig) pair signs in, with the signature's end; undefined when bad, expired or unknown. */
  async authenticate(userId: string, userSig: string): Promise<{ user: User; expiresAt: number } | undefined> {
    if (!/^[1-9][0-9]{0,14}$/.test(userId)) return undefined;
    const v = verifyUserSig(loadTlsSigKey(this.services.config), userSig, userId, Math.floor(this.now.getTime() / 1000));
    if (!v.ok) return undefined;
    const user = await this.services.db.selectFrom("users").selectAll().where("id", "=", Number(userId)).executeTakeFirst();
    return user ? { user, expiresAt: v.expiresAt } : undefined;
  }

  /** "Authorization: TLS <userId>:<userSig>", or the session token of /client. */
  async userFromHeader(header: string | null): Promise<User | undefined> {
    if (!header) return undefined;
    const m = /^TLS\s+([^:\s]+):(\S+)$/i.exec(header.trim());
    if (m) return (await this.authenticate(m[1]!, m[2]!))?.user;
    const token = tokenFromHeader(header);
    if (!token) return undefined;
    return (await sessionOf(this.services.db, token, this.now)).user;
  }

  // ------------------------------------------------------------ calls

  async conversations(user: User, page: { before?: string; limit?: number }) {
    const { db } = this.services;
    // Read first: every message in the list is at most this id, so it is a safe `since`.
    const lastMessageId = await lastMessageIdFor(db, user.id);
    const before = page.before === undefined ? undefined : parseConversationCursor(page.before);
    const { list, next } = await conversationPage(db, user.id, { limit: page.limit ?? CONVERSATION_LIST_MAX, before, ...this.fmt });
    return { list, next, lastMessageId: String(lastMessageId) };
  }

  async history(user: User, conversationId: string, before: number | undefined) {
    const page = await historyPage(this.services.db, user, conversationId, before, this.fmt);
    const resolved = await resolveConversation(this.services.db, user, conversationId, "read");
    return { ...page, conversation: await conversationSummary(this.services.db, user.id, resolved, this.fmt) };
  }

  /** Sends; the message as the sender sees it. Pushed to every member's sockets (the sender's too). */
  async send(user: User, input: SendRequest): Promise<{ message: ChatMessage; created: boolean }> {
    const { db } = this.services;
    // Away = no chat connection to this process's hub: she gets a push instead (ADR 0079).
    const r = await sendMessage(this.services, user, input, this.now, (userId) => !this.hub.isConnected(userId));
    if (r.created) this.bus.publish({ type: "kick" });
    const pos = await readPositions(db, r.conv.id, user.id);
    return { message: formatMessage(r.row, r.conv, { viewerId: user.id, ...pos, ...this.fmt }), created: r.created };
  }

  async read(user: User, conversationId: string, messageId: number) {
    const { db } = this.services;
    const r = await markRead(db, user, conversationId, messageId);
    if (r.conv && r.moved !== undefined) {
      this.bus.publish({ type: "read", conversation: r.conv, memberIds: await membersOf(db, r.conv.id), readerId: user.id, messageId: r.moved });
    }
    return { unreadCount: r.unreadCount };
  }

  upload(user: User, input: { kind: "image" | "audio"; file: File; seconds?: number }) {
    return uploadChatFile(this.services, user.id, input, this.now);
  }

  // ------------------------------------------------------------ HTTP

  /** /chat/api/<name> (POST, JSON or multipart) and /chat/file/<path> (GET). */
  async handleHttp(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname.startsWith(CHAT_FILE_PREFIX)) return serveChatFile(this.services, request, this.now, this.log);
    const name = url.pathname.slice(CHAT_API_PREFIX.length) as ChatHttpName;
    if (!url.pathname.startsWith(CHAT_API_PREFIX) || !Object.prototype.hasOwnProperty.call(chatHttp, name)) {
      return json({ code: Code.NOT_FOUND, msg: `Error in request address: ${url.pathname}` }, 404);
    }
    if (request.method !== "POST") return json({ code: Code.INVALID, msg: "Use POST." }, 405);
    try {
      const user = await this.userFromHeader(request.headers.get("authorization"));
      if (!user) throw notLoggedIn();
      const def = chatHttp[name];
      let raw: unknown;
      let file: File | undefined;
      if (name === "upload") {
        const form = await request.formData().catch(() => {
          throw invalid("Request body must be multipart form data.");
        });
        const f = form.get("file");
        if (!(f instanceof File)) throw invalid("file is required.");
        file = f;
        raw = { kind: form.get("kind") ?? undefined, seconds: form.get("seconds") ?? undefined };
      } else {
        const text = await request.text();
        try {
          raw = text.trim() ? JSON.parse(text) : {};
        } catch {
          throw invalid("Request body must be JSON.");
        }
      }
      const parsed = (def.request as z.ZodTypeAny).safeParse(raw);
      if (!parsed.success) throw invalid(firstIssue(parsed.error));
      const input = parsed.data;
      let data: unknown;
      switch (name) {
        case "conversations":
          data = await this.conversations(user, input);
          break;
        case "unread":
          data = { total: await unreadTotal(this.services.db, user.id, UNREAD_CAP) };
          break;
        case "history":
          data = await this.history(user, input.conversationId, input.nextReqMessageID || undefined);
          break;
        case "send":
          data = { message: (await this.send(user, input)).message };
          break;
        case "read":
          data = await this.read(user, input.conversationId, input.messageId);
          break;
        case "upload":
          data = await this.upload(user, { kind: input.kind, file: file!, seconds: input.seconds });
          break;
      }
      const out = (def.response as z.ZodTypeAny).safeParse(data);
      if (!out.success) {
        this.log(`[chat] ${name}: response does not match the protocol: ${out.error.issues.slice(0, 3).map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`);
        return json({ code: Code.INTERNAL, msg: "Server internal error" });
      }
      return json({ code: Code.OK, data: out.data });
    } catch (err) {
      if (err instanceof ApiError) return json({ code: err.code, msg: err.message });
      const ref = randomUUID().slice(0, 8);
      this.log(`[chat] ${name} failed (ref ${ref}): ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      return json(unexpectedAnswer(err, ref));
    }
  }

  async close(): Promise<void> {
    await this.hub.close();
    await this.bus.close();
  }
}

export function createChatService(services: Services, opts: ChatServiceOptions = {}): ChatService {
  return new ChatService(services, opts);
}

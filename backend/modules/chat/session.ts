import { SYNC_CAP, type ServerFrame } from "../../../contract/chat-protocol";
import type { User } from "../../db/schema";
import type { ReadEvent } from "./bus";
import { conversationsByIds } from "./conversations";
import { memberLabel, viewerConversationId } from "./format";
import type { ChatSink } from "./hub";
import { feed, formatFeedRow, lastMessageIdFor } from "./messages";
import type { ChatService } from "./service";

/** Where a session's frames go (a WebSocket, or a test's array). */
export interface ChatTransport {
  send(frame: ServerFrame): void;
  readonly open: boolean;
}

/**
 * One signed-in client. Everything it is sent goes through one queue, in order, from one
 * cursor: the largest message id already sent. Replay and live pushes are the same fetch
 * ("my messages with id > cursor"), so a message is sent at most once per session and,
 * because ids are handed out in commit order, none is skipped.
 */
export class ChatSession implements ChatSink {
  readonly userId: number;
  private cursor = 0;
  private chain: Promise<void> = Promise.resolve();
  private drainQueued = false;
  private unregister: (() => void) | undefined;
  private closed = false;

  constructor(
    private readonly chat: ChatService,
    readonly user: User,
    private readonly transport: ChatTransport,
  ) {
    this.userId = user.id;
  }

  /** Registers with the hub, replays what came after `since` (newest SYNC_CAP), then "synced"; resolves after "synced". */
  async start(since: number): Promise<void> {
    this.unregister = this.chat.hub.register(this);
    await this.chat.hub.whenReady();
    this.enqueue(async () => {
      const { db } = this.chat.services;
      // A cursor from another database (reset, restored) must not hide new messages.
      const latest = await lastMessageIdFor(db, this.userId);
      this.cursor = Math.min(since, latest);
      const rows = await feed(db, this.userId, this.cursor, SYNC_CAP + 1, "newest");
      const truncated = rows.length > SYNC_CAP;
      await this.sendRows(truncated ? rows.slice(1) : rows);
      this.send({ op: "synced", lastMessageId: String(this.cursor), ...(truncated ? { truncated: true } : {}) });
    });
    await this.chain;
  }

  close(): void {
    this.closed = true;
    this.unregister?.();
  }

  wake(): void {
    if (this.drainQueued) return;
    this.drainQueued = true;
    this.enqueue(async () => {
      this.drainQueued = false;
      for (;;) {
        const rows = await feed(this.chat.services.db, this.userId, this.cursor, SYNC_CAP, "asc");
        await this.sendRows(rows);
        if (rows.length < SYNC_CAP || this.closed) break;
      }
    });
  }

  receipt(e: ReadEvent): void {
    this.enqueue(async () => {
      this.send({
        op: "read",
        conversationId: viewerConversationId(e.conversation, this.userId),
        userId: memberLabel(e.conversation, e.readerId),
        messageId: String(e.messageId),
      });
      // The reader's own clients: the unread count changed.
      if (e.readerId === this.userId) await this.sendConversations([e.conversation.id]);
    });
  }

  conversationChanged(conversationId: number): void {
    this.enqueue(() => this.sendConversations([conversationId]));
  }

  private enqueue(task: () => Promise<void>) {
    this.chain = this.chain
      .then(() => (this.closed || !this.transport.open ? undefined : task()))
      .catch((err: unknown) => {
        this.chat.log(`[chat] session ${this.userId}: ${err instanceof Error ? err.message : String(err)}`);
      });
  }

  /** Waits for everything queued so far (tests). */
  idle(): Promise<void> {
    return this.chain;
  }

  private send(frame: ServerFrame) {
    if (!this.closed && this.transport.open) this.transport.send(frame);
  }

  private async sendRows(rows: Awaited<ReturnType<typeof feed>>) {
    if (rows.length === 0) return;
    const f = { now: this.chat.services.clock.now(), secrets: this.chat.services.secrets };
    const touched = new Set<number>();
    for (const r of rows) {
      if (r.id <= this.cursor) continue;
      this.send({ op: "message", message: formatFeedRow(r, this.userId, f) });
      this.cursor = r.id;
      touched.add(r.conversation_id);
    }
    await this.sendConversations([...touched]);
  }

  private async sendConversations(ids: number[]) {
    if (ids.length === 0) return;
    const list = await conversationsByIds(this.chat.services.db, this.userId, ids, { now: this.chat.services.clock.now(), secrets: this.chat.services.secrets });
    for (const conversation of list) this.send({ op: "conversation", conversation });
  }
}

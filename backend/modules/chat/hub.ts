import { sql } from "kysely";
import type { DB } from "../../db/index";
import type { ChatBus, ChatEvent, ReadEvent } from "./bus";

/** One connected client of a user (a socket's session). */
export interface ChatSink {
  readonly userId: number;
  /** New messages may exist in the user's conversations. */
  wake(): void;
  /** A member of one of the user's conversations has read it up to a message. */
  receipt(event: ReadEvent): void;
  /** A conversation's summary changed without a message in it (an order's status). */
  conversationChanged(conversationId: number): void;
}

export interface HubOptions {
  /** How often the hub tails chat_messages while clients are connected (system messages
   * written in other modules' transactions, other processes' sends). Local sends kick it at once. */
  pollMs: number;
  log: (line: string) => void;
}

/**
 * Pushes to the sockets of this process. It tails chat_messages by id (the high-water
 * mark `hw`): every new message wakes its members' sinks, and a system message about an
 * order also refreshes that order's group conversation for its seller and buyer (the web
 * reloads the order then). Each sink fetches its own messages from its own cursor, so a
 * wake is only a hint: the hub may be late, never wrong.
 */
export class ChatHub {
  private readonly sinks = new Map<number, Set<ChatSink>>();
  private count = 0;
  private hw = 0;
  private ready: Promise<void> | undefined;
  private ticking = false;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly db: DB,
    private readonly bus: ChatBus,
    private readonly opts: HubOptions,
  ) {
    this.unsubscribe = bus.subscribe((e) => this.onEvent(e));
  }

  /** Adds a sink; returns its removal. Await whenReady() before the sink's first fetch. */
  register(sink: ChatSink): () => void {
    if (this.count === 0) {
      // Idle until now: start tailing from the present (sinks catch up from their own cursors).
      this.ready = this.initHighWater();
      this.timer = setInterval(() => this.kick(), this.opts.pollMs);
      this.timer.unref?.();
    }
    let set = this.sinks.get(sink.userId);
    if (!set) this.sinks.set(sink.userId, (set = new Set()));
    set.add(sink);
    this.count++;
    let removed = false;
    return () => {
      if (removed) return;
      removed = true;
      set!.delete(sink);
      if (set!.size === 0) this.sinks.delete(sink.userId);
      if (--this.count === 0 && this.timer) {
        clearInterval(this.timer);
        this.timer = undefined;
      }
    };
  }

  /** Whether the user has a chat connection open to this process (ADR 0079: else a message pushes). */
  isConnected(userId: number): boolean {
    return this.sinks.has(userId);
  }

  /** Resolves once the tail position is known. */
  whenReady(): Promise<void> {
    return this.ready ?? Promise.resolve();
  }

  /** Connected sinks (all users). */
  get connections(): number {
    return this.count;
  }

  /** Tail now (coalesced with a tail already running). */
  kick(): void {
    if (this.closed || this.count === 0) return;
    void this.tick();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.unsubscribe();
  }

  private async initHighWater() {
    const { rows } = await sql<{ id: number | null }>`select max(id) as id from chat_messages`.execute(this.db);
    this.hw = Number(rows[0]?.id ?? 0);
  }

  private onEvent(e: ChatEvent) {
    if (e.type === "kick") this.kick();
    else if (e.type === "read") for (const userId of e.memberIds) this.sinks.get(userId)?.forEach((s) => s.receipt(e));
  }

  private async tick(): Promise<void> {
    if (this.ticking) {
      this.again = true;
      return;
    }
    this.ticking = true;
    try {
      await this.whenReady();
      do {
        this.again = false;
        for (;;) {
          const batch = 500;
          const { rows } = await sql<{ id: number; conversation_id: number; ref_type: string | null; ref_id: number | null; user_id: number }>`
            with m as (select id, conversation_id, ref_type, ref_id from chat_messages where id > ${this.hw} order by id limit ${batch})
            select m.id, m.conversation_id, m.ref_type, m.ref_id, cm.user_id
            from m join chat_members cm on cm.conversation_id = m.conversation_id
            order by m.id
          `.execute(this.db);
          if (rows.length === 0 || this.closed) break;
          const users = new Set<number>();
          const orders = new Set<number>();
          const ids = new Set<number>();
          for (const r of rows) {
            users.add(Number(r.user_id));
            ids.add(Number(r.id));
            if (r.ref_type === "order" && r.ref_id !== null) orders.add(Number(r.ref_id));
            this.hw = Math.max(this.hw, Number(r.id));
          }
          for (const u of users) this.sinks.get(u)?.forEach((s) => s.wake());
          if (orders.size > 0) {
            const groups = await this.db
              .selectFrom("chat_conversations")
              .select(["id", "user_a", "user_b"])
              .where("key", "in", [...orders].map((o) => `group:${o}`))
              .execute();
            for (const g of groups)
              for (const u of [g.user_a, g.user_b]) if (u !== null) this.sinks.get(u)?.forEach((s) => s.conversationChanged(g.id));
          }
          if (ids.size < batch) break;
        }
      } while (this.again && !this.closed);
    } catch (err) {
      this.opts.log(`[chat] hub tail failed: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      this.ticking = false;
    }
  }
}

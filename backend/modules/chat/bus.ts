import { EventEmitter } from "node:events";
import type { Notifications } from "../../db/index";
import type { ConvInfo } from "./format";

/**
 * What one part of the chat service tells the others. Messages themselves never travel on
 * the bus: they are in chat_messages, and each process's hub tails that table by id (ids
 * are handed out in commit order, see messages.ts), so a lost or doubled event can delay
 * a message but never lose or duplicate one.
 *
 * - kick: new messages were committed; tail the table now instead of at the next poll.
 * - read: a member's read position moved (read receipts; not derivable from messages).
 *
 * One process (embedded PGlite): the in-memory bus. On PostgreSQL, where several Node
 * servers may share the database: the NOTIFY bus, which sends every event to every
 * process, this one included (channel "chat"). Nothing else changes: each process's
 * hub still tails chat_messages and pushes to its own sockets.
 */
export type ChatEvent =
  | { type: "kick" }
  | { type: "read"; conversation: ConvInfo; memberIds: number[]; readerId: number; messageId: number };

export type ReadEvent = Extract<ChatEvent, { type: "read" }>;

export interface ChatBus {
  publish(event: ChatEvent): void;
  subscribe(listener: (event: ChatEvent) => void): () => void;
  close(): Promise<void>;
}

export function createMemoryBus(): ChatBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish(event) {
      // Asynchronously, like a real bus: a publisher never runs listeners on its own stack.
      queueMicrotask(() => emitter.emit("event", event));
    },
    subscribe(listener) {
      emitter.on("event", listener);
      return () => emitter.off("event", listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/**
 * The bus for several processes: events go out with NOTIFY (after the publisher's
 * commit: publish is only called once a change is committed) and come back to every
 * process's listeners, this one's too. If NOTIFY fails, this process still hears the
 * event; after the listening connection was lost and is back, a kick makes the hubs
 * tail chat_messages at once (receipts sent meanwhile are gone; history still has them).
 */
export function createNotifyBus(notifications: Notifications, log: (line: string) => void): ChatBus & { ready: Promise<void> } {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const emit = (event: ChatEvent) => emitter.emit("event", event);
  const listening = notifications.listen(
    "chat",
    (payload) => {
      try {
        emit(JSON.parse(payload) as ChatEvent);
      } catch {
        log("[chat] ignored a malformed bus notification");
      }
    },
    () => emit({ type: "kick" }),
  );
  listening.catch((err: unknown) => log(`[chat] bus: cannot listen: ${err instanceof Error ? err.message : String(err)}`));
  return {
    /** Settles once this process listens (or could not). */
    ready: listening.then(
      () => undefined,
      () => undefined,
    ),
    publish(event) {
      listening
        .then(() => notifications.notify("chat", JSON.stringify(event)))
        .catch((err: unknown) => {
          log(`[chat] bus: notify failed, this process only: ${err instanceof Error ? err.message : String(err)}`);
          emit(event);
        });
    },
    subscribe(listener) {
      emitter.on("event", listener);
      return () => emitter.off("event", listener);
    },
    async close() {
      emitter.removeAllListeners();
      const stop = await listening.catch(() => undefined);
      await stop?.();
    },
  };
}

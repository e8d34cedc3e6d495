import { EventEmitter } from "node:events";
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
 * One process: the in-memory bus below. Several processes (several Node servers on one
 * PostgreSQL): implement ChatBus with PostgreSQL LISTEN/NOTIFY — publish = `select
 * pg_notify('chat', json)` (after commit: NOTIFY inside a transaction is delivered on
 * commit), subscribe = a dedicated pg connection running `LISTEN chat` and calling the
 * listeners — and pass it to createChatService. Nothing else changes: each process's hub
 * still tails chat_messages and pushes to its own sockets.
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

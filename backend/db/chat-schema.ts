import type { ColumnType, Generated, Selectable } from "kysely";

/** Chat tables (migration 005-chat; docs/decisions/0009-chat.md). */

export interface ChatConversationsTable {
  id: Generated<number>;
  /** Canonical key: "system:{u}", "c2c:{min}:{max}", "group:{orderId}", "w:{withdrawerId}:{u}". */
  key: string;
  kind: "c2c" | "group" | "withdrawer" | "system";
  order_id: number | null;
  withdrawer_id: number | null;
  /** c2c: the smaller user id; group: the seller; withdrawer: the user; system: the user. */
  user_a: number;
  /** c2c: the larger user id; group: the buyer; withdrawer: the withdrawer's staff user; system: null. */
  user_b: number | null;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** Groups with CHAT_PROVIDER=tencent: when the group was created in Tencent Cloud Chat (null: not yet). */
  tim_synced_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface ChatMembersTable {
  conversation_id: number;
  user_id: number;
  /** The member has read every message up to this id (0: none). */
  last_read_id: Generated<number>;
}

export interface ChatMessagesTable {
  /** Ids are handed out in commit order (see insertMessage): a client resumes from the last one it saw. */
  id: Generated<number>;
  conversation_id: number;
  /** null: the system. */
  sender_id: number | null;
  type: "text" | "image" | "audio";
  text: string | null;
  /** JSON: {path, width, height} (image) or {path, seconds} (audio). */
  payload: string | null;
  client_msg_id: string | null;
  /** System messages: what they are about. */
  ref_type: string | null;
  ref_id: number | null;
  created_at: Date;
}

export interface ChatFilesTable {
  /** The blob path (chat/yyyy/mm/uuid.ext). */
  path: string;
  user_id: number;
  kind: "image" | "audio";
  mime: string;
  bytes: number;
  width: number | null;
  height: number | null;
  seconds: number | null;
  created_at: Date;
}

/** How far a relay to Tencent Cloud Chat has got (name "system-messages": the last chat_messages id sent). */
export interface TimRelayTable {
  name: string;
  last_id: ColumnType<number, number | string, number | string>;
  updated_at: Date;
}

export interface ChatTables {
  tim_relay: TimRelayTable;
  chat_conversations: ChatConversationsTable;
  chat_members: ChatMembersTable;
  chat_messages: ChatMessagesTable;
  chat_files: ChatFilesTable;
}

export type ChatConversationRow = Selectable<ChatConversationsTable>;
export type ChatMessageRow = Selectable<ChatMessagesTable>;

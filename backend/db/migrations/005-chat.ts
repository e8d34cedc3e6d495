import { sql, type Kysely } from "kysely";

/**
 * The built-in chat service (docs/decisions/0009-chat.md): conversations with their
 * members and read positions, messages, and uploaded chat files.
 */
export async function up(db: Kysely<any>) {
  await sql`
    create table chat_conversations (
      id bigserial primary key,
      key text not null unique,
      kind text not null check (kind in ('c2c', 'group', 'withdrawer', 'system')),
      order_id bigint references orders(id),
      withdrawer_id bigint references withdrawers(id),
      user_a bigint not null references users(id),
      user_b bigint references users(id),
      created_at timestamptz not null default now()
    );

    create table chat_members (
      conversation_id bigint not null references chat_conversations(id),
      user_id bigint not null references users(id),
      last_read_id bigint not null default 0,
      primary key (conversation_id, user_id)
    );
    create index chat_members_user on chat_members(user_id, conversation_id);

    create table chat_messages (
      id bigserial primary key,
      conversation_id bigint not null references chat_conversations(id),
      sender_id bigint references users(id),
      type text not null check (type in ('text', 'image', 'audio')),
      text text,
      payload text,
      client_msg_id text,
      ref_type text,
      ref_id bigint,
      created_at timestamptz not null,
      check ((type = 'text') = (text is not null)),
      check ((type = 'text') = (payload is null)),
      -- A resend (same sender, same clientMsgId) never stores a second message.
      unique (sender_id, client_msg_id)
    );
    -- History pages, unread counts and the replay on reconnect.
    create index chat_messages_conversation on chat_messages(conversation_id, id);

    create table chat_files (
      path text primary key,
      user_id bigint not null references users(id),
      kind text not null check (kind in ('image', 'audio')),
      mime text not null,
      bytes int not null,
      width int,
      height int,
      seconds int,
      created_at timestamptz not null
    );
  `.execute(db);
}

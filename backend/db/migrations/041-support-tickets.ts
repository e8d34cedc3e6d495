import { sql, type Kysely } from "kysely";

/**
 * Support tickets (docs/decisions/0078-support-tickets.md): a user's question about one of her
 * items (or her account), its messages (hers, staff answers and staff's internal notes), staff's
 * assignment and her one-tap rating. A message's body and its pictures' blob paths are sealed
 * (ADR 0056); the pictures are blobs encrypted under a key derived from the data key.
 */
export async function up(db: Kysely<any>) {
  await sql`
    create table tickets (
      id bigserial primary key,
      user_id bigint not null references users(id),
      kind text not null check (kind in ('order', 'withdrawal', 'transfer', 'account')),
      ref_id bigint,
      title text not null,
      status smallint not null default 0 check (status in (0, 1, 2)),
      assignee_id bigint references users(id),
      rating text check (rating in ('good', 'bad')),
      created_at timestamptz not null,
      updated_at timestamptz not null,
      check ((kind = 'account') = (ref_id is null))
    );
    create index tickets_user on tickets (user_id, updated_at desc, id desc);
    create index tickets_queue on tickets (status, id desc);
    create index tickets_assignee on tickets (assignee_id, status, id desc) where assignee_id is not null;
    create table ticket_messages (
      id bigserial primary key,
      ticket_id bigint not null references tickets(id) on delete cascade,
      author_id bigint not null references users(id),
      author_role text not null check (author_role in ('user', 'staff')),
      body text not null,
      pictures text not null,
      internal boolean not null default false,
      created_at timestamptz not null,
      check (not internal or author_role = 'staff')
    );
    create index ticket_messages_ticket on ticket_messages (ticket_id, id);
  `.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop table ticket_messages; drop table tickets`.execute(db);
}

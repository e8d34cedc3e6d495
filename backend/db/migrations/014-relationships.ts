import { sql, type Kysely } from "kysely";

/**
 * Trust and block between users (docs/decisions/0021-relationships.md): one row per ordered
 * pair (who decided, about whom), type 1 trust or 2 block; "none" is the absence of a row.
 */
export async function up(db: Kysely<any>) {
  await sql`
    create table user_relationships (
      user_id bigint not null references users(id),
      to_user_id bigint not null references users(id),
      type smallint not null check (type in (1, 2)),
      created_at timestamptz not null,
      updated_at timestamptz not null,
      primary key (user_id, to_user_id),
      check (user_id <> to_user_id)
    )`.execute(db);
  // The lists (one user's trusted or blocked users, latest first) and the counts a user received.
  await sql`create index user_relationships_by_user on user_relationships (user_id, type, updated_at desc)`.execute(db);
  await sql`create index user_relationships_by_target on user_relationships (to_user_id, type)`.execute(db);
}

import { sql, type Kysely } from "kysely";

/**
 * Uploaded images (/image/uploadImage): who uploaded which path, of what kind, and for
 * order images the secret hash they were encrypted under, so addOrder can check that
 * every cardImg path is the seller's own upload for this very order secret.
 */
export async function up(db: Kysely<any>) {
  await sql`
    create table uploads (
      id bigserial primary key,
      path text not null unique,
      user_id bigint not null references users(id),
      kind text not null,
      secret_hash text,
      bytes int not null,
      created_at timestamptz not null default now()
    );
    create index uploads_user_secret on uploads(user_id, secret_hash);
  `.execute(db);
}

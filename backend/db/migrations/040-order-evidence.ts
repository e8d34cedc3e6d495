import { sql, type Kysely } from "kysely";

/**
 * Evidence in a dispute (docs/decisions/0074-dispute-evidence.md): a statement and pictures the
 * order's seller or merchant adds while it is in negotiation or arbitration. Both the statement and
 * the pictures' blob paths are sealed (ADR 0056); the pictures themselves are blobs encrypted under
 * a key derived from the data key, like a withdrawer's payment picture (images/keys.ts).
 */
export async function up(db: Kysely<any>) {
  await sql`
    create table order_evidence (
      id bigserial primary key,
      order_id bigint not null references orders(id) on delete cascade,
      author_id bigint not null references users(id),
      author_role text not null check (author_role in ('seller', 'merchant')),
      statement text not null,
      pictures text not null,
      created_at timestamptz not null
    );
    create index order_evidence_order on order_evidence (order_id, id);
    create index order_evidence_author on order_evidence (order_id, author_role);
  `.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop table order_evidence`.execute(db);
}

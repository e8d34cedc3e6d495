import { sql, type Kysely } from "kysely";

/**
 * Duplicate cards (docs/decisions/0033-duplicate-cards.md):
 * - card_fingerprints: one row per distinct card an order carries, a keyed digest
 *   (HMAC-SHA256 under a key derived from the data key, never a plain hash) of each
 *   e-code or picture, looked up by digest when a later order is placed;
 * - orders.duplicate_of: the earliest earlier order that carried the same card, shown
 *   to the merchant and staff before the card is viewed;
 * - uploads.pixel_digest: an order image's digest, taken at upload where its pixels are
 *   decoded anyway (null for other kinds and for uploads made before this migration).
 */
export async function up(db: Kysely<any>) {
  await sql`
    create table card_fingerprints (
      id bigserial primary key,
      order_id bigint not null references orders(id),
      kind text not null check (kind in ('code', 'image')),
      digest text not null,
      seller_id bigint not null references users(id),
      created_at timestamptz not null default now()
    );
    create index card_fingerprints_digest on card_fingerprints (digest);
    alter table orders add column duplicate_of bigint references orders(id);
    alter table uploads add column pixel_digest text;
  `.execute(db);
}

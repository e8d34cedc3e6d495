import { sql, type Kysely } from "kysely";

/**
 * Several cards in one trade (docs/decisions/0073-several-cards-in-one-trade.md): one sell form's
 * submit makes N orders to the same offer. The batch row claims the form's secret once (its
 * idempotency, as orders.secret_id is for a single order); its orders share that secret, so the
 * secret is no longer unique per order (the claim on advert_secrets.used_at is the guard).
 */
export async function up(db: Kysely<any>) {
  await sql`
    create table order_batches (
      id bigserial primary key,
      seller_id bigint not null references users(id),
      advert_id bigint not null references adverts(id),
      secret_id bigint not null unique references advert_secrets(id),
      created_at timestamptz not null
    );
    alter table orders add column batch_id bigint references order_batches(id);
    create index orders_batch on orders (batch_id) where batch_id is not null;
    alter table orders drop constraint orders_secret_id_key;
    create index orders_secret on orders (secret_id);
  `.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`
    drop index orders_secret;
    alter table orders add constraint orders_secret_id_key unique (secret_id);
    alter table orders drop column batch_id;
    drop table order_batches;
  `.execute(db);
}

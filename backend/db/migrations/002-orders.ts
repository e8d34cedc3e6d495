import { sql, type Kysely } from "kysely";

/**
 * Orders: the order, its card (encrypted), its timeline and the seller's feedback.
 * Design: docs/decisions/0007-orders-money-and-secrets.md.
 */
export async function up(db: Kysely<any>) {
  await sql`
    create table orders (
      id bigserial primary key,
      seller_id bigint not null references users(id),
      buyer_id bigint not null references users(id),
      advert_id bigint not null references adverts(id),
      card_type_id int not null references card_types(id),
      card_type smallint not null check (card_type in (0,1)),
      -- JSON snapshot of the advert (docs/product/entities.md#order.advertInfo).
      advert_info text not null,
      -- Card face in hundredths of trade_currency.
      trade_amount bigint not null check (trade_amount > 0),
      trade_currency text not null,
      -- Rates per 10000, snapshotted at order time.
      discount int not null,
      usd_discount int not null,
      -- Coins (hundredths): floor(trade_amount * discount / 10000), and what is (or was) paid.
      calculate_total_price bigint not null check (calculate_total_price >= 0),
      real_total_price bigint not null check (real_total_price >= 0),
      status smallint not null default 0 check (status between 0 and 6),
      created_at timestamptz not null,
      auto_cancel_at timestamptz,
      auto_release_at timestamptz,
      auto_arbitration_at timestamptz,
      arbitration_type smallint check (arbitration_type between 0 and 4),
      arbitration_apply_amount bigint check (arbitration_apply_amount >= 0),
      arbitration_apply_price bigint check (arbitration_apply_price >= 0),
      arbitration_content text,
      seller_remark text,
      -- The advert secret the order was placed with: one order per secret (idempotency).
      secret_id bigint not null unique references advert_secrets(id),
      -- Coins held in escrow for this order (moved from the merchant's amount to frozen on view).
      frozen_amount bigint not null default 0 check (frozen_amount >= 0),
      viewed_at timestamptz,
      completed_at timestamptz,
      cancelled_at timestamptz
    );
    alter sequence orders_id_seq restart with 100001;
    -- The seller's list (tabs, card type, dates, id cursor) and the merchant's list.
    create index orders_seller on orders(seller_id, status, id desc);
    create index orders_buyer on orders(buyer_id, status, id desc);
    -- The timer sweeps: only rows in the status the timer belongs to.
    create index orders_due_cancel on orders(auto_cancel_at) where status = 0;
    create index orders_due_release on orders(auto_release_at) where status = 1;
    create index orders_due_arbitration on orders(auto_arbitration_at) where status = 2;

    create table order_details (
      order_id bigint primary key references orders(id),
      -- Pipe-separated paths of the uploaded (encrypted) images; '' for e-codes.
      card_img text not null default '',
      -- base64(IV || AES-256-CBC(codes)) with key SHA-256("card-code:" + secret); '' when none.
      card_secret text not null default '',
      card_count int not null default 0
    );

    create table order_changes (
      id bigserial primary key,
      order_id bigint not null references orders(id),
      event_en text not null,
      change_timestamp timestamptz not null,
      from_status smallint,
      to_status smallint not null,
      actor text not null
    );
    create index order_changes_order on order_changes(order_id, id);

    create table feedbacks (
      id bigserial primary key,
      order_id bigint not null unique references orders(id),
      seller_id bigint not null references users(id),
      buyer_id bigint not null references users(id),
      type smallint not null check (type in (1,2)),
      star_level smallint not null check (star_level between 1 and 5),
      content text not null,
      created_at timestamptz not null
    );
    create index feedbacks_buyer on feedbacks(buyer_id, type, id desc);
  `.execute(db);
}

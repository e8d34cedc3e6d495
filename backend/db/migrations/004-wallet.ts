import { sql, type Kysely } from "kysely";

/**
 * Wallet: banks and the users' bank accounts, withdrawals (selling coins to
 * withdrawers) with their timeline, and BTC/USDT transfer orders.
 * Design: docs/decisions/0008-withdrawals.md.
 */

/** The banks a payout can go to (reference data, not demo data: production needs them too). */
export const NGN_BANKS = [
  "Access Bank",
  "GTBank",
  "Zenith Bank",
  "First Bank",
  "UBA",
  "Fidelity",
  "Opay",
  "Kuda",
  "Moniepoint",
  "PalmPay",
] as const;

export async function up(db: Kysely<any>) {
  await sql`
    create table payment_types (
      id serial primary key,
      name_en text not null unique,
      icon text not null default '',
      -- 1 offered to users, 0 hidden (kept for the accounts that use it).
      status smallint not null default 1,
      sort int not null default 0
    );

    create table user_payments (
      id bigserial primary key,
      user_id bigint not null references users(id),
      payment_id int not null references payment_types(id),
      realname text not null,
      account_number text not null,
      receive_qr text,
      remark text check (char_length(remark) <= 100),
      created_at timestamptz not null default now(),
      updated_at timestamptz,
      -- Soft delete: a withdrawal keeps its own JSON snapshot of the account.
      deleted_at timestamptz
    );
    create index user_payments_user on user_payments(user_id, id) where deleted_at is null;

    create table withdrawals (
      id bigserial primary key,
      user_id bigint not null references users(id),
      withdrawer_id bigint not null references withdrawers(id),
      -- Coins (hundredths) sold; frozen from the user's balance while the withdrawal is open.
      amount bigint not null check (amount > 0),
      currency text not null,
      -- Currency units per coin, per 10000, snapshotted at apply time.
      currency_rate bigint not null check (currency_rate > 0),
      -- Hundredths of currency paid out: floor(amount * currency_rate / 10000).
      currency_amount bigint not null check (currency_amount >= 0),
      user_payment_id bigint references user_payments(id),
      -- JSON snapshot of the bank account (docs/product/entities.md#withdrawal.userPayment).
      user_payment text not null,
      user_remark text,
      pay_picture text unique,
      reason text,
      status smallint not null default 0 check (status between 0 and 3),
      created_at timestamptz not null,
      process_at timestamptz,
      complete_at timestamptz,
      cancel_at timestamptz
    );
    alter sequence withdrawals_id_seq restart with 200001;
    create index withdrawals_user on withdrawals(user_id, id desc);
    create index withdrawals_withdrawer on withdrawals(withdrawer_id, status, id desc);
    -- The Withdrawal badge and the waiting-time sweep.
    create index withdrawals_open on withdrawals(user_id) where status in (0, 1);
    create index withdrawals_due on withdrawals(created_at) where status = 0;

    create table withdrawal_changes (
      id bigserial primary key,
      withdrawal_id bigint not null references withdrawals(id),
      event_en text not null,
      change_timestamp timestamptz not null,
      from_status smallint,
      to_status smallint not null,
      actor text not null,
      actor_user_id bigint references users(id)
    );
    create index withdrawal_changes_withdrawal on withdrawal_changes(withdrawal_id, id);

    create table virtual_coin_orders (
      id bigserial primary key,
      user_id bigint not null references users(id),
      -- 0 BTC, 1 USDT.
      type smallint not null check (type in (0, 1)),
      from_address text not null,
      transaction_id text not null,
      -- BTC/USDT amount per 1e8.
      trade_amount bigint not null check (trade_amount > 0),
      -- USD hundredths per whole BTC/USDT at order time, and whether that quote was indicative.
      price bigint not null check (price > 0),
      price_indicative boolean not null,
      -- Coins per USD and the share paid (per 10000), snapshotted from the btc config.
      usd_rate int not null,
      discount int not null,
      -- Coins (hundredths) credited on confirmation.
      coins bigint not null check (coins >= 0),
      -- 0 pending, 1 confirmed, 2 rejected.
      status smallint not null default 0 check (status in (0, 1, 2)),
      reason text,
      created_at timestamptz not null,
      confirm_at timestamptz,
      reject_at timestamptz,
      processed_by bigint references users(id),
      unique (type, transaction_id)
    );
    alter sequence virtual_coin_orders_id_seq restart with 300001;
    create index virtual_coin_orders_user on virtual_coin_orders(user_id, id desc);
    create index virtual_coin_orders_status on virtual_coin_orders(status, id desc);
  `.execute(db);

  await db
    .insertInto("payment_types")
    .values(NGN_BANKS.map((name_en, i) => ({ name_en, sort: i + 1 })))
    .execute();
}

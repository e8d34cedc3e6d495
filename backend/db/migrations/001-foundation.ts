import { sql, type Kysely } from "kysely";

/** Foundation: config, catalogue, users and sessions, codes and outbox, the ledger, notices. */
export async function up(db: Kysely<any>) {
  await sql`
    create table config (
      grp text not null,
      ckey text not null,
      cvalue text not null,
      sort int not null default 0,
      primary key (grp, ckey)
    );

    create table users (
      id bigserial primary key,
      email text unique,
      mobile text unique,
      nickname text not null,
      nickname_changed boolean not null default false,
      avatar text not null default '',
      password_hash text not null,
      trade_pwd_hash text,
      is_business smallint not null default 0,
      is_withdrawer boolean not null default false,
      is_admin boolean not null default false,
      online_status smallint not null default 0,
      level int not null default 0,
      invite_code text not null unique,
      invited_by bigint references users(id),
      kyc_auth_status smallint not null default 0,
      channel text,
      created_at timestamptz not null default now(),
      check (email is not null or mobile is not null)
    );
    alter sequence users_id_seq restart with 10001;

    create table user_tokens (
      token_hash text primary key,
      user_id bigint not null references users(id),
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      revoked_at timestamptz
    );
    create index user_tokens_user on user_tokens(user_id);

    create table accounts (
      user_id bigint primary key references users(id),
      amount bigint not null default 0 check (amount >= 0),
      frozen_amount bigint not null default 0 check (frozen_amount >= 0),
      bail_amount bigint not null default 0 check (bail_amount >= 0),
      wealth_amount bigint not null default 0 check (wealth_amount >= 0)
    );

    -- What the user sees: one row per movement (spec "Bill").
    create table bills (
      id bigserial primary key,
      user_id bigint not null references users(id),
      type smallint not null check (type between 1 and 4),
      description_en text not null,
      trans_amount bigint not null,
      current_amount bigint not null,
      opposite_user_id bigint references users(id),
      ref_type text,
      ref_id bigint,
      created_at timestamptz not null default now()
    );
    create index bills_user on bills(user_id, id desc);

    -- What the books hold: every change of every balance part, summing to the balance.
    create table ledger_entries (
      id bigserial primary key,
      user_id bigint not null references users(id),
      part text not null check (part in ('amount','frozen','bail','wealth')),
      delta bigint not null,
      balance_after bigint not null check (balance_after >= 0),
      bill_id bigint references bills(id),
      reason text not null,
      ref_type text,
      ref_id bigint,
      created_at timestamptz not null default now()
    );
    create index ledger_user_part on ledger_entries(user_id, part);

    create table verification_codes (
      id bigserial primary key,
      target text not null,
      type text not null,
      code_hash text not null,
      attempts int not null default 0,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      consumed_at timestamptz
    );
    create index verification_codes_target on verification_codes(target, type, id desc);

    create table outbox (
      id bigserial primary key,
      channel text not null check (channel in ('email','sms')),
      recipient text not null,
      type text not null,
      code text,
      body text not null,
      created_at timestamptz not null,
      delivered_at timestamptz
    );

    create table rate_limits (
      bucket text not null,
      key text not null,
      window_start timestamptz not null,
      count int not null default 0,
      primary key (bucket, key, window_start)
    );

    create table track_records (
      id bigserial primary key,
      type smallint not null,
      ref_id bigint,
      remark text,
      user_id bigint references users(id),
      ip text,
      created_at timestamptz not null default now()
    );

    create table user_remarks (
      id bigserial primary key,
      user_id bigint not null references users(id),
      remark text not null,
      created_at timestamptz not null default now()
    );

    create table banners (
      id serial primary key,
      pic text not null,
      type smallint not null check (type in (1,2,3)),
      name_en text not null,
      url text not null,
      location text not null,
      sort int not null default 0
    );

    create table card_types (
      id serial primary key,
      name_en text not null,
      icon text not null,
      sort int not null default 0
    );

    create table currencies (
      id serial primary key,
      currency text not null unique,
      symbol text not null,
      name_en text not null,
      sort int not null default 0
    );

    create table countries (
      id serial primary key,
      name_en text not null,
      inter_code text not null,
      sort int not null default 0
    );

    create table adverts (
      id bigserial primary key,
      user_id bigint not null references users(id),
      card_type_id int not null references card_types(id),
      card_type smallint not null check (card_type in (0,1)),
      tag_list_en text not null default '',
      min_trade bigint not null check (min_trade > 0),
      max_trade bigint not null,
      trade_currency text not null references currencies(currency),
      discount int not null check (discount > 0),
      usd_discount int not null,
      trade_amount bigint not null check (trade_amount >= 0),
      total_buy_amount bigint not null default 0,
      fix_trade text not null default '',
      pay_limit int not null default 30,
      explain_info text not null default '',
      total_trade int not null default 0,
      favourable_num int not null default 0,
      status smallint not null default 1,
      created_at timestamptz not null default now(),
      check (max_trade >= min_trade)
    );
    create index adverts_card_type on adverts(card_type_id, status);

    -- Secrets handed out with an advert's detail; the sell-card form encrypts the card with one.
    create table advert_secrets (
      id bigserial primary key,
      advert_id bigint not null references adverts(id),
      user_id bigint references users(id),
      sealed_secret text not null,
      secret_hash text not null unique,
      created_at timestamptz not null default now(),
      used_at timestamptz
    );

    create table withdrawers (
      id bigserial primary key,
      user_id bigint not null references users(id),
      status smallint not null default 1,
      currency text not null,
      currency_rate bigint not null,
      min_trade bigint not null,
      max_trade bigint not null,
      remain_balance bigint not null,
      total_balance bigint not null,
      tags text not null default '',
      description text not null default '',
      sales int not null default 0,
      feedback int not null default 0,
      last_update timestamptz not null default now()
    );

    create table redemption_items (
      id serial primary key,
      name text not null,
      pic text not null,
      explain_info text not null default '',
      wealth_amount bigint not null,
      restrict_type smallint not null default 0,
      limit_num int not null default 0,
      show_type smallint not null default 1,
      sort int not null default 0
    );

    create table notices (
      id bigserial primary key,
      user_id bigint not null references users(id),
      type smallint not null,
      ref_id bigint not null,
      status smallint not null default 0,
      title_en text not null,
      content_en text not null,
      opposite_user_id bigint references users(id),
      goods_name text,
      trans_amount bigint,
      trans_currency text,
      trans_price bigint,
      created_at timestamptz not null default now()
    );
    create index notices_user on notices(user_id, id desc);
  `.execute(db);
}

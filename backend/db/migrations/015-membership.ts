import { sql, type Kysely } from "kysely";

/**
 * Membership (points): every change of accounts.wealth_amount has a wealth record (the user's
 * "Vip Records"), like a bill for coins; the point mall's redemptions and what an item delivers
 * (docs/decisions/0023-point-mall.md); daily check-ins, one row per user and local calendar day
 * (docs/decisions/0022-points-and-levels.md).
 */
export async function up(db: Kysely<any>) {
  await sql`
    create table wealth_records (
      id bigserial primary key,
      user_id bigint not null references users(id),
      type smallint not null check (type in (1, 2, 3, 4)),
      description_en text not null,
      amount bigint not null,
      balance_after bigint not null,
      ref_type text,
      ref_id bigint,
      created_at timestamptz not null default now()
    )`.execute(db);
  // Points credited before this table (redemption codes of migration 012) get their records from
  // the ledger, so every balance equals the sum of its records from the first day.
  await sql`
    insert into wealth_records (user_id, type, description_en, amount, balance_after, ref_type, ref_id, created_at)
    select user_id, case when delta > 0 then 1 else 3 end,
           case when ref_type = 'redemption_code' then 'Redemption code' else 'Points' end,
           delta, balance_after, ref_type, ref_id, created_at
    from ledger_entries where part = 'wealth' and delta <> 0 order by id`.execute(db);
  await sql`create index wealth_records_by_user on wealth_records (user_id, id desc)`.execute(db);
  await sql`create index wealth_records_by_user_type on wealth_records (user_id, type, id desc)`.execute(db);

  // What an item delivers: 'coins' (delivery_value hundredths, an Income bill), 'frame' and 'badge'
  // (delivery_value days shown), 'manual' (staff fulfil it from the redemption row).
  await sql`alter table redemption_items add column delivery text not null default 'manual' check (delivery in ('coins', 'frame', 'badge', 'manual'))`.execute(db);
  await sql`alter table redemption_items add column delivery_value bigint not null default 0`.execute(db);
  await sql`
    create table wealth_redemptions (
      id bigserial primary key,
      user_id bigint not null references users(id),
      item_id integer not null references redemption_items(id),
      -- 'yyyy-mm' in the user's time zone when redeemed: the monthly limit counts one month.
      month text not null,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index wealth_redemptions_by_user on wealth_redemptions (user_id, item_id, month)`.execute(db);

  await sql`
    create table check_ins (
      user_id bigint not null references users(id),
      -- 'yyyy-mm-dd' in the user's time zone: the primary key allows one check-in per local day.
      day text not null check (day ~ '^\\d{4}-\\d{2}-\\d{2}$'),
      streak integer not null check (streak > 0),
      reward bigint not null,
      created_at timestamptz not null,
      primary key (user_id, day)
    )`.execute(db);
}

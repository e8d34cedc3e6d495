import { sql, type Kysely } from "kysely";

/**
 * Each trader's day (ADR 0069): the counts and minute histograms its figures over 30 days are
 * summed from. Written by the orders' and the withdrawals' state machines in the transition's
 * own transaction (backend/modules/trader-figures/days.ts). `side` 1: a merchant's card orders;
 * 2: a withdrawer's withdrawals. `day`: UTC days since 1970-01-01. The histograms are 121 counts
 * (minutes 0..119, then 120 and more). Read by primary key range: at most 30 rows per trader.
 * The backfill counts the orders and withdrawals already there as the moves would have; its SQL
 * is its own copy of trader-figures/days.ts's recount, as migrations are frozen.
 */
export async function up(db: Kysely<any>) {
  await sql`
    create table if not exists trader_days (
      user_id bigint not null,
      side smallint not null,
      day integer not null,
      completed_n integer not null default 0,
      failed_n integer not null default 0,
      disputes_lost_n integer not null default 0,
      view_minutes integer[] not null,
      complete_minutes integer[] not null,
      primary key (user_id, side, day)
    );
  `.execute(db);
  await sql`
    insert into trader_days (user_id, side, day, completed_n, failed_n, disputes_lost_n, view_minutes, complete_minutes)

  with ev as (
    select o.buyer_id as user_id, 1::smallint as side, o.viewed_at as at, 0 as c, 0 as f, 0 as l, o.viewed_at - o.created_at as vd, null::interval as cd
      from orders o where o.viewed_at is not null
    union all
    select o.buyer_id, 1, o.completed_at, 1, 0,
      case when exists (select 1 from order_changes ch where ch.order_id = o.id and ch.from_status = 3 and ch.to_status = 4 and ch.actor = 'admin')
        and o.real_total_price > case when o.arbitration_type = 4 then 0 else coalesce(o.arbitration_apply_price, o.calculate_total_price) end
      then 1 else 0 end,
      null, o.completed_at - o.created_at
      from orders o where o.status = 4 and o.completed_at is not null
    union all
    select o.buyer_id, 1, ch.change_timestamp, 0, 1, 0, null, null
      from order_changes ch join orders o on o.id = ch.order_id
      where ch.from_status = 0 and ch.to_status = 5 and ch.actor = 'timer'
    union all
    select w.user_id, 2, d.process_at, 0, 0, 0, d.process_at - d.created_at, null
      from withdrawals d join withdrawers w on w.id = d.withdrawer_id where d.process_at is not null
    union all
    select w.user_id, 2, d.complete_at, 1, 0, 0, null, d.complete_at - d.created_at
      from withdrawals d join withdrawers w on w.id = d.withdrawer_id where d.status = 2 and d.complete_at is not null
    union all
    select w.user_id, 2, ch.change_timestamp, 0, 1, 0, null, null
      from withdrawal_changes ch join withdrawals d on d.id = ch.withdrawal_id join withdrawers w on w.id = d.withdrawer_id
      where ch.to_status = 3 and ch.actor in ('timer', 'withdrawer')
  ),
  days as (
    -- least and greatest skip nulls: a move without a duration keeps no bucket.
    select user_id, side, floor(extract(epoch from at) / 86400)::int as day, c, f, l,
      case when vd is null then null else least(120, greatest(0, floor(extract(epoch from vd) / 60)))::int end as vb,
      case when cd is null then null else least(120, greatest(0, floor(extract(epoch from cd) / 60)))::int end as cb
    from ev
  ),
  g as (select user_id, side, day, sum(c)::int as completed_n, sum(f)::int as failed_n, sum(l)::int as disputes_lost_n from days group by 1, 2, 3),
  vb as (select user_id, side, day, vb as b, count(*)::int as n from days where vb is not null group by 1, 2, 3, 4),
  cb as (select user_id, side, day, cb as b, count(*)::int as n from days where cb is not null group by 1, 2, 3, 4),
  h as (
    select g.user_id, g.side, g.day, array_agg(coalesce(v.n, 0) order by s.b) as view_minutes, array_agg(coalesce(k.n, 0) order by s.b) as complete_minutes
    from g cross join generate_series(0, 120) as s(b)
    left join vb v on v.user_id = g.user_id and v.side = g.side and v.day = g.day and v.b = s.b
    left join cb k on k.user_id = g.user_id and k.side = g.side and k.day = g.day and k.b = s.b
    group by 1, 2, 3
  )
  select g.user_id, g.side, g.day, g.completed_n, g.failed_n, g.disputes_lost_n, h.view_minutes, h.complete_minutes
  from g join h on h.user_id = g.user_id and h.side = g.side and h.day = g.day
    on conflict (user_id, side, day) do nothing
  `.execute(db);
}

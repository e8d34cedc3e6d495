import { sql } from "kysely";
import { ArbitrationType, OrderStatus, WithdrawalStatus } from "../../../contract/enums";
import { dayOf, figuresOf, LAST_BUCKET, MINUTE_BUCKETS, minuteBucket, NO_FIGURES, windowStart, type TraderFigures } from "../../../contract/trader-figures";
import type { Executor, Trx } from "../../db/index";

/**
 * Each trader's figures over 30 days (ADR 0069), kept by day in the transition's own
 * transaction (migration 036) and summed on read from at most 30 rows per trader, read by
 * primary key: the cost of a list does not grow with anyone's history.
 */
export const TraderSide = { Merchant: 1, Withdrawer: 2 } as const;
export type TraderSide = (typeof TraderSide)[keyof typeof TraderSide];

/** What one move adds to its trader's day. */
export interface TraderEvent {
  completed?: boolean;
  failed?: boolean;
  disputeLost?: boolean;
  /** Milliseconds from the order to the view (acceptance). */
  viewedAfterMs?: number;
  /** Milliseconds from the order to its completion. */
  completedAfterMs?: number;
}

/** A histogram with one count at the duration's bucket (none: all zeros). */
function oneAt(durationMs: number | undefined): number[] {
  const h = new Array<number>(MINUTE_BUCKETS).fill(0);
  if (durationMs !== undefined) h[minuteBucket(durationMs)] = 1;
  return h;
}

/** Adds one move to the trader's row of the day it happened (UTC), in the move's transaction. */
export async function countTraderEvent(trx: Trx, side: TraderSide, userId: number, at: Date, e: TraderEvent): Promise<void> {
  await sql`
    insert into trader_days (user_id, side, day, completed_n, failed_n, disputes_lost_n, view_minutes, complete_minutes)
    values (${userId}, ${side}, ${dayOf(at.getTime())}, ${e.completed ? 1 : 0}, ${e.failed ? 1 : 0}, ${e.disputeLost ? 1 : 0},
      ${oneAt(e.viewedAfterMs)}::integer[], ${oneAt(e.completedAfterMs)}::integer[])
    on conflict (user_id, side, day) do update set
      completed_n = trader_days.completed_n + excluded.completed_n,
      failed_n = trader_days.failed_n + excluded.failed_n,
      disputes_lost_n = trader_days.disputes_lost_n + excluded.disputes_lost_n,
      view_minutes = (select array_agg(k + e order by i) from unnest(trader_days.view_minutes, excluded.view_minutes) with ordinality as t(k, e, i)),
      complete_minutes = (select array_agg(k + e order by i) from unnest(trader_days.complete_minutes, excluded.complete_minutes) with ordinality as t(k, e, i))`.execute(trx);
}

/** The figures of each trader over the 30 days ending on `now`'s UTC day; traders without a row read NO_FIGURES. */
export async function traderFiguresOf(db: Executor, side: TraderSide, userIds: readonly number[], now: Date): Promise<Map<number, TraderFigures>> {
  const ids = [...new Set(userIds)];
  const out = new Map<number, TraderFigures>(ids.map((id) => [id, NO_FIGURES]));
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom("trader_days")
    .selectAll()
    .where("user_id", "in", ids)
    .where("side", "=", side)
    .where("day", ">=", windowStart(dayOf(now.getTime())))
    .execute();
  const byUser = new Map<number, typeof rows>();
  for (const r of rows) byUser.set(Number(r.user_id), [...(byUser.get(Number(r.user_id)) ?? []), r]);
  for (const [id, days] of byUser) {
    out.set(
      id,
      figuresOf(
        days.map((d) => ({
          completedN: Number(d.completed_n),
          failedN: Number(d.failed_n),
          disputesLostN: Number(d.disputes_lost_n),
          viewMinutes: d.view_minutes.map(Number),
          completeMinutes: d.complete_minutes.map(Number),
        })),
      ),
    );
  }
  return out;
}

/** One trader's figures. */
export const figuresOfTrader = async (db: Executor, side: TraderSide, userId: number, now: Date): Promise<TraderFigures> =>
  (await traderFiguresOf(db, side, [userId], now)).get(userId)!;

/**
 * Every trader-day counted again from the orders, the withdrawals and their timelines: what the
 * rows must say (the moves of trader-events.ts and withdrawals/state-machine.ts, in SQL).
 */
const counted = sql`
  with ev as (
    select o.buyer_id as user_id, ${TraderSide.Merchant}::smallint as side, o.viewed_at as at, 0 as c, 0 as f, 0 as l, o.viewed_at - o.created_at as vd, null::interval as cd
      from orders o where o.viewed_at is not null
    union all
    select o.buyer_id, ${TraderSide.Merchant}, o.completed_at, 1, 0,
      case when exists (select 1 from order_changes ch where ch.order_id = o.id and ch.from_status = ${OrderStatus.InArbitration} and ch.to_status = ${OrderStatus.Completed} and ch.actor = 'admin')
        and o.real_total_price > case when o.arbitration_type = ${ArbitrationType.CancelNegotiation} then 0 else coalesce(o.arbitration_apply_price, o.calculate_total_price) end
      then 1 else 0 end,
      null, o.completed_at - o.created_at
      from orders o where o.status = ${OrderStatus.Completed} and o.completed_at is not null
    union all
    select o.buyer_id, ${TraderSide.Merchant}, ch.change_timestamp, 0, 1, 0, null, null
      from order_changes ch join orders o on o.id = ch.order_id
      where ch.from_status = ${OrderStatus.Waiting} and ch.to_status = ${OrderStatus.Cancelled} and ch.actor = 'timer'
    union all
    select w.user_id, ${TraderSide.Withdrawer}, d.process_at, 0, 0, 0, d.process_at - d.created_at, null
      from withdrawals d join withdrawers w on w.id = d.withdrawer_id where d.process_at is not null
    union all
    select w.user_id, ${TraderSide.Withdrawer}, d.complete_at, 1, 0, 0, null, d.complete_at - d.created_at
      from withdrawals d join withdrawers w on w.id = d.withdrawer_id where d.status = ${WithdrawalStatus.Completed} and d.complete_at is not null
    union all
    select w.user_id, ${TraderSide.Withdrawer}, ch.change_timestamp, 0, 1, 0, null, null
      from withdrawal_changes ch join withdrawals d on d.id = ch.withdrawal_id join withdrawers w on w.id = d.withdrawer_id
      where ch.to_status = ${WithdrawalStatus.Cancelled} and ch.actor in ('timer', 'withdrawer')
  ),
  days as (
    -- least and greatest skip nulls: a move without a duration keeps no bucket.
    select user_id, side, floor(extract(epoch from at) / 86400)::int as day, c, f, l,
      case when vd is null then null else least(${LAST_BUCKET}, greatest(0, floor(extract(epoch from vd) / 60)))::int end as vb,
      case when cd is null then null else least(${LAST_BUCKET}, greatest(0, floor(extract(epoch from cd) / 60)))::int end as cb
    from ev
  ),
  g as (select user_id, side, day, sum(c)::int as completed_n, sum(f)::int as failed_n, sum(l)::int as disputes_lost_n from days group by 1, 2, 3),
  vb as (select user_id, side, day, vb as b, count(*)::int as n from days where vb is not null group by 1, 2, 3, 4),
  cb as (select user_id, side, day, cb as b, count(*)::int as n from days where cb is not null group by 1, 2, 3, 4),
  h as (
    select g.user_id, g.side, g.day, array_agg(coalesce(v.n, 0) order by s.b) as view_minutes, array_agg(coalesce(k.n, 0) order by s.b) as complete_minutes
    from g cross join generate_series(0, ${LAST_BUCKET}) as s(b)
    left join vb v on v.user_id = g.user_id and v.side = g.side and v.day = g.day and v.b = s.b
    left join cb k on k.user_id = g.user_id and k.side = g.side and k.day = g.day and k.b = s.b
    group by 1, 2, 3
  )
  select g.user_id, g.side, g.day, g.completed_n, g.failed_n, g.disputes_lost_n, h.view_minutes, h.complete_minutes
  from g join h on h.user_id = g.user_id and h.side = g.side and h.day = g.day`;

/** Sets every row from the orders and withdrawals: for writers that insert them in bulk (the large world's seeder). */
export async function recountTraderDays(db: Executor): Promise<void> {
  await sql`
    insert into trader_days (user_id, side, day, completed_n, failed_n, disputes_lost_n, view_minutes, complete_minutes)
    ${counted}
    on conflict (user_id, side, day) do update set completed_n = excluded.completed_n, failed_n = excluded.failed_n,
      disputes_lost_n = excluded.disputes_lost_n, view_minutes = excluded.view_minutes, complete_minutes = excluded.complete_minutes`.execute(db);
}

/** The trader-days whose row does not say what the orders and withdrawals do (a missing row counts as none). */
export async function findTraderDayMismatches(db: Executor): Promise<Array<{ user_id: number; side: number; day: number }>> {
  const zeros = sql`array_fill(0, array[${sql.lit(MINUTE_BUCKETS)}])`;
  const { rows } = await sql<{ user_id: number; side: number; day: number }>`
    with counted as (${counted})
    select coalesce(c.user_id, k.user_id) as user_id, coalesce(c.side, k.side) as side, coalesce(c.day, k.day) as day
    from counted c full join trader_days k on k.user_id = c.user_id and k.side = c.side and k.day = c.day
    where coalesce(c.completed_n, 0) <> coalesce(k.completed_n, 0) or coalesce(c.failed_n, 0) <> coalesce(k.failed_n, 0)
      or coalesce(c.disputes_lost_n, 0) <> coalesce(k.disputes_lost_n, 0)
      or coalesce(c.view_minutes, ${zeros}) <> coalesce(k.view_minutes, ${zeros})
      or coalesce(c.complete_minutes, ${zeros}) <> coalesce(k.complete_minutes, ${zeros})
    order by 1, 2, 3`.execute(db);
  return rows.map((r) => ({ user_id: Number(r.user_id), side: Number(r.side), day: Number(r.day) }));
}

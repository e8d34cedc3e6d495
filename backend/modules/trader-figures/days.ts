import { sql } from "kysely";
import { dayOf, figuresOf, MINUTE_BUCKETS, minuteBucket, NO_FIGURES, windowStart, type TraderFigures } from "../../../contract/trader-figures";
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

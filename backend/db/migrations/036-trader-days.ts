import { sql, type Kysely } from "kysely";

/**
 * Each trader's day (ADR 0069): the counts and minute histograms its figures over 30 days are
 * summed from. Written by the orders' and the withdrawals' state machines in the transition's
 * own transaction (backend/modules/trader-figures/days.ts). `side` 1: a merchant's card orders;
 * 2: a withdrawer's withdrawals. `day`: UTC days since 1970-01-01. The histograms are 121 counts
 * (minutes 0..119, then 120 and more). Read by primary key range: at most 30 rows per trader.
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
}

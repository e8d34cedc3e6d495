import type { SelectQueryBuilder } from "kysely";
import type { Executor } from "./index";

/** count(*) of a filtered selectFrom, as a number (PostgreSQL answers count as a bigint string). */
export async function countRows(query: SelectQueryBuilder<any, any, any>): Promise<number> {
  const row = await query.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
  return Number((row as { n: unknown }).n);
}

/**
 * count(*) that stops at `cap` rows: what a badge showing "99+" needs, read in at most `cap`
 * index entries however many rows match (ADR 0027).
 */
export async function countRowsUpTo(db: Executor, query: SelectQueryBuilder<any, any, any>, cap: number): Promise<number> {
  const row = await db
    .selectFrom(query.select((eb) => eb.lit(1).as("one")).limit(cap).as("capped"))
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return Number((row as { n: unknown }).n);
}

import type { SelectQueryBuilder } from "kysely";

/** count(*) of a filtered selectFrom, as a number (PostgreSQL answers count as a bigint string). */
export async function countRows(query: SelectQueryBuilder<any, any, any>): Promise<number> {
  const row = await query.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
  return Number((row as { n: unknown }).n);
}

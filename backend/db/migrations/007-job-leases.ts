import { sql, type Kysely } from "kysely";

/**
 * Leases for background jobs that must run in one process at a time when
 * several serve the same database (docs/decisions/0013-job-leases.md).
 */
export async function up(db: Kysely<any>) {
  await sql`
    create table job_leases (
      name text primary key,
      holder text not null,
      held_until timestamptz not null
    );
  `.execute(db);
}

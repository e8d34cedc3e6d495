/**
 * Vitest global setup for the unit and integration suites: on PGlite, one migrated and one
 * seeded dump for every test backend to load (tests/support/db-template.ts, ADR 0038). On
 * PostgreSQL each backend keeps its own schema, migrated and seeded in a few seconds.
 */
import { TEMPLATE_ENV, buildPgliteDumps, removeDir } from "./db-template";

export default async function setup() {
  if (process.env.DATABASE_URL || process.env[TEMPLATE_ENV.pgliteDumps]) return;
  const dir = await buildPgliteDumps();
  // Set before vitest forks its workers, which inherit it.
  process.env[TEMPLATE_ENV.pgliteDumps] = dir;
  return async () => {
    delete process.env[TEMPLATE_ENV.pgliteDumps];
    await removeDir(dir);
  };
}

/**
 * Vitest global setup for the e2e and edge passes: one migrated and seeded database that every
 * server starts from (tests/support/db-template.ts, ADR 0038): a DATA_DIR to copy on PGlite, a
 * template database on PostgreSQL.
 */
import { TEMPLATE_ENV, buildDataDirTemplate, buildTemplateDatabase, dropTemplateDatabase, removeDir } from "../../support/db-template";

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  // npm test makes one for the e2e and the edge pass together (scripts/test.ts).
  if (process.env[TEMPLATE_ENV.database] || process.env[TEMPLATE_ENV.dataDir]) return undefined;
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl) {
    const name = await buildTemplateDatabase(baseUrl);
    process.env[TEMPLATE_ENV.database] = name;
    return async () => {
      delete process.env[TEMPLATE_ENV.database];
      await dropTemplateDatabase(baseUrl, name);
    };
  }
  const dir = await buildDataDirTemplate();
  process.env[TEMPLATE_ENV.dataDir] = dir;
  return async () => {
    delete process.env[TEMPLATE_ENV.dataDir];
    await removeDir(dir);
  };
}

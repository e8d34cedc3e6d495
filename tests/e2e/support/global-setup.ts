/**
 * Vitest global setup for the e2e and edge passes, made once and used by every server:
 *   - one migrated and seeded database to start from (tests/support/db-template.ts, ADR 0038): a
 *     DATA_DIR to copy on PGlite, a template database on PostgreSQL;
 *   - server.ts bundled into one module (server-bundle.ts, ADR 0042).
 * npm test makes both before the e2e and the edge pass (scripts/test.ts); each part is skipped
 * here when its environment variable says it is made already.
 */
import { TEMPLATE_ENV, buildDataDirTemplate, buildTemplateDatabase, dropTemplateDatabase, removeDir } from "../../support/db-template";
import { SERVER_BUNDLE_ENV, bundleServer } from "./server-bundle";

type Teardown = () => Promise<void>;

async function databaseTemplate(): Promise<Teardown | undefined> {
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

async function serverBundle(): Promise<Teardown | undefined> {
  if (process.env[SERVER_BUNDLE_ENV]) return undefined;
  const bundle = await bundleServer();
  process.env[SERVER_BUNDLE_ENV] = bundle.file;
  return async () => {
    delete process.env[SERVER_BUNDLE_ENV];
    await bundle.remove();
  };
}

export default async function setup(): Promise<Teardown | undefined> {
  const removeBundle = await serverBundle();
  const removeTemplate = await databaseTemplate().catch(async (err: unknown) => {
    await removeBundle?.();
    throw err;
  });
  if (!removeBundle && !removeTemplate) return undefined;
  return async () => {
    await removeTemplate?.();
    await removeBundle?.();
  };
}

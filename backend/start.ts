import { readBackendConfig, type BackendConfig } from "./config";
import { createBackend, type Backend } from "./app";
import { migrate, openConfiguredDatabase } from "./db/index";
import { seedDemoWorld } from "./demo/seed";
import { startJobs } from "./jobs/index";
import { createNotifyBus } from "./modules/chat/bus";
import { createCatalogCache } from "./modules/catalog/cache";
import { serveBackups } from "./ops/backup";
import { registerKeys } from "./security/rotation";
import { loadSecretBox } from "./security/secret-box";
import type { Metrics } from "./ops/metrics";
import { lineLogger } from "./ops/log";

/**
 * Opens the database, migrates it, seeds the demo world into an empty one and
 * starts the background jobs. What server.ts (and the test harness) runs.
 */
export async function startBackend(env: Record<string, string | undefined> = process.env, opts: { metrics?: Metrics } = {}): Promise<{
  backend: Backend;
  config: BackendConfig;
  stop(): Promise<void>;
}> {
  const config = readBackendConfig(env);
  const database = await openConfiguredDatabase(config, { log: opts.metrics?.queryLog });
  opts.metrics?.watchPool(database.pool);
  // The data keys (ADR 0056): migration 030 seals what is stored with them, and a key under an id
  // this database knows as another key is refused before anything is sealed with it.
  const secrets = loadSecretBox(config);
  try {
    await migrate(database.db, { secrets });
    await registerKeys(database.db, secrets, { at: new Date(), foldersRing: !config.DATA_KEYS });
  } catch (err) {
    await database.close();
    throw err;
  }
  if (config.DEMO_SEED) await seedDemoWorld(database.db);
  // On PostgreSQL several processes may serve one database: chat receipts and
  // new-message kicks travel between them by NOTIFY (modules/chat/bus.ts).
  const chatBus = database.kind === "postgres" ? createNotifyBus(database.notifications, lineLogger()) : undefined;
  const catalog = createCatalogCache(database.db, database.notifications, database.writes, lineLogger());
  const backend = createBackend({ db: database.db, config, chatBus, catalog, secrets, metrics: opts.metrics });
  // `npm run db:backup` asks the server holding the embedded database for its dump (ADR 0083).
  const stopBackups = database.pglite ? await serveBackups(config.DATA_DIR, database.db, database.pglite, lineLogger()) : () => undefined;
  // Embedded PGlite belongs to this one process: a fixed holder takes its leases
  // back at once after a crash instead of waiting for them to expire (ADR 0013).
  const jobs = startJobs(backend.services, config.DATABASE_URL ? undefined : "embedded", { foldersRing: !config.DATA_KEYS });
  return {
    backend,
    config,
    async stop() {
      stopBackups();
      await jobs.stop();
      await backend.chat.close();
      await catalog.close();
      await database.close();
    },
  };
}

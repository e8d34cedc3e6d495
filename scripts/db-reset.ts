/**
 * `npm run db:reset`: starts the demo world afresh. Embedded PGlite: deletes
 * DATA_DIR/pglite. With DATABASE_URL: drops and recreates the public schema.
 * Then migrates and seeds.
 */
import { rmSync } from "node:fs";
import { sql } from "kysely";
import { readBackendConfig } from "../backend/config";
import { exitIfInUse, lockDataDir } from "../backend/db/data-dir-lock";
import { migrate, openConfiguredDatabase, pgliteDir } from "../backend/db/index";
import { seedDemoWorld } from "../backend/demo/seed";
import { loadSecretBox } from "../backend/security/secret-box";

const config = readBackendConfig();
if (!config.DATABASE_URL) {
  // Never delete the files of a database a running server has open.
  try {
    const release = await lockDataDir(pgliteDir(config.DATA_DIR));
    rmSync(pgliteDir(config.DATA_DIR), { recursive: true, force: true });
    release();
  } catch (err) {
    exitIfInUse(err);
    throw err;
  }
}
const database = await openConfiguredDatabase(config);
if (config.DATABASE_URL) {
  await sql`drop schema public cascade`.execute(database.db);
  await sql`create schema public`.execute(database.db);
}
await migrate(database.db, { secrets: loadSecretBox(config) });
await seedDemoWorld(database.db);
await database.close();
console.log(`Demo world reset (${config.DATABASE_URL ? "PostgreSQL" : "PGlite in " + config.DATA_DIR}).`);

/**
 * A fresh database holding the large world (backend/demo/large-world.ts) for a server to open: PGlite
 * files in a temporary DATA_DIR, or a new database on the DATABASE_URL server. Used by the large
 * bench and by the e2e tests of lists longer than a page.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrate, openDatabase, pgliteDir, type OpenOptions } from "../../backend/db/index";
import { seedLargeWorld, type LargeSizes } from "../../backend/demo/large-world";
import { parseDataKeys } from "../../backend/security/key-ring";
import { createSecretBox } from "../../backend/security/secret-box";
import { createTestDatabase, dropTestDatabase } from "../e2e/support/server";

export interface LargeWorldDatabase {
  /** The server's env to open it: DATA_DIR or DATABASE_URL, and the keys its secrets are sealed with. */
  env: Record<string, string>;
  seconds: number;
  rows: Record<string, number>;
  remove(): Promise<void>;
}

/** Seeds `sizes` into a new database, its secrets sealed under `dataKey` (the server's root secret and its key 1). */
export async function largeWorldDatabase(sizes: LargeSizes, dataKey: string, log: (line: string) => void = () => {}): Promise<LargeWorldDatabase> {
  const baseUrl = process.env.DATABASE_URL;
  const created = baseUrl ? await createTestDatabase(baseUrl) : undefined;
  const dataDir = created ? undefined : await mkdtemp(join(tmpdir(), "large-world-"));
  const remove = async () => {
    if (created && baseUrl) await dropTestDatabase(baseUrl, created.name);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
  const opts: OpenOptions = created ? { databaseUrl: created.url } : { dataDir: pgliteDir(dataDir!) };
  try {
    const database = await openDatabase(opts);
    try {
      const keys = { DATA_ENCRYPTION_KEY: dataKey, DATA_KEYS: `1:${dataKey}` };
      const secrets = createSecretBox(dataKey, parseDataKeys(keys.DATA_KEYS));
      await migrate(database.db, { secrets });
      const report = await seedLargeWorld(database.db, sizes, secrets, log);
      const where: Record<string, string> = created ? { DATABASE_URL: created.url } : { DATA_DIR: dataDir! };
      return { env: { ...where, ...keys }, ...report, remove };
    } finally {
      await database.close();
    }
  } catch (err) {
    await remove();
    throw err;
  }
}

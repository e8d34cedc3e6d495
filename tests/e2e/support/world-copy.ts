/**
 * A copy of the run's migrated and seeded demo world (ADR 0038) that a test changes before its
 * server opens it: rows that the API can no longer make (bank accounts saved before numbers were
 * checked, ADR 0053). For useServerAndBrowser's `database` option: PGlite files in a DATA_DIR of
 * its own, or a new database on the DATABASE_URL server. `prepare` seals what it writes with the
 * box of the keys the server is then given (ADR 0056).
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase, pgliteDir, type DB } from "../../../backend/db/index";
import { parseDataKeys } from "../../../backend/security/key-ring";
import { createSecretBox, type SecretBox } from "../../../backend/security/secret-box";
import { TEMPLATE_ENV, copyDataDirTemplate } from "../../support/db-template";
import { createTestDatabase, dropTestDatabase } from "./server";

export async function demoWorldCopy(prepare: (db: DB, secrets: SecretBox) => Promise<void>): Promise<{ env: Record<string, string>; remove(): Promise<void> }> {
  const keys = { DATA_ENCRYPTION_KEY: randomBytes(24).toString("base64url"), DATA_KEYS: `1:${randomBytes(24).toString("base64url")}` };
  const baseUrl = process.env.DATABASE_URL;
  const template = process.env[TEMPLATE_ENV.dataDir];
  if (!baseUrl && !template) throw new Error("no demo world to copy: the e2e global setup makes one");
  const created = baseUrl ? await createTestDatabase(baseUrl) : undefined;
  const dataDir = created ? undefined : await mkdtemp(join(tmpdir(), "e2e-world-"));
  const remove = async () => {
    if (created && baseUrl) await dropTestDatabase(baseUrl, created.name);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
  try {
    if (dataDir) await copyDataDirTemplate(template!, dataDir);
    const database = await openDatabase(created ? { databaseUrl: created.url } : { dataDir: pgliteDir(dataDir!) });
    try {
      await prepare(database.db, createSecretBox(keys.DATA_ENCRYPTION_KEY, parseDataKeys(keys.DATA_KEYS)));
    } finally {
      await database.close();
    }
    return { env: { ...keys, ...(created ? { DATABASE_URL: created.url } : { DATA_DIR: dataDir! }) }, remove };
  } catch (err) {
    await remove();
    throw err;
  }
}

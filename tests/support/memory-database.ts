import { Migrator } from "kysely";
import { afterAll, beforeAll, expect } from "vitest";
import { openDatabase, type Database_, type DB } from "../../backend/db/index";
import { migrationsWith } from "../../backend/db/migrations/index";
import { createSecretBox, type SecretBox } from "../../backend/security/secret-box";

/** A fresh in-memory PGlite for one test file, not migrated (the migration tests take it step by step); closed after the file. */
export function useMemoryDatabase(): () => DB {
  let database: Database_ | undefined;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: "memory://" });
  });
  afterAll(async () => {
    await database?.close();
  });
  return () => database!.db;
}

/** The box migrations seal the personal data they find with (030, ADR 0056). */
export const MIGRATION_TEST_BOX = createSecretBox("migration-test-key");

/**
 * Migrates `db` up to `name`, the state before the migration under test; `latest()` runs the rest,
 * `through(m)` the rest up to `m` (a test of a migration whose rows a later one seals). Each step must succeed.
 */
export async function migratedUpTo(db: DB, name: string, secrets: SecretBox = MIGRATION_TEST_BOX): Promise<{ latest(): Promise<void>; through(name: string): Promise<void> }> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrationsWith({ secrets }) } });
  expect((await migrator.migrateTo(name)).error).toBeUndefined();
  return {
    latest: async () => {
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
    },
    through: async (last: string) => {
      expect((await migrator.migrateTo(last)).error).toBeUndefined();
    },
  };
}

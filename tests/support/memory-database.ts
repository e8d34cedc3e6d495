import { Migrator } from "kysely";
import { afterAll, beforeAll, expect } from "vitest";
import { openDatabase, type Database_, type DB } from "../../backend/db/index";
import { migrations } from "../../backend/db/migrations/index";

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

/** Migrates `db` up to `name`, the state before the migration under test; `latest()` runs the rest. Each step must succeed. */
export async function migratedUpTo(db: DB, name: string): Promise<{ latest(): Promise<void> }> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  expect((await migrator.migrateTo(name)).error).toBeUndefined();
  return {
    latest: async () => {
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
    },
  };
}

import { afterAll, beforeAll } from "vitest";
import { openDatabase, type Database_, type DB } from "../../backend/db/index";

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

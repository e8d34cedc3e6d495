/**
 * /readyz's verdicts (backend/ops/readiness.ts, ADR 0082) on the real database: ready; not
 * migrated to this code's latest; a database that does not answer; draining; and a web tier
 * alone asking its backend at most once a second.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseReadiness, LATEST_MIGRATION, readyzResponse, remoteReadiness } from "../../backend/ops/readiness";
import { createTestBackend, type TestBackend } from "../support/backend";

let t: TestBackend;
beforeAll(async () => {
  t = await createTestBackend({ seed: false });
});
afterAll(async () => {
  await t?.close();
});

describe("a process with the backend", () => {
  it("is ready on a migrated database, and says why not when the latest migration is missing or it drains", async () => {
    const r = databaseReadiness(t.db);
    expect(await readyzResponse(r)).toMatchObject({ status: 200, body: "ready" });
    await sql`update kysely_migration set name = 'zzz-renamed' where name = ${LATEST_MIGRATION}`.execute(t.db);
    try {
      expect(await readyzResponse(r)).toMatchObject({ status: 503, body: "migrations" });
    } finally {
      await sql`update kysely_migration set name = ${LATEST_MIGRATION} where name = 'zzz-renamed'`.execute(t.db);
    }
    expect(await r.check()).toEqual({ ready: true });
    r.drain();
    expect(await readyzResponse(r)).toMatchObject({ status: 503, body: "draining" });
  });

  it("answers 'database' when its query does not come back within the timeout (the table locked meanwhile)", async () => {
    const r = databaseReadiness(t.db, 300);
    const verdict = await t.db.transaction().execute(async (trx) => {
      await sql`lock table kysely_migration in access exclusive mode`.execute(trx);
      return r.check();
    });
    expect(verdict).toEqual({ ready: false, reason: "database" });
    expect(await r.check()).toEqual({ ready: true });
  });
});

describe("a web tier alone", () => {
  it("is ready when its backend's /readyz is, asks it at most once a second, and says 'backend' otherwise", async () => {
    const asked: string[] = [];
    let status = 200;
    const fetchImpl = (async (input: URL | RequestInfo) => {
      asked.push(String(input));
      return new Response(status === 200 ? "ready" : "draining", { status });
    }) as typeof fetch;
    const r = remoteReadiness("http://backend.test:3001", fetchImpl, 1_000);
    expect(await r.check()).toEqual({ ready: true });
    status = 503;
    expect(await r.check()).toEqual({ ready: true }); // cached
    expect(asked).toEqual(["http://backend.test:3001/readyz"]);
    const late = remoteReadiness("http://backend.test:3001", fetchImpl, 0);
    expect(await late.check()).toEqual({ ready: false, reason: "backend" });
    const down = remoteReadiness("http://backend.test:3001", (async () => Promise.reject(new Error("refused"))) as typeof fetch);
    expect(await down.check()).toEqual({ ready: false, reason: "backend" });
  });
});

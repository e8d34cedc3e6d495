/**
 * The soak at CI size (tests/bench/soak.ts; the full one is `npm run bench -- soak`): 20 sellers
 * for half a minute against one server started as `npm start` starts it, on the embedded database
 * whatever the run's (the one process the 400 MB is about; CI runs this file in its PostgreSQL
 * phase). Every call answers (no error, only the business refusals a seller may meet), the sellers'
 * orders, chat messages and withdrawals go through, and the process, web tier, backend and PGlite
 * together, holds under 400 MB after its 20 s warm-up, at the end, and at its peak in between
 * (ADR 0084, 0085).
 */
import { describe, expect, test } from "vitest";
import { runSoak } from "../bench/soak";

const RSS_LIMIT_MB = 400;

describe("the soak, CI size", () => {
  test("20 sellers for half a minute: no error, orders and withdrawals made, under 400 MB", { timeout: 300_000 }, async () => {
    const report = await runSoak({ minutes: 0.5, sellers: 20, database: "embedded", log: () => {} });
    expect(report.database).toBe("pglite");
    expect(report.errorList).toEqual([]);
    expect(report.errors).toBe(0);
    expect(report.orders).toBeGreaterThan(0);
    expect(report.withdrawals).toBeGreaterThan(0);
    expect(report.calls.find((c) => c.call === "POST /chat/api/send")?.count ?? 0).toBeGreaterThan(0);
    expect(report.idle.rssMb).toBeLessThan(RSS_LIMIT_MB);
    expect(report.end.rssMb).toBeLessThan(RSS_LIMIT_MB);
    expect(report.end.peakRssMb).toBeLessThan(RSS_LIMIT_MB);
  });
});

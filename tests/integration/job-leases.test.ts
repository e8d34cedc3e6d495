/**
 * Jobs under a lease (backend/jobs/lease.ts, ADR 0013): several processes on one
 * database send each pending email once. The lease itself: one holder at a time,
 * renewed by its holder, taken over once expired or released, and exactly one
 * winner among parallel claims. A control shows the duplicate sends the lease
 * prevents.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliverPending, enqueue, httpDeliverer } from "../../backend/adapters/outbox";
import { startJobs } from "../../backend/jobs/index";
import { holdLease, LEASE_TTL_MS, releaseLease } from "../../backend/jobs/lease";
import { createTestBackend, type TestBackend } from "../support/backend";

let t: TestBackend;
let server: Server;
/** Every message the stand-in email provider received, by recipient. */
const received: string[] = [];

beforeAll(async () => {
  // A slow provider (200 ms a message), so two senders working the same rows would overlap.
  server = createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      received.push((JSON.parse(raw) as { to: string }).to);
      setTimeout(() => res.writeHead(200).end("{}"), 200);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  t = await createTestBackend({ env: { EMAIL_API_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/send` }, seed: false });
});
afterAll(async () => {
  await t?.close();
  await new Promise((r) => server?.close(r));
});

let mail = 0;
async function queue(n: number): Promise<string[]> {
  const to = Array.from({ length: n }, () => `lease${++mail}@test.example`);
  for (const r of to) await enqueue(t.db, { channel: "email", recipient: r, type: "REGISTER", code: "123456", body: "Your code: 123456" }, t.clock.now());
  return to;
}
const pending = async () => (await t.db.selectFrom("outbox").select("id").where("delivered_at", "is", null).execute()).length;
const timesSent = (to: string[]) => to.map((r) => received.filter((x) => x === r).length);

async function until(check: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("the lease", () => {
  it("one holder at a time; its holder renews it; another takes it once expired or released", async () => {
    const at = (s: number) => new Date(Date.UTC(2026, 10, 22, 12, 0, s));
    expect(await holdLease(t.db, "test-a", "p1", at(0), 10_000)).toBe(true);
    expect(await holdLease(t.db, "test-a", "p2", at(1), 10_000)).toBe(false);
    expect(await holdLease(t.db, "test-a", "p1", at(5), 10_000)).toBe(true); // renewed: until 15 s
    expect(await holdLease(t.db, "test-a", "p2", at(12), 10_000)).toBe(false);
    expect(await holdLease(t.db, "test-a", "p2", at(16), 10_000)).toBe(true); // expired: p2 takes over
    expect(await holdLease(t.db, "test-a", "p1", at(17), 10_000)).toBe(false);
    await releaseLease(t.db, "test-a", "p1"); // not p1's any more: no effect
    expect(await holdLease(t.db, "test-a", "p1", at(18), 10_000)).toBe(false);
    await releaseLease(t.db, "test-a", "p2");
    expect(await holdLease(t.db, "test-a", "p1", at(19), 10_000)).toBe(true);
    // Leases are per job.
    expect(await holdLease(t.db, "test-b", "p2", at(19), 10_000)).toBe(true);
    expect(LEASE_TTL_MS).toBeGreaterThanOrEqual(30_000);
  });

  it("of 20 parallel claims on a free lease exactly one wins", async () => {
    const now = new Date(Date.UTC(2026, 10, 22, 13, 0, 0));
    const wins = await Promise.all(Array.from({ length: 20 }, (_, i) => holdLease(t.db, "test-race", `p${i}`, now)));
    expect(wins.filter(Boolean)).toHaveLength(1);
  });
});

describe("two processes' jobs on one database", () => {
  it("control: two senders without the lease send the same emails twice", async () => {
    const to = await queue(3);
    const deliverers = { email: httpDeliverer(`http://127.0.0.1:${(server.address() as AddressInfo).port}/send`) };
    await Promise.all([deliverPending(t.db, deliverers, () => t.clock.now()), deliverPending(t.db, deliverers, () => t.clock.now())]);
    expect(await pending()).toBe(0);
    expect(timesSent(to)).toEqual([2, 2, 2]);
  });

  it("each pending email is sent once; after a clean stop the other process carries on at once", async () => {
    const a = startJobs(t.backend.services, "host-a");
    const b = startJobs(t.backend.services, "host-b");
    try {
      const first = await queue(4);
      await until(async () => (await pending()) === 0);
      // Two more sweeps' time for a duplicate to show up.
      await new Promise((r) => setTimeout(r, 4500));
      expect(timesSent(first)).toEqual([1, 1, 1, 1]);
      const holder = (await t.db.selectFrom("job_leases").select("holder").where("name", "=", "outbox").executeTakeFirstOrThrow()).holder;
      expect(["host-a", "host-b"]).toContain(holder);

      // The holder stops (and releases): the other sends what comes next, without waiting for expiry.
      await (holder === "host-a" ? a : b).stop();
      const next = await queue(2);
      await until(async () => (await pending()) === 0, 10_000);
      expect(timesSent(next)).toEqual([1, 1]);
      expect((await t.db.selectFrom("job_leases").select("holder").where("name", "=", "outbox").executeTakeFirstOrThrow()).holder).toBe(
        holder === "host-a" ? "host-b" : "host-a",
      );
    } finally {
      await a.stop();
      await b.stop();
    }
  }, 60_000);
});

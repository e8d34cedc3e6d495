import { describe, expect, test } from "vitest";
import { PASSWORD_COST, TEST_PASSWORD_COST, createGate, hashConcurrency, hashPassword, passwordCost, unknownAccountHash, verifyPassword } from "./passwords";

/** The N a stored hash records ("scrypt$N$r$p$salt$hash"). */
const costOf = (hash: string) => Number(hash.split("$")[1]);

describe("password hashing", () => {
  test("every server hashes at N=2^15; only a test run (NODE_ENV=test) at 2^10", () => {
    expect(PASSWORD_COST).toBe(32768);
    for (const NODE_ENV of ["production", "development", undefined]) expect(passwordCost({ NODE_ENV })).toBe(PASSWORD_COST);
    expect(passwordCost({ NODE_ENV: "test" })).toBe(TEST_PASSWORD_COST);
    expect(TEST_PASSWORD_COST).toBe(1024);
  });

  test("a hash records its cost and verifies whatever today's cost is", async () => {
    const strong = await hashPassword("demo1234", PASSWORD_COST);
    const cheap = await hashPassword("demo1234");
    expect(costOf(strong)).toBe(32768);
    expect(costOf(cheap)).toBe(1024); // vitest runs with NODE_ENV=test
    expect(strong).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
    for (const hash of [strong, cheap]) {
      expect(await verifyPassword("demo1234", hash)).toBe(true);
      expect(await verifyPassword("demo1235", hash)).toBe(false);
      expect(await verifyPassword("", hash)).toBe(false);
    }
    // The same password hashes differently each time (its own salt).
    expect(await hashPassword("demo1234")).not.toBe(cheap);
  });

  test("the unknown account's hash costs today's N and matches no password", async () => {
    expect(costOf(unknownAccountHash())).toBe(passwordCost());
    for (const guess of ["", "demo1234", "AAAA"]) expect(await verifyPassword(guess, unknownAccountHash())).toBe(false);
  });

  test("no hash, another algorithm or a cut hash verifies nothing", async () => {
    for (const stored of [null, undefined, "", "bcrypt$10$abc", "scrypt$1024$8$1$", "plain"]) {
      expect(await verifyPassword("demo1234", stored)).toBe(false);
    }
  });
});

describe("the hashing gate", () => {
  test("one hash at once per core, at most libuv's four threads", () => {
    expect([1, 2, 3, 4, 8, 64].map((cores) => hashConcurrency(cores))).toEqual([1, 2, 3, 4, 4, 4]);
  });

  test("runs at most its limit at once, in the order they came, and a failure frees its slot", async () => {
    const gate = createGate(2);
    let inFlight = 0;
    let most = 0;
    const started: number[] = [];
    const task = (i: number) => async () => {
      started.push(i);
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, 5 + (i % 3) * 5));
      inFlight--;
      if (i === 3) throw new Error("boom");
      return i;
    };
    const results = await Promise.allSettled(Array.from({ length: 9 }, (_, i) => gate.run(task(i))));
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(results.map((r) => (r.status === "fulfilled" ? r.value : "failed"))).toEqual([0, 1, 2, "failed", 4, 5, 6, 7, 8]);
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
  });

  test("real hashes started together all finish and verify", async () => {
    const hashes = await Promise.all(Array.from({ length: 6 }, (_, i) => hashPassword(`pw-${i}`)));
    const checks = await Promise.all(hashes.map((h, i) => verifyPassword(`pw-${i}`, h)));
    expect(checks).toEqual([true, true, true, true, true, true]);
  });
});

/**
 * One process at a time on an embedded database directory (data-dir-lock.ts): a
 * second open is refused with a message that says what to do, the lock goes with
 * close, a lock left by a dead process is taken over, and a second real process
 * (`node` opening the same directory) is refused while the first holds it.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DataDirInUseError, lockDataDir } from "./data-dir-lock";
import { openDatabase } from "./index";

const fresh = () => join(mkdtempSync(join(tmpdir(), "lock-test-")), "pglite");

/** A pid no process can have: above the largest pid_max Linux allows (2^22). */
const DEAD_PID = 4_194_304 + 1000 + Math.floor(Math.random() * 1000);

describe("the data directory lock", () => {
  it("refuses a second open in use, names the owner, and is released on close", async () => {
    const dir = fresh();
    const first = await openDatabase({ dataDir: dir });
    try {
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(DataDirInUseError);
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(`is in use by process ${process.pid}`);
    } finally {
      await first.close();
    }
    expect(existsSync(`${dir}.lock`)).toBe(false);
    const again = await openDatabase({ dataDir: dir });
    await again.close();
    // Two fresh PGlite opens, each migrating from nothing: 45 s was not enough on a loaded machine.
  }, 120_000);

  it("takes over a lock whose process is gone", () => {
    const dir = fresh();
    writeFileSync(`${dir}.lock`, String(DEAD_PID));
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    release();
    release(); // idempotent
    lockDataDir(dir)();
  });

  it("refuses another process while this one holds the directory", async () => {
    const dir = fresh();
    const release = lockDataDir(dir);
    try {
      const child = spawn(
        process.execPath,
        ["--import", "tsx", "-e", `import("./backend/db/index.ts").then((m) => m.openDatabase({ dataDir: ${JSON.stringify(dir)} })).then(() => process.exit(0), (e) => { console.error(e.message); process.exit(3); });`],
        { cwd: process.cwd(), stdio: ["ignore", "pipe", "pipe"] },
      );
      let stderr = "";
      child.stderr!.on("data", (c: Buffer) => (stderr += c.toString()));
      const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
      expect(code).toBe(3);
      expect(stderr).toContain(`is in use by process ${process.pid}`);
    } finally {
      release();
    }
  }, 30_000);
});

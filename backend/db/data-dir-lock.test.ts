/**
 * One process at a time on an embedded database directory (data-dir-lock.ts, ADR 0054): a
 * second open is refused with a message that says what to do, the lock goes with close, a
 * lock whose owner is dead is taken over even when its pid is ours again (a restarted
 * container), a live owner is refused whether we see its process or only its socket, the
 * old bare-pid format is still read, and a second real process is refused while the first
 * holds the lock. The kill -9 and restart itself: tests/integration/restart-after-kill.test.ts.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DataDirInUseError, lockDataDir, startTimeOf } from "./data-dir-lock";
import { openDatabase } from "./index";

const made: string[] = [];
const fresh = () => {
  made.push(mkdtempSync(join(tmpdir(), "lock-test-")));
  return join(made.at(-1)!, "pglite");
};
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A pid no process can have: above the largest pid_max Linux allows (2^22). */
const DEAD_PID = 4_194_304 + 1000 + Math.floor(Math.random() * 1000);

const hasProc = existsSync("/proc/self/stat");
const bootId = () => readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();

/** The message a refused open gives, naming the owner's pid. */
const inUse = (dir: string, pid: number) =>
  `The embedded database in ${dir} is in use by process ${pid}. Stop that process, or give this one its own DATA_DIR (if no such process is running, delete ${dir}.lock).`;

/** Takes the lock and gives it back: it was free (or taken over). */
async function takesIt(dir: string) {
  const release = await lockDataDir(dir);
  expect(JSON.parse(readFileSync(`${dir}.lock`, "utf8"))).toMatchObject({ pid: process.pid });
  release();
}

describe("the data directory lock", () => {
  it("refuses a second open in use, names the owner, and is released on close", async () => {
    const dir = fresh();
    const first = await openDatabase({ dataDir: dir });
    try {
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(DataDirInUseError);
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(inUse(dir, process.pid));
    } finally {
      await first.close();
    }
    // Neither the lock, its socket nor a refused open's socket is left behind.
    expect(readdirSync(dirname(dir))).toEqual(["pglite"]);
    const again = await openDatabase({ dataDir: dir });
    await again.close();
    // Two fresh PGlite opens, each migrating from nothing: 45 s was not enough on a loaded machine.
  }, 120_000);

  it("takes over a lock whose process is gone, in either format", async () => {
    const dir = fresh();
    writeFileSync(`${dir}.lock`, JSON.stringify({ pid: DEAD_PID, start: "1", boot: hasProc ? bootId() : undefined }));
    const release = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toThrow(DataDirInUseError);
    release();
    release(); // idempotent
    writeFileSync(`${dir}.lock`, String(DEAD_PID));
    await takesIt(dir);
  });

  it("releases only a lock that is still its own", async () => {
    const dir = fresh();
    const release = await lockDataDir(dir);
    writeFileSync(`${dir}.lock`, String(DEAD_PID)); // someone deleted ours by hand and another took it
    release();
    expect(readFileSync(`${dir}.lock`, "utf8")).toBe(String(DEAD_PID));
  });

  describe.skipIf(!hasProc)("where /proc names processes by start time and boot (Linux)", () => {
    let sleeper: ChildProcess;
    let sleeperStart: string;
    beforeAll(async () => {
      sleeper = spawn("sleep", ["600"], { stdio: "ignore" });
      await new Promise((resolve) => sleeper.once("spawn", resolve));
      sleeperStart = startTimeOf(sleeper.pid!)!;
      expect(sleeperStart).toMatch(/^\d+$/);
    });
    afterAll(() => {
      sleeper.kill("SIGKILL");
    });

    it("takes over a lock naming our own pid with another start time (a restarted container's server has the dead owner's pid)", async () => {
      const dir = fresh();
      const mine = Number(startTimeOf("self"));
      writeFileSync(`${dir}.lock`, JSON.stringify({ pid: process.pid, start: String(mine - 1), boot: bootId() }));
      await takesIt(dir);
      // The same in the old format: a bare pid equal to ours was not written by us.
      writeFileSync(`${dir}.lock`, String(process.pid));
      await takesIt(dir);
    });

    it("refuses a lock naming a live other process with its start time on this boot, with the message", async () => {
      const dir = fresh();
      writeFileSync(`${dir}.lock`, JSON.stringify({ pid: sleeper.pid, start: sleeperStart, boot: bootId() }));
      await expect(lockDataDir(dir)).rejects.toThrow(inUse(dir, sleeper.pid!));
      // Refused, it leaves nothing of its own: the owner's lock as it was, no socket of ours.
      expect(readdirSync(dirname(dir))).toEqual(["pglite.lock"]);
      // The old format: the pid alone, as before.
      writeFileSync(`${dir}.lock`, String(sleeper.pid));
      await expect(lockDataDir(dir)).rejects.toThrow(inUse(dir, sleeper.pid!));
    });

    it("takes over a lock whose pid now belongs to another process, or that was written before the machine restarted", async () => {
      const dir = fresh();
      writeFileSync(`${dir}.lock`, JSON.stringify({ pid: sleeper.pid, start: String(Number(sleeperStart) - 1), boot: bootId() }));
      await takesIt(dir);
      writeFileSync(`${dir}.lock`, JSON.stringify({ pid: sleeper.pid, start: sleeperStart, boot: "00000000-0000-0000-0000-000000000000" }));
      await takesIt(dir);
    });

    it("refuses an owner it cannot see (another pid namespace) while its socket answers, and takes over once it does not", async () => {
      const dir = fresh();
      const socket = "pglite.lock.0123abcd.sock";
      const listener = createServer((c) => c.destroy());
      await new Promise<void>((resolve) => listener.listen(join(dirname(dir), socket), resolve));
      // Pid 1 in the owner's namespace: here that is another process, with another start time.
      writeFileSync(`${dir}.lock`, JSON.stringify({ pid: 1, start: "1", boot: bootId(), socket }));
      try {
        await expect(lockDataDir(dir)).rejects.toThrow(inUse(dir, 1));
      } finally {
        await new Promise((resolve) => listener.close(resolve));
      }
      // Dead: its socket file may stay behind (a kill -9 leaves it); the next owner removes it.
      writeFileSync(join(dirname(dir), socket), "");
      await takesIt(dir);
      expect(readdirSync(dirname(dir))).toEqual([]);
    });
  });

  it("refuses another process while this one holds the directory", async () => {
    const dir = fresh();
    const release = await lockDataDir(dir);
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
      expect(stderr).toContain(inUse(dir, process.pid));
    } finally {
      release();
    }
  }, 30_000);
});

import { randomBytes } from "node:crypto";
import { linkSync, mkdirSync, openSync, closeSync, readFileSync, unlinkSync, writeFileSync, writeSync } from "node:fs";
import { connect, createServer } from "node:net";
import { basename, dirname, join } from "node:path";

/**
 * Embedded PGlite is a whole PostgreSQL inside this process, writing its files with
 * no lock of its own: a second process opening the same directory (`npm start`
 * run twice, or `npm run ledger:check` beside a running server) can corrupt the
 * database for good. A lock file beside the directory names its owner and refuses
 * the second one; a lock whose owner is dead (killed, crashed) is taken over,
 * whatever process id the next process gets (docs/decisions/0054).
 *
 * The owner is named by its pid, its start time and the boot, so a restarted
 * container's server, which gets the dead owner's pid again, sees that the lock is
 * not its own. It also listens on a socket beside the lock: the kernel closes it
 * when the owner dies, and whoever cannot see the owner's process (another pid
 * namespace: a second container on the same volume, the host) asks the socket.
 */
export class DataDirInUseError extends Error {}

/** What a lock file says of its owner. */
interface Owner {
  pid: number;
  /** A bare pid: the format before ADR 0054, written by no process of this version. */
  legacy?: boolean;
  /** Clock ticks after boot when the owner started (/proc/<pid>/stat field 22); absent without /proc. */
  start?: string;
  /** /proc/sys/kernel/random/boot_id when the owner wrote the lock. */
  boot?: string;
  /** File name, beside the lock, of the socket the owner listens on while it lives. */
  socket?: string;
}

/** A readable file's trimmed text, or undefined (no /proc, no such process, no permission). */
function readText(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8").trim();
  } catch {
    return undefined;
  }
}

/** Field 22 of /proc/<pid>/stat, read after the command name (which may hold spaces and parentheses). */
export function startTimeOf(pid: number | "self"): string | undefined {
  const stat = readText(`/proc/${pid}/stat`);
  return stat?.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
}

const bootId = () => readText("/proc/sys/kernel/random/boot_id");

function pidExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, but is another user's.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The lock file's text: the old bare pid, this format (JSON), or anything else (nobody's: stale). */
function parseOwner(text: string): Owner | undefined {
  if (/^\d+$/.test(text)) return { pid: Number(text), legacy: true };
  try {
    const o = JSON.parse(text) as Owner;
    const str = (v: unknown) => (typeof v === "string" ? v : undefined);
    if (!Number.isSafeInteger(o.pid) || o.pid <= 0) return undefined;
    // Only a plain name beside the lock: a lock file never points anywhere else.
    const socket = str(o.socket) && /^[\w.-]+\.sock$/.test(o.socket!) ? o.socket : undefined;
    return { pid: o.pid, start: str(o.start), boot: str(o.boot), socket };
  } catch {
    return undefined;
  }
}

/**
 * Longest socket path we bind or connect to: sun_path is 108 bytes on Linux and 104 on macOS,
 * NUL included, and a longer path is cut short silently. Beyond it the lock has no socket.
 */
const SOCKET_PATH_MAX = 103;
const socketUsable = (path: string) => Buffer.byteLength(path) <= SOCKET_PATH_MAX;

/** Whether a process listens on `path` (the kernel refuses a connection once the listener died). */
function answers(path: string): Promise<boolean> {
  if (!socketUsable(path)) return Promise.resolve(false);
  return new Promise((resolve) => {
    const socket = connect(path);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    // Nobody listens (ENOENT, ECONNREFUSED). Any other failure (EACCES, EAGAIN) leaves a listener
    // possible: a lock we cannot clear is refused with a message, never taken over.
    socket.once("error", (err: NodeJS.ErrnoException) => resolve(err.code !== "ENOENT" && err.code !== "ECONNREFUSED"));
  });
}

/** Whether the owner is alive. Async: asking its socket is a connection attempt. */
async function ownerAlive(owner: Owner, dir: string): Promise<boolean> {
  // A bare pid was written by an older version, never by this process: our pid there is a dead
  // owner's, given again to us (a restarted container).
  if (owner.legacy) return owner.pid !== process.pid && pidExists(owner.pid);
  const boot = bootId();
  if (owner.boot && boot && owner.boot !== boot) return false; // the machine restarted since
  const procfs = startTimeOf("self") !== undefined; // else not Linux: the pid alone, as before
  const seen = procfs && owner.start !== undefined ? startTimeOf(owner.pid) === owner.start : pidExists(owner.pid);
  return seen || (owner.socket !== undefined && (await answers(join(dir, owner.socket))));
}

/** A socket beside the lock, listened on while this process holds it (or undefined: none could be made). */
async function listenBeside(file: string): Promise<{ name: string; close(): void } | undefined> {
  const name = `${basename(file)}.${randomBytes(4).toString("hex")}.sock`;
  const path = join(dirname(file), name);
  if (!socketUsable(path)) return undefined;
  // Never read from: a connection is only a question ("are you there?"), answered by accepting it.
  const server = createServer((socket) => socket.destroy());
  server.unref();
  const listening = await new Promise<boolean>((resolve) => {
    server.once("error", () => resolve(false)); // a file system without sockets: the lock still works in its namespace
    server.listen(path, () => resolve(true));
  });
  if (!listening) return undefined;
  return {
    name,
    close() {
      server.close();
      removeFile(path);
    },
  };
}

function removeFile(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // Already gone.
  }
}

/**
 * Creates `file` holding `text`, atomically: false when it exists. Written aside, then linked in,
 * so no reader ever finds it empty (an empty lock read as nobody's was taken over).
 */
function createWith(file: string, text: string): boolean {
  const aside = `${file}.${randomBytes(4).toString("hex")}.tmp`;
  writeFileSync(aside, text, { mode: 0o600, flag: "wx" });
  try {
    linkSync(aside, file);
    return true;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "EEXIST") return false;
    if (code !== "EPERM" && code !== "ENOTSUP" && code !== "EOPNOTSUPP") throw err;
    // A file system without hard links: created exclusively, then written.
    try {
      const fd = openSync(file, "wx", 0o600);
      writeSync(fd, text);
      closeSync(fd);
      return true;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "EEXIST") return false;
      throw e;
    }
  } finally {
    removeFile(aside);
  }
}

/** For commands: a database in use is said plainly on stderr (no stack trace, no log line's JSON: a
 * person starting it reads this) and ends the process with `code`. */
export function exitIfInUse(err: unknown, code = 1): void {
  if (!(err instanceof DataDirInUseError)) return;
  process.stderr.write(`${err.message}\n`);
  process.exit(code);
}

/** Takes the lock of `dir` for this process; resolves with its release (idempotent). */
export async function lockDataDir(dir: string): Promise<() => void> {
  const file = `${dir}.lock`;
  mkdirSync(dirname(file), { recursive: true });
  const socket = await listenBeside(file);
  const text = JSON.stringify({ pid: process.pid, start: startTimeOf("self"), boot: bootId(), socket: socket?.name });
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      if (createWith(file, text)) {
        let released = false;
        const release = () => {
          if (released) return;
          released = true;
          process.off("exit", release);
          socket?.close();
          if (readText(file) === text) removeFile(file); // only a lock that is still ours
        };
        process.on("exit", release);
        return release;
      }
      const found = readText(file);
      if (found === undefined) continue; // removed meanwhile: try again
      const owner = parseOwner(found);
      if (owner && (await ownerAlive(owner, dirname(file)))) {
        throw new DataDirInUseError(
          `The embedded database in ${dir} is in use by process ${owner.pid}. Stop that process, or give this one its own DATA_DIR` +
            ` (if no such process is running, delete ${file}).`,
        );
      }
      // Its owner is gone. Unless another process took it over meanwhile (then the next attempt reads theirs).
      if (readText(file) === found) {
        if (owner?.socket) removeFile(join(dirname(file), owner.socket));
        removeFile(file);
      }
    }
  } catch (err) {
    socket?.close();
    throw err;
  }
  socket?.close();
  throw new DataDirInUseError(`Could not lock ${dir}: another process keeps taking ${file}.`);
}

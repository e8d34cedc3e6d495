import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import { dirname } from "node:path";

/**
 * Embedded PGlite is a whole PostgreSQL inside this process, writing its files with
 * no lock of its own: a second process opening the same directory (`npm start`
 * run twice, or `npm run ledger:check` beside a running server) can corrupt the
 * database for good. A lock file beside the directory, holding the owner's pid,
 * refuses the second one. A lock left by a process that is gone (killed, crashed)
 * is taken over.
 */
export class DataDirInUseError extends Error {}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, but is another user's.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** For commands: a database in use is said plainly (no stack trace) and ends the process with `code`. */
export function exitIfInUse(err: unknown, code = 1): void {
  if (!(err instanceof DataDirInUseError)) return;
  console.error(err.message);
  process.exit(code);
}

/** Takes the lock of `dir` for this process; returns its release (idempotent). */
export function lockDataDir(dir: string): () => void {
  const file = `${dir}.lock`;
  mkdirSync(dirname(file), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off("exit", release);
        try {
          if (readFileSync(file, "utf8").trim() === String(process.pid)) unlinkSync(file);
        } catch {
          // Already gone.
        }
      };
      process.on("exit", release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
    let owner = 0;
    try {
      owner = Number(readFileSync(file, "utf8").trim());
    } catch {
      continue; // Removed meanwhile: try again.
    }
    if (owner > 0 && alive(owner)) {
      throw new DataDirInUseError(
        `The embedded database in ${dir} is in use by process ${owner}. Stop that process, or give this one its own DATA_DIR` +
          ` (if no such process is running, delete ${file}).`,
      );
    }
    try {
      unlinkSync(file); // Its owner is gone.
    } catch {
      // Someone else took it over first: try again.
    }
  }
  throw new DataDirInUseError(`Could not lock ${dir}: another process keeps taking ${file}.`);
}

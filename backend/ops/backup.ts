import { chmodSync, unlinkSync } from "node:fs";
import { createServer, type Socket } from "node:net";
import { join, resolve } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "kysely";
import type { DB } from "../db/index";

/**
 * Backups of the embedded database while its server runs (ADR 0083). PGlite is this process's
 * alone (backend/db/data-dir-lock.ts), so `npm run db:backup` asks the server for the dump over a
 * socket in DATA_DIR: whoever may read DATA_DIR may take its files anyway, and nothing of it is on
 * a TCP port a local proxy could forward. The dump is taken holding the one connection (no
 * transaction is open then) after a CHECKPOINT, so it is a committed state that opens without replay.
 */

/** Where the server listens for backup requests: beside the database, in DATA_DIR. */
export const backupSocketOf = (dataDir: string) => join(resolve(dataDir), "backup.sock");

/** sun_path's room, NUL included (104 bytes on macOS): a longer path would be cut short silently. */
export const socketPathFits = (path: string) => Buffer.byteLength(path) <= 103;

/** The first line of an answer: "OK" then the dump's bytes, or "ERR <why>". */
export const BACKUP_OK = "OK\n";

/** The database as one gzipped tar (PGlite's own format, opened by its loadDataDir), from a committed state. */
export async function dumpEmbedded(db: DB, pglite: PGlite): Promise<Blob> {
  // Holding the connection waits for any open transaction to end and keeps the next one out.
  return db.connection().execute(async (conn) => {
    await sql`checkpoint`.execute(conn);
    return pglite.dumpDataDir("gzip");
  });
}

async function answer(socket: Socket, dump: () => Promise<Blob>) {
  socket.on("error", () => undefined); // the client went away: nothing to do
  try {
    const blob = await dump();
    socket.write(BACKUP_OK);
    for await (const chunk of blob.stream() as unknown as AsyncIterable<Uint8Array>) {
      if (!socket.write(chunk)) await new Promise((r) => socket.once("drain", r));
    }
    socket.end();
  } catch (err) {
    socket.end(`ERR ${err instanceof Error ? err.message : String(err)}\n`);
  }
}

/** Listens on DATA_DIR/backup.sock while the server holds the database; resolves with the way to stop. */
export async function serveBackups(dataDir: string, db: DB, pglite: PGlite, log: (line: string) => void): Promise<() => void> {
  const path = backupSocketOf(dataDir);
  // We hold the database's lock: a socket file there is a dead server's.
  const removeSocket = () => {
    try {
      unlinkSync(path);
    } catch {
      // Not there.
    }
  };
  if (!socketPathFits(path)) {
    log(`[backup] ${path} is too long for a socket: npm run db:backup will ask for the server to be stopped`);
    return () => undefined;
  }
  removeSocket();
  const server = createServer((socket) => void answer(socket, () => dumpEmbedded(db, pglite)));
  server.unref();
  const listening = await new Promise<boolean>((resolve) => {
    server.once("error", (err) => {
      log(`[backup] cannot listen on ${path} (${err.message}): npm run db:backup will ask for the server to be stopped`);
      resolve(false);
    });
    server.listen(path, () => resolve(true));
  });
  if (!listening) return () => undefined;
  chmodSync(path, 0o600);
  return () => {
    server.close();
    removeSocket();
  };
}

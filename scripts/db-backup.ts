/**
 * `npm run db:backup [-- --out FILE] [--keys-out FILE]` (ADR 0083).
 *
 * Embedded PGlite (DATA_DIR): one gzipped tar of the database, taken from a committed state. While
 * the server runs it asks the server for it (DATA_DIR/backup.sock, backend/ops/backup.ts); when none
 * runs it opens the database itself. The keys never go into that file: --keys-out writes the data
 * directory's kept secrets (the data keys, the root secret, the chat and push keys, the session
 * secret) to a second file, to be stored apart from the first. Restore with `npm run db:restore`.
 *
 * PostgreSQL (DATABASE_URL): runs `pg_dump --format=custom --no-owner` when pg_dump is on PATH, or
 * prints the command to run. Exit codes: 0 written, 1 refused, 2 cannot run.
 */
import { spawnSync } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { dirname, join, resolve } from "node:path";
import { pipeline } from "node:stream/promises";
import { parseArgs } from "node:util";
import { readBackendConfig } from "../backend/config";
import { DataDirInUseError } from "../backend/db/data-dir-lock";
import { openDatabase, pgliteDir } from "../backend/db/index";
import { BACKUP_OK, backupSocketOf, dumpEmbedded, socketPathFits } from "../backend/ops/backup";
import { keptSecretFiles, postgresCommand, Refused, runCommand } from "./db-backup-files";

const { values } = parseArgs({ options: { out: { type: "string" }, "keys-out": { type: "string" } } });
const config = readBackendConfig();
const stamp = new Date().toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);

/** Writes `fill` into `file` by way of a file beside it: an interrupted backup never looks finished. */
async function writeAside(file: string, fill: (aside: string) => Promise<void>) {
  if (existsSync(file)) throw new Refused(`${file} already exists: choose another --out.`);
  mkdirSync(dirname(file), { recursive: true });
  const aside = `${file}.partial`;
  try {
    await fill(aside);
    renameSync(aside, file);
  } catch (err) {
    rmSync(aside, { force: true });
    throw err;
  }
}

/** The running server's dump, over its socket: "OK\n" then the bytes, or "ERR <why>". */
function dumpFromServer(socketPath: string, aside: string): Promise<void> {
  return new Promise((done, fail) => {
    const socket = connect(socketPath);
    let head = Buffer.alloc(0);
    const file = createWriteStream(aside, { mode: 0o600 });
    socket.once("error", (err: NodeJS.ErrnoException) =>
      fail(
        err.code === "ENOENT" || err.code === "ECONNREFUSED"
          ? new Refused(`The marketplace is running on ${config.DATA_DIR} but does not answer backups at ${socketPath}: stop it first, then run npm run db:backup again.`)
          : err,
      ),
    );
    const onHead = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      const nl = head.indexOf(10);
      if (nl < 0) return;
      socket.off("data", onHead);
      const line = head.subarray(0, nl + 1).toString("utf8");
      if (line !== BACKUP_OK) {
        socket.destroy();
        file.destroy();
        return fail(new Refused(`The server could not take the backup: ${line.replace(/^ERR /, "").trim()}`));
      }
      file.write(head.subarray(nl + 1));
      pipeline(socket, file).then(done, fail);
    };
    socket.on("data", onHead);
  });
}

async function backUpEmbedded(out: string) {
  const dbDir = pgliteDir(config.DATA_DIR);
  if (!existsSync(dbDir) || readdirSync(dbDir).length === 0) throw new Refused(`There is no embedded database in ${dbDir} to back up.`);
  let how = "";
  await writeAside(out, async (aside) => {
    let database;
    try {
      database = await openDatabase({ dataDir: dbDir });
    } catch (err) {
      if (!(err instanceof DataDirInUseError)) throw err;
      const socketPath = backupSocketOf(config.DATA_DIR);
      if (!socketPathFits(socketPath)) throw new Refused(`The marketplace is running on ${config.DATA_DIR}, whose path is too long for its backup socket: stop it first, then run npm run db:backup again.`);
      await dumpFromServer(socketPath, aside);
      how = "from the running server";
      return;
    }
    try {
      const blob = await dumpEmbedded(database.db, database.pglite!);
      writeFileSync(aside, new Uint8Array(await blob.arrayBuffer()), { mode: 0o600 });
      how = "with no server running";
    } finally {
      await database.close();
    }
  });
  console.log(`Backed up the embedded database in ${dbDir} ${how}: ${out} (${(statSync(out).size / 1024 / 1024).toFixed(1)} MB).`);
}

function writeKeys(file: string) {
  const kept = keptSecretFiles(config.DATA_DIR);
  if (existsSync(file)) throw new Refused(`${file} already exists: choose another --keys-out.`);
  writeFileSync(file, JSON.stringify({ format: "giftmarket-kept-secrets", version: 1, files: kept }, null, 1) + "\n", { mode: 0o600, flag: "wx" });
  console.log(`Wrote the kept secrets of ${config.DATA_DIR} (${Object.keys(kept).join(", ") || "none"}) to ${file}: store it apart from the backup.`);
  if (config.DATA_KEYS || config.DATA_ENCRYPTION_KEY) console.log("DATA_KEYS / DATA_ENCRYPTION_KEY are set: those keys live in your secret store, not in this file; keep them there.");
}

async function main(): Promise<number> {
  if (config.DATABASE_URL) {
    const out = resolve(values.out ?? `marketplace-${stamp}.pgdump`);
    const { command, args, env } = postgresCommand(config.DATABASE_URL, out);
    if (spawnSync(command, ["--version"]).status !== 0) {
      console.log(`pg_dump is not on PATH. Run, with the password in PGPASSWORD:\n  ${[command, ...args].join(" ")}`);
      return 2;
    }
    if (existsSync(out)) throw new Refused(`${out} already exists: choose another --out.`);
    const run = spawnSync(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "inherit", "inherit"] });
    if (run.status !== 0) return 2;
    console.log(`Backed up the PostgreSQL database with pg_dump: ${out} (${(statSync(out).size / 1024 / 1024).toFixed(1)} MB).`);
  } else {
    await backUpEmbedded(resolve(values.out ?? `marketplace-${stamp}.pglite.tar.gz`));
  }
  if (values["keys-out"]) writeKeys(resolve(values["keys-out"]));
  else if (!config.DATABASE_URL || !config.DATA_KEYS) console.log(`The keys are not in the backup: without them its personal data cannot be read. Back them up apart (--keys-out FILE, or a copy of ${join(config.DATA_DIR, "keys")} and the other kept secrets).`);
  return 0;
}

await runCommand("Backup", main);

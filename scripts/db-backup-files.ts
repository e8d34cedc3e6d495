/**
 * What `npm run db:backup` and `db:restore` share (ADR 0083): the data directory's kept secrets,
 * which travel in a file of their own, and the pg_dump / pg_restore command lines.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** Refused: the message says what to do (exit code 1). */
export class Refused extends Error {}

/** Runs a command's body: refused says why and exits 1, anything else cannot run (2). */
export async function runCommand(what: string, body: () => Promise<number | void>): Promise<void> {
  try {
    process.exitCode = (await body()) ?? 0;
  } catch (err) {
    console.error(err instanceof Refused ? err.message : `${what} could not run: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = err instanceof Refused ? 1 : 2;
  }
}

/** Secrets a server generates once into DATA_DIR when they are not set in its environment. */
export const KEPT_SECRETS = ["data-encryption.key", "tim-secret.key", "vapid.json", "session-secret"] as const;

/** The kept secrets present in `dataDir`, by their path inside it ("keys/1.key", "vapid.json"). */
export function keptSecretFiles(dataDir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const keys = join(dataDir, "keys");
  if (existsSync(keys)) for (const name of readdirSync(keys).filter((n) => n.endsWith(".key")).sort()) files[`keys/${name}`] = readFileSync(join(keys, name), "utf8");
  for (const name of KEPT_SECRETS) if (existsSync(join(dataDir, name))) files[name] = readFileSync(join(dataDir, name), "utf8");
  return files;
}

const KEPT_NAME = /^(keys\/(v1|[1-9]\d*)\.key|data-encryption\.key|tim-secret\.key|vapid\.json|session-secret)$/;

/** A --keys-out file's secrets, or an Error saying why it is not one. */
export function parseKeptSecrets(text: string): Record<string, string> {
  let parsed: { format?: unknown; files?: unknown };
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    throw new Error("it is not a kept-secrets file written by npm run db:backup -- --keys-out");
  }
  const files = parsed.files;
  if (parsed.format !== "giftmarket-kept-secrets" || !files || typeof files !== "object") throw new Error("it is not a kept-secrets file written by npm run db:backup -- --keys-out");
  for (const [name, value] of Object.entries(files)) {
    // Only the names a data directory keeps: the file never writes anywhere else.
    if (!KEPT_NAME.test(name) || typeof value !== "string") throw new Error(`it names ${JSON.stringify(name)}, which is not a kept secret`);
  }
  return files as Record<string, string>;
}

/** The password leaves the URL for PGPASSWORD: a command line is seen by every user of the host. */
function withoutPassword(databaseUrl: string): { url: string; env: Record<string, string> } {
  const u = new URL(databaseUrl);
  const password = decodeURIComponent(u.password);
  u.password = "";
  return { url: u.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/** pg_dump of DATABASE_URL into `out`: custom format (pg_restore picks and orders), no owners (another role may restore). */
export function postgresCommand(databaseUrl: string, out: string) {
  const { url, env } = withoutPassword(databaseUrl);
  return { command: "pg_dump", args: ["--format=custom", "--no-owner", "--file", out, "--dbname", url], env };
}

/** pg_restore of `file` into the (new, empty) database at `databaseUrl`. */
export function postgresRestoreCommand(databaseUrl: string, file: string) {
  const { url, env } = withoutPassword(databaseUrl);
  return { command: "pg_restore", args: ["--no-owner", "--exit-on-error", "--single-transaction", "--dbname", url, file], env };
}

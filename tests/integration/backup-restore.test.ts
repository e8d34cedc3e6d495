/**
 * Backups that restore (ADR 0083), through the npm scripts an operator runs, on a real server
 * process: the demo world with trades and personal data written through the API; `npm run
 * db:backup` while the server runs (PGlite: the server dumps itself; PostgreSQL: pg_dump); `npm run
 * db:restore` into a fresh data directory or database; there `npm run ledger:check` balances, every
 * order has its id and status, and the sealed chat text opens with the restored keys. Then the
 * refusals: a target that holds a database, a file that is no backup, keys that do not open it.
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readBackendConfig } from "../../backend/config";
import { openDatabase, pgliteDir, type DB } from "../../backend/db/index";
import { loadSecretBox } from "../../backend/security/secret-box";
import { createTestDatabase, dropTestDatabase, REPO_ROOT, startServer, type StartedServer } from "../e2e/support/server";
import { seedDataDirFromDump } from "../support/db-template";
import { apiOver, marksFor, writePersonalData } from "../support/personal-data";
import { plainProcessEnv } from "../support/process-env";

const baseUrl = process.env.DATABASE_URL;
const work = mkdtempSync(join(tmpdir(), "backup-"));
const dataDir = join(work, "data");
const databases: { name: string; url: string }[] = [];
let server: StartedServer | undefined;

afterAll(async () => {
  await server?.stop();
  if (baseUrl) for (const d of databases) await dropTestDatabase(baseUrl, d.name);
  rmSync(work, { recursive: true, force: true });
});

/** `npm run <script> -- <args>` as an operator runs it, with DATA_DIR (and DATABASE_URL) as given. */
function npmRun(script: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  const inherited = plainProcessEnv({ withoutDatabaseUrl: true });
  const child = spawn("npm", ["run", "--silent", script, "--", ...args], { cwd: REPO_ROOT, env: { ...inherited, NODE_ENV: "test", ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  child.stdout.on("data", (c: Buffer) => (out += c.toString()));
  child.stderr.on("data", (c: Buffer) => (out += c.toString()));
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, out })));
}

const ordersOf = (db: DB) => db.selectFrom("orders").select(["id", "status"]).orderBy("id").execute();

/** The order chat's texts as stored, opened with the keys a server on `dir` runs with. */
async function chatOpened(db: DB, dir: string, orderId: number, env: Record<string, string> = {}): Promise<string[]> {
  const box = loadSecretBox(readBackendConfig({ DATA_DIR: dir, ...env }));
  const rows = await db
    .selectFrom("chat_messages as m")
    .innerJoin("chat_conversations as c", "c.id", "m.conversation_id")
    .select("m.text")
    .where("c.order_id", "=", orderId)
    .where("m.sender_id", "is not", null)
    .execute();
  return rows.map((r) => box.open(r.text!));
}

describe(`backups that restore (${baseUrl ? "PostgreSQL" : "PGlite"})`, () => {
  it("backs up a running server after trades and restores it whole, or refuses clearly", async () => {
    let source: { name: string; url: string } | undefined;
    if (baseUrl) databases.push((source = await createTestDatabase(baseUrl)));
    else await seedDataDirFromDump(dataDir);
    const env = { DATA_DIR: dataDir, ...(source ? { DATABASE_URL: source.url } : {}) };
    server = await startServer({ env: { ...env, WEB_TIER: "off" } });
    const api = apiOver((req) => fetch(req), server.apiUrl);
    const tag = `bk${randomUUID().replace(/-/g, "").slice(0, 12)}`;
    const w = await writePersonalData(api, marksFor(tag));

    // While the server runs and serves.
    const file = join(work, baseUrl ? "world.pgdump" : "world.tar.gz");
    const keysFile = join(work, "kept-secrets.json");
    const serving = api.ok("/order/getOrderDetails", { id: w.orderId }, w.seller);
    const backup = await npmRun("db:backup", ["--out", file, "--keys-out", keysFile], env);
    await serving;
    expect(backup.code, backup.out).toBe(0);
    expect(backup.out).toContain(baseUrl ? "Backed up the PostgreSQL database with pg_dump" : "from the running server");
    expect(backup.out).toContain("store it apart from the backup");
    const kept = JSON.parse(readFileSync(keysFile, "utf8")) as { files: Record<string, string> };
    expect(Object.keys(kept.files)).toEqual(expect.arrayContaining(["keys/1.key", "data-encryption.key"]));
    // The keys are not in the backup file.
    expect(readFileSync(file).includes(kept.files["keys/1.key"]!.trim())).toBe(false);
    const again = await npmRun("db:backup", ["--out", file], env);
    expect(again).toMatchObject({ code: 1 });
    expect(again.out).toContain(`${file} already exists: choose another --out.`);
    await server.stop();
    server = undefined;

    const sourceDb = await openDatabase(source ? { databaseUrl: source.url } : { dataDir: pgliteDir(dataDir) });
    const orders = await ordersOf(sourceDb.db).finally(() => sourceDb.close());
    expect(orders.map((o) => o.id)).toContain(w.orderId);

    // Into a fresh data directory (and, on PostgreSQL, a new empty database), with the kept secrets.
    const restoredDir = join(work, "restored");
    let target: { name: string; url: string } | undefined;
    if (baseUrl) {
      target = await createTestDatabase(baseUrl);
      databases.push(target);
      const empty = await openDatabase({ databaseUrl: target.url });
      await empty.db.schema.dropSchema("public").cascade().execute(); // the template's copy: an empty database instead
      await empty.db.schema.createSchema("public").execute();
      await empty.close();
    }
    const restoredEnv = { DATA_DIR: restoredDir, ...(target ? { DATABASE_URL: target.url } : {}) };
    const restore = await npmRun("db:restore", [file, "--data-dir", restoredDir, "--keys", keysFile], restoredEnv);
    expect(restore.code, restore.out).toBe(0);
    expect(restore.out).toMatch(new RegExp(`Restored .* ${orders.length} orders; migrations up to \\S+; \\d+ sealed values opened with the keys in ${join(restoredDir, "keys")}\\.`));

    const books = await npmRun("ledger:check", [], restoredEnv);
    expect(books.code, books.out).toBe(0);
    expect(books.out).toContain("OK: every account's balances equal its ledger");
    const restoredDb = await openDatabase(target ? { databaseUrl: target.url } : { dataDir: pgliteDir(restoredDir) });
    try {
      expect(await ordersOf(restoredDb.db)).toEqual(orders);
      expect(await chatOpened(restoredDb.db, restoredDir, w.orderId)).toContain(w.marks.chat);
    } finally {
      await restoredDb.close();
    }

    // A target that holds a database.
    const twice = await npmRun("db:restore", [file, "--data-dir", restoredDir], restoredEnv);
    expect(twice).toMatchObject({ code: 1 });
    expect(twice.out).toContain(baseUrl ? "DATABASE_URL names a database that holds tables" : `${pgliteDir(restoredDir)} already holds a database`);
    if (baseUrl) return; // the rest is the embedded database's own

    // --force replaces the database there, checked first like any other.
    const forced = await npmRun("db:restore", [file, "--data-dir", restoredDir, "--force"], restoredEnv);
    expect(forced.code, forced.out).toBe(0);
    expect(forced.out).toContain(`Restored ${file} into ${pgliteDir(restoredDir)}: ${orders.length} orders`);

    // A file that is no backup: a piece of one.
    const corrupt = join(work, "corrupt.tar.gz");
    writeFileSync(corrupt, readFileSync(file).subarray(0, 4096));
    const broken = join(work, "broken");
    const bad = await npmRun("db:restore", [corrupt, "--data-dir", broken, "--keys", keysFile], {});
    expect(bad).toMatchObject({ code: 1 });
    expect(bad.out).toContain(`${corrupt} is not a backup that opens`);
    expect(existsSync(pgliteDir(broken))).toBe(false);
    expect(existsSync(join(broken, "keys"))).toBe(false);

    // Keys that do not open it: another server's, already in the target.
    const other = join(work, "other-keys");
    mkdirSync(join(other, "keys"), { recursive: true });
    writeFileSync(join(other, "keys", "1.key"), `${randomUUID()}${randomUUID()}\n`);
    writeFileSync(join(other, "data-encryption.key"), `${randomUUID()}\n`);
    const wrong = await npmRun("db:restore", [file, "--data-dir", other], {});
    expect(wrong).toMatchObject({ code: 1 });
    expect(wrong.out).toContain(`The keys in ${join(other, "keys")} do not open the backup's sealed personal data`);
    expect(existsSync(pgliteDir(other))).toBe(false);
    // Nor are the backed-up keys written over other ones.
    const clash = await npmRun("db:restore", [file, "--data-dir", other, "--keys", keysFile], {});
    expect(clash).toMatchObject({ code: 1 });
    expect(clash.out).toContain(`${other} already holds other keys/1.key, data-encryption.key than ${keysFile}`);
    expect(readFileSync(join(other, "keys", "1.key"), "utf8")).not.toBe(kept.files["keys/1.key"]);
    // And no keys at all.
    const bare = join(work, "bare");
    const none = await npmRun("db:restore", [file, "--data-dir", bare], {});
    expect(none).toMatchObject({ code: 1 });
    expect(none.out).toContain(`has no keys to open it with: pass --keys`);
    expect(existsSync(pgliteDir(bare))).toBe(false);

    // With no server running, the script opens the database itself.
    const offline = await npmRun("db:backup", ["--out", join(work, "offline.tar.gz")], { DATA_DIR: restoredDir });
    expect(offline.code, offline.out).toBe(0);
    expect(offline.out).toContain("with no server running");
    expect(offline.out).toContain("The keys are not in the backup");
  }, 300_000);
});

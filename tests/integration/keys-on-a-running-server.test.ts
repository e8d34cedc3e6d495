/**
 * The data keys on a real server process (ADR 0056), on PGlite or PostgreSQL as the run goes:
 * a walk through every call that writes personal data, with markers; `npm run keys:rotate` while
 * the API keeps being called (on PGlite the server holds the database and re-seals itself while
 * the script waits for it; on PostgreSQL the script re-seals beside the server); `keys:status`;
 * `keys:retire` of the old key (and not of the current one); then no marker is found in the
 * database: in a byte search of the PGlite data directory's files once the server has stopped,
 * or in a pg_dump of its PostgreSQL database.
 */
import { spawn, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase, dropTestDatabase, REPO_ROOT, startServer, type StartedServer } from "../e2e/support/server";
import { seedDataDirFromDump } from "../support/db-template";
import { freshAccountNumber } from "../support/bank-accounts";
import { apiOver, chatTexts, expectedReads, marksFor, readPersonalData, writePersonalData } from "../support/personal-data";
import { plainProcessEnv } from "../support/process-env";

const PG_DUMP = "/usr/lib/postgresql/15/bin/pg_dump";
const baseUrl = process.env.DATABASE_URL;
const dataDir = mkdtempSync(join(tmpdir(), "keys-server-"));
let database: { name: string; url: string } | undefined;
let server: StartedServer | undefined;

afterAll(async () => {
  await server?.stop();
  if (baseUrl && database) await dropTestDatabase(baseUrl, database.name);
  rmSync(dataDir, { recursive: true, force: true });
});

/** The settings the server and the scripts share: the same data directory (its keys) and database. */
const env = () => ({ DATA_DIR: dataDir, ...(database ? { DATABASE_URL: database.url } : {}) });

/** `npm run keys:<command>` as a child process. */
function keys(args: string[]): Promise<{ code: number | null; out: string }> {
  const inherited = plainProcessEnv({ withoutDatabaseUrl: true });
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/keys.ts", ...args], { cwd: REPO_ROOT, env: { ...inherited, NODE_ENV: "test", ...env() }, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  child.stdout.on("data", (c: Buffer) => (out += c.toString()));
  child.stderr.on("data", (c: Buffer) => (out += c.toString()));
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, out })));
}

/** Every file under `dir`, for a byte search. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe(`the data keys on a running server (${baseUrl ? "PostgreSQL" : "PGlite"})`, () => {
  it("rotates while the API is in use, retires the old key, and leaves no personal marker readable at rest", async () => {
    if (baseUrl) database = await createTestDatabase(baseUrl);
    else await seedDataDirFromDump(dataDir);
    server = await startServer({ env: { ...env(), WEB_TIER: "off" } });
    const base = server.apiUrl;
    const api = apiOver((req) => fetch(req), base);
    const tag = `mk${randomUUID().replace(/-/g, "").slice(0, 12)}`;
    const w = await writePersonalData(api, marksFor(tag));
    expect(await readPersonalData(api, w)).toEqual(expectedReads(w.marks));

    // Rotate while the API keeps writing and reading; the script ends when every value is under key 2.
    const gtb = (await api.ok<{ paymentType: { id: number; nameEn: string }[] }>("/userPayment/getPaymentType", {}, w.seller)).paymentType.find((b) => b.nameEn === "GTBank")!.id;
    let rotating = true;
    const rotation = keys(["rotate", "--wait-seconds", "120"]).finally(() => (rotating = false));
    const added: { id: number; realname: string }[] = [];
    const said: string[] = [];
    for (let round = 0; rotating || round < 2; round++) {
      const realname = `During ${round} ${tag}`;
      if (added.length < 8) {
        const { id } = await api.ok<{ id: number }>("/userPayment/addPayment", { paymentId: gtb, userPayment: { realname, accountNumber: freshAccountNumber() } }, w.seller);
        added.push({ id, realname });
      }
      const text = `while rotating ${round} ${tag}`;
      await api.chat(w.seller, "send", { conversationId: `GROUP${w.orderId}`, clientMsgId: randomUUID(), type: "TIMTextElem", text });
      said.push(text);
      await api.ok("/userWithdraw/getWithdrawDetail", { id: w.withdrawalId }, w.seller);
      await api.chat(w.merchant, "history", { conversationId: `GROUP${w.orderId}` });
      await new Promise((r) => setTimeout(r, 200));
    }
    const rotated = await rotation;
    expect(rotated.out).toContain("Key 2 is current now");
    expect(rotated.out).toContain(baseUrl ? "Done: every value is under key 2." : "it re-seals the values under key 2 itself");
    expect(rotated.out).toContain("Done: every value is under key 2.");
    expect(rotated.code, rotated.out).toBe(0);

    // A server that switched keys after the script's last pass sealed under key 1 meanwhile; its own
    // job walks the tables once it has switched (ADR 0056): on a loaded machine, seconds later.
    let status = await keys(["status"]);
    for (let i = 0; i < 30 && /key 1: [1-9]/.test(status.out); i++) {
      await new Promise((r) => setTimeout(r, 2_000));
      status = await keys(["status"]);
    }
    expect(status.code, status.out).toBe(0);
    expect(status.out).toMatch(baseUrl ? /key 2: [\d,]+ values \(current; every value under it since/ : /Every value is under its current key\.\n {2}key 2: [\d,]+ values/);
    expect(status.out).not.toMatch(/key 1: [1-9]/);

    // The current key cannot be retired; the old one, holding nothing now, can.
    const refused = await keys(["retire", "2"]);
    expect(refused).toMatchObject({ code: 1 });
    expect(refused.out).toContain("Key 2 is the current key: rotate to a new one first.");
    const retired = await keys(["retire", "1"]);
    expect(retired.code, retired.out).toBe(0);
    expect(retired.out).toContain(`Key 1 is retired: ${join(dataDir, "keys")}/1.key is removed.`);
    expect(existsSync(join(dataDir, "keys", "1.key"))).toBe(false);

    // Everything reads back as written, through the new key alone.
    expect(await readPersonalData(api, w)).toEqual(expectedReads(w.marks));
    const list = (await api.ok<{ paymentList: { id: number; realname: string }[] }>("/userPayment/getPaymentList", {}, w.seller)).paymentList;
    for (const a of added) expect(list.find((x) => x.id === a.id)?.realname).toBe(a.realname);
    const history = await chatTexts(api, w.merchant, `GROUP${w.orderId}`);
    for (const text of said) expect(history).toContain(text);

    await server.stop();
    server = undefined;

    // At rest: the markers nowhere; readable data (the demo seller's e-mail) found, so the search works.
    const markers = [tag, w.marks.accountNumber, w.marks.kycBirthday];
    let rest: Buffer;
    if (baseUrl) {
      const dump = spawnSync(PG_DUMP, ["--data-only", database!.url], { maxBuffer: 256 * 1024 * 1024 });
      expect(dump.status, dump.stderr?.toString()).toBe(0);
      rest = dump.stdout;
    } else rest = Buffer.concat(filesUnder(dataDir).map((f) => readFileSync(f)));
    expect(rest.includes("seller@demo.test")).toBe(true);
    for (const m of markers) expect(rest.includes(m), `${m} at rest`).toBe(false);

    // With the server stopped, the status is read from the database itself.
    const after = await keys(["status"]);
    expect(after.code, after.out).toBe(0);
    expect(after.out).toContain("Key ring (");
    expect(after.out).toMatch(/key 2: [\d,]+ values \(current; every value under it since/);
    expect(after.out).toMatch(/key 1: 0 values \(not in the ring/);
  }, 400_000);
});

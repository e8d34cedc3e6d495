/**
 * Rotating the data key (ADR 0056) on PGlite and PostgreSQL, with the key ring in a data
 * directory as `npm start` keeps it: a new key while the API keeps writing and reading loses
 * nothing and leaves every value under the new key; a pass stopped half way is finished by the
 * next; the server's job does it by itself and reports; a process behind never re-seals backwards;
 * a retired key's values are refused, never opened.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Code } from "../../contract/envelope";
import { readStatusFile, resealSweep, statusFileOf } from "../../backend/jobs/reseal";
import { addFolderKey, folderRing, keyFolderOf, removeFolderKey } from "../../backend/security/key-ring";
import { isResealed, registerKeys, rotateToCurrent } from "../../backend/security/rotation";
import { countByKey, SEALED_COLUMNS, totalsByKey } from "../../backend/security/sealed-columns";
import { createSecretBox, SealedValueError, type SecretBox } from "../../backend/security/secret-box";
import { SEALED_VALUE_UNOPENED } from "../../backend/http/errors";
import { createTestBackend, TEST_DATA_KEY, type TestBackend } from "../support/backend";
import { freshAccountNumber } from "../support/bank-accounts";
import { apiOver, chatTexts, expectedReads, marksFor, readPersonalData, writePersonalData, type Api, type Written } from "../support/personal-data";

let dir: string;
let box: SecretBox;
let t: TestBackend;
let api: Api;
let w: Written;
let gtb: number;
const tag = `rot${randomUUID().replace(/-/g, "").slice(0, 8)}`;
const now = () => new Date();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "key-rotation-"));
  box = createSecretBox(TEST_DATA_KEY, folderRing(dir));
  // Every edit looks the account up again: no limit on look-ups here.
  t = await createTestBackend({ secrets: box, env: { DATA_DIR: dir, BANK_RESOLVE_LIMIT_PER_USER: "1000000" } });
  await registerKeys(t.db, box, { at: now(), foldersRing: true });
  api = apiOver((req) => t.backend.handle(req, { trusted: true }));
  w = await writePersonalData(api, marksFor(tag));
  gtb = (await api.ok<{ paymentType: { id: number; nameEn: string }[] }>("/userPayment/getPaymentType", {}, w.seller)).paymentType.find((b) => b.nameEn === "GTBank")!.id;
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Every sealed value, opened, by "table.id.column". */
async function openedValues(): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const { table, columns, ...spec } of SEALED_COLUMNS) {
    const where = "where" in spec ? sql`where ${sql.raw(spec.where)}` : sql``;
    const key = sql.ref("id" in spec ? spec.id : "id");
    const { rows } = await sql<Record<string, string | null>>`select ${key} as id, ${sql.join(columns.map((c) => sql.ref(c)))} from ${sql.table(table)} ${where}`.execute(t.db);
    for (const r of rows) for (const c of columns) if (r[c] !== null) out.set(`${table}.${r.id}.${c}`, box.open(r[c]!));
  }
  return out;
}

const keysHolding = async () => totalsByKey(await countByKey(t.db));
const addAccount = async (name: string, remark: string) =>
  (await api.ok<{ id: number }>("/userPayment/addPayment", { paymentId: gtb, userPayment: { realname: name, accountNumber: freshAccountNumber(), remark } }, w.seller)).id;

describe("rotating the data key", () => {
  it("a database whose values are all under the current key is recorded so from a count, without a walk", async () => {
    expect(await isResealed(t.db, "1")).toBe(false);
    await resealSweep(t.backend.services, "test-holder", { foldersRing: true, log: () => {} })();
    expect(await isResealed(t.db, "1")).toBe(true);
    const status = readStatusFile(readFileSync(statusFileOf(dir), "utf8"))!;
    expect(status).toMatchObject({ current: "1", resealed: true, running: false });
    expect(status.pass).toBeUndefined();
  });

  it("while the API keeps writing and reading: every value ends under the new key, and nothing is lost", async () => {
    // Raced: edited by the API between the pass's read of their batch and its write. Edited: by the
    // load, beside the pass. Each editor has its own accounts, so each account's last note is known.
    const raced: number[] = [];
    const edited: number[] = [];
    for (let i = 0; i < 8; i++) raced.push(await addAccount(`Raced ${i} ${tag}`, `note ${i}`));
    for (let i = 0; i < 4; i++) edited.push(await addAccount(`Edited ${i} ${tag}`, `note ${i}`));
    // Enough values that the pass takes a while in small batches.
    for (let i = 0; i < 60; i++) await api.chat(w.seller, "send", { conversationId: `GROUP${w.orderId}`, clientMsgId: randomUUID(), type: "TIMTextElem", text: `before ${i} ${tag}` });
    const before = await openedValues();
    expect(Object.keys(await keysHolding())).toEqual(["1"]);

    expect(addFolderKey(dir)).toBe("2");
    expect(box.reload()).toBe(true);
    await registerKeys(t.db, box, { at: now(), foldersRing: true });

    const notes = new Map<number, string>();
    const account = async (id: number) =>
      (await api.ok<{ paymentList: { id: number; realname: string; accountNumber: string }[] }>("/userPayment/getPaymentList", {}, w.seller)).paymentList.find((a) => a.id === id)!;
    const editNote = async (id: number, note: string) => {
      const a = await account(id);
      await api.ok("/userPayment/updatePayment", { paymentId: gtb, userPayment: { id, realname: a.realname, accountNumber: a.accountNumber, remark: note } }, w.seller);
      notes.set(id, note);
    };
    let rotating = true;
    const rotation = rotateToCurrent(t.db, box, {
      batch: 2,
      now,
      beforeWrite: async (table, ids) => {
        if (table === "user_payments") for (const id of ids.filter((x) => raced.includes(x))) await editNote(id, `raced ${id}`);
      },
    }).finally(() => (rotating = false));
    const added: number[] = [];
    const said: string[] = [];
    let beside = 0;
    const editor = async (k: number) => {
      for (let round = 0; rotating || round < 2; round++) {
        if (rotating) beside++;
        await editNote(edited[k]!, `edited ${k}.${round}`);
        if (k === 0 && added.length < 5) added.push(await addAccount(`Added ${round} ${tag}`, `new ${round}`));
      }
    };
    const chatter = async () => {
      for (let round = 0; rotating || round < 2; round++) {
        const text = `during rotation ${round} ${tag}`;
        await api.chat(w.seller, "send", { conversationId: `GROUP${w.orderId}`, clientMsgId: randomUUID(), type: "TIMTextElem", text });
        said.push(text);
        await api.chat(w.merchant, "history", { conversationId: `GROUP${w.orderId}` });
      }
    };
    await Promise.all([0, 1, 2, 3].map(editor).concat(chatter()));
    const r = await rotation;
    expect(beside).toBeGreaterThanOrEqual(4); // the load ran beside the rotation
    expect(r.pass.raced).toBeGreaterThanOrEqual(raced.length); // those rows were left as the API wrote them
    expect(r.left).toEqual({});
    expect(await keysHolding()).toEqual({ "2": expect.any(Number) });
    expect(await isResealed(t.db, "2")).toBe(true);

    // What nobody changed opens to what it was; what the load wrote is what the API shows.
    const after = await openedValues();
    for (const [k, v] of before) {
      const [table, id, column] = k.split(".");
      if (table === "user_payments" && column === "remark" && notes.has(Number(id))) continue;
      expect(after.get(k), k).toBe(v);
    }
    const list = (await api.ok<{ paymentList: { id: number; remark: string | null }[] }>("/userPayment/getPaymentList", {}, w.seller)).paymentList;
    for (const [id, note] of notes) expect(list.find((a) => a.id === id)?.remark, `account ${id}`).toBe(note);
    for (const id of added) expect(list.some((a) => a.id === id)).toBe(true);
    const history = await chatTexts(api, w.merchant, `GROUP${w.orderId}`);
    for (const text of said) expect(history).toContain(text);
  });

  it("stopped half way (a crash), the next pass finds the rest; the server's job finishes it and reports", async () => {
    const before = await openedValues();
    expect(addFolderKey(dir)).toBe("3");
    box.reload();
    await registerKeys(t.db, box, { at: now(), foldersRing: true });
    let batches = 0;
    await expect(
      rotateToCurrent(t.db, box, {
        batch: 3,
        now,
        onBatch: () => {
          if (++batches === 4) throw new Error("killed");
        },
      }),
    ).rejects.toThrow("killed");
    const half = await keysHolding();
    expect(half["3"]).toBeGreaterThan(0);
    expect(half["2"]).toBeGreaterThan(0);
    expect(await isResealed(t.db, "3")).toBe(false);

    // The server's own sweep, as after a restart: it walks the tables again.
    const sweep = resealSweep(t.backend.services, "test-holder", { foldersRing: true, log: () => {} });
    await sweep();
    expect(await keysHolding()).toEqual({ "3": expect.any(Number) });
    expect(await isResealed(t.db, "3")).toBe(true);
    expect(await openedValues()).toEqual(before);
    const status = readStatusFile(readFileSync(statusFileOf(dir), "utf8"))!;
    expect(status).toMatchObject({ current: "3", ring: ["3", "2", "1"], running: false, resealed: true, counts: { "3": before.size } });
  });

  it("a process whose newest key is older than the database's never re-seals backwards", async () => {
    const secret = (id: string) => readFileSync(join(keyFolderOf(dir), `${id}.key`), "utf8").trim();
    const behind = createSecretBox(TEST_DATA_KEY, [
      { id: "1", secret: secret("1") },
      { id: "2", secret: secret("2") },
    ]);
    const lines: string[] = [];
    const sweep = resealSweep({ ...t.backend.services, secrets: behind }, "behind-holder", { foldersRing: false, log: (l) => lines.push(l) });
    await sweep();
    expect(await keysHolding()).toEqual({ "3": expect.any(Number) });
    expect(lines.join("\n")).toContain("this process seals under key 2, but key 3 is in use");
  });

  it("a retired key leaves the ring: a value still sealed under it is refused with the key's id, never opened", async () => {
    const { account_number: current } = await t.db.selectFrom("user_payments").select("account_number").where("id", "=", w.accountId).executeTakeFirstOrThrow();
    expect(box.keyIdOf(current)).toBe("3");
    const oldCopy = createSecretBox(TEST_DATA_KEY, [{ id: "1", secret: readFileSync(join(keyFolderOf(dir), "1.key"), "utf8").trim() }]).seal(w.marks.accountNumber);
    removeFolderKey(dir, "1");
    box.reload();
    expect(box.keyIds()).toEqual(["3", "2"]);
    let refused: unknown;
    try {
      box.open(oldCopy);
    } catch (e) {
      refused = e;
    }
    expect(refused).toBeInstanceOf(SealedValueError);
    expect(refused).toMatchObject({ keyId: "1", problem: "retired" });
    expect((refused as Error).message).toContain("This value is sealed under key 1, which is not in the key ring (retired");

    // Such a value in a row (a copy restored from an old backup): the call fails, the text never shows.
    await t.db.updateTable("user_payments").set({ account_number: oldCopy }).where("id", "=", w.accountId).execute();
    const res = await api.call("/userPayment/getPaymentList", {}, w.seller);
    // Said as what it is, with a reference the log line (naming the key) carries: not "internal error".
    expect(res).toMatchObject({ code: Code.FAILED, msg: expect.stringMatching(new RegExp(`^${SEALED_VALUE_UNOPENED} \\(ref [0-9a-f]{8}\\)\\.$`)) });
    expect(JSON.stringify(res)).not.toContain(w.marks.accountNumber);
    await t.db.updateTable("user_payments").set({ account_number: current }).where("id", "=", w.accountId).execute();
  });

  it("values keys:rotate re-sealed under its new key a moment after the server last read its folder: every reader opens them at once", async () => {
    // The server's job has just read the folder (it does every 5 s); then the script adds a key and re-seals.
    box.reload();
    const script = createSecretBox(TEST_DATA_KEY, folderRing(dir));
    expect(addFolderKey(dir)).toBe("4");
    script.reload();
    const r = await rotateToCurrent(t.db, script, { now });
    expect(r.left).toEqual({});
    expect(await keysHolding()).toEqual({ "4": expect.any(Number) });
    // Withdrawal copies, bank accounts, KYC, orders, tickets, chat: each read at once, none refused.
    expect(await readPersonalData(api, w)).toEqual(expectedReads(w.marks));
    expect(box.currentKeyId).toBe("4");
  });
});

/**
 * Personal data sealed at rest (ADR 0056), on PGlite and PostgreSQL: after the calls that write
 * each sealed column, the column holds only values sealed under the current key and no marker in
 * plain text; every reader (the owner, the withdrawer's desk, the merchant, staff, the chat and its
 * transcript) sees what was written; the one-account-once rule still holds on the keyed hash.
 */
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { Code } from "../../contract/envelope";
import { BANK_ACCOUNT_EXISTS } from "../../backend/modules/wallet/payments";
import { SEALED_VALUE_UNOPENED } from "../../backend/http/errors";
import { createBackend } from "../../backend/app";
import { createLogger } from "../../backend/ops/log";
import { registerKeys } from "../../backend/security/rotation";
import { countByKey, SEALED_COLUMNS } from "../../backend/security/sealed-columns";
import { createSecretBox } from "../../backend/security/secret-box";
import { KeyRingError } from "../../backend/security/key-ring";
import { TEST_DATA_KEY } from "../support/backend";
import { apiOver, expectedReads, marksFor, readPersonalData, writePersonalData, type Written } from "../support/personal-data";
import { useBackend } from "../support/use-backend";

const t = useBackend();
const tag = `mk${randomUUID().replace(/-/g, "").slice(0, 10)}`;
const api = () => apiOver((req) => t.b.backend.handle(req, { trusted: true }));
let written: Written;

/** Every row of the tables that hold sealed columns, as text. */
async function sealedTablesAsText(): Promise<string> {
  const parts: string[] = [];
  for (const { table } of SEALED_COLUMNS) {
    const { rows } = await sql<{ r: string }>`select t::text as r from ${sql.table(table)} t`.execute(t.b.db);
    parts.push(...rows.map((x) => x.r));
  }
  return parts.join("\n");
}

describe("personal data at rest", () => {
  it("every call that writes personal data seals it; every reader sees what was written", async () => {
    written = await writePersonalData(api(), marksFor(tag));
    expect(await readPersonalData(api(), written)).toEqual(expectedReads(written.marks));

    const counts = await countByKey(t.b.db);
    expect(counts.filter((c) => c.key !== "1")).toEqual([]);
    // Each column the walk writes holds sealed values now.
    const columns = new Set(counts.map((c) => `${c.table}.${c.column}`));
    for (const { table, columns: cols } of SEALED_COLUMNS) for (const c of cols) expect(columns, `${table}.${c}`).toContain(`${table}.${c}`);

    const text = await sealedTablesAsText();
    expect(text).not.toContain(tag);
    expect(text).not.toContain(written.marks.accountNumber);
    expect(text).not.toContain(written.marks.kycBirthday);
    expect(text).not.toContain(written.twoFactorSecret);
  });

  it("the same account again, however it is spaced, is refused: the keyed hash finds it", async () => {
    const gtb = (await api().ok<{ paymentType: { id: number; nameEn: string }[] }>("/userPayment/getPaymentType", {}, written.seller)).paymentType.find((b) => b.nameEn === "GTBank")!.id;
    const n = written.marks.accountNumber;
    const spaced = `${n.slice(0, 4)} ${n.slice(4, 7)}-${n.slice(7)}`;
    const again = await api().call("/userPayment/addPayment", { paymentId: gtb, userPayment: { realname: "Ada Okafor", accountNumber: spaced } }, written.seller);
    expect(again).toMatchObject({ code: Code.FAILED, msg: BANK_ACCOUNT_EXISTS });
  });

  it("a server with another key under the same id is refused at start; a value it cannot open is an error, never text", async () => {
    const impostor = createSecretBox(TEST_DATA_KEY, [{ id: "1", secret: "not-the-test-key-1-0123" }]);
    await registerKeys(t.b.db, t.b.backend.services.secrets, { at: new Date() });
    await expect(registerKeys(t.b.db, impostor, { at: new Date() })).rejects.toThrow(KeyRingError);
    await expect(registerKeys(t.b.db, impostor, { at: new Date() })).rejects.toThrow("Key 1 of this process is not the key 1 this database's values are sealed under");

    // Had it started anyway: what it cannot open is refused, and the log says why.
    const lines: string[] = [];
    const wrong = createBackend({ db: t.b.db, config: t.b.config, clock: t.b.clock, secrets: impostor, log: (l) => lines.push(l), logger: createLogger({ destination: { write: (l) => void lines.push(l) } }) });
    const res = (await (
      await wrong.handle(new Request("http://test/client/userPayment/getPaymentList", { method: "POST", headers: { Authorization: written.seller, "content-type": "application/json" }, body: "{}" }), { trusted: true })
    ).json()) as { code: number; msg: string; data?: unknown };
    expect(res).toMatchObject({ code: Code.FAILED, msg: expect.stringContaining(SEALED_VALUE_UNOPENED) });
    expect(res.data).toBeUndefined();
    expect(JSON.stringify(res)).not.toContain(tag);
    expect(lines.join("\n")).toContain("This value does not open under key 1: it was altered, or sealed under another key with that id.");
  });
});

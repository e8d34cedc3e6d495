/**
 * Payout accounts that exist (ADR 0053), over a real backend: the NUBAN check at
 * /userPayment/*, the holder's name from the demo banks and from a Paystack-shaped provider (a
 * stand-in HTTP server on loopback), refusals and timeouts that save nothing, accounts saved before
 * the check flagged (not deleted) and refused by applyWithdraw. The books are checked after each test.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  ACCOUNT_NEEDS_ATTENTION,
  ACCOUNT_NUMBER_INVALID,
  BANK_ACCOUNT_EXISTS,
  BANK_CHECK_UNAVAILABLE,
  accountNotFoundAt,
  accountNumberNotAtBank,
  bankCannotBeChecked,
} from "../../contract/bank-accounts";
import { Code } from "../../contract/envelope";
import { MESSAGES } from "../../contract/messages";
import { tooManyAccountChecks } from "../../backend/modules/wallet/payments";
import { createTestBackend, type TestBackend } from "../support/backend";
import { accountNumberAt, storedAccount } from "../support/bank-accounts";
import { openNullable } from "../../backend/security/secret-box";
import { expectLedgerBalanced } from "../support/ledger";
import { expectOk, expectRefused, userIdOf, type Party } from "../support/orders";
import { account, bankIdByName, makeUser, makeWithdrawer, setAvailable } from "../support/wallet";

/** Rows of the user's, deleted ones too, opened: "nothing saved" means none appeared and none changed. */
const rowsOf = async (t: TestBackend, userId: number) => {
  const box = t.backend.services.secrets;
  const rows = await t.db.selectFrom("user_payments").select(["id", "payment_id", "realname", "account_number", "remark", "deleted_at"]).where("user_id", "=", userId).orderBy("id").execute();
  return rows.map((r) => ({ ...r, realname: box.open(r.realname), account_number: box.open(r.account_number), remark: openNullable(box, r.remark) }));
};

const LOOKUPS_PER_WINDOW = 8;

describe("with the demo banks", () => {
  let t: TestBackend;
  let gtb: number;
  let zenith: number;
  beforeAll(async () => {
    t = await createTestBackend({ env: { BANK_RESOLVE_LIMIT_PER_USER: String(LOOKUPS_PER_WINDOW) } });
    gtb = await bankIdByName(t, "GTBank");
    zenith = await bankIdByName(t, "Zenith Bank");
  });
  afterAll(() => t?.close());
  afterEach(() => expectLedgerBalanced(t.db));

  const add = (u: Party, paymentId: number, accountNumber: string, realname = "Ada Obi") =>
    t.call("/userPayment/addPayment", { paymentId, userPayment: { realname, accountNumber } }, { token: u.token });
  const resolve = (u: Party, body: Record<string, unknown>) => t.call("/userPayment/resolveAccount", body, { token: u.token });

  it("lists every bank with its code; OPay and PalmPay also number accounts by mobile number", async () => {
    const u = await makeUser(t);
    const res = await t.call("/userPayment/getPaymentType", {}, { token: u.token });
    expectOk(res);
    const byName = Object.fromEntries(res.data.paymentType.map((b: { nameEn: string; code: string; phoneAccounts: boolean }) => [b.nameEn, [b.code, b.phoneAccounts]]));
    expect(byName).toEqual({
      "Access Bank": ["044", false],
      GTBank: ["058", false],
      "Zenith Bank": ["057", false],
      "First Bank": ["011", false],
      UBA: ["033", false],
      Fidelity: ["070", false],
      Opay: ["999992", true],
      Kuda: ["50211", false],
      Moniepoint: ["50515", false],
      PalmPay: ["999991", true],
    });
  });

  it("'abc-12', or a number whose check digit is not the bank's, is refused at the field and nothing is saved", async () => {
    const u = await makeUser(t);
    for (const call of [
      (n: string) => add(u, gtb, n),
      (n: string) => resolve(u, { paymentId: gtb, accountNumber: n, realname: "Ada Obi" }),
    ]) {
      expectRefused(await call("abc-12"), ACCOUNT_NUMBER_INVALID, Code.INVALID);
      expectRefused(await call("012345678"), ACCOUNT_NUMBER_INVALID, Code.INVALID);
      expectRefused(await call("0123456789"), accountNumberNotAtBank("GTBank"), Code.FAILED);
    }
    // Valid at GTBank, not at Zenith.
    expectRefused(await add(u, zenith, accountNumberAt("GTBank", 12_345_678)), accountNumberNotAtBank("Zenith Bank"), Code.FAILED);
    expect(await rowsOf(t, u.id)).toEqual([]);

    // An edit is held to the same rule, and leaves the account as it was.
    const good = accountNumberAt("GTBank", 111_222_333);
    const created = await add(u, gtb, good);
    expectOk(created);
    const before = await rowsOf(t, u.id);
    expectRefused(
      await t.call("/userPayment/updatePayment", { paymentId: gtb, userPayment: { id: created.data.id, realname: "Ada Obi", accountNumber: "abc-12" } }, { token: u.token }),
      ACCOUNT_NUMBER_INVALID,
      Code.INVALID,
    );
    expectRefused(
      await t.call("/userPayment/updatePayment", { paymentId: zenith, userPayment: { id: created.data.id, realname: "Ada Obi", accountNumber: good } }, { token: u.token }),
      accountNumberNotAtBank("Zenith Bank"),
      Code.FAILED,
    );
    expect(await rowsOf(t, u.id)).toEqual(before);
  });

  it("resolveAccount answers the bank's name and saves nothing; addPayment saves the bank's name, not the one typed", async () => {
    const u = await makeUser(t);
    // The seller's GTBank account, as the demo bank keeps it.
    const checked = await resolve(u, { paymentId: gtb, accountNumber: "0125 874 695", realname: "Ada" });
    expectOk(checked);
    expect(checked.data).toEqual({ accountName: "ADA OKAFOR", accountNumber: "0125874695" });
    expect(await rowsOf(t, u.id)).toEqual([]);

    const added = await add(u, gtb, "0125-874-695", "Ada");
    expectOk(added);
    const list = (await t.call("/userPayment/getPaymentList", {}, { token: u.token })).data.paymentList;
    expect(list).toEqual([expect.objectContaining({ id: added.data.id, paymentNameEn: "GTBank", realname: "ADA OKAFOR", accountNumber: "0125874695" })]);
    expect(list[0]).not.toHaveProperty("problem");

    // Any other number that passes the check: the name typed.
    const other = accountNumberAt("GTBank", 400_500_600);
    expect((await resolve(u, { paymentId: gtb, accountNumber: other, realname: " Ngozi Eze " })).data).toEqual({ accountName: "Ngozi Eze", accountNumber: other });

    // Already saved: said at the check, before any look-up; the account itself may be checked for an edit.
    expectRefused(await resolve(u, { paymentId: gtb, accountNumber: "0125874695", realname: "Ada" }), BANK_ACCOUNT_EXISTS, Code.FAILED);
    expectOk(await resolve(u, { paymentId: gtb, accountNumber: "0125874695", realname: "Ada", id: added.data.id }));
    // Another user's account id answers as if it did not exist.
    const stranger = await makeUser(t);
    expectRefused(await resolve(stranger, { paymentId: gtb, accountNumber: other, realname: "X", id: added.data.id }), "Bank account not found.", Code.NOT_FOUND);

    // An edit saves the bank's name too.
    expectOk(await t.call("/userPayment/updatePayment", { paymentId: gtb, userPayment: { id: added.data.id, realname: "Ngozi Eze", accountNumber: other, remark: "salary" } }, { token: u.token }));
    expect((await rowsOf(t, u.id)).map((r) => [r.realname, r.account_number, r.remark])).toEqual([["Ngozi Eze", other, "salary"]]);
  });

  it("an account the bank does not have (the demo's closed Zenith account) is refused and nothing is saved", async () => {
    const u = await makeUser(t);
    expectRefused(await resolve(u, { paymentId: zenith, accountNumber: "1049382719", realname: "Ada Obi" }), accountNotFoundAt("Zenith Bank"), Code.FAILED);
    expectRefused(await add(u, zenith, "1049382719"), accountNotFoundAt("Zenith Bank"), Code.FAILED);
    expect(await rowsOf(t, u.id)).toEqual([]);
  });

  it(`a user may look up ${LOOKUPS_PER_WINDOW} accounts per window; then is told when to try again`, async () => {
    const u = await makeUser(t);
    for (let i = 0; i < LOOKUPS_PER_WINDOW; i++) expectOk(await resolve(u, { paymentId: gtb, accountNumber: accountNumberAt("GTBank", 700_000_000 + i), realname: "Ada Obi" }));
    const refused = await resolve(u, { paymentId: gtb, accountNumber: accountNumberAt("GTBank", 700_000_100), realname: "Ada Obi" });
    expectRefused(refused, tooManyAccountChecks(15), Code.TOO_MANY);
    expectRefused(await add(u, gtb, accountNumberAt("GTBank", 700_000_101)), tooManyAccountChecks(15), Code.TOO_MANY);
    expect(await rowsOf(t, u.id)).toEqual([]);
    // Numbers that fail the check are refused without a look-up, so they do not count.
    expectRefused(await resolve(u, { paymentId: gtb, accountNumber: "0123456789", realname: "Ada Obi" }), accountNumberNotAtBank("GTBank"));
    t.clock.advance(15 * 60_000);
    expectOk(await add(u, gtb, accountNumberAt("GTBank", 700_000_101)));
  });

  it("accounts saved before the check that fail it are flagged to their owner, not deleted; no coins are sold to them", async () => {
    const u = await makeUser(t, { tradePassword: "135790" });
    const kept = (accountNumber: string, paymentId = gtb) =>
      t.db
        .insertInto("user_payments")
        .values({ user_id: u.id, payment_id: paymentId, ...storedAccount(t.backend.services.secrets, { realname: "Ada Obi", accountNumber }), created_at: t.clock.now() })
        .returning("id")
        .executeTakeFirstOrThrow()
        .then((r) => r.id);
    const shapeless = await kept("abc-12");
    const wrongDigit = await kept("0123456789");
    const spaced = await kept("0123 456 785");
    const list = (await t.call("/userPayment/getPaymentList", {}, { token: u.token })).data.paymentList as { id: number; problem?: string; accountNumber: string }[];
    expect(list.map((a) => [a.id, a.accountNumber, a.problem])).toEqual([
      [shapeless, "abc-12", "Its number is not a 10-digit account number."],
      [wrongDigit, "0123456789", "Its number is not a valid GTBank account number."],
      [spaced, "0123 456 785", undefined],
    ]);

    const w = await makeWithdrawer(t, { userId: await userIdOf(t, "withdrawer1@demo.test"), minTrade: 1_000, maxTrade: 500_000 });
    await setAvailable(t, u.id, 100_000);
    const sell = (userPaymentId: number) =>
      t.call("/userWithdraw/applyWithdraw", { withdrawerId: w, amount: 10_000, userPaymentId, tradePwd: "135790" }, { token: u.token });
    for (const id of [shapeless, wrongDigit]) expectRefused(await sell(id), ACCOUNT_NEEDS_ATTENTION, Code.FAILED);
    expect(await account(t, u.id)).toEqual({ amount: 100_000, frozen: 0 });
    expect(await t.db.selectFrom("withdrawals").select("id").where("user_id", "=", u.id).execute()).toEqual([]);
    expectOk(await sell(spaced));
    expect(await account(t, u.id)).toEqual({ amount: 90_000, frozen: 10_000 });

    // Edited into a number that passes, the same account is clear again.
    const fixed = accountNumberAt("GTBank", 222_333_444);
    expectOk(await t.call("/userPayment/updatePayment", { paymentId: gtb, userPayment: { id: wrongDigit, realname: "Ada Obi", accountNumber: fixed } }, { token: u.token }));
    const after = (await t.call("/userPayment/getPaymentList", {}, { token: u.token })).data.paymentList as { id: number; problem?: string }[];
    expect(after.map((a) => [a.id, a.problem])).toEqual([
      [shapeless, "Its number is not a 10-digit account number."],
      [wrongDigit, undefined],
      [spaced, undefined],
    ]);
    expectOk(await sell(wrongDigit));
  });

  it("a bank without a code is not offered; accounts kept there are flagged", async () => {
    const u = await makeUser(t);
    const fidelity = await bankIdByName(t, "Fidelity");
    const number = accountNumberAt("Fidelity", 123_123_123);
    const created = await add(u, fidelity, number);
    expectOk(created);
    await t.db.updateTable("payment_types").set({ code: null }).where("id", "=", fidelity).execute();
    try {
      const types = (await t.call("/userPayment/getPaymentType", {}, { token: u.token })).data.paymentType as { nameEn: string }[];
      expect(types.map((b) => b.nameEn)).not.toContain("Fidelity");
      expectRefused(await add(u, fidelity, accountNumberAt("Fidelity", 123_123_124)), MESSAGES.bank, Code.FAILED);
      const list = (await t.call("/userPayment/getPaymentList", {}, { token: u.token })).data.paymentList;
      expect(list).toEqual([expect.objectContaining({ id: created.data.id, problem: bankCannotBeChecked("Fidelity") })]);
    } finally {
      await t.db.updateTable("payment_types").set({ code: "070" }).where("id", "=", fidelity).execute();
    }
  });
});

describe("with a Paystack-shaped provider", () => {
  let t: TestBackend;
  let server: Server;
  let gtb: number;
  const asked: { query: Record<string, string>; authorization?: string }[] = [];
  /** The stand-in bank: known accounts by number; SLOW answers after the time limit, BROKEN with HTML, the rest 422. */
  const KNOWN = accountNumberAt("GTBank", 500_600_700);
  const SLOW = accountNumberAt("GTBank", 500_600_701);
  const BROKEN = accountNumberAt("GTBank", 500_600_702);
  const UNKNOWN = accountNumberAt("GTBank", 500_600_703);

  beforeAll(async () => {
    server = createServer((req, res) => {
      const u = new URL(req.url ?? "/", "http://stand-in");
      const query = Object.fromEntries(u.searchParams);
      asked.push({ query, authorization: req.headers.authorization });
      const json = (status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
      if (u.pathname !== "/bank/resolve") return json(404, { status: false, message: "Not found" });
      if (query.account_number === KNOWN) return json(200, { status: true, message: "Account number resolved", data: { account_number: KNOWN, account_name: "OKAFOR ADA CHIOMA", bank_id: 9 } });
      if (query.account_number === SLOW) return void setTimeout(() => json(200, { status: true, data: { account_number: SLOW, account_name: "TOO LATE" } }), 1_500);
      if (query.account_number === BROKEN) return void res.writeHead(502, { "content-type": "text/html" }).end("<html>Bad gateway</html>");
      json(422, { status: false, message: "Could not resolve account name. Check parameters or try again." });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    t = await createTestBackend({ env: { BANK_RESOLVE_URL: url, BANK_RESOLVE_KEY: "sk_test_stand_in", BANK_RESOLVE_TIMEOUT_MS: "300" } });
    gtb = await bankIdByName(t, "GTBank");
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((r) => server.close(() => r()));
  });
  afterEach(() => expectLedgerBalanced(t.db));

  const add = (u: Party, accountNumber: string) =>
    t.call("/userPayment/addPayment", { paymentId: gtb, userPayment: { realname: "Ada Okafor", accountNumber } }, { token: u.token });

  it("saves the holder's name the provider answered, asked with the bank's code and our key", async () => {
    const u = await makeUser(t);
    expect((await t.call("/userPayment/resolveAccount", { paymentId: gtb, accountNumber: KNOWN, realname: "Ada Okafor" }, { token: u.token })).data).toEqual({
      accountName: "OKAFOR ADA CHIOMA",
      accountNumber: KNOWN,
    });
    asked.length = 0;
    expectOk(await add(u, KNOWN));
    expect(asked).toEqual([{ query: { account_number: KNOWN, bank_code: "058" }, authorization: "Bearer sk_test_stand_in" }]);
    expect((await rowsOf(t, u.id)).map((r) => r.realname)).toEqual(["OKAFOR ADA CHIOMA"]);
  });

  it("a refusal says the bank has no such account; a timeout or an unreadable answer asks to try again; nothing is saved", async () => {
    const u = await makeUser(t);
    expectRefused(await add(u, UNKNOWN), accountNotFoundAt("GTBank"), Code.FAILED);
    const started = Date.now();
    expectRefused(await add(u, SLOW), BANK_CHECK_UNAVAILABLE, Code.FAILED);
    expect(Date.now() - started).toBeLessThan(1_400);
    expectRefused(await add(u, BROKEN), BANK_CHECK_UNAVAILABLE, Code.FAILED);
    expect(await rowsOf(t, u.id)).toEqual([]);

    // An edit that cannot be checked leaves the account as it was.
    expectOk(await add(u, KNOWN));
    const before = await rowsOf(t, u.id);
    for (const [number, message] of [
      [SLOW, BANK_CHECK_UNAVAILABLE],
      [UNKNOWN, accountNotFoundAt("GTBank")],
    ] as const) {
      expectRefused(
        await t.call("/userPayment/updatePayment", { paymentId: gtb, userPayment: { id: before[0]!.id, realname: "Ada Okafor", accountNumber: number, remark: "new" } }, { token: u.token }),
        message,
        Code.FAILED,
      );
    }
    expect(await rowsOf(t, u.id)).toEqual(before);
  });

  it("a number that fails the check never reaches the provider", async () => {
    const u = await makeUser(t);
    asked.length = 0;
    expectRefused(await add(u, "0123456789"), accountNumberNotAtBank("GTBank"));
    expectRefused(await add(u, "abc-12"), ACCOUNT_NUMBER_INVALID);
    expect(asked).toEqual([]);
  });
});

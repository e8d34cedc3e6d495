import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { randomUUID } from "node:crypto";
import { DEMO_LOGINS } from "../../backend/demo/world";
import { transaction } from "../../backend/db/index";
import { applyBalanceChanges } from "../../backend/modules/wallet/ledger";
import { createTestBackend, type Envelope, type TestBackend } from "./backend";
import { expectLedgerBalanced } from "./ledger";
import { makeImage } from "./images";
import { userIdOf, type Party } from "./orders";
import { freshAccountNumber, type BankName } from "./bank-accounts";

/** Helpers for the wallet tests: parties, withdrawers of their own, bank accounts, credits, uploads. */

export interface WalletParties {
  seller: Party;
  seller2: Party;
  merchant: Party;
  withdrawer: Party;
  withdrawer2: Party;
  admin: Party;
}

export async function walletParties(t: TestBackend): Promise<WalletParties> {
  const one = async (email: string): Promise<Party> => ({ id: await userIdOf(t, email), token: await t.login(email) });
  return {
    seller: await one(DEMO_LOGINS.seller),
    seller2: await one(DEMO_LOGINS.seller2),
    merchant: await one(DEMO_LOGINS.merchants[0]),
    withdrawer: await one(DEMO_LOGINS.withdrawers[0]),
    withdrawer2: await one(DEMO_LOGINS.withdrawers[1]),
    admin: await one(DEMO_LOGINS.admin),
  };
}

/**
 * The set-up of a wallet test file: a fresh backend and the wallet parties in beforeAll
 * (handed to `ready`, which keeps them), the books checked after each test, the backend
 * closed in afterAll.
 */
export function setUpWalletTests(ready: (world: { t: TestBackend; p: WalletParties }) => void | Promise<void>): void {
  let t: TestBackend | undefined;
  beforeAll(async () => {
    t = await createTestBackend();
    await ready({ t, p: await walletParties(t) });
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(async () => {
    await expectLedgerBalanced(t!.db);
  });
}

export interface WithdrawerOptions {
  userId: number;
  /** Coin hundredths. */
  minTrade?: number;
  maxTrade?: number;
  remainBalance?: number;
  /** NGN per coin, per 10000. */
  currencyRate?: number;
  status?: number;
  currency?: string;
}

/** A withdrawer row of its own (tests do not depend on the demo withdrawers' figures). */
export async function makeWithdrawer(t: TestBackend, o: WithdrawerOptions): Promise<number> {
  const remain = o.remainBalance ?? 100_000_000;
  const row = await t.db
    .insertInto("withdrawers")
    .values({
      user_id: o.userId,
      status: o.status ?? 1,
      currency: o.currency ?? "NGN",
      currency_rate: o.currencyRate ?? 5_350_000,
      min_trade: o.minTrade ?? 100,
      max_trade: o.maxTrade ?? 100_000_000,
      remain_balance: remain,
      total_balance: remain,
      tags: "Test",
      description: "Test withdrawer.",
      last_update: t.clock.now(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function withdrawerRow(t: TestBackend, id: number) {
  return t.db.selectFrom("withdrawers").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

export async function withdrawalRow(t: TestBackend, id: number) {
  return t.db.selectFrom("withdrawals").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

export const bankIdByName = async (t: TestBackend, name: string) =>
  (await t.db.selectFrom("payment_types").select("id").where("name_en", "=", name).executeTakeFirstOrThrow()).id;

/**
 * Adds a bank account through the API and returns its id; without a number, a fresh valid one
 * (an account is kept once per user, and must pass its bank's check: ADR 0053).
 */
export async function addBank(t: TestBackend, token: string, account: Partial<{ realname: string; accountNumber: string; remark: string; bank: BankName }> = {}): Promise<number> {
  const bank = account.bank ?? "GTBank";
  const res = await t.call(
    "/userPayment/addPayment",
    {
      paymentId: await bankIdByName(t, bank),
      userPayment: { realname: account.realname ?? "Ada Obi", accountNumber: account.accountNumber ?? freshAccountNumber(bank), remark: account.remark ?? "" },
    },
    { token },
  );
  expect(res.msg ?? "").toBe("");
  return res.data.id as number;
}

/** Sets a user's available balance to exactly `amount` through the ledger (a Transfer bill). */
export async function setAvailable(t: TestBackend, userId: number, amount: number) {
  await transaction(t.db, async (trx) => {
    const a = await trx.selectFrom("accounts").select("amount").where("user_id", "=", userId).executeTakeFirst();
    const delta = amount - Number(a?.amount ?? 0);
    if (delta !== 0)
      await applyBalanceChanges(trx, userId, [{ part: "amount", delta }], {
        reason: "test balance",
        bill: { type: 4, descriptionEn: "Test balance", transAmount: delta },
      });
  });
}

export async function account(t: TestBackend, userId: number) {
  const a = await t.db.selectFrom("accounts").selectAll().where("user_id", "=", userId).executeTakeFirst();
  return { amount: Number(a?.amount ?? 0), frozen: Number(a?.frozen_amount ?? 0) };
}

/** A real /image/uploadImage of type "payment" (multipart), answered as an envelope. */
export async function uploadPayment(t: TestBackend, token: string): Promise<Envelope<{ path: string }>> {
  const form = new FormData();
  form.set("file", new File([new Uint8Array(await makeImage("png", 64, 48))], "receipt.png", { type: "image/png" }));
  form.set("type", "payment");
  const headers = new Headers({ IPv4: "10.0.0.9", Authorization: token });
  const res = await t.backend.handle(new Request("http://test/client/image/uploadImage", { method: "POST", headers, body: form }), { trusted: true });
  return (await res.json()) as Envelope<{ path: string }>;
}

export async function payPicturePath(t: TestBackend, token: string): Promise<string> {
  const res = await uploadPayment(t, token);
  expect(res.msg ?? "").toBe("");
  return res.data!.path;
}

let userSeq = 0;
/** A fresh ordinary user (password demo1234, no trade password unless asked), signed in. */
export async function makeUser(t: TestBackend, opts: { tradePassword?: string; mobile?: string } = {}): Promise<Party> {
  const { hashPassword } = await import("../../backend/security/passwords");
  userSeq++;
  const tag = `${userSeq}x${randomUUID().slice(0, 8)}`;
  const letters = Array.from({ length: 6 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join("");
  const row = await t.db
    .insertInto("users")
    .values({
      email: `u${tag}@test.example`,
      nickname: `U${tag}`.slice(0, 20),
      password_hash: await hashPassword("demo1234"),
      trade_pwd_hash: opts.tradePassword ? await hashPassword(opts.tradePassword) : null,
      mobile: opts.mobile ?? null,
      invite_code: letters,
    })
    .returning(["id", "email"])
    .executeTakeFirstOrThrow();
  return { id: row.id, token: await t.login(row.email!) };
}

import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import type { AnyCallRequest, StaffPath } from "../../contract/index";
import { DEMO_LOGINS } from "../../backend/demo/world";
import { findLedgerMismatches } from "../../backend/modules/wallet/ledger";
import { lookupHashFromSecret } from "../../backend/security/order-secret";
import { openNullable } from "../../backend/security/secret-box";
import { createTestBackend, type Envelope, type TestBackend } from "./backend";

/** Helpers for the order tests: parties, a private advert, placing orders, staff calls, balances. */

export interface Party {
  id: number;
  token: string;
}

export interface Parties {
  seller: Party;
  seller2: Party;
  merchant: Party;
  merchant2: Party;
  admin: Party;
}

export async function userIdOf(t: TestBackend, email: string): Promise<number> {
  return (await t.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
}

export async function parties(t: TestBackend): Promise<Parties> {
  const one = async (email: string): Promise<Party> => ({ id: await userIdOf(t, email), token: await t.login(email) });
  return {
    seller: await one(DEMO_LOGINS.seller),
    seller2: await one(DEMO_LOGINS.seller2),
    merchant: await one(DEMO_LOGINS.merchants[0]),
    merchant2: await one(DEMO_LOGINS.merchants[1]),
    admin: await one(DEMO_LOGINS.admin),
  };
}

/**
 * The set-up of an order test file: a fresh backend and the demo parties in beforeAll
 * (handed to `ready`, which keeps them and may add adverts), the books checked after
 * each test, the backend closed in afterAll.
 */
export function setUpOrderTests(ready: (world: { t: TestBackend; p: Parties }) => void | Promise<void>): void {
  let t: TestBackend | undefined;
  beforeAll(async () => {
    t = await createTestBackend();
    await ready({ t, p: await parties(t) });
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(async () => {
    await expectBooksBalanced(t!);
  });
}

/** A /merchant or /admin call. */
export async function staff<P extends StaffPath>(t: TestBackend, path: P, body: AnyCallRequest<P> | Record<string, unknown>, token: string): Promise<Envelope> {
  const res = await t.raw(path, body, { token });
  return (await res.json()) as Envelope;
}

export interface AdvertOptions {
  merchantId: number;
  /** 0 picture, 1 e-code. */
  cardType?: 0 | 1;
  minTrade?: number;
  maxTrade?: number;
  /** Remaining face, hundredths. */
  tradeAmount?: number;
  discount?: number;
  usdDiscount?: number;
  /** WHOLE units, as adverts.fix_trade stores them. */
  fixTrade?: string;
  payLimit?: number;
  currency?: string;
  /** E-codes one order may carry; 0 any number. */
  codesPerOrder?: number;
}

/** A fresh listed advert of its own (tests do not depend on the demo offers' figures). */
export async function makeAdvert(t: TestBackend, o: AdvertOptions): Promise<number> {
  const cardType = await t.db.selectFrom("card_types").select("id").where("name_en", "=", "Apple Gift Card").executeTakeFirstOrThrow();
  const row = await t.db
    .insertInto("adverts")
    .values({
      user_id: o.merchantId,
      card_type_id: cardType.id,
      card_type: o.cardType ?? 1,
      tag_list_en: "E-code|Test",
      min_trade: o.minTrade ?? 1_000,
      max_trade: o.maxTrade ?? 100_000,
      trade_currency: o.currency ?? "USD",
      discount: o.discount ?? 8_500,
      usd_discount: o.usdDiscount ?? o.discount ?? 8_500,
      trade_amount: o.tradeAmount ?? 10_000_000,
      fix_trade: o.fixTrade ?? "",
      pay_limit: o.payLimit ?? 30,
      explain_info: "Test offer rules.",
      codes_per_order: o.codesPerOrder ?? 0,
      created_at: t.clock.now(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A fresh secret for (user, advert), as the sell-card page gets it. */
export async function secretFor(t: TestBackend, token: string, advertId: number): Promise<string> {
  const res = await t.call("/advert/getAdvertDetail", { id: advertId }, { token });
  if (res.code !== 1) throw new Error(`getAdvertDetail ${advertId}: ${res.msg}`);
  return res.data.secret as string;
}

/** Records order image uploads for (user, secret) as /image/uploadImage would, and returns their paths. */
export async function fakeUploads(t: TestBackend, userId: number, secret: string, n: number): Promise<string[]> {
  const paths: string[] = [];
  for (let i = 0; i < n; i++) {
    const path = `/blob/order/2026/11/${randomUUID()}.jpg`;
    await t.db.insertInto("uploads").values({ path, user_id: userId, kind: "order", secret_hash: lookupHashFromSecret(secret), bytes: 1000, created_at: t.clock.now() }).execute();
    paths.push(path);
  }
  return paths;
}

export async function addOrder(
  t: TestBackend,
  token: string,
  advertId: number,
  body: { tradeAmount: number; cardCode?: string; cardImg?: string; remark?: string; secret?: string },
): Promise<Envelope & { secret: string }> {
  const secret = body.secret ?? (await secretFor(t, token, advertId));
  const res = await t.call("/order/addOrder", { advertId, ...body, secret }, { token });
  return { ...res, secret };
}

/** A code no other order carries: a seller's second open order with the same card is refused (ADR 0033). */
export const uniqueCode = (prefix = "CODE") => `${prefix}-${randomUUID()}`;

/** Places an e-code order and returns its id (fails the test otherwise). */
export async function placeOrder(t: TestBackend, token: string, advertId: number, tradeAmount = 10_000, cardCode = uniqueCode()): Promise<number> {
  const res = await addOrder(t, token, advertId, { tradeAmount, cardCode });
  expect(res.msg ?? "").toBe("");
  expect(res.code).toBe(1);
  return res.data.id as number;
}

/** The order's row, its remark and dispute words opened (they are sealed at rest, ADR 0056). */
export async function orderRow(t: TestBackend, id: number) {
  const row = await t.db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const box = t.backend.services.secrets;
  return { ...row, seller_remark: openNullable(box, row.seller_remark), arbitration_content: openNullable(box, row.arbitration_content) };
}

export async function balances(t: TestBackend, userId: number) {
  const a = await t.db.selectFrom("accounts").select(["amount", "frozen_amount"]).where("user_id", "=", userId).executeTakeFirst();
  return { amount: Number(a?.amount ?? 0), frozen: Number(a?.frozen_amount ?? 0) };
}

export async function advertRemaining(t: TestBackend, advertId: number) {
  return Number((await t.db.selectFrom("adverts").select("trade_amount").where("id", "=", advertId).executeTakeFirstOrThrow()).trade_amount);
}

export async function billsOf(t: TestBackend, userId: number, orderId: number) {
  return t.db.selectFrom("bills").selectAll().where("user_id", "=", userId).where("ref_type", "=", "order").where("ref_id", "=", orderId).orderBy("id").execute();
}

export async function changesOf(t: TestBackend, orderId: number) {
  return t.db.selectFrom("order_changes").selectAll().where("order_id", "=", orderId).orderBy("id").execute();
}

export async function noticesOf(t: TestBackend, userId: number, orderId: number) {
  return t.db.selectFrom("notices").selectAll().where("user_id", "=", userId).where("ref_id", "=", orderId).orderBy("id").execute();
}

export async function ledgerCount(t: TestBackend) {
  return Number((await t.db.selectFrom("ledger_entries").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
}

export async function expectBooksBalanced(t: TestBackend) {
  expect(await findLedgerMismatches(t.db)).toEqual([]);
}

export function expectOk(res: Envelope) {
  expect(res.msg ?? "").toBe("");
  expect(res.code).toBe(1);
}

export function expectRefused(res: Envelope, msg?: string | RegExp, code?: number) {
  expect(res.code).not.toBe(1);
  if (code !== undefined) expect(res.code).toBe(code);
  if (typeof msg === "string") expect(res.msg).toBe(msg);
  else if (msg) expect(res.msg).toMatch(msg);
}

/**
 * The order's moves through the API, as each party makes them: the merchant's view, complete and
 * negotiate (a proposal of `proposed` by default), the seller's accept and arbitration, staff's
 * resolve, freeze and unfreeze. `world` is read at each call (the suites set it up in a hook).
 */
export function orderActs(world: () => { t: TestBackend; p: Parties }, proposed: number) {
  return {
    view: (id: number) => staff(world().t, "/merchant/order/view", { id }, world().p.merchant.token),
    complete: (id: number) => staff(world().t, "/merchant/order/complete", { id }, world().p.merchant.token),
    negotiate: (id: number, arbitrationType = 3, price = proposed) =>
      staff(
        world().t,
        "/merchant/order/negotiate",
        { id, arbitrationType, arbitrationApplyAmount: 9_000, arbitrationApplyPrice: price, arbitrationContent: "The card holds 90 USD." },
        world().p.merchant.token,
      ),
    accept: (id: number) => world().t.call("/order/acceptDispute", { id }, { token: world().p.seller.token }),
    applyArbitration: (id: number) => world().t.call("/order/applyArbitration", { id }, { token: world().p.seller.token }),
    resolveComplete: (id: number, realTotalPrice?: number) =>
      staff(world().t, "/admin/order/resolve", { id, outcome: "complete", ...(realTotalPrice !== undefined ? { realTotalPrice } : {}) }, world().p.admin.token),
    resolveCancel: (id: number) => staff(world().t, "/admin/order/resolve", { id, outcome: "cancel" }, world().p.admin.token),
    freeze: (id: number) => staff(world().t, "/admin/order/freeze", { id }, world().p.admin.token),
    unfreeze: (id: number) => staff(world().t, "/admin/order/unfreeze", { id }, world().p.admin.token),
  };
}

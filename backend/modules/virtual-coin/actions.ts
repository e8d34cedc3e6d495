import { MIN_VIRTUAL_COIN_ORDER } from "../../../contract/constants";
import { VirtualCoinOrderStatus, type VirtualCoinType } from "../../../contract/enums";
import { MESSAGES } from "../../../contract/fields";
import { transaction, type DB } from "../../db/index";
import type { Services } from "../../http/context";
import { fail, notFound } from "../../http/errors";
import { configRecord, intValue } from "../catalog/queries";
import { transition } from "./state-machine";
import { findVirtualCoinOrder } from "./queries";
import type { VirtualCoinOrderRow } from "../../db/schema";
import { auditAfter } from "../audit/audit";

/**
 * BTC/USDT transfer orders (spec §5, §7, §9; ADR 0008). The user reports a transfer to the
 * configured address; the coins are credited only when an administrator confirms it.
 *
 * coins (hundredths) = floor(tradeAmount × price × usdRate × discount / (1e8 × 10000 × 10000))
 *   tradeAmount: BTC/USDT per 1e8; price: USD hundredths per BTC/USDT (from the price feed, at
 *   order time); usdRate: coins per USD, per 10000; discount: share paid, per 10000
 *   (both from the 'btc' config group). Computed in BigInt: the product exceeds 2^53.
 */

export const TRANSACTION_USED = "This transaction hash has already been submitted.";
export const CRYPTO_UNAVAILABLE = "BTC and USDT orders are not available now.";

export function coinsFor(tradeAmount: number, price: number, usdRate: number, discount: number): number {
  const n = BigInt(tradeAmount) * BigInt(price) * BigInt(usdRate) * BigInt(discount);
  return Number(n / (100_000_000n * 10_000n * 10_000n));
}

/** Hex hashes are case-insensitive: kept lowercase so the same transfer cannot be sent twice in two cases. */
export function normalizeTransactionId(raw: string): string {
  const t = raw.trim();
  return /^(0x)?[0-9a-fA-F]+$/.test(t) ? t.toLowerCase() : t;
}

export interface AddInput {
  type: VirtualCoinType;
  fromAddress: string;
  transactionId: string;
  tradeAmount: number;
}

export async function addVirtualCoinOrder(services: Pick<Services, "db" | "prices">, userId: number, input: AddInput, now: Date): Promise<{ id: number }> {
  const btc = await configRecord(services.db, "btc");
  const usdRate = intValue(btc.usdRate, 0);
  const discount = intValue(btc.discount, 0);
  if (usdRate <= 0 || discount <= 0) throw fail(CRYPTO_UNAVAILABLE);
  const quote = await services.prices.quote(input.type, now);
  const coins = coinsFor(input.tradeAmount, quote.price, usdRate, discount);
  if (coins < MIN_VIRTUAL_COIN_ORDER) throw fail(MESSAGES.amountTooLow);
  // One order per (type, transaction id): the unique key decides between parallel submissions.
  const row = await services.db
    .insertInto("virtual_coin_orders")
    .values({
      user_id: userId,
      type: input.type,
      from_address: input.fromAddress.trim(),
      transaction_id: normalizeTransactionId(input.transactionId),
      trade_amount: input.tradeAmount,
      price: quote.price,
      price_indicative: quote.indicative,
      usd_rate: usdRate,
      discount,
      coins,
      created_at: now,
    })
    .onConflict((oc) => oc.columns(["type", "transaction_id"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!row) throw fail(TRANSACTION_USED);
  return { id: row.id };
}

async function anyOrder(db: DB, id: number) {
  const o = await findVirtualCoinOrder(db, id);
  if (!o) throw notFound("Transfer order");
  return o;
}

const snap = (o: VirtualCoinOrderRow) => ({ status: o.status, coins: Number(o.coins), reason: o.reason });

/** One administrator decision: the transition and its audit row in one transaction. */
async function decide(db: DB, adminId: number, id: number, to: VirtualCoinOrderStatus, now: Date, reason?: string) {
  const o = await anyOrder(db, id);
  const audit = auditAfter<VirtualCoinOrderRow>(
    { adminId, action: to === VirtualCoinOrderStatus.Confirmed ? "virtualCoinOrder.confirm" : "virtualCoinOrder.reject", entityType: "virtualCoinOrder", entityId: o.id, at: now },
    snap(o),
    snap,
  );
  await transaction(db, async (trx) => audit(trx, await transition(trx, { orderId: o.id, from: o.status, to, actorUserId: adminId, now, reason })));
}

export const confirmVirtualCoinOrder = (db: DB, adminId: number, id: number, now: Date) => decide(db, adminId, id, VirtualCoinOrderStatus.Confirmed, now);

export const rejectVirtualCoinOrder = (db: DB, adminId: number, id: number, reason: string, now: Date) =>
  decide(db, adminId, id, VirtualCoinOrderStatus.Rejected, now, reason);

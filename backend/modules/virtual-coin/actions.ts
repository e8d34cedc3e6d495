import { MIN_VIRTUAL_COIN_ORDER } from "../../../contract/constants";
import { VirtualCoinOrderStatus, type VirtualCoinType } from "../../../contract/enums";
import { MESSAGES } from "../../../contract/fields";
import { transaction, type DB, type Executor } from "../../db/index";
import type { CallContext } from "../../http/context";
import { fail, notFound } from "../../http/errors";
import { intValue } from "../catalog/queries";
import { coinsForCrypto, cryptoText, type CryptoTerms } from "../../../contract/money";
import { cryptoPriceChanged, cryptoQuoteExpired, type ShownQuote } from "../../../contract/quote";
import { quotedRate, type QuoteTerms } from "../quotes/quotes";
import { transition } from "./state-machine";
import { findVirtualCoinOrder } from "./queries";
import type { VirtualCoinOrderRow } from "../../db/schema";
import { auditAfter } from "../audit/audit";

/**
 * BTC/USDT transfer orders (ADR 0008). The user reports a transfer to the configured address; the
 * coins are worked out when she reports it (contract/money.ts coinsForCrypto, at the price she was
 * quoted: ADR 0050) and credited only when an administrator confirms the transfer.
 */

export const TRANSACTION_USED = "This transaction hash has already been submitted.";
export const CRYPTO_UNAVAILABLE = "BTC and USDT orders are not available now.";

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
  /** The price the form showed (a getPrices quote) and the coins it displayed. */
  quote?: ShownQuote;
}

type PlatformTerms = Pick<CryptoTerms, "usdRate" | "discount">;

/**
 * The platform's usdRate and discount (the 'btc' config group). In the order's transaction they
 * are read under a share lock: a change of either waits for the order to commit, so its coins are
 * worked out with the terms that stand when it is made.
 */
export async function platformTerms(db: Executor, lock = false): Promise<PlatformTerms | null> {
  let q = db.selectFrom("config").select(["ckey", "cvalue"]).where("grp", "=", "btc").where("ckey", "in", ["usdRate", "discount"]);
  if (lock) q = q.forShare();
  const cfg = Object.fromEntries((await q.execute()).map((r) => [r.ckey, r.cvalue]));
  const terms = { usdRate: intValue(cfg.usdRate, 0), discount: intValue(cfg.discount, 0) };
  return terms.usdRate > 0 && terms.discount > 0 ? terms : null;
}

/** What a crypto quote is about: the coin and the platform's terms its coins are worked out with (a change of either voids it). */
export const cryptoSubject = (type: VirtualCoinType, t: PlatformTerms) => `crypto:${type}:${t.usdRate}:${t.discount}`;

export async function addVirtualCoinOrder(ctx: Pick<CallContext, "db" | "prices" | "secrets" | "now">, userId: number, input: AddInput): Promise<{ id: number }> {
  const now = ctx.now;
  // The feed's price now: the order's price without a quote, the new quote's when asking again.
  const feed = await ctx.prices.quote(input.type, now);
  return transaction(ctx.db, async (trx) => {
    const platform = await platformTerms(trx, true);
    if (!platform) throw fail(CRYPTO_UNAVAILABLE);
    const amount = cryptoText(input.tradeAmount);
    const terms: QuoteTerms = {
      kind: "crypto",
      subject: cryptoSubject(input.type, platform),
      shown: input.quote,
      priceAt: (price) => coinsForCrypto(input.tradeAmount, { price, ...platform }),
      changed: (coins) => cryptoPriceChanged(amount, feed.symbol, coins),
      expired: (coins) => cryptoQuoteExpired(amount, feed.symbol, coins),
    };
    const price = (await quotedRate(ctx, terms, { rate: async () => feed.price })) ?? feed.price;
    const coins = terms.priceAt(price);
    if (coins < MIN_VIRTUAL_COIN_ORDER) throw fail(MESSAGES.amountTooLow);
    // One order per (type, transaction id): the unique key decides between parallel submissions.
    const row = await trx
      .insertInto("virtual_coin_orders")
      .values({
        user_id: userId,
        type: input.type,
        from_address: input.fromAddress.trim(),
        transaction_id: normalizeTransactionId(input.transactionId),
        trade_amount: input.tradeAmount,
        price,
        price_indicative: feed.indicative,
        usd_rate: platform.usdRate,
        discount: platform.discount,
        coins,
        created_at: now,
      })
      .onConflict((oc) => oc.columns(["type", "transaction_id"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!row) throw fail(TRANSACTION_USED);
    return { id: row.id };
  });
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

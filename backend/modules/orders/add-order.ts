import { joinCardCodes, splitCardCodes } from "../../../contract/card-codes";
import { cardMessage, SELL_FORM_EXPIRED, sellOfferOf, sellProblem } from "../../../contract/sell-rules";
import { Code } from "../../../contract/envelope";
import { AdvertCardType } from "../../../contract/enums";
import { MESSAGES } from "../../../contract/fields";
import type { AnyCallInput } from "../../../contract/index";
import { transaction, type Executor, type Trx } from "../../db/index";
import type { User } from "../../db/schema";
import type { CallContext } from "../../http/context";
import { ApiError, conflict, fail, notFound } from "../../http/errors";
import { lookupHashFromSecret } from "../../security/order-secret";
import { sealNullable } from "../../security/secret-box";
import { listedAdvert } from "../catalog/queries";
import { refuseTradeIfBlocked } from "../relationships/blocks";
import { orderUploadsOf } from "../images/queries";
import { encryptCardCode } from "./card-crypto";
import { codeFingerprints, duplicateOfEarlier, imageFingerprints, recordFingerprints, type Fingerprint } from "./fingerprints";
import { createOrder } from "./state-machine";
import { minutesAfter } from "./timing";
import { coinsForFace } from "../../../contract/money";
import { cardQuoteExpired, cardRateChanged } from "../../../contract/quote";
import { askAgain, quotedRate, type QuoteTerms } from "../quotes/quotes";

/**
 * /order/addOrder and /order/addOrders (ADR 0073: several cards in one submit, each its own order):
 * everything docs/product/validation.md checks on the sell-card form, again on the server, per card,
 * then one transaction that claims the advert secret (idempotency), refuses or flags a card sold
 * before (fingerprints.ts), reserves the advert's remaining amount for all the cards atomically at
 * the rate the seller was quoted (ADR 0050: no order at a price she did not see), snapshots the
 * figures and stores each card encrypted. A single sale is one card through the same path; a batch
 * names the card a refusal is about ("Card 3: ...") and creates nothing when any card is refused.
 */

export const OWN_ADVERT = "You cannot sell a card to your own offer.";
export const BAD_IMAGE_PATH = "The Gift Card Image is not a valid upload. Please upload it again.";
export const SAME_CARD_TWICE = (earlier: number) => `This card is also Card ${earlier} of this submit.`;
/** A batch the merchant's available coins do not cover (ADR 0073). */
export const MERCHANT_CANNOT_PAY = "The merchant cannot pay for this many cards now. Sell fewer cards or choose another offer.";

type AddOrderInput = AnyCallInput<"/order/addOrder">;
type AddOrdersInput = AnyCallInput<"/order/addOrders">;
type SellCard = AddOrdersInput["items"][number];

/** One card, checked and ready to become an order. */
interface Card {
  amount: number;
  codes: string[];
  images: string[];
  prints: Fingerprint[];
}

/** A sale of one or several cards from one sell form, and how its refusals name a card. */
interface Sale {
  advertId: number;
  secret: string;
  remark?: string;
  quote?: AddOrdersInput["quote"];
  items: readonly SellCard[];
  /** Several cards: refusals about one card say which, a batch row links the orders. */
  batch: boolean;
}

export async function addOrder(ctx: CallContext, user: User, input: AddOrderInput): Promise<{ id: number }> {
  const { advertId, secret, remark, quote, ...card } = input;
  const ids = await sell(ctx, user, { advertId, secret, remark, quote, items: [card], batch: false });
  return { id: ids.orderIds[0]! };
}

export async function addOrders(ctx: CallContext, user: User, input: AddOrdersInput): Promise<{ id: number }> {
  const ids = await sell(ctx, user, { ...input, batch: true });
  return { id: ids.batchId! };
}

/** The refusal about card `index` (0-based): named in a batch, as it is for a single card. */
const aboutCard = (sale: Sale, index: number, e: unknown): unknown =>
  sale.batch && e instanceof ApiError && e.code !== Code.QUOTE_CHANGED ? new ApiError(e.code, cardMessage(index + 1, e.message), e.data) : e;

async function eachCard<T>(sale: Sale, f: (item: SellCard, index: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (const [index, item] of sale.items.entries()) {
    try {
      out.push(await f(item, index));
    } catch (e) {
      throw aboutCard(sale, index, e);
    }
  }
  return out;
}

async function sell(ctx: CallContext, user: User, sale: Sale): Promise<Sold> {
  const db = ctx.db;
  // advert_secrets and uploads keep the lookup hash of the secret (security/order-secret.ts).
  const secretHash = lookupHashFromSecret(sale.secret);
  // The secret must be one getAdvertDetail issued to this user for this advert.
  const secretRow = await db
    .selectFrom("advert_secrets")
    .select(["id", "advert_id", "user_id"])
    .where("secret_hash", "=", secretHash)
    .executeTakeFirst();
  if (!secretRow || secretRow.user_id !== user.id || Number(secretRow.advert_id) !== sale.advertId) throw fail(SELL_FORM_EXPIRED);

  // Idempotency: the same submission again answers what it created.
  const existing = await soldUnder(db, secretRow.id);
  if (existing) return sameSale(sale, existing);

  const advert = await listedAdvert(db, sale.advertId);
  if (!advert) throw notFound("Advert");
  if (advert.userid === user.id) throw fail(OWN_ADVERT);
  await refuseTradeIfBlocked(db, user.id, advert.userid);
  const offer = sellOfferOf(advert);
  let faces = 0;
  const cards = await eachCard(sale, async (item): Promise<Card> => {
    const amount = item.tradeAmount;
    const images = (item.cardImg ?? "").split("|").map((s) => s.trim()).filter(Boolean);
    // One code per line, kept exactly as typed inside the line (ADR 0014).
    const codes = splitCardCodes(item.cardCode);
    // The cards before this one have taken their part of the remaining amount already.
    const problem = sellProblem({ ...offer, remain: offer.remain - faces }, { tradeAmount: amount, codes, images: images.length });
    if (problem) throw fail(problem.message);
    faces += amount;
    // Each image path must be this seller's own upload under this very secret (the uploads table of /image/uploadImage).
    const uploads = await orderUploadsOf(db, user.id, secretHash, images);
    if (!uploads) throw fail(BAD_IMAGE_PATH);
    // The cards as keyed digests, to find one sold before (ADR 0033).
    const prints = [...codeFingerprints(ctx.secrets, codes), ...imageFingerprints(uploads.map((u) => u.pixel_digest))];
    return { amount, codes, images, prints };
  });
  refuseSameCardTwice(sale, cards);

  // The price she saw, for all the cards together: the quote's rate, or a refusal that asks her again (ADR 0050).
  const priceAt = (rate: number) => cards.reduce((sum, c) => sum + coinsForFace(c.amount, rate), 0);
  const terms: QuoteTerms = {
    kind: "card",
    subject: `advert:${advert.id}`,
    shown: sale.quote,
    priceAt,
    changed: (coins) => cardRateChanged(faces, advert.tradeCurrency, coins),
    expired: (coins) => cardQuoteExpired(faces, advert.tradeCurrency, coins),
  };
  const quoted = await quotedRate(ctx, terms, { rate: async () => advert.discount, mustEqual: true });

  const now = ctx.now;
  return transaction(db, async (trx) => {
    // Claim the secret (compare-and-set). Lost: a parallel submission with it won; answer what it made.
    const claimed = await trx
      .updateTable("advert_secrets")
      .set({ used_at: now })
      .where("id", "=", secretRow.id)
      .where("used_at", "is", null)
      .returning("id")
      .executeTakeFirst();
    if (!claimed) {
      const other = await soldUnder(trx, secretRow.id);
      if (!other) throw fail(SELL_FORM_EXPIRED);
      return sameSale(sale, other);
    }

    // Refused when the seller's own open order carries one of these cards; else the earliest earlier order, or null.
    const duplicates = await eachCard(sale, (_, i) => duplicateOfEarlier(trx, cards[i]!.prints, user.id));

    // Reserve the faces on the advert, at the quoted rate: no number of parallel orders can
    // oversell it, and none goes ahead at a rate the merchant changed since the seller's quote.
    let reserve = trx
      .updateTable("adverts")
      .set((eb) => ({ trade_amount: eb("trade_amount", "-", faces) }))
      .where("id", "=", advert.id)
      .where("status", "=", 1)
      .where("trade_amount", ">=", faces);
    if (quoted !== undefined) reserve = reserve.where("discount", "=", quoted);
    const reserved = await reserve.returning(["discount", "usd_discount", "trade_amount"]).executeTakeFirst();
    if (!reserved) {
      const current = await trx.selectFrom("adverts").select(["discount", "trade_amount"]).where("id", "=", advert.id).executeTakeFirst();
      const rate = current ? Number(current.discount) : undefined;
      if (quoted !== undefined && rate !== undefined && rate !== quoted) throw askAgain(ctx, terms, rate, "changed");
      throw aboutCard(sale, firstBeyond(cards, Number(current?.trade_amount ?? 0)), fail(MESSAGES.remainNotEnough));
    }
    const discount = Number(reserved.discount);
    if (sale.batch) await refuseBeyondMerchant(trx, sale, advert.userid, cards, discount);

    const batchId = sale.batch
      ? (
          await trx
            .insertInto("order_batches")
            .values({ seller_id: user.id, advert_id: advert.id, secret_id: secretRow.id, created_at: now })
            .returning("id")
            .executeTakeFirstOrThrow()
        ).id
      : null;
    const advertInfo = JSON.stringify({
      paymentIcon: advert.paymentIcon,
      paymentNameEn: advert.paymentNameEn,
      cardType: advert.cardType,
      tagListEn: advert.tagListEn,
      explainInfo: advert.explainInfo,
      codeFormat: advert.codeFormat,
    });
    const orderIds: number[] = [];
    for (const [i, card] of cards.entries()) {
      const calculate = coinsForFace(card.amount, discount);
      const order = await createOrder(
        trx,
        {
          seller_id: user.id,
          buyer_id: advert.userid,
          advert_id: advert.id,
          card_type_id: advert.cardtypeid,
          card_type: advert.cardType,
          advert_info: advertInfo,
          trade_amount: card.amount,
          trade_currency: advert.tradeCurrency,
          discount,
          usd_discount: Number(reserved.usd_discount),
          calculate_total_price: calculate,
          real_total_price: calculate,
          created_at: now,
          auto_cancel_at: minutesAfter(now, advert.payLimit),
          seller_remark: sealNullable(ctx.secrets, sale.remark),
          secret_id: secretRow.id,
          duplicate_of: duplicates[i]!,
          batch_id: batchId,
        },
        { merchantName: advert.nickname, payLimit: advert.payLimit },
      );
      await trx
        .insertInto("order_details")
        .values({
          order_id: order.id,
          card_img: card.images.join("|"),
          // Only the ciphertext is stored; the plain code never reaches the database or a log.
          card_secret: card.codes.length > 0 ? encryptCardCode(joinCardCodes(card.codes), sale.secret) : "",
          card_count: advert.cardType === AdvertCardType.Picture ? card.images.length : card.codes.length,
        })
        .execute();
      await recordFingerprints(trx, order.id, user.id, card.prints, now);
      orderIds.push(order.id);
    }
    return { orderIds, batchId: batchId ?? undefined };
  });
}

/** The same card twice in one submit: the later one is refused, naming the earlier (ADR 0033 within a batch). */
function refuseSameCardTwice(sale: Sale, cards: readonly Card[]) {
  const seen = new Map<string, number>();
  cards.forEach((card, i) => {
    for (const p of card.prints) {
      const earlier = seen.get(p.digest);
      if (earlier !== undefined && earlier !== i) throw aboutCard(sale, i, conflict(SAME_CARD_TWICE(earlier + 1)));
      seen.set(p.digest, i);
    }
  });
}

/** The index of the first card whose face, with the ones before it, is beyond `remain`. */
function firstBeyond(cards: readonly Card[], remain: number): number {
  let sum = 0;
  const i = cards.findIndex((c) => (sum += c.amount) > remain);
  return i < 0 ? cards.length - 1 : i;
}

/**
 * A batch the merchant could not pay for is refused (ADR 0073): the coins are held only when the
 * merchant opens each card (ADR 0007), so this reads the available coins, naming the first card
 * they do not cover. A single sale keeps its answers: its hold is refused at the view.
 */
async function refuseBeyondMerchant(trx: Trx, sale: Sale, merchantId: number, cards: readonly Card[], discount: number) {
  const account = await trx.selectFrom("accounts").select("amount").where("user_id", "=", merchantId).executeTakeFirst();
  const available = Number(account?.amount ?? 0);
  let sum = 0;
  const i = cards.findIndex((c) => (sum += coinsForFace(c.amount, discount)) > available);
  if (i >= 0) throw aboutCard(sale, i, fail(MERCHANT_CANNOT_PAY));
}

interface Sold {
  orderIds: number[];
  batchId?: number;
}

/** What an earlier submit with this secret made: its orders, and its batch if it was one. */
async function soldUnder(db: Executor, secretId: number): Promise<Sold | undefined> {
  const rows = await db.selectFrom("orders").select(["id", "batch_id"]).where("secret_id", "=", secretId).orderBy("id").execute();
  if (rows.length === 0) return undefined;
  const batchId = rows[0]!.batch_id;
  return { orderIds: rows.map((r) => r.id), batchId: batchId === null ? undefined : Number(batchId) };
}

/** The same form again answers what it made; a batch asked for under a single sale's secret is a stale form. */
function sameSale(sale: Sale, sold: Sold): Sold {
  if (sale.batch && sold.batchId === undefined) throw fail(SELL_FORM_EXPIRED);
  return sold;
}

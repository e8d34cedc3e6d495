import { joinCardCodes, splitCardCodes } from "../../../contract/card-codes";
import { SELL_FORM_EXPIRED, sellOfferOf, sellProblem } from "../../../contract/sell-rules";
import { AdvertCardType } from "../../../contract/enums";
import { MESSAGES } from "../../../contract/fields";
import type { AnyCallInput } from "../../../contract/index";
import { transaction, type Trx } from "../../db/index";
import type { User } from "../../db/schema";
import type { CallContext } from "../../http/context";
import { fail, notFound } from "../../http/errors";
import { lookupHashFromSecret } from "../../security/order-secret";
import { sealNullable } from "../../security/secret-box";
import { listedAdvert } from "../catalog/queries";
import { refuseTradeIfBlocked } from "../relationships/blocks";
import { orderUploadsOf } from "../images/queries";
import { encryptCardCode } from "./card-crypto";
import { codeFingerprints, duplicateOfEarlier, imageFingerprints, recordFingerprints } from "./fingerprints";
import { createOrder } from "./state-machine";
import { minutesAfter } from "./timing";
import { coinsForFace } from "../../../contract/money";
import { cardQuoteExpired, cardRateChanged } from "../../../contract/quote";
import { askAgain, quotedRate, type QuoteTerms } from "../quotes/quotes";

/**
 * /order/addOrder: everything docs/product/validation.md checks on the sell-card form, again on the server,
 * then one transaction that claims the advert secret (idempotency), refuses or flags a card
 * sold before (fingerprints.ts), reserves the advert's remaining amount atomically at the rate
 * the seller was quoted (ADR 0050: no order at a price she did not see), snapshots the figures
 * and stores the card encrypted.
 */

export const OWN_ADVERT = "You cannot sell a card to your own offer.";
export const BAD_IMAGE_PATH = "The Gift Card Image is not a valid upload. Please upload it again.";

type AddOrderInput = AnyCallInput<"/order/addOrder">;

export async function addOrder(ctx: CallContext, user: User, input: AddOrderInput): Promise<{ id: number }> {
  const db = ctx.db;
  // advert_secrets and uploads keep the lookup hash of the secret (security/order-secret.ts).
  const secretHash = lookupHashFromSecret(input.secret);
  // The secret must be one getAdvertDetail issued to this user for this advert.
  const secretRow = await db
    .selectFrom("advert_secrets")
    .select(["id", "advert_id", "user_id"])
    .where("secret_hash", "=", secretHash)
    .executeTakeFirst();
  if (!secretRow || secretRow.user_id !== user.id || Number(secretRow.advert_id) !== input.advertId) throw fail(SELL_FORM_EXPIRED);

  // Idempotency: the same submission again answers the order it created.
  const existing = await orderBySecret(ctx, secretRow.id);
  if (existing) return existing;

  const advert = await listedAdvert(db, input.advertId);
  if (!advert) throw notFound("Advert");
  if (advert.userid === user.id) throw fail(OWN_ADVERT);
  await refuseTradeIfBlocked(db, user.id, advert.userid);
  const amount = input.tradeAmount;
  const images = (input.cardImg ?? "").split("|").map((s) => s.trim()).filter(Boolean);
  // One code per line, kept exactly as typed inside the line (ADR 0014).
  const codes = splitCardCodes(input.cardCode);
  const problem = sellProblem(sellOfferOf(advert), { tradeAmount: amount, codes, images: images.length });
  if (problem) throw fail(problem.message);
  // Each image path must be this seller's own upload under this very secret (the uploads table of /image/uploadImage).
  const uploads = await orderUploadsOf(db, user.id, secretHash, images);
  if (!uploads) throw fail(BAD_IMAGE_PATH);
  // The cards as keyed digests, to find one sold before (ADR 0033).
  const prints = [...codeFingerprints(ctx.secrets, codes), ...imageFingerprints(uploads.map((u) => u.pixel_digest))];

  // The price she saw: the quote's rate, or a refusal that asks her again (ADR 0050).
  const terms: QuoteTerms = {
    kind: "card",
    subject: `advert:${advert.id}`,
    shown: input.quote,
    priceAt: (rate) => coinsForFace(amount, rate),
    changed: (coins) => cardRateChanged(amount, advert.tradeCurrency, coins),
    expired: (coins) => cardQuoteExpired(amount, advert.tradeCurrency, coins),
  };
  const quoted = await quotedRate(ctx, terms, { rate: async () => advert.discount, mustEqual: true });

  const now = ctx.now;
  return transaction(db, async (trx) => {
    // Claim the secret (compare-and-set). Lost: a parallel submission with it won; answer its order.
    const claimed = await trx
      .updateTable("advert_secrets")
      .set({ used_at: now })
      .where("id", "=", secretRow.id)
      .where("used_at", "is", null)
      .returning("id")
      .executeTakeFirst();
    if (!claimed) {
      const other = await trx.selectFrom("orders").select("id").where("secret_id", "=", secretRow.id).executeTakeFirst();
      if (other) return { id: other.id };
      throw fail(SELL_FORM_EXPIRED);
    }

    // Refused when the seller's own open order carries one of these cards; else the earliest earlier order, or null.
    const duplicateOf = await duplicateOfEarlier(trx, prints, user.id);

    // Reserve the face on the advert, at the quoted rate: no number of parallel orders can
    // oversell it, and none goes ahead at a rate the merchant changed since the seller's quote.
    let reserve = trx
      .updateTable("adverts")
      .set((eb) => ({ trade_amount: eb("trade_amount", "-", amount) }))
      .where("id", "=", advert.id)
      .where("status", "=", 1)
      .where("trade_amount", ">=", amount);
    if (quoted !== undefined) reserve = reserve.where("discount", "=", quoted);
    const reserved = await reserve.returning(["discount", "usd_discount"]).executeTakeFirst();
    if (!reserved) {
      const rate = quoted === undefined ? undefined : await currentDiscount(trx, advert.id);
      if (rate !== undefined && rate !== quoted) throw askAgain(ctx, terms, rate, "changed");
      throw fail(MESSAGES.remainNotEnough);
    }
    const discount = Number(reserved.discount);
    const calculate = coinsForFace(amount, discount);
    const advertInfo = JSON.stringify({
      paymentIcon: advert.paymentIcon,
      paymentNameEn: advert.paymentNameEn,
      cardType: advert.cardType,
      tagListEn: advert.tagListEn,
      explainInfo: advert.explainInfo,
      codeFormat: advert.codeFormat,
    });
    const order = await createOrder(
      trx,
      {
        seller_id: user.id,
        buyer_id: advert.userid,
        advert_id: advert.id,
        card_type_id: advert.cardtypeid,
        card_type: advert.cardType,
        advert_info: advertInfo,
        trade_amount: amount,
        trade_currency: advert.tradeCurrency,
        discount,
        usd_discount: Number(reserved.usd_discount),
        calculate_total_price: calculate,
        real_total_price: calculate,
        created_at: now,
        auto_cancel_at: minutesAfter(now, advert.payLimit),
        seller_remark: sealNullable(ctx.secrets, input.remark),
        secret_id: secretRow.id,
        duplicate_of: duplicateOf,
      },
      { merchantName: advert.nickname, payLimit: advert.payLimit },
    );
    await trx
      .insertInto("order_details")
      .values({
        order_id: order.id,
        card_img: images.join("|"),
        // Only the ciphertext is stored; the plain code never reaches the database or a log.
        card_secret: codes.length > 0 ? encryptCardCode(joinCardCodes(codes), input.secret) : "",
        card_count: advert.cardType === AdvertCardType.Picture ? images.length : codes.length,
      })
      .execute();
    await recordFingerprints(trx, order.id, user.id, prints, now);
    return { id: order.id };
  });
}

async function currentDiscount(trx: Trx, advertId: number): Promise<number | undefined> {
  const r = await trx.selectFrom("adverts").select("discount").where("id", "=", advertId).executeTakeFirst();
  return r ? Number(r.discount) : undefined;
}

async function orderBySecret(ctx: CallContext, secretId: number) {
  const r = await ctx.db.selectFrom("orders").select("id").where("secret_id", "=", secretId).executeTakeFirst();
  return r ? { id: r.id } : undefined;
}

/**
 * The rate calculator (docs/decisions/0072-the-rate-calculator.md): what each open offer pays for
 * one card, best first. "Takes the card" is the sell form's own face rule (faceProblem), the money
 * is the one home's (coinsForFace, payoutFor), so the calculator, a rate alert and the sell form
 * can never disagree on a figure.
 */
import { coinsForFace, figureOrNull, payoutFor } from "./money";
import { faceProblem, type SellOffer } from "./sell-rules";

/** The card being priced. */
export interface PricedCard {
  /** Hundredths of the currency. */
  face: number;
  /** 0 picture, 1 e-code; null: either. */
  form: number | null;
  /** The card's currency; undefined when the offers given are all in it already. */
  currency?: string;
}

/** An open offer as the calculator weighs it: the sell form's face rules, its form and its discount. */
export type PricedOffer = Pick<SellOffer, "cardType" | "faces" | "minTrade" | "maxTrade" | "remain" | "currency"> & { discount: number };

export interface OfferPays {
  /** Coins (hundredths) the offer pays for the card: what the sell form quotes. */
  coins: number;
  /** Kobo those coins pay at today's best withdrawer rate; null when no withdrawer pays naira. */
  naira: number | null;
}

/**
 * Every offer that would take the card (its currency, its form, the face rule and the amount it has
 * left), with what it pays, most coins first; equal pay keeps the order given. An offer that lists
 * the card type but would refuse this card is left out.
 */
export function offersPaying<T extends PricedOffer>(card: PricedCard, offers: readonly T[], bestNgnRate: number | null): { offer: T; pays: OfferPays }[] {
  const paying: { offer: T; pays: OfferPays }[] = [];
  for (const offer of offers) {
    if (card.currency !== undefined && offer.currency !== card.currency) continue;
    if (card.form !== null && offer.cardType !== card.form) continue;
    if (faceProblem(offer, card.face) !== null) continue;
    const coins = coinsForFace(card.face, offer.discount);
    if (coins <= 0) continue;
    const naira = bestNgnRate !== null && bestNgnRate > 0 ? figureOrNull(() => payoutFor(coins, bestNgnRate)) : null;
    paying.push({ offer, pays: { coins, naira } });
  }
  // Array.prototype.sort is stable: equal pay keeps the given order.
  return paying.sort((a, b) => b.pays.coins - a.pays.coins);
}

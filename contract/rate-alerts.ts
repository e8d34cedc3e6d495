/**
 * Rate alerts (docs/decisions/0071-rate-alerts.md, docs/product/rate-alerts.md): what an alert
 * watches is worth, from the one home of money formulas, and the words its calls answer.
 */
import { offersPaying, type PricedOffer } from "./rate-calculator";

/** Alerts one seller keeps at a time. */
export const RATE_ALERTS_MAX = 10;
export const RATE_ALERTS_FULL = `You can keep up to ${RATE_ALERTS_MAX} alerts. Delete one to add another.`;
export const RATE_ALERT_NOT_FOUND = "This alert does not exist or is not yours.";
/** The payout currency an alert's threshold is in (the withdrawers' NGN). */
export const ALERT_PAYOUT_CURRENCY = "NGN";

/** What an alert watches: a card of this form and face, in this currency. */
export interface WatchedCard {
  form: number;
  /** Hundredths of the currency. */
  face: number;
}

/** An open offer as an alert weighs it: the face rules of the sell form, its form and its discount. */
export type AlertOffer = PricedOffer;

/**
 * Kobo the card pays today: the coins the best offer that buys it now pays (coinsForFace, floor),
 * turned into naira at the best withdrawer rate (payoutFor, floor): exactly what selling the card
 * and then the coins would pay, never a rounded-up figure. Null when no open offer buys it or no
 * withdrawer pays NGN.
 */
export function alertPays(card: WatchedCard, offers: readonly AlertOffer[], bestNgnRate: number | null): number | null {
  // The rate calculator's best offer (contract/rate-calculator.ts): one definition of what a card pays.
  return offersPaying({ face: card.face, form: card.form }, offers, bestNgnRate)[0]?.pays.naira ?? null;
}

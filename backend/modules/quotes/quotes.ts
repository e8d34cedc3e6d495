import { Code } from "../../../contract/envelope";
import { quoteFresh, type Quote, type QuoteKind, type Requote, type ShownQuote } from "../../../contract/quote";
import type { CallContext } from "../../http/context";
import { ApiError } from "../../http/errors";
import { quoteSigned, signQuote } from "../../security/quote-signature";

/**
 * Quotes honoured or asked again (docs/decisions/0050-quotes-and-one-home-for-money.md).
 *
 * A sale that carries a quote goes ahead only at the quote's rate: the quote must be one this
 * backend issued for this subject, still fresh, and the amount the form displayed must be what
 * that rate gives. Offers and withdrawers then reserve at that rate in their compare-and-set
 * (WHERE discount = rate): a rate moved meanwhile reserves nothing, and the seller is asked again.
 * A sale without a quote (the original client's request shape) is priced at the rate its
 * compare-and-set reads.
 */

/** What one kind of sale needs to judge its quote. */
export interface QuoteTerms {
  kind: QuoteKind;
  /** What the quote is about: "advert:12", "withdrawer:3", "crypto:0". */
  subject: string;
  /** The quote and amount the form sent back, if any. */
  shown?: ShownQuote;
  /** The amount the sale pays at a rate (coins for a face, a payout for coins...). */
  priceAt: (rate: number) => number;
  /** The seller's words when the rate moved, and when her quote ran out, naming what the sale pays now. */
  changed: (price: number) => string;
  expired: (price: number) => string;
}

export const issueQuote = (ctx: Pick<CallContext, "secrets" | "now">, subject: string, rate: number): Quote =>
  signQuote(ctx.secrets, subject, rate, ctx.now.getTime());

/** The refusal that asks the seller again: the message names the new price, the data carries the quote to accept it with. */
export function askAgain(ctx: Pick<CallContext, "secrets" | "now">, terms: QuoteTerms, currentRate: number, why: "changed" | "expired"): ApiError {
  const price = terms.priceAt(currentRate);
  const data: Requote = { quote: issueQuote(ctx, terms.subject, currentRate), shown: price, why };
  return new ApiError(Code.QUOTE_CHANGED, why === "changed" ? terms.changed(price) : terms.expired(price), data);
}

/**
 * The rate the sale must be made at: the quote's, when it stands; undefined when the form sent
 * none. A quote that is not ours (or was signed with a key since rotated) or has run out asks
 * again as expired; a displayed amount that its own rate does not give asks again as changed.
 * With `mustEqual` (offers and withdrawers: the rate read just before), a rate that has moved
 * asks again at once, before anything else is tried (a trade password, say); the compare-and-set
 * that reserves at the quoted rate stays the authority.
 */
export async function quotedRate(
  ctx: Pick<CallContext, "secrets" | "now">,
  terms: QuoteTerms,
  current: { rate: () => Promise<number>; mustEqual?: boolean },
): Promise<number | undefined> {
  const q = terms.shown;
  if (!q) return undefined;
  if (!quoteSigned(ctx.secrets, terms.subject, q) || !quoteFresh(terms.kind, q.at, ctx.now.getTime())) {
    throw askAgain(ctx, terms, await current.rate(), "expired");
  }
  if (q.shown !== terms.priceAt(q.rate)) throw askAgain(ctx, terms, await current.rate(), "changed");
  if (current.mustEqual) {
    const now = await current.rate();
    if (now !== q.rate) throw askAgain(ctx, terms, now, "changed");
  }
  return q.rate;
}

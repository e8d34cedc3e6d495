/**
 * E-codes as the seller typed them (docs/decisions/0014-card-codes-as-typed.md).
 * One home for the rule both sides apply: the sell form (browser and action)
 * and /order/addOrder. A code is a line: its ends are trimmed, blank lines
 * dropped, and nothing inside a line is touched (spaces, dashes and commas are
 * part of many real codes). docs/product/calls.md: cardCode is newline-joined.
 */

/** The codes of a cardCode text, one per line, exactly as typed apart from the ends of each line. */
export function splitCardCodes(text: string | null | undefined): string[] {
  return (text ?? "")
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
}

/**
 * A code in the form two codes are compared in, to find one card sold twice
 * (docs/decisions/0033-duplicate-cards.md): compatibility characters folded (NFKC:
 * full-width letters and digits), upper case, and every space, dash and invisible
 * separator dropped, so "abcd-efgh 1234" and "ABCDEFGH1234" are the same card.
 * Only for comparing: what is stored, sent and shown stays as typed (ADR 0014).
 */
export function comparableCardCode(code: string): string {
  return code.normalize("NFKC").toUpperCase().replace(/[\s\p{Pd}\u2212\u00ad\u200b-\u200d\u2060]/gu, "");
}

/** The cardCode sent to /order/addOrder: the codes joined with newlines. */
export const joinCardCodes = (codes: readonly string[]) => codes.join("\n");

/** Advert.codesPerOrder 0: the offer takes any number of codes in one order. */
export const ANY_NUMBER_OF_CODES = 0;

/** Said before an order is placed with more codes than the offer takes. */
export function tooManyCodesMessage(codesPerOrder: number): string {
  return codesPerOrder === 1
    ? "This offer takes one code per order. Put one code in the box and sell the others as separate orders."
    : `This offer takes at most ${codesPerOrder} codes per order. Sell the others as separate orders.`;
}

/** The message for these codes against the offer's limit, or null when they fit. */
export function codesPerOrderError(codes: readonly string[], codesPerOrder: number): string | null {
  return codesPerOrder > ANY_NUMBER_OF_CODES && codes.length > codesPerOrder ? tooManyCodesMessage(codesPerOrder) : null;
}

/**
 * The blocks a code is shown in, for card types whose code format is known
 * (CardType code_format, e.g. "4-4-4-4" or "4-6-4|4-6-5": group sizes, with
 * alternatives). Display only: a code that is not exactly letters and digits
 * of one of the format's lengths is shown as typed (null), and the blocks of a
 * grouped code joined with "" give the code back byte for byte.
 */
export function codeBlocks(code: string, format: string | null | undefined): string[] | null {
  if (!format || !/^[A-Za-z0-9]+$/.test(code)) return null;
  for (const alternative of format.split("|")) {
    const sizes = alternative.split("-").map(Number);
    if (sizes.length < 2 || !sizes.every((n) => Number.isInteger(n) && n > 0)) continue;
    if (sizes.reduce((a, b) => a + b, 0) !== code.length) continue;
    const blocks: string[] = [];
    let at = 0;
    for (const n of sizes) {
      blocks.push(code.slice(at, at + n));
      at += n;
    }
    return blocks;
  }
  return null;
}

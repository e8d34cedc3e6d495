/**
 * The rules of a merchant's advert (ADR 0036): one home, run by the
 * /merchant/advert/create and /update request schemas and by the desk's offer form.
 * Amounts are hundredths of the trade currency; the discount is coins per unit of face, per 10000.
 */

export const ADVERT_DISCOUNT_MAX = 50_000;
export const ADVERT_PAY_LIMIT_MIN = 5;
export const ADVERT_PAY_LIMIT_MAX = 1_440;
/** Largest card face or amount an advert may name (hundredths): 1,000,000 units. */
export const ADVERT_AMOUNT_MAX = 100_000_000;
export const ADVERT_TAGS_MAX = 5;
export const ADVERT_TAG_MAX = 20;
export const ADVERT_EXPLAIN_MAX = 500;
export const ADVERT_FACES_MAX = 10;

export const ADVERT_MESSAGES = {
  cardType: "Please select the card type.",
  kind: "Choose Pictures or E-codes.",
  currency: "Please select the currency.",
  discount: `The discount is a whole number from 1 to ${ADVERT_DISCOUNT_MAX} (per 10000).`,
  minTrade: "Please enter the smallest card face you buy.",
  maxTrade: "Please enter the largest card face you buy.",
  range: "The largest card face must not be below the smallest.",
  faces: `Fixed faces are up to ${ADVERT_FACES_MAX} amounts, each between the smallest and the largest face.`,
  payLimit: `The pay limit is ${ADVERT_PAY_LIMIT_MIN} to ${ADVERT_PAY_LIMIT_MAX} minutes.`,
  tags: `Up to ${ADVERT_TAGS_MAX} tags of at most ${ADVERT_TAG_MAX} characters, separated by |.`,
  explain: `The explanation has at most ${ADVERT_EXPLAIN_MAX} characters.`,
  tradeAmount: "Please enter the amount of card face you will buy.",
  amountTooLarge: "The amount is too large.",
  codesPerOrder: "One code per order applies to e-code offers only.",
} as const;

/** The tags as typed ("Fast | E-code"), trimmed, empty ones dropped. */
export const splitAdvertTags = (tags: string) =>
  tags
    .split("|")
    .map((t) => t.trim())
    .filter(Boolean);

/** Fixed faces as pipe-separated hundredths ("5000|10000"); "" none. */
export const parseFaces = (faces: string) =>
  faces
    .split("|")
    .map((t) => t.trim())
    .filter(Boolean)
    .map(Number);

export interface AdvertFigures {
  cardType: number;
  minTrade: number;
  maxTrade: number;
  fixTrade: string;
  tagListEn: string;
  codesPerOrder: number;
}

/** The checks across fields, as (field, message) pairs; [] when the advert is consistent. */
export function advertIssues(a: AdvertFigures): { path: keyof AdvertFigures; message: string }[] {
  const issues: { path: keyof AdvertFigures; message: string }[] = [];
  if (a.maxTrade < a.minTrade) issues.push({ path: "maxTrade", message: ADVERT_MESSAGES.range });
  const faces = parseFaces(a.fixTrade);
  if (faces.length > ADVERT_FACES_MAX || faces.some((f) => !Number.isInteger(f) || f % 100 !== 0 || f < a.minTrade || f > a.maxTrade))
    issues.push({ path: "fixTrade", message: ADVERT_MESSAGES.faces });
  const tags = splitAdvertTags(a.tagListEn);
  if (tags.length > ADVERT_TAGS_MAX || tags.some((t) => t.length > ADVERT_TAG_MAX)) issues.push({ path: "tagListEn", message: ADVERT_MESSAGES.tags });
  if (a.codesPerOrder !== 0 && a.cardType !== 1) issues.push({ path: "codesPerOrder", message: ADVERT_MESSAGES.codesPerOrder });
  return issues;
}

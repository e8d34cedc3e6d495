/**
 * Every money formula of the marketplace, in one home (docs/decisions/0050-quotes-and-one-home-for-money.md):
 * what a card face, an offer's discount, a withdrawer's rate or a crypto amount is worth in coins
 * or naira. The sell forms show these figures and the backend charges them, from this one module.
 *
 * Units (all integers):
 *   coins, card faces, payouts   hundredths ("minor units": 12345 = 123.45)
 *   discount                     coins per unit of card face, per 10000 (7800 = 0.78)
 *   withdrawer rate              payout currency per coin, per 10000 (5_365_000 = 536.50 NGN)
 *   NGN rate                     hundredths of NGN per coin (54_673 = 546.73)
 *   crypto amount                per 1e8 of a BTC or USDT; crypto price: USD hundredths per whole coin
 *   usdRate                      coins per USD, per 10000
 *   points                       per 10000 of a point
 *
 * The rounding rule: what is paid is rounded DOWN to the minor unit (the exact product, then
 * floor), so nobody is ever paid a fraction more than the rate says, and the same inputs give the
 * same figure on every tier. Every formula is computed in BigInt, so no product is ever rounded
 * on the way (a face of 1,000,000.00 at the largest discount is past 2^53 before the division).
 * A result that would not fit a JavaScript number exactly is refused (MoneyRangeError), never rounded.
 *
 * What is only shown beside a price ("≈ ₦47,018.78") is not paid: equivalents are rounded half
 * away from zero, to the nearest hundredth.
 */
import { RATE_SCALE, REFERRAL_PER_MILLE } from "./constants";
import { roundHalfAway as roundDiv } from "./money-shown";

// The equivalents only shown beside a price live in ./money-shown.ts: every page's first script
// carries them, and only them (a page importing this module carries all of it).
export { ngnFor, ngnPerFaceUnit } from "./money-shown";

/** RATE_SCALE as a BigInt (money.test.ts checks they agree). */
export const RATE = 10_000n;

/** An input that is not a safe integer, or a result too large to be exact: a figure no one may be shown or charged. */
export class MoneyRangeError extends RangeError {}

/** The user's words when a figure is out of range (the backend answers them; forms show them at the amount). */
export const AMOUNT_TOO_LARGE = "This amount is too large.";

/** A value as an exact BigInt: it must be a safe integer (a float or NaN is a bug upstream, not a price). */
function exact(v: number, what: string): bigint {
  if (!Number.isSafeInteger(v)) throw new MoneyRangeError(`${what} must be a safe integer, not ${v}`);
  return BigInt(v);
}

/** Back to a number, refusing what a number cannot hold exactly. */
function toNumber(v: bigint, what: string): number {
  if (v > BigInt(Number.MAX_SAFE_INTEGER) || v < -BigInt(Number.MAX_SAFE_INTEGER)) throw new MoneyRangeError(`${what} is too large to be exact`);
  return Number(v);
}

/** A figure for display: what `fn` works out, or null when it is out of range (a huge typed amount). */
export function figureOrNull(fn: () => number): number | null {
  try {
    return fn();
  } catch (e) {
    if (e instanceof MoneyRangeError) return null;
    throw e;
  }
}

/** floor(num / den) for num >= 0, den > 0. */
const floorDiv = (num: bigint, den: bigint) => num / den;

// ------------------------------------------------------------------ what is paid

/** Coins (hundredths) a card face (hundredths) is paid at a discount (per 10000): floor(face × discount / 10000). */
export function coinsForFace(face: number, discount: number): number {
  const f = exact(face, "face");
  const d = exact(discount, "discount");
  if (f <= 0n || d <= 0n) return 0;
  return toNumber(floorDiv(f * d, RATE), "coins");
}

/** Payout (hundredths of the withdrawer's currency) for coins (hundredths) at a rate (per 10000): floor(coins × rate / 10000). */
export function payoutFor(coins: number, currencyRate: number): number {
  const c = exact(coins, "coins");
  const r = exact(currencyRate, "rate");
  if (c <= 0n || r <= 0n) return 0;
  return toNumber(floorDiv(c * r, RATE), "payout");
}

/** What a BTC or USDT amount is paid at: the feed's price and the platform's usdRate and discount. */
export interface CryptoTerms {
  /** USD hundredths per whole BTC or USDT. */
  price: number;
  /** Coins per USD, per 10000. */
  usdRate: number;
  /** The share paid, per 10000. */
  discount: number;
}

/**
 * Coins (hundredths) for a BTC or USDT amount (per 1e8):
 * floor(amount × price × usdRate × discount / (1e8 × 10000 × 10000)).
 * (The price is in USD hundredths and the result in coin hundredths: the two 100s cancel.)
 */
export function coinsForCrypto(amount: number, t: CryptoTerms): number {
  const a = exact(amount, "amount");
  const p = exact(t.price, "price");
  const u = exact(t.usdRate, "usdRate");
  const d = exact(t.discount, "discount");
  if (a <= 0n || p <= 0n || u <= 0n || d <= 0n) return 0;
  return toNumber(floorDiv(a * p * u * d, 10n ** BigInt(CRYPTO_DECIMALS) * RATE * RATE), "coins");
}

/** An inviter's share of a friend's completed order (hundredths): floor(price × 3 / 1000). */
export function referralShare(price: number): number {
  const p = exact(price, "price");
  if (p <= 0n) return 0;
  return toNumber(floorDiv(p * BigInt(REFERRAL_PER_MILLE), 1000n), "share");
}

/**
 * Points (per 10000) a seller earns for an order paid `paid` coins (hundredths): one point per
 * coin, plus 10% per level (v0 ×1.0 … v7 ×1.7), rounded down (docs/decisions/0022-points-and-levels.md).
 */
export function orderPoints(paid: number, level: number): number {
  const c = exact(paid, "paid");
  const l = exact(level, "level");
  if (c <= 0n || l < 0n) return 0;
  // paid hundredths × 100 = points per 10000; × (10 + level) / 10.
  return toNumber(floorDiv(c * 100n * (10n + l), 10n), "points");
}

// ------------------------------------------------------------------ what is only shown

/**
 * USD per one unit of a currency, per 10000 (the demo world's fixed table until a rate feed
 * exists). An offer's discount over it is its usdDiscount: what makes offers in different
 * currencies comparable.
 */
export const USD_PER_UNIT: Readonly<Record<string, number>> = { USD: 10_000, GBP: 12_700, EUR: 10_800, CAD: 7_300, AUD: 6_600 };

const usdPerUnit = (currency: string) => BigInt(USD_PER_UNIT[currency] ?? RATE_SCALE);

/** An offer's discount per USD of face (per 10000), rounded half away from zero; a currency without a rate counts as USD. */
export function usdDiscountOf(discount: number, currency: string): number {
  return toNumber(roundDiv(exact(discount, "discount") * RATE, usdPerUnit(currency)), "usdDiscount");
}

/** And back: the discount in a currency that pays `usdDiscount` per USD of face, rounded half away from zero. */
export function discountForUsd(usdDiscount: number, currency: string): number {
  return toNumber(roundDiv(exact(usdDiscount, "usdDiscount") * usdPerUnit(currency), RATE), "discount");
}

/**
 * Hundredths as text with grouping, for messages: two decimals for coins (123456 → "1,234.56",
 * -5 → "-0.05"); with `trim`, trailing zeros dropped as payouts are written (400000 → "4,000",
 * 8025050 → "80,250.5").
 */
export function minorText(minor: number, opts: { trim?: boolean } = {}): string {
  const v = exact(minor, "amount");
  const neg = v < 0n;
  const digits = (neg ? -v : v).toString().padStart(3, "0");
  const int = digits.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const frac = opts.trim ? digits.slice(-2).replace(/0+$/, "") : digits.slice(-2);
  return `${neg ? "-" : ""}${int}${frac ? `.${frac}` : ""}`;
}

// ------------------------------------------------------------------ crypto amounts as typed and shown

/** log10(CRYPTO_SCALE) (money.test.ts checks they agree). */
export const CRYPTO_DECIMALS = 8;

/**
 * A typed BTC or USDT amount ("0.015", ".5", "12") per 1e8, by string arithmetic: null for empty
 * or invalid input, a sign, more than 8 decimals, zero, or a value past Number.MAX_SAFE_INTEGER.
 */
export function cryptoFromInput(text: string | null | undefined): number | null {
  if (typeof text !== "string") return null;
  const m = /^(\d*)(?:\.(\d{0,8}))?$/.exec(text.trim());
  if (!m) return null;
  const int = m[1] ?? "";
  const frac = m[2] ?? "";
  if (int === "" && frac === "") return null;
  const digits = ((int || "0") + frac.padEnd(CRYPTO_DECIMALS, "0")).replace(/^0+(?=\d)/, "");
  const n = Number(digits);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** An amount per 1e8 as text, trailing zeros trimmed: 1_500_000 → "0.015", 100_000_000 → "1". */
export function cryptoText(perE8: number): string {
  const v = exact(perE8, "amount");
  const neg = v < 0n;
  const digits = (neg ? -v : v).toString().padStart(CRYPTO_DECIMALS + 1, "0");
  const int = digits.slice(0, -CRYPTO_DECIMALS);
  const frac = digits.slice(-CRYPTO_DECIMALS).replace(/0+$/, "");
  return `${neg ? "-" : ""}${int}${frac ? `.${frac}` : ""}`;
}

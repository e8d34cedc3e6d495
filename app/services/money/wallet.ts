/**
 * Wallet arithmetic and display (spec §3, §9), exact: integers and BigInt, no floats.
 *   coins          hundredths
 *   currencyRate   currency units per coin, per 10000 (5_350_000 = 535 NGN per coin)
 *   currencyAmount hundredths of the payout currency
 *   BTC / USDT     per 1e8 (tradeAmount)
 *   price          USD hundredths per 1 BTC / USDT
 *   usdRate        coins per USD, per 10000; discount per 10000
 */
import { CRYPTO_SCALE, MIN_VIRTUAL_COIN_ORDER } from "../../../contract/constants";
import { formatCoins, formatCurrencyAmount } from "../../services/format";

const big = (v: number | string | null | undefined): bigint => {
  const n = typeof v === "string" ? Number(v) : v;
  return n === null || n === undefined || !Number.isFinite(n) ? 0n : BigInt(Math.trunc(n));
};

/** Shifts an integer left by `places` decimal places, as an exact decimal string ("12345", 2 → "123.45"). */
export function shiftDecimal(v: number | bigint | string, places: number): string {
  const b = typeof v === "bigint" ? v : big(v as number);
  const neg = b < 0n;
  const digits = (neg ? -b : b).toString().padStart(places + 1, "0");
  const int = digits.slice(0, digits.length - places);
  const frac = places > 0 ? digits.slice(digits.length - places) : "";
  return `${neg ? "-" : ""}${int}${frac ? `.${frac}` : ""}`;
}

/** Coins (hundredths) as whole units without ".00": 1000 → "10", 1050 → "10.50", 500000 → "5000". */
export function coinUnits(hundredths: number): string {
  const s = formatCoins(hundredths).replace(/,/g, "");
  return s.endsWith(".00") ? s.slice(0, -3) : s;
}

/** The rate of a withdrawer (per 10000) as currency per coin, 2 to 4 decimals: 5_350_000 → "535.00". */
export function formatCurrencyRate(per10000: number): string {
  const s = shiftDecimal(per10000, 4);
  const [int, frac = ""] = s.split(".");
  let f = frac.replace(/0+$/, "");
  if (f.length < 2) f = f.padEnd(2, "0");
  return `${int.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${f}`;
}

/** Payout (hundredths of the currency) for coins (hundredths) at a rate per 10000, rounded down. */
export function payoutFor(coinsHundredths: number, currencyRatePer10000: number): number {
  if (!(coinsHundredths > 0) || !(currencyRatePer10000 > 0)) return 0;
  return Number((big(coinsHundredths) * big(currencyRatePer10000)) / 10_000n);
}

/** A currency amount in hundredths: up to 10 decimals, trailing zeros trimmed, grouped (spec §9). */
export function formatPayout(hundredths: number): string {
  return formatCurrencyAmount(shiftDecimal(hundredths, 2));
}

/**
 * A typed BTC / USDT amount ("0.015", ".5", "12") as an integer per 1e8, with
 * string arithmetic: null for empty or invalid input, a sign, more than 8
 * decimals, zero, or a value past Number.MAX_SAFE_INTEGER.
 */
export function cryptoFromInput(str: string | null | undefined): number | null {
  if (typeof str !== "string") return null;
  const m = /^(\d*)(?:\.(\d{0,8}))?$/.exec(str.trim());
  if (!m) return null;
  const int = m[1] ?? "";
  const frac = m[2] ?? "";
  if (int === "" && frac === "") return null;
  const digits = ((int || "0") + frac.padEnd(8, "0")).replace(/^0+(?=\d)/, "");
  const n = Number(digits);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** An amount per 1e8 back as text, trailing zeros trimmed: 1_500_000 → "0.015". */
export function formatCrypto(perE8: number): string {
  const s = shiftDecimal(perE8, Math.log10(CRYPTO_SCALE));
  return s.includes(".") ? s.replace(/\.?0+$/, "") : s;
}

export interface CryptoQuote {
  /** USD hundredths per coin of BTC / USDT. */
  price: number;
  /** Coins per USD, per 10000. */
  usdRate: number;
  /** Per 10000. */
  discount: number;
}

/**
 * Coins (hundredths) for a BTC / USDT amount (per 1e8):
 * floor(tradeAmount × price × usdRate × discount / (1e8 × 10000 × 10000)).
 * (price is USD hundredths and the result coin hundredths, so the two 100s cancel.)
 */
export function coinsForCrypto(tradeAmount: number, q: CryptoQuote): number {
  if (!(tradeAmount > 0) || !(q.price > 0)) return 0;
  const num = big(tradeAmount) * big(q.price) * big(q.usdRate) * big(q.discount);
  return Number(num / (BigInt(CRYPTO_SCALE) * 10_000n * 10_000n));
}

/** Spec §5: a converted value under 100 coins is too low. */
export const isTooLow = (coinsHundredths: number) => coinsHundredths < MIN_VIRTUAL_COIN_ORDER;

/** The price (USD hundredths) as "$63,250.12". */
export function formatUsd(hundredths: number): string {
  return `$${formatCoins(hundredths)}`;
}

/**
 * How the wallet writes its figures: exact, integers and BigInt, no floats. What they are worth
 * (payouts, coins for crypto) is worked out in contract/money.ts, the one home of money formulas.
 *   coins          hundredths
 *   currencyRate   currency units per coin, per 10000 (5_350_000 = 535 NGN per coin)
 *   currencyAmount hundredths of the payout currency
 *   price          USD hundredths per 1 BTC / USDT
 */
import { MIN_VIRTUAL_COIN_ORDER } from "../../../contract/constants";
import { formatCoins, formatCurrencyAmount } from "./format";

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

/** A currency amount in hundredths: up to 10 decimals, trailing zeros trimmed, grouped (docs/product/constants.md). */
export function formatPayout(hundredths: number): string {
  return formatCurrencyAmount(shiftDecimal(hundredths, 2));
}

/** A converted value under 100 coins is too low (the transfer form's rule and the backend's). */
export const isTooLow = (coinsHundredths: number) => coinsHundredths < MIN_VIRTUAL_COIN_ORDER;

/** The price (USD hundredths) as "$63,250.12". */
export function formatUsd(hundredths: number): string {
  return `$${formatCoins(hundredths)}`;
}

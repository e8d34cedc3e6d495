/**
 * Display formatters for money, rates, counts, dates and timers (docs/product/constants.md).
 *
 * Pure functions, no React, no `node:` modules: safe on the server and in the
 * browser. Money is an integer in minor units everywhere except here:
 *   - coins and card faces: hundredths (123456 → "1,234.56")
 *   - rates and discounts: per 10000 (8500 → 0.85)
 *   - NGN rate: hundredths of NGN per coin (54673 → "546.73")
 *   - wealth (VIP points) and check-in rewards: per 10000
 *
 * Every number goes through exact decimal-string arithmetic, so there are no
 * binary floating point artefacts (0.1 + 0.2) in what users see.
 * Rounding is half away from zero. Grouping uses "," and the decimal point ".".
 * Empty input (null, undefined, NaN, "") formats as zero unless stated otherwise.
 */
import {
  BADGE_CAP,
  DATE_FORMAT,
  DEFAULT_COIN_NAME,
  DEFAULT_NGN_RATE,
  VOLUME_K_THRESHOLD,
  WEALTH_MAX_DECIMALS,
  WEALTH_SCALE,
  WITHDRAW_CURRENCY_MAX_DECIMALS,
} from "../../../contract/constants";
import { DEFAULT_TIME_ZONE, formatDateIn } from "../layout/time-zone";
import { ngnFor } from "../../../contract/money-shown";

export { DEFAULT_COIN_NAME, DEFAULT_NGN_RATE, DATE_FORMAT };

/** A value as it may arrive from the API: a number, a numeric string, or nothing. */
export type NumLike = number | string | null | undefined;

// ------------------------------------------------------------ decimal helpers

/** An exact decimal: sign, integer digits, fraction digits (no exponent). */
interface Dec {
  neg: boolean;
  int: string;
  frac: string;
}

const ZERO: Dec = { neg: false, int: "0", frac: "" };

/**
 * Parses a number or numeric string into an exact decimal. Numbers use their
 * shortest round-trip representation (what `String(n)` gives), so 0.1 stays
 * "0.1". Returns null for empty or invalid input.
 */
function toDec(v: NumLike): Dec | null {
  if (v === null || v === undefined) return null;
  if (typeof v === "number" && !Number.isFinite(v)) return null;
  const s = String(v).trim();
  const m = /^([+-])?(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i.exec(s);
  if (!m) return null;
  const [, sign, intRaw = "", fracRaw = "", expRaw] = m;
  if (intRaw === "" && fracRaw === "") return null;
  let digits = intRaw + fracRaw;
  let point = intRaw.length; // position of the decimal point within `digits`
  if (expRaw !== undefined) point += Number(expRaw);
  if (point < 0) {
    digits = "0".repeat(-point) + digits;
    point = 0;
  } else if (point > digits.length) {
    digits = digits + "0".repeat(point - digits.length);
  }
  const int = digits.slice(0, point).replace(/^0+/, "") || "0";
  const frac = digits.slice(point).replace(/0+$/, "");
  const isZero = int === "0" && frac === "";
  return { neg: sign === "-" && !isZero, int, frac };
}

/** Divides by 10^k exactly (k >= 0). */
function shiftLeft(d: Dec, k: number): Dec {
  if (k <= 0) return d;
  const padded = d.int.padStart(k + 1, "0");
  const int = padded.slice(0, padded.length - k).replace(/^0+/, "") || "0";
  const frac = (padded.slice(padded.length - k) + d.frac).replace(/0+$/, "");
  return { neg: d.neg, int, frac };
}

/** Adds one to a string of decimal digits. */
function incDigits(s: string): string {
  const chars = s.split("");
  let i = chars.length - 1;
  while (i >= 0) {
    if (chars[i] === "9") {
      chars[i] = "0";
      i--;
    } else {
      chars[i] = String(Number(chars[i]) + 1);
      return chars.join("");
    }
  }
  return "1" + chars.join("");
}

/** Rounds to `places` fraction digits, half away from zero. */
function roundDec(d: Dec, places: number): Dec {
  if (d.frac.length <= places) return d;
  const keep = d.frac.slice(0, places);
  const up = d.frac.charCodeAt(places) >= 53; // next digit >= '5'
  let digits = d.int + keep;
  if (up) digits = incDigits(digits);
  const intLen = digits.length - places;
  const int = digits.slice(0, intLen).replace(/^0+/, "") || "0";
  const frac = digits.slice(intLen).replace(/0+$/, "");
  const isZero = int === "0" && frac === "";
  return { neg: d.neg && !isZero, int, frac };
}

function group(int: string): string {
  return int.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

interface RenderOpts {
  /** Minimum fraction digits (padded with zeros). */
  minDecimals?: number;
  /** Maximum fraction digits (rounded). */
  maxDecimals: number;
  /** Thousands separators in the integer part. Default true. */
  grouping?: boolean;
  /** Prefix "+" to positive values. */
  plus?: boolean;
  /** Inserted between the sign and the digits (e.g. "₦"). */
  symbol?: string;
}

function render(d: Dec, o: RenderOpts): string {
  const r = roundDec(d, o.maxDecimals);
  const frac = r.frac.padEnd(o.minDecimals ?? 0, "0");
  const int = o.grouping === false ? r.int : group(r.int);
  const isZero = r.int === "0" && r.frac === "";
  const sign = r.neg ? "-" : o.plus && !isZero ? "+" : "";
  return sign + (o.symbol ?? "") + int + (frac ? "." + frac : "");
}

/** An integer-valued decimal as a BigInt. */
const bigOf = (d: Dec): bigint => BigInt((d.neg ? "-" : "") + d.int);

/** Drops any fraction after rounding to an integer (minor units are integers). */
function toIntDec(v: NumLike): Dec {
  return roundDec(toDec(v) ?? ZERO, 0);
}

// ------------------------------------------------------------ money

/**
 * Coins (or a card face) from hundredths: 2 decimals with grouping.
 * 123456 → "1,234.56", -5 → "-0.05", null → "0.00".
 */
export function formatCoins(hundredths: NumLike): string {
  return render(shiftLeft(toIntDec(hundredths), 2), { minDecimals: 2, maxDecimals: 2 });
}

/**
 * Coins followed by the coin name: 123456 → "1,234.56 Coins".
 */
export function formatCoinsWithName(hundredths: NumLike, coinName: string = DEFAULT_COIN_NAME): string {
  return `${formatCoins(hundredths)} ${coinName || DEFAULT_COIN_NAME}`;
}

/**
 * A trade amount on the order list: 0 decimals (rounded half away from zero)
 * with grouping. 123456 → "1,235", 123449 → "1,234".
 */
export function formatTradeAmount(hundredths: NumLike): string {
  return render(shiftLeft(toIntDec(hundredths), 2), { maxDecimals: 0 });
}

/**
 * The NGN equivalent of an amount of coins: "₦" + 2 decimals with grouping.
 * Both inputs are in hundredths; contract/money.ts ngnFor works the figure out.
 * formatNgn(10000, 54673) → "₦546.73"; negative → "-₦546.73".
 */
export function formatNgn(hundredthsOfCoins: NumLike, ngnRateHundredths: NumLike = DEFAULT_NGN_RATE): string {
  const rate = toDec(ngnRateHundredths) === null ? toIntDec(DEFAULT_NGN_RATE) : toIntDec(ngnRateHundredths);
  return formatNgnHundredths(ngnFor(bigOf(toIntDec(hundredthsOfCoins)), bigOf(rate)));
}

/** NGN hundredths (what contract/money.ts works out) as "₦1,234.56" or "-₦1,234.56". */
export function formatNgnHundredths(hundredths: bigint): string {
  return render(shiftLeft(toIntDec(hundredths.toString()), 2), { minDecimals: 2, maxDecimals: 2, symbol: "₦" });
}

/** The NGN rate (hundredths of NGN per coin) with 2 decimals: 54673 → "546.73". */
export function ngnRateDisplay(rateHundredths: NumLike = DEFAULT_NGN_RATE): string {
  return formatCoins(toDec(rateHundredths) === null ? DEFAULT_NGN_RATE : rateHundredths);
}

// ------------------------------------------------------------ rates

/** A rate or discount stored per 10000 as a plain number: 8500 → 0.85. */
export function rateFromPer10000(v: NumLike): number {
  const d = toDec(v);
  if (!d) return 0;
  return Number(render(shiftLeft(d, 4), { maxDecimals: 20, grouping: false }));
}

/**
 * A rate per 10000 as a percentage, up to 2 decimals trimmed:
 * 8500 → "85%", 1234 → "12.34%", 5 → "0.05%".
 */
export function formatPercentPer10000(v: NumLike): string {
  return render(shiftLeft(toDec(v) ?? ZERO, 2), { maxDecimals: 2 }) + "%";
}

// ------------------------------------------------------------ counts

/** A count badge: "" for 0 / empty / negative, "n" up to 99, then "99+". */
export function formatBadge(n: NumLike): string {
  const v = typeof n === "string" ? Number(n) : n;
  if (v === null || v === undefined || !Number.isFinite(v) || v <= 0) return "";
  const i = Math.floor(v);
  if (i <= 0) return "";
  return i > BADGE_CAP ? `${BADGE_CAP}+` : String(i);
}

/**
 * Wealth (VIP points) or a check-in reward stored per 10000: divided by 10000,
 * at most 5 decimals, trailing zeros trimmed, "+" for positive values,
 * "0" when empty or zero. 12345 → "+1.2345", -20000 → "-2", null → "0".
 */
export function formatWealth(v: NumLike): string {
  const d = toDec(v);
  if (!d) return "0";
  const log10 = Math.round(Math.log10(WEALTH_SCALE));
  return render(shiftLeft(d, log10), { maxDecimals: WEALTH_MAX_DECIMALS, grouping: false, plus: true });
}

/**
 * A withdrawal currency amount (already in currency units): up to 10 decimals,
 * trailing zeros trimmed, with grouping. 0.000123450 → "0.00012345".
 */
export function formatCurrencyAmount(v: NumLike): string {
  return render(toDec(v) ?? ZERO, { maxDecimals: WITHDRAW_CURRENCY_MAX_DECIMALS });
}

/**
 * A trading volume in hundredths. Below 1e8 hundredths: like formatCoins.
 * From 1e8 (one million coins) up: thousands of coins with up to 2 decimals
 * and a "k": 1e8 → "1,000k", 123456789 → "1,234.57k".
 */
export function formatVolume(v: NumLike): string {
  const d = toIntDec(v);
  const big = bigOf(d);
  const abs = big < 0n ? -big : big;
  if (abs < BigInt(VOLUME_K_THRESHOLD)) return formatCoins(v);
  return render(shiftLeft(d, 5), { maxDecimals: 2 }) + "k";
}

// ------------------------------------------------------------ time

/**
 * A timestamp (ms) as "MMM D, YYYY hh:mm A" in a time zone (the user's: see
 * useTimeZone and ADR 0010; Lagos by default). "" for empty or invalid input.
 */
export function formatDate(ms: NumLike, timeZone: string = DEFAULT_TIME_ZONE): string {
  if (ms === null || ms === undefined || ms === "") return "";
  const n = typeof ms === "string" ? Number(ms) : ms;
  if (!Number.isFinite(n) || Math.abs(n) > 8.64e15) return "";
  return formatDateIn(n, timeZone);
}

/**
 * Time left as "mm:ss", or "h:mm:ss" from one hour up. Partial seconds are
 * dropped; negative or empty input gives "00:00".
 * 65_000 → "01:05", 3_600_000 → "1:00:00".
 */
export function formatCountdown(msLeft: NumLike): string {
  const n = typeof msLeft === "string" ? Number(msLeft) : msLeft;
  const total = n === null || n === undefined || !Number.isFinite(n) || n <= 0 ? 0 : Math.floor(n / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = String(m).padStart(2, "0");
  const ss = String(s).padStart(2, "0");
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

// ------------------------------------------------------------ input

/** Amounts are hundredths: said of a number typed with more than two decimals, before any range message. */
export const TWO_DECIMALS = "Enter the amount with at most 2 decimals (for example 50.55).";

/** A well-formed number with more than two decimals ("50.555"), which minorFromInput refuses. */
export function hasTooManyDecimals(str: string | null | undefined): boolean {
  return typeof str === "string" && /^(\d{1,3}(?:,\d{3})+|\d*)\.\d{3,}$/.test(str.trim());
}

/**
 * A typed rate ("535.25", "1,535", "0.85") per 10000, the unit of discounts and withdrawer rates;
 * null when it is not one (more than 4 decimals included).
 */
export function rateFromInput(typed: string): number | null {
  const m = /^(\d{1,3}(?:,\d{3})+|\d*)(?:\.(\d{0,4}))?$/.exec(typed.trim());
  if (!m || (!m[1] && !m[2])) return null;
  const n = Number(`${(m[1] ?? "").replace(/,/g, "") || "0"}${(m[2] ?? "").padEnd(4, "0")}`);
  return Number.isSafeInteger(n) ? n : null;
}

/**
 * Parses a user-typed amount ("12.5", "1,234.56", ".5", " 7 ") into hundredths
 * (1250, 123456, 50, 700) with string arithmetic, never floats.
 * Returns null for empty or invalid input, a sign, more than 2 decimals,
 * misplaced thousands separators, or a value past Number.MAX_SAFE_INTEGER.
 */
export function minorFromInput(str: string | null | undefined): number | null {
  if (typeof str !== "string") return null;
  const s = str.trim();
  const m = /^(\d{1,3}(?:,\d{3})+|\d*)(?:\.(\d{0,2}))?$/.exec(s);
  if (!m) return null;
  const intPart = (m[1] ?? "").replace(/,/g, "");
  const fracPart = m[2] ?? "";
  if (intPart === "" && fracPart === "") return null;
  const digits = ((intPart || "0") + fracPart.padEnd(2, "0")).replace(/^0+(?=\d)/, "");
  const n = Number(digits);
  if (!Number.isSafeInteger(n)) return null;
  return n;
}

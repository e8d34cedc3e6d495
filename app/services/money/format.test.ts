import { describe, it, expect } from "vitest";
import {
  DEFAULT_COIN_NAME,
  DEFAULT_NGN_RATE,
  formatBadge,
  formatCoins,
  formatCoinsWithName,
  formatCountdown,
  formatCurrencyAmount,
  formatDate,
  formatNgn,
  formatPercentPer10000,
  formatTradeAmount,
  formatVolume,
  formatWealth,
  minorFromInput,
  hasTooManyDecimals,
  ngnRateDisplay,
  rateFromPer10000,
} from "./format";

describe("constants", () => {
  it("has the spec defaults", () => {
    expect(DEFAULT_NGN_RATE).toBe(54673);
    expect(DEFAULT_COIN_NAME).toBe("Coins");
  });
});

describe("formatCoins", () => {
  it("shows 2 decimals with grouping", () => {
    expect(formatCoins(123456)).toBe("1,234.56");
    expect(formatCoins(100)).toBe("1.00");
    expect(formatCoins(1)).toBe("0.01");
    expect(formatCoins(10)).toBe("0.10");
    expect(formatCoins(99)).toBe("0.99");
    expect(formatCoins(100000000)).toBe("1,000,000.00");
    expect(formatCoins(123456789012)).toBe("1,234,567,890.12");
  });
  it("handles zero and empty values", () => {
    expect(formatCoins(0)).toBe("0.00");
    expect(formatCoins(-0)).toBe("0.00");
    expect(formatCoins(null)).toBe("0.00");
    expect(formatCoins(undefined)).toBe("0.00");
    expect(formatCoins(NaN)).toBe("0.00");
    expect(formatCoins("")).toBe("0.00");
    expect(formatCoins("abc")).toBe("0.00");
  });
  it("handles negatives", () => {
    expect(formatCoins(-5)).toBe("-0.05");
    expect(formatCoins(-123456)).toBe("-1,234.56");
  });
  it("accepts numeric strings and rounds stray fractions of a hundredth", () => {
    expect(formatCoins("123456")).toBe("1,234.56");
    expect(formatCoins(123456.5)).toBe("1,234.57");
    expect(formatCoins(123456.4)).toBe("1,234.56");
    expect(formatCoins(-0.4)).toBe("0.00");
  });
  it("is exact for large safe integers", () => {
    expect(formatCoins(Number.MAX_SAFE_INTEGER)).toBe("90,071,992,547,409.91");
  });
  it("adds the coin name", () => {
    expect(formatCoinsWithName(123456)).toBe("1,234.56 Coins");
    expect(formatCoinsWithName(100, "Gold")).toBe("1.00 Gold");
    expect(formatCoinsWithName(100, "")).toBe("1.00 Coins");
  });
});

describe("formatTradeAmount", () => {
  it("shows 0 decimals with grouping, rounding half away from zero", () => {
    expect(formatTradeAmount(123456)).toBe("1,235");
    expect(formatTradeAmount(123449)).toBe("1,234");
    expect(formatTradeAmount(123450)).toBe("1,235");
    expect(formatTradeAmount(100)).toBe("1");
    expect(formatTradeAmount(49)).toBe("0");
    expect(formatTradeAmount(50)).toBe("1");
    expect(formatTradeAmount(0)).toBe("0");
    expect(formatTradeAmount(null)).toBe("0");
  });
  it("handles negatives without a negative zero", () => {
    expect(formatTradeAmount(-150)).toBe("-2");
    expect(formatTradeAmount(-149)).toBe("-1");
    expect(formatTradeAmount(-49)).toBe("0");
  });
});

describe("formatNgn", () => {
  it("multiplies coins by the rate (both in hundredths)", () => {
    expect(formatNgn(100, 54673)).toBe("₦546.73");
    expect(formatNgn(10000, 54673)).toBe("₦54,673.00");
    expect(formatNgn(123456, 54673)).toBe("₦674,970.99"); // 1234.56 × 546.73 = 674970.9888
    expect(formatNgn(1, 54673)).toBe("₦5.47"); // 0.01 × 546.73 = 5.4673
    expect(formatNgn(1, 50000)).toBe("₦5.00");
  });
  it("rounds half away from zero", () => {
    expect(formatNgn(1, 150)).toBe("₦0.02"); // 0.015
    expect(formatNgn(1, 149)).toBe("₦0.01"); // 0.0149
    expect(formatNgn(-1, 150)).toBe("-₦0.02");
  });
  it("uses the default rate when the rate is missing", () => {
    expect(formatNgn(100)).toBe("₦546.73");
    expect(formatNgn(100, null)).toBe("₦546.73");
    expect(formatNgn(100, undefined)).toBe("₦546.73");
  });
  it("handles zero and empty amounts", () => {
    expect(formatNgn(0, 54673)).toBe("₦0.00");
    expect(formatNgn(null, 54673)).toBe("₦0.00");
    expect(formatNgn(100, 0)).toBe("₦0.00");
  });
  it("stays exact past 2^53 intermediate products", () => {
    // 9e13 hundredths × 54673 = 4.92e18 > MAX_SAFE_INTEGER
    expect(formatNgn(90_000_000_000_000, 54673)).toBe("₦492,057,000,000,000.00");
  });
  it("handles negatives", () => {
    expect(formatNgn(-100, 54673)).toBe("-₦546.73");
  });
});

describe("ngnRateDisplay", () => {
  it("shows the rate with 2 decimals", () => {
    expect(ngnRateDisplay(54673)).toBe("546.73");
    expect(ngnRateDisplay(50000)).toBe("500.00");
    expect(ngnRateDisplay(150000)).toBe("1,500.00");
    expect(ngnRateDisplay(0)).toBe("0.00");
  });
  it("falls back to the default", () => {
    expect(ngnRateDisplay()).toBe("546.73");
    expect(ngnRateDisplay(null)).toBe("546.73");
  });
});

describe("rates per 10000", () => {
  it("rateFromPer10000 returns a plain number", () => {
    expect(rateFromPer10000(8500)).toBe(0.85);
    expect(rateFromPer10000(10000)).toBe(1);
    expect(rateFromPer10000(1)).toBe(0.0001);
    expect(rateFromPer10000(3)).toBe(0.0003);
    expect(rateFromPer10000(0)).toBe(0);
    expect(rateFromPer10000(null)).toBe(0);
    expect(rateFromPer10000(-2500)).toBe(-0.25);
    expect(rateFromPer10000("8500")).toBe(0.85);
  });
  it("formatPercentPer10000 shows up to 2 decimals trimmed", () => {
    expect(formatPercentPer10000(8500)).toBe("85%");
    expect(formatPercentPer10000(1234)).toBe("12.34%");
    expect(formatPercentPer10000(1230)).toBe("12.3%");
    expect(formatPercentPer10000(5)).toBe("0.05%");
    expect(formatPercentPer10000(10000)).toBe("100%");
    expect(formatPercentPer10000(0)).toBe("0%");
    expect(formatPercentPer10000(null)).toBe("0%");
    expect(formatPercentPer10000(-150)).toBe("-1.5%");
    expect(formatPercentPer10000(0.5)).toBe("0.01%");
  });
});

describe("formatBadge", () => {
  it("is empty for nothing to show", () => {
    expect(formatBadge(0)).toBe("");
    expect(formatBadge(undefined)).toBe("");
    expect(formatBadge(null)).toBe("");
    expect(formatBadge(-3)).toBe("");
    expect(formatBadge(NaN)).toBe("");
    expect(formatBadge(0.5)).toBe("");
  });
  it("shows the number up to 99, then 99+", () => {
    expect(formatBadge(1)).toBe("1");
    expect(formatBadge(98)).toBe("98");
    expect(formatBadge(99)).toBe("99");
    expect(formatBadge(100)).toBe("99+");
    expect(formatBadge(12345)).toBe("99+");
    expect(formatBadge("7")).toBe("7");
  });
});

describe("formatWealth", () => {
  it("divides by 10000 and trims trailing zeros", () => {
    expect(formatWealth(12345)).toBe("+1.2345");
    expect(formatWealth(10000)).toBe("+1");
    expect(formatWealth(15000)).toBe("+1.5");
    expect(formatWealth(1)).toBe("+0.0001");
    expect(formatWealth(123456789)).toBe("+12345.6789");
  });
  it("shows at most 5 decimals", () => {
    expect(formatWealth(0.12)).toBe("+0.00001"); // 0.000012 → 5 decimals
    expect(formatWealth(0.14)).toBe("+0.00001");
    expect(formatWealth(0.15)).toBe("+0.00002");
    expect(formatWealth(0.04)).toBe("0"); // rounds to zero: no sign
    expect(formatWealth("1.23456")).toBe("+0.00012");
  });
  it("shows '0' when empty or zero", () => {
    expect(formatWealth(0)).toBe("0");
    expect(formatWealth(null)).toBe("0");
    expect(formatWealth(undefined)).toBe("0");
    expect(formatWealth("")).toBe("0");
    expect(formatWealth(NaN)).toBe("0");
  });
  it("keeps the minus for negatives", () => {
    expect(formatWealth(-20000)).toBe("-2");
    expect(formatWealth(-12345)).toBe("-1.2345");
  });
});

describe("formatCurrencyAmount", () => {
  it("shows up to 10 decimals, trailing zeros trimmed", () => {
    expect(formatCurrencyAmount(0.00012345)).toBe("0.00012345");
    expect(formatCurrencyAmount("0.000123450")).toBe("0.00012345");
    expect(formatCurrencyAmount(1.5)).toBe("1.5");
    expect(formatCurrencyAmount(2)).toBe("2");
    expect(formatCurrencyAmount(1234.5)).toBe("1,234.5");
    expect(formatCurrencyAmount("0.12345678901")).toBe("0.123456789"); // 0.1234567890|1
    expect(formatCurrencyAmount("0.12345678915")).toBe("0.1234567892");
  });
  it("handles exponent notation without float artefacts", () => {
    expect(formatCurrencyAmount(1e-7)).toBe("0.0000001");
    expect(formatCurrencyAmount(1e-11)).toBe("0");
    expect(formatCurrencyAmount(0.1 + 0.2)).toBe("0.3"); // 0.30000000000000004 → 10 decimals
    expect(formatCurrencyAmount(1e21)).toBe("1,000,000,000,000,000,000,000");
  });
  it("handles zero, empty and negatives", () => {
    expect(formatCurrencyAmount(0)).toBe("0");
    expect(formatCurrencyAmount(null)).toBe("0");
    expect(formatCurrencyAmount(-0.5)).toBe("-0.5");
  });
});

describe("formatVolume", () => {
  it("shows coins below 1e8 hundredths", () => {
    expect(formatVolume(0)).toBe("0.00");
    expect(formatVolume(123456)).toBe("1,234.56");
    expect(formatVolume(99_999_999)).toBe("999,999.99");
  });
  it("shows thousands of coins with k from 1e8 hundredths", () => {
    expect(formatVolume(100_000_000)).toBe("1,000k");
    expect(formatVolume(123_456_789)).toBe("1,234.57k");
    expect(formatVolume(150_000_000)).toBe("1,500k");
    expect(formatVolume(1e12)).toBe("10,000,000k");
  });
  it("handles negatives and empty", () => {
    expect(formatVolume(-100_000_000)).toBe("-1,000k");
    expect(formatVolume(null)).toBe("0.00");
  });
});

describe("formatDate", () => {
  it("uses 'MMM D, YYYY hh:mm A' in Lagos time unless told another zone", () => {
    const ms = Date.UTC(2024, 0, 5, 8, 7); // 09:07 in Lagos (UTC+1)
    expect(formatDate(ms)).toBe("Jan 5, 2024 09:07 AM");
    expect(formatDate(ms, "UTC")).toBe("Jan 5, 2024 08:07 AM");
    const pm = Date.UTC(2023, 11, 25, 20, 30);
    expect(formatDate(pm)).toBe("Dec 25, 2023 09:30 PM");
    expect(formatDate(String(pm))).toBe("Dec 25, 2023 09:30 PM");
    expect(formatDate(Date.UTC(2023, 11, 31, 23, 0))).toBe("Jan 1, 2024 12:00 AM");
    expect(formatDate(Date.UTC(2024, 0, 1, 11, 59), "UTC")).toBe("Jan 1, 2024 11:59 AM");
    expect(formatDate(Date.UTC(2024, 0, 1, 12, 0), "UTC")).toBe("Jan 1, 2024 12:00 PM");
  });
  it("is empty for empty or invalid input", () => {
    expect(formatDate(null)).toBe("");
    expect(formatDate(undefined)).toBe("");
    expect(formatDate("")).toBe("");
    expect(formatDate("not a date")).toBe("");
    expect(formatDate(NaN)).toBe("");
    expect(formatDate(9e15)).toBe("");
  });
});

describe("formatCountdown", () => {
  it("shows mm:ss under an hour", () => {
    expect(formatCountdown(0)).toBe("00:00");
    expect(formatCountdown(999)).toBe("00:00");
    expect(formatCountdown(1000)).toBe("00:01");
    expect(formatCountdown(65_000)).toBe("01:05");
    expect(formatCountdown(59 * 60_000 + 59_999)).toBe("59:59");
  });
  it("shows h:mm:ss from an hour", () => {
    expect(formatCountdown(3_600_000)).toBe("1:00:00");
    expect(formatCountdown(3_661_000)).toBe("1:01:01");
    expect(formatCountdown(300 * 60_000)).toBe("5:00:00");
    expect(formatCountdown(25 * 3_600_000)).toBe("25:00:00");
  });
  it("is never negative", () => {
    expect(formatCountdown(-1)).toBe("00:00");
    expect(formatCountdown(-3_600_000)).toBe("00:00");
    expect(formatCountdown(null)).toBe("00:00");
    expect(formatCountdown(NaN)).toBe("00:00");
  });
});

describe("hasTooManyDecimals", () => {
  it("tells a number with three or more decimals from one minorFromInput refuses for other reasons", () => {
    expect(["50.555", " 1,050.5551 ", ".125"].map(hasTooManyDecimals)).toEqual([true, true, true]);
    expect(["50.55", "50", "abc.123", "1.2.345", "", "-1.555"].map(hasTooManyDecimals)).toEqual([false, false, false, false, false, false]);
  });
});

describe("minorFromInput", () => {
  it("parses decimals exactly", () => {
    expect(minorFromInput("12.5")).toBe(1250);
    expect(minorFromInput("12.50")).toBe(1250);
    expect(minorFromInput("12")).toBe(1200);
    expect(minorFromInput("12.")).toBe(1200);
    expect(minorFromInput(".5")).toBe(50);
    expect(minorFromInput("0.01")).toBe(1);
    expect(minorFromInput("0")).toBe(0);
    expect(minorFromInput("0.00")).toBe(0);
    expect(minorFromInput("007.5")).toBe(750);
    expect(minorFromInput("  7 ")).toBe(700);
  });
  it("has none of the float errors of Number(x) * 100", () => {
    expect(0.29 * 100).not.toBe(29); // the trap
    expect(minorFromInput("0.29")).toBe(29);
    expect(minorFromInput("1.15")).toBe(115);
    expect(minorFromInput("4.35")).toBe(435);
    expect(minorFromInput("1.005")).toBeNull();
    expect(minorFromInput("0.1")! + minorFromInput("0.2")!).toBe(minorFromInput("0.3"));
    expect(minorFromInput("0.3")).toBe(30);
    expect(minorFromInput("19.99")).toBe(1999);
  });
  it("accepts well-placed thousands separators", () => {
    expect(minorFromInput("1,234.56")).toBe(123456);
    expect(minorFromInput("1,000")).toBe(100000);
    expect(minorFromInput("12,345,678")).toBe(1234567800);
  });
  it("rejects invalid input", () => {
    expect(minorFromInput("")).toBeNull();
    expect(minorFromInput("   ")).toBeNull();
    expect(minorFromInput(".")).toBeNull();
    expect(minorFromInput("abc")).toBeNull();
    expect(minorFromInput("1.2.3")).toBeNull();
    expect(minorFromInput("12.345")).toBeNull();
    expect(minorFromInput("-1")).toBeNull();
    expect(minorFromInput("+1")).toBeNull();
    expect(minorFromInput("1e3")).toBeNull();
    expect(minorFromInput("1 000")).toBeNull();
    expect(minorFromInput("1,23")).toBeNull();
    expect(minorFromInput("12,34.5")).toBeNull();
    expect(minorFromInput("Infinity")).toBeNull();
    expect(minorFromInput("0x10")).toBeNull();
    expect(minorFromInput(null)).toBeNull();
    expect(minorFromInput(undefined)).toBeNull();
  });
  it("rejects values past the safe integer range", () => {
    expect(minorFromInput("90071992547409.91")).toBe(Number.MAX_SAFE_INTEGER);
    expect(minorFromInput("90071992547409.92")).toBeNull();
    expect(minorFromInput("99999999999999999999")).toBeNull();
  });
});

/**
 * The money formulas (contract/money.ts), proved over thousands of drawn cards, rates, faces and
 * amounts: each result is exactly the floor of the true quotient (checked by its definition,
 * result × divisor ≤ product < (result + 1) × divisor, not by doing the division again), up to
 * the largest faces, rates and amounts the contract accepts; a result a number cannot hold is
 * refused, never rounded. tests/integration/money-property.test.ts proves the same figures are
 * what the backend charges and that no trade makes or loses a minor unit.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ADVERT_AMOUNT_MAX, ADVERT_DISCOUNT_MAX } from "./advert-rules";
import { WITHDRAWER_RATE_MAX } from "./calls/withdrawals-withdrawer";
import { CRYPTO_SCALE, RATE_SCALE } from "./constants";
import {
  coinsForCrypto,
  coinsForFace,
  CRYPTO_DECIMALS,
  RATE,
  cryptoFromInput,
  cryptoText,
  discountForUsd,
  figureOrNull,
  minorText,
  MoneyRangeError,
  ngnFor,
  ngnPerFaceUnit,
  orderPoints,
  payoutFor,
  referralShare,
  usdDiscountOf,
  USD_PER_UNIT,
} from "./money";

const RUNS = { numRuns: 5_000 };
const MAX = Number.MAX_SAFE_INTEGER;
const big = BigInt;

/** `r` is floor(num / den): r × den ≤ num < (r + 1) × den. */
function isFloorOf(r: number, num: bigint, den: bigint): boolean {
  const b = big(r);
  return b * den <= num && num < (b + 1n) * den;
}

const face = fc.integer({ min: 1, max: ADVERT_AMOUNT_MAX });
const discount = fc.integer({ min: 1, max: ADVERT_DISCOUNT_MAX });
const coins = fc.integer({ min: 1, max: MAX });
const rate = fc.integer({ min: 1, max: WITHDRAWER_RATE_MAX });

describe("coins for a card face", () => {
  it("is the floor of face × discount / 10000 for every face and discount an offer may have", () => {
    fc.assert(fc.property(face, discount, (f, d) => isFloorOf(coinsForFace(f, d), big(f) * big(d), big(RATE_SCALE))), RUNS);
  });

  it("is exact at the largest face and discount an offer allows, and past where a float product is exact", () => {
    expect(coinsForFace(ADVERT_AMOUNT_MAX, ADVERT_DISCOUNT_MAX)).toBe(500_000_000);
    // 2^53 − 1 × 9999 is past 2^53: a floating-point product would already have lost its last digits.
    expect(coinsForFace(9_007_199_254_740_991, 10_000)).toBe(9_007_199_254_740_991);
    expect(coinsForFace(9_007_199_254_740_991, 9_999)).toBe(9_006_298_534_815_516);
    expect(() => coinsForFace(9_007_199_254_740_991, 10_001)).toThrow(MoneyRangeError);
  });

  it("never pays more for less: monotonic in the face and the discount", () => {
    fc.assert(
      fc.property(face, face, discount, discount, (f1, f2, d1, d2) => {
        const [fa, fb] = f1 <= f2 ? [f1, f2] : [f2, f1];
        const [da, db] = d1 <= d2 ? [d1, d2] : [d2, d1];
        return coinsForFace(fa, da) <= coinsForFace(fb, db);
      }),
      RUNS,
    );
  });

  it("worked examples", () => {
    expect(coinsForFace(4_000, 7_800)).toBe(3_120); // 40 USD at 0.78: 31.20 coins
    expect(coinsForFace(4_000, 5_000)).toBe(2_000);
    expect(coinsForFace(3_333, 8_613)).toBe(2_870); // 2870.7… rounded down
    expect(coinsForFace(0, 8_600)).toBe(0);
  });
});

describe("a payout for coins", () => {
  it("is the floor of coins × rate / 10000, or refused when no number holds it exactly", () => {
    fc.assert(
      fc.property(coins, rate, (c, r) => {
        const exact = big(c) * big(r);
        if (exact / big(RATE_SCALE) > big(MAX)) return figureOrNull(() => payoutFor(c, r)) === null;
        return isFloorOf(payoutFor(c, r), exact, big(RATE_SCALE));
      }),
      RUNS,
    );
  });

  it("worked examples", () => {
    expect(payoutFor(1_000, 5_365_000)).toBe(536_500); // 10 coins at 536.50: 5,365 NGN
    expect(payoutFor(1_000, 4_000_000)).toBe(400_000);
    expect(payoutFor(15_000, 5_350_000)).toBe(8_025_000);
    expect(payoutFor(1, 1)).toBe(0);
  });
});

describe("coins for BTC or USDT", () => {
  const price = fc.integer({ min: 1, max: 100_000_000_000 }); // up to 1 billion USD a coin
  const share = fc.integer({ min: 1, max: 20_000 });
  it("is the floor of amount × price × usdRate × discount / 1e16", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX }), price, share, share, (a, p, u, d) => {
        const num = big(a) * big(p) * big(u) * big(d);
        const den = big(CRYPTO_SCALE) * big(RATE_SCALE) * big(RATE_SCALE);
        if (num / den > big(MAX)) return figureOrNull(() => coinsForCrypto(a, { price: p, usdRate: u, discount: d })) === null;
        return isFloorOf(coinsForCrypto(a, { price: p, usdRate: u, discount: d }), num, den);
      }),
      RUNS,
    );
  });

  it("worked examples", () => {
    const q = { price: 6_000_000, usdRate: 10_000, discount: 9_500 }; // $60,000, 1 coin per USD, 95%
    expect(coinsForCrypto(100_000_000, q)).toBe(5_700_000); // 57,000.00 coins
    expect(coinsForCrypto(1, q)).toBe(0);
    expect(coinsForCrypto(175_438, q)).toBe(9_999); // just under 100 coins
    expect(coinsForCrypto(175_439, q)).toBe(10_000);
  });

  it("reads typed amounts exactly and writes them back", () => {
    expect(cryptoFromInput("0.1")).toBe(10_000_000);
    expect(cryptoFromInput("0.00000001")).toBe(1);
    expect(cryptoFromInput(".5")).toBe(50_000_000);
    expect(cryptoFromInput("12")).toBe(1_200_000_000);
    expect(cryptoFromInput("0.29")).toBe(29_000_000); // 0.29 * 1e8 is 28999999.999… in floats
    for (const bad of ["0.000000001", "-1", "0", "", "1e3", "1,5", " . "]) expect(cryptoFromInput(bad)).toBeNull();
    expect(cryptoText(1_500_000)).toBe("0.015");
    expect(cryptoText(100_000_000)).toBe("1");
    fc.assert(fc.property(fc.integer({ min: 1, max: MAX }), (n) => cryptoFromInput(cryptoText(n)) === n), RUNS);
  });
});

describe("rewards and points", () => {
  it("an inviter's share is the floor of 3 per mille", () => {
    fc.assert(fc.property(coins, (p) => isFloorOf(referralShare(p), big(p) * 3n, 1000n)), RUNS);
    expect([333, 334, 8_500, 102_000, 99_999].map(referralShare)).toEqual([0, 1, 25, 306, 299]);
  });

  it("points are one per coin plus 10% a level, rounded down", () => {
    const paid = fc.integer({ min: 1, max: 10_000_000_000 });
    fc.assert(fc.property(paid, fc.integer({ min: 0, max: 7 }), (c, l) => isFloorOf(orderPoints(c, l), big(c) * 100n * big(10 + l), 10n)), RUNS);
    expect(orderPoints(8_500, 0)).toBe(850_000); // 85 coins: 85 points
    expect(orderPoints(1, 7)).toBe(170);
  });
});

describe("what is only shown", () => {
  it("the NGN equivalent rounds half away from zero, at any size", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }), fc.bigInt({ min: 1n, max: 10n ** 9n }), (c, r) => {
        // 100 × (the shown figure − the exact one c × r / 100): at most half a hundredth, a tie away from zero.
        const d = ngnFor(c, r) * 100n - c * r;
        return d <= 50n && d >= -50n && (d !== 50n || c * r > 0n) && (d !== -50n || c * r < 0n);
      }),
      RUNS,
    );
    expect(ngnFor(100n, 54_673n)).toBe(54_673n); // 1 coin: ₦546.73
    expect(ngnFor(1n, 150n)).toBe(2n); // 0.015 → 0.02
    expect(ngnFor(-1n, 150n)).toBe(-2n);
    expect(ngnPerFaceUnit(8_500n, 54_673n)).toBe(46_472n); // ₦464.72 per unit of face
  });

  it("an offer's discount per USD and back", () => {
    for (const [currency, fx] of Object.entries(USD_PER_UNIT)) {
      fc.assert(
        fc.property(discount, (d) => {
          const u = usdDiscountOf(d, currency);
          // rounded half away: |u × fx − d × 10000| ≤ fx / 2
          return 2n * (big(u) * big(fx) - big(d) * big(RATE_SCALE)) <= big(fx) && 2n * (big(d) * big(RATE_SCALE) - big(u) * big(fx)) <= big(fx);
        }),
        { numRuns: 1_000 },
      );
    }
    expect(usdDiscountOf(8_300, "GBP")).toBe(6_535);
    expect(discountForUsd(8_300, "GBP")).toBe(10_541);
    expect(usdDiscountOf(8_300, "XYZ")).toBe(8_300);
  });

  it("writes hundredths for messages", () => {
    expect([0, 5, -5, 2_000, 123_456, 100_000_000].map((m) => minorText(m))).toEqual(["0.00", "0.05", "-0.05", "20.00", "1,234.56", "1,000,000.00"]);
    expect([400_000, 8_025_050, 5, 0].map((m) => minorText(m, { trim: true }))).toEqual(["4,000", "80,250.5", "0.05", "0"]);
  });
});

describe("the module's own constants", () => {
  it("agree with the contract's scales", () => {
    expect(RATE).toBe(BigInt(RATE_SCALE));
    expect(10 ** CRYPTO_DECIMALS).toBe(CRYPTO_SCALE);
  });
});

describe("inputs that are not money", () => {
  it("a float, NaN or a number past 2^53 is refused, never rounded", () => {
    for (const bad of [1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) {
      expect(() => coinsForFace(bad, 8_000)).toThrow(MoneyRangeError);
      expect(() => payoutFor(1_000, bad)).toThrow(MoneyRangeError);
    }
    expect(figureOrNull(() => coinsForFace(1.5, 8_000))).toBeNull();
    expect(() => figureOrNull(() => { throw new Error("other"); })).toThrow("other");
  });
});

/**
 * What is only shown beside a price, never paid (docs/decisions/0050-quotes-and-one-home-for-money.md):
 * the ≈ NGN equivalents, rounded half away from zero to the hundredth. Part of the one home of money
 * formulas (contract/money.ts re-exports them); a module of its own because every page's first
 * script shows NGN and should carry nothing else of it.
 */

/** Half away from zero, to the nearest integer of num / den (den > 0). */
export function roundHalfAway(num: bigint, den: bigint): bigint {
  const neg = num < 0n;
  const a = neg ? -num : num;
  const q = (a * 2n + den) / (den * 2n);
  return neg ? -q : q;
}

/**
 * The NGN equivalent (hundredths) of coins (hundredths) at the NGN rate (hundredths per coin),
 * rounded half away from zero. A BigInt, so any balance can be shown: (coins / 100) × (ngnRate / 100)
 * NGN is coins × ngnRate / 100 hundredths.
 */
export function ngnFor(coins: bigint, ngnRate: bigint): bigint {
  return roundHalfAway(coins * ngnRate, 100n);
}

/** NGN (hundredths) one unit of card face is worth at a discount (per 10000): it pays discount / 100 coin hundredths. */
export function ngnPerFaceUnit(discount: bigint, ngnRate: bigint): bigint {
  return roundHalfAway(discount * ngnRate, 10_000n);
}

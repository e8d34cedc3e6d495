import type { BalancePart } from "../../db/schema";

/**
 * The platform's own account in the coin ledger (ADR 0024): the other side of coins the
 * platform itself pays out (referral rewards), so every credit has a matching debit and the
 * books still add up. A system user seeded by migration 016 (production has no demo world);
 * it cannot sign in. Its available balance may go below zero: that figure is what the
 * platform has paid out, and a payout never fails for want of a float.
 */
export const PLATFORM_USER_ID = 1;

/** Whether a balance part of this user may go below zero (only the platform's available coins). */
export const mayOverdraw = (userId: number, part: BalancePart) => userId === PLATFORM_USER_ID && part === "amount";

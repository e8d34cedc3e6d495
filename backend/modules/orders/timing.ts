/**
 * The order timers (docs/product/statuses.md, ADR 0007). Each one is a column the job
 * `backend/jobs/order-timers.ts` sweeps, so a restart loses none.
 *
 * - autoCancelTimestamp   = createTimestamp + the advert's payLimit (minutes): status 0 → 5.
 * - autoReleaseTimestamp  = the merchant's view + RELEASE_MINUTES: status 1 → 4 (the seller is paid).
 * - autoArbitrationTimestamp = the negotiation's start + ARBITRATION_MINUTES: status 2 → 3.
 */

/** Minutes the merchant has, after viewing the card, to complete or dispute it before it pays itself. */
export const RELEASE_MINUTES = 60;

/** Minutes the seller has to answer a negotiation before it goes to arbitration (a human). */
export const ARBITRATION_MINUTES = 120;

/** How often the scheduler sweeps due timers. */
export const ORDER_SWEEP_EVERY_MS = 5_000;

/** How many due rows of one kind a sweep takes at a time. */
export const ORDER_SWEEP_BATCH = 100;

export const minutesAfter = (at: Date, minutes: number) => new Date(at.getTime() + minutes * 60_000);

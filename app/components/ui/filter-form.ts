/**
 * The props every list-filter GET <Form> shares (offers, orders, wallet, withdrawals).
 *
 * A filter change is a history entry, so Back returns to the previous filters:
 * never `replace` (neither on the form, nor in the submit/navigate of its
 * onChange, nor on its Reset link), which is what a plain GET submit does
 * without JavaScript anyway. `autoComplete="off"` stops the browser from
 * restoring choices that were picked but not applied when Back reloads the
 * page without JavaScript; the forms are also keyed by the applied filters,
 * so with JavaScript the controls follow Back and Forward.
 */
export const FILTER_FORM_PROPS = { method: "get", preventScrollReset: true, autoComplete: "off" } as const;

/** Options for the submit or navigate a filter form's onChange does with JavaScript: no `replace`, see above. */
export const FILTER_NAVIGATE_OPTIONS = { preventScrollReset: true } as const;

/**
 * A typed filter (the offer list's amount) refreshes its results once she pauses this long, and
 * replaces the history entry instead of adding one per keystroke (ADR 0072; app/touches/live-results.ts).
 */
export const LIVE_DELAY_MS = 300;

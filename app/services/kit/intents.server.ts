/**
 * Forms with several buttons say which one was pressed in their `intent` field (a button's
 * name="intent" value, or a hidden field). An action with more than one intent names what each
 * does, and the kit runs the one posted:
 *
 *   return dispatchIntent(form, {
 *     [PAUSE_INTENT]: () => …,
 *     [RESUME_INTENT]: () => …,
 *   });
 *
 * An intent the route does not know (a stale page, a hand-made post) is a 400 "Request error"
 * with the intent, so the page can put the message where that form is.
 */
import { json } from "./http.server";
import { intentOf } from "./intent";

export { intentOf };
export const REQUEST_ERROR = "Request error";

/**
 * Runs what the posted intent names; an unknown one is a 400 `{ intent, error: "Request error" }`.
 * `field`: where the form names its intent, when not in `intent` (kit/intent.ts intentOf).
 */
export async function dispatchIntent<H extends Record<string, (intent: string) => unknown>>(form: FormData, handlers: H, headers?: HeadersInit, field?: string) {
  const intent = intentOf(form, field);
  const run = Object.prototype.hasOwnProperty.call(handlers, intent) ? handlers[intent] : undefined;
  if (!run) return json({ intent, error: REQUEST_ERROR }, { status: 400, headers });
  return (await run(intent)) as Awaited<ReturnType<H[keyof H]>>;
}

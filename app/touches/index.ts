/**
 * The touches script (ADR 0067): what an islands-only page (app/services/layout/islands.ts) does
 * with JavaScript, without the framework. Plain, web-standard script, bundled alone by
 * scripts/build-touches.ts and loaded as a module at the end of the page, so it runs once the
 * page is parsed and never holds back its first paint. Each touch works on the server's markup,
 * the one a browser without JavaScript gets, and is small and on its own: one failing leaves the
 * others (and the page, which works without any of them).
 */
import { carousels } from "./carousel";
import { confirmations } from "./confirm";
import { copyButtons } from "./copy";
import { feeds } from "./feed";
import { fieldErrors } from "./field-errors";
import { filters } from "./filters";
import { focusError } from "./focus-error";
import { islands } from "./islands";
import { keptState } from "./kept-state";
import { liveResults } from "./live-results";
import { menus } from "./menus";
import { pendingForms } from "./pending";
import { printButtons } from "./print";
import { promo } from "./promo";
import { markReady } from "./ready";
import { replaceLinks } from "./replace-links";
import { safeBack } from "./safe-back";
import { shareButtons } from "./share";
import { registerWorker } from "../worker/register";
import { toasts } from "./toast";

// Kept state first: the carousel reads it.
for (const touch of [keptState, confirmations, pendingForms, toasts, menus, carousels, promo, filters, liveResults, feeds, replaceLinks, safeBack, fieldErrors, focusError, copyButtons, shareButtons, printButtons]) {
  try {
    touch(document);
  } catch (error) {
    console.error("[touches]", touch.name, error);
  }
}
// The islands hydrate after the first paint; the ready mark waits for them.
void islands(document)
  .catch((error) => console.error("[touches] islands", error))
  .finally(() => markReady(document));
// The service worker (ADR 0077): after the page has loaded and gone idle, never before.
registerWorker(window);

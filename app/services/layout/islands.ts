/**
 * Islands-only pages (ADR 0067). A route whose `handle` lists its islands is sent without the
 * framework's scripts: no React, no Remix runtime, no route modules. Its forms post and its links
 * load pages as they do with JavaScript off, and the touches script (app/touches/) adds what a
 * user would miss: a pending submit, the toast's close, the carousel's buttons. A route without
 * the list hydrates the whole page, as before. The islands it lists (app/islands/, by name) are
 * hydrated alone, after the first paint, each from its own small entry.
 *
 *   export const handle: IslandsHandle = { islands: ["code-field"] };
 */
export interface IslandsHandle {
  /** Present: the page is islands-only; the islands it hydrates on its own (app/islands/<name>.island.tsx). */
  islands?: readonly string[];
}

/** Whether a route's handle makes its page islands-only. */
export const isIslandsOnly = (handle: unknown): boolean => Array.isArray((handle as IslandsHandle | undefined)?.islands);

/**
 * One render of a page for every signed-out visitor who would get the same page (ADR 0045).
 *
 * Under load, rendering /home was most of a request's time: React, and React Router matching the
 * URL against every route twice more inside the render. A signed-out visitor's page is the same
 * for everyone who brings the same URL and loader data, but for the session's CSRF token. A route
 * whose handle says `sharedRender: true` promises that its page (layout included) is a function
 * of those alone, and of nothing else the request or the clock holds; its rendered HTML is kept,
 * with the token taken out, under a key made of the URL, whether the page carries its first
 * paint's styles, and Remix's serialized state with the token taken out. Loaders still run on
 * every request: whatever they read (the catalog, the config, the promo cookie) is in the key,
 * so a change makes a new page, and the cookies they set are sent as before.
 *
 * Not kept: signed-in pages (their top bar shows what changes with the clock), a flash toast,
 * deferred data, errors, an action's result, any status but 200, and a render that failed.
 */
import type { EntryContext } from "../kit/http.server";
import type { ServerHead } from "./document-head";
import { layoutDataOf } from "./layout-route";

/** A route's handle says its page may be shared between signed-out visitors. */
export interface SharedRenderHandle {
  sharedRender?: boolean;
}

interface KeptPage {
  html: string;
  /** The first paint's rules went in (so the css cookie goes out with it). */
  styled: boolean;
  at: number;
}

/**
 * What the kept page holds where a visitor's own token goes: random per process, so no text a page
 * shows (a banner's link, the URL in Remix's state) can be it. Made on first use: workerd allows
 * random values only while it handles a request.
 */
let tokenSlot: string | undefined;
const slot = () => (tokenSlot ??= `csrf-slot-${crypto.randomUUID()}`);
/** Pages kept: a few URLs times their variants (first visit or not, promo seen or not). */
const KEPT = 32;
/** Anything the clock changes (a year in the footer) is at most this old. */
const KEPT_MS = 60_000;
const kept = new Map<string, KeptPage>();

export interface SharedRender {
  /** The kept page for this visitor, with their token in it, if there is a fresh one. */
  page(): { html: string; styled: boolean } | undefined;
  /** Keeps the page rendered for this visitor for the next ones. */
  keep(html: string, styled: boolean): void;
}

export function sharedRender(request: Request, status: number, context: EntryContext, head: ServerHead, now = Date.now()): SharedRender | null {
  const state = context.staticHandlerContext;
  if (request.method !== "GET" || status !== 200 || state.actionData || state.errors) return null;
  // The key reads the loader data in Remix's serialized state, which single fetch streams instead.
  if (context.future.v3_singleFetch) return null;
  if (Object.keys(state.activeDeferreds ?? {}).length > 0) return null;
  const leaf = state.matches.at(-1);
  const handle = leaf ? (context.routeModules[leaf.route.id]?.handle as SharedRenderHandle | undefined) : undefined;
  const layout = layoutDataOf(state.loaderData);
  if (handle?.sharedRender !== true || !layout || layout.user !== null || layout.toast !== null || !layout.csrf) return null;
  const token = layout.csrf;
  const place = slot();
  const key = `${request.url}\n${head.inlineStyles}\n${context.serverHandoffString?.replaceAll(token, place)}`;
  return {
    page() {
      const found = kept.get(key);
      if (!found) return undefined;
      if (now - found.at > KEPT_MS) {
        kept.delete(key);
        return undefined;
      }
      return { html: found.html.replaceAll(place, token), styled: found.styled };
    },
    keep(html, styled) {
      if (html.includes(place)) return; // cannot happen but by a leak of the slot: never share such a page
      if (kept.size >= KEPT) kept.delete(kept.keys().next().value!);
      kept.set(key, { html: html.replaceAll(token, place), styled, at: now });
    },
  };
}

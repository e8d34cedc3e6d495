/**
 * Kept-alive pages (docs/product/screens.md: /home, /message, /profile keep their state when left and re-entered
 * within the visit): small pieces of state in sessionStorage, which lasts as long as the tab. Only
 * with JavaScript; without it every page is fresh, as a plain link would make it.
 */
import { useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { claimKept, keepScroll, readKept, writeKept } from "./kept-store";

export { readKept, writeKept };

/** The router's key of the entry this tab's app was loaded on (set by the layouts, useRememberFirstEntry). */
let firstKey: string | undefined;

/** Call in every layout: remembers the entry the app was loaded on. */
export function useRememberFirstEntry() {
  const { key } = useLocation();
  if (firstKey === undefined && typeof document !== "undefined") firstKey = key;
}

/** Whether this history entry was reached by a navigation inside the app (not the page load itself). */
export const isInAppEntry = (locationKey: string) => firstKey !== undefined && locationKey !== firstKey;

/**
 * Call in every layout with who is signed in (null for a guest): kept state belongs to one user. When
 * the tab's user changes (sign-out, a session ended, another account signs in) everything kept is
 * dropped first, so no one finds the last user's unsent drafts or open conversation. Runs during the
 * layout's render, before the pages under it read their kept state.
 */
export function useKeptOwner(owner: string | null) {
  if (typeof document !== "undefined") claimKept(owner);
}

/** Keeps the page's scroll position under `name` and puts it back when the page is entered again. */
export function useKeptScroll(name: string): void {
  useEffect(() => keepScroll(name), [name]);
}

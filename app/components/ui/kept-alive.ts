/**
 * Kept-alive pages (docs/product/screens.md: /home, /message, /profile keep their state when left and re-entered
 * within the visit): small pieces of state in sessionStorage, which lasts as long as the tab. Only
 * with JavaScript; without it every page is fresh, as a plain link would make it.
 */
import { useLocation } from "@remix-run/react";
import { useEffect } from "react";

/** The router's key of the entry this tab's app was loaded on (set by the layouts, useRememberFirstEntry). */
let firstKey: string | undefined;

/** Call in every layout: remembers the entry the app was loaded on. */
export function useRememberFirstEntry() {
  const { key } = useLocation();
  if (firstKey === undefined && typeof document !== "undefined") firstKey = key;
}

/** Whether this history entry was reached by a navigation inside the app (not the page load itself). */
export const isInAppEntry = (locationKey: string) => firstKey !== undefined && locationKey !== firstKey;

const storageKey = (name: string) => `kept:${name}`;
const OWNER_KEY = "kept-owner";

/**
 * Call in every layout with who is signed in (null for a guest): kept state belongs to one user. When
 * the tab's user changes (sign-out, a session ended, another account signs in) everything kept is
 * dropped first, so no one finds the last user's unsent drafts or open conversation. Runs during the
 * layout's render, before the pages under it read their kept state.
 */
export function useKeptOwner(owner: string | null) {
  if (typeof document === "undefined") return;
  try {
    const now = owner ?? "";
    if (sessionStorage.getItem(OWNER_KEY) === now) return;
    for (const key of Object.keys(sessionStorage)) if (key.startsWith("kept:")) sessionStorage.removeItem(key);
    sessionStorage.setItem(OWNER_KEY, now);
  } catch {
    // Storage refused: nothing is kept either.
  }
}

export function readKept<T>(name: string): T | undefined {
  try {
    const raw = sessionStorage.getItem(storageKey(name));
    return raw ? (JSON.parse(raw) as T) : undefined;
  } catch {
    return undefined;
  }
}

export function writeKept(name: string, value: unknown): void {
  try {
    if (value === undefined || value === "") sessionStorage.removeItem(storageKey(name));
    else sessionStorage.setItem(storageKey(name), JSON.stringify(value));
  } catch {
    // Storage refused (private mode, full): the page is simply fresh next time.
  }
}

/** Keeps the page's scroll position under `name` and puts it back when the page is entered again. */
export function useKeptScroll(name: string): void {
  useEffect(() => {
    const saved = readKept<number>(`${name}:scroll`);
    // After the router's own scroll to the top of a newly entered page.
    const frame = saved ? requestAnimationFrame(() => window.scrollTo(0, saved)) : 0;
    let pending = 0;
    // The router's scroll to the top of the next page can reach this listener before React
    // removes it (on a busy phone): only a scroll of this page is kept.
    const path = window.location.pathname;
    const onScroll = () => {
      cancelAnimationFrame(pending);
      pending = requestAnimationFrame(() => {
        if (window.location.pathname === path) writeKept(`${name}:scroll`, window.scrollY);
      });
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      cancelAnimationFrame(pending);
      window.removeEventListener("scroll", onScroll);
    };
  }, [name]);
}

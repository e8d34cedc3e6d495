/**
 * Kept-alive state without React (kept-alive.ts has the hooks): small pieces of a page's state in
 * sessionStorage, shared by the hydrated pages and the touches script of islands-only pages
 * (app/touches/, ADR 0067), so a page keeps its state whichever way it was drawn.
 */

const storageKey = (name: string) => `kept:${name}`;
const OWNER_KEY = "kept-owner";

/**
 * Kept state belongs to one user (`owner`, null for a guest): when the tab's user changes,
 * everything kept is dropped first (kept-alive.ts useKeptOwner says why).
 */
export function claimKept(owner: string | null): void {
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

/** Keeps the page's scroll position under `name` and puts it back now; returns the undoing. */
export function keepScroll(name: string): () => void {
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
}

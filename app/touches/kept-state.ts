/**
 * Kept-alive state on an islands-only page (ui/kept-store.ts), as the hydrated layout keeps it:
 * first whose it is (`data-kept-owner`: another user's is dropped), then, on a kept-alive page
 * (`data-kept-scroll="name"`), the scroll position, in the same record either version reads.
 */
import { claimKept, keepScroll } from "~/components/ui/kept-store";

export function keptState(doc: Document) {
  const owner = doc.querySelector("[data-kept-owner]")?.getAttribute("data-kept-owner");
  if (owner !== null && owner !== undefined) claimKept(owner || null);
  const name = doc.querySelector("[data-kept-scroll]")?.getAttribute("data-kept-scroll");
  if (name) keepScroll(name);
}

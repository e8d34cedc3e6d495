/**
 * The home promo (catalog/PromoPopup.tsx) on an islands-only page: the server has drawn it over
 * the page (the `js` class); this makes it the dialog the hydrated page has. Focus starts on
 * Close, stays inside, and Close or Escape hides it at once (without JavaScript Close is a link
 * to ?promo=closed).
 */
import { keepFocusIn } from "~/components/ui/focus-trap";

export function promo(doc: Document) {
  const box = doc.querySelector<HTMLElement>("[data-promo]");
  if (!box) return;
  const close = box.querySelector<HTMLAnchorElement>('a[href*="promo=closed"]');
  box.setAttribute("role", "dialog");
  box.setAttribute("aria-modal", "true");
  const onKey = (e: KeyboardEvent) => {
    if (e.key === "Escape") hide();
    if (e.key === "Tab") keepFocusIn(box, e);
  };
  function hide() {
    box!.remove();
    doc.removeEventListener("keydown", onKey);
  }
  close?.addEventListener("click", (e) => {
    e.preventDefault();
    hide();
  });
  doc.addEventListener("keydown", onKey);
  close?.focus();
}

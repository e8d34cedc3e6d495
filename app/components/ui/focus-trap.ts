/**
 * Tab and Shift+Tab cycle through the links and buttons of a modal instead of leaving it: for the
 * home promo (catalog/PromoPopup.tsx) and its touch on an islands-only page (app/touches/promo.ts).
 */
export function keepFocusIn(container: HTMLElement | null, e: KeyboardEvent) {
  const links = container ? [...container.querySelectorAll<HTMLElement>("a[href], button")] : [];
  if (links.length === 0) return;
  const at = links.indexOf(document.activeElement as HTMLElement);
  const next = e.shiftKey ? (at <= 0 ? links.length - 1 : at - 1) : (at + 1) % links.length;
  e.preventDefault();
  links[next]!.focus();
}

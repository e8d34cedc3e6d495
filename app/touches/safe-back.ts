/**
 * Safe-back on an islands-only page (ui/SafeBack.tsx marks its link `data-safe-back`): back in
 * history when the page was opened from a page of ours (same-origin referrer), else to the link's
 * own address, its parent page, in place of this entry so Back does not return here. The same
 * rule as the hydrated component; without JavaScript the link simply opens its parent.
 */
export function safeBack(doc: Document) {
  doc.addEventListener("click", (event) => {
    const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>("a[data-safe-back]");
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (cameFromInside(doc)) window.history.back();
    else window.location.replace(link.href);
  });
}

function cameFromInside(doc: Document): boolean {
  try {
    return window.history.length > 1 && doc.referrer !== "" && new URL(doc.referrer).origin === window.location.origin;
  } catch {
    return false;
  }
}

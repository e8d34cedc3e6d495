/**
 * A link marked `data-replace` (a list's tabs, ui/Tabs.tsx `replace`) takes the place of the page
 * in the history on an islands-only page, as the hydrated tabs' navigation does: Back leaves the
 * list rather than stepping through its tabs. A click that opens a new tab or window is left alone.
 */
export function replaceLinks(doc: Document) {
  doc.addEventListener("click", (event) => {
    const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>("a[data-replace]");
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    window.location.replace(link.href);
  });
}

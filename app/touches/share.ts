/**
 * The system share sheet (ADR 0076): a `button[data-share]` (ui/ShareButtons.tsx) is shown only
 * where the browser has one, and opens it with the page's text and link. Closing the sheet is no
 * error.
 */
export function shareButtons(doc: Document) {
  const nav = doc.defaultView?.navigator;
  if (!nav || typeof nav.share !== "function") return;
  for (const b of doc.querySelectorAll<HTMLButtonElement>("button[data-share]")) b.hidden = false;
  doc.addEventListener("click", (event) => {
    const b = (event.target as Element | null)?.closest?.<HTMLButtonElement>("button[data-share]");
    if (!b) return;
    const data = { url: b.dataset.share, text: b.dataset.shareText, title: b.dataset.shareTitle };
    nav.share(data).catch((error: unknown) => {
      if ((error as { name?: string })?.name !== "AbortError") console.warn("[touches] share", error);
    });
  });
}

/**
 * A copy button on an islands-only page (wallet/CopyButton.tsx: `data-copy`, drawn under the `js`
 * class): copies its text and says Copied or Copy Fail beside it for a while, as the hydrated
 * button does (the same texts and time: ui/clipboard.ts).
 */
import { COPIED, COPIED_MS, COPY_FAIL, copyResultClass, copyText } from "~/components/ui/clipboard";

export function copyButtons(doc: Document) {
  const timers = new WeakMap<Element, number>();
  doc.addEventListener("click", async (event) => {
    const button = (event.target as Element | null)?.closest?.<HTMLButtonElement>("button[data-copy]");
    const status = button?.parentElement?.querySelector<HTMLElement>("[data-copy-status]");
    if (!button || !status) return;
    const result = (await copyText(button.dataset.copy ?? "")) ? COPIED : COPY_FAIL;
    status.textContent = result;
    status.className = copyResultClass(result);
    clearTimeout(timers.get(status));
    timers.set(status, window.setTimeout(() => (status.textContent = ""), COPIED_MS));
  });
}

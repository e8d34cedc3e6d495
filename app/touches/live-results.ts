/**
 * A typed field of a GET form marked `data-live-results` (the offer list's amount, ADR 0072):
 * once she pauses, the page its form would open is fetched and every `[data-live-region]` here is
 * swapped for the fetched page's twin of the same id; the address becomes that page's with
 * replaceState, so it stays the link to share. Her field keeps its focus and what she types. A page
 * that cannot be fetched is opened instead, as the form's own submit would.
 */
import { LIVE_DELAY_MS } from "../components/ui/filter-form";

export function liveResults(doc: Document) {
  for (const input of doc.querySelectorAll<HTMLInputElement>("input[data-live-results]")) {
    const form = input.form;
    if (!form) continue;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let asked = 0;
    input.addEventListener("input", () => {
      clearTimeout(timer);
      timer = setTimeout(() => void refresh(++asked), LIVE_DELAY_MS);
    });

    async function refresh(n: number) {
      const query = new URLSearchParams([...new FormData(form!)].map(([k, v]) => [k, String(v)]));
      const url = `${new URL(form!.action).pathname}?${query}`;
      const regions = [...doc.querySelectorAll<HTMLElement>("[data-live-region]")];
      for (const r of regions) r.setAttribute("aria-busy", "true");
      try {
        const response = await fetch(url, { credentials: "same-origin", headers: { accept: "text/html" } });
        if (!response.ok) throw new Error(String(response.status));
        const page = new DOMParser().parseFromString(await response.text(), "text/html");
        // A later keystroke's answer wins; an earlier one arriving late is dropped.
        if (n !== asked) return;
        for (const r of regions) {
          const fresh = page.getElementById(r.id);
          if (fresh) r.replaceWith(doc.importNode(fresh, true));
        }
        history.replaceState(history.state, "", url);
      } catch {
        if (n === asked) window.location.assign(url);
      }
    }
  }
}

/**
 * A list paged by the id of its last item (ui/InfiniteFeed.tsx, `data-feed`) on an islands-only
 * page: as its end scrolls near, or its "Load more" link is pressed, the next page is fetched as
 * the document a browser without JavaScript would open, and its items are appended here, as the
 * hydrated list appends a fetcher's page. Its foot (Load more, the end, an error) is the fetched
 * page's. A page that cannot be fetched or read is opened instead, so the user sees what the
 * list without JavaScript shows: the error with its retry.
 */
export function feeds(doc: Document) {
  for (const feed of doc.querySelectorAll<HTMLElement>("[data-feed]")) appendOnScroll(doc, feed);
}

function appendOnScroll(doc: Document, feed: HTMLElement) {
  const list = feed.querySelector("ul");
  if (!list) return;
  let busy = false;
  const io =
    typeof IntersectionObserver === "undefined"
      ? null
      : new IntersectionObserver(
          (entries) => {
            if (entries.some((e) => e.isIntersecting)) void more();
          },
          { rootMargin: "200px 0px" }
        );

  const foot = () => feed.querySelector<HTMLElement>("[data-feed-foot]");
  const nextLink = () => foot()?.querySelector<HTMLAnchorElement>("a[data-feed-next]") ?? null;

  function watch() {
    const link = nextLink();
    if (!link) return;
    link.addEventListener("click", (event) => {
      event.preventDefault();
      void more();
    });
    io?.observe(link);
  }

  async function more() {
    const link = nextLink();
    if (!link || busy) return;
    busy = true;
    const holder = foot()!;
    holder.setAttribute("aria-busy", "true");
    link.classList.add("invisible");
    try {
      const response = await fetch(link.href, {
        credentials: "same-origin",
        headers: { accept: "text/html" },
      });
      const next = response.ok ? readFeed(await response.text(), feed.dataset.feed ?? "") : null;
      const nextFoot = next?.querySelector("[data-feed-foot]");
      if (!next || !nextFoot) throw new Error(`no list at ${link.href}`);
      const seen = new Set([...list!.children].map((li) => (li as HTMLElement).dataset.feedKey));
      for (const li of next.querySelectorAll<HTMLElement>("ul > li[data-feed-key]")) {
        if (!seen.has(li.dataset.feedKey)) list!.append(doc.importNode(li, true));
      }
      io?.unobserve(link);
      holder.replaceWith(doc.importNode(nextFoot, true));
      watch();
    } catch {
      window.location.assign(link.href);
    } finally {
      busy = false;
    }
  }

  watch();
}

function readFeed(html: string, path: string): Element | null {
  const page = new DOMParser().parseFromString(html, "text/html");
  return [...page.querySelectorAll<HTMLElement>("[data-feed]")].find((f) => f.dataset.feed === path) ?? null;
}

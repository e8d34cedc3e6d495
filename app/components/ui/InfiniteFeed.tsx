/**
 * A list paged by the id of the last item (docs/product/screens.md, docs/product/calls.md), server-rendered:
 * - the loader's page is rendered as it is;
 * - with JavaScript an IntersectionObserver near the end loads the next page
 *   through a fetcher (`${path}${nextQuery}&feed=1`) and appends it;
 * - without it a "Load more" link opens the next page (?lastId=…);
 * - a failed page says `errorText` with a retry; the end says 'no more'.
 * Remount it (key) when the tab or the filters change.
 */
import { Link, useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { ErrorState, NoMore, SkeletonList, buttonClasses } from "~/components/ui";

import type { FeedPage } from "~/services/kit/feed";

export type { FeedPage };

export interface InfiniteFeedProps<T> {
  page: FeedPage<T>;
  /** The route path the next pages are loaded from ("/account"). */
  path: string;
  getKey: (item: T) => number | string;
  renderItem: (item: T) => ReactNode;
  errorText: string;
  /** Shown when the first page is empty. */
  empty: ReactNode;
  /** Accessible name of the list. */
  label?: string;
  /** Screen-reader text while a page loads. */
  loadingLabel?: string;
  testId?: string;
  className?: string;
  /** The end's text (NoMore's default "no more"). */
  endText?: string;
}

export function InfiniteFeed<T>({ page, path, getKey, renderItem, errorText, empty, label, loadingLabel = "Loading more", testId, className, endText }: InfiniteFeedProps<T>) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<FeedPage<T>>();
  const [more, setMore] = useState<T[]>([]);
  const [next, setNext] = useState<string | null>(page.nextQuery);
  const [failed, setFailed] = useState(false);
  const consumed = useRef<unknown>(null);
  const sentinel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const data = fetcher.data;
    if (fetcher.state !== "idle" || !data || consumed.current === data) return;
    consumed.current = data;
    if (data.error) {
      setFailed(true);
      return;
    }
    setFailed(false);
    setMore((list) => {
      const seen = new Set([...page.items, ...list].map(getKey));
      return [...list, ...(data.items as T[]).filter((i) => !seen.has(getKey(i)))];
    });
    setNext(data.nextQuery);
  }, [fetcher.state, fetcher.data, page.items, getKey]);

  const loadingMore = fetcher.state !== "idle";

  function loadMore() {
    if (!next || fetcher.state !== "idle") return;
    setFailed(false);
    fetcher.load(`${path}${next}&feed=1`);
  }
  const loadMoreRef = useRef(loadMore);
  loadMoreRef.current = loadMore;

  useEffect(() => {
    const el = sentinel.current;
    if (!hydrated || !el || !next || failed || typeof IntersectionObserver === "undefined") return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) loadMoreRef.current();
      },
      { rootMargin: "200px 0px" },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [hydrated, next, failed, loadingMore]);

  if (page.error) return <ErrorState message={page.error} className="rounded-xl bg-white" />;
  const items = [...page.items, ...more];
  if (items.length === 0) return <>{empty}</>;

  return (
    // data-feed*: what the touches script reads to append the next page on an islands-only page (app/touches/feed.ts).
    <div className={className} data-feed={path}>
      <ul className="flex flex-col gap-2" aria-label={label} data-testid={testId}>
        {items.map((item) => (
          <li key={getKey(item)} data-feed-key={getKey(item)}>
            {renderItem(item)}
          </li>
        ))}
      </ul>
      <div data-feed-foot="">
        {failed ? (
          <ErrorState message={errorText} onRetry={loadMore} retryTo={next ? `${path}${next}` : undefined} retrying={loadingMore} />
        ) : next ? (
          <div ref={sentinel} className="mt-2" aria-busy={loadingMore || undefined}>
            {loadingMore ? <SkeletonList rows={2} label={loadingLabel} /> : null}
            <div className="flex justify-center py-3">
              <Link
                to={`${path}${next}`}
                preventScrollReset
                data-feed-next=""
                onClick={(e) => {
                  if (hydrated) {
                    e.preventDefault();
                    loadMore();
                  }
                }}
                className={buttonClasses({ variant: "secondary", size: "sm", className: loadingMore ? "invisible" : "" })}
              >
                Load more
              </Link>
            </div>
          </div>
        ) : (
          <NoMore text={endText} />
        )}
      </div>
    </div>
  );
}

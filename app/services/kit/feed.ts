/**
 * One page of a list paged by the id of the last item (docs/product/screens.md, docs/product/calls.md), as a feed loader answers it
 * and InfiniteFeed renders it.
 */
import { LIST_PAGE_SIZE } from "../../../contract/constants";
import type { ApiResult } from "~/services/kit/caller.server";

export interface FeedPage<T> {
  items: T[];
  /** The query of the next page ("?type=2&lastId=40"), or null at the end. */
  nextQuery: string | null;
  error: string | null;
}

/**
 * The page a list call answered: a full page may have more after it (the next query starts after
 * its last id); a short one is the end. A failed call is an empty page with `errorText`.
 */
export function feedPage<T extends { id: number }>(result: ApiResult<{ list: T[] }>, nextQuery: (lastId: number) => string, errorText: string): FeedPage<T> {
  return feedPageBy(result, (item) => item.id, nextQuery, errorText);
}

/** The same for a list paged by another cursor of its last item (the friends list: registerTime). */
export function feedPageBy<T>(result: ApiResult<{ list: T[] }>, cursorOf: (item: T) => number, nextQuery: (cursor: number) => string, errorText: string): FeedPage<T> {
  if (!result.ok) return { items: [], nextQuery: null, error: errorText };
  const list = result.data.list;
  return { items: list, nextQuery: list.length >= LIST_PAGE_SIZE ? nextQuery(cursorOf(list[list.length - 1])) : null, error: null };
}

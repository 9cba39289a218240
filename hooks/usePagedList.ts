import { useState } from 'react';
import useSWRInfinite from 'swr/infinite';

/** One page of a list, as the screens load them. */
export interface PageOf<T> {
  items: T[];
  /** How many pages there are in all, as the server counts them. */
  nbPages: number;
}

export interface PagedList<T> {
  /** The first page's items (the server rendered them), then every page loaded since. */
  items: T[];
  /** Pages shown, the first included. */
  pagesLoaded: number;
  hasMore: boolean;
  loading: boolean;
  /** The failure of the last load, until it is tried again. */
  error: Error | null;
  /** Loads the next page; after a failure, tries the failed page again. */
  loadMore(): Promise<void>;
  /** Loads pages until `count` are shown (or the list ends): scroll restore needs them before it scrolls. */
  loadUntil(count: number): Promise<void>;
}

export interface PagedListOptions<T> {
  /** The page the server rendered. */
  first: PageOf<T>;
  /** The number of the first page on the wire: 1 for the catalogue's pages, 0 for the article service's. */
  firstPage: number;
  /** Loads one page by its wire number. */
  loadPage(page: number): Promise<PageOf<T>>;
  /**
   * SWR's key for a page: the service's own key (its URL) when there is one, so the same page is fetched once
   * wherever it is shown. Without it, the pages are kept under a key of this list alone.
   */
  keyOf?(page: number): string;
}

let lists = 0;

/**
 * The one way a screen pages a list (SWR's useSWRInfinite): the server renders the first page, the next ones load
 * one at a time as the reader asks (scrolling, a 'Load more' button, scroll restore). Loading stops at the last page
 * the server counted, or at an empty page (titles and stories can leave the catalogue while the reader scrolls).
 */
export function usePagedList<T>({ first, firstPage, loadPage, keyOf }: PagedListOptions<T>): PagedList<T> {
  // A key of this list alone, new for every list shown (a remount is a new list: nothing stale comes back).
  const [listId] = useState(() => `paged-list:${(lists += 1)}`);
  const getKey = (index: number, previous: PageOf<T> | null): [string, string, number] | null => {
    if (previous && previous.items.length === 0) return null;
    const shown = 1 + index;
    const nbPages = previous ? Math.max(previous.nbPages, shown) : first.nbPages;
    if (shown >= nbPages) return null;
    const page = firstPage + shown;
    return [listId, keyOf ? keyOf(page) : '', page];
  };
  const { data, error, size, setSize, isValidating, mutate } = useSWRInfinite<PageOf<T>, Error, typeof getKey>(getKey, ([, , page]) => loadPage(page), {
    initialSize: 0,
    revalidateFirstPage: false,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    revalidateIfStale: false,
    // A failed page waits for the reader to try again.
    shouldRetryOnError: false,
  });
  const pages = data ?? [];
  const last = pages[pages.length - 1];
  const reachedEmpty = last !== undefined && last.items.length === 0;
  const nbPages = last ? Math.max(last.nbPages, 1 + pages.length) : first.nbPages;
  const hasMore = !reachedEmpty && 1 + pages.length < nbPages;
  const loading = !error && (size > pages.length || (isValidating && size > 0));

  return {
    items: [...first.items, ...pages.flatMap((page) => page.items)],
    pagesLoaded: 1 + pages.filter((page) => page.items.length > 0).length,
    hasMore,
    loading,
    error: error ?? null,
    async loadMore() {
      if (error) {
        await mutate();
        return;
      }
      if (hasMore && !loading) await setSize(pages.length + 1);
    },
    async loadUntil(count) {
      // Beyond the last page getKey answers null, so asking for more than there are loads what there is.
      if (count - 1 > pages.length) await setSize(count - 1);
    },
  };
}

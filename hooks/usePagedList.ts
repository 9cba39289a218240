import { useRef, useState } from 'react';
import useSWRInfinite from 'swr/infinite';

/** One page of a list, as the screens load them. */
export interface PageOf<T> {
  items: T[];
  /** How many pages there are in all, as the server counts them. */
  nbPages: number;
}

export interface PagedList<T> {
  /** The first page's items (the server's, or the first loaded), then every page loaded since. */
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
  /** The page the server rendered. Without it the first page is loaded too, as soon as the list is shown. */
  first?: PageOf<T>;
  /** The number of the first page on the wire: 1 for the catalogue's pages, 0 for the article service's. */
  firstPage: number;
  /** Loads one page by its wire number. */
  loadPage(page: number): Promise<PageOf<T>>;
  /**
   * SWR's key for a page: the service's own key (its URL) when there is one, so the same page is fetched once
   * wherever it is shown. Without it, the pages are kept under a key of this list alone.
   */
  keyOf?(page: number): string;
  /**
   * Names the list when it can change while shown (search: the words and the tab): a new key is a new list, loaded
   * afresh from its first page. null: no list (nothing shown, nothing loads). Without it, one list for the screen.
   */
  listKey?: string | null;
}

let lists = 0;

function newListId(): string {
  lists += 1;
  return `paged-list:${lists}`;
}

/**
 * The one way a screen pages a list (SWR's useSWRInfinite): the server renders the first page (or the hook loads it),
 * the next ones load one at a time as the reader asks (scrolling, a 'Load more' button, scroll restore). Loading
 * stops at the last page the server counted, or at an empty page (titles and stories can leave the catalogue while
 * the reader scrolls).
 */
export function usePagedList<T>({ first, firstPage, loadPage, keyOf, listKey }: PagedListOptions<T>): PagedList<T> {
  // A key of this list alone, new for every list shown (a remount or a new listKey is a new list: nothing stale
  // comes back, and a search asked again is searched again).
  const [list, setList] = useState(() => ({ listKey, id: newListId() }));
  let listId = list.id;
  if (list.listKey !== listKey) {
    listId = newListId();
    setList({ listKey, id: listId });
  }
  const active = listKey !== null;
  // Pages shown before the first one loaded here: the server's, if it rendered one.
  const before = first ? 1 : 0;
  const getKey = (index: number, previous: PageOf<T> | null): [string, string, string, number] | null => {
    if (!active) return null;
    if (previous && previous.items.length === 0) return null;
    const shown = before + index;
    // Until a page says how many there are, the first one is worth asking for.
    const nbPages = previous ? Math.max(previous.nbPages, shown) : (first?.nbPages ?? 1);
    if (shown >= nbPages) return null;
    const page = firstPage + shown;
    return [listId, listKey ?? '', keyOf ? keyOf(page) : '', page];
  };
  // A page asked for again while it loads (scroll restore as the hook's first page loads) waits for the same answer.
  const loadingPages = useRef(new Map<string, Promise<PageOf<T>>>());
  const load = ([id, key, url, page]: [string, string, string, number]): Promise<PageOf<T>> => {
    const name = JSON.stringify([id, key, url, page]);
    const loading = loadingPages.current.get(name);
    if (loading) return loading;
    const answer = loadPage(page).finally(() => loadingPages.current.delete(name));
    loadingPages.current.set(name, answer);
    return answer;
  };
  const { data, error, size, setSize, isValidating, mutate } = useSWRInfinite<PageOf<T>, Error, typeof getKey>(getKey, load, {
    initialSize: before ? 0 : 1,
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
  const nbPages = last ? Math.max(last.nbPages, before + pages.length) : (first?.nbPages ?? 1);
  const hasMore = active && !reachedEmpty && before + pages.length < nbPages;
  const loading = active && !error && (size > pages.length || (isValidating && size > 0));

  return {
    items: [...(first?.items ?? []), ...pages.flatMap((page) => page.items)],
    pagesLoaded: before + pages.filter((page) => page.items.length > 0).length,
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
      if (count - before > pages.length) await setSize(count - before);
    },
  };
}

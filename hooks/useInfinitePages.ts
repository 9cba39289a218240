import { useCallback, useRef, useState } from 'react';

export interface PageOf<T> {
  items: T[];
  /** How many pages there are in all, as the server counts them. */
  nbPages: number;
}

export interface InfinitePages<T> {
  items: T[];
  /** Pages loaded so far (the first came with the page). */
  pagesLoaded: number;
  hasMore: boolean;
  loading: boolean;
  /** The failure of the last load, until the next one starts. */
  error: Error | null;
  loadMore(): Promise<void>;
  /** Loads pages until `count` are there (or there are no more): scroll restore needs them before it scrolls. */
  loadUntil(count: number): Promise<void>;
}

/**
 * A list that grows a page at a time (SPEC §9: pages of 20), starting from the page the server rendered. One load
 * at a time; a failed load can be tried again.
 */
export function useInfinitePages<T>(first: PageOf<T>, loadPage: (page: number) => Promise<PageOf<T>>): InfinitePages<T> {
  const [pages, setPages] = useState<T[][]>([first.items]);
  const [nbPages, setNbPages] = useState(first.nbPages);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  // Refs so overlapping calls (the observer and the button, or a restore) see the current state at once.
  const state = useRef<{ loaded: number; nbPages: number; inflight: Promise<boolean> | null }>({ loaded: 1, nbPages: first.nbPages, inflight: null });

  /** Loads the next page; a call while one is loading waits for that one. Resolves whether a page came. */
  const loadNext = useCallback((): Promise<boolean> => {
    const current = state.current;
    if (current.inflight) return current.inflight;
    if (current.loaded >= current.nbPages) return Promise.resolve(false);
    setLoading(true);
    setError(null);
    const run = async () => {
      try {
        const next = await loadPage(current.loaded + 1);
        current.loaded += 1;
        // An empty page ends the list even if the count said otherwise (titles can leave the catalogue meanwhile).
        current.nbPages = next.items.length === 0 ? current.loaded - 1 : Math.max(next.nbPages, current.loaded);
        setPages((previous) => (next.items.length === 0 ? previous : [...previous, next.items]));
        setNbPages(current.nbPages);
        return next.items.length > 0;
      } catch (failure) {
        setError(failure instanceof Error ? failure : new Error('Network Error'));
        return false;
      } finally {
        current.inflight = null;
        setLoading(false);
      }
    };
    current.inflight = run();
    return current.inflight;
  }, [loadPage]);

  const loadMore = useCallback(async () => {
    await loadNext();
  }, [loadNext]);

  const loadUntil = useCallback(
    async (count: number) => {
      while (state.current.loaded < count && state.current.loaded < state.current.nbPages) {
        if (!(await loadNext())) break;
      }
    },
    [loadNext],
  );

  return {
    items: pages.flat(),
    pagesLoaded: pages.length,
    hasMore: pages.length < nbPages,
    loading,
    error,
    loadMore,
    loadUntil,
  };
}

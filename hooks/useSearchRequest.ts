import { useCallback, useEffect, useReducer } from 'react';
import { SEARCH_DEBOUNCE_MS, type SearchTab } from '@/lib/search';
import { isEmptyPage, NO_RESULTS, type SearchPageResult } from '@/lib/search-results';
import { recordEvent } from '@/hooks/record-event';
import type { SearchOptions } from '@/services/search-keys';
import type { PagedList, PagedListOptions, PageOf } from './usePagedList';

/** What the reader asked for. */
export interface SearchRequest {
  /** What is in the text box. */
  text: string;
  /** The text being searched (the text box, once typing pauses). */
  query: string;
  tab: SearchTab;
  /** The first page the server found for the query and tab, until either changes. */
  served: SearchPageResult | null;
}

/** What the overlay and /search show: what was asked for and the results found for it so far. */
export interface SearchState extends SearchPageResult, Omit<SearchRequest, 'served'> {
  loading: boolean;
  /** No more pages: one came back empty after page 0. */
  done: boolean;
  /** The first page came back empty. */
  noResults: boolean;
}

type Action = { type: 'typed'; text: string } | { type: 'search'; query: string } | { type: 'tab'; tab: SearchTab };

/**
 * SPEC §4 Search, as a reducer: what is searched. The pages found (page 0 after each change, the next on scrolling,
 * the end at an empty page) are usePagedList's.
 */
function searchReducer(state: SearchRequest, action: Action): SearchRequest {
  switch (action.type) {
    case 'typed':
      // Typing clears results and resets loading; the new text is searched once typing pauses.
      return { ...state, text: action.text, query: '', served: null };
    case 'search':
      return { ...state, query: action.query, served: null };
    case 'tab':
      // Switching tab resets the page to 0 and reloads.
      if (action.tab === state.tab) return state;
      return { ...state, tab: action.tab, served: null };
    default:
      return state;
  }
}

export interface UseSearchOptions extends SearchOptions {
  initial?: Partial<SearchRequest>;
  /** Discover tiles kept from the first page (the overlay shows a few and links to the rest). */
  discoverCount?: number;
}

/** Search has no page count: its pages end at the first empty one (an empty page 0 is the whole list). */
function searchPage(result: SearchPageResult, tab: SearchTab): PageOf<SearchPageResult> {
  return isEmptyPage(result, tab) ? { items: [], nbPages: 1 } : { items: [result], nbPages: Number.POSITIVE_INFINITY };
}

/**
 * The search overlay's and /search's state: typing, tabs, the no-results event; and the options of the results' paged
 * list. `withList` reads the search state off that list, which the caller pages: useSearch with usePagedList (SWR),
 * /search with the server's first page until its paging part loads (components/ui/useIdlePagedList). Apart from
 * useSearch, so /search does not load SWR with its first page.
 */
export function useSearchRequest({ initial, discoverCount, ageRating, libraryId, base }: UseSearchOptions = {}) {
  const [request, dispatch] = useReducer(searchReducer, { text: '', query: '', tab: 0, served: null, ...initial });
  const { text, query, tab, served } = request;

  // Searching waits for typing to pause.
  useEffect(() => {
    const typed = text.trim();
    if (typed === query) return;
    const timer = window.setTimeout(() => dispatch({ type: 'search', query: typed }), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, query]);

  // Each item is one page of results that found something (a page holds magazines, discover tiles and stories).
  const pages: PagedListOptions<SearchPageResult> = {
    listKey: query ? JSON.stringify([query, tab]) : null,
    first: served ? searchPage(served, tab) : undefined,
    firstPage: 0,
    loadPage: async (page) => {
      // The search calls (and their presenters) load with the first page searched here; the server found the first.
      const { fetchSearchPage } = await import('@/services/search');
      const found = await fetchSearchPage(query, tab, page, { ageRating, libraryId, base });
      const result = discoverCount === undefined ? found : { ...found, discover: found.discover.slice(0, discoverCount) };
      if (page === 0 && isEmptyPage(result, tab)) recordEvent('search_no_results', { query, tab });
      return searchPage(result, tab);
    },
  };

  const setText = useCallback((next: string) => dispatch({ type: 'typed', text: next }), []);
  const setTab = useCallback((next: SearchTab) => dispatch({ type: 'tab', tab: next }), []);

  function withList(list: PagedList<SearchPageResult>) {
    const [firstFound = NO_RESULTS] = list.items;
    const state: SearchState = {
      text,
      query,
      tab,
      magazines: list.items.flatMap((page) => page.magazines),
      stories: list.items.flatMap((page) => page.stories),
      discover: firstFound.discover,
      discoverTotal: firstFound.discoverTotal,
      loading: list.loading,
      done: !list.hasMore,
      noResults: Boolean(query) && !list.loading && !list.hasMore && list.items.length === 0,
    };
    const { loadMore } = list;
    return { state, setText, setTab, loadMore: () => void loadMore(), loadUntil: list.loadUntil, pagesLoaded: list.pagesLoaded };
  }

  return { pages, withList };
}

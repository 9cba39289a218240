import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { SEARCH_DEBOUNCE_MS, type SearchTab } from '@/lib/search';
import { recordEvent } from '@/services/events';
import { fetchSearchPage, NO_RESULTS, type SearchOptions, type SearchPageResult } from '@/services/search';

export interface SearchState extends SearchPageResult {
  /** What is in the text box. */
  text: string;
  /** The text being searched (the text box, once typing pauses). */
  query: string;
  tab: SearchTab;
  /** Zero-based page last asked for. */
  page: number;
  loading: boolean;
  /** No more pages: one came back empty after page 0. */
  done: boolean;
  /** The first page came back empty. */
  noResults: boolean;
}

type Action =
  | { type: 'typed'; text: string }
  | { type: 'search'; query: string }
  | { type: 'tab'; tab: SearchTab }
  | { type: 'more' }
  | { type: 'loaded'; query: string; tab: SearchTab; page: number; result: SearchPageResult };

const NOTHING = NO_RESULTS;

/** A page with nothing to show for its tab. */
export function isEmpty(result: SearchPageResult, tab: SearchTab): boolean {
  return tab === 0 ? result.magazines.length === 0 && result.discover.length === 0 : result.stories.length === 0;
}

/** SPEC §4 Search, as a reducer: the rules are in one place and each is one case. */
export function searchReducer(state: SearchState, action: Action): SearchState {
  switch (action.type) {
    case 'typed':
      // Typing clears results and resets loading; the new text is searched once typing pauses.
      return { ...state, ...NOTHING, text: action.text, query: '', page: 0, loading: false, done: false, noResults: false };
    case 'search':
      if (!action.query) return { ...state, query: '', loading: false };
      return { ...state, ...NOTHING, query: action.query, page: 0, loading: true, done: false, noResults: false };
    case 'tab':
      // Switching tab resets the page to 0 and reloads.
      if (action.tab === state.tab) return state;
      return { ...state, ...NOTHING, tab: action.tab, page: 0, loading: Boolean(state.query), done: false, noResults: false };
    case 'more':
      // Scrolling increments the page, unless a page is loading or the results have ended.
      if (!state.query || state.loading || state.done) return state;
      return { ...state, page: state.page + 1, loading: true };
    case 'loaded': {
      if (action.query !== state.query || action.tab !== state.tab || action.page !== state.page) return state;
      const empty = isEmpty(action.result, action.tab);
      if (action.page === 0) {
        // An empty first page is the no-results state.
        return { ...state, ...action.result, loading: false, done: empty, noResults: empty };
      }
      // Loading stops when a page after page 0 comes back empty.
      if (empty) return { ...state, loading: false, done: true };
      return {
        ...state,
        magazines: [...state.magazines, ...action.result.magazines],
        stories: [...state.stories, ...action.result.stories],
        loading: false,
      };
    }
    default:
      return state;
  }
}

export interface UseSearchOptions extends SearchOptions {
  initial?: Partial<SearchState>;
  /** Discover tiles kept from the first page (the overlay shows a few and links to the rest). */
  discoverCount?: number;
}

export function initialSearchState(initial: Partial<SearchState> = {}): SearchState {
  return { ...NOTHING, text: '', query: '', tab: 0, page: 0, loading: false, done: false, noResults: false, ...initial };
}

/** The search overlay's and /search's state: typing, tabs, paging on scroll, the no-results event. */
export function useSearch({ initial, discoverCount, ageRating, libraryId, base }: UseSearchOptions = {}) {
  const [state, dispatch] = useReducer(searchReducer, initial, initialSearchState);

  // Searching waits for typing to pause.
  useEffect(() => {
    const query = state.text.trim();
    if (query === state.query) return;
    const timer = window.setTimeout(() => dispatch({ type: 'search', query }), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [state.text, state.query]);

  const { query, tab, page, loading } = state;
  useEffect(() => {
    if (!loading || !query) return;
    let current = true;
    void fetchSearchPage(query, tab, page, { ageRating, libraryId, base }).then((found) => {
      if (!current) return;
      const result = discoverCount === undefined ? found : { ...found, discover: found.discover.slice(0, discoverCount) };
      dispatch({ type: 'loaded', query, tab, page, result });
      if (page === 0 && isEmpty(result, tab)) recordEvent('search_no_results', { query, tab });
    });
    return () => {
      current = false;
    };
  }, [query, tab, page, loading, ageRating, libraryId, base, discoverCount]);

  // Scroll restore asks for a number of pages and waits: one 'more' at a time, as scrolling would ask.
  const [wanted, setWanted] = useState<{ pages: number }>({ pages: 0 });
  const pagesReached = useRef<(() => void) | null>(null);
  useEffect(() => {
    if (!pagesReached.current || state.loading) return;
    if (state.query && !state.done && state.page + 1 < wanted.pages) {
      dispatch({ type: 'more' });
      return;
    }
    pagesReached.current();
    pagesReached.current = null;
  }, [wanted, state.query, state.done, state.page, state.loading]);

  const setText = useCallback((text: string) => dispatch({ type: 'typed', text }), []);
  const setTab = useCallback((next: SearchTab) => dispatch({ type: 'tab', tab: next }), []);
  const loadMore = useCallback(() => dispatch({ type: 'more' }), []);
  const loadUntil = useCallback(
    (count: number) =>
      new Promise<void>((resolve) => {
        pagesReached.current?.();
        pagesReached.current = resolve;
        // A new object each time, so the effect runs even when the same count is asked again.
        setWanted({ pages: count });
      }),
    [],
  );
  return { state, setText, setTab, loadMore, loadUntil, pagesLoaded: state.query ? state.page + 1 : 1 };
}

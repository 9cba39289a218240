import useSWRInfinite from 'swr/infinite';
import type { StoryListKind } from '@/lib/story-routes';
import { articleKeys, getStoryList, type StoryFromServer, type StoryList } from '@/services/article';

export interface StoryPages {
  /** Stories of the pages loaded after the first (which the server rendered). */
  more: StoryFromServer[];
  hasMore: boolean;
  isLoading: boolean;
  error: Error | undefined;
  loadMore(): void;
  retry(): void;
  /** Pages shown, the first (the server's) included. */
  pagesLoaded: number;
  /** Loads pages until `count` are shown (or the list ends): scroll restore needs them before it scrolls. */
  loadUntil(count: number): Promise<void>;
}

/**
 * The pages of a story list after the first, loaded one at a time (page numbers zero-based on the wire). Loading
 * stops at the last page the server counted, or at an empty page.
 */
export function useStoryPages(list: StoryListKind, nbPages: number, ageRating: number): StoryPages {
  const getKey = (index: number, previous: StoryList | null) => {
    const page = index + 1;
    if (page >= nbPages) return null;
    if (previous && previous.Articles.length === 0) return null;
    return articleKeys.list(list, page, ageRating);
  };
  const { data, error, size, setSize, isValidating, mutate } = useSWRInfinite<StoryList, Error>(getKey, getStoryList, {
    initialSize: 0,
    revalidateFirstPage: false,
    revalidateOnFocus: false,
  });
  const pages = data ?? [];
  const reachedEmpty = pages.length > 0 && pages[pages.length - 1].Articles.length === 0;
  const hasMore = !reachedEmpty && 1 + pages.length < nbPages;
  const isLoading = !error && (size > pages.length || (isValidating && size > 0));
  return {
    more: pages.flatMap((page) => page.Articles),
    hasMore,
    isLoading,
    error,
    loadMore() {
      if (hasMore && !isLoading && !error) void setSize(pages.length + 1);
    },
    retry() {
      void mutate();
    },
    pagesLoaded: 1 + pages.length,
    async loadUntil(count) {
      // Beyond the last page getKey answers null, so asking for more than there are loads what there is.
      if (count - 1 > pages.length) await setSize(Math.min(count, nbPages) - 1);
    },
  };
}

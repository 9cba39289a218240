import { useEffect, useEffectEvent } from 'react';
import { usePagedList, type PagedList, type PagedListOptions } from '@/hooks/usePagedList';

/** What the list asked for before its pager was there: the next page, or pages until a count (scroll restore). */
export type PagerRequest = { more: true } | { until: number; done(): void };

export interface PagedListPagerProps<T> {
  options: PagedListOptions<T>;
  /** The request that brought the pager; null when it came to load a list the server did not draw. */
  request: PagerRequest | null;
  /** The list as it stands, and the list it is (options.listKey), each time what it shows changes. */
  onChange(list: PagedList<T>, listKey: string | null | undefined): void;
}

/**
 * A list's paging (usePagedList, over SWR), for a screen that draws the server's first page without it
 * (components/ui/useIdlePagedList): loaded when the browser is idle after the page is shown, and mounted when the
 * list first asks for a page the server did not draw. It draws nothing; the screen draws the list it reports.
 */
export function PagedListPager<T>({ options, request, onChange }: PagedListPagerProps<T>) {
  const list = usePagedList(options);
  const start = useEffectEvent(() => {
    if (!request) return;
    if ('more' in request) void list.loadMore();
    else void list.loadUntil(request.until).then(request.done);
  });
  useEffect(() => start(), []);
  // loadMore and loadUntil read what the list showed when they were made, so the screen gets them anew on each change.
  const shown = `${options.listKey ?? ''}|${list.items.length}|${list.pagesLoaded}|${list.hasMore}|${list.loading}|${list.error?.message ?? ''}`;
  const report = useEffectEvent(() => onChange(list, options.listKey));
  useEffect(() => report(), [shown]);
  return null;
}

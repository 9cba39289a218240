import { useEffect, useEffectEvent } from 'react';
import { usePagedList, type PagedList, type PageOf } from '@/hooks/usePagedList';
import type { IssueTile } from '@/lib/entities';

/** What the grid asked for before its pager was there: the next page, or pages until a count (scroll restore). */
export type PagerRequest = { more: true } | { until: number; done(): void };

export interface TileGridPagerProps {
  first: PageOf<IssueTile>;
  loadPage(page: number): Promise<PageOf<IssueTile>>;
  request: PagerRequest;
  /** The list as it stands, each time what it shows changes. */
  onChange(list: PagedList<IssueTile>): void;
}

/**
 * TileGrid's paging (usePagedList, over SWR), loaded when the grid first asks for a page after the server's: a grid
 * that is only looked at never loads it. It draws nothing; the grid draws the list it reports.
 */
export function TileGridPager({ first, loadPage, request, onChange }: TileGridPagerProps) {
  const list = usePagedList({ first, firstPage: 1, loadPage });
  const start = useEffectEvent(() => {
    if ('more' in request) void list.loadMore();
    else void list.loadUntil(request.until).then(request.done);
  });
  useEffect(() => start(), []);
  // loadMore and loadUntil read what the list showed when they were made, so the grid gets them anew on each change.
  const shown = `${list.items.length}|${list.pagesLoaded}|${list.hasMore}|${list.loading}|${list.error?.message ?? ''}`;
  const report = useEffectEvent(() => onChange(list));
  useEffect(() => report(), [shown]);
  return null;
}

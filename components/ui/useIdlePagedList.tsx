import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useIdleImport } from '@/hooks/useIdleImport';
import type { PagedList, PagedListOptions } from '@/hooks/usePagedList';
import type { PagerRequest } from './PagedListPager';

// The paging code (and SWR, about 6 kB of gzip) loads when the browser is idle after the page is shown, and runs from
// the first request for a page the server did not draw: most visits never ask for one.
const loadPager = () => import('./PagedListPager');
const PagedListPager = lazy(() => loadPager().then((module) => ({ default: module.PagedListPager })));

/**
 * usePagedList for a screen whose server drew the first page: the list is the server's page, without SWR, until the
 * list first asks for more (or, with a listKey, for a list the server did not draw, e.g. new words searched); from
 * then on it is the paging part's (PagedListPager), which the screen renders where `pager` says. Asked before the
 * part is here, the list shows its loading state at once.
 */
export function useIdlePagedList<T>(options: PagedListOptions<T>): { list: PagedList<T>; pager: ReactNode } {
  const { first, listKey } = options;
  const [request, setRequest] = useState<PagerRequest | null>(null);
  const [reported, setReported] = useState<{ listKey: string | null | undefined; list: PagedList<T> } | null>(null);
  // A list the server did not draw loads its first page as soon as it is shown.
  const unserved = !first && listKey !== null;
  useIdleImport(loadPager, unserved || listKey !== undefined || (first?.nbPages ?? 0) > 1);
  const served = first ? 1 : 0;
  // Until the pager reports on this list, the list is the server's page.
  const list: PagedList<T> =
    reported && reported.listKey === listKey
      ? reported.list
      : {
          items: first?.items ?? [],
          pagesLoaded: served,
          hasMore: first ? first.nbPages > 1 : unserved,
          loading: unserved || (request !== null && !reported),
          error: null,
          loadMore: async () => setRequest((current) => current ?? { more: true }),
          loadUntil: (count) =>
            count <= served || request
              ? Promise.resolve()
              : new Promise<void>((done) => {
                  setRequest({ until: count, done });
                }),
        };
  const pager =
    request || unserved || reported ? (
      <Suspense fallback={null}>
        <PagedListPager options={options} request={request} onChange={(next, key) => setReported({ listKey: key, list: next as PagedList<T> })} />
      </Suspense>
    ) : null;
  return { list, pager };
}

import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { usePagedList, type PageOf } from '@/hooks/usePagedList';

function wrapper({ children }: { children: ReactNode }) {
  return <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>;
}

const page = (from: number, count: number, nbPages: number): PageOf<number> => ({ items: Array.from({ length: count }, (_, i) => from + i), nbPages });

describe('usePagedList (the one way a list pages on the client)', () => {
  it('starts from the page the server rendered and loads nothing until asked', () => {
    const loadPage = jest.fn();
    const { result } = renderHook(() => usePagedList({ first: page(1, 20, 3), firstPage: 1, loadPage }), { wrapper });
    expect(result.current.items).toHaveLength(20);
    expect(result.current.pagesLoaded).toBe(1);
    expect(result.current.hasMore).toBe(true);
    expect(loadPage).not.toHaveBeenCalled();
  });

  it('loads the next pages one at a time, by their wire numbers, and stops at the last page counted', async () => {
    const loadPage = jest.fn(async (n: number) => page(n * 100, 20, 3));
    const { result } = renderHook(() => usePagedList({ first: page(1, 20, 3), firstPage: 1, loadPage }), { wrapper });
    await act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items).toHaveLength(40));
    await act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items).toHaveLength(60));
    expect(result.current.hasMore).toBe(false);
    await act(() => result.current.loadMore());
    expect(loadPage.mock.calls.map(([n]) => n)).toEqual([2, 3]);
    expect(result.current.pagesLoaded).toBe(3);
  });

  it('numbers pages from 0 for a zero-based service, and keys them by the service key given', async () => {
    const loadPage = jest.fn(async () => page(50, 5, 2));
    const keyOf = jest.fn((n: number) => `/api/article/v1/article?page=${n}`);
    const { result } = renderHook(() => usePagedList({ first: { items: [], nbPages: 2 }, firstPage: 0, loadPage, keyOf }), { wrapper });
    await act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items).toEqual([50, 51, 52, 53, 54]));
    expect(loadPage).toHaveBeenCalledWith(1);
    expect(keyOf).toHaveBeenCalledWith(1);
  });

  it('ends the list at an empty page, even when the count said there were more', async () => {
    const loadPage = jest.fn(async () => page(0, 0, 5));
    const { result } = renderHook(() => usePagedList({ first: page(1, 20, 5), firstPage: 1, loadPage }), { wrapper });
    await act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.hasMore).toBe(false));
    expect(result.current.items).toHaveLength(20);
    expect(result.current.pagesLoaded).toBe(1);
  });

  it('reports a failed page and loads it again when asked', async () => {
    const loadPage = jest.fn().mockRejectedValueOnce(new Error('Network Error')).mockResolvedValueOnce(page(21, 3, 2));
    const { result } = renderHook(() => usePagedList({ first: page(1, 20, 2), firstPage: 1, loadPage }), { wrapper });
    await act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.error?.message).toBe('Network Error'));
    expect(result.current.loading).toBe(false);
    await act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items).toHaveLength(23));
    expect(result.current.error).toBeNull();
    expect(loadPage.mock.calls.map(([n]) => n)).toEqual([2, 2]);
  });

  it('loads until a number of pages is shown (scroll restore), never past the last', async () => {
    const loadPage = jest.fn(async (n: number) => page(n * 100, 20, 3));
    const { result } = renderHook(() => usePagedList({ first: page(1, 20, 3), firstPage: 1, loadPage }), { wrapper });
    await act(() => result.current.loadUntil(5));
    await waitFor(() => expect(result.current.pagesLoaded).toBe(3));
    expect(loadPage.mock.calls.map(([n]) => n)).toEqual([2, 3]);
  });

  it('loads the first page itself when the server rendered none, then the next ones as asked', async () => {
    const loadPage = jest.fn(async (n: number) => page(n * 100, 20, 2));
    const { result } = renderHook(() => usePagedList({ firstPage: 0, loadPage }), { wrapper });
    expect(result.current.loading).toBe(true);
    expect(result.current.hasMore).toBe(true);
    await waitFor(() => expect(result.current.items).toHaveLength(20));
    expect(result.current.items[0]).toBe(0);
    expect(result.current.pagesLoaded).toBe(1);
    expect(result.current.loading).toBe(false);
    await act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items).toHaveLength(40));
    expect(result.current.hasMore).toBe(false);
    expect(loadPage.mock.calls.map(([n]) => n)).toEqual([0, 1]);
  });

  it('ends a list whose first page, loaded by the hook, comes back empty', async () => {
    const loadPage = jest.fn(async () => page(0, 0, 5));
    const { result } = renderHook(() => usePagedList({ firstPage: 0, loadPage }), { wrapper });
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.items).toEqual([]);
    expect(result.current.hasMore).toBe(false);
    await act(() => result.current.loadMore());
    expect(loadPage).toHaveBeenCalledTimes(1);
  });

  it('loads until a number of pages is shown when the hook loads the first page too', async () => {
    const loadPage = jest.fn(async (n: number) => page(n * 100, 20, 5));
    const { result } = renderHook(() => usePagedList({ firstPage: 0, loadPage }), { wrapper });
    await act(() => result.current.loadUntil(3));
    await waitFor(() => expect(result.current.pagesLoaded).toBe(3));
    expect(loadPage.mock.calls.map(([n]) => n)).toEqual([0, 1, 2]);
  });

  it('starts a new list from its first page when the list key changes, and again when an old key comes back', async () => {
    const loadPage = jest.fn(async (n: number) => page(n * 100, 20, 3));
    const { result, rerender } = renderHook(({ listKey }: { listKey: string }) => usePagedList({ firstPage: 0, loadPage, listKey }), {
      wrapper,
      initialProps: { listKey: 'geo|0' },
    });
    await waitFor(() => expect(result.current.items).toHaveLength(20));
    await act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.pagesLoaded).toBe(2));
    rerender({ listKey: 'geo|1' });
    expect(result.current.items).toEqual([]);
    expect(result.current.pagesLoaded).toBe(0);
    await waitFor(() => expect(result.current.pagesLoaded).toBe(1));
    rerender({ listKey: 'geo|0' });
    await waitFor(() => expect(result.current.pagesLoaded).toBe(1));
    expect(result.current.items).toHaveLength(20);
    expect(loadPage.mock.calls.map(([n]) => n)).toEqual([0, 1, 0, 0]);
  });

  it('shows and loads nothing while the list key is null', async () => {
    const loadPage = jest.fn(async (n: number) => page(n * 100, 20, 3));
    const { result, rerender } = renderHook(({ listKey }: { listKey: string | null }) => usePagedList({ firstPage: 0, loadPage, listKey }), {
      wrapper,
      initialProps: { listKey: null as string | null },
    });
    expect(result.current.loading).toBe(false);
    expect(result.current.hasMore).toBe(false);
    await act(() => result.current.loadMore());
    expect(loadPage).not.toHaveBeenCalled();
    rerender({ listKey: 'geo|0' });
    await waitFor(() => expect(result.current.items).toHaveLength(20));
    rerender({ listKey: null });
    expect(result.current.items).toEqual([]);
    expect(result.current.loading).toBe(false);
    expect(loadPage).toHaveBeenCalledTimes(1);
  });
});

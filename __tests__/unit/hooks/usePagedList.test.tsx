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
});

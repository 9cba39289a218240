import { act, renderHook, waitFor } from '@testing-library/react';
import { http as mswHttp, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { useFavourites } from '@/hooks/useFavourites';
import { STORAGE } from '@/lib/cookies';

let stored: number[] = [];
let listCalls = 0;
let changeStatus = 'success';
const changes: Array<{ path: string; body: Record<string, unknown>; auth: string | null }> = [];

const server = setupServer(
  mswHttp.post('*/api/user/getMyFav', async ({ request }) => {
    listCalls += 1;
    const body = (await request.json()) as { uid: number; os: string };
    expect(body).toEqual({ uid: 7, os: 'web' });
    return HttpResponse.json({ status: 'success', msg: [{ mid: { values: stored } }] });
  }),
  mswHttp.post('*/api/user/addmy_fav', async ({ request }) => {
    const body = (await request.json()) as { mid: number };
    changes.push({ path: 'addmy_fav', body, auth: request.headers.get('authorization') });
    if (changeStatus.toLowerCase() === 'success') stored = [body.mid, ...stored];
    return HttpResponse.json({ status: changeStatus });
  }),
  mswHttp.post('*/api/user/deletemy_fav', async ({ request }) => {
    const body = (await request.json()) as { mid: number };
    changes.push({ path: 'deletemy_fav', body, auth: request.headers.get('authorization') });
    if (changeStatus.toLowerCase() === 'success') stored = stored.filter((mid) => mid !== body.mid);
    return HttpResponse.json({ status: changeStatus });
  }),
);

const wrapper = ({ children }: { children: ReactNode }) => <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  stored = [11, 12];
  listCalls = 0;
  changeStatus = 'success';
  changes.length = 0;
  window.localStorage.clear();
  window.localStorage.setItem(STORAGE.userDetails, JSON.stringify({ uid: 7, firstName: 'Asha' }));
  window.localStorage.setItem(STORAGE.userToken, 'token-7');
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('useFavourites (SPEC §4 Favourites)', () => {
  it('reads the list from msg[0].mid.values', async () => {
    const { result } = renderHook(() => useFavourites(), { wrapper });
    await waitFor(() => expect(result.current.favourites).toEqual([11, 12]));
    expect(result.current.isFavourite(11)).toBe(true);
    expect(result.current.isFavourite(99)).toBe(false);
  });

  it('adds a magazine not in the list (result 1) and fetches the list again', async () => {
    const { result } = renderHook(() => useFavourites(), { wrapper });
    await waitFor(() => expect(result.current.favourites).toEqual([11, 12]));
    const before = listCalls;
    let outcome: number | null = null;
    await act(async () => {
      outcome = await result.current.toggle(30);
    });
    expect(outcome).toBe(1);
    expect(changes).toEqual([{ path: 'addmy_fav', body: { uid: 7, mid: 30, os: 'web' }, auth: 'Bearer token-7' }]);
    expect(listCalls).toBe(before + 1);
    await waitFor(() => expect(result.current.favourites).toEqual([30, 11, 12]));
  });

  it('removes a magazine in the list (result 0); a status of SUCCESS in capitals counts', async () => {
    changeStatus = 'SUCCESS';
    const { result } = renderHook(() => useFavourites(), { wrapper });
    await waitFor(() => expect(result.current.favourites).toEqual([11, 12]));
    let outcome: number | null = null;
    await act(async () => {
      outcome = await result.current.toggle(11);
    });
    expect(outcome).toBe(0);
    expect(changes[0]).toMatchObject({ path: 'deletemy_fav', body: { uid: 7, mid: 11, os: 'web' } });
    await waitFor(() => expect(result.current.favourites).toEqual([12]));
  });

  it('only logs an answer without success (nothing changes, the list is still fetched again)', async () => {
    changeStatus = 'failed';
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { result } = renderHook(() => useFavourites(), { wrapper });
    await waitFor(() => expect(result.current.favourites).toEqual([11, 12]));
    const before = listCalls;
    let outcome: number | null = 1;
    await act(async () => {
      outcome = await result.current.toggle(30);
    });
    expect(outcome).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('status failed'));
    expect(listCalls).toBe(before + 1);
    expect(result.current.favourites).toEqual([11, 12]);
    warn.mockRestore();
  });

  it('only logs a failed request', async () => {
    server.use(mswHttp.post('*/api/user/addmy_fav', () => HttpResponse.json({ status: 500, message: 'x' }, { status: 500 })));
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { result } = renderHook(() => useFavourites(), { wrapper });
    await waitFor(() => expect(result.current.favourites).toEqual([11, 12]));
    let outcome: number | null = 1;
    await act(async () => {
      outcome = await result.current.toggle(30);
    });
    expect(outcome).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Request failed with status code 500'));
    warn.mockRestore();
  });

  it('asks nothing and changes nothing when nobody is signed in', async () => {
    window.localStorage.clear();
    const { result } = renderHook(() => useFavourites(), { wrapper });
    let outcome: number | null = 1;
    await act(async () => {
      outcome = await result.current.toggle(30);
    });
    expect(outcome).toBeNull();
    expect(listCalls).toBe(0);
    expect(changes).toHaveLength(0);
  });
});

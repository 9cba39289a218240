import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mswHttp, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { SWRConfig } from 'swr';
import { FavouriteButton } from '@/components/magazine/FavouriteButton';
import { MyFavoritesScreen, type FavouriteTile } from '@/components/dashboard/MyFavoritesScreen';
import { STORAGE } from '@/lib/cookies';
import { renderWithTheme } from './render';

// My Favorites keeps its scroll position for the path it is on (useScrollRestore).
jest.mock('next/router', () => ({ useRouter: () => ({ asPath: '/dashboard/myFavorites', push: jest.fn() }) }));

let stored: number[] = [];
const server = setupServer(
  mswHttp.post('*/api/user/getMyFav', () => HttpResponse.json({ status: 'success', msg: [{ mid: { values: stored } }] })),
  mswHttp.post('*/api/user/addmy_fav', async ({ request }) => {
    const { mid } = (await request.json()) as { mid: number };
    stored = [mid, ...stored];
    return HttpResponse.json({ status: 'success' });
  }),
  mswHttp.post('*/api/user/deletemy_fav', async ({ request }) => {
    const { mid } = (await request.json()) as { mid: number };
    stored = stored.filter((id) => id !== mid);
    return HttpResponse.json({ status: 'success' });
  }),
);

const withCache = (ui: React.ReactElement) => renderWithTheme(<SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{ui}</SWRConfig>);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  stored = [];
  window.localStorage.clear();
  window.localStorage.setItem(STORAGE.userDetails, JSON.stringify({ uid: 3 }));
});
afterAll(() => server.close());

describe('FavouriteButton', () => {
  it('is a toggle named for the magazine, pressed once it is a favourite', async () => {
    withCache(<FavouriteButton mid={501} magazineName="Harbour Life" />);
    const button = await screen.findByRole('button', { name: 'Favourite Harbour Life' });
    await waitFor(() => expect(button).toBeEnabled());
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
    expect(stored).toEqual([501]);
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'false'));
    expect(stored).toEqual([]);
  });

  it('works from the keyboard', async () => {
    withCache(<FavouriteButton mid={502} magazineName="Garden Notes" variant="labelled" />);
    const button = await screen.findByRole('button', { name: 'Favourite Garden Notes' });
    await waitFor(() => expect(button).toBeEnabled());
    button.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
  });

  it('is not shown to a visitor who is not signed in', async () => {
    window.localStorage.clear();
    withCache(<FavouriteButton mid={501} magazineName="Harbour Life" />);
    await waitFor(() => expect(screen.queryByRole('button')).toBeNull());
  });
});

const tile = (mid: number, name: string): FavouriteTile => ({
  mid,
  issueName: 'May 2026',
  tile: { name, editionId: mid * 10, imageSrc: `/media/covers/${mid}/view/1.jpg`, imageSrcSet: '', browserLinkUrl: `/magazine/${mid}` },
});

describe('/dashboard/myFavorites', () => {
  it('shows the favourites with their latest issue, and moves a magazine between the lists as it is toggled', async () => {
    stored = [1];
    withCache(<MyFavoritesScreen favourites={[tile(1, 'City Cycling')]} suggestions={[tile(2, 'Deep Sea')]} showPassword />);
    const favourites = screen.getByRole('list', { name: 'Your favourite magazines' });
    expect(favourites).toHaveTextContent('City Cycling');
    expect(favourites).toHaveTextContent('Latest: May 2026');
    const add = await screen.findByRole('button', { name: 'Favourite Deep Sea' });
    await waitFor(() => expect(add).toBeEnabled());
    await userEvent.click(add);
    await waitFor(() => expect(screen.getByRole('list', { name: 'Your favourite magazines' })).toHaveTextContent('Deep Sea'));
    await userEvent.click(screen.getByRole('button', { name: 'Favourite City Cycling' }));
    await waitFor(() => expect(screen.getByRole('list', { name: 'Your favourite magazines' })).not.toHaveTextContent('City Cycling'));
    expect(screen.getByRole('list', { name: 'More magazines to follow' })).toHaveTextContent('City Cycling');
  });

  it('says how to add favourites when there are none', () => {
    withCache(<MyFavoritesScreen favourites={[]} suggestions={[]} showPassword={false} />);
    expect(screen.getByText(/No favourites yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse magazines' })).toHaveAttribute('href', '/magazines/BS/en');
    expect(screen.queryByRole('link', { name: 'Manage Password' })).toBeNull();
  });
});

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mswHttp, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactElement } from 'react';
import { SWRConfig } from 'swr';
import { AllIssuesScreen } from '@/components/catalogue/AllIssuesScreen';
import { ListingScreen } from '@/components/catalogue/ListingScreen';
import { HomeScreen } from '@/components/home/HomeScreen';
import { favouriteForCard } from '@/components/magazine/CardFavourite';
import type { ListingScreenProps } from '@/lib/catalogue-screens';
import { editionTile, titleTile } from '@/lib/catalogue-tiles';
import { STORAGE } from '@/lib/cookies';
import { renderWithTheme } from './render';

jest.mock('next/router', () => ({ useRouter: () => ({ asPath: '/magazines/BS/en', push: jest.fn(), prefetch: jest.fn(() => Promise.resolve()) }) }));

const hit = (mid: number) => ({ mid, magName: `Title ${mid}`, slug: `t-${mid}`, catId: 7, lang: 'en', isGold: mid === 2 ? 1 : 0, issueId: 100_000 + mid, issueName: 'November 2026', issueDate: '2026-11-01', img: `covers/${100_000 + mid}`, width: 200, height: 260 });

let stored: number[] = [];
let favouriteReads = 0;
const server = setupServer(
  mswHttp.post('*/api/user/getMyFav', () => {
    favouriteReads += 1;
    return HttpResponse.json({ status: 'success', msg: [{ mid: { values: stored } }] });
  }),
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
  mswHttp.get('*/api/catalogue/magazine-filter', () => HttpResponse.json({ status: 'success', page: 2, nbPages: 2, total: 23, data: [21, 22, 23].map(hit) })),
);

// A fresh cache per test. No deduping window: the cards of a page share one read because they ask together, and
// the cards of a later page because they reuse the cached list, not because the later page came within 2 s.
const withCache = (ui: ReactElement) => renderWithTheme(<SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{ui}</SWRConfig>);
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

function listing(overrides: Partial<ListingScreenProps> = {}): ListingScreenProps {
  return {
    title: 'Most Popular',
    listTitle: null,
    topLists: null,
    languages: [],
    categories: null,
    tiles: Array.from({ length: 20 }, (_, i) => titleTile(hit(i + 1), '')),
    nbPages: 2,
    total: 23,
    query: { categoryID: 'BS', lang: 'en', libid: 1001, base: '' },
    emptyText: 'No titles yet.',
    ...overrides,
  };
}

const toggles = () => screen.queryAllByRole('button', { name: /^Favourite / });
const signIn = () => window.localStorage.setItem(STORAGE.userDetails, JSON.stringify({ uid: 3 }));
// A click on a title would make jsdom try to navigate; the page under test stays.
const stayOnPage = (event: MouseEvent) => event.preventDefault();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  stored = [];
  favouriteReads = 0;
  window.localStorage.clear();
  document.addEventListener('click', stayOnPage);
});
afterEach(() => {
  document.removeEventListener('click', stayOnPage);
  server.resetHandlers();
});
afterAll(() => server.close());

describe('the favourite toggle on magazine cards (SPEC §4 Favourites)', () => {
  it('gives a signed-in member a toggle on every title card, beside its link, from one favourites read', async () => {
    signIn();
    stored = [2];
    withCache(<ListingScreen {...listing()} cardOverlay={favouriteForCard} />);
    await waitFor(() => expect(toggles()).toHaveLength(20));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Favourite Title 2' })).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Favourite Title 2' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Favourite Title 1' })).toHaveAttribute('aria-pressed', 'false');
    for (const toggle of toggles()) {
      expect(toggle.tagName).toBe('BUTTON');
      expect(toggle.closest('a')).toBeNull();
    }
    const card = screen.getByRole('link', { name: 'Title 1' }).closest('li')!;
    expect(within(card).getByRole('button', { name: 'Favourite Title 1' })).toBeInTheDocument();
    expect(favouriteReads).toBe(1);

    // The next page's cards reuse the list already read.
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Load more' })));
    await waitFor(() => expect(toggles()).toHaveLength(23));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Favourite Title 23' })).toBeEnabled());
    await settle();
    expect(favouriteReads).toBe(1);
  });

  it('flips the pressed state when the member presses a card’s toggle, by pointer or from the keyboard', async () => {
    signIn();
    withCache(<ListingScreen {...listing()} cardOverlay={favouriteForCard} />);
    const toggle = await screen.findByRole('button', { name: 'Favourite Title 5' });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-pressed', 'true'));
    expect(stored).toEqual([5]);

    // Tab goes from the card's link to its toggle.
    screen.getByRole('link', { name: 'Title 5' }).focus();
    await userEvent.tab();
    expect(toggle).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(toggle).toHaveAttribute('aria-pressed', 'false'));
    expect(stored).toEqual([]);
  });

  it('shows a visitor who is not signed in the cards with no toggle, and reads no favourites', async () => {
    withCache(<ListingScreen {...listing()} cardOverlay={favouriteForCard} />);
    expect(screen.getByRole('link', { name: 'Title 1' })).toBeInTheDocument();
    // Give a lazily loaded toggle every chance to appear.
    await settle();
    expect(toggles()).toHaveLength(0);
    expect(favouriteReads).toBe(0);
  });

  it('leaves the cards of a listing that gives no toggle (the /q/temp catalogue) without one, even for a member', async () => {
    signIn();
    withCache(<ListingScreen {...listing()} />);
    expect(screen.getByRole('link', { name: 'Title 1' })).toBeInTheDocument();
    await settle();
    expect(toggles()).toHaveLength(0);
    expect(favouriteReads).toBe(0);
  });

  it('puts the toggle on the home page’s magazine and newspaper cards', async () => {
    signIn();
    withCache(
      <HomeScreen
        libraryName="Riverside Public Library"
        popular={[titleTile(hit(1), ''), titleTile(hit(2), '')]}
        categories={[]}
        newspapers={[titleTile({ ...hit(3), magName: 'The Daily' }, '')]}
        coverStories={[]}
        links={{ popular: '/magazines/BS/en', categories: '/magazines/BS', newspapers: '/magazines/52', coverStories: '/stories/category/Cover-Stories/sec_60' }}
      />,
    );
    await waitFor(() => expect(toggles()).toHaveLength(3));
    expect(screen.getByRole('button', { name: 'Favourite The Daily' }).closest('a')).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Favourite Title 1' })).toBeEnabled());
    await settle();
    expect(favouriteReads).toBe(1);
  });

  it('puts each home toggle in its own card, between the cover link and the name, and finds the cards again when they change', async () => {
    signIn();
    const links = { popular: '/magazines/BS/en', categories: '/magazines/BS', newspapers: '/magazines/52', coverStories: '/stories/category/Cover-Stories/sec_60' };
    const home = (popular: ReturnType<typeof titleTile>[]) => (
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <HomeScreen libraryName="Riverside" popular={popular} categories={[]} newspapers={null} coverStories={[]} links={links} />
      </SWRConfig>
    );
    const { rerender } = renderWithTheme(home([titleTile(hit(1), ''), titleTile(hit(2), '')]));
    await waitFor(() => expect(toggles()).toHaveLength(2));
    const toggle = screen.getByRole('button', { name: 'Favourite Title 1' });
    const card = toggle.closest('.issue-card')!;
    // The card's own link and name, in reading order: cover, toggle, name.
    const cover = within(card as HTMLElement).getByRole('link', { name: 'Title 1' });
    const name = within(card as HTMLElement).getByText('Title 1', { selector: 'p' });
    expect(cover.compareDocumentPosition(toggle) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(toggle.compareDocumentPosition(name) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    rerender(home([titleTile(hit(4), ''), titleTile(hit(5), ''), titleTile(hit(6), '')]));
    await waitFor(() => expect(toggles()).toHaveLength(3));
    expect(screen.getByRole('button', { name: 'Favourite Title 6' }).closest('.issue-card')).toBe(screen.getByRole('link', { name: 'Title 6' }).closest('.issue-card'));
    expect(screen.queryByRole('button', { name: 'Favourite Title 1' })).toBeNull();
  });

  it('leaves an issue’s card without a toggle: the issues of one title are not magazine cards', async () => {
    signIn();
    const issue = (n: number) => editionTile({ mid: 1, issueId: 200_000 + n, issueName: `Issue ${n}`, img: `covers/${200_000 + n}`, isGold: 0 }, '');
    withCache(<AllIssuesScreen magazine={{ mid: 1, magName: 'Title 1', href: '/magazine/1' }} tiles={[issue(1), issue(2)]} nbPages={1} total={2} libid={1001} />);
    expect(screen.getByRole('link', { name: 'Issue 1' })).toBeInTheDocument();
    await settle();
    expect(toggles()).toHaveLength(0);
  });
});

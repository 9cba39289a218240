import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { http as mswHttp, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { ListingScreen } from '@/components/catalogue/ListingScreen';
import type { ListingScreenProps } from '@/lib/catalogue-screens';
import { titleTile } from '@/lib/catalogue-tiles';
import { renderWithTheme } from './render';

jest.mock('next/router', () => ({ useRouter: () => ({ asPath: '/q/temp/magazines/BS/en', push: jest.fn() }) }));

const hit = (mid: number) => ({ mid, magName: `Title ${mid}`, slug: `t-${mid}`, catId: 7, lang: 'en', isGold: mid === 2 ? 1 : 0, issueId: 100_000 + mid, issueName: 'November 2026', issueDate: '2026-11-01', img: `covers/${100_000 + mid}`, width: 200, height: 260 });

let asked: URLSearchParams | null = null;
const server = setupServer(
  mswHttp.get('*/api/catalogue/magazine-filter', ({ request }) => {
    asked = new URL(request.url).searchParams;
    return HttpResponse.json({ status: 'success', page: 2, nbPages: 2, total: 23, data: [21, 22, 23].map(hit) });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  asked = null;
  Cookies.remove('ageRating');
});
afterAll(() => server.close());

function props(overrides: Partial<ListingScreenProps> = {}): ListingScreenProps {
  return {
    title: 'Most Popular',
    listTitle: null,
    topLists: [
      { label: 'Most Popular', href: '/q/temp/magazines/BS/en', selected: true },
      { label: 'Featured', href: '/q/temp/magazines/F/en', selected: false },
    ],
    languages: [
      { label: 'All Languages', href: '/q/temp/magazines/BS', selected: false },
      { label: 'English', href: '/q/temp/magazines/BS/en', selected: true },
      { label: 'Hindi', href: '/q/temp/magazines/BS/hi', selected: false },
    ],
    categories: null,
    tiles: Array.from({ length: 20 }, (_, i) => titleTile(hit(i + 1), '/q/temp')),
    nbPages: 2,
    total: 23,
    query: { categoryID: 'BS', lang: 'en', libid: 2083, base: '/q/temp' },
    emptyText: 'No English titles in Most Popular for your library yet.',
    ...overrides,
  };
}

describe('ListingScreen', () => {
  it('shows the heading, the top lists and the languages as links, the current ones marked', () => {
    renderWithTheme(<ListingScreen {...props()} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Most Popular' })).toBeInTheDocument();
    const languages = screen.getByRole('navigation', { name: 'Languages' });
    expect(within(languages).getByRole('link', { name: 'All Languages' })).toHaveAttribute('href', '/q/temp/magazines/BS');
    expect(within(languages).getByRole('link', { name: 'English' })).toHaveAttribute('aria-current', 'page');
    expect(within(languages).getByRole('link', { name: 'Hindi' })).toHaveAttribute('href', '/q/temp/magazines/BS/hi');
    expect(within(screen.getByRole('navigation', { name: 'Top lists' })).getByRole('link', { name: 'Featured' })).toHaveAttribute('href', '/q/temp/magazines/F/en');
    expect(screen.getByRole('link', { name: 'Title 1' })).toHaveAttribute('href', '/q/temp/magazine/1');
  });

  it('asks the magazine filter for page 2 with the same list, language and library, and the age rating below 8', async () => {
    Cookies.set('ageRating', '6');
    renderWithTheme(<ListingScreen {...props()} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Load more' })));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Title 23' })).toHaveAttribute('href', '/q/temp/magazine/23'));
    expect(Object.fromEntries(asked!)).toEqual({ libid: '2083', gold: '1', storeID: '1', categoryID: 'BS', lang: 'en', age_rate: '6', page: '2' });
  });

  it('leaves age_rate out at 8 and above, and sends the default 5 when the cookie is missing', async () => {
    Cookies.set('ageRating', '9');
    const { unmount } = renderWithTheme(<ListingScreen {...props()} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Load more' })));
    await waitFor(() => expect(asked).not.toBeNull());
    expect(asked!.has('age_rate')).toBe(false);
    unmount();
    Cookies.remove('ageRating');
    asked = null;
    renderWithTheme(<ListingScreen {...props()} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Load more' })));
    await waitFor(() => expect(asked?.get('age_rate')).toBe('5'));
  });

  it('lists every category first on a top list shown in all languages', () => {
    renderWithTheme(
      <ListingScreen
        {...props({
          title: 'All Categories',
          listTitle: 'Most Popular in all languages',
          categories: [{ name: 'Travel', imgPath: '/media/categories/7', browserLinkUrl: '/magazines/7', appLinkUrl: '/magazines/7' }],
        })}
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'All Categories' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Travel' })).toHaveAttribute('href', '/magazines/7');
    expect(screen.getByRole('heading', { level: 2, name: 'Most Popular in all languages' })).toBeInTheDocument();
  });

  it('says so when the library has no titles here', () => {
    renderWithTheme(<ListingScreen {...props({ tiles: [], nbPages: 0, total: 0 })} />);
    expect(screen.getByText('No English titles in Most Popular for your library yet.')).toBeInTheDocument();
  });
});

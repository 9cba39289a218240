import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mswHttp, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { SWRConfig } from 'swr';
import { SearchScreen } from '@/components/search/SearchScreen';
import { NO_RESULTS, searchPageResult } from '@/lib/search-results';
import { fakeIntersectionObserver } from './observer';
import { renderWithTheme } from './render';

const router = { asPath: '/search?q=geo', replace: jest.fn(() => Promise.resolve(true)) };
jest.mock('next/router', () => ({ useRouter: () => router }));

const hit = (mid: number) => ({
  magName: `Geo Title ${mid}`,
  new_imgPath: `covers/${mid}00`,
  objectID: String(mid),
  isGold: 0,
  mid,
  _highlightResult: { magName: { value: `<em>Geo</em> Title ${mid}` } },
});
const hits = (page: number) => Array.from({ length: 20 }, (_, i) => hit(page * 20 + i + 1));

const requests: string[] = [];
const server = setupServer(
  mswHttp.get('*/api/catalogue/magazine-search', ({ request }) => {
    const page = Number(new URL(request.url).searchParams.get('p'));
    requests.push(`magazines p=${page}`);
    return HttpResponse.json({ hits: page < 2 ? hits(page) : [], nbHits: 40, nbPages: 2, page, hitsPerPage: 20 });
  }),
  mswHttp.get('*/api/catalogue/search_list', () => {
    requests.push('issues');
    return HttpResponse.json({ status: 'success', hits: [], nbHits: 0, nbPages: 0, page: 0 });
  }),
  mswHttp.get('*/api/catalogue/magazine-libaray', () => {
    requests.push('library');
    return HttpResponse.json({
      status: 'success',
      query: '',
      popularCat: [{ category_id: 100, name: 'Travel', cat_slug: 'travel', image: 'categories/travel', count: 20 }],
      popularLang: [{ lang_code: 'en', lang: 'English', display_name: 'English', count: 30 }],
      magazineList: [hit(1)],
      journalList: [],
      magazines: { hits: [], nbHits: 0, nbPages: 0, exhaustiveNbHits: true, page: 0, hitsPerPage: 20 },
    });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  requests.length = 0;
  (window as Window & { dataLayer?: unknown[] }).dataLayer = [];
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function renderScreen(query: string, initial: ReturnType<typeof searchPageResult> | null) {
  renderWithTheme(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <SearchScreen query={query} tab={0} placeholder="Search Magazines" libraryId={1001} base="" ageRating={null} initial={initial} issue={null} issueId={null} />
    </SWRConfig>,
  );
}

/** The empty, hidden element after the results, watched to load the next page. */
const resultsEnd = () => screen.getByRole('tabpanel').querySelector<HTMLElement>(':scope > [aria-hidden="true"]')!;

describe('/search with its first page found on the server', () => {
  it('shows the server’s page without asking for it again, and loads page 1 once when the results’ end comes within 100px of the viewport', async () => {
    const observer = fakeIntersectionObserver();
    try {
      renderScreen('geo', searchPageResult({ magazines: { hits: hits(0) } }));
      expect(screen.getByRole('link', { name: 'Geo Title 20' })).toBeInTheDocument();
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(requests).toEqual([]);
      expect(observer.optionsFor(resultsEnd())).toEqual([{ rootMargin: '100px 0px' }]);
      observer.bringIntoView(resultsEnd());
      // Still near while the page loads: not asked for again.
      observer.bringIntoView(resultsEnd());
      await screen.findByRole('link', { name: 'Geo Title 40' });
      expect(requests).toEqual(['magazines p=1']);
    } finally {
      observer.restore();
    }
  });

  it('records an empty first page found on the server once, and asks for nothing', async () => {
    const observer = fakeIntersectionObserver();
    try {
      renderScreen('zzyzx', NO_RESULTS);
      expect(screen.getByText('No results found for zzyzx')).toBeInTheDocument();
      await waitFor(() => expect((window as Window & { dataLayer?: unknown[] }).dataLayer).toEqual([{ event: 'search_no_results', query: 'zzyzx', tab: 0 }]));
      // Nothing more to load: the results' end is not watched.
      expect(observer.optionsFor(resultsEnd())).toEqual([]);
      observer.bringIntoView(resultsEnd());
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(requests).toEqual([]);
      expect(screen.queryByRole('button', { name: 'Show more results' })).not.toBeInTheDocument();
    } finally {
      observer.restore();
    }
  });

  it("pages with 'Show more results' where there is no IntersectionObserver", async () => {
    renderScreen('geo', searchPageResult({ magazines: { hits: hits(0) } }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(requests).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Show more results' }));
    await screen.findByRole('link', { name: 'Geo Title 40' });
    expect(requests).toEqual(['magazines p=1']);
  });
});

describe('/search in the browser', () => {
  it('searches new words typed here, showing that it searches rather than that nothing was found', async () => {
    renderScreen('geo', searchPageResult({ magazines: { hits: hits(0) } }));
    const box = screen.getByRole('searchbox');
    await userEvent.clear(box);
    await userEvent.type(box, 'geography');
    await waitFor(() => expect(screen.getByText('Searching…')).toBeInTheDocument());
    expect(screen.queryByText(/No results found/)).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Geo Title 20' })).toBeInTheDocument();
    expect(requests).toContain('magazines p=0');
  });

  it('shows the search home (popular titles) while nothing is typed', async () => {
    renderScreen('', null);
    expect(await screen.findByRole('heading', { name: 'Popular Magazines' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'English' })).toHaveAttribute('href', '/magazines/BS/en');
    expect(requests).toEqual(['library']);
  });
});

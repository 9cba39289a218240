import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mswHttp, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { SWRConfig } from 'swr';
import { SearchOverlay } from '@/components/search/SearchOverlay';
import { fakeIntersectionObserver } from './observer';
import { renderWithTheme } from './render';

const hit = (mid: number, magName: string, highlight = magName) => ({
  magName,
  slug: `mag-${mid}`,
  new_imgPath: `covers/${mid}00`,
  objectID: String(mid),
  isGold: 0,
  mid,
  issueId: mid * 100,
  catId: 31,
  lang: 'en',
  _highlightResult: { magName: { value: highlight, matchLevel: 'full', matchedWords: [] } },
});

const catalogue = (journals: ReturnType<typeof hit>[]) => ({
  status: 'success',
  query: '',
  popularCat: Array.from({ length: 14 }, (_, i) => ({ category_id: 100 + i, name: `Category ${i}`, cat_slug: `c-${i}`, image: `categories/c-${i}`, count: 20 - i })),
  popularLang: [
    { lang_code: 'en', lang: 'English', display_name: 'English', count: 30 },
    { lang_code: 'hi', lang: 'Hindi', display_name: 'हिन्दी', count: 4 },
  ],
  magazineList: [hit(1, 'National Geographic Traveller'), hit(2, 'Science Weekly')],
  journalList: journals,
  magazines: { hits: [], nbHits: 0, nbPages: 0, exhaustiveNbHits: true, page: 0, hitsPerPage: 20 },
});

const issueHit = {
  pages: [
    { page: 4, _highLight: 'Your photographs of a <em>quokka</em> grinning' },
    { page: 9, _highLight: 'Another <em>quokka</em> story' },
  ],
  issue: { iss_id: 100020, iss_name: 'November 2026', magId: 1, iss_date: '2026-11-01' },
  magDetails: { magName: 'National Geographic Traveller', img: 'covers/100020' },
  fIn: 2,
};

const story = (id: number, title: string) => ({
  artid: id,
  title,
  subtitle: '',
  magname: 'Science Weekly',
  issuename: 'November 2026',
  time_read: 240,
  canon_url: `science/${id}`,
  url: `/stories/science/${id}`,
  base_img: '',
  thumb: `stories/${id}`,
  short_desc: '',
  shoppable: 0,
  is_news: 0,
  mid: 2,
  issid: 200,
  published: '2026-11-01T00:00:00.000Z',
  objectID: String(id),
  _highlightResult: { title: { value: title.replace('harbour', '<em>harbour</em>'), matchLevel: 'full', matchedWords: ['harbour'] } },
  _snippetResult: { body: { value: 'The <em>harbour</em> at dawn.', matchLevel: 'full', matchedWords: ['harbour'] } },
});

let journals: ReturnType<typeof hit>[] = [];
let failing = false;
const requests: string[] = [];

const server = setupServer(
  mswHttp.get('*/api/catalogue/magazine-libaray', () => HttpResponse.json(catalogue(journals))),
  mswHttp.get('*/api/catalogue/magazine-search', ({ request }) => {
    const url = new URL(request.url);
    requests.push(`magazines ${url.searchParams.get('q')} p=${url.searchParams.get('p')}`);
    if (failing) return HttpResponse.json({ status: 500, message: 'down' }, { status: 500 });
    const q = url.searchParams.get('q') ?? '';
    const page = Number(url.searchParams.get('p'));
    if (q !== 'geo' && q !== 'harbour') return HttpResponse.json({ hits: [], nbHits: 0, nbPages: 0, page, hitsPerPage: 20 });
    // Two full pages, then an empty one.
    const hits = page < 2 ? Array.from({ length: 20 }, (_, i) => hit(page * 20 + i + 1, `Geo Title ${page * 20 + i + 1}`, `<em>Geo</em> Title ${page * 20 + i + 1}`)) : [];
    return HttpResponse.json({ hits, nbHits: 40, nbPages: 2, page, hitsPerPage: 20 });
  }),
  mswHttp.get('*/api/catalogue/search_list', ({ request }) => {
    const q = new URL(request.url).searchParams.get('q') ?? '';
    requests.push(`issues ${q}`);
    if (failing) return HttpResponse.json({ status: 500, message: 'down' }, { status: 500 });
    return HttpResponse.json({ status: 'success', hits: q === 'quokka' ? [issueHit] : [], nbHits: q === 'quokka' ? 1 : 0, nbPages: q === 'quokka' ? 1 : 0, page: 0 });
  }),
  mswHttp.get('*/api/article/v1/article-search', ({ request }) => {
    const url = new URL(request.url);
    const page = Number(url.searchParams.get('page'));
    requests.push(`stories ${url.searchParams.get('query')} page=${page}`);
    const Articles = page === 0 ? [story(1, 'The harbour at dawn'), story(2, 'Notes from the harbour')] : [];
    return HttpResponse.json({ Articles, page, nbPages: 1, nbHits: 2 });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  journals = [];
  failing = false;
  requests.length = 0;
  (window as Window & { dataLayer?: unknown[] }).dataLayer = [];
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function renderOverlay() {
  const onClose = jest.fn();
  renderWithTheme(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <SearchOverlay open onClose={onClose} placeholder="Search Magazines, newspapers, journals" libraryId={1001} />
    </SWRConfig>,
  );
  return { onClose, input: screen.getByRole('searchbox', { name: 'Search Magazines, newspapers, journals' }) };
}

/** The overlay's scrolling area. */
const scrollArea = () => screen.getByRole('dialog').querySelector<HTMLElement>('[data-scroll-area]')!;
/** The empty, hidden element after the results, watched to load the next page. */
const resultsEnd = () => screen.getByRole('tabpanel').querySelector<HTMLElement>(':scope > [aria-hidden="true"]')!;
const magazineRequests = () => requests.filter((r) => r.startsWith('magazines'));

describe('search overlay with no text', () => {
  it('shows popular languages, magazines (to /magazines/BS/en) and at most 10 popular categories, and focuses the text box', async () => {
    const { input } = renderOverlay();
    expect(input).toHaveFocus();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    const languages = await screen.findByRole('list', { name: 'Popular Languages' });
    expect(within(languages).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/magazines/BS/en', '/magazines/BS/hi']);
    const magazines = screen.getByRole('region', { name: 'Popular Magazines' });
    expect(screen.getByRole('link', { name: 'View All Popular Magazines' })).toHaveAttribute('href', '/magazines/BS/en');
    expect(within(magazines).getByRole('link', { name: 'National Geographic Traveller' })).toHaveAttribute('href', '/magazine/1');
    const categories = screen.getByRole('region', { name: 'Popular Categories' });
    expect(within(categories).getAllByRole('link')).toHaveLength(10);
    expect(screen.queryByRole('region', { name: 'Popular Journals' })).not.toBeInTheDocument();
  });

  it('shows Popular Journals, linking to /journals, when the library has journals', async () => {
    journals = [hit(9, 'Journal of Lighthouse Studies')];
    renderOverlay();
    const region = await screen.findByRole('region', { name: 'Popular Journals' });
    expect(screen.getByRole('link', { name: 'View All Popular Journals' })).toHaveAttribute('href', '/journals');
    expect(within(region).getByRole('link', { name: 'Journal of Lighthouse Studies' })).toBeInTheDocument();
  });
});

describe('search overlay with text', () => {
  it('typing clears the results at once, then shows the new results with the matched words highlighted', async () => {
    const user = userEvent.setup();
    const { input } = renderOverlay();
    await user.type(input, 'geo');
    const first = await screen.findByRole('link', { name: 'Geo Title 1' });
    expect(first).toHaveAttribute('href', '/magazine/1');
    expect(within(first).getByText('Geo').tagName).toBe('MARK');
    await user.type(input, 'x');
    // The old results go as soon as a key is typed, before the new search runs.
    expect(screen.queryByRole('link', { name: 'Geo Title 1' })).not.toBeInTheDocument();
    expect(await screen.findByText('No results found for geox')).toBeInTheDocument();
  });

  it('loads the next page when the results’ end comes within 100px of the bottom of the scrolling area, once, and stops once a later page comes back empty', async () => {
    const observer = fakeIntersectionObserver();
    try {
      const user = userEvent.setup();
      const { input } = renderOverlay();
      await user.type(input, 'geo');
      await screen.findByRole('link', { name: 'Geo Title 20' });
      await waitFor(() => expect(screen.queryByText('Searching…')).not.toBeInTheDocument());
      expect(magazineRequests()).toEqual(['magazines geo p=0']);
      // The margin applies inside the dialog's scrolling body, not the window.
      expect(observer.optionsFor(resultsEnd())).toEqual([{ root: scrollArea(), rootMargin: '100px 0px' }]);

      observer.bringIntoView(resultsEnd());
      // Still near while the page loads: not watched, so not asked for again.
      expect(observer.optionsFor(resultsEnd())).toEqual([]);
      observer.bringIntoView(resultsEnd());
      await screen.findByRole('link', { name: 'Geo Title 40' });
      await waitFor(() => expect(screen.queryByText('Searching…')).not.toBeInTheDocument());
      expect(magazineRequests()).toEqual(['magazines geo p=0', 'magazines geo p=1']);

      // Watched again once the page came: still in view, it asks again, and the empty page ends the list.
      expect(observer.optionsFor(resultsEnd())).toHaveLength(1);
      observer.bringIntoView(resultsEnd());
      await waitFor(() => expect(requests).toContain('magazines geo p=2'));
      await waitFor(() => expect(screen.queryByText('Searching…')).not.toBeInTheDocument());
      expect(observer.optionsFor(resultsEnd())).toEqual([]);
      observer.bringIntoView(resultsEnd());
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(magazineRequests()).toEqual(['magazines geo p=0', 'magazines geo p=1', 'magazines geo p=2']);
      expect(screen.getAllByRole('link', { name: /^Geo Title/ })).toHaveLength(40);
      expect(screen.queryByRole('button', { name: 'Show more results' })).not.toBeInTheDocument();
    } finally {
      observer.restore();
    }
  });

  it("pages with 'Show more results' where there is no IntersectionObserver", async () => {
    const user = userEvent.setup();
    const { input } = renderOverlay();
    await user.type(input, 'geo');
    await screen.findByRole('link', { name: 'Geo Title 20' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(magazineRequests()).toEqual(['magazines geo p=0']);
    await user.click(screen.getByRole('button', { name: 'Show more results' }));
    await screen.findByRole('link', { name: 'Geo Title 40' });
    expect(magazineRequests()).toEqual(['magazines geo p=0', 'magazines geo p=1']);
  });

  it('switching tab resets the page to 0 and reloads', async () => {
    const observer = fakeIntersectionObserver();
    try {
      const user = userEvent.setup();
      const { input } = renderOverlay();
      await user.type(input, 'harbour');
      await screen.findByRole('link', { name: 'Geo Title 1' });
      await waitFor(() => expect(screen.queryByText('Searching…')).not.toBeInTheDocument());
      observer.bringIntoView(resultsEnd());
      await screen.findByRole('link', { name: 'Geo Title 40' });
      await user.click(screen.getByRole('tab', { name: 'Stories' }));
      expect(screen.getByRole('tab', { name: 'Stories' })).toHaveAttribute('aria-selected', 'true');
      const storyLink = await screen.findByRole('link', { name: 'The harbour at dawn' });
      expect(storyLink).toHaveAttribute('href', '/stories/science/1');
      expect(within(storyLink).getByText('harbour').tagName).toBe('MARK');
      expect(requests).toContain('stories harbour page=0');
      await user.click(screen.getByRole('tab', { name: 'Magazines' }));
      await screen.findByRole('link', { name: 'Geo Title 1' });
      expect(requests.filter((r) => r.startsWith('magazines'))).toEqual(['magazines harbour p=0', 'magazines harbour p=1', 'magazines harbour p=0']);
      expect(screen.queryByRole('link', { name: 'Geo Title 21' })).not.toBeInTheDocument();
    } finally {
      observer.restore();
    }
  });

  it("shows 'No results found for ' and the text when the first page is empty, and records the event", async () => {
    const user = userEvent.setup();
    const { input } = renderOverlay();
    await user.type(input, 'zzyzx');
    expect(await screen.findByText('No results found for zzyzx')).toBeInTheDocument();
    expect((window as Window & { dataLayer?: unknown[] }).dataLayer).toEqual([{ event: 'search_no_results', query: 'zzyzx', tab: 0 }]);
  });

  it('shows the discover tile for a word printed inside an issue, with Discover more leading to /search', async () => {
    const user = userEvent.setup();
    const { input } = renderOverlay();
    await user.type(input, 'quokka');
    const tile = await screen.findByRole('article');
    expect(within(tile).getByRole('heading', { name: 'National Geographic Traveller' })).toBeInTheDocument();
    expect(within(tile).getByText('November 2026')).toBeInTheDocument();
    expect(within(tile).getByRole('button', { name: 'Page 4' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('link', { name: /Discover more/ })).toHaveAttribute('href', '/search?q=quokka');
    expect(screen.queryByText(/No results found/)).not.toBeInTheDocument();
  });

  it('answers a failing search with the no-results state (SPEC §8)', async () => {
    failing = true;
    const user = userEvent.setup();
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { input } = renderOverlay();
    await user.type(input, 'geo');
    expect(await screen.findByText('No results found for geo')).toBeInTheDocument();
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });

  it('closes with the close cross and with Escape', async () => {
    const user = userEvent.setup();
    const { onClose } = renderOverlay();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Close search' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});

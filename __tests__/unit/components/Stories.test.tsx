import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http as mswHttp, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { type ReactElement, type ReactNode, useRef } from 'react';
import { SWRConfig } from 'swr';
import { StoriesScreen, type StoriesScreenProps } from '@/components/story/StoriesScreen';
import { StoryScreen, type StoryScreenProps } from '@/components/story/StoryScreen';
import { useDelegatedLinks } from '@/hooks/useDelegatedLinks';
import { STORAGE } from '@/lib/cookies';
import type { CategoryRow, StoryFromServer, StoryTile } from '@/lib/wire';
import { http } from '@/services/http';
import { renderWithTheme } from './render';

const router = { asPath: '/stories/category/Cover-Stories/sec_60', push: jest.fn(), prefetch: jest.fn(() => Promise.resolve()) };
jest.mock('next/router', () => ({ useRouter: () => router }));

function tile(n: number): StoryTile {
  return {
    imgPath: `/media/stories/${n}`,
    title: `Story number ${n}`,
    subTitle: `Subtitle ${n}`,
    readTime: '2 mins',
    browserLinkUrl: `/stories/travel/mag/1/story-${n}`,
    key: String(n),
    isShoppable: false,
    shortDesc: '',
    issueName: 'November 2026',
    isNews: false,
    magName: 'Wanderlust',
  };
}

function fromServer(n: number): StoryFromServer {
  return {
    artid: n,
    title: `Story number ${n}`,
    subtitle: '',
    magname: 'Wanderlust',
    issuename: 'November 2026',
    time_read: 700,
    canon_url: `travel/mag/1/story-${n}`,
    url: `/stories/travel/mag/1/story-${n}`,
    base_img: `stories/${n}`,
    thumb: `stories/${n}`,
    short_desc: '',
    shoppable: 0,
    is_news: 0,
    mid: 1,
    issid: 1,
    published: '2026-11-01T00:00:00.000Z',
  };
}

const categories: CategoryRow[] = [
  { category_id: 7, name: 'Travel', image: '', is_fav: 0, cat_slug: 'travel' },
  { category_id: 6, name: 'Food & Cooking', image: '', is_fav: 0, cat_slug: 'food-cooking' },
];

let favourites = new Set<number>();
let secondPage: 'ok' | 'fail' | 'slow' = 'ok';
const pagesAsked: string[] = [];
const server = setupServer(
  mswHttp.get('*/api/article/v1/article', async ({ request }) => {
    const url = new URL(request.url);
    pagesAsked.push(url.searchParams.get('page') ?? '');
    if (secondPage === 'fail') return HttpResponse.json({ status: 500, message: 'x' }, { status: 500 });
    if (secondPage === 'slow') await delay(200);
    return HttpResponse.json({ Articles: [fromServer(21), fromServer(22)], page: 1, nbPages: 2, nbHits: 22 });
  }),
  mswHttp.get('*/api/catalogue/story-categories', () =>
    HttpResponse.json({
      status: 'success',
      data: [...categories.filter((c) => favourites.has(c.category_id)), ...categories.filter((c) => !favourites.has(c.category_id))].map((c) => ({
        ...c,
        is_fav: favourites.has(c.category_id) ? 1 : 0,
      })),
    }),
  ),
  mswHttp.put('*/api/catalogue/story-categories/:id/favourite', ({ params }) => {
    favourites.add(Number(params.id));
    return HttpResponse.json({ status: 'success', category_id: Number(params.id), is_fav: 1 });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  favourites = new Set();
  secondPage = 'ok';
  pagesAsked.length = 0;
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** The page frame's link listener (components/layout/Layout), which navigates the screen's plain links. */
function LinksFrame({ children }: { children: ReactNode }) {
  const frame = useRef<HTMLDivElement>(null);
  useDelegatedLinks(frame);
  return <div ref={frame}>{children}</div>;
}

/** A fresh SWR cache per test, inside the frame's link listener; the screens start from the server's props. */
function renderWithSwr(ui: ReactElement) {
  const fetcher = async (url: string) => (await http.get<unknown>(url)).data;
  return renderWithTheme(
    <LinksFrame>
      <SWRConfig value={{ provider: () => new Map(), fetcher, dedupingInterval: 0 }}>{ui}</SWRConfig>
    </LinksFrame>,
  );
}

const listProps: StoriesScreenProps = {
  title: 'Cover Stories',
  intro: 'The cover stories of the latest issues.',
  list: { kind: 'cover' },
  ageRating: 9,
  first: Array.from({ length: 20 }, (_, i) => tile(i + 1)),
  nbPages: 2,
  nbHits: 22,
  fixed: [
    { label: 'Cover Stories', href: '/stories/category/Cover-Stories/sec_60' },
    { label: 'Latest Stories', href: '/stories/category/Latest-Stories/RC' },
    { label: 'For You', href: '/stories/category/For-You/recom' },
  ],
  categories,
  currentHref: '/stories/category/Cover-Stories/sec_60',
};

describe('StoriesScreen', () => {
  it('marks a favourite chosen before the categories\' reading part has loaded, once it has', async () => {
    // The browser never idles here: the toggle itself brings the reading part. First of these tests, so that no test
    // before it has loaded the part (a part once loaded is ready at once on the next mount).
    Object.assign(window, { requestIdleCallback: jest.fn(), cancelIdleCallback: jest.fn() });
    const { unmount } = renderWithSwr(<StoriesScreen {...listProps} />);
    try {
      await userEvent.click(screen.getByText('Choose favourite categories'));
      await userEvent.click(screen.getByRole('button', { name: 'Travel' }));
      await waitFor(() => expect(screen.getByRole('button', { name: 'Travel' })).toHaveAttribute('aria-pressed', 'true'));
      expect(favourites.has(7)).toBe(true);
    } finally {
      unmount();
      Reflect.deleteProperty(window, 'requestIdleCallback');
      Reflect.deleteProperty(window, 'cancelIdleCallback');
    }
  });

  it('shows the first page as story cards under the story categories, the current list marked', () => {
    renderWithSwr(<StoriesScreen {...listProps} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Cover Stories' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Cover Stories' })).getAllByRole('article')).toHaveLength(20);
    const nav = screen.getByRole('navigation', { name: 'Story categories' });
    expect(within(nav).getByRole('link', { name: 'Cover Stories' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Travel' })).toHaveAttribute('href', '/stories/category/travel/7');
  });

  it('loads the next page (sent as page=1), with skeletons while it loads, and stops at the last page', async () => {
    secondPage = 'slow';
    renderWithSwr(<StoriesScreen {...listProps} />);
    await userEvent.click(screen.getByRole('button', { name: 'Load more stories' }));
    expect(await screen.findByTestId('story-skeleton')).toBeInTheDocument();
    expect(screen.getByText('Loading more stories…')).toHaveAttribute('role', 'status');
    expect(await screen.findByRole('link', { name: 'Story number 22' })).toBeInTheDocument();
    expect(pagesAsked).toEqual(['1']);
    // Later pages are mapped to Story tiles in the browser: 700 seconds reads '10+ mins'.
    expect(within(screen.getByRole('link', { name: 'Story number 22' }).closest('article')!).getByText('10+ mins', { exact: false })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more stories' })).not.toBeInTheDocument();
    expect(screen.getByText('You’ve reached the end of this list.')).toBeInTheDocument();
  });

  it('saves the scroll position on a click, and on coming back loads the pages that were shown and scrolls there (SPEC §4)', async () => {
    const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    try {
      const first = renderWithSwr(<StoriesScreen {...listProps} />);
      await userEvent.click(screen.getByRole('button', { name: 'Load more stories' }));
      const story = await screen.findByRole('link', { name: 'Story number 22' });
      story.addEventListener('click', (event) => event.preventDefault());
      Object.assign(window, { scrollY: 3100 });
      await userEvent.click(story);
      expect(JSON.parse(window.localStorage.getItem(STORAGE.scrollPage)!)).toEqual({ path: listProps.currentHref, value: 2 });
      expect(JSON.parse(window.localStorage.getItem(STORAGE.scrollPosition)!)).toEqual({ path: listProps.currentHref, value: 3100 });
      first.unmount();

      pagesAsked.length = 0;
      renderWithSwr(<StoriesScreen {...listProps} />);
      expect(await screen.findByRole('link', { name: 'Story number 22' })).toBeInTheDocument();
      await waitFor(() => expect(scrollTo).toHaveBeenCalledWith({ top: 3100, left: 0, behavior: 'instant' }));
      expect(pagesAsked).toEqual(['1']);
      expect(window.localStorage.getItem(STORAGE.scrollPosition)).toBeNull();
    } finally {
      Object.assign(window, { scrollY: 0 });
      scrollTo.mockRestore();
    }
  });

  it('opens a story in the app from its plain link, one listener for the list, and fetches its page code on the way', async () => {
    router.push.mockClear();
    router.prefetch.mockClear();
    renderWithSwr(<StoriesScreen {...listProps} />);
    const link = screen.getAllByRole('link').find((element) => element.getAttribute('href')?.startsWith('/stories/') && element.closest('article'))!;
    await userEvent.hover(link);
    expect(router.prefetch).toHaveBeenCalledWith(link.getAttribute('href'));
    await userEvent.click(link);
    expect(router.push).toHaveBeenCalledWith(link.getAttribute('href'));
  });

  it('says when the next page fails and tries again on request', async () => {
    secondPage = 'fail';
    renderWithSwr(<StoriesScreen {...listProps} />);
    await userEvent.click(screen.getByRole('button', { name: 'Load more stories' }));
    expect(await screen.findByText('We couldn’t load more stories.')).toBeInTheDocument();
    secondPage = 'ok';
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Story number 21' })).toBeInTheDocument();
  });

  it('marks a favourite category, which then comes first among the categories', async () => {
    renderWithSwr(<StoriesScreen {...listProps} />);
    await userEvent.click(screen.getByText('Choose favourite categories'));
    const food = screen.getByRole('button', { name: 'Food & Cooking' });
    expect(food).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(food);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Food & Cooking' })).toHaveAttribute('aria-pressed', 'true'));
    const nav = screen.getByRole('navigation', { name: 'Story categories' });
    await waitFor(() => expect(within(nav).getAllByRole('link')[3]).toHaveTextContent('Favourite: Food & Cooking'));
  });

  it('shows an empty list plainly', () => {
    renderWithSwr(<StoriesScreen {...listProps} first={[]} nbPages={0} nbHits={0} />);
    expect(screen.getByText('There are no stories here yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more stories' })).not.toBeInTheDocument();
  });
});

const storyProps: StoryScreenProps = {
  story: {
    artid: 5,
    mid: 1,
    issid: 100,
    title: 'Ten quiet islands',
    subtitle: 'Where the ferries still run on time',
    magName: 'Wanderlust',
    issueName: 'November 2026',
    issueHref: '/magazine/1/100',
    categoryName: 'Travel',
    categoryHref: '/stories/category/travel/7',
    readTime: '4 mins',
    isNews: false,
    publishedOn: '1 November 2026',
    publishedIso: '2026-11-01T00:00:00.000Z',
    image: { src: '/media/stories/5/view/1.jpg', srcSet: '/media/stories/5/view/1.jpg 1x' },
    paragraphs: ['The ferry leaves at dawn.', 'By noon the island is quiet again.'],
    keywords: [{ label: 'islands', href: '/stories/category/islands/kw_islands' }],
    lang: 'en',
    originalLang: 'en',
    isPreview: false,
    href: '/stories/travel/wanderlust/100/ten-quiet-islands',
  },
  languages: [
    { code: 'en', label: 'English', href: '/stories/travel/wanderlust/100/ten-quiet-islands', current: true },
    { code: 'hi', label: 'हिन्दी (Hindi)', href: '/stories/travel/wanderlust/100/ten-quiet-islands?lang=hi', current: false },
  ],
  translation: { state: 'original' },
  related: [tile(9)],
  signInHref: '/login',
};

describe('StoryScreen', () => {
  it('shows the story with its magazine, issue, a link to read the issue, keyword chips and related stories', () => {
    renderWithTheme(<StoryScreen {...storyProps} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Ten quiet islands' })).toBeInTheDocument();
    const article = screen.getByRole('article', { name: 'Ten quiet islands' });
    expect(within(article).getByText('Wanderlust · November 2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Read the November 2026 issue of Wanderlust' })).toHaveAttribute('href', '/magazine/1/100');
    expect(screen.getByText('By noon the island is quiet again.')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Story keywords' })).getByRole('link', { name: 'islands' })).toHaveAttribute(
      'href',
      '/stories/category/islands/kw_islands',
    );
    expect(within(screen.getByRole('complementary', { name: 'Related stories' })).getByRole('link', { name: 'Story number 9' })).toBeInTheDocument();
    expect(screen.queryByText(/This is a preview/)).not.toBeInTheDocument();
  });

  it('offers the translation languages, the one shown marked, and says when a translation is shown', () => {
    renderWithTheme(<StoryScreen {...storyProps} translation={{ state: 'translated', languageName: 'Hindi' }} />);
    const languages = screen.getByRole('navigation', { name: 'Read in another language' });
    expect(within(languages).getByRole('link', { name: 'English' })).toHaveAttribute('aria-current', 'page');
    expect(within(languages).getByRole('link', { name: 'हिन्दी (Hindi)' })).toHaveAttribute('href', expect.stringContaining('?lang=hi'));
    expect(screen.getByRole('status')).toHaveTextContent('Translated into Hindi. Read the original');
  });

  it('keeps the original text with a short notice when no translation could be had', () => {
    renderWithTheme(<StoryScreen {...storyProps} translation={{ state: 'unavailable', languageName: 'Tamil' }} />);
    expect(screen.getByRole('status')).toHaveTextContent('This story isn’t available in Tamil right now, so it is shown in its original language.');
    expect(screen.getByText('The ferry leaves at dawn.')).toBeInTheDocument();
  });

  it('shows the preview (a session that may not read the whole text) with a sign-in prompt and no language switcher', () => {
    renderWithTheme(<StoryScreen {...storyProps} story={{ ...storyProps.story, isPreview: true, paragraphs: ['The ferry leaves at dawn.'] }} languages={null} />);
    expect(screen.getByText(/This is a preview/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in to read the whole story' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('navigation', { name: 'Read in another language' })).not.toBeInTheDocument();
  });
});

describe('StoryScreen text settings (the reader text view’s, components/reader/text/settings.ts)', () => {
  afterEach(() => window.localStorage.clear());

  it('draws the story in the settings kept on this device, and keeps a change for the reader too', async () => {
    window.localStorage.setItem('reader-text-settings', JSON.stringify({ size: 28, spacing: 1.4, width: 66, theme: 'dark' }));
    renderWithTheme(<StoryScreen {...storyProps} />);
    const body = screen.getByText('The ferry leaves at dawn.').parentElement!;
    await waitFor(() => expect(body).toHaveAttribute('data-theme', 'dark'));
    expect(body).toHaveAttribute('data-size', '28');
    expect(body).toHaveAttribute('data-spacing', '1.4');
    expect(body).toHaveAttribute('data-width', '66');

    const toggle = screen.getByRole('button', { name: 'Aa Text settings' });
    expect(screen.queryByRole('group', { name: 'Text settings' })).not.toBeInTheDocument();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const settings = screen.getByRole('group', { name: 'Text settings' });
    expect(within(settings).getByRole('radio', { name: '28px' })).toBeChecked();
    await userEvent.click(within(settings).getByRole('radio', { name: 'Sepia' }));
    await userEvent.click(within(settings).getByRole('radio', { name: '18px' }));
    expect(body).toHaveAttribute('data-theme', 'sepia');
    expect(body).toHaveAttribute('data-size', '18');
    expect(JSON.parse(window.localStorage.getItem('reader-text-settings')!)).toEqual({ size: 18, spacing: 1.4, width: 66, theme: 'sepia' });
  });

  it('draws the defaults when nothing is kept, or what is kept is not one of the choices', async () => {
    window.localStorage.setItem('reader-text-settings', JSON.stringify({ size: 99, theme: 'neon' }));
    renderWithTheme(<StoryScreen {...storyProps} />);
    const body = screen.getByText('The ferry leaves at dawn.').parentElement!;
    await waitFor(() => expect(body).toHaveAttribute('data-size', '20'));
    expect(body).toHaveAttribute('data-theme', 'light');
  });
});

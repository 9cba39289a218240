import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TileGrid } from '@/components/catalogue/TileGrid';
import { LazyImage } from '@/components/ui/LazyImage';
import { STORAGE } from '@/lib/cookies';
import type { IssueTile } from '@/lib/wire';
import { fakeIntersectionObserver } from './observer';
import { renderWithTheme } from './render';

const router = { asPath: '/magazines/BS/en', push: jest.fn() };
jest.mock('next/router', () => ({ useRouter: () => router }));

function tiles(from: number, count: number): IssueTile[] {
  return Array.from({ length: count }, (_, i) => {
    const mid = from + i;
    return {
      name: `Title ${mid}`,
      editionId: 100_000 + mid,
      imageSrc: `/media/covers/${mid}/view/1.jpg`,
      imageSrcSet: `/media/covers/${mid}/view/1.jpg 1x, /media/covers/${mid}/view/2.jpg 2x, /media/covers/${mid}/view/3.jpg 3x`,
      showFloatingIcon: mid === 2,
      floatingImgSrc: mid === 2 ? '/icons/gold-1x.svg' : undefined,
      floatingImgAltText: mid === 2 ? 'Gold' : undefined,
      browserLinkUrl: `/magazine/${mid}`,
      appLinkUrl: `/magazine/${mid}/${100_000 + mid}`,
    };
  });
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const titles = () => screen.getAllByRole('link').filter((link) => /^\/magazine\//.test(link.getAttribute('href') ?? ''));

// A click on a title would make jsdom try to navigate; the page under test stays.
const stayOnPage = (event: MouseEvent) => event.preventDefault();
beforeEach(() => {
  window.localStorage.clear();
  router.asPath = '/magazines/BS/en';
  document.addEventListener('click', stayOnPage);
});
afterEach(() => document.removeEventListener('click', stayOnPage));

describe('LazyImage (SPEC §9 prefetch margin 200px)', () => {
  it('shows a placeholder in a box of the final size until the picture comes within 200px of the viewport', () => {
    const observer = fakeIntersectionObserver();
    try {
      renderWithTheme(<LazyImage src="/media/covers/1/view/1.jpg" srcSet="/media/covers/1/view/1.jpg 1x, /media/covers/1/view/2.jpg 2x" width={150} height={195} alt="Cover" />);
      const img = screen.getByRole('img', { name: 'Cover' });
      expect(img.getAttribute('src')).toMatch(/^data:image\/gif/);
      expect(img).not.toHaveAttribute('srcset');
      expect(img).toHaveAttribute('width', '150');
      expect(img).toHaveAttribute('height', '195');
      // The shape comes from a class, not a style attribute: the CSP allows no inline style.
      expect(img).not.toHaveAttribute('style');
      const rules = [...document.querySelectorAll('style')].map((tag) => tag.textContent).join('');
      expect([...img.classList].some((name) => rules.includes(`.${name}{aspect-ratio:150/195;}`))).toBe(true);
      expect(observer.optionsFor(img)).toEqual([{ rootMargin: '200px 0px' }]);

      observer.bringIntoView(img);
      expect(img).toHaveAttribute('src', '/media/covers/1/view/1.jpg');
      expect(img).toHaveAttribute('srcset', '/media/covers/1/view/1.jpg 1x, /media/covers/1/view/2.jpg 2x');
      expect(observer.optionsFor(img)).toEqual([]);
    } finally {
      observer.restore();
    }
  });

  it('loads a priority picture at once, eagerly and with high priority', () => {
    const observer = fakeIntersectionObserver();
    try {
      renderWithTheme(<LazyImage src="/a/view/1.jpg" width={150} height={195} alt="First" priority />);
      const img = screen.getByRole('img', { name: 'First' });
      expect(img).toHaveAttribute('src', '/a/view/1.jpg');
      expect(img).toHaveAttribute('loading', 'eager');
      expect(img).toHaveAttribute('fetchpriority', 'high');
    } finally {
      observer.restore();
    }
  });

  it('loads at once where there is no IntersectionObserver', () => {
    renderWithTheme(<LazyImage src="/b/view/1.jpg" width={150} height={195} alt="Old browser" />);
    expect(screen.getByRole('img', { name: 'Old browser' })).toHaveAttribute('src', '/b/view/1.jpg');
  });
});

describe('TileGrid (pages of 20 that load on scroll)', () => {
  it('lists the covers with their names, the gold badge, and a 1x/2x/3x srcSet', () => {
    renderWithTheme(<TileGrid label="Most Popular" first={{ items: tiles(1, 20), nbPages: 2 }} loadPage={jest.fn()} emptyText="None" />);
    const list = screen.getByRole('list', { name: 'Most Popular' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    const cover = screen.getByRole('img', { name: 'Title 1' });
    expect(cover.getAttribute('srcset')).toContain('/media/covers/1/view/3.jpg 3x');
    expect(screen.getByRole('img', { name: 'Gold' })).toHaveAttribute('src', '/icons/gold-1x.svg');
    expect(screen.getByText('Title 3', { selector: 'p' })).toBeInTheDocument();
  });

  it('loads the next page when its end comes within 200px of the viewport, showing placeholders meanwhile', async () => {
    const observer = fakeIntersectionObserver();
    try {
      const next = deferred<{ items: IssueTile[]; nbPages: number }>();
      const loadPage = jest.fn(() => next.promise);
      renderWithTheme(<TileGrid label="Most Popular" first={{ items: tiles(1, 20), nbPages: 2 }} loadPage={loadPage} emptyText="None" />);
      const sentinel = screen.getByRole('button', { name: 'Load more' }).parentElement!;
      expect(observer.optionsFor(sentinel)).toEqual([{ rootMargin: '200px 0px' }]);

      observer.bringIntoView(sentinel);
      // The placeholders show at once; the page is asked for once the paging code is in (it loads on demand).
      expect(screen.getByRole('status')).toHaveTextContent('Loading more titles…');
      expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
      await waitFor(() => expect(loadPage).toHaveBeenCalledWith(2));
      expect(screen.getByRole('status')).toHaveTextContent('Loading more titles…');

      await act(async () => next.resolve({ items: tiles(21, 5), nbPages: 2 }));
      expect(titles()).toHaveLength(25);
      expect(screen.getByRole('status')).toHaveTextContent('Showing 25 titles');
      // The last page is in: nothing more to load.
      expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
      expect(loadPage).toHaveBeenCalledTimes(1);
    } finally {
      observer.restore();
    }
  });

  it("offers a 'Load more' button that works from the keyboard (and without IntersectionObserver)", async () => {
    const loadPage = jest.fn(async (page: number) => ({ items: tiles(page * 100, 20), nbPages: 3 }));
    // No IntersectionObserver here: nothing loads by itself, the button loads each page.
    renderWithTheme(<TileGrid label="Travel" first={{ items: tiles(1, 20), nbPages: 3 }} loadPage={loadPage} emptyText="None" />);
    expect(loadPage).not.toHaveBeenCalled();
    const button = screen.getByRole('button', { name: 'Load more' });
    button.focus();
    expect(button).toHaveFocus();
    await act(async () => fireEvent.click(button));
    await waitFor(() => expect(titles()).toHaveLength(40));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Load more' })));
    await waitFor(() => expect(titles()).toHaveLength(60));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(loadPage.mock.calls.map(([page]) => page)).toEqual([2, 3]);
  });

  it('says when a page fails and lets the person try again', async () => {
    const observer = fakeIntersectionObserver();
    try {
      const loadPage = jest.fn().mockRejectedValueOnce(new Error('Network Error')).mockResolvedValueOnce({ items: tiles(21, 3), nbPages: 2 });
      renderWithTheme(<TileGrid label="Travel" first={{ items: tiles(1, 20), nbPages: 2 }} loadPage={loadPage} emptyText="None" />);
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Load more' })));
      expect(await screen.findByRole('alert')).toHaveTextContent('We couldn’t load more titles. Please try again.');
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
      await waitFor(() => expect(titles()).toHaveLength(23));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    } finally {
      observer.restore();
    }
  });

  it('shows the empty text when there is nothing to list', () => {
    renderWithTheme(<TileGrid label="Travel" first={{ items: [], nbPages: 0 }} loadPage={jest.fn()} emptyText="No titles in Travel for your library yet." />);
    expect(screen.getByText('No titles in Travel for your library yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});

describe('scroll restore (SPEC §4 scrollPage, scrollPosition)', () => {
  it('saves the pages loaded and the scroll position for this path when a title is clicked', () => {
    const observer = fakeIntersectionObserver();
    try {
      renderWithTheme(<TileGrid label="Most Popular" first={{ items: tiles(1, 20), nbPages: 3 }} loadPage={jest.fn()} emptyText="None" />);
      window.scrollY = 1840;
      fireEvent.click(screen.getByRole('link', { name: 'Title 7' }));
      expect(JSON.parse(window.localStorage.getItem(STORAGE.scrollPage)!)).toEqual({ path: '/magazines/BS/en', value: 1 });
      expect(JSON.parse(window.localStorage.getItem(STORAGE.scrollPosition)!)).toEqual({ path: '/magazines/BS/en', value: 1840 });
    } finally {
      observer.restore();
      window.scrollY = 0;
    }
  });

  it('on coming back to the same path, loads the saved pages again, scrolls there, and forgets the position', async () => {
    const observer = fakeIntersectionObserver();
    const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    try {
      window.localStorage.setItem(STORAGE.scrollPage, JSON.stringify({ path: '/magazines/BS/en', value: 3 }));
      window.localStorage.setItem(STORAGE.scrollPosition, JSON.stringify({ path: '/magazines/BS/en', value: 2400 }));
      const loadPage = jest.fn(async (page: number) => ({ items: tiles(page * 100, 20), nbPages: 4 }));
      await act(async () => {
        renderWithTheme(<TileGrid label="Most Popular" first={{ items: tiles(1, 20), nbPages: 4 }} loadPage={loadPage} emptyText="None" />);
      });
      await waitFor(() => expect(scrollTo).toHaveBeenCalledWith({ top: 2400, left: 0, behavior: 'instant' }));
      expect(loadPage.mock.calls.map(([page]) => page)).toEqual([2, 3]);
      expect(titles()).toHaveLength(60);
      expect(window.localStorage.getItem(STORAGE.scrollPage)).toBeNull();
      expect(window.localStorage.getItem(STORAGE.scrollPosition)).toBeNull();
    } finally {
      scrollTo.mockRestore();
      observer.restore();
    }
  });

  it('ignores a position saved for another path', async () => {
    const observer = fakeIntersectionObserver();
    const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    try {
      window.localStorage.setItem(STORAGE.scrollPage, JSON.stringify({ path: '/magazines/7', value: 2 }));
      window.localStorage.setItem(STORAGE.scrollPosition, JSON.stringify({ path: '/magazines/7', value: 900 }));
      const loadPage = jest.fn();
      renderWithTheme(<TileGrid label="Most Popular" first={{ items: tiles(1, 20), nbPages: 4 }} loadPage={loadPage} emptyText="None" />);
      await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
      expect(loadPage).not.toHaveBeenCalled();
      expect(scrollTo).not.toHaveBeenCalled();
      expect(window.localStorage.getItem(STORAGE.scrollPage)).not.toBeNull();
    } finally {
      scrollTo.mockRestore();
      observer.restore();
    }
  });
});

import { useRouter } from 'next/router';
import { type RefObject, useEffect, useEffectEvent } from 'react';
import { STORAGE } from '@/lib/cookies';
import { pathOnly } from '@/lib/paths';
import { storage } from '@/lib/browser-storage';

interface Saved<T> {
  path: string;
  value: T;
}

function read<T>(key: string): Saved<T> | null {
  try {
    const raw = storage()?.getItem(key);
    return raw ? (JSON.parse(raw) as Saved<T>) : null;
  } catch {
    return null;
  }
}

/** SPEC §3/§4: scrollPage and scrollPosition, saved for the list's path when the person clicks in it. */
function saveScroll(path: string, pagesLoaded: number, position: number): void {
  const store = storage();
  if (!store) return;
  try {
    store.setItem(STORAGE.scrollPage, JSON.stringify({ path, value: pagesLoaded } satisfies Saved<number>));
    store.setItem(STORAGE.scrollPosition, JSON.stringify({ path, value: Math.round(position) } satisfies Saved<number>));
  } catch {
    // Storage full or refused: the list simply starts at the top next time.
  }
}

/** What was saved for this path (and forgets it: a position is restored once). */
function takeSavedScroll(path: string): { pages: number; position: number } | null {
  const page = read<number>(STORAGE.scrollPage);
  const position = read<number>(STORAGE.scrollPosition);
  if (!page || !position || page.path !== path || position.path !== path) return null;
  storage()?.removeItem(STORAGE.scrollPage);
  storage()?.removeItem(STORAGE.scrollPosition);
  const pages = Math.max(1, Math.floor(Number(page.value) || 1));
  return { pages, position: Math.max(0, Number(position.value) || 0) };
}

/** A list that can say how many pages it shows and load more of them; a list of one page loads nothing. */
export interface RestorableList {
  pagesLoaded: number;
  loadUntil(count: number): Promise<void>;
}

/** For a list that is all there on arrival (My Favorites): nothing to load before scrolling back. */
export const ONE_PAGE: RestorableList = { pagesLoaded: 1, loadUntil: () => Promise.resolve() };

/**
 * Saves the scroll position (and how many pages were loaded) when a link inside `containerRef` is clicked, and
 * when the person comes back to the same path loads those pages again and scrolls back to where they were.
 * `withQuery` keeps the query in the path compared (search results: the same words, the same tab).
 */
export function useScrollRestore(containerRef: RefObject<HTMLElement | null>, list: RestorableList, options: { withQuery?: boolean } = {}): void {
  const router = useRouter();
  const path = options.withQuery ? router.asPath.split('#', 1)[0] : pathOnly(router.asPath);

  const onClick = useEffectEvent((event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (target) saveScroll(path, list.pagesLoaded, window.scrollY);
  });

  const restore = useEffectEvent(async () => {
    const saved = takeSavedScroll(path);
    if (!saved) return;
    await list.loadUntil(saved.pages);
    // After the router's own scroll to the top, and once the loaded pages have rendered: a list's loader may resolve
    // before React has drawn what it loaded, and a scroll past the page's end would stop short. Waits 3 s at most.
    const deadline = performance.now() + 3_000;
    const scrollBack = () => {
      const reachable = document.documentElement.scrollHeight - window.innerHeight >= saved.position;
      if (!reachable && performance.now() < deadline) {
        window.requestAnimationFrame(scrollBack);
        return;
      }
      window.scrollTo({ top: saved.position, left: 0, behavior: 'instant' });
    };
    window.requestAnimationFrame(() => window.setTimeout(scrollBack, 0));
  });

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const listener = (event: MouseEvent) => onClick(event);
    container.addEventListener('click', listener);
    return () => container.removeEventListener('click', listener);
  }, [containerRef]);

  useEffect(() => {
    void restore();
  }, [path]);
}

import { type RefObject, useEffect } from 'react';
import { PREFETCH_MARGIN_PX } from '@/lib/constants';

/** Pictures waiting to load: a placeholder `src`, the real address in `data-src` (and `data-srcset`). */
const WAITING = 'img[data-src]';

/** Gives a waiting picture its real addresses. */
function loadPicture(picture: HTMLImageElement): void {
  const { src, srcset } = picture.dataset;
  if (!src) return;
  if (srcset) picture.srcset = srcset;
  picture.src = src;
  picture.removeAttribute('data-src');
  picture.removeAttribute('data-srcset');
}

/**
 * Loads each waiting picture inside a container when it comes within the 200px prefetch margin of the viewport
 * (SPEC §9), with one IntersectionObserver for the whole container, including pictures added later (a next page of
 * covers, a slider's new cards): the cards' pictures are written as text (components/ui/card-markup.ts), so they
 * have no component of their own to watch them. Without IntersectionObserver every picture loads at once.
 */
export function useLazyPictures(containerRef: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const supported = typeof IntersectionObserver !== 'undefined';
    const observer = supported
      ? new IntersectionObserver(
          (entries) => {
            for (const entry of entries) {
              if (!entry.isIntersecting) continue;
              observer?.unobserve(entry.target);
              loadPicture(entry.target as HTMLImageElement);
            }
          },
          { rootMargin: `${PREFETCH_MARGIN_PX}px 0px` },
        )
      : null;
    const watch = (picture: HTMLImageElement) => (observer ? observer.observe(picture) : loadPicture(picture));
    const watchWithin = (root: Element) => {
      if (root.matches(WAITING)) watch(root as HTMLImageElement);
      root.querySelectorAll<HTMLImageElement>(WAITING).forEach(watch);
    };
    watchWithin(container);
    const additions = new MutationObserver((records) => {
      for (const record of records) {
        record.addedNodes.forEach((node) => {
          if (node instanceof Element) watchWithin(node);
        });
      }
    });
    additions.observe(container, { childList: true, subtree: true });
    return () => {
      additions.disconnect();
      observer?.disconnect();
    };
  }, [containerRef]);
}

import { useRouter } from 'next/router';
import { type RefObject, useEffect, useEffectEvent, useRef } from 'react';

/** The same-site path of a plain link click the app should handle itself, or null to leave it to the browser. */
function clientNavigationTarget(event: MouseEvent, container: Element): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement) || !container.contains(anchor)) return null;
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  const href = anchor.getAttribute('href') ?? '';
  if (!href.startsWith('/') || href.startsWith('//')) return null;
  return href;
}

/**
 * Client-side navigation for the plain links inside a container, the way next/link navigates, with one listener
 * for the whole container instead of a next/link per link: a page of covers and chips renders several times
 * faster on the server without one. The route's code is prefetched when the pointer or focus reaches a link.
 * The page frame (components/layout/Layout) is its one user: every screen's links are inside it.
 */
export function useDelegatedLinks(containerRef: RefObject<HTMLElement | null>): void {
  const router = useRouter();

  const onClick = useEffectEvent((event: MouseEvent) => {
    const container = containerRef.current;
    const href = container ? clientNavigationTarget(event, container) : null;
    if (!href) return;
    event.preventDefault();
    void router.push(href);
  });

  const prefetched = useRef(new Set<string>());
  const onApproach = useEffectEvent((event: Event) => {
    const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
    const href = anchor?.getAttribute('href');
    if (!href || !href.startsWith('/') || href.startsWith('//') || prefetched.current.has(href)) return;
    prefetched.current.add(href);
    void router.prefetch(href).catch(() => undefined);
  });

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const click = (event: MouseEvent) => onClick(event);
    const approach = (event: Event) => onApproach(event);
    container.addEventListener('click', click);
    container.addEventListener('mouseover', approach);
    container.addEventListener('focusin', approach);
    // On a touch screen the finger comes down a moment before the click.
    container.addEventListener('touchstart', approach, { passive: true });
    return () => {
      container.removeEventListener('click', click);
      container.removeEventListener('mouseover', approach);
      container.removeEventListener('focusin', approach);
      container.removeEventListener('touchstart', approach);
    };
  }, [containerRef]);
}

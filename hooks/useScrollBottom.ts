import { type RefObject, useEffect, useEffectEvent } from 'react';
import { SCROLL_BOTTOM_THRESHOLD_PX } from '@/lib/constants';

/** True when the scrollable area is within the threshold of its bottom. */
function nearBottom(el: { scrollTop: number; scrollHeight: number; clientHeight: number }, threshold = SCROLL_BOTTOM_THRESHOLD_PX): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight <= threshold;
}

/**
 * Calls `onBottom` when the element (or, without one, the page) is scrolled to within 100px of its bottom
 * (SPEC §9 scroll-to-bottom threshold).
 */
export function useScrollBottom(containerRef: RefObject<HTMLElement | null> | null, onBottom: () => void, enabled = true): void {
  const reached = useEffectEvent(onBottom);
  useEffect(() => {
    if (!enabled) return;
    const container = containerRef?.current ?? null;
    const target: HTMLElement | Window = container ?? window;
    const onScroll = () => {
      const el = container ?? document.scrollingElement ?? document.documentElement;
      if (nearBottom(el)) reached();
    };
    target.addEventListener('scroll', onScroll, { passive: true });
    return () => target.removeEventListener('scroll', onScroll);
  }, [containerRef, enabled]);
}

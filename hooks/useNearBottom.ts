import { useEffect, useRef } from 'react';
import { SCROLL_BOTTOM_THRESHOLD_PX } from '@/lib/constants';

/**
 * Calls `onNear` when the element it is given comes within the scroll-to-bottom threshold (SPEC §9, 100px) of the
 * viewport, for lists that load their next page on scroll.
 */
export function useNearBottom<T extends Element>(onNear: () => void, enabled: boolean) {
  const ref = useRef<T | null>(null);
  const callback = useRef(onNear);
  useEffect(() => {
    callback.current = onNear;
  });
  useEffect(() => {
    const target = ref.current;
    if (!enabled || !target || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { rootMargin: `0px 0px ${SCROLL_BOTTOM_THRESHOLD_PX}px 0px` },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [enabled]);
  return ref;
}

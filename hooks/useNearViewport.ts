import { type RefObject, useEffect, useEffectEvent, useState } from 'react';
import { PREFETCH_MARGIN_PX } from '@/lib/constants';

/**
 * Calls `onNear` whenever the element comes within `marginPx` of the viewport (SPEC §9: a 200px prefetch margin), or
 * of `root` when the element scrolls inside a container of its own (the margin only extends the observer's root).
 * `watchKey` re-observes when it changes: an element still in view after new content loads is reported again.
 * Without IntersectionObserver, `unsupported: 'near'` treats the element as near at once (a picture must still
 * arrive); 'ignore' leaves it to the caller's own fallback (a 'Load more' button).
 */
export function useOnNearViewport(
  ref: RefObject<Element | null>,
  onNear: () => void,
  options: { enabled?: boolean; marginPx?: number; watchKey?: unknown; unsupported?: 'near' | 'ignore'; root?: RefObject<Element | null> } = {},
): void {
  const { enabled = true, marginPx = PREFETCH_MARGIN_PX, watchKey, unsupported = 'ignore', root } = options;
  const handle = useEffectEvent(onNear);
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      if (unsupported === 'near') handle();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) handle();
      },
      { root: root?.current, rootMargin: `${marginPx}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, enabled, marginPx, watchKey, unsupported, root]);
}

/** True once the element has come within the prefetch margin of the viewport; it stays true. */
export function useNearViewport(ref: RefObject<Element | null>, enabled = true): boolean {
  const [near, setNear] = useState(!enabled);
  useOnNearViewport(ref, () => setNear(true), { enabled: enabled && !near, unsupported: 'near' });
  return near || !enabled;
}

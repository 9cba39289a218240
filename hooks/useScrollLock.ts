import { useEffect } from 'react';

// Several layers (sidebar, popup) may lock at once; the page unlocks when the last one lets go.
let lockCount = 0;
let saved: { overflow: string; paddingRight: string } | null = null;

/**
 * While `locked`, the page behind a modal does not scroll: `body` gets `overflow: hidden`, and the previous
 * inline value comes back on unlock or unmount. The scrollbar's width is padded back so the page does not jump.
 */
export function useScrollLock(locked: boolean): void {
  useEffect(() => {
    if (!locked) return;
    const { body, documentElement } = document;
    if (lockCount === 0) {
      saved = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
      const scrollbarWidth = window.innerWidth - documentElement.clientWidth;
      body.style.overflow = 'hidden';
      if (documentElement.clientWidth > 0 && scrollbarWidth > 0) {
        body.style.paddingRight = `${scrollbarWidth}px`;
      }
    }
    lockCount += 1;
    return () => {
      lockCount -= 1;
      if (lockCount === 0 && saved) {
        body.style.overflow = saved.overflow;
        body.style.paddingRight = saved.paddingRight;
        saved = null;
      }
    };
  }, [locked]);
}

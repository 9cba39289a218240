import { type RefObject, useEffect, useEffectEvent } from 'react';

type ElementRef = RefObject<HTMLElement | null>;

/**
 * Calls `onOutside` when the pointer goes down outside every element in `refs` (a dropdown and the button that
 * opens it, say). Listens on press rather than click so a drag that ends outside still counts as outside.
 */
export function useOutsideClick(
  refs: ElementRef | ReadonlyArray<ElementRef>,
  onOutside: (event: MouseEvent | TouchEvent) => void,
  enabled = true,
): void {
  const handlePress = useEffectEvent((event: MouseEvent | TouchEvent) => {
    const target = event.target;
    if (!(target instanceof Node)) return;
    const list: ReadonlyArray<ElementRef> = Array.isArray(refs) ? refs : [refs as ElementRef];
    if (list.some((ref) => ref.current?.contains(target))) return;
    onOutside(event);
  });

  useEffect(() => {
    if (!enabled) return;
    const listener = (event: MouseEvent | TouchEvent) => handlePress(event);
    document.addEventListener('mousedown', listener);
    document.addEventListener('touchstart', listener);
    return () => {
      document.removeEventListener('mousedown', listener);
      document.removeEventListener('touchstart', listener);
    };
  }, [enabled]);
}

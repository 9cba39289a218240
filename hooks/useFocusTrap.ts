import { type RefObject, useEffect, useEffectEvent } from 'react';

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'audio[controls]',
  'video[controls]',
  'summary',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]',
].join(',');

/** The elements inside `container` that Tab reaches, in order. */
function tabbableWithin(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => el.tabIndex >= 0 && !el.closest('[hidden], [inert], [aria-hidden="true"]'),
  );
}

export interface FocusTrapOptions {
  /** Focused on activation; by default the first tabbable element, or the container itself. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Return focus to whatever had it before activation (default true). */
  restoreFocus?: boolean;
  /** Escape pressed while this trap is the topmost one. */
  onEscape?: () => void;
}

// Only the most recently activated trap handles keys, so a popup over the sidebar does not fight it.
const trapStack: symbol[] = [];

/**
 * Keeps keyboard focus inside `containerRef` while `active`: moves focus in on activation, wraps Tab and
 * Shift+Tab at the ends, reports Escape, and gives focus back to the element that had it when deactivated.
 * The container should have `tabIndex={-1}` so it can hold focus when it has nothing tabbable.
 */
export function useFocusTrap(
  containerRef: RefObject<HTMLElement | null>,
  active: boolean,
  { initialFocusRef, restoreFocus = true, onEscape }: FocusTrapOptions = {},
): void {
  const escape = useEffectEvent(() => onEscape?.());
  const focusInitial = useEffectEvent((container: HTMLElement) => {
    const target = initialFocusRef?.current ?? tabbableWithin(container)[0] ?? container;
    target.focus();
  });
  const shouldRestore = useEffectEvent(() => restoreFocus);

  useEffect(() => {
    if (!active) return;
    const container = containerRef.current;
    if (!container) return;

    const id = Symbol('focus-trap');
    trapStack.push(id);
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    focusInitial(container);

    const onKeyDown = (event: KeyboardEvent) => {
      if (trapStack[trapStack.length - 1] !== id) return;
      if (event.key === 'Escape') {
        escape();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = tabbableWithin(container);
      if (items.length === 0) {
        event.preventDefault();
        container.focus();
        return;
      }
      const first = items[0];
      const last = items[items.length - 1];
      const current = document.activeElement;
      const outside = !(current instanceof Node) || !container.contains(current);
      if (event.shiftKey) {
        if (outside || current === first || current === container) {
          event.preventDefault();
          last.focus();
        }
      } else if (outside || current === last) {
        event.preventDefault();
        first.focus();
      }
    };

    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      const index = trapStack.indexOf(id);
      if (index !== -1) trapStack.splice(index, 1);
      if (shouldRestore() && previouslyFocused?.isConnected) previouslyFocused.focus();
    };
  }, [active, containerRef]);
}

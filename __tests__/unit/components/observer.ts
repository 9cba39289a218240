import { act } from '@testing-library/react';

interface Observed {
  callback: IntersectionObserverCallback;
  options: IntersectionObserverInit | undefined;
  elements: Set<Element>;
  observer: IntersectionObserver;
}

/**
 * A stand-in IntersectionObserver (jsdom has none) that records what is observed with which options, and lets a
 * test say when an element comes into view.
 */
export function fakeIntersectionObserver() {
  const observed: Observed[] = [];
  class FakeObserver {
    readonly root = null;
    readonly rootMargin: string;
    readonly thresholds = [0];
    private readonly entry: Observed;
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.rootMargin = options?.rootMargin ?? '0px';
      this.entry = { callback, options, elements: new Set(), observer: this as unknown as IntersectionObserver };
      observed.push(this.entry);
    }
    observe(element: Element) {
      this.entry.elements.add(element);
    }
    unobserve(element: Element) {
      this.entry.elements.delete(element);
    }
    disconnect() {
      this.entry.elements.clear();
    }
    takeRecords() {
      return [];
    }
  }
  const original = (window as { IntersectionObserver?: unknown }).IntersectionObserver;
  (window as { IntersectionObserver?: unknown }).IntersectionObserver = FakeObserver;
  return {
    /** The options of observers currently watching `element`. */
    optionsFor(element: Element) {
      return observed.filter((o) => o.elements.has(element)).map((o) => o.options);
    },
    /** Reports `element` as within the margin to every observer watching it. */
    bringIntoView(element: Element) {
      act(() => {
        for (const o of observed.filter((candidate) => candidate.elements.has(element))) {
          o.callback([{ target: element, isIntersecting: true } as IntersectionObserverEntry], o.observer);
        }
      });
    },
    restore() {
      (window as { IntersectionObserver?: unknown }).IntersectionObserver = original;
    },
  };
}

/**
 * Records an interface event for the library's analytics: pushed onto `window.dataLayer`, where a tag manager, if
 * the site has one, picks it up. Without one nothing leaves the browser.
 */
export function recordEvent(name: string, detail: Record<string, unknown> = {}): void {
  if (typeof window === 'undefined') return;
  const target = window as Window & { dataLayer?: unknown[] };
  target.dataLayer ??= [];
  target.dataLayer.push({ event: name, ...detail });
}

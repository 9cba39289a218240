import { excludedCategoryNames, hiddenCategoryIds } from '@/lib/visibility';
import type { Viewer } from '../viewer';

/**
 * How long story reads that are the same for every reader with the same rules (lists, a story, related stories)
 * are kept in memory. Stories change only when content is imported, so a short time costs nothing a reader would
 * notice and spares the database the same query over and over. CONTENT_CACHE_SECONDS sets it; by default 30 s in
 * production and nothing in development and tests, where data changes under the reader's eyes.
 */
export function contentCacheMs(): number {
  const raw = process.env.CONTENT_CACHE_SECONDS;
  const seconds = raw !== undefined && raw.trim() !== '' ? Number(raw) : process.env.NODE_ENV === 'production' ? 30 : 0;
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0;
}

/** The part of a viewer that decides what they may see: two viewers with the same key see the same stories. */
export function visibilityKey(viewer: Viewer, ageRating: number | null): string {
  const excluded = excludedCategoryNames(viewer.flags?.excludeCat)
    .map((name) => name.toLowerCase())
    .sort();
  // A library with a chosen collection sees its own titles only: its key is its own.
  const collection = viewer.collection === 'chosen' ? `|collection:${viewer.libraryId}` : '';
  return `${hiddenCategoryIds(viewer.flags).join(',')}|${excluded.join(',')}|${ageRating ?? '-'}${collection}`;
}

interface Entry<V> {
  expires: number;
  value: Promise<V>;
}

/**
 * A bounded time-to-live cache of promises: readers asking for the same thing at once share one query, and a
 * failed load is forgotten at once so the next reader tries again.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, Entry<V>>();

  /** `maxTtlMs` shortens the content cache time for things that change more often (a member's name, favourites). */
  constructor(
    private readonly maxEntries: number,
    private readonly maxTtlMs: number = Number.POSITIVE_INFINITY,
  ) {}

  get(key: string, load: () => Promise<V>, now: number = Date.now()): Promise<V> {
    const ttl = Math.min(contentCacheMs(), this.maxTtlMs);
    if (ttl === 0) return load();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    // A query builder is a thenable that runs again on every then: keep the one real promise of its answer.
    const value = Promise.resolve(load());
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      // Maps keep insertion order: the first key is the oldest.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { expires: now + ttl, value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  clear(): void {
    this.entries.clear();
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}

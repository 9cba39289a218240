/**
 * The one cache module. Every read kept in memory is an entry of a named cache (declared in memory.ts, with a size
 * bound) kept for the one time-to-live (CACHE_SECONDS); the code that writes drops what it changed with `invalidate`,
 * and the notice goes to every other instance of the site on the same database (server/cache/bus.ts). State is process-wide
 * (server/process-wide.ts): the API routes and the pages are bundled apart and must see one memory.
 */
import { busKeepsEntries, publish } from './bus';
import { cacheTtlMs, dropLocally, storeOf, type CacheName, type Drop } from './memory';
import type { BoundedStore } from './store';

export { CACHES, cacheTtlMs, type CacheName } from './memory';

export interface NamedCache<V> {
  /**
   * The value under `key`, or what `load` resolves to, kept for the one time-to-live. Concurrent callers share one
   * load; a failed load is not kept.
   */
  get(key: string, load: () => PromiseLike<V>): Promise<V>;
}

/**
 * The value under `key` in the cache `name`, or what `load` resolves to, kept for the one time-to-live. Concurrent
 * callers share one load; a failed load is not kept. For a cache whose entries have one type, namedCache reads better.
 */
export function cached<T>(name: CacheName, key: string, load: () => PromiseLike<T>): Promise<T> {
  const store = storeOf(name) as BoundedStore<T>;
  // While other instances' notices may be missed (the channel is starting or lost), only loads under way are shared.
  const keepMs = busKeepsEntries() ? cacheTtlMs() : 0;
  return store.get(key, load, keepMs, Date.now());
}

/** A named cache; both bundles asking for the same name get the same memory. */
export function namedCache<V>(name: CacheName): NamedCache<V> {
  return { get: (key, load) => cached(name, key, load) };
}

/**
 * Drops `key` of the cache `name` (every key when none is given), here and in every other instance of the site.
 * Call it after the write is committed. Never throws: a notice that cannot be sent is logged.
 */
export function invalidate(name: CacheName, key?: string | number): Promise<void> {
  return invalidateMany([{ name, key: key === undefined ? undefined : String(key) }]);
}

/** Several drops in one notice. */
export async function invalidateMany(drops: ReadonlyArray<{ name: CacheName; key?: string }>): Promise<void> {
  dropLocally(drops);
  await publish(drops);
}

/** Drops everything, here and elsewhere (the seed, which rewrites the whole database). */
export async function invalidateAll(): Promise<void> {
  const drops: Drop[] = [{ name: '*' }];
  dropLocally(drops);
  await publish(drops);
}

export { startCacheBus, stopCacheBus, cacheBusState } from './bus';

/**
 * A small in-process cache for reads that many requests share (library rows, catalogue listings).
 * Entries live for a few seconds, so a change shows up quickly without a way to invalidate; under tests
 * (NODE_ENV=test) nothing is kept, so each test sees its own writes.
 */

interface Entry {
  expires: number;
  value: Promise<unknown>;
}

const MAX_ENTRIES = 5_000;
const store = new Map<string, Entry>();

/** CATALOGUE_CACHE_SECONDS, else 30 s; nothing is kept under tests unless that variable asks for it. */
function configuredTtlMs(): number | null {
  const configured = process.env.CATALOGUE_CACHE_SECONDS;
  if (configured !== undefined && configured !== '') return Math.max(0, Number(configured) || 0) * 1000;
  return process.env.NODE_ENV === 'test' ? 0 : null;
}

/** Drops expired entries, then the oldest, so the map never grows past MAX_ENTRIES. */
function prune(now: number): void {
  for (const [key, entry] of store) if (entry.expires <= now) store.delete(key);
  while (store.size >= MAX_ENTRIES) {
    const oldest = store.keys().next().value;
    if (oldest === undefined) break;
    store.delete(oldest);
  }
}

/**
 * The value cached under `key`, or what `load` resolves to, kept for `ttlMs` (30 s unless given; CATALOGUE_CACHE_SECONDS
 * overrides both). Concurrent callers share one load; a failed load is not kept.
 */
export function cached<T>(key: string, load: () => Promise<T>, ttlMs = 30_000): Promise<T> {
  ttlMs = configuredTtlMs() ?? ttlMs;
  if (ttlMs <= 0) return load();
  const now = Date.now();
  const hit = store.get(key);
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  if (store.size >= MAX_ENTRIES) prune(now);
  const value = load();
  store.set(key, { expires: now + ttlMs, value });
  value.catch(() => {
    if (store.get(key)?.value === value) store.delete(key);
  });
  return value;
}

/** Forgets everything (tests and the seed use it after writing). */
export function clearCache(): void {
  store.clear();
}

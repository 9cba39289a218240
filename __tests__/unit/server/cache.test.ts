/** @jest-environment node */
import { visibilityKey } from '@/server/catalogue/visibility';
import { cached, cacheTtlMs, invalidate, invalidateAll, namedCache } from '@/server/cache';
import { BoundedStore } from '@/server/cache/store';
import type { Viewer } from '@/server/context/viewer';

const viewer = (excludeCat: string, isNewspaper = 1): Viewer => ({ userId: 1, libraryId: 1, flags: { isNewspaper, isJournal: 1, excludeCat }, libraryAgeRate: 0, collection: 'all', base: '' });

const SETTINGS = ['CACHE_SECONDS', 'CONTENT_CACHE_SECONDS', 'CATALOGUE_CACHE_SECONDS', 'DATABASE_URL', 'REDIS_URL'] as const;

/** A load that resolves or fails when the test says, counting its calls. */
function controlledLoad<T>() {
  const pending: Array<{ resolve(value: T): void; reject(error: Error): void }> = [];
  const load = jest.fn(() => new Promise<T>((resolve, reject) => pending.push({ resolve, reject })));
  return { load, pending };
}

describe('the one cache module', () => {
  const saved = Object.fromEntries(SETTINGS.map((name) => [name, process.env[name]]));
  beforeEach(async () => {
    // No database and no Redis: invalidation stays in this process (no notice is sent).
    for (const name of SETTINGS) delete process.env[name];
    process.env.CACHE_SECONDS = '30';
    await invalidateAll();
  });
  afterEach(() => {
    jest.useRealTimers();
    for (const name of SETTINGS) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
  });

  it('takes its time-to-live from CACHE_SECONDS, the old names as aliases, and keeps nothing under tests by default', () => {
    expect(cacheTtlMs()).toBe(30_000);
    process.env.CACHE_SECONDS = '0';
    expect(cacheTtlMs()).toBe(0);
    delete process.env.CACHE_SECONDS;
    expect(cacheTtlMs()).toBe(0); // NODE_ENV=test
    process.env.CONTENT_CACHE_SECONDS = '5';
    expect(cacheTtlMs()).toBe(5_000);
    delete process.env.CONTENT_CACHE_SECONDS;
    process.env.CATALOGUE_CACHE_SECONDS = '7';
    expect(cacheTtlMs()).toBe(7_000);
    process.env.CACHE_SECONDS = '2';
    expect(cacheTtlMs()).toBe(2_000);
  });

  it('shares one load between concurrent callers and keeps its answer until the time-to-live ends', async () => {
    jest.useFakeTimers({ now: 1_000_000, doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    let loads = 0;
    const load = async () => (loads += 1);
    const members = namedCache<number>('member');
    expect(await Promise.all([members.get('7', load), members.get('7', load), members.get('7', load)])).toEqual([1, 1, 1]);
    jest.setSystemTime(1_000_000 + 29_999);
    expect(await members.get('7', load)).toBe(1);
    jest.setSystemTime(1_000_000 + 30_000);
    expect(await members.get('7', load)).toBe(2);
    expect(loads).toBe(2);
  });

  it('does not keep a failed load: callers waiting on it see the failure, the next caller loads again', async () => {
    const { load, pending } = controlledLoad<string>();
    const first = cached('library', '1', load);
    const second = cached('library', '1', load);
    await Promise.resolve();
    await Promise.resolve();
    expect(load).toHaveBeenCalledTimes(1);
    pending[0].reject(new Error('database down'));
    await expect(first).rejects.toThrow('database down');
    await expect(second).rejects.toThrow('database down');
    const third = cached('library', '1', load);
    await Promise.resolve();
    await Promise.resolve();
    expect(load).toHaveBeenCalledTimes(2);
    pending[1].resolve('row');
    expect(await third).toBe('row');
  });

  it('drops one key when it is invalidated by name and key, leaving the other keys', async () => {
    let version = 1;
    const load = async () => version;
    expect(await cached('member', '1', load)).toBe(1);
    expect(await cached('member', '2', load)).toBe(1);
    expect(await cached('library', '1', load)).toBe(1);
    version = 2;
    await invalidate('member', 1);
    expect(await cached('member', '1', load)).toBe(2);
    expect(await cached('member', '2', load)).toBe(1);
    expect(await cached('library', '1', load)).toBe(1);
  });

  it('drops every key of a cache invalidated by name only, and no other cache', async () => {
    let version = 1;
    const load = async () => version;
    for (const key of ['a', 'b', 'c']) await cached('catalogue', key, load);
    await cached('stories', 'a', load);
    version = 2;
    await invalidate('catalogue');
    expect(await Promise.all(['a', 'b', 'c'].map((key) => cached('catalogue', key, load)))).toEqual([2, 2, 2]);
    expect(await cached('stories', 'a', load)).toBe(1);
  });

  it('never keeps the answer of a load that was under way when its key was invalidated', async () => {
    const { load, pending } = controlledLoad<string>();
    const before = cached('token-revoked', 'jti-1', load);
    await Promise.resolve();
    await Promise.resolve();
    await invalidate('token-revoked', 'jti-1');
    pending[0].resolve('not revoked (read before the write)');
    expect(await before).toBe('not revoked (read before the write)');
    const after = cached('token-revoked', 'jti-1', load);
    await Promise.resolve();
    await Promise.resolve();
    expect(load).toHaveBeenCalledTimes(2);
    pending[1].resolve('revoked');
    expect(await after).toBe('revoked');
  });

  it('with caching off keeps nothing, yet callers arriving during a load still share it', async () => {
    process.env.CACHE_SECONDS = '0';
    const { load, pending } = controlledLoad<number>();
    const together = [cached('page-images', 'f', load), cached('page-images', 'f', load)];
    await Promise.resolve();
    await Promise.resolve();
    expect(load).toHaveBeenCalledTimes(1);
    pending[0].resolve(1);
    expect(await Promise.all(together)).toEqual([1, 1]);
    const later = cached('page-images', 'f', load);
    await Promise.resolve();
    await Promise.resolve();
    expect(load).toHaveBeenCalledTimes(2);
    pending[1].resolve(2);
    expect(await later).toBe(2);
  });

  it('stops answering from what it kept as soon as caching is turned off', async () => {
    let loads = 0;
    const load = async () => (loads += 1);
    expect(await cached('translation-languages', 'all', load)).toBe(1);
    expect(await cached('translation-languages', 'all', load)).toBe(1);
    process.env.CACHE_SECONDS = '0';
    expect(await cached('translation-languages', 'all', load)).toBe(2);
  });

  it('is bounded: a new key past the bound pushes out the oldest', async () => {
    const store = new BoundedStore<number>(2);
    let loads = 0;
    const load = async () => (loads += 1);
    await store.get('a', load, 30_000, 0);
    await store.get('b', load, 30_000, 0);
    await store.get('c', load, 30_000, 0);
    expect(store.size).toBe(2);
    expect(await store.get('b', load, 30_000, 1)).toBe(2);
    expect(await store.get('c', load, 30_000, 1)).toBe(3);
    expect(await store.get('a', load, 30_000, 1)).toBe(4);
    expect(store.size).toBe(2);
  });

  it('bounds a named cache by its declared size (sign-in ways: one entry)', async () => {
    let loads = 0;
    const load = async () => (loads += 1);
    await cached('sign-in-ways', 'x', load);
    await cached('sign-in-ways', 'y', load);
    expect(await cached('sign-in-ways', 'x', load)).toBe(3);
  });

  it('keys story readers by what decides what they may see, not by who they are', () => {
    expect(visibilityKey(viewer('Fashion, Beauty'), 4)).toBe(visibilityKey({ ...viewer('beauty,fashion'), userId: 2, libraryId: 9 }, 4));
    expect(visibilityKey(viewer('0'), 4)).not.toBe(visibilityKey(viewer('0'), null));
    expect(visibilityKey(viewer('0'), null)).not.toBe(visibilityKey(viewer('0', 0), null));
  });
});

import { contentCacheMs, TtlCache, visibilityKey } from '@/server/article/cache';
import type { Viewer } from '@/server/viewer';

const viewer = (excludeCat: string, isNewspaper = 1): Viewer => ({ userId: 1, libraryId: 1, flags: { isNewspaper, isJournal: 1, excludeCat }, libraryAgeRate: 0, collection: 'all' });

describe('the content cache of story reads', () => {
  const saved = process.env.CONTENT_CACHE_SECONDS;
  afterEach(() => {
    if (saved === undefined) delete process.env.CONTENT_CACHE_SECONDS;
    else process.env.CONTENT_CACHE_SECONDS = saved;
  });

  it('is off outside production unless CONTENT_CACHE_SECONDS sets it', () => {
    delete process.env.CONTENT_CACHE_SECONDS;
    expect(contentCacheMs()).toBe(0);
    process.env.CONTENT_CACHE_SECONDS = '5';
    expect(contentCacheMs()).toBe(5000);
  });

  it('shares one load between readers with the same rules until it expires, and forgets failures', async () => {
    process.env.CONTENT_CACHE_SECONDS = '30';
    const cache = new TtlCache<number>(2);
    let loads = 0;
    const load = async () => (loads += 1);
    expect(await Promise.all([cache.get('a', load, 0), cache.get('a', load, 10)])).toEqual([1, 1]);
    expect(await cache.get('a', load, 30_001)).toBe(2);
    await expect(cache.get('b', () => Promise.reject(new Error('down')), 0)).rejects.toThrow('down');
    expect(await cache.get('b', load, 1)).toBe(3);
    // Bounded: a third key pushes out the oldest.
    await cache.get('c', load, 2);
    expect(cache.size).toBe(2);
  });

  it('keys readers by what decides what they may see, not by who they are', () => {
    expect(visibilityKey(viewer('Fashion, Beauty'), 4)).toBe(visibilityKey({ ...viewer('beauty,fashion'), userId: 2, libraryId: 9 }, 4));
    expect(visibilityKey(viewer('0'), 4)).not.toBe(visibilityKey(viewer('0'), null));
    expect(visibilityKey(viewer('0'), null)).not.toBe(visibilityKey(viewer('0', 0), null));
  });
});

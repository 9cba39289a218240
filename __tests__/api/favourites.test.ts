import { invalidate } from '@/server/cache';
import { renameTitle } from '@/server/catalogue/edits';
import { favourites as favouriteRows } from '@/server/db/schema';
import { cachedFavouriteMagazines } from '@/server/user/queries';
import { viewerOfLibrary } from '@/server/context/viewer';
import { call, startTestApp, type TestApp } from './helpers/app';
import { addMembership, createCategory, createLibrary, createMagazine, createUser, inDays, tokenFor } from './helpers/factories';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

async function setUp(libraryValues: Parameters<typeof createLibrary>[1] = {}) {
  const library = await createLibrary(app.db, libraryValues);
  const user = await createUser(app.db);
  await addMembership(app.db, user.id, library.id, inDays(30));
  return { library, user, token: await tokenFor(user, library.id, inDays(30)) };
}

const favourites = async (token: string, uid: number) => {
  const res = await call<{ status: string; msg: Array<{ mid: { values: number[] } }> }>(app, '/api/user/getMyFav', { token, body: { uid, os: 'web' } });
  return res.body.msg[0].mid.values;
};

describe('favourites (SPEC §7 getMyFav, addmy_fav, deletemy_fav)', () => {
  it('adds and removes magazines; getMyFav answers msg[0].mid.values, newest first', async () => {
    const { user, token } = await setUp();
    const category = await createCategory(app.db);
    const a = (await createMagazine(app.db, { categoryId: category.id })).magazine;
    const b = (await createMagazine(app.db, { categoryId: category.id })).magazine;
    const empty = await call(app, '/api/user/getMyFav', { token, body: { uid: user.id, os: 'web' } });
    expect(empty.body).toEqual({ status: 'success', msg: [{ mid: { values: [] } }] });
    const added = await call(app, '/api/user/addmy_fav', { token, body: { uid: user.id, mid: a.id, os: 'web' } });
    expect(added.body).toEqual({ status: 'success', message: 'Added to your favourites' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await call(app, '/api/user/addmy_fav', { token, body: { uid: user.id, mid: b.id, os: 'web' } });
    // Adding twice changes nothing.
    expect((await call(app, '/api/user/addmy_fav', { token, body: { uid: user.id, mid: b.id, os: 'web' } })).body.status).toBe('success');
    expect(await favourites(token, user.id)).toEqual([b.id, a.id]);
    const removed = await call(app, '/api/user/deletemy_fav', { token, body: { uid: user.id, mid: b.id, os: 'web' } });
    expect(removed.body).toEqual({ status: 'success', message: 'Removed from your favourites' });
    expect(await favourites(token, user.id)).toEqual([a.id]);
  });

  it('keeps a member’s favourites to what their library lets them see', async () => {
    const hiddenCategory = await createCategory(app.db, { name: 'Fashion Test' });
    const { user, token } = await setUp({ excludeCat: 'Fashion Test', ageRate: 4 });
    const hidden = (await createMagazine(app.db, { categoryId: hiddenCategory.id })).magazine;
    const open = await createCategory(app.db);
    const tooOld = (await createMagazine(app.db, { categoryId: open.id, ageRating: 7 })).magazine;
    const fine = (await createMagazine(app.db, { categoryId: open.id, ageRating: 3 })).magazine;
    for (const magazine of [hidden, tooOld]) {
      const res = await call(app, '/api/user/addmy_fav', { token, body: { uid: user.id, mid: magazine.id } });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ message: 'Magazine not found', field: 'mid' });
    }
    await call(app, '/api/user/addmy_fav', { token, body: { uid: user.id, mid: fine.id } });
    expect(await favourites(token, user.id)).toEqual([fine.id]);
    expect((await call(app, '/api/user/addmy_fav', { token, body: { uid: user.id, mid: 987_654_321 } })).status).toBe(404);
  });

  it('never removes another member’s favourite (403 naming uid; their list is unchanged)', async () => {
    const victim = await setUp();
    const { token } = await setUp();
    const category = await createCategory(app.db);
    const mag = (await createMagazine(app.db, { categoryId: category.id })).magazine;
    await call(app, '/api/user/addmy_fav', { token: victim.token, body: { uid: victim.user.id, mid: mag.id } });
    const attempt = await call(app, '/api/user/deletemy_fav', { token, body: { uid: victim.user.id, mid: mag.id } });
    expect(attempt.body).toMatchObject({ status: 403, field: 'uid' });
    expect(await favourites(victim.token, victim.user.id)).toEqual([mag.id]);
  });

  it('refuses another member’s uid (403), no session (401) and a malformed mid (400 naming it)', async () => {
    const { user, token } = await setUp();
    expect((await call(app, '/api/user/getMyFav', { token, body: { uid: user.id + 1 } })).status).toBe(403);
    expect((await call(app, '/api/user/addmy_fav', { token, body: { uid: user.id + 1, mid: 1 } })).body).toMatchObject({ status: 403, field: 'uid' });
    expect((await call(app, '/api/user/getMyFav', { body: { uid: user.id } })).status).toBe(401);
    expect((await call(app, '/api/user/deletemy_fav', { token, body: { uid: user.id, mid: 'abc' } })).body).toMatchObject({ status: 400, field: 'mid' });
    expect((await call(app, '/api/user/addmy_fav', { token, body: { uid: user.id } })).body).toMatchObject({ status: 400, field: 'mid' });
    const get = await call(app, '/api/user/getMyFav');
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });
});

describe('My Favorites’ list in the one cache (favourites)', () => {
  beforeEach(() => {
    process.env.CACHE_SECONDS = '30';
  });
  afterEach(async () => {
    delete process.env.CACHE_SECONDS;
    await invalidate('favourites');
  });

  it('is kept per member and dropped when they add or remove one, when titles change, and never given under other rules', async () => {
    const { library, user, token } = await setUp();
    const category = await createCategory(app.db, { name: 'Cached Test' });
    const a = (await createMagazine(app.db, { categoryId: category.id })).magazine;
    const b = (await createMagazine(app.db, { categoryId: category.id })).magazine;
    const viewer = viewerOfLibrary(library, user.id);
    const shown = async (as = viewer) => (await cachedFavouriteMagazines(as, user.id)).map((hit) => [hit.mid, hit.magName]);

    await call(app, '/api/user/addmy_fav', { token, body: { uid: user.id, mid: a.id } });
    expect(await shown()).toEqual([[a.id, a.name]]);
    // Kept: a row written behind the site's back is not read again while the entry lives.
    await app.db.insert(favouriteRows).values({ userId: user.id, magazineId: b.id });
    expect(await shown()).toEqual([[a.id, a.name]]);
    // The member's own changes drop it at once.
    await call(app, '/api/user/deletemy_fav', { token, body: { uid: user.id, mid: a.id } });
    expect(await shown()).toEqual([[b.id, b.name]]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await call(app, '/api/user/addmy_fav', { token, body: { uid: user.id, mid: a.id } });
    expect(await shown()).toEqual([
      [a.id, a.name],
      [b.id, b.name],
    ]);
    // A title renamed shows renamed.
    await renameTitle(b.id, 'Renamed While Kept');
    expect(await shown()).toEqual([
      [a.id, a.name],
      [b.id, 'Renamed While Kept'],
    ]);
    // Read under rules that hide the category: the kept list is not given.
    const hiding = viewerOfLibrary({ ...library, excludeCat: 'Cached Test' }, user.id);
    expect(await shown(hiding)).toEqual([]);
  });
});

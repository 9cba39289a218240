import { call, startTestApp, type TestApp } from './helpers/app';
import { addMembership, createCategory, createLibrary, createMagazine, createStory, createUser, ensureLanguage, inDays, tokenFor } from './helpers/factories';

let app: TestApp;
let everything: string; // token of a member whose library shows newspapers and journals
let school: string; // token of a member of a library that hides Fashion, newspapers and journals, age 4
const ids = { travel: 0, fashion: 0 };

beforeAll(async () => {
  app = await startTestApp();
  await ensureLanguage(app.db, 'en', 'English');
  await ensureLanguage(app.db, 'hi', 'Hindi');
  const travel = await createCategory(app.db, { id: 21, name: 'Travel' });
  const fashion = await createCategory(app.db, { id: 22, name: 'Fashion' });
  await createCategory(app.db, { id: 52, name: 'Newspapers' });
  await createCategory(app.db, { id: 154, name: 'Journals' });
  await createCategory(app.db, { id: 127, name: 'Internal' });
  ids.travel = travel.id;
  ids.fashion = fashion.id;

  const open = await createLibrary(app.db, { isNewspaper: 1, isJournal: 1 });
  const strict = await createLibrary(app.db, { isNewspaper: 0, isJournal: 0, excludeCat: 'Fashion', ageRate: 4 });
  const a = await createUser(app.db);
  const b = await createUser(app.db);
  await addMembership(app.db, a.id, open.id, inDays(30));
  await addMembership(app.db, b.id, strict.id, inDays(30));
  everything = await tokenFor(a, open.id, inDays(30));
  school = await tokenFor(b, strict.id, inDays(30));

  const travelMag = await createMagazine(app.db, { id: 1, name: 'Wanderlust Weekly', categoryId: 21, ageRating: 3 }, ['BS']);
  await createMagazine(app.db, { id: 2, name: 'Runway Review', categoryId: 22, ageRating: 3 }, ['BS']);
  await createMagazine(app.db, { id: 3, name: 'Morning Ledger', categoryId: 52, ageRating: 3 }, ['BS']);
  await createMagazine(app.db, { id: 4, name: 'Journal of Soil Science', categoryId: 154, ageRating: 3 });
  await createMagazine(app.db, { id: 5, name: 'Hidden Title', categoryId: 127, ageRating: 1 }, ['BS']);
  await createMagazine(app.db, { id: 6, name: 'Late Night Travel', categoryId: 21, ageRating: 7 }, ['BS']);
  await createMagazine(app.db, { id: 7, name: 'Yatra', categoryId: 21, ageRating: 3, languageCode: 'hi', isGold: true });
  for (let i = 0; i < 25; i += 1) await createMagazine(app.db, { id: 100 + i, name: `Travel Extra ${i}`, categoryId: 21, ageRating: 2 });
  await createStory(app.db, { magazineId: 1, issueId: travelMag.issue.id, categoryId: 21, isCover: true, title: 'Ten quiet islands' });
  await createStory(app.db, { magazineId: 2, issueId: travelMag.issue.id, categoryId: 22, isCover: true, title: 'Autumn tailoring' });
  await createStory(app.db, { magazineId: 1, issueId: travelMag.issue.id, categoryId: 21, isCover: true, ageRating: 8, title: 'After dark in Berlin' });
});
afterAll(async () => {
  await app.close();
});

type Body = Record<string, unknown> & { data: Array<Record<string, unknown>> };

describe('getCategories (SPEC §5 visibility)', () => {
  it('never shows 127, and shows 52 and 154 to a member whose flags allow them', async () => {
    const res = await call<Body>(app, '/api/catalogue/getCategories?lang=en', { token: everything });
    const names = res.body.data.map((c) => c.category_id);
    expect(names).toEqual(expect.arrayContaining([21, 22, 52, 154]));
    expect(names).not.toContain(127);
    expect(res.body.data[0]).toEqual(expect.objectContaining({ category_id: 21, name: 'Travel', is_fav: 0, cat_slug: expect.any(String), image: expect.any(String) }));
  });

  it('hides 52, 154 and the library’s exclude_cat from a member whose library hides them', async () => {
    const res = await call<Body>(app, '/api/catalogue/getCategories?lang=en', { token: school });
    expect(res.body.data.map((c) => c.category_id)).toEqual([21]);
  });

  it('ignores a library id sent by a member: their own library’s rules apply', async () => {
    const open = await call<Body>(app, '/api/catalogue/getCategories?lang=en&libid=1', { token: school });
    expect(open.body.data.map((c) => c.category_id)).toEqual([21]);
  });

  it('shows an anonymous visitor no newspapers or journals', async () => {
    const res = await call<Body>(app, '/api/catalogue/getCategories');
    expect(res.body.data.map((c) => c.category_id)).toEqual([21, 22]);
  });
});

describe('magazine filter', () => {
  it('answers the top list with the latest issue of each title, excluding hidden categories and over-age titles by default', async () => {
    const res = await call<Body>(app, '/api/catalogue/magazine-filter?categoryID=BS&gold=1&storeID=1&page=1', { token: everything });
    expect(res.status).toBe(200);
    const mids = res.body.data.map((m) => m.mid);
    expect(mids).toEqual([1, 2, 3]);
    expect(res.body.data[0]).toEqual(
      expect.objectContaining({ mid: 1, magName: 'Wanderlust Weekly', issueName: 'November 2026', img: expect.stringMatching(/^covers\//), width: 200, height: 260, isGold: 0 }),
    );
  });

  it('applies the default age rate 5 when none is sent and no filter at 8 or above', async () => {
    const wide = await call<Body>(app, '/api/catalogue/magazine-filter?categoryID=BS&age_rate=8', { token: everything });
    expect(wide.body.data.map((m) => m.mid)).toEqual([1, 2, 3, 6]);
  });

  it('never widens past the library’s age rate, and hides excluded categories and newspapers', async () => {
    const res = await call<Body>(app, '/api/catalogue/magazine-filter?categoryID=BS&age_rate=9', { token: school });
    expect(res.body.data.map((m) => m.mid)).toEqual([1]);
  });

  it('hides a category the library excludes even when asked for by id', async () => {
    const res = await call<Body>(app, `/api/catalogue/magazine-filter?categoryID=${ids.fashion}`, { token: school });
    expect(res.body.data).toEqual([]);
    expect(res.body.total).toBe(0);
  });

  it('filters by language and pages in twenties', async () => {
    const hindi = await call<Body>(app, '/api/catalogue/magazine-filter?categoryID=21&lang=hi', { token: everything });
    expect(hindi.body.data.map((m) => m.mid)).toEqual([7]);
    expect(hindi.body.data[0].isGold).toBe(1);
    const first = await call<Body>(app, '/api/catalogue/magazine-filter?categoryID=21&page=1', { token: everything });
    const second = await call<Body>(app, '/api/catalogue/magazine-filter?categoryID=21&page=2', { token: everything });
    expect(first.body.data).toHaveLength(20);
    expect(first.body.total).toBe(27);
    expect(first.body.nbPages).toBe(2);
    expect(second.body.data).toHaveLength(7);
    const overlap = first.body.data.filter((m) => second.body.data.some((n) => n.mid === m.mid));
    expect(overlap).toEqual([]);
  });

  it('leaves gold titles out when gold=0', async () => {
    const res = await call<Body>(app, '/api/catalogue/magazine-filter?categoryID=21&lang=hi&gold=0', { token: everything });
    expect(res.body.data).toEqual([]);
  });

  it('answers 400 naming the field for a bad category, page or language', async () => {
    for (const [query, field] of [
      ['categoryID=DROP', 'categoryID'],
      ['categoryID=BS&page=-1', 'page'],
      ['categoryID=BS&lang=english!', 'lang'],
      ['', 'categoryID'],
    ]) {
      const res = await call(app, `/api/catalogue/magazine-filter?${query}`, { token: everything });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ status: 400, field });
    }
  });
});

describe('languages and stores', () => {
  it('answers the spec’s Language fields', async () => {
    const res = await call<Body>(app, '/api/catalogue/getLanguages');
    expect(res.body.data[0]).toEqual({ lang_code: 'en', _lang: 'English', lang: 'English', display_name: 'English', cc: 'IN', store_id: 1 });
  });
});

describe('cover stories (article service, section sec_60)', () => {
  it('answers Articles, page, nbPages and nbHits with the spec’s story fields, visible and in age', async () => {
    const res = await call<{ Articles: Array<Record<string, unknown>>; page: number; nbPages: number; nbHits: number }>(
      app,
      '/api/article/v1/article?storeID=1&section=sec_60&page=0&mlang=en&age_rating=7',
      { token: school },
    );
    expect(res.status).toBe(200);
    expect(res.body.page).toBe(0);
    expect(res.body.nbHits).toBe(1);
    expect(res.body.nbPages).toBe(1);
    const story = res.body.Articles[0];
    for (const field of ['artid', 'title', 'magname', 'issuename', 'time_read', 'canon_url', 'url', 'base_img', 'thumb', 'short_desc', 'shoppable']) {
      expect(story).toHaveProperty(field);
    }
    expect(story.title).toBe('Ten quiet islands');
  });

  it('shows over-age stories only when the rating allows', async () => {
    const res = await call<{ Articles: Array<{ title: string }> }>(app, '/api/article/v1/article?section=sec_60&page=0', { token: everything });
    expect(res.body.Articles.map((s) => s.title).sort()).toEqual(['After dark in Berlin', 'Autumn tailoring', 'Ten quiet islands']);
  });

  it('answers 400 for an unknown section', async () => {
    const res = await call(app, '/api/article/v1/article?section=nope');
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('section');
  });
});

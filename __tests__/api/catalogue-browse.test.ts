import { eq } from 'drizzle-orm';
import { invalidate } from '@/server/cache';
import { issues } from '@/server/db/schema';
import { call, startTestApp, type TestApp } from './helpers/app';
import { addIssues, ensureStores } from './helpers/catalogue-factories';
import { addMembership, createCategory, createLibrary, createMagazine, createStory, createUser, ensureLanguage, inDays, tokenFor } from './helpers/factories';

let app: TestApp;
let everything: string; // a member whose library shows newspapers and journals, no age limit of its own
let school: string; // a member whose library hides Fashion, newspapers and journals, age rate 4
const travelIssue = { id: 0 };

type Json = Record<string, unknown>;
type List = Json & { data: Json[] };

beforeAll(async () => {
  app = await startTestApp();
  await ensureStores(app.db);
  await ensureLanguage(app.db, 'en', 'English');
  await ensureLanguage(app.db, 'hi', 'Hindi');
  await ensureLanguage(app.db, 'ta', 'Tamil');
  await createCategory(app.db, { id: 21, name: 'Travel' });
  await createCategory(app.db, { id: 22, name: 'Fashion' });
  await createCategory(app.db, { id: 52, name: 'Newspapers' });
  await createCategory(app.db, { id: 154, name: 'Journals' });
  await createCategory(app.db, { id: 127, name: 'Internal' });

  const open = await createLibrary(app.db, { isNewspaper: 1, isJournal: 1 });
  const strict = await createLibrary(app.db, { isNewspaper: 0, isJournal: 0, excludeCat: 'Fashion', ageRate: 4 });
  await createLibrary(app.db, { id: 2083, name: 'Temple Street Reading Room', isNewspaper: 1, isJournal: 0, hideProfile: true });
  const a = await createUser(app.db);
  const b = await createUser(app.db);
  await addMembership(app.db, a.id, open.id, inDays(30));
  await addMembership(app.db, b.id, strict.id, inDays(30));
  everything = await tokenFor(a, open.id, inDays(30));
  school = await tokenFor(b, strict.id, inDays(30));

  const travel = await createMagazine(app.db, { id: 1, name: 'Wanderlust Weekly', slug: 'wanderlust-weekly', categoryId: 21, ageRating: 3, about: 'Trains and islands.' }, ['BS']);
  travelIssue.id = travel.issue.id;
  await addIssues(app.db, 1, { count: 24, newest: '2026-10-01', specials: 2, firstId: 7_000_000 });
  await createMagazine(app.db, { id: 2, name: 'Runway Review', categoryId: 22, ageRating: 3 }, ['BS']);
  await createMagazine(app.db, { id: 3, name: 'Morning Ledger', categoryId: 52, ageRating: 3 }, ['BS']);
  await createMagazine(app.db, { id: 4, name: 'Journal of Soil Science', categoryId: 154, ageRating: 3 });
  await createMagazine(app.db, { id: 5, name: 'Hidden Title', categoryId: 127, ageRating: 1 }, ['BS']);
  await createMagazine(app.db, { id: 6, name: 'Late Night Travel', categoryId: 21, ageRating: 7 });
  await createMagazine(app.db, { id: 7, name: 'Yatra', categoryId: 21, ageRating: 3, languageCode: 'hi', isGold: true }, ['BS']);
  await createMagazine(app.db, { id: 8, name: 'Grown-up Travel', categoryId: 21, ageRating: 8 });
  await createMagazine(app.db, { id: 9, name: 'Paavai', categoryId: 22, ageRating: 3, languageCode: 'ta' });
  await createMagazine(app.db, { id: 10, name: 'Steady Travel', categoryId: 21, ageRating: 5 });

  await createStory(app.db, { magazineId: 1, issueId: travel.issue.id, categoryId: 21, title: 'Ten quiet islands' });
});
afterAll(async () => {
  await app.close();
});

const ids = (body: List, key = 'mid') => body.data.map((row) => row[key]);

describe('magMeta', () => {
  it('answers a visible title with its category, language and latest regular issue', async () => {
    const res = await call<{ status: string; data: Json & { latestIssue: Json } }>(app, '/api/catalogue/magMeta?mid=1', { token: everything });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ mid: 1, magName: 'Wanderlust Weekly', catId: 21, catName: 'Travel', lang: 'en', langName: 'English', isGold: 0, about: 'Trains and islands.' });
    expect(res.body.data.latestIssue).toMatchObject({ issueId: travelIssue.id, issueName: 'November 2026', issueDate: '2026-11-01', isSpecial: 0, width: 200, height: 260 });
  });

  it('answers 404 for an unknown title, and for category 127 whoever asks', async () => {
    for (const mid of [999, 5]) {
      const res = await call(app, `/api/catalogue/magMeta?mid=${mid}`, { token: everything });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ status: 404, message: 'Magazine not found', field: 'mid' });
    }
  });

  it('shows newspapers (52) and journals (154) only to a member whose library flags allow them', async () => {
    for (const mid of [3, 4]) {
      expect((await call(app, `/api/catalogue/magMeta?mid=${mid}`, { token: everything })).status).toBe(200);
      expect((await call(app, `/api/catalogue/magMeta?mid=${mid}`, { token: school })).status).toBe(404);
      expect((await call(app, `/api/catalogue/magMeta?mid=${mid}`)).status).toBe(404);
    }
  });

  it('hides the titles of a category the library excludes', async () => {
    expect((await call(app, '/api/catalogue/magMeta?mid=2', { token: everything })).status).toBe(200);
    expect((await call(app, '/api/catalogue/magMeta?mid=2', { token: school })).status).toBe(404);
  });

  it('applies the default rating 5 when none is sent, a narrower or wider one when asked, and no filter at 8 or above', async () => {
    expect((await call(app, '/api/catalogue/magMeta?mid=6', { token: everything })).status).toBe(404);
    expect((await call(app, '/api/catalogue/magMeta?mid=10', { token: everything })).status).toBe(200);
    expect((await call(app, '/api/catalogue/magMeta?mid=10&age_rate=4', { token: everything })).status).toBe(404);
    expect((await call(app, '/api/catalogue/magMeta?mid=6&age_rate=7', { token: everything })).status).toBe(200);
    expect((await call(app, '/api/catalogue/magMeta?mid=8&age_rate=7', { token: everything })).status).toBe(404);
    expect((await call(app, '/api/catalogue/magMeta?mid=8&age_rate=8', { token: everything })).status).toBe(200);
  });

  it('never widens past the library’s age rate, whatever the client asks', async () => {
    expect((await call(app, '/api/catalogue/magMeta?mid=1&age_rate=9', { token: school })).status).toBe(200);
    expect((await call(app, '/api/catalogue/magMeta?mid=10&age_rate=9', { token: school })).status).toBe(404);
    expect((await call(app, '/api/catalogue/magMeta?mid=8&age_rate=9', { token: school })).status).toBe(404);
  });

  it('reads the ageRating cookie when age_rate is left out (the client sends it only below 8)', async () => {
    const res = await call(app, '/api/catalogue/magMeta?mid=8', { token: everything, headers: { cookie: 'ageRating=9' } });
    expect(res.status).toBe(200);
    const narrowed = await call(app, '/api/catalogue/magMeta?mid=10', { token: everything, headers: { cookie: 'ageRating=3' } });
    expect(narrowed.status).toBe(404);
  });

  it('answers 400 naming the field for a bad id', async () => {
    for (const query of ['mid=abc', 'mid=0', 'mid=-4', '']) {
      const res = await call(app, `/api/catalogue/magMeta?${query}`, { token: everything });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ status: 400, field: 'mid' });
    }
  });
});

describe('magazine-meta (by name)', () => {
  it('finds a title by its name in any case, by its slug, and by its url-safe base64 name', async () => {
    const encoded = Buffer.from('Wanderlust Weekly').toString('base64url');
    for (const name of ['Wanderlust Weekly', 'wanderlust weekly', 'wanderlust-weekly', encoded]) {
      const res = await call<{ data: Json }>(app, `/api/catalogue/magazine-meta?magName=${encodeURIComponent(name)}`, { token: everything });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ mid: 1, magName: 'Wanderlust Weekly' });
    }
  });

  it('answers 404 for an unknown name and for a title hidden from the viewer', async () => {
    expect((await call(app, '/api/catalogue/magazine-meta?magName=Nothing%20Like%20It', { token: everything })).status).toBe(404);
    const hidden = await call(app, '/api/catalogue/magazine-meta?magName=Runway%20Review', { token: school });
    expect(hidden.status).toBe(404);
    expect(hidden.body).toMatchObject({ field: 'magName' });
  });

  it('answers 400 without a name', async () => {
    const res = await call(app, '/api/catalogue/magazine-meta?magName=', { token: everything });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('magName');
  });
});

describe('getIssuesByMag (lst_dt paging)', () => {
  it('answers 20 regular issues newest first and the lst_dt to continue from', async () => {
    const first = await call<List & { lst_dt: string | null }>(app, '/api/catalogue/getIssuesByMag?mid=1&isSpecialIssue=0', { token: everything });
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(20);
    expect(first.body.data[0]).toMatchObject({ issueId: travelIssue.id, issueDate: '2026-11-01', isSpecial: 0, magName: 'Wanderlust Weekly' });
    const dates = first.body.data.map((row) => String(row.issueDate));
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(first.body.lst_dt).toBe(dates[19]);

    const second = await call<List & { lst_dt: string | null }>(app, `/api/catalogue/getIssuesByMag?mid=1&isSpecialIssue=0&lst_dt=${first.body.lst_dt}`, { token: everything });
    expect(second.body.data).toHaveLength(5);
    expect(second.body.lst_dt).toBeNull();
    expect(second.body.data.every((row) => String(row.issueDate) < String(first.body.lst_dt))).toBe(true);
  });

  it('answers the special issues alone with isSpecialIssue=1', async () => {
    const res = await call<List>(app, '/api/catalogue/getIssuesByMag?mid=1&isSpecialIssue=1', { token: everything });
    expect(res.body.data).toHaveLength(2);
    expect(res.body.data.every((row) => row.isSpecial === 1)).toBe(true);
  });

  it('answers 404 for an unknown title or one the library hides, and 400 for a date that is not one', async () => {
    expect((await call(app, '/api/catalogue/getIssuesByMag?mid=999', { token: everything })).status).toBe(404);
    expect((await call(app, '/api/catalogue/getIssuesByMag?mid=3', { token: school })).status).toBe(404);
    for (const [query, field] of [
      ['mid=1&lst_dt=2026-02-30', 'lst_dt'],
      ['mid=1&lst_dt=yesterday', 'lst_dt'],
      ['mid=1&isSpecialIssue=2', 'isSpecialIssue'],
    ]) {
      const res = await call(app, `/api/catalogue/getIssuesByMag?${query}`, { token: everything });
      expect(res.status).toBe(400);
      expect(res.body.field).toBe(field);
    }
  });
});

describe('getIssueDetails', () => {
  it('answers an issue with its title', async () => {
    const res = await call<{ data: Json }>(app, `/api/catalogue/getIssueDetails?issid=${travelIssue.id}`, { token: everything });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ issueId: travelIssue.id, mid: 1, magName: 'Wanderlust Weekly', issueName: 'November 2026', catId: 21, pageCount: 12, img: expect.stringMatching(/^covers\//) });
  });

  it('answers 404 for an unknown issue and an issue of a hidden title, 400 for a bad id', async () => {
    expect((await call(app, '/api/catalogue/getIssueDetails?issid=123', { token: everything })).status).toBe(404);
    const ledger = await call<{ data: Json[] }>(app, '/api/catalogue/issues?mid=3', { token: everything });
    const ledgerIssue = ledger.body.data[0].editionId;
    expect((await call(app, `/api/catalogue/getIssueDetails?issid=${ledgerIssue}`, { token: everything })).status).toBe(200);
    expect((await call(app, `/api/catalogue/getIssueDetails?issid=${ledgerIssue}`, { token: school })).status).toBe(404);
    const bad = await call(app, '/api/catalogue/getIssueDetails?issid=x', { token: everything });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('issid');
  });
});

describe('edition list and issue list', () => {
  it('answers SPEC §3 Editions (editionId, magName, editionPublished), newest first, 50 to a page', async () => {
    const res = await call<List & { total: number; nbPages: number }>(app, '/api/catalogue/editions?mid=1', { token: everything });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(27);
    expect(res.body.nbPages).toBe(1);
    expect(res.body.data[0]).toEqual({ editionId: travelIssue.id, magName: 'Wanderlust Weekly', editionPublished: '2026-11-01' });
    expect(Object.keys(res.body.data[5]).sort()).toEqual(['editionId', 'editionPublished', 'magName']);
  });

  it('answers SPEC §3 Issue tiles in pages of 20, linking to each issue’s page', async () => {
    const first = await call<List & { total: number; nbPages: number; page: number }>(app, '/api/catalogue/issues?mid=1', { token: everything });
    expect(first.body).toMatchObject({ page: 1, total: 27, nbPages: 2 });
    expect(first.body.data).toHaveLength(20);
    expect(first.body.data[0]).toEqual({
      name: 'November 2026',
      editionId: travelIssue.id,
      imageSrc: `/media/covers/${travelIssue.id}/view/1.jpg`,
      imageSrcSet: `/media/covers/${travelIssue.id}/view/1.jpg 1x, /media/covers/${travelIssue.id}/view/2.jpg 2x, /media/covers/${travelIssue.id}/view/3.jpg 3x`,
      showFloatingIcon: false,
      browserLinkUrl: `/magazine/1/${travelIssue.id}`,
      appLinkUrl: `/magazine/1/${travelIssue.id}`,
    });
    const second = await call<List>(app, '/api/catalogue/issues?mid=1&page=2', { token: everything });
    expect(second.body.data).toHaveLength(7);
    const overlap = first.body.data.filter((tile) => second.body.data.some((other) => other.editionId === tile.editionId));
    expect(overlap).toEqual([]);
  });

  it('marks gold titles with the gold badge and builds /q/temp links for library 2083', async () => {
    const res = await call<List>(app, '/api/catalogue/issues?mid=7&libid=2083');
    expect(res.status).toBe(200);
    expect(res.body.data[0]).toMatchObject({ showFloatingIcon: true, floatingImgSrc: '/icons/gold-1x.svg', floatingImgAltText: 'Gold', browserLinkUrl: expect.stringMatching(/^\/q\/temp\/magazine\/7\/\d+$/) });
  });

  it('answers 404 for a hidden title and 400 for a bad page', async () => {
    expect((await call(app, '/api/catalogue/issues?mid=4', { token: school })).status).toBe(404);
    expect((await call(app, '/api/catalogue/editions?mid=5', { token: everything })).status).toBe(404);
    const bad = await call(app, '/api/catalogue/issues?mid=1&page=0', { token: everything });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('page');
  });
});

describe('language list', () => {
  it('lists the languages that have titles the viewer may see in a category', async () => {
    const res = await call<List>(app, '/api/catalogue/languageList?categoryID=21', { token: everything });
    expect(ids(res.body, 'lang_code')).toEqual(['en', 'hi']);
    expect(res.body.data[0]).toEqual({ lang_code: 'en', _lang: 'English', lang: 'English', display_name: 'English', cc: 'IN', store_id: 1 });
  });

  it('leaves out a language whose only titles the library hides', async () => {
    const all = await call<List>(app, '/api/catalogue/languageList', { token: everything });
    expect(ids(all.body, 'lang_code')).toContain('ta');
    const strict = await call<List>(app, '/api/catalogue/languageList', { token: school });
    expect(ids(strict.body, 'lang_code')).not.toContain('ta');
  });

  it('lists the languages of a top list', async () => {
    const res = await call<List>(app, '/api/catalogue/languageList?categoryID=BS', { token: everything });
    expect(ids(res.body, 'lang_code')).toEqual(['en', 'hi']);
  });
});

describe('magazine filter by language alone', () => {
  it('answers every visible title in the language when no category is given', async () => {
    const res = await call<List>(app, '/api/catalogue/magazine-filter?lang=hi', { token: everything });
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual([7]);
  });

  it('still answers 400 naming categoryID when neither a category nor a language is given', async () => {
    const res = await call(app, '/api/catalogue/magazine-filter?page=1', { token: everything });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('categoryID');
  });
});

describe('library 2083 without a session', () => {
  it('applies library 2083’s rules to an anonymous visitor who names it', async () => {
    const newspapers = await call<List>(app, '/api/catalogue/magazine-filter?categoryID=52&libid=2083');
    expect(ids(newspapers.body)).toEqual([3]);
    const anonymous = await call<List>(app, '/api/catalogue/magazine-filter?categoryID=52');
    expect(anonymous.body.data).toEqual([]);
    expect((await call(app, '/api/catalogue/magMeta?mid=4&libid=2083')).status).toBe(404);
  });
});

describe('getOrgDetails and countryCodes', () => {
  it('answers the member’s library with the store of the country asked for', async () => {
    const india = await call<{ data: Json }>(app, '/api/catalogue/getOrgDetails', { token: school });
    expect(india.status).toBe(200);
    expect(india.body.data).toMatchObject({ libName: expect.stringMatching(/^Test Library/), isNewspaper: 0, isJournal: 0, ageRate: 4, con_code: 'IN', store_id: 1 });
    const us = await call<{ data: Json }>(app, '/api/catalogue/getOrgDetails?con_code=us', { token: school });
    expect(us.body.data).toMatchObject({ con_code: 'US', store_id: 2 });
  });

  it('answers 404 when there is no organisation and 400 for a bad country code', async () => {
    expect((await call(app, '/api/catalogue/getOrgDetails')).status).toBe(404);
    expect((await call<{ data: Json }>(app, '/api/catalogue/getOrgDetails?libid=2083')).body.data).toMatchObject({ libId: 2083, hideProfile: true });
    const bad = await call(app, '/api/catalogue/getOrgDetails?con_code=IND', { token: school });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('con_code');
  });

  it('lists country codes as SPEC §3 entries, India first', async () => {
    const res = await call<List>(app, '/api/catalogue/countryCodes');
    expect(res.status).toBe(200);
    expect(res.body.data[0]).toMatchObject({ mobileCode: '+91', flag: '🇮🇳', store_id: 1 });
    expect(res.body.data.find((entry) => entry.country === 'US')).toMatchObject({ mobileCode: '+1', store_id: 2 });
  });
});

describe('edition and issue lists in the catalogue cache (CATALOGUE_CACHE_SECONDS)', () => {
  beforeEach(async () => {
    process.env.CATALOGUE_CACHE_SECONDS = '30';
    await invalidate('catalogue');
  });
  afterEach(async () => {
    delete process.env.CATALOGUE_CACHE_SECONDS;
    await invalidate('catalogue');
  });

  it('reads a title’s editions and issues once while kept: an issue added meanwhile shows when the entry ends', async () => {
    const added = 7_900_000;
    try {
      expect((await call<{ total: number }>(app, '/api/catalogue/editions?mid=1', { token: everything })).body.total).toBe(27);
      expect((await call<{ total: number }>(app, '/api/catalogue/issues?mid=1', { token: everything })).body.total).toBe(27);
      await addIssues(app.db, 1, { count: 1, newest: '2001-01-01', firstId: added });
      expect((await call<{ total: number }>(app, '/api/catalogue/editions?mid=1', { token: everything })).body.total).toBe(27);
      expect((await call<{ total: number }>(app, '/api/catalogue/issues?mid=1', { token: everything })).body.total).toBe(27);
      await invalidate('catalogue');
      expect((await call<{ total: number }>(app, '/api/catalogue/editions?mid=1', { token: everything })).body.total).toBe(28);
      expect((await call<{ total: number }>(app, '/api/catalogue/issues?mid=1', { token: everything })).body.total).toBe(28);
    } finally {
      await app.db.delete(issues).where(eq(issues.id, added));
    }
  });

  it('keeps each viewer’s rules: a list kept for one library or age rating never answers another that may not see the title', async () => {
    for (const path of ['editions', 'issues']) {
      // Journals (154): the open library's member sees them; the school library, which hides them, and a visitor do not.
      expect((await call(app, `/api/catalogue/${path}?mid=4`, { token: everything })).status).toBe(200);
      expect((await call(app, `/api/catalogue/${path}?mid=4`, { token: school })).status).toBe(404);
      expect((await call(app, `/api/catalogue/${path}?mid=4`)).status).toBe(404);
      // Rated 7: there without an age filter (asked at 9), not at 5.
      expect((await call(app, `/api/catalogue/${path}?mid=6&age_rate=9`, { token: everything })).status).toBe(200);
      expect((await call(app, `/api/catalogue/${path}?mid=6&age_rate=5`, { token: everything })).status).toBe(404);
      // Rated 5: the same call from the school library is capped at its age rate 4.
      expect((await call(app, `/api/catalogue/${path}?mid=10&age_rate=9`, { token: everything })).status).toBe(200);
      expect((await call(app, `/api/catalogue/${path}?mid=10&age_rate=9`, { token: school })).status).toBe(404);
    }
  });
});

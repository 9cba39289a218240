import { sql } from 'drizzle-orm';
import { issuePages, issues } from '@/server/db/schema';
import { verifySessionToken } from '@/lib/session-token';
import { invalidate } from '@/server/cache';
import { setExcludedCategories, titlesChanged } from '@/server/catalogue/edits';
import { searchStories } from '@/server/search';
import type { StorySearchResult } from '@/lib/wire';
import { findIssues } from '@/server/search/issues';
import { viewerFor } from '@/server/context/viewer';
import { call, startTestApp, TEST_JWT_SECRET, type TestApp } from './helpers/app';
import { addMembership, createCategory, createLibrary, createMagazine, createStory, createUser, inDays, tokenFor } from './helpers/factories';
import { addIssue, addPages, ensureSearchLanguage } from './helpers/search-factories';

let app: TestApp;
let member: string; // a library that shows newspapers and journals, no age limit
let school: string; // a library that hides Travel, newspapers and journals, age rate 4
const ids = { geographic: 0, geographicIssue: 0, olderIssue: 0, science: 0, journal: 0, hidden: 0, adult: 0, spanish: 0 };

const TRAVEL = 31;
const SCIENCE = 32;
// 'national' first appears inside 'international', far from the word itself.
const NATIONAL_PARK = `An international fair opened the season. ${'The road climbs through tea gardens and small towns. '.repeat(8)}At last the national park gate, where rangers count the elephants at dawn.`;
const QUOKKA_LETTER = 'Your photographs of a quokka grinning at the camera on Rottnest Island made our whole family smile.';

async function storiesAs(token: string, query: string, options: { page?: number; ageRating?: number } = {}): Promise<StorySearchResult> {
  const claims = await verifySessionToken(token, TEST_JWT_SECRET);
  const viewer = await viewerFor({ claims: claims!, token, via: 'bearer', user: null });
  return searchStories({ viewer, query, page: options.page ?? 0, ageRating: options.ageRating });
}

type Highlight = { value: string; matchLevel: string; matchedWords: string[] };
type MagazineHit = Record<string, unknown> & { magName: string; objectID: string; _highlightResult: { magName: Highlight } };
type MagazineSearch = { status: string; hits: MagazineHit[]; nbHits: number; nbPages: number; page: number; correctedQuery?: string };
type IssueHit = {
  pages: { page: number; _highLight: string }[];
  issue: { iss_id: number; iss_name: string; magId: number; iss_date: string };
  magDetails: { magName: string; img: string };
  fIn: number;
};
type IssueSearch = { status: string; hits: IssueHit[]; nbHits: number; nbPages: number; page: number };

beforeAll(async () => {
  app = await startTestApp();
  const { db } = app;
  await ensureSearchLanguage(db, 'en', 'English', 'english');
  await ensureSearchLanguage(db, 'es', 'Spanish', 'spanish');
  await ensureSearchLanguage(db, 'bn', 'Bengali', 'simple');
  await createCategory(db, { id: TRAVEL, name: 'Travel' });
  await createCategory(db, { id: SCIENCE, name: 'Science' });
  await createCategory(db, { id: 52, name: 'Newspapers' });
  await createCategory(db, { id: 154, name: 'Journals' });
  await createCategory(db, { id: 127, name: 'Internal' });

  const open = await createLibrary(db, { isNewspaper: 1, isJournal: 1 });
  const strict = await createLibrary(db, { isNewspaper: 0, isJournal: 0, excludeCat: 'Travel', ageRate: 4 });
  const a = await createUser(db);
  const b = await createUser(db);
  await addMembership(db, a.id, open.id, inDays(30));
  await addMembership(db, b.id, strict.id, inDays(30));
  member = await tokenFor(a, open.id, inDays(30));
  school = await tokenFor(b, strict.id, inDays(30));

  const geographic = await createMagazine(db, {
    name: 'National Geographic Traveller',
    about: 'Journeys, wildlife and the people who live beside them.',
    categoryId: TRAVEL,
    ageRating: 3,
    popularity: 900,
  });
  ids.geographic = geographic.magazine.id;
  ids.geographicIssue = geographic.issue.id;
  await addPages(db, geographic.issue.id, { 2: 'Contents and the editor’s letter about islands.', 4: `Letters\n\n${QUOKKA_LETTER}`, 9: `More letters. Another quokka story from a reader.`, 11: NATIONAL_PARK }, 12);
  const older = await addIssue(db, geographic.magazine.id, { name: 'March 2026', issueDate: '2026-03-01' });
  ids.olderIssue = older.id;
  await addPages(db, older.id, { 1: 'A quokka on the cover.', 3: 'The quokka again.', 5: 'Quokka facts.', 7: 'Quokka island map.', 8: 'Last quokka.' }, 8);

  const science = await createMagazine(db, { name: 'Science Weekly', about: 'Discoveries explained.', categoryId: SCIENCE, ageRating: 3, popularity: 800 });
  ids.science = science.magazine.id;
  const journal = await createMagazine(db, { name: 'Journal of Lighthouse Studies', about: 'Coastal history.', categoryId: 154, ageRating: 3, popularity: 700 });
  ids.journal = journal.magazine.id;
  await addPages(db, journal.issue.id, { 3: 'The lighthouse keeper of Valparaiso and a quokka.' });
  const hidden = await createMagazine(db, { name: 'Zephyrine Internal Digest', categoryId: 127, ageRating: 1 });
  ids.hidden = hidden.magazine.id;
  await addPages(db, hidden.issue.id, { 1: 'Zephyrine and a quokka in the internal digest.' });
  await createStory(db, { magazineId: hidden.magazine.id, issueId: hidden.issue.id, categoryId: 127, title: 'Zephyrine notes', body: 'Zephyrine only.' });
  const adult = await createMagazine(db, { name: 'Marzipan After Dark', categoryId: SCIENCE, ageRating: 9, popularity: 100 });
  ids.adult = adult.magazine.id;
  await addPages(db, adult.issue.id, { 2: 'Marzipan recipes and a quokka for grown-ups.' });
  await createStory(db, { magazineId: adult.magazine.id, issueId: adult.issue.id, categoryId: SCIENCE, ageRating: 9, title: 'Marzipan at midnight', body: 'Marzipan.' });
  const spanish = await createMagazine(db, { name: 'Viajes y Caminos', categoryId: TRAVEL, languageCode: 'es', ageRating: 3, isGold: true, popularity: 50 });
  ids.spanish = spanish.magazine.id;
  await createStory(db, { magazineId: spanish.magazine.id, issueId: spanish.issue.id, categoryId: TRAVEL, languageCode: 'es', title: 'Los viajeros del norte', body: 'Caminamos con los viajeros por las montañas.' });

  // Ranking: the word in a title beats the word in a body; 45 harbour stories page as 20, 20, 5.
  await createStory(db, { magazineId: science.magazine.id, issueId: science.issue.id, categoryId: SCIENCE, title: 'Tides and moons', body: 'A long piece. The harbour master explains the tides.' });
  await createStory(db, { magazineId: science.magazine.id, issueId: science.issue.id, categoryId: SCIENCE, title: 'The harbour at dawn', body: 'Boats, gulls and early light.', publishedAt: new Date(Date.UTC(2020, 0, 1)) });
  for (let i = 0; i < 43; i += 1) {
    await createStory(db, { magazineId: science.magazine.id, issueId: science.issue.id, categoryId: SCIENCE, title: `Dispatch ${i}`, body: `Notes from the harbour, part ${i}.` });
  }
  await createStory(db, { magazineId: science.magazine.id, issueId: science.issue.id, categoryId: SCIENCE, title: 'Stories of <script>alert(1)</script> & tides', body: 'Escaping matters.' });
  for (let i = 0; i < 24; i += 1) await createMagazine(db, { name: `Harbour Life ${i}`, categoryId: TRAVEL, ageRating: 2, popularity: 10 + i });
});

afterAll(async () => {
  await app.close();
});

describe('magazine search', () => {
  it('answers hits with magName, slug, new_imgPath, objectID and isGold, the matched words highlighted', async () => {
    const res = await call<MagazineSearch>(app, '/api/catalogue/magazine-search?q=geographic&p=0&storeID=1&isGold=1', { token: member });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expect.objectContaining({ status: 'success', nbHits: 1, nbPages: 1, page: 0 }));
    expect(res.body.hits[0]).toEqual(
      expect.objectContaining({
        magName: 'National Geographic Traveller',
        slug: expect.any(String),
        new_imgPath: `covers/${ids.geographicIssue}`,
        objectID: String(ids.geographic),
        isGold: 0,
        mid: ids.geographic,
        issueId: ids.geographicIssue,
      }),
    );
    expect(res.body.hits[0]._highlightResult.magName).toEqual({ value: 'National <em>Geographic</em> Traveller', matchLevel: 'full', matchedWords: ['Geographic'] });
  });

  it("forgives typos: 'natonal geographc' finds National Geographic Traveller", async () => {
    const res = await call<MagazineSearch>(app, '/api/catalogue/magazine-search?q=natonal%20geographc&p=0', { token: member });
    expect(res.status).toBe(200);
    expect(res.body.hits[0].magName).toBe('National Geographic Traveller');
    expect(res.body.correctedQuery).toBe('national geographic');
    expect(res.body.hits[0]._highlightResult.magName.value).toBe('<em>National</em> <em>Geographic</em> Traveller');
  });

  it('finds a title from the first letters of its name, and stems words in the title’s language', async () => {
    const prefix = await call<MagazineSearch>(app, '/api/catalogue/magazine-search?q=Nati', { token: member });
    expect(prefix.body.hits.map((h) => h.magName)).toEqual(['National Geographic Traveller']);
    expect(prefix.body.hits[0]._highlightResult.magName.value).toBe('<em>Nati</em>onal Geographic Traveller');
    const spanish = await call<MagazineSearch>(app, '/api/catalogue/magazine-search?q=caminando', { token: member });
    expect(spanish.body.hits.map((h) => h.magName)).toEqual(['Viajes y Caminos']);
  });

  it('leaves gold titles out with isGold=0', async () => {
    const gold = await call<MagazineSearch>(app, '/api/catalogue/magazine-search?q=caminos&isGold=1', { token: member });
    expect(gold.body.hits[0].isGold).toBe(1);
    const none = await call<MagazineSearch>(app, '/api/catalogue/magazine-search?q=caminos&isGold=0', { token: member });
    expect(none.body.hits).toEqual([]);
  });

  it('does not find a word printed only inside issue pages', async () => {
    const res = await call<MagazineSearch>(app, '/api/catalogue/magazine-search?q=quokka', { token: member });
    expect(res.body).toEqual(expect.objectContaining({ hits: [], nbHits: 0, nbPages: 0 }));
  });

  it('pages by 20 and answers an empty page past the end', async () => {
    const first = await call<MagazineSearch>(app, '/api/catalogue/magazine-search?q=harbour&p=0', { token: member });
    expect(first.body).toEqual(expect.objectContaining({ nbHits: 24, nbPages: 2, page: 0 }));
    expect(first.body.hits).toHaveLength(20);
    const second = await call<MagazineSearch>(app, '/api/catalogue/magazine-search?q=harbour&p=1', { token: member });
    expect(second.body.hits).toHaveLength(4);
    const names = new Set([...first.body.hits, ...second.body.hits].map((h) => h.magName));
    expect(names.size).toBe(24);
    const past = await call<MagazineSearch>(app, '/api/catalogue/magazine-search?q=harbour&p=2', { token: member });
    expect(past.status).toBe(200);
    expect(past.body.hits).toEqual([]);
  });

  it('never shows hidden categories, excluded categories, journals to a library without them, or over-age titles', async () => {
    const internal = await call<MagazineSearch>(app, '/api/catalogue/magazine-search?q=zephyrine', { token: member });
    expect(internal.body.hits).toEqual([]);
    const excluded = await call<MagazineSearch>(app, '/api/catalogue/magazine-search?q=national', { token: school });
    expect(excluded.body.hits).toEqual([]);
    const journals = await call<MagazineSearch>(app, '/api/catalogue/magazine-search?q=lighthouse', { token: school });
    expect(journals.body.hits).toEqual([]);
    expect((await call<MagazineSearch>(app, '/api/catalogue/magazine-search?q=lighthouse', { token: member })).body.hits).toHaveLength(1);
    const adult = await call<MagazineSearch>(app, '/api/catalogue/magazine-search?q=marzipan', { token: school });
    expect(adult.body.hits).toEqual([]);
    const narrowed = await call<MagazineSearch>(app, '/api/catalogue/magazine-search?q=marzipan&age_rating=5', { token: member });
    expect(narrowed.body.hits).toEqual([]);
    // With no rating asked for, titles are shown at the reader's default (5): the reader would refuse this one.
    expect((await call<MagazineSearch>(app, '/api/catalogue/magazine-search?q=marzipan', { token: member })).body.hits).toEqual([]);
    const allowed = await call<MagazineSearch>(app, '/api/catalogue/magazine-search?q=marzipan&age_rating=9', { token: member });
    expect(allowed.body.hits.map((h) => h.magName)).toEqual(['Marzipan After Dark']);
  });

  it('a school library cannot widen its age limit by asking for a higher age_rating', async () => {
    const res = await call<MagazineSearch>(app, '/api/catalogue/magazine-search?q=marzipan&age_rating=9', { token: school });
    expect(res.body.hits).toEqual([]);
  });
});

describe('search_list (words inside every issue)', () => {
  it('returns the issue whose pages hold a word found nowhere else, with the right page numbers and highlights', async () => {
    const res = await call<IssueSearch>(app, '/api/catalogue/search_list?q=quokka&isGold=1', { token: member });
    expect(res.status).toBe(200);
    const hit = res.body.hits.find((h) => h.issue.iss_id === ids.geographicIssue)!;
    expect(hit).toEqual({
      pages: [
        { page: 4, _highLight: expect.stringContaining('photographs of a <em>quokka</em> grinning') },
        { page: 9, _highLight: expect.stringContaining('Another <em>quokka</em> story') },
      ],
      issue: { iss_id: ids.geographicIssue, iss_name: 'November 2026', magId: ids.geographic, iss_date: '2026-11-01' },
      magDetails: { magName: 'National Geographic Traveller', img: `covers/${ids.geographicIssue}` },
      fIn: 2,
    });
  });

  it('lists at most three pages of an issue, counts them all in fIn, and lists every one with issueId', async () => {
    const res = await call<IssueSearch>(app, '/api/catalogue/search_list?q=quokka', { token: member });
    const older = res.body.hits.find((h) => h.issue.iss_id === ids.olderIssue)!;
    expect(older.fIn).toBe(5);
    expect(older.pages.map((p) => p.page)).toEqual([1, 3, 5]);
    const one = await call<IssueSearch>(app, `/api/catalogue/search_list?q=quokka&issueId=${ids.olderIssue}`, { token: member });
    expect(one.body.hits).toHaveLength(1);
    expect(one.body.hits[0].pages.map((p) => p.page)).toEqual([1, 3, 5, 7, 8]);
    expect(one.body.hits[0].pages[4]._highLight).toBe('Last <em>quokka</em>');
  });

  it('ranks the issue where the word is printed most above the others, and shows visible issues only', async () => {
    // An adult member (ageRating 9): the over-age title shows too.
    const res = await call<IssueSearch>(app, '/api/catalogue/search_list?q=quokka&age_rating=9', { token: member });
    expect(res.body.hits.slice(0, 2).map((h) => h.issue.iss_id)).toEqual([ids.olderIssue, ids.geographicIssue]);
    const magazines = res.body.hits.map((h) => h.magDetails.magName);
    expect(magazines).toContain('Journal of Lighthouse Studies');
    expect(magazines).toContain('Marzipan After Dark');
    expect(magazines).not.toContain('Zephyrine Internal Digest');
    expect(res.body.nbHits).toBe(4);
    const school_ = await call<IssueSearch>(app, '/api/catalogue/search_list?q=quokka', { token: school });
    expect(school_.body).toEqual(expect.objectContaining({ hits: [], nbHits: 0, nbPages: 0 }));
    const narrowed = await call<IssueSearch>(app, '/api/catalogue/search_list?q=quokka&age_rating=5', { token: member });
    expect(narrowed.body.hits.map((h) => h.magDetails.magName)).not.toContain('Marzipan After Dark');
  });

  it('shows the text around the matched word, not around a longer word that contains it', async () => {
    const res = await call<IssueSearch>(app, `/api/catalogue/search_list?q=national&issueId=${ids.geographicIssue}`, { token: member });
    const page11 = res.body.hits[0].pages.find((p) => p.page === 11)!;
    expect(page11._highLight).toContain('At last the <em>national</em> park gate');
  });

  it('finds a phrase’s words on the same page', async () => {
    const res = await call<IssueSearch>(app, '/api/catalogue/search_list?q=lighthouse%20keeper', { token: member });
    expect(res.body.hits.map((h) => h.magDetails.magName)).toEqual(['Journal of Lighthouse Studies']);
    expect(res.body.hits[0].pages[0]._highLight).toBe('The <em>lighthouse</em> <em>keeper</em> of Valparaiso and a quokka');
  });
});

describe('story search (searchStories, served as the article search call)', () => {
  it('answers Articles, nbPages, nbHits and page, each story with its title and body highlighted', async () => {
    const res = await storiesAs(member, 'viajero');
    expect(res).toEqual(expect.objectContaining({ page: 0, nbPages: 1, nbHits: 1 }));
    const [story] = res.Articles;
    expect(story).toEqual(
      expect.objectContaining({
        artid: expect.any(Number),
        title: 'Los viajeros del norte',
        magname: 'Viajes y Caminos',
        issuename: 'November 2026',
        time_read: 120,
        canon_url: expect.any(String),
        url: expect.stringMatching(/^\/stories\//),
        short_desc: expect.any(String),
        shoppable: 0,
      }),
    );
    expect(story._highlightResult.title.value).toBe('Los <em>viajeros</em> del norte');
    expect(story._snippetResult.body.value).toBe('Caminamos con los <em>viajeros</em> por las montañas');
  });

  it('ranks a story with the word in its title above stories with it only in the body', async () => {
    const res = await storiesAs(member, 'harbour');
    expect(res.Articles[0].title).toBe('The harbour at dawn');
  });

  it('pages by 20 until a page comes back empty', async () => {
    const pages = await Promise.all([0, 1, 2, 3].map((page) => storiesAs(member, 'harbour', { page })));
    expect(pages.map((p) => p.Articles.length)).toEqual([20, 20, 5, 0]);
    expect(pages[0]).toEqual(expect.objectContaining({ nbHits: 45, nbPages: 3 }));
    const titles = new Set(pages.flatMap((p) => p.Articles.map((a) => a.artid)));
    expect(titles.size).toBe(45);
  });

  it('never returns hidden or over-age stories, and forgives a typo in a title word', async () => {
    expect((await storiesAs(member, 'zephyrine')).Articles).toEqual([]);
    expect((await storiesAs(school, 'marzipan')).Articles).toEqual([]);
    expect((await storiesAs(member, 'marzipan', { ageRating: 5 })).Articles).toEqual([]);
    expect((await storiesAs(member, 'marzipan')).Articles.map((a) => a.title)).toEqual(['Marzipan at midnight']);
    expect((await storiesAs(school, 'viajeros')).Articles).toEqual([]);
    const typo = await storiesAs(member, 'marzpan');
    expect(typo.Articles.map((a) => a.title)).toEqual(['Marzipan at midnight']);
    expect(typo.correctedQuery).toBe('marzipan');
  });

  it('escapes the text around highlights', async () => {
    const res = await storiesAs(member, 'tides escaping');
    expect(res.Articles[0]._highlightResult.title.value).toBe('Stories of &lt;script&gt;alert(1)&lt;/script&gt; &amp; <em>tides</em>');
  });
});

describe('magazine-libaray (the overlay before anything is typed)', () => {
  type Catalogue = {
    status: string;
    popularCat: { category_id: number; name: string; cat_slug: string; image: string; count: number }[];
    popularLang: { lang_code: string; lang: string; display_name: string; count: number }[];
    magazineList: MagazineHit[];
    journalList: MagazineHit[];
    magazines: { hits: MagazineHit[]; nbHits: number; nbPages: number; page: number };
  };

  it('answers popular categories and languages with counts, popular magazines and journals, and a page of titles', async () => {
    const res = await call<Catalogue>(app, '/api/catalogue/magazine-libaray?query=&page=0&aggsCount=40&lang=&libID=1&age_rating=9', { token: member });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('success');
    expect(res.body.popularCat).toEqual([
      { category_id: TRAVEL, name: 'Travel', cat_slug: expect.any(String), image: expect.any(String), count: 26 },
      { category_id: SCIENCE, name: 'Science', cat_slug: expect.any(String), image: expect.any(String), count: 2 },
      { category_id: 154, name: 'Journals', cat_slug: expect.any(String), image: expect.any(String), count: 1 },
    ]);
    expect(res.body.popularLang).toEqual([
      { lang_code: 'en', lang: 'English', display_name: 'English', count: 28 },
      { lang_code: 'es', lang: 'Spanish', display_name: 'Spanish', count: 1 },
    ]);
    expect(res.body.magazineList.map((m) => m.magName).slice(0, 2)).toEqual(['National Geographic Traveller', 'Science Weekly']);
    expect(res.body.magazineList.map((m) => m.magName)).not.toContain('Journal of Lighthouse Studies');
    expect(res.body.journalList.map((m) => m.magName)).toEqual(['Journal of Lighthouse Studies']);
    expect(res.body.magazines).toEqual(expect.objectContaining({ nbHits: 29, nbPages: 2, page: 0 }));
    expect(res.body.magazines.hits).toHaveLength(20);
  });

  it('counts at most aggsCount buckets, filters by language and category, and hides what the library hides', async () => {
    const one = await call<Catalogue>(app, '/api/catalogue/magazine-libaray?query=&aggsCount=1', { token: member });
    expect(one.body.popularCat).toHaveLength(1);
    const spanish = await call<Catalogue>(app, '/api/catalogue/magazine-libaray?query=&lang=es', { token: member });
    expect(spanish.body.magazines.hits.map((m) => m.magName)).toEqual(['Viajes y Caminos']);
    // The language facet ignores its own filter, so the other languages can still be chosen.
    expect(spanish.body.popularLang.map((l) => l.lang_code)).toEqual(['en', 'es']);
    const science = await call<Catalogue>(app, `/api/catalogue/magazine-libaray?query=&cat=${SCIENCE}&age_rating=9`, { token: member });
    expect(science.body.magazines.hits.map((m) => m.magName)).toEqual(['Science Weekly', 'Marzipan After Dark']);
    const schoolView = await call<Catalogue>(app, '/api/catalogue/magazine-libaray?query=', { token: school });
    expect(schoolView.body.popularCat.map((c) => c.category_id)).toEqual([SCIENCE]);
    expect(schoolView.body.journalList).toEqual([]);
    expect(schoolView.body.magazines.hits.map((m) => m.magName)).toEqual(['Science Weekly']);
  });

  it('searches the catalogue with a query, typos forgiven', async () => {
    const res = await call<Catalogue>(app, '/api/catalogue/magazine-libaray?query=natonal%20geographc', { token: member });
    expect(res.body.magazines.hits.map((m) => m.magName)).toEqual(['National Geographic Traveller']);
    expect(res.body.popularCat.map((c) => c.category_id)).toEqual([TRAVEL]);
  });
});

describe('bad input gets a 400 naming the field, or an empty result; never a 500', () => {
  it.each([
    ['/api/catalogue/magazine-search?q=', 200],
    ['/api/catalogue/magazine-search?q=%20%20', 200],
    ['/api/catalogue/magazine-search?q=!!!%20%26%26', 200],
    ['/api/catalogue/magazine-search?q=the%20of%20and', 200],
    ["/api/catalogue/magazine-search?q=%27%3B%20drop%20table%20magazines%3B%20--", 200],
    ['/api/catalogue/magazine-search?q=%5Cx%25_', 200],
    ['/api/catalogue/search_list?q=', 200],
    ['/api/catalogue/search_list?q=%3A*%20%26%20!', 200],
    ['/api/catalogue/magazine-libaray?query=%3A*%7C', 200],
  ])('%s answers %i with an empty or valid result', async (path, status) => {
    const res = await call<MagazineSearch & IssueSearch>(app, path, { token: member });
    expect(res.status).toBe(status);
    expect(res.body.status).toBe('success');
  });

  it.each([
    ['/api/catalogue/magazine-search?q=x&p=-1', 'p'],
    ['/api/catalogue/magazine-search?q=x&p=two', 'p'],
    [`/api/catalogue/magazine-search?q=${'a'.repeat(201)}`, 'q'],
    ['/api/catalogue/magazine-search?q=x&isGold=2', 'isGold'],
    ['/api/catalogue/search_list?q=x&page=-1', 'page'],
    ['/api/catalogue/search_list?q=x&issueId=0', 'issueId'],
    [`/api/catalogue/search_list?q=${'quokka%20'.repeat(40)}`, 'q'],
    ['/api/catalogue/magazine-libaray?page=-3', 'page'],
    ['/api/catalogue/magazine-libaray?aggsCount=0', 'aggsCount'],
    ['/api/catalogue/magazine-libaray?lang=english', 'lang'],
  ])('%s answers 400 naming %s', async (path, field) => {
    const res = await call(app, path, { token: member });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(expect.objectContaining({ status: 400, field }));
  });

  it('answers an empty first page for words that match nothing, and an empty story search for only stop words', async () => {
    const res = await call<MagazineSearch>(app, '/api/catalogue/magazine-search?q=xylophonic%20quasars', { token: member });
    expect(res.body).toEqual(expect.objectContaining({ hits: [], nbHits: 0, nbPages: 0, page: 0 }));
    expect((await storiesAs(member, 'the of and')).Articles).toEqual([]);
    expect((await storiesAs(member, '')).nbPages).toBe(0);
  });
});

describe('search index upkeep', () => {
  it('re-indexes a title when its language’s text-search configuration changes', async () => {
    await ensureSearchLanguage(app.db, 'bn', 'Bengali', 'simple');
    const mag = await createMagazine(app.db, { name: 'Running Rivers', categoryId: TRAVEL, languageCode: 'bn' });
    // 'simple' does not stem: 'run' does not match 'running'.
    expect((await call<MagazineSearch>(app, '/api/catalogue/magazine-search?q=run%20rivers', { token: member })).body.hits).toEqual([]);
    await ensureSearchLanguage(app.db, 'bn', 'Bengali', 'english');
    const res = await call<MagazineSearch>(app, '/api/catalogue/magazine-search?q=run%20rivers', { token: member });
    expect(res.body.hits.map((h) => h.objectID)).toEqual([String(mag.magazine.id)]);
    await app.db.execute(sql`DELETE FROM magazines WHERE id = ${mag.magazine.id}`);
  });
});

describe('search terms in the cache (CATALOGUE_CACHE_SECONDS)', () => {
  beforeEach(async () => {
    process.env.CATALOGUE_CACHE_SECONDS = '30';
    await invalidate('search-terms');
  });
  afterEach(async () => {
    delete process.env.CATALOGUE_CACHE_SECONDS;
    await invalidate('search-terms');
  });

  it('stems a word in the language of a title added after the word was searched, once the titles change', async () => {
    await ensureSearchLanguage(app.db, 'de', 'German', 'german');
    const search = async () => (await call<IssueSearch>(app, '/api/catalogue/search_list?q=h%C3%A4usern', { token: member })).body.hits.map((h) => h.magDetails.magName);
    // No title is in German yet: the word is read in the other languages only ('häusern' as it is), and kept so.
    expect(await search()).toEqual([]);
    const mag = await createMagazine(app.db, { name: 'Alte Wege', categoryId: TRAVEL, languageCode: 'de' });
    await addPages(app.db, mag.issue.id, { 2: 'Das alte Haus am Fluss steht seit dreihundert Jahren.' });
    try {
      // The kept terms do not know German: its stem 'haus' is not asked for.
      expect(await search()).toEqual([]);
      // What the import and the console call after writing titles drops them.
      await titlesChanged();
      expect(await search()).toEqual(['Alte Wege']);
    } finally {
      await app.db.execute(sql`DELETE FROM magazines WHERE id = ${mag.magazine.id}`);
    }
  });
});

describe('search answers in the cache (CACHE_SECONDS)', () => {
  beforeEach(async () => {
    process.env.CACHE_SECONDS = '30';
    await invalidate('search-results');
  });
  afterEach(async () => {
    delete process.env.CACHE_SECONDS;
    await invalidate('search-results');
  });

  it('keeps the answer for the same rules and text until titles, issues or stories change', async () => {
    const issuesFound = async () => (await call<IssueSearch>(app, '/api/catalogue/search_list?q=quokka', { token: member })).body.hits.map((h) => h.issue.iss_id);
    const titlesFound = async () => (await call<MagazineSearch>(app, '/api/catalogue/magazine-search?q=weekly', { token: member })).body.hits.map((h) => h.magName);
    const storiesFound = async () => (await storiesAs(member, 'moons')).Articles.map((story) => story.title);
    expect(await issuesFound()).toContain(ids.olderIssue);
    expect(await titlesFound()).toEqual(['Science Weekly']);
    expect(await storiesFound()).toEqual(['Tides and moons']);
    // Written behind the cache's back, as no writer of the site does: the kept answers stand.
    await app.db.execute(sql`UPDATE issues SET withdrawn_at = now() WHERE id = ${ids.olderIssue}`);
    await app.db.execute(sql`UPDATE magazines SET name = 'Science Monthly' WHERE id = ${ids.science}`);
    await app.db.execute(sql`UPDATE stories SET title = 'Tides and new moons' WHERE title = 'Tides and moons'`);
    try {
      expect(await issuesFound()).toContain(ids.olderIssue);
      expect(await titlesFound()).toEqual(['Science Weekly']);
      expect(await storiesFound()).toEqual(['Tides and moons']);
      // What the import and the console call after writing drops them.
      await titlesChanged();
      expect(await issuesFound()).not.toContain(ids.olderIssue);
      expect(await titlesFound()).toEqual([]);
      expect(await storiesFound()).toEqual(['Tides and new moons']);
    } finally {
      await app.db.execute(sql`UPDATE issues SET withdrawn_at = NULL WHERE id = ${ids.olderIssue}`);
      await app.db.execute(sql`UPDATE magazines SET name = 'Science Weekly' WHERE id = ${ids.science}`);
      await app.db.execute(sql`UPDATE stories SET title = 'Tides and moons' WHERE title = 'Tides and new moons'`);
      await titlesChanged();
    }
  });

  it('keeps answers apart for readers under different rules, and drops them when a library changes its rules', async () => {
    const found = async (token: string) => (await call<MagazineSearch>(app, '/api/catalogue/magazine-search?q=geographic', { token })).body.hits.map((h) => h.magName);
    expect(await found(member)).toEqual(['National Geographic Traveller']);
    // The school hides Travel: the member's kept answer is not theirs.
    expect(await found(school)).toEqual([]);
    const { libid } = (await verifySessionToken(member, TEST_JWT_SECRET))!;
    await setExcludedCategories(libid, ['Travel']);
    try {
      expect(await found(member)).toEqual([]);
    } finally {
      await setExcludedCategories(libid, []);
    }
    expect(await found(member)).toEqual(['National Geographic Traveller']);
  });
});

describe('hit counts stay honest past the bound', () => {
  it('counts matching issues exactly up to 1,000, then gives the estimate and says so, never promising an empty page', async () => {
    const { db } = app;
    await createCategory(db, { id: 33, name: 'Geography' });
    const atlas = await createMagazine(db, { name: 'Meridian Atlas', categoryId: 33, ageRating: 2 });
    const issueRows = Array.from({ length: 1_005 }, (_, i) => ({
      id: 8_000_000 + i,
      magazineId: atlas.magazine.id,
      name: `Edition ${i}`,
      issueDate: `${1900 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}-01`,
      pageCount: 1,
      coverPath: `covers/${8_000_000 + i}`,
      coverWidth: 200,
      coverHeight: 260,
    }));
    await db.insert(issues).values(issueRows);
    // 'longitude' on exactly 1,000 of them, 'meridian' on all 1,005.
    await db
      .insert(issuePages)
      .values(issueRows.map((issue, i) => ({ issueId: issue.id, pageNo: 1, imagePath: 'p', width: 1, height: 1, text: i < 1_000 ? 'Longitude and the meridian line.' : 'The meridian line.' })));
    type Counted = IssueSearch & { exhaustiveNbHits: boolean };
    const exact = await call<Counted>(app, '/api/catalogue/search_list?q=longitude', { token: member });
    expect(exact.body).toEqual(expect.objectContaining({ nbHits: 1_000, nbPages: 100, exhaustiveNbHits: true }));
    expect((await call<Counted>(app, '/api/catalogue/search_list?q=longitude&page=99', { token: member })).body.hits).toHaveLength(10);
    const past = await call<Counted>(app, '/api/catalogue/search_list?q=meridian', { token: member });
    expect(past.status).toBe(200);
    expect(past.body.exhaustiveNbHits).toBe(false);
    expect(past.body.nbHits).toBeGreaterThan(1_000);
    // Pages are promised only as far as the counted issues reach: the last one promised has hits.
    expect(past.body.nbPages).toBeLessThanOrEqual(101);
    expect((await call<Counted>(app, `/api/catalogue/search_list?q=meridian&page=${past.body.nbPages - 1}`, { token: member })).body.hits.length).toBeGreaterThan(0);
    const few = await call<Counted>(app, '/api/catalogue/search_list?q=quokka&age_rating=9', { token: member });
    expect(few.body).toEqual(expect.objectContaining({ nbHits: 4, exhaustiveNbHits: true }));
  });
});

describe('search_list finds the same answer either way to the matching pages', () => {
  it('lists the same issues, pages, highlights and counts whether the pages are listed first or each issue is walked', async () => {
    const claims = await verifySessionToken(member, TEST_JWT_SECRET);
    const viewer = await viewerFor({ claims: claims!, token: member, via: 'bearer', user: null });
    // 'meridian' is on 210 issues (the test above): past the window of 50 ranked issues, pages continue newest first.
    const asked = [
      { query: 'quokka', page: 0 },
      { query: 'lighthouse keeper', page: 0 },
      { query: 'natonal park', page: 0 },
      { query: 'meridian', page: 0 },
      { query: 'meridian', page: 4 },
      { query: 'meridian', page: 5 },
      { query: 'meridian', page: 21 },
      { query: 'quokka', page: 0, issueId: ids.olderIssue },
    ];
    for (const ask of asked) {
      const input = { viewer, includeGold: true, ...ask };
      const listed = await findIssues(input, 'pages');
      expect(listed).toEqual(await findIssues(input, 'walk'));
      if (ask.query === 'meridian' && ask.page < 21) expect(listed.hits).toHaveLength(10);
    }
  });
});

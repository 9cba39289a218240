import { and, eq } from 'drizzle-orm';
import { FIRST_WORDS_PREVIEW_MAGAZINE_ID, storyPreview } from '@/lib/story-preview';
import { stories, storyReads } from '@/server/db/schema';
import { call, startTestApp, type TestApp } from './helpers/app';
import { addMembership, createCategory, createLibrary, createMagazine, createStory, createUser, ensureLanguage, inDays, tokenFor } from './helpers/factories';
import { addFavouriteMagazine, addStoryRead } from './helpers/story-factories';

type Story = Record<string, unknown> & { artid: number; title: string };
interface List {
  Articles: Story[];
  page: number;
  nbPages: number;
  nbHits: number;
}

let app: TestApp;
const token = { open: '', school: '', fresh: '', expired: '' };
const user = { open: 0, fresh: 0 };
const id = { travelMag: 0, travelIssue: 0, fashionMag: 0, newsMag: 0, lateMag: 0, hindiMag: 0, special: 0, specialIssue: 0 };
const story: Record<string, Story & { id: number; canonUrl: string; slug: string; body: string; magazineId: number; issueId: number }> = {};
const LONG_BODY = Array.from({ length: 10 }, (_, i) => `Paragraph ${i + 1} tells part of the story of the harbour and the people who work on it every day.`).join('\n\n');

beforeAll(async () => {
  app = await startTestApp();
  await ensureLanguage(app.db, 'en', 'English');
  await ensureLanguage(app.db, 'hi', 'Hindi');
  await createCategory(app.db, { id: 21, name: 'Travel' });
  await createCategory(app.db, { id: 22, name: 'Fashion' });
  await createCategory(app.db, { id: 52, name: 'Newspapers' });
  await createCategory(app.db, { id: 154, name: 'Journals' });
  await createCategory(app.db, { id: 127, name: 'Internal' });

  const open = await createLibrary(app.db, { isNewspaper: 1, isJournal: 1 });
  const school = await createLibrary(app.db, { isNewspaper: 0, isJournal: 0, excludeCat: 'Fashion', ageRate: 4 });
  const a = await createUser(app.db);
  const b = await createUser(app.db);
  const c = await createUser(app.db);
  const d = await createUser(app.db);
  await addMembership(app.db, a.id, open.id, inDays(30));
  await addMembership(app.db, b.id, school.id, inDays(30));
  await addMembership(app.db, c.id, open.id, inDays(30));
  token.open = await tokenFor(a, open.id, inDays(30));
  token.school = await tokenFor(b, school.id, inDays(30));
  token.fresh = await tokenFor(c, open.id, inDays(30));
  token.expired = await tokenFor(d, open.id, inDays(-1));
  user.open = a.id;
  user.fresh = c.id;

  const travel = await createMagazine(app.db, { id: 1, name: 'Wanderlust Weekly', slug: 'wanderlust-weekly', categoryId: 21, ageRating: 3 });
  const fashion = await createMagazine(app.db, { id: 2, name: 'Runway Review', categoryId: 22, ageRating: 3 });
  const news = await createMagazine(app.db, { id: 3, name: 'Morning Ledger', categoryId: 52, ageRating: 3 });
  const journal = await createMagazine(app.db, { id: 4, name: 'Journal of Soil Science', categoryId: 154, ageRating: 3 });
  const hidden = await createMagazine(app.db, { id: 5, name: 'Hidden Title', categoryId: 127, ageRating: 1 });
  const late = await createMagazine(app.db, { id: 6, name: 'Late Night Travel', categoryId: 21, ageRating: 7 });
  const hindi = await createMagazine(app.db, { id: 7, name: 'Yatra', categoryId: 21, ageRating: 3, languageCode: 'hi' });
  const special = await createMagazine(app.db, { id: FIRST_WORDS_PREVIEW_MAGAZINE_ID, name: 'The Riverside Chronicle', categoryId: 21, ageRating: 3 });
  Object.assign(id, {
    travelMag: 1,
    travelIssue: travel.issue.id,
    fashionMag: 2,
    newsMag: 3,
    lateMag: 6,
    hindiMag: 7,
    special: FIRST_WORDS_PREVIEW_MAGAZINE_ID,
    specialIssue: special.issue.id,
  });

  const add = async (name: string, values: Parameters<typeof createStory>[1]) => {
    const row = await createStory(app.db, values);
    story[name] = { ...row, artid: row.id };
  };
  // 24 plain travel stories (pages of 20), oldest first, so 'travel-23' is the newest of them.
  for (let i = 0; i < 24; i += 1) {
    await add(`travel-${i}`, { magazineId: 1, issueId: travel.issue.id, categoryId: 21, pageNo: 40 - i, popularity: i, keywords: i % 2 ? ['islands', 'boats'] : ['mountains'] });
  }
  await add('cover', {
    magazineId: 1,
    issueId: travel.issue.id,
    categoryId: 21,
    isCover: true,
    title: 'Ten quiet islands',
    body: LONG_BODY,
    keywords: ['islands', 'slow travel'],
    isShoppable: true,
    pageNo: 2,
  });
  await add('fashion', { magazineId: 2, issueId: fashion.issue.id, categoryId: 22, isCover: true, title: 'Autumn tailoring on the runway' });
  await add('news', { magazineId: 3, issueId: news.issue.id, categoryId: 52, isCover: true, isNews: true, title: 'Council approves flyover' });
  await add('journal', { magazineId: 4, issueId: journal.issue.id, categoryId: 154, title: 'Soil carbon in dry farms' });
  await add('hidden', { magazineId: 5, issueId: hidden.issue.id, categoryId: 127, isCover: true, title: 'Internal memo' });
  await add('late', { magazineId: 6, issueId: late.issue.id, categoryId: 21, ageRating: 7, isCover: true, title: 'After dark in Berlin' });
  await add('hindi', { magazineId: 7, issueId: hindi.issue.id, categoryId: 21, languageCode: 'hi', isCover: true, title: 'पहाड़ों की यात्रा' });
  await add('special', { magazineId: FIRST_WORDS_PREVIEW_MAGAZINE_ID, issueId: special.issue.id, categoryId: 21, body: LONG_BODY, title: 'Harbour news' });
});

afterAll(async () => {
  await app.close();
});

const artids = (list: List) => list.Articles.map((s) => s.artid);

/** Every story of a list, page after page. */
async function allOf(path: string, options: { token?: string }): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 0; ; page += 1) {
    const res = await call<List>(app, `${path}&page=${page}`, options);
    ids.push(...artids(res.body));
    if (page + 1 >= res.body.nbPages) return ids;
  }
}

describe('GET /v1/article (every variant answers the spec’s list: Articles, page, nbPages, nbHits)', () => {
  it('section=sec_60 lists cover stories newest first, each with the fields of SPEC §3 Story from the server', async () => {
    const res = await call<List>(app, '/api/article/v1/article?storeID=1&section=sec_60&page=0&mlang=en', { token: token.open });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['Articles', 'nbHits', 'nbPages', 'page']);
    expect(artids(res.body)).toEqual([story.late.artid, story.news.artid, story.fashion.artid, story.cover.artid]);
    const cover = res.body.Articles.find((s) => s.artid === story.cover.artid)!;
    expect(cover).toEqual(
      expect.objectContaining({
        artid: story.cover.artid,
        title: 'Ten quiet islands',
        magname: 'Wanderlust Weekly',
        issuename: 'November 2026',
        time_read: 120,
        canon_url: story.cover.canonUrl,
        url: `/stories/${story.cover.canonUrl}`,
        base_img: expect.any(String),
        thumb: expect.any(String),
        short_desc: 'First paragraph.',
        shoppable: 1,
      }),
    );
    expect(res.body).toMatchObject({ page: 0, nbPages: 1, nbHits: 4 });
  });

  it('catID/categoryID pages a category in twenties, page numbers zero-based', async () => {
    const first = await call<List>(app, '/api/article/v1/article?storeID=1&catID=21&categoryID=21&page=0', { token: token.open });
    const second = await call<List>(app, '/api/article/v1/article?storeID=1&catID=21&categoryID=21&page=1', { token: token.open });
    // 24 plain + cover + late + Hindi + special = 28 travel stories.
    expect(first.body).toMatchObject({ page: 0, nbPages: 2, nbHits: 28 });
    expect(first.body.Articles).toHaveLength(20);
    expect(second.body.Articles).toHaveLength(8);
    expect(second.body.page).toBe(1);
    expect(artids(first.body).filter((a) => artids(second.body).includes(a))).toEqual([]);
    const one = await call<List>(app, '/api/article/v1/article?categoryID=21&mlang=hi', { token: token.open });
    expect(artids(one.body)).toEqual([story.hindi.artid]);
  });

  it('personaCat=RC lists Latest Stories; personaCat=recom puts a member’s favourite magazine first and falls back to Latest', async () => {
    const latest = await call<List>(app, '/api/article/v1/article?storeID=1&personaCat=RC&page=0', { token: token.open });
    expect(latest.body.nbHits).toBe(31);
    await addFavouriteMagazine(app.db, user.open, id.hindiMag);
    await addStoryRead(app.db, user.open, story.special.id);
    const forYou = await call<List>(app, '/api/article/v1/article?storeID=1&personaCat=recom&page=0', { token: token.open });
    expect(forYou.body.Articles[0].artid).toBe(story.hindi.artid);
    // Then the category the member read in (Travel), the read story itself after the unread ones.
    expect(forYou.body.Articles.slice(1, 5).every((s) => [1, 6, FIRST_WORDS_PREVIEW_MAGAZINE_ID].includes(s.mid as number))).toBe(true);
    const fresh = await call<List>(app, '/api/article/v1/article?storeID=1&personaCat=recom&page=0', { token: token.fresh });
    expect(artids(fresh.body)).toEqual(artids(latest.body));
  });

  it('issueid lists the stories of an issue in page order; storyCat takes the fixed ids or a category id with mlang', async () => {
    const issue = await call<List>(app, `/api/article/v1/article?issueid=${id.travelIssue}`, { token: token.open });
    expect(issue.body.Articles[0].artid).toBe(story.cover.artid);
    expect(issue.body.nbHits).toBe(25);
    const cover = await call<List>(app, '/api/article/v1/article?storeID=1&storyCat=sec_60&mlang=en', { token: token.open });
    expect(artids(cover.body)).not.toContain(story.hindi.artid);
    expect(artids(cover.body)).toContain(story.cover.artid);
    const byCategory = await call<List>(app, '/api/article/v1/article?storeID=1&storyCat=22', { token: token.open });
    expect(artids(byCategory.body)).toEqual([story.fashion.artid]);
  });

  it('answers 400 naming the field for a missing, doubled or unknown selector and a bad page', async () => {
    for (const [query, field] of [
      ['storeID=1', 'section'],
      ['section=sec_99', 'section'],
      ['section=sec_60&catID=21', 'catID'],
      ['catID=21&categoryID=22', 'categoryID'],
      ['personaCat=everything', 'personaCat'],
      ['storyCat=abc', 'storyCat'],
      ['section=sec_60&page=-1', 'page'],
      ['section=sec_60&page=two', 'page'],
      ['catID=0', 'catID'],
      ['section=sec_60&mlang=english', 'mlang'],
    ]) {
      const res = await call(app, `/api/article/v1/article?${query}`, { token: token.open });
      expect({ query, status: res.status, field: res.body.field }).toEqual({ query, status: 400, field });
    }
  });
});

describe('age rating and category visibility (SPEC §5), in the queries', () => {
  it('never shows category 127; shows newspapers and journals only to a library that allows them', async () => {
    const open = await allOf('/api/article/v1/article?personaCat=RC', { token: token.open });
    expect(open).toEqual(expect.arrayContaining([story.news.artid, story.journal.artid, story.fashion.artid]));
    expect(open).not.toContain(story.hidden.artid);
    const school = await allOf('/api/article/v1/article?personaCat=RC', { token: token.school });
    expect(school.length).toBeGreaterThan(20);
    expect(school.some((a) => [story.news.artid, story.journal.artid, story.fashion.artid, story.hidden.artid].includes(a))).toBe(false);
  });

  it('hides the library’s exclude_cat even when asked for by id', async () => {
    const res = await call<List>(app, '/api/article/v1/article?catID=22', { token: token.school });
    expect(res.body).toMatchObject({ Articles: [], nbHits: 0, nbPages: 0 });
  });

  it('applies no age filter at the default 9, narrows when the client asks, and never widens past the library’s age rate', async () => {
    const all = await call<List>(app, '/api/article/v1/article?section=sec_60', { token: token.open });
    expect(artids(all.body)).toContain(story.late.artid);
    const narrowed = await call<List>(app, '/api/article/v1/article?section=sec_60&age_rating=5', { token: token.open });
    expect(artids(narrowed.body)).not.toContain(story.late.artid);
    const widened = await call<List>(app, '/api/article/v1/article?section=sec_60&age_rating=9', { token: token.school });
    expect(artids(widened.body)).not.toContain(story.late.artid);
    expect(artids(widened.body)).toContain(story.cover.artid);
  });

  it('keeps hidden stories out of details, search and related stories too', async () => {
    const details = await call(app, `/api/article/v1/article/2/${story.fashion.issueId}/${story.fashion.artid}`, { token: token.school });
    expect(details.status).toBe(404);
    const search = await call<List>(app, '/api/article/v1/article-search?query=runway', { token: token.school });
    expect(search.body.nbHits).toBe(0);
    const related = await call<{ hits: Story[] }>(app, '/api/article/magazine-related?mid=2', { token: token.school });
    expect(related.body.hits).toEqual([]);
  });
});

describe('GET /v1/article-filter', () => {
  it('lists a magazine’s stories (magid, lang_code)', async () => {
    const res = await call<List>(app, `/api/article/v1/article-filter?storeID=1&magid=${id.lateMag}&page=0`, { token: token.open });
    expect(artids(res.body)).toEqual([story.late.artid]);
    const none = await call<List>(app, `/api/article/v1/article-filter?storeID=1&magid=${id.hindiMag}&lang_code=en`, { token: token.open });
    expect(none.body.Articles).toEqual([]);
  });

  it('lists stories carrying any of the keywords', async () => {
    const res = await call<List>(app, '/api/article/v1/article-filter?storeID=1&keywords=slow%20travel&page=0', { token: token.open });
    expect(artids(res.body)).toEqual([story.cover.artid]);
    const islands = await call<List>(app, '/api/article/v1/article-filter?keywords=Islands,mountains', { token: token.open });
    expect(islands.body.nbHits).toBe(25);
  });

  it('answers 400 naming the field without magid or keywords, with both, or with an odd keyword', async () => {
    for (const [query, field] of [
      ['storeID=1', 'magid'],
      ['magid=1&keywords=boats', 'keywords'],
      ['keywords=%3Cscript%3E', 'keywords'],
      ['magid=x', 'magid'],
    ]) {
      const res = await call(app, `/api/article/v1/article-filter?${query}`, { token: token.open });
      expect({ query, status: res.status, field: res.body.field }).toEqual({ query, status: 400, field });
    }
  });
});

describe('article search and magazine-related', () => {
  it('finds stories by every word of the query, title matches first, in the spec’s answer', async () => {
    const res = await call<List>(app, '/api/article/v1/article-search?query=quiet%20islands&storeID=1&page=0', { token: token.open });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ Articles: [expect.objectContaining({ artid: story.cover.artid })], page: 0, nbPages: 1, nbHits: 1 });
    const keyword = await call<List>(app, '/api/article/v1/article-search?query=boats', { token: token.open });
    expect(keyword.body.nbHits).toBe(12);
    const empty = await call<List>(app, '/api/article/v1/article-search?query=', { token: token.open });
    expect(empty.body).toEqual({ Articles: [], page: 0, nbPages: 0, nbHits: 0 });
  });

  it('treats LIKE wildcards in a query as characters', async () => {
    const res = await call<List>(app, '/api/article/v1/article-search?query=%25', { token: token.open });
    expect(res.body.nbHits).toBe(0);
  });

  it('magazine-related answers hits: the magazine’s own stories first, then its category', async () => {
    const res = await call<{ hits: Story[]; page: number; nbPages: number; nbHits: number }>(app, `/api/article/magazine-related?mid=${id.lateMag}&page=0`, { token: token.open });
    expect(res.body.hits[0].artid).toBe(story.late.artid);
    expect(res.body.hits).toHaveLength(10);
    expect(res.body.hits.every((s) => [1, 6, 7, FIRST_WORDS_PREVIEW_MAGAZINE_ID].includes(s.mid as number))).toBe(true);
    expect(res.body).toMatchObject({ page: 0, nbHits: 28, nbPages: 3 });
    const missing = await call(app, '/api/article/magazine-related', { token: token.open });
    expect(missing.body).toMatchObject({ status: 400, field: 'mid' });
  });
});

describe('article details by id and by url', () => {
  type Details = { status: string; data: Story & { body: string; is_preview: number; keywords: string[] } };

  it('gives a member the whole story and records the read once', async () => {
    const path = `/api/article/v1/article/${id.travelMag}/${id.travelIssue}/${story.cover.artid}`;
    const res = await call<Details>(app, path, { token: token.fresh });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(
      expect.objectContaining({ artid: story.cover.artid, title: 'Ten quiet islands', body: LONG_BODY, is_preview: 0, keywords: ['islands', 'slow travel'], lang: 'en', cat_name: 'Travel' }),
    );
    await call(app, path, { token: token.fresh });
    const reads = await app.db.select().from(storyReads).where(and(eq(storyReads.userId, user.fresh), eq(storyReads.storyId, story.cover.id)));
    expect(reads).toHaveLength(1);
    const [row] = await app.db.select({ popularity: stories.popularity }).from(stories).where(eq(stories.id, story.cover.id));
    expect(row.popularity).toBe(1);
  });

  it('gives someone without a session, or whose membership ended, the preview of SPEC §4', async () => {
    const path = `/api/article/v1/article/${id.travelMag}/${id.travelIssue}/${story.cover.artid}`;
    for (const options of [{}, { token: token.expired }]) {
      const res = await call<Details>(app, path, options);
      expect(res.body.data.is_preview).toBe(1);
      expect(res.body.data.body).toBe(storyPreview(LONG_BODY, id.travelMag));
      expect(res.body.data.body.length).toBeLessThanOrEqual(LONG_BODY.length * 0.3);
    }
    const special = await call<Details>(app, `/api/article/v1/article/${id.special}/${id.specialIssue}/${story.special.artid}`);
    expect(special.body.data.body.replace('…', '').split(/\s+/)).toHaveLength(30);
  });

  it('answers 404 when the three ids do not name one story, and 400 naming a malformed id', async () => {
    const wrong = await call(app, `/api/article/v1/article/${id.lateMag}/${id.travelIssue}/${story.cover.artid}`, { token: token.open });
    expect(wrong).toMatchObject({ status: 404, body: { status: 404, message: 'Story not found' } });
    const bad = await call(app, `/api/article/v1/article/abc/${id.travelIssue}/${story.cover.artid}`, { token: token.open });
    expect(bad).toMatchObject({ status: 400, body: { field: 'mid' } });
  });

  it('finds a story by its address: /stories/{canonical path}, a full URL, the path alone, or /stories/{slug}', async () => {
    for (const url of [`/stories/${story.cover.canonUrl}`, `https://reader.example/stories/${story.cover.canonUrl}?lang=hi`, story.cover.canonUrl, `/stories/${story.cover.slug}`]) {
      const res = await call<Details>(app, `/api/article/v1/article-by-url?url=${encodeURIComponent(url)}`, { token: token.open });
      expect({ url, artid: res.body.data?.artid }).toEqual({ url, artid: story.cover.artid });
    }
    const missing = await call(app, `/api/article/v1/article-by-url?url=${encodeURIComponent('/stories/travel/nothing/1/here')}`, { token: token.open });
    expect(missing.status).toBe(404);
    const bad = await call(app, '/api/article/v1/article-by-url?url=%2Fstories%2Fcategory%2FTravel%2F21', { token: token.open });
    expect(bad).toMatchObject({ status: 400, body: { field: 'url' } });
  });
});

// First: it sets MEDIA_DIR before server/config reads it.
// eslint-disable-next-line import/order
import { TEST_MEDIA_DIR, addPages } from './helpers/reader-factories';
import fs from 'node:fs';
import type { GetServerSidePropsContext } from 'next';
import { eq, sql } from 'drizzle-orm';
import { SESSION_COOKIE } from '@/lib/cookies';
import { getServerSideProps as reportsPage } from '@/pages/admin/libraries/[libraryId]/reports';
import { getServerSideProps as readerPage } from '@/pages/reader/[code]/[issue]';
import { getServerSideProps as searchPage } from '@/pages/search';
import { getServerSideProps as storyPage } from '@/pages/stories/[...path]';
import { libraryStaff, usageEvents, usageSearches } from '@/server/db/schema';
import { countSearch } from '@/server/usage/counting';
import { addMembership, createCategory, createMagazine, createStory, createUser, inDays, tokenFor } from './helpers/factories';
import { call, startTestApp, type TestApp } from './helpers/app';
import { consoleCast, type ConsoleCast } from './helpers/console';

let app: TestApp;
let cast: ConsoleCast;
let reader = { id: 0, token: '' };
const title = { id: 0, issue: 0, storyPath: '' };

function context(path: string, params: Record<string, string | string[]>, token?: string) {
  const res = { statusCode: 200, setHeader: () => undefined, getHeader: () => undefined } as unknown as GetServerSidePropsContext['res'];
  const req = { cookies: token ? { [SESSION_COOKIE]: token } : {}, headers: { host: 'library.test' }, socket: {}, url: path } as unknown as GetServerSidePropsContext['req'];
  return { req, res, params, query: {}, resolvedUrl: path } as unknown as GetServerSidePropsContext;
}

/** Counting does not hold up the page: wait for the rows of one kind to land. */
async function counted(kind: 'issue' | 'story', expected: number) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const rows = await app.db.select().from(usageEvents).where(eq(usageEvents.kind, kind));
    if (rows.length >= expected) return rows;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return app.db.select().from(usageEvents).where(eq(usageEvents.kind, kind));
}

beforeAll(async () => {
  app = await startTestApp();
  cast = await consoleCast(app.db);
  await createCategory(app.db, { id: 21, name: 'Travel' });
  const { magazine, issue } = await createMagazine(app.db, { categoryId: 21, ageRating: 3 });
  await addPages(app.db, issue.id, 4);
  const story = await createStory(app.db, { magazineId: magazine.id, issueId: issue.id, categoryId: 21 });
  Object.assign(title, { id: magazine.id, issue: issue.id, storyPath: story.canonUrl });
  const user = await createUser(app.db);
  await addMembership(app.db, user.id, cast.libraryA.id, inDays(30));
  reader = { id: user.id, token: await tokenFor(user, cast.libraryA.id, inDays(30)) };
});
afterAll(async () => {
  await app.close();
  fs.rmSync(TEST_MEDIA_DIR, { recursive: true, force: true });
});

describe('reading pages are counted', () => {
  it('counts the reader page opening an issue, and a story page opened in full', async () => {
    const code = await call<{ code: string }>(app, '/api/user/genCode?isLib=1', { token: reader.token, body: { user_id: reader.id, issue: title.issue, lib_id: cast.libraryA.id } });
    const page = await readerPage(context(`/reader/${code.body.code}/${title.issue}`, { code: code.body.code, issue: String(title.issue) }, reader.token));
    expect(page).toMatchObject({ props: { screen: 'reader' } });
    expect(await counted('issue', 1)).toEqual([expect.objectContaining({ libraryId: cast.libraryA.id, titleId: title.id, issueId: title.issue })]);
    const story = await storyPage(context(`/stories/${title.storyPath}`, { path: title.storyPath.split('/') }, reader.token));
    expect(story).toHaveProperty('props');
    expect(await counted('story', 1)).toEqual([expect.objectContaining({ libraryId: cast.libraryA.id, titleId: title.id })]);
  });
});

describe('the search page is counted', () => {
  it('counts its first results as one search (Searches_Platform) on either tab, and the page without words as none', async () => {
    const search = (query: Record<string, string>) => ({ ...context('/search', {}, reader.token), query });
    const queries: Record<string, string>[] = [{ q: 'harbour' }, { q: 'harbour', tab: '1' }, {}];
    for (const query of queries) expect(await searchPage(search(query))).toHaveProperty('props');
    let rows: (typeof usageSearches.$inferSelect)[] = [];
    for (let attempt = 0; attempt < 100 && rows.length < 2; attempt += 1) {
      rows = await app.db.select().from(usageSearches);
      if (rows.length < 2) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await new Promise((resolve) => setTimeout(resolve, 60));
    rows = await app.db.select().from(usageSearches);
    expect(rows.map((row) => row.libraryId)).toEqual([cast.libraryA.id, cast.libraryA.id]);
  });

  it('counts every search of a burst, written together instead of one insert and commit each', async () => {
    const libraryId = cast.libraryB.id;
    const ofLibrary = () => app.db.select().from(usageSearches).where(eq(usageSearches.libraryId, libraryId));
    expect(await ofLibrary()).toEqual([]);
    const writes = Array.from({ length: 300 }, (_, i) => countSearch({ libraryId, reader: `member:${i % 7}` }));
    // Searches accepted while a write waits share it.
    expect(new Set(writes).size).toBe(1);
    await Promise.all(writes);
    try {
      const rows = await ofLibrary();
      expect(rows).toHaveLength(300);
      expect(new Set(rows.map((row) => row.sessionHash)).size).toBe(7);
    } finally {
      await app.db.delete(usageSearches).where(eq(usageSearches.libraryId, libraryId));
    }
  });
});

describe('/admin/libraries/{id}/reports', () => {
  const path = () => `/admin/libraries/${cast.libraryA.id}/reports`;
  const params = () => ({ libraryId: String(cast.libraryA.id) });

  it('sends a signed-out visitor to sign in', async () => {
    expect(await reportsPage(context(path(), params()))).toEqual({ redirect: { destination: '/login', permanent: false } });
  });

  it('answers 403 to a member and to staff of another library', async () => {
    const staffB = await createUser(app.db);
    await app.db.insert(libraryStaff).values({ userId: staffB.id, libraryId: cast.libraryB.id });
    for (const token of [reader.token, cast.tokens.member, await tokenFor(staffB, 0, null)]) {
      const ctx = context(path(), params(), token);
      expect(await reportsPage(ctx)).toEqual({ props: { forbidden: true } });
      expect(ctx.res.statusCode).toBe(403);
    }
  });

  it('shows the library’s staff and an operator PR_P1 of the last complete month, loaded for the first paint', async () => {
    // As if the reading and searches above had been last month: the month in progress is still being counted.
    await app.db.update(usageEvents).set({ day: sql`${usageEvents.day} - interval '1 month'`, hour: sql`${usageEvents.hour} - interval '1 month'` }).where(eq(usageEvents.libraryId, cast.libraryA.id));
    await app.db.update(usageSearches).set({ day: sql`${usageSearches.day} - interval '1 month'`, hour: sql`${usageSearches.hour} - interval '1 month'` }).where(eq(usageSearches.libraryId, cast.libraryA.id));
    for (const token of [cast.tokens.staffA, cast.tokens.operator]) {
      const result = (await reportsPage(context(path(), params(), token))) as { props: Record<string, unknown> };
      const now = new Date();
      const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
      expect(result.props).toMatchObject({ libraryId: cast.libraryA.id, libraryName: 'Library A', reportId: 'PR_P1', begin: lastMonth, end: lastMonth });
      const report = result.props.report as { reportId: string; months: string[]; rows: { metricType: string; total: number }[] };
      expect(report.reportId).toBe('PR_P1');
      expect(report.months).toEqual([lastMonth]);
      expect(report.rows.map((row) => [row.metricType, row.total])).toEqual([
        ['Total_Item_Requests', 2],
        ['Unique_Item_Requests', 2],
        ['Searches_Platform', 2],
      ]);
    }
  });

  it('is not found for a library id that is not a number or not there', async () => {
    expect(await reportsPage(context('/admin/libraries/x/reports', { libraryId: 'x' }, cast.tokens.operator))).toEqual({ notFound: true });
    expect(await reportsPage(context('/admin/libraries/999999/reports', { libraryId: '999999' }, cast.tokens.operator))).toEqual({ notFound: true });
  });
});

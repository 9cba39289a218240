// First: it sets MEDIA_DIR before server/config reads it.
// eslint-disable-next-line import/order
import { IMPORT_MEDIA_DIR, pdfFolder, runImport } from './helpers/import';
import fs from 'node:fs';
import path from 'node:path';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { fillerLines, makeSamplePdf } from '@/bench/samples';
import { bookmarks, favourites, issuePages, issues, libraries, libraryCollectionTitles, readingProgress, stories } from '@/server/db/schema';
import { importFile } from '@/server/import';
import { drawCounts, drawIssuePages, stopDrawing } from '@/server/import/draw';
import { PagePool } from '@/server/import/workers';
import { call, startTestApp, type TestApp } from './helpers/app';
import { consoleCast, type ConsoleCast } from './helpers/console';
import { createCategory, createUser, tokenFor } from './helpers/factories';
import { ensureSearchLanguage } from './helpers/search-factories';

/**
 * Readable in seconds (issue 28): an issue's rows commit before its pages are drawn, a page asked for before it is
 * drawn is drawn then and kept (and not drawn again by the background drawing), a redraw changes only the images,
 * and the original PDF is kept for its library's staff to download.
 */

jest.setTimeout(300_000);
process.env.IMPORT_WORKERS = '1';

let app: TestApp;
let cast: ConsoleCast;
let pool: PagePool;
const PAGES = 80;
const dir = pdfFolder('drawing');
const file = path.join(dir, 'Slow Tides - 2026-04-01.pdf');
let issueId = 0;

type ReaderIssue = { pages: { pageNo: number; src: string[] }[] };
type IssueSearch = { hits: { pages: { page: number }[]; issue: { iss_id: number } }[] };

async function readerPages(token: string, libraryId: number, userId: number): Promise<ReaderIssue['pages']> {
  const coded = await call<{ code: string }>(app, '/api/user/genCode?isLib=1', {
    token,
    body: { user_id: userId, issue: issueId, lib_id: libraryId, ageRating: 5, readtype: 'reader', store_id: 1, user_con: 'IN', userLang: 'en', purType: 1, isnews: 0, device: 'web', clvr: 't', 'Is Gold': 1 },
  });
  expect(coded.status).toBe(200);
  const res = await call<ReaderIssue>(app, `/api/reader/issue?code=${encodeURIComponent(coded.body.code)}&issue=${issueId}`, { token });
  expect(res.status).toBe(200);
  return res.body.pages;
}

/** A row without the fields named. */
function without(row: object, fields: string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).filter(([key]) => !fields.includes(key)));
}

async function undrawn(): Promise<number[]> {
  const rows = await app.db
    .select({ pageNo: issuePages.pageNo })
    .from(issuePages)
    .where(and(eq(issuePages.issueId, issueId), isNull(issuePages.drawnAt)))
    .orderBy(asc(issuePages.pageNo));
  return rows.map((row) => row.pageNo);
}

beforeAll(async () => {
  app = await startTestApp();
  await ensureSearchLanguage(app.db, 'en', 'English', 'english');
  await createCategory(app.db, { id: 41, name: 'Travel' });
  cast = await consoleCast(app.db);
  pool = new PagePool(1);
  fs.writeFileSync(path.join(dir, 'title.json'), JSON.stringify({ category: 'Travel', language: 'en', ageRating: 3 }));
  const pages = Array.from({ length: PAGES }, (_, i) => ({
    lines: [`Slow Tides page ${i + 1}`, ...(i + 1 === 60 ? ['A zephyrquill rowed past the pier.'] : []), ...fillerLines(i + 1, 12)],
    picture: i % 5 === 0,
  }));
  fs.writeFileSync(file, await makeSamplePdf({ pages, outline: [{ title: 'Harbour Lights', pageNo: 3 }], info: { title: 'Slow Tides' } }));
});

afterAll(async () => {
  await stopDrawing();
  await pool?.close();
  await app?.close();
});

describe('an issue readable before its pages are drawn', () => {
  it('is listed and searchable once its rows commit, with no page drawn yet', async () => {
    const outcome = await importFile(file, { pool });
    expect(outcome).toMatchObject({ status: 'imported', pages: PAGES });
    issueId = (outcome as { issueId: number }).issueId;
    expect(await undrawn()).toHaveLength(PAGES);
    const [issue] = await app.db.select().from(issues).where(eq(issues.id, issueId));
    expect(issue.pagesDrawnAt).toBeNull();
    expect(fs.existsSync(path.join(IMPORT_MEDIA_DIR, 'pages', String(issueId)))).toBe(false);
    const found = await call<IssueSearch>(app, '/api/catalogue/search_list?q=zephyrquill&isGold=1', { token: cast.tokens.member });
    expect(found.body.hits.map((hit) => [hit.issue.iss_id, hit.pages.map((p) => p.page)])).toEqual([[issueId, [60]]]);
  });

  it('gives a member page 60 while the pages are being drawn, and the background drawing does not draw it again', async () => {
    const pages = await readerPages(cast.tokens.member, cast.libraryA.id, cast.member.id);
    // The background drawing starts at page 1, one page at a time.
    const drawing = drawIssuePages(issueId, { pool, concurrency: 1 });
    const image = await fetch(`${app.baseUrl}${pages[59].src[0]}`, { headers: { accept: 'image/webp', authorization: `Bearer ${cast.tokens.member}` } });
    expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/webp']);
    expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    // Page 60 arrived while the pages before it were still to draw.
    const stillUndrawn = await undrawn();
    expect(stillUndrawn).not.toContain(60);
    expect(stillUndrawn.length).toBeGreaterThan(20);

    const background = await drawing;
    expect(background.finished).toBe(true);
    // It drew every page but those a member's reader drew first: page 60, and the first pages the reader warms.
    expect(background.drawn).toBeLessThanOrEqual(PAGES - 1);
    expect(background.drawn).toBeGreaterThan(PAGES - 5);
    const counts = drawCounts(issueId);
    expect(counts.get(60)).toBe(1);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(counts.size).toBe(PAGES);
    expect(await undrawn()).toEqual([]);
    const [issue] = await app.db.select().from(issues).where(eq(issues.id, issueId));
    expect(issue.pagesDrawnAt).not.toBeNull();
    // The cover and the story's picture were drawn with their pages.
    expect(fs.existsSync(path.join(IMPORT_MEDIA_DIR, issue.coverPath, 'view', '2.webp'))).toBe(true);
    const [story] = await app.db.select().from(stories).where(eq(stories.issueId, issueId));
    expect(fs.existsSync(path.join(IMPORT_MEDIA_DIR, story.imagePath, 'view', '1.webp'))).toBe(true);
  });
});

describe('the original PDF, kept beside its issue', () => {
  beforeAll(async () => {
    // Library A licenses the title; library B licenses other titles only.
    const [issue] = await app.db.select({ magazineId: issues.magazineId }).from(issues).where(eq(issues.id, issueId));
    await app.db.update(libraries).set({ collectionMode: 'chosen' }).where(eq(libraries.id, cast.libraryA.id));
    await app.db.insert(libraryCollectionTitles).values({ libraryId: cast.libraryA.id, magazineId: issue.magazineId });
    await app.db.update(libraries).set({ collectionMode: 'chosen' }).where(eq(libraries.id, cast.libraryB.id));
  });

  it('downloads for its library’s staff, byte for byte', async () => {
    const res = await fetch(`${app.baseUrl}/api/admin/libraries/${cast.libraryA.id}/issues/${issueId}/original`, { headers: { authorization: `Bearer ${cast.tokens.staffA}` } });
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="Slow Tides - 1 April 2026.pdf"');
    expect(Buffer.from(await res.arrayBuffer()).equals(fs.readFileSync(file))).toBe(true);
  });

  it('is refused (403) to another library’s staff, through either library, and 401 without a session', async () => {
    const staffB = await createUser(app.db, { firstName: 'Bea', lastName: 'Staff' });
    const { libraryStaff } = await import('@/server/db/schema');
    await app.db.insert(libraryStaff).values({ userId: staffB.id, libraryId: cast.libraryB.id });
    const tokenB = await tokenFor(staffB, 0, null);
    const own = await call(app, `/api/admin/libraries/${cast.libraryB.id}/issues/${issueId}/original`, { token: tokenB });
    expect(own.status).toBe(403);
    const other = await call(app, `/api/admin/libraries/${cast.libraryA.id}/issues/${issueId}/original`, { token: tokenB });
    expect(other.status).toBe(403);
    const none = await call(app, `/api/admin/libraries/${cast.libraryA.id}/issues/${issueId}/original`);
    expect(none.status).toBe(401);
    const member = await call(app, `/api/admin/libraries/${cast.libraryA.id}/issues/${issueId}/original`, { token: cast.tokens.member });
    expect(member.status).toBe(403);
  });
});

describe('npm run import -- --redraw', () => {
  it('keeps the issue’s id, favourites, reading places and links, and changes only its images', async () => {
    const [before] = await app.db.select().from(issues).where(eq(issues.id, issueId));
    await app.db.insert(favourites).values({ userId: cast.member.id, magazineId: before.magazineId });
    await app.db.insert(readingProgress).values({ userId: cast.member.id, issueId, page: 42 });
    await app.db.insert(bookmarks).values({ userId: cast.member.id, libraryId: cast.libraryA.id, issueId, pageNo: 60, name: 'The rower' });
    const pagesBefore = await app.db.select().from(issuePages).where(eq(issuePages.issueId, issueId)).orderBy(asc(issuePages.pageNo));
    const storiesBefore = await app.db.select().from(stories).where(eq(stories.issueId, issueId));
    const master = path.join(IMPORT_MEDIA_DIR, 'pages', String(issueId), '60', 'view', '3.webp');
    const masterBefore = fs.statSync(master);
    // A size the reader made from the old master: it goes with it.
    const oldTwin = path.join(IMPORT_MEDIA_DIR, 'pages', String(issueId), '60', 'view', '1.webp');
    expect(fs.existsSync(oldTwin)).toBe(true);

    const run = await runImport('--redraw', String(issueId), '--workers', '1');
    expect(run.output).toContain(`drew issue ${issueId}`);
    expect(run.output).toContain('Redraw: 1 issues marked, 1 drawn again; 0 still drawing.');
    expect(run.code).toBe(0);

    const [after] = await app.db.select().from(issues).where(eq(issues.id, issueId));
    const imageFields = ['coverPath', 'updatedAt', 'drawVersion', 'pagesDrawnAt'];
    // The issue row is the same but for its images' addresses.
    expect(without(after, imageFields)).toEqual(without(before, imageFields));
    expect(after.pagesDrawnAt).not.toBeNull();
    expect(after.drawVersion).not.toBe(before.drawVersion);
    const [coverBefore, coverAfter] = [before.coverPath, after.coverPath];
    expect(coverAfter).not.toBe(coverBefore);
    expect(fs.existsSync(path.join(IMPORT_MEDIA_DIR, coverBefore))).toBe(false);
    expect(fs.existsSync(path.join(IMPORT_MEDIA_DIR, coverAfter, 'view', '2.webp'))).toBe(true);

    const pagesAfter = await app.db.select().from(issuePages).where(eq(issuePages.issueId, issueId)).orderBy(asc(issuePages.pageNo));
    const strip = (rows: typeof pagesBefore) => rows.map((row) => without(row, ['drawnAt', 'drawClaimedAt']));
    expect(strip(pagesAfter)).toEqual(strip(pagesBefore));
    const storiesAfter = await app.db.select().from(stories).where(eq(stories.issueId, issueId));
    expect(storiesAfter.map((row) => without(row, ['imagePath', 'updatedAt']))).toEqual(storiesBefore.map((row) => without(row, ['imagePath', 'updatedAt'])));
    expect(storiesAfter[0].imagePath).not.toBe(storiesBefore[0].imagePath);

    expect(await app.db.select().from(favourites).where(eq(favourites.userId, cast.member.id))).toHaveLength(1);
    expect((await app.db.select().from(readingProgress).where(eq(readingProgress.userId, cast.member.id)))[0]).toMatchObject({ issueId, page: 42 });
    expect(await app.db.select().from(bookmarks).where(eq(bookmarks.userId, cast.member.id))).toEqual([expect.objectContaining({ issueId, pageNo: 60, name: 'The rower' })]);

    // The image is drawn anew; the sizes made from the old one went with it.
    const masterAfter = fs.statSync(master);
    expect(masterAfter.mtimeMs).toBeGreaterThan(masterBefore.mtimeMs);
    expect(fs.readdirSync(path.dirname(master))).toEqual(['3.webp']);
    // The same reader links still open the page.
    const pages = await readerPages(cast.tokens.member, cast.libraryA.id, cast.member.id);
    const image = await fetch(`${app.baseUrl}${pages[59].src[0]}`, { headers: { accept: 'image/webp', authorization: `Bearer ${cast.tokens.member}` } });
    expect(image.status).toBe(200);
  });
});

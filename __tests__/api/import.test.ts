// First: it sets MEDIA_DIR before server/config reads it.
// eslint-disable-next-line import/order
import { IMPORT_DATA_DIR, IMPORT_MEDIA_DIR, mediaFiles, pdfFolder, runImport, startImport } from './helpers/import';
import fs from 'node:fs';
import path from 'node:path';
import { asc, count, eq, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { Client } from 'pg';
import sharp from 'sharp';
import { favourites, issuePages, issues, magazines, readingProgress, stories } from '@/server/db/schema';
import { fillerLines, makeSamplePdf, type SamplePage } from '@/bench/samples';
import { call, freshDatabase, startTestApp, type TestApp } from './helpers/app';
import { addMembership, createCategory, createLibrary, createUser, inDays, tokenFor } from './helpers/factories';
import { ensureSearchLanguage } from './helpers/search-factories';
import { readerCodeFor } from './helpers/reader-code';

jest.setTimeout(240_000);

let app: TestApp;
let member: { id: number; library: number; token: string };
const TRAVEL = 41;

type IssueSearch = { hits: { pages: { page: number; _highLight: string }[]; issue: { iss_id: number; iss_name: string; iss_date: string } }[] };
type StoryList = { Articles: { artid: number; title: string; issuename: string }[] };

/** Five pages: a word only on page 3, an outline of two stories (pages 2-3 and 4-5), page 5 a landscape spread. */
function harbourPages(word: string): SamplePage[] {
  return [
    { lines: ['Harbour Weekly', 'The week on the water.'] },
    { lines: ['Tides of the Old Port', 'Ferrymen remember the winter storms.', ...fillerLines(2)], picture: true },
    { lines: ['Tides continued', `A ${word} was seen near the breakwater.`, ...fillerLines(3)] },
    { lines: ['Lighthouse Suppers', 'Keepers cooked mackerel over driftwood.', ...fillerLines(4)] },
    { landscape: true, lines: ['The estuary spread', 'From the swing bridge to the sea.'] },
  ];
}

async function issueCounts() {
  const [issueRows] = await app.db.select({ n: count() }).from(issues);
  const [pageRows] = await app.db.select({ n: count() }).from(issuePages);
  const [storyRows] = await app.db.select({ n: count() }).from(stories);
  const [titleRows] = await app.db.select({ n: count() }).from(magazines);
  return { issues: issueRows.n, pages: pageRows.n, stories: storyRows.n, titles: titleRows.n };
}

function readerCode(issueId: number): Promise<string> {
  return readerCodeFor(app, member, issueId);
}

/** Whether the planner has statistics for the pages' search column (1) or not (0). */
async function searchStatistics(): Promise<number> {
  const result = await app.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM pg_stats WHERE tablename = 'issue_pages' AND attname = 'search_vector'`);
  return result.rows[0].n;
}

const dir = pdfFolder('harbour');
// The PDF's own Title names the magazine; the file name gives the date; the sidecar what neither can.
const file = path.join(dir, 'hw-scan - 2026-05-14.pdf');
let issueId = 0;

beforeAll(async () => {
  app = await startTestApp();
  await ensureSearchLanguage(app.db, 'en', 'English', 'english');
  await createCategory(app.db, { id: TRAVEL, name: 'Travel' });
  const library = await createLibrary(app.db, { isNewspaper: 1, isJournal: 1 });
  const user = await createUser(app.db);
  await addMembership(app.db, user.id, library.id, inDays(30));
  member = { id: user.id, library: library.id, token: await tokenFor(user, library.id, inDays(30)) };
  fs.writeFileSync(path.join(dir, 'title.json'), JSON.stringify({ category: 'Travel', language: 'en', ageRating: 3, publisher: 'Harbour Society' }));
  fs.writeFileSync(
    file,
    await makeSamplePdf({
      pages: harbourPages('quixotrel'),
      outline: [
        { title: 'Tides of the Old Port', pageNo: 2 },
        { title: 'Lighthouse Suppers', pageNo: 4 },
      ],
      info: { title: 'Harbour Weekly', author: 'Harbour Society Press' },
    }),
  );
});

afterAll(async () => {
  await app.close();
});

describe('npm run import: a PDF becomes an issue', () => {
  it('imports every page with its real size, its text and spread flag, its 3x WebP, and reports it', async () => {
    expect(await searchStatistics()).toBe(0);
    const run = await runImport(file, '--workers', '2');
    expect(run.output).toContain('imported hw-scan - 2026-05-14.pdf');
    expect(run.output).toContain('Summary: 1 imported, 0 updated, 0 unchanged, 0 failed');
    expect(run.code).toBe(0);

    const [title] = await app.db.select().from(magazines).where(eq(magazines.name, 'Harbour Weekly'));
    expect(title).toMatchObject({ categoryId: TRAVEL, languageCode: 'en', ageRating: 3, publisher: 'Harbour Society' });
    const [issue] = await app.db.select().from(issues).where(eq(issues.magazineId, title.id));
    issueId = issue.id;
    expect(issue).toMatchObject({ issueDate: '2026-05-14', name: '14 May 2026', pageCount: 5, sourceFile: file, contentHash: expect.stringMatching(/^[0-9a-f]{64}$/) });

    const pages = await app.db.select().from(issuePages).where(eq(issuePages.issueId, issueId)).orderBy(asc(issuePages.pageNo));
    expect(pages.map((p) => [p.pageNo, p.width, p.height, p.isSpread])).toEqual([
      [1, 595, 842, false],
      [2, 595, 842, false],
      [3, 595, 842, false],
      [4, 595, 842, false],
      [5, 1190, 842, true],
    ]);
    expect(pages[2].text).toContain('A quixotrel was seen near the breakwater.');
    expect(pages.filter((p) => p.text.includes('quixotrel')).map((p) => p.pageNo)).toEqual([3]);

    for (const page of [1, 5]) {
      // A page stores its 3x WebP alone; the other sizes and the JPEG are made when first asked for (the reader test below).
      const view = path.join(IMPORT_MEDIA_DIR, 'pages', String(issueId), String(page), 'view');
      const meta = await sharp(path.join(view, '3.webp')).metadata();
      expect([meta.format, meta.width]).toEqual(['webp', (page === 5 ? 1190 : 595) * 3]);
      expect(fs.readdirSync(view)).toEqual(['3.webp']);
    }
    const cover = await sharp(path.join(IMPORT_MEDIA_DIR, issue.coverPath, 'view', '2.webp')).metadata();
    expect([cover.width, cover.height]).toEqual([400, Math.round((200 * 842) / 595) * 2]);
    // Nothing is left in the temporary folder.
    expect(mediaFiles().filter((f) => f.startsWith('.import'))).toEqual([]);
    // The planner knows the new pages' words before the first search (search's counts read its estimates).
    expect(await searchStatistics()).toBe(1);
  });

  it('finds a word printed only on page 3 through the search API, on page 3', async () => {
    const res = await call<IssueSearch>(app, '/api/catalogue/search_list?q=quixotrel&isGold=1', { token: member.token });
    expect(res.status).toBe(200);
    expect(res.body.hits).toHaveLength(1);
    expect(res.body.hits[0].issue).toMatchObject({ iss_id: issueId, iss_name: '14 May 2026', iss_date: '2026-05-14' });
    expect(res.body.hits[0].pages).toEqual([{ page: 3, _highLight: expect.stringContaining('<em>quixotrel</em>') }]);
  });

  it('makes the outline’s top-level entries stories with their page spans, text, picture and read time', async () => {
    const rows = await app.db.select().from(stories).where(eq(stories.issueId, issueId)).orderBy(asc(stories.pageNo));
    expect(rows.map((s) => [s.title, s.pageNo])).toEqual([
      ['Tides of the Old Port', 2],
      ['Lighthouse Suppers', 4],
    ]);
    // Pages 2-3 make the first story; pages 4-5 the second.
    expect(rows[0].body).toContain('Ferrymen remember the winter storms.');
    expect(rows[0].body).toContain('A quixotrel was seen near the breakwater.');
    expect(rows[0].body).not.toContain('mackerel');
    expect(rows[1].body).toContain('Keepers cooked mackerel over driftwood.');
    expect(rows[1].body).toContain('From the swing bridge to the sea.');
    expect(rows[0].timeRead).toBeGreaterThanOrEqual(60);
    const picture = await sharp(path.join(IMPORT_MEDIA_DIR, rows[0].imagePath, 'view', '1.webp')).metadata();
    expect([picture.width, picture.height]).toEqual([200, 250]);

    const list = await call<StoryList>(app, `/api/article/v1/article?issueid=${issueId}&age_rating=9`, { token: member.token });
    expect(list.status).toBe(200);
    expect(list.body.Articles.map((a) => a.title).sort()).toEqual(['Lighthouse Suppers', 'Tides of the Old Port']);
  });

  it('serves imported pages through the reader: sizes, spreads, and the WebP twin at the same address (Vary: Accept)', async () => {
    const code = await readerCode(issueId);
    const res = await call<{ pages: { pageNo: number; width: number; isSpread: boolean; alt: string; src: string[] }[] }>(
      app,
      `/api/reader/issue?code=${encodeURIComponent(code)}&issue=${issueId}`,
      { token: member.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.pages.map((p) => [p.pageNo, p.width, p.isSpread])).toEqual([
      [1, 595, false],
      [2, 595, false],
      [3, 595, false],
      [4, 595, false],
      [5, 1190, true],
    ]);
    expect(res.body.pages[2].alt).toContain('A quixotrel was seen near the breakwater.');
    const src = `${app.baseUrl}${res.body.pages[1].src[1]}`;
    const webp = await fetch(src, { headers: { accept: 'image/avif,image/webp,image/*', authorization: `Bearer ${member.token}` } });
    expect([webp.status, webp.headers.get('content-type'), webp.headers.get('vary')]).toEqual([200, 'image/webp', 'Accept']);
    expect((await sharp(Buffer.from(await webp.arrayBuffer())).metadata()).width).toBe(1190);
    const jpeg = await fetch(src, { headers: { accept: 'image/jpeg', authorization: `Bearer ${member.token}` } });
    expect([jpeg.status, jpeg.headers.get('content-type'), jpeg.headers.get('vary')]).toEqual([200, 'image/jpeg', 'Accept']);
    expect(await sharp(Buffer.from(await jpeg.arrayBuffer())).metadata()).toMatchObject({ format: 'jpeg', width: 1190 });
  });

  it('changes nothing when the same file is imported again: no new rows, no new files', async () => {
    const before = { rows: await issueCounts(), files: mediaFiles() };
    const run = await runImport(dir);
    expect(run.output).toContain('unchanged hw-scan - 2026-05-14.pdf');
    expect(run.output).toContain('0 imported, 0 updated, 1 unchanged, 0 failed');
    expect(run.code).toBe(0);
    expect({ rows: await issueCounts(), files: mediaFiles() }).toEqual(before);
  });

  it('replaces pages and text of a changed file in place, keeping the issue id, a favourite and reading progress', async () => {
    const [issue] = await app.db.select().from(issues).where(eq(issues.id, issueId));
    await app.db.insert(favourites).values({ userId: member.id, magazineId: issue.magazineId });
    await app.db.insert(readingProgress).values({ userId: member.id, issueId, page: 4 });
    const changed = harbourPages('brimblewick');
    changed.splice(4, 1, { lines: ['Letters', 'Readers write about the ferry timetable.'] }, { lines: ['Puzzles', 'Knots to learn.'] });
    fs.writeFileSync(file, await makeSamplePdf({ pages: changed, outline: [{ title: 'Tides of the Old Port', pageNo: 2 }], info: { title: 'Harbour Weekly' } }));

    const run = await runImport(file);
    expect(run.output).toContain('updated hw-scan - 2026-05-14.pdf');
    expect(run.code).toBe(0);
    const [after] = await app.db.select().from(issues).where(eq(issues.magazineId, issue.magazineId));
    expect(after).toMatchObject({ id: issueId, pageCount: 6 });
    expect(await app.db.select().from(favourites).where(eq(favourites.userId, member.id))).toHaveLength(1);
    expect((await app.db.select().from(readingProgress).where(eq(readingProgress.userId, member.id)))[0].page).toBe(4);
    const pages = await app.db.select().from(issuePages).where(eq(issuePages.issueId, issueId));
    expect(pages.map((p) => p.isSpread)).toEqual(Array(6).fill(false));
    expect((await app.db.select().from(stories).where(eq(stories.issueId, issueId))).map((s) => s.title)).toEqual(['Tides of the Old Port']);

    const found = await call<IssueSearch>(app, '/api/catalogue/search_list?q=brimblewick&isGold=1', { token: member.token });
    expect(found.body.hits.map((h) => [h.issue.iss_id, h.pages.map((p) => p.page)])).toEqual([[issueId, [3]]]);
    const gone = await call<IssueSearch>(app, '/api/catalogue/search_list?q=quixotrel&isGold=1', { token: member.token });
    expect(gone.body.hits).toEqual([]);
    // The old cover and story pictures went with the old version; the new page 6 is drawn.
    expect(fs.existsSync(path.join(IMPORT_MEDIA_DIR, issue.coverPath))).toBe(false);
    expect(fs.existsSync(path.join(IMPORT_MEDIA_DIR, after.coverPath, 'view', '1.webp'))).toBe(true);
    expect(fs.existsSync(path.join(IMPORT_MEDIA_DIR, 'pages', String(issueId), '6', 'view', '3.webp'))).toBe(true);
    // The sizes made from the old page 2 for the reader went with it: they are made again from the new master.
    expect(fs.readdirSync(path.join(IMPORT_MEDIA_DIR, 'pages', String(issueId), '2', 'view'))).toEqual(['3.webp']);
  });
});

describe('npm run import: files it refuses leave nothing behind', () => {
  it('fails a corrupt, an encrypted and a truncated PDF and a bad sidecar, naming each file and why, with exit 1', async () => {
    const bad = pdfFolder('bad');
    const good = await makeSamplePdf({ pages: [{ lines: ['Broken Harbour', 'Text.'] }, { lines: ['Page two', 'More text.'] }] });
    fs.writeFileSync(path.join(bad, 'Corrupt Times - 2026-01-01.pdf'), Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4000, 7), Buffer.from('\n%%EOF\n')]));
    fs.writeFileSync(path.join(bad, 'Locked Times - 2026-01-01.pdf'), await makeSamplePdf({ pages: [{ lines: ['Locked', 'Secret.'] }], encrypted: true }));
    fs.writeFileSync(path.join(bad, 'Short Times - 2026-01-01.pdf'), good.subarray(0, Math.floor(good.length / 2)));
    const sidecarDir = pdfFolder('bad-sidecar');
    fs.writeFileSync(path.join(sidecarDir, 'Odd Times - 2026-01-01.pdf'), good);
    fs.writeFileSync(path.join(sidecarDir, 'Odd Times - 2026-01-01.pdf.json'), JSON.stringify({ category: 'Travel', language: 'en', ageRating: 12 }));
    const before = { rows: await issueCounts(), files: mediaFiles() };

    const run = await runImport(path.dirname(bad), '--category', 'Travel', '--language', 'en', '--age-rating', '3');
    expect(run.code).toBe(1);
    expect(run.output).toMatch(/failed: .*Corrupt Times - 2026-01-01\.pdf: the PDF is corrupt/);
    expect(run.output).toMatch(/failed: .*Locked Times - 2026-01-01\.pdf: the PDF is encrypted/);
    expect(run.output).toMatch(/failed: .*Short Times - 2026-01-01\.pdf: the file is truncated/);
    expect(run.output).toMatch(/failed: .*Odd Times - 2026-01-01\.pdf: .*Odd Times - 2026-01-01\.pdf\.json: field ageRating/);
    expect(run.output).toContain('unchanged hw-scan - 2026-05-14.pdf');
    expect(run.output).toContain('0 imported, 0 updated, 1 unchanged, 4 failed');
    expect({ rows: await issueCounts(), files: mediaFiles() }).toEqual(before);
  });

  it('refuses a page too large to draw (a PDF bomb of 14,400-point pages) without drawing it, naming the file and the page', async () => {
    const dir = pdfFolder('giant');
    const doc = await PDFDocument.create();
    doc.addPage([595, 842]).drawText('An ordinary first page', { x: 50, y: 780 });
    doc.addPage([14_400, 14_400]).drawText('A page the size of a wall', { x: 50, y: 14_000 });
    fs.writeFileSync(path.join(dir, 'Wall Times - 2026-01-01.pdf'), await doc.save());
    const before = { rows: await issueCounts(), files: mediaFiles() };
    const run = await runImport(dir, '--workers', '1', '--category', 'Travel', '--language', 'en', '--age-rating', '3');
    expect(run.code).toBe(1);
    expect(run.output).toMatch(/failed: .*Wall Times - 2026-01-01\.pdf: page 2 is too large to draw \(14400 x 14400 points/);
    expect({ rows: await issueCounts(), files: mediaFiles() }).toEqual(before);
  });

  it('--dry-run shows the title, issue and metadata it would use, and where each came from, writing nothing', async () => {
    // Beside, not inside, the folder the refusals test imports whole.
    const dryDir = path.join(IMPORT_DATA_DIR, 'dry');
    fs.mkdirSync(dryDir, { recursive: true });
    fs.writeFileSync(path.join(dryDir, 'Quiet Harbour #7.pdf'), await makeSamplePdf({ pages: [{ lines: ['Quiet Harbour', 'Seven.'] }], outline: [{ title: 'Seven Bells', pageNo: 1 }] }));
    fs.writeFileSync(path.join(dryDir, 'Quiet Harbour #7.pdf.json'), JSON.stringify({ issueDate: '2026-03', language: 'en' }));
    const before = { rows: await issueCounts(), files: mediaFiles() };
    const run = await runImport(dryDir, '--dry-run', '--category', 'Travel', '--age-rating', '4');
    expect(run.code).toBe(0);
    expect(run.output).toContain("would import Quiet Harbour #7.pdf as 'Quiet Harbour' #7 (2026-03-01), 1 pages, into a new title, a new issue");
    expect(run.output).toContain(`issueDate: "2026-03-01" (from ${path.join(dryDir, 'Quiet Harbour #7.pdf.json')})`);
    expect(run.output).toContain('issueNumber: "7" (from file name)');
    expect(run.output).toContain("story 'Seven Bells' pages 1-1");
    expect(run.output).toContain('Dry run: 1 would be imported, 0 failed; nothing was changed.');
    expect({ rows: await issueCounts(), files: mediaFiles() }).toEqual(before);
  });

  it('--dry-run on a database the migrations have not reached says so and creates nothing, not even the migrations', async () => {
    const empty = await freshDatabase('import_dry');
    try {
      const file = path.join(pdfFolder('dry-unmigrated'), 'Quiet Harbour #8.pdf');
      fs.writeFileSync(file, await makeSamplePdf({ pages: [{ lines: ['Quiet Harbour'] }] }));
      const run = await startImport([file, '--dry-run'], { DATABASE_URL: empty.url }).done;
      expect(run.code).toBe(1);
      expect(run.output).toMatch(/The database lacks \d+ migration\(s\) \(0000_init, /);
      const probe = new Client({ connectionString: empty.url });
      await probe.connect();
      try {
        const { rows } = await probe.query<{ n: number }>(`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema')`);
        expect(rows[0].n).toBe(0);
      } finally {
        await probe.end();
      }
    } finally {
      await empty.stop();
    }
  });

  it('leaves nothing half-made when killed while drawing (SIGKILL): the rows are whole, each page drawn or to draw, and the next run draws the rest', async () => {
    const killDir = pdfFolder('killed');
    const pages = Array.from({ length: 12 }, (_, i) => ({ lines: [`Long Harbour page ${i + 1}`, ...fillerLines(i + 1, 20)], picture: i % 4 === 0 }));
    const longFile = path.join(killDir, 'Long Harbour - 2026-02-01.pdf');
    fs.writeFileSync(longFile, await makeSamplePdf({ pages, info: { title: 'Long Harbour' } }));
    const before = await issueCounts();

    const { child, done } = startImport([longFile, '--workers', '1', '--category', 'Travel', '--language', 'en', '--age-rating', '3']);
    // Killed once a page is being drawn or drawn, and before the file's pages are all drawn. A page's picture sits in
    // the temporary folder only while it is written, which a poll can miss on a loaded machine: the database says a
    // page is drawn too.
    const drawnOfLongHarbour = async () => {
      const [row] = await app.db
        .select({ n: count() })
        .from(issuePages)
        .innerJoin(issues, eq(issues.id, issuePages.issueId))
        .innerJoin(magazines, eq(magazines.id, issues.magazineId))
        .where(sql`${magazines.name} = 'Long Harbour' AND ${issuePages.drawnAt} IS NOT NULL`);
      return row?.n ?? 0;
    };
    const deadline = Date.now() + 120_000;
    while (mediaFiles().filter((f) => f.startsWith('.import') && f.endsWith('3.webp')).length < 1 && (await drawnOfLongHarbour()) < 1) {
      if (Date.now() > deadline) throw new Error('the import drew no pages in 2 minutes');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    child.kill('SIGKILL');
    const killed = await done;
    expect(killed.signal).toBe('SIGKILL');
    // The rows committed before any page was drawn: the issue is whole, listed and searchable.
    expect(await issueCounts()).toEqual({ ...before, issues: before.issues + 1, pages: before.pages + 12, titles: before.titles + 1 });
    const [title] = await app.db.select().from(magazines).where(eq(magazines.name, 'Long Harbour'));
    const [issue] = await app.db.select().from(issues).where(eq(issues.magazineId, title.id));
    expect(issue.pagesDrawnAt).toBeNull();
    const rows = await app.db.select().from(issuePages).where(eq(issuePages.issueId, issue.id)).orderBy(asc(issuePages.pageNo));
    expect(rows.map((row) => row.text.startsWith(`Long Harbour page ${row.pageNo}`))).toEqual(Array(12).fill(true));
    // Each page is drawn whole or not drawn (then drawn when a member asks): none is marked drawn without its image.
    const undrawn = rows.filter((row) => !row.drawnAt);
    expect(undrawn.length).toBeGreaterThan(0);
    for (const row of rows.filter((r) => r.drawnAt)) expect(fs.existsSync(path.join(IMPORT_MEDIA_DIR, row.imagePath, 'view', '3.webp'))).toBe(true);

    const rerun = await runImport(longFile, '--category', 'Travel', '--language', 'en', '--age-rating', '3');
    expect(rerun.output).toContain('unchanged Long Harbour - 2026-02-01.pdf');
    expect(rerun.output).toContain(`drew issue ${issue.id}`);
    expect(rerun.output).toContain('every page drawn');
    expect(rerun.code).toBe(0);
    const [after] = await app.db.select().from(issues).where(eq(issues.id, issue.id));
    expect(after.pagesDrawnAt).not.toBeNull();
    const drawn = await app.db.select().from(issuePages).where(eq(issuePages.issueId, issue.id));
    expect(drawn.every((row) => row.drawnAt !== null)).toBe(true);
    for (const row of drawn) expect(fs.existsSync(path.join(IMPORT_MEDIA_DIR, row.imagePath, 'view', '3.webp'))).toBe(true);
    // The killed run's temporary folder is gone too.
    expect(mediaFiles().filter((f) => f.startsWith('.import'))).toEqual([]);
  });
});

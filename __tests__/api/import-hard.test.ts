// First: it sets MEDIA_DIR before server/config reads it.
// eslint-disable-next-line import/order
import { IMPORT_MEDIA_DIR, mediaFiles, pdfFolder, runImport } from './helpers/import';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { issuePages, issues, magazines } from '@/server/db/schema';
import { importFile } from '@/server/import';
import { stopDrawing } from '@/server/import/draw';
import { makeHardPdf } from '@/bench/hard-samples';
import { fillerLines, makeSamplePdf } from '@/bench/samples';
import { PagePool, type PageJob } from '@/server/import/workers';
import { startJobs, stopJobs } from '@/server/jobs';
import { call, startTestApp, type TestApp } from './helpers/app';
import { consoleCast, type ConsoleCast } from './helpers/console';
import { addMembership, createCategory, createLibrary, createUser, inDays, tokenFor } from './helpers/factories';
import { ensureSearchLanguage } from './helpers/search-factories';

jest.setTimeout(300_000);

let app: TestApp;
let cast: ConsoleCast;
const DEFAULTS = ['--category', 'Hard Cases', '--language', 'en', '--age-rating', '3'];

beforeAll(async () => {
  app = await startTestApp();
  cast = await consoleCast(app.db);
  await ensureSearchLanguage(app.db, 'en', 'English', 'english');
  await createCategory(app.db, { id: 71, name: 'Hard Cases' });
});

afterAll(async () => {
  // The uploads' pages are drawn in the background of this process.
  await stopDrawing();
  await app.close();
});

async function issueOf(titleName: string) {
  const [title] = await app.db.select().from(magazines).where(eq(magazines.name, titleName));
  if (!title) return null;
  const [issue] = await app.db.select().from(issues).where(eq(issues.magazineId, title.id));
  return issue ?? null;
}

/** The darkest value of a region of a stored page image (255: all white). */
async function darkest(file: string, region: { left: number; top: number; width: number; height: number }) {
  // Cut out first: stats() reads the whole input, not the pipeline's result.
  const { channels } = await sharp(await sharp(file).extract(region).png().toBuffer()).stats();
  return Math.min(...channels.slice(0, 3).map((channel) => channel.min));
}

describe('npm run import on a folder of hard files', () => {
  it('finishes the folder: the good files imported (losses warned page by page), every bad one failed in one line, the summary printed', async () => {
    const dir = pdfFolder('mixed');
    const good = await makeSamplePdf({ pages: [{ lines: ['Good Gazette', 'Plain words.'] }, { lines: ['Page two', 'More plain words.'] }] });
    fs.writeFileSync(path.join(dir, 'Corrupt Gazette - 2026-03-01.pdf'), Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4000, 7), Buffer.from('\n%%EOF\n')]));
    fs.writeFileSync(path.join(dir, 'Locked Gazette - 2026-03-01.pdf'), await makeSamplePdf({ pages: [{ lines: ['Locked'] }], encrypted: true }));
    fs.writeFileSync(path.join(dir, 'Short Gazette - 2026-03-01.pdf'), good.subarray(0, Math.floor(good.length / 2)));
    fs.writeFileSync(path.join(dir, 'Empty Tree Gazette - 2026-03-01.pdf'), await makeSamplePdf({ pages: [{ lines: ['Gone'] }, { lines: ['Gone too'] }], brokenPageTree: true }));
    fs.writeFileSync(path.join(dir, 'Good Gazette - 2026-03-01.pdf'), good);
    fs.writeFileSync(
      path.join(dir, 'Damaged Gazette - 2026-03-01.pdf'),
      await makeSamplePdf({ pages: [{ lines: ['Damaged Gazette', 'A whole page.'] }, { lines: ['Before the damage', 'These words are drawn.'], corruptStream: true }] }),
    );
    fs.writeFileSync(path.join(dir, 'Poster Gazette - 2026-03-01.pdf'), await makeSamplePdf({ pages: [{ lines: ['Poster Gazette'], largeImage: { width: 8200, height: 6000 } }] }));
    fs.writeFileSync(path.join(dir, 'Chinese Gazette - 2026-03-01.pdf'), await makeHardPdf('cjkFont'));

    const run = await runImport(dir, '--workers', '2', ...DEFAULTS);
    expect(run.code).toBe(1);
    expect(run.output).toContain('Summary: 4 imported, 0 updated, 0 unchanged, 4 failed');
    expect(run.output).toMatch(/failed: .*Corrupt Gazette - 2026-03-01\.pdf: the PDF is corrupt/);
    expect(run.output).toMatch(/failed: .*Locked Gazette - 2026-03-01\.pdf: the PDF is encrypted/);
    expect(run.output).toMatch(/failed: .*Short Gazette - 2026-03-01\.pdf: the file is truncated/);
    expect(run.output).toMatch(/failed: .*Empty Tree Gazette - 2026-03-01\.pdf: the PDF is damaged: none of its one page could be drawn or read/);
    // One line each, in words: no query, no parser's exception, no stack.
    const failedLines = run.output.split('\n').filter((line) => line.startsWith('  failed: '));
    expect(failedLines).toHaveLength(4);
    expect(run.output).not.toMatch(/Failed query|insert into|\n\s+at |Exception|ENOTEMPTY/);
    // PDFium draws a picture of any size, so nothing of it is lost; a damaged content stream is drawn up to the damage,
    // and what the damaged stream held is warned, naming the page; CJK text in a font the file lacks is left blank,
    // and that is warned page by page.
    expect(run.output).not.toMatch(/Poster Gazette - 2026-03-01\.pdf: page 1: an image .* was left out/);
    expect(run.output).toMatch(/warning: .*Damaged Gazette - 2026-03-01\.pdf: page 2: (1 of its \d+ content streams is|its content stream is) damaged and could not be read: what it draws was left out/);
    expect(run.output).not.toMatch(/Damaged Gazette - 2026-03-01\.pdf: page 1:/);
    expect(run.output).toMatch(/warning: .*Chinese Gazette - 2026-03-01\.pdf: page 1: Chinese, Japanese or Korean text in the font .* was left blank/);

    const goodIssue = await issueOf('Good Gazette');
    expect(goodIssue).toMatchObject({ pageCount: 2 });
    const damaged = await issueOf('Damaged Gazette');
    expect(damaged).toMatchObject({ pageCount: 2 });
    const [page2] = await app.db.select().from(issuePages).where(eq(issuePages.issueId, damaged!.id)).orderBy(issuePages.pageNo).offset(1);
    expect(page2.text).toContain('These words are drawn.');
    // What came before the damage is on the stored page: the heading's dark type at its top.
    const page2Image = path.join(IMPORT_MEDIA_DIR, 'pages', String(damaged!.id), '2', 'view', '3.webp');
    expect(await darkest(page2Image, { left: 120, top: 120, width: 900, height: 120 })).toBeLessThan(100);
    expect(await darkest(page2Image, { left: 0, top: 900, width: 1785, height: 1500 })).toBeGreaterThan(240);
    for (const title of ['Corrupt Gazette', 'Locked Gazette', 'Short Gazette', 'Empty Tree Gazette']) expect(await issueOf(title)).toBeNull();
    expect(mediaFiles().filter((file) => file.startsWith('.import'))).toEqual([]);
  });
});

describe('what a page costs in storage', () => {
  it('stores at most 300 kB for an image-heavy page, and serves view/N.jpg as WebP or JPEG by Accept', async () => {
    const dir = pdfFolder('heavy');
    const pages = [
      { photo: true, lines: ['Harbour at dusk', ...fillerLines(1, 24)] },
      { photo: true, lines: ['The fish market', ...fillerLines(2, 10)] },
      { lines: ['Letters', ...fillerLines(3, 30)] },
      { scanned: true },
    ];
    fs.writeFileSync(path.join(dir, 'Heavy Gazette - 2026-04-01.pdf'), await makeSamplePdf({ pages }));
    const run = await runImport(dir, ...DEFAULTS);
    expect(run.code).toBe(0);
    const issue = (await issueOf('Heavy Gazette'))!;
    for (const pageNo of [1, 2, 3, 4]) {
      const folder = path.join(IMPORT_MEDIA_DIR, 'pages', String(issue.id), String(pageNo));
      const bytes = mediaFiles(folder).reduce((sum, file) => sum + fs.statSync(path.join(folder, file)).size, 0);
      expect(bytes).toBeLessThan(300 * 1024);
    }

    const library = await createLibrary(app.db, { isNewspaper: 1, isJournal: 1 });
    const user = await createUser(app.db);
    await addMembership(app.db, user.id, library.id, inDays(30));
    const token = await tokenFor(user, library.id, inDays(30));
    const code = await call<{ code: string }>(app, '/api/user/genCode?isLib=1', {
      token,
      body: { user_id: user.id, issue: issue.id, lib_id: library.id, ageRating: 5, readtype: 'reader', store_id: 1, user_con: 'IN', userLang: 'en', purType: 1, isnews: 0, device: 'web', clvr: 't', 'Is Gold': 1 },
    });
    expect(code.status).toBe(200);
    const reader = await call<{ pages: { src: string[] }[] }>(app, `/api/reader/issue?code=${encodeURIComponent(code.body.code)}&issue=${issue.id}`, { token });
    expect(reader.status).toBe(200);
    for (const [scale, src] of reader.body.pages[0].src.entries()) {
      const address = `${app.baseUrl}${src}`;
      // A page image opens only with the session of the member its code was made for.
      const webp = await fetch(address, { headers: { accept: 'image/avif,image/webp,*/*', authorization: `Bearer ${token}` } });
      expect([webp.status, webp.headers.get('content-type'), webp.headers.get('vary')]).toEqual([200, 'image/webp', 'Accept']);
      expect((await sharp(Buffer.from(await webp.arrayBuffer())).metadata()).width).toBe(595 * (scale + 1));
      const jpeg = await fetch(address, { headers: { accept: 'image/png,image/*;q=0.8', authorization: `Bearer ${token}` } });
      expect([jpeg.status, jpeg.headers.get('content-type'), jpeg.headers.get('vary')]).toEqual([200, 'image/jpeg', 'Accept']);
      expect(await sharp(Buffer.from(await jpeg.arrayBuffer())).metadata()).toMatchObject({ format: 'jpeg', width: 595 * (scale + 1) });
    }
  });
});

describe('the console’s imports', () => {
  // Uploads are imported by the job queue (server/jobs), which this file runs for these tests alone.
  beforeAll(() => startJobs());
  afterAll(() => stopJobs());

  type Job = { id: number; status: string; issueId: number | null; warnings: string[]; dateNote: string | null; metadata: Record<string, unknown> | null };

  async function upload(fileName: string, bytes: Uint8Array): Promise<Job> {
    const opened = await call<{ job: Job }>(app, '/api/admin/imports', { token: cast.tokens.operator, body: { fileName, category: 'Hard Cases', language: 'en', ageRating: 3 } });
    expect(opened.status).toBe(200);
    const sent = await fetch(`${app.baseUrl}/api/admin/imports/${opened.body.job.id}/file`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${cast.tokens.operator}`, 'content-type': 'application/pdf' },
      body: new Uint8Array(bytes),
    });
    expect(sent.status).toBe(200);
    for (let i = 0; i < 600; i += 1) {
      const res = await call<{ job: Job }>(app, `/api/admin/imports/${opened.body.job.id}`, { token: cast.tokens.operator });
      if (!['uploading', 'receiving', 'queued', 'running'].includes(res.body.job.status)) return res.body.job;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`the upload of ${fileName} did not finish`);
  }

  /** The upload once its issue's pages are all drawn in the background (what drawing lost is added as it goes). */
  async function drawn(job: Job): Promise<Job> {
    for (let i = 0; i < 600; i += 1) {
      const [issue] = await app.db.select({ pagesDrawnAt: issues.pagesDrawnAt }).from(issues).where(eq(issues.id, job.issueId!));
      if (issue?.pagesDrawnAt) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return (await call<{ job: Job }>(app, `/api/admin/imports/${job.id}`, { token: cast.tokens.operator })).body.job;
  }

  it('show what a page lost and a date to check beside the upload', async () => {
    const uploaded = await upload('Console Chinese - 2026-03-01.pdf', await makeHardPdf('cjkFont'));
    expect(uploaded).toMatchObject({ status: 'imported', dateNote: null });
    const lossy = await drawn(uploaded);
    expect(lossy.warnings).toEqual([expect.stringMatching(/^page 1: Chinese, Japanese or Korean text in the font .* was left blank/)]);
    const bytes = await makeSamplePdf({ pages: [{ lines: ['Console Gazette'] }, { lines: ['Damaged'], corruptStream: true }], creationDate: new Date('2025-06-07T12:00:00Z') });
    const job = await drawn(await upload('Console Gazette.pdf', bytes));
    expect(job).toMatchObject({
      status: 'imported',
      warnings: [expect.stringMatching(/^page 2: (1 of its \d+ content streams is|its content stream is) damaged and could not be read: what it draws was left out$/)],
      dateNote: "Issue date 2025-06-07 from the file's creation date: check it",
    });
  });
});

describe('the issue date, settled before any page is drawn', () => {
  it('takes the PDF’s creation date last, marks it to check in the summary and the console, and saving a date clears the mark', async () => {
    const dir = pdfFolder('undated');
    fs.writeFileSync(path.join(dir, 'Undated Gazette.pdf'), await makeSamplePdf({ pages: [{ lines: ['Undated Gazette'] }], creationDate: new Date('2025-09-14T08:00:00Z') }));
    const run = await runImport(dir, ...DEFAULTS);
    expect(run.code).toBe(0);
    expect(run.output).toMatch(/imported Undated Gazette\.pdf: .*; issue date 2025-09-14 from the file's creation date: check it/);
    expect(run.output).toMatch(/date: .*Undated Gazette\.pdf: issue \d+ dated 2025-09-14 from the file's creation date: check it/);
    const issue = (await issueOf('Undated Gazette'))!;
    expect(issue).toMatchObject({ issueDate: '2025-09-14', dateToCheck: true });

    type IssueList = { issues: { id: number; issueDate: string; dateNote: string | null }[] };
    const listed = await call<IssueList>(app, `/api/admin/titles/${issue.magazineId}/issues`, { token: cast.tokens.operator });
    expect(listed.status).toBe(200);
    expect(listed.body.issues.find((row) => row.id === issue.id)?.dateNote).toBe("from the file's creation date: check it");
    const saved = await call<{ issue: { issueDate: string; dateNote: string | null } }>(app, `/api/admin/issues/${issue.id}`, {
      method: 'PUT',
      token: cast.tokens.operator,
      body: { issueDate: '2025-09-01' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.issue).toMatchObject({ issueDate: '2025-09-01', dateNote: null });
  });

  it('prefers --issue-date to the creation date, and the file name to both', async () => {
    const dir = pdfFolder('dated-by-flag');
    const created = new Date('2024-01-20T08:00:00Z');
    fs.writeFileSync(path.join(dir, 'Flag Gazette.pdf'), await makeSamplePdf({ pages: [{ lines: ['Flag Gazette'] }], creationDate: created }));
    fs.writeFileSync(path.join(dir, 'Named Gazette - 2024-02-02.pdf'), await makeSamplePdf({ pages: [{ lines: ['Named Gazette'] }], creationDate: created }));
    const run = await runImport(dir, '--issue-date', '2024-03-03', ...DEFAULTS);
    expect(run.code).toBe(0);
    expect(run.output).not.toContain('check it');
    expect(await issueOf('Flag Gazette')).toMatchObject({ issueDate: '2024-03-03', dateToCheck: false });
    expect(await issueOf('Named Gazette')).toMatchObject({ issueDate: '2024-02-02', dateToCheck: false });
    const bad = await runImport(dir, '--issue-date', '2024-02-30');
    expect(bad.code).toBe(2);
    expect(bad.output).toContain('--issue-date must be a calendar date as YYYY-MM-DD.');
  });

  it('fails a file with no date at all before drawing a single page', async () => {
    const file = path.join(pdfFolder('dateless'), 'Dateless Gazette.pdf');
    fs.writeFileSync(file, await makeSamplePdf({ pages: Array.from({ length: 6 }, (_, i) => ({ lines: [`Dateless page ${i + 1}`] })) }));
    const pool = new PagePool(1);
    const drawn: number[] = [];
    const render = pool.render.bind(pool);
    pool.render = (job: PageJob) => {
      drawn.push(job.pageNo);
      return render(job);
    };
    try {
      const outcome = await importFile(file, { pool, db: app.db, mediaDir: IMPORT_MEDIA_DIR, defaults: { category: 'Hard Cases', language: 'en', ageRating: 3 } });
      expect(outcome).toEqual({ file, status: 'failed', reason: expect.stringMatching(/^no issue date: give one in a sidecar/), refused: true });
      expect(drawn).toEqual([]);
    } finally {
      await pool.close();
    }
  });
});

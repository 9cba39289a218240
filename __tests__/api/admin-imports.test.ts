// First: it sets MEDIA_DIR and UPLOAD_DIR before server/config reads them.
// eslint-disable-next-line import/order
import { IMPORT_MEDIA_DIR, IMPORT_UPLOAD_DIR, mediaFiles } from './helpers/import';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, asc, eq, sql } from 'drizzle-orm';
import { importJobs, issuePages, issues, magazines } from '@/server/db/schema';
import { enqueue, startJobs, stopJobs } from '@/server/jobs';
import { cleanUp } from '@/server/jobs/upkeep';
import { mediaStorage } from '@/server/storage';
import { stopDrawing } from '@/server/import/draw';
import { fillerLines, makeSamplePdf } from '@/bench/samples';
import { call, startTestApp, type TestApp } from './helpers/app';
import { consoleCast, lastAudit, type ConsoleCast } from './helpers/console';
import { createCategory, createMagazine, tokenFor, inDays } from './helpers/factories';
import { ensureSearchLanguage } from './helpers/search-factories';

const UPLOADS = IMPORT_UPLOAD_DIR;
process.env.IMPORT_WORKERS = '1';

jest.setTimeout(180_000);

let app: TestApp;
let cast: ConsoleCast;
const FERRY = 57;

type Job = {
  id: number;
  fileName: string;
  status: string;
  error: string | null;
  tries: number;
  maxTries: number | null;
  nextTryAt: string | null;
  pagesDone: number;
  pageCount: number | null;
  issueId: number | null;
  titleName: string | null;
  metadata: Record<string, unknown> | null;
  sources: Record<string, string> | null;
  replace: boolean;
};

async function ferryPdf(word: string, pages = 3): Promise<Buffer> {
  return Buffer.from(
    await makeSamplePdf({
      pages: Array.from({ length: pages }, (_, i) => ({ lines: [`Ferry News page ${i + 1}`, i === 1 ? `The ${word} sailed at dawn.` : 'Timetables.', ...fillerLines(i + 1, 4)] })),
      outline: [{ title: 'Crossing the Sound', pageNo: 2 }],
      info: { title: 'Ferry News' },
    }),
  );
}

async function open(token: string, body: Record<string, unknown>) {
  return call<{ job: Job; maxBytes: number; message?: string; field?: string }>(app, '/api/admin/imports', { token, body });
}

async function send(token: string, jobId: number, bytes: Buffer | string, headers: Record<string, string> = {}) {
  const response = await fetch(`${app.baseUrl}/api/admin/imports/${jobId}/file`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/pdf', ...headers },
    body: typeof bytes === 'string' ? bytes : new Uint8Array(bytes),
  });
  return { status: response.status, body: (await response.json()) as { job: Job; message?: string; field?: string } };
}

/** Polls the job as the console does, until its import ends. */
async function finished(jobId: number): Promise<Job> {
  for (let i = 0; i < 600; i += 1) {
    const res = await call<{ job: Job }>(app, `/api/admin/imports/${jobId}`, { token: cast.tokens.operator });
    expect(res.status).toBe(200);
    if (!['uploading', 'receiving', 'queued', 'running'].includes(res.body.job.status)) return res.body.job;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`import ${jobId} did not finish`);
}

/** Polls the job until a try has failed and it waits, queued, for the next. */
async function waitingForNextTry(jobId: number): Promise<Job> {
  for (let i = 0; i < 600; i += 1) {
    const res = await call<{ job: Job }>(app, `/api/admin/imports/${jobId}`, { token: cast.tokens.operator });
    if (res.body.job.status === 'queued' && res.body.job.tries >= 1) return res.body.job;
    if (!['uploading', 'receiving', 'queued', 'running'].includes(res.body.job.status)) throw new Error(`import ${jobId} ended ${res.body.job.status}: ${res.body.job.error}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`import ${jobId} never waited for a next try`);
}

/** The job queue's jobs of an upload (graphile-worker's public view): none once it ended, done or failed for good. */
async function queueJobs(jobId: number): Promise<{ attempts: number; max_attempts: number }[]> {
  return (await app.db.execute<{ attempts: number; max_attempts: number }>(sql`SELECT attempts, max_attempts FROM graphile_worker.jobs WHERE key = ${`import:${jobId}`}`)).rows;
}

/**
 * The queue's jobs of an import once its job has ended: a refused try writes the import failed, then ends its queue
 * job, so the row can be read a moment before the job is gone. A job still there after 10 s is one kept for a retry.
 */
async function queueJobsAfterTry(jobId: number): Promise<{ attempts: number; max_attempts: number }[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const rows = await queueJobs(jobId);
    if (!rows.length || Date.now() > deadline) return rows;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Opens an upload, sends its PDF, and waits for its import to end. */
async function uploadAndImport(body: Record<string, unknown>, pdf: Buffer): Promise<Job> {
  const opened = await open(cast.tokens.operator, body);
  expect(opened.status).toBe(200);
  expect((await send(cast.tokens.operator, opened.body.job.id, pdf)).status).toBe(200);
  return finished(opened.body.job.id);
}

beforeAll(async () => {
  app = await startTestApp();
  cast = await consoleCast(app.db);
  await ensureSearchLanguage(app.db, 'en', 'English', 'english');
  await createCategory(app.db, { id: FERRY, name: 'Ferries' });
  await startJobs();
});

afterAll(async () => {
  await stopJobs();
  // The uploads' pages are drawn in the background of this process.
  await stopDrawing();
  await app.close();
});

describe('PDF uploads from the console', () => {
  it('imports an uploaded PDF with its sidecar in the background, with progress, the metadata chosen and its sources', async () => {
    const sidecar = JSON.stringify({ publisher: 'Sound Ferries Ltd', issueNumber: '12' });
    const opened = await open(cast.tokens.operator, { fileName: 'Ferry News - 2026-04-02.pdf', sidecar, category: 'Ferries', language: 'en', ageRating: 2 });
    expect(opened.status).toBe(200);
    expect(opened.body.job).toMatchObject({ fileName: 'Ferry News - 2026-04-02.pdf', status: 'uploading' });
    expect(opened.body.maxBytes).toBe(500 * 1024 * 1024);
    const audited = await lastAudit(app.db, 'import.upload', `import:${opened.body.job.id}`);
    expect(audited).toMatchObject({ actorUserId: cast.operator.id, after: { fileName: 'Ferry News - 2026-04-02.pdf', sidecar: true } });

    const pdf = await ferryPdf('zephyrine');
    const sent = await send(cast.tokens.operator, opened.body.job.id, pdf);
    expect(sent.status).toBe(200);
    expect(['queued', 'running', 'imported']).toContain(sent.body.job.status);

    const job = await finished(opened.body.job.id);
    expect(job).toMatchObject({ status: 'imported', error: null, pagesDone: 3, pageCount: 3, titleName: 'Ferry News' });
    expect(job.metadata).toMatchObject({ title: 'Ferry News', issueDate: '2026-04-02', publisher: 'Sound Ferries Ltd', issueNumber: '12' });
    expect(job.sources).toMatchObject({ title: 'PDF information', publisher: 'Ferry News - 2026-04-02.json', issueDate: 'file name' });

    const [issue] = await app.db.select().from(issues).where(eq(issues.id, job.issueId!));
    expect(issue).toMatchObject({ issueDate: '2026-04-02', issueNumber: '12', pageCount: 3 });
    const [title] = await app.db.select().from(magazines).where(eq(magazines.id, issue.magazineId));
    expect(title).toMatchObject({ name: 'Ferry News', categoryId: FERRY, ageRating: 2, publisher: 'Sound Ferries Ltd' });
    const pages = await app.db.select().from(issuePages).where(eq(issuePages.issueId, issue.id));
    expect(pages.find((page) => page.pageNo === 2)?.text).toContain('zephyrine sailed at dawn');
    // Listed and searchable when the job ends; its pages are drawn after, in the background.
    for (let i = 0; i < 600; i += 1) {
      const [now] = await app.db.select({ pagesDrawnAt: issues.pagesDrawnAt }).from(issues).where(eq(issues.id, issue.id));
      if (now.pagesDrawnAt) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(mediaFiles().filter((file) => file.startsWith(`pages/${issue.id}/1/view/`))).toEqual(
      expect.arrayContaining([`pages/${issue.id}/1/view/3.webp`]),
    );
    expect(job).toMatchObject({ tries: 1, maxTries: 3 });
    // The upload is gone once imported, from this instance's disk and from the storage; only the issue's images stay.
    expect(fs.readdirSync(path.join(UPLOADS, String(job.id)))).toEqual([]);
    expect(mediaFiles().filter((file) => file.startsWith('uploads/'))).toEqual([]);
    expect(mediaFiles(IMPORT_MEDIA_DIR).filter((file) => file.startsWith('.import'))).toEqual([]);

    // The same bytes again are recognised, not imported twice.
    const again = await open(cast.tokens.operator, { fileName: 'copy.pdf' });
    await send(cast.tokens.operator, again.body.job.id, pdf);
    expect(await finished(again.body.job.id)).toMatchObject({ status: 'unchanged', issueId: issue.id });
  });

  it('lists uploads newest first, paged, and the active ones alone', async () => {
    const all = await call<{ jobs: Job[]; total: number; page: number; pageSize: number }>(app, '/api/admin/imports?pageSize=1', { token: cast.tokens.operator });
    expect(all.status).toBe(200);
    expect(all.body.total).toBeGreaterThanOrEqual(2);
    expect(all.body.jobs).toHaveLength(1);
    expect(all.body.jobs[0].fileName).toBe('copy.pdf');
    // An upload still waiting for its file is active; the finished ones are not.
    const waiting = await open(cast.tokens.operator, { fileName: 'waiting.pdf' });
    const active = await call<{ jobs: Job[] }>(app, '/api/admin/imports?active=1', { token: cast.tokens.operator });
    expect(active.body.jobs.map((job) => [job.id, job.status])).toEqual([[waiting.body.job.id, 'uploading']]);
    await call(app, `/api/admin/imports/${waiting.body.job.id}`, { token: cast.tokens.operator, method: 'DELETE' });
  });

  it('refuses a file the import cannot place at its first try, with its reason and no try left waiting, writes no issue, and tries it again when asked', async () => {
    const before = await app.db.select({ id: issues.id }).from(issues);
    // A new title with no category given anywhere: the same file is refused the same way however often it is tried.
    const opened = await open(cast.tokens.operator, { fileName: 'Unknown Gazette - 2026-01-01.pdf', language: 'en', ageRating: 3 });
    const pdf = Buffer.from(await makeSamplePdf({ pages: [{ lines: ['Unknown Gazette'] }], info: { title: 'Unknown Gazette' } }));
    expect((await send(cast.tokens.operator, opened.body.job.id, pdf)).status).toBe(200);
    const job = await finished(opened.body.job.id);
    // In the console's words: its field, not the command's --category.
    expect(job).toMatchObject({
      status: 'failed',
      tries: 1,
      maxTries: 3,
      nextTryAt: null,
      error: "no category for the new title 'Unknown Gazette': give one in a sidecar (category) or in “Category of a new title”",
    });
    expect(await queueJobsAfterTry(job.id)).toEqual([]);
    expect(await app.db.select({ id: issues.id }).from(issues)).toHaveLength(before.length);
    // Its file is kept for a retry; with the title's category now there, the retry imports it.
    expect(mediaFiles().filter((file) => file.startsWith(`uploads/${job.id}/`))).toEqual([`uploads/${job.id}/Unknown Gazette - 2026-01-01.pdf`]);
    expect((await call(app, `/api/admin/imports/${job.id}/retry`, { token: cast.tokens.staffA, method: 'POST', body: {} })).status).toBe(403);
    await createCategory(app.db, { id: 58, name: 'Gazettes' });
    await createMagazine(app.db, { name: 'Unknown Gazette', slug: 'unknown-gazette', categoryId: 58, ageRating: 3 });
    const retried = await call<{ job: Job }>(app, `/api/admin/imports/${job.id}/retry`, { token: cast.tokens.operator, method: 'POST', body: {} });
    expect(retried.status).toBe(200);
    expect(['queued', 'running', 'imported']).toContain(retried.body.job.status);
    expect(await lastAudit(app.db, 'import.retry', `import:${job.id}`)).toMatchObject({ before: { status: 'failed', tries: 1 } });
    expect((await call(app, `/api/admin/imports/${job.id}/retry`, { token: cast.tokens.operator, method: 'POST', body: {} })).status).toBe(409);
    expect(await finished(job.id)).toMatchObject({ status: 'imported', tries: 1, error: null, titleName: 'Unknown Gazette' });
  });

  it('fails a corrupt PDF after exactly one try, with its reason: no second try is queued or made', async () => {
    const corrupt = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4000, 7), Buffer.from('\n%%EOF\n')]);
    const job = await uploadAndImport({ fileName: 'Ferry News - 2026-07-01.pdf', category: 'Ferries', language: 'en', ageRating: 2 }, corrupt);
    expect(job).toMatchObject({ status: 'failed', tries: 1, maxTries: 3, nextTryAt: null, issueId: null });
    expect(job.error).toMatch(/^the PDF is corrupt/);
    expect(await queueJobsAfterTry(job.id)).toEqual([]);
    // Past the back-off a second try would have waited (e^1 s), it is still the one try.
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    expect((await call<{ job: Job }>(app, `/api/admin/imports/${job.id}`, { token: cast.tokens.operator })).body.job).toMatchObject({ status: 'failed', tries: 1, error: job.error });
  });

  it('tries a failure that is not the file’s (the media storage refusing its original) again with back-off, and imports it once the storage is mended', async () => {
    const pdf = await ferryPdf('squall', 2);
    // The original's key is its issue id and the file's hash: a directory standing there makes the storage's write fail.
    const [{ next }] = (await app.db.execute<{ next: number }>(sql`SELECT coalesce(max(id), 0)::int + 1 AS next FROM issues`)).rows;
    const blocked = path.join(IMPORT_MEDIA_DIR, 'originals', `${next}-${createHash('sha256').update(pdf).digest('hex').slice(0, 16)}.pdf`);
    fs.mkdirSync(blocked, { recursive: true });
    const opened = await open(cast.tokens.operator, { fileName: 'Ferry News - 2026-07-15.pdf', category: 'Ferries', language: 'en', ageRating: 2 });
    try {
      expect((await send(cast.tokens.operator, opened.body.job.id, pdf)).status).toBe(200);
      // Between tries it waits queued, with the reason of the try that failed and when the next comes.
      const waiting = await waitingForNextTry(opened.body.job.id);
      expect(waiting).toMatchObject({ tries: 1, maxTries: 3, error: expect.stringMatching(/EISDIR/) });
      expect(Date.parse(waiting.nextTryAt!)).toBeGreaterThan(Date.now() - 1000);
      expect(await queueJobs(opened.body.job.id)).toEqual([{ attempts: 1, max_attempts: 3 }]);
    } finally {
      fs.rmSync(blocked, { recursive: true, force: true });
    }
    const job = await finished(opened.body.job.id);
    expect(job).toMatchObject({ status: 'imported', tries: 2, maxTries: 3, error: null, titleName: 'Ferry News' });
    expect(job.issueId).toBe(next);
  });

  it('refuses a file that is not a PDF, whatever its name, and keeps the upload open for the right file', async () => {
    const opened = await open(cast.tokens.operator, { fileName: 'photo.pdf', category: 'Ferries', language: 'en', ageRating: 2 });
    const png = Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.alloc(4000, 7)]);
    const refused = await send(cast.tokens.operator, opened.body.job.id, png);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ field: 'file', message: 'file: is not a PDF (it does not begin with %PDF-)' });
    expect(fs.readdirSync(path.join(UPLOADS, String(opened.body.job.id)))).toEqual([]);
    const [row] = await app.db.select().from(importJobs).where(eq(importJobs.id, opened.body.job.id));
    expect(row.status).toBe('uploading');
    // A short text file is refused the same way.
    expect((await send(cast.tokens.operator, opened.body.job.id, 'hello')).status).toBe(400);
    // Cancelled, it takes no file.
    const cancelled = await call<{ job: Job }>(app, `/api/admin/imports/${opened.body.job.id}`, { token: cast.tokens.operator, method: 'DELETE' });
    expect(cancelled.body.job.status).toBe('cancelled');
    expect(await lastAudit(app.db, 'import.cancel', `import:${opened.body.job.id}`)).not.toBeNull();
    expect((await send(cast.tokens.operator, opened.body.job.id, await ferryPdf('late'))).status).toBe(409);
  });

  it('refuses a file past the size limit (413) without keeping any of it', async () => {
    process.env.IMPORT_UPLOAD_MB = '0.01';
    try {
      const opened = await open(cast.tokens.operator, { fileName: 'big.pdf', category: 'Ferries', language: 'en', ageRating: 2 });
      expect(opened.body.maxBytes).toBe(Math.floor(0.01 * 1024 * 1024));
      const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(20_000, 32)]);
      const refused = await send(cast.tokens.operator, opened.body.job.id, big);
      expect(refused.status).toBe(413);
      // Sent without a length (chunked), it is cut off at the limit just the same.
      const stream = new ReadableStream({
        start(controller) {
          controller.enqueue(new Uint8Array(big));
          controller.close();
        },
      });
      const chunked = await fetch(`${app.baseUrl}/api/admin/imports/${opened.body.job.id}/file`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${cast.tokens.operator}` },
        body: stream,
        duplex: 'half',
      } as RequestInit);
      expect(chunked.status).toBe(413);
      expect(fs.readdirSync(path.join(UPLOADS, String(opened.body.job.id)))).toEqual([]);
    } finally {
      delete process.env.IMPORT_UPLOAD_MB;
    }
  });

  it('names the field of a bad upload request', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ fileName: 'notes.txt' }, 'fileName'],
      [{ fileName: 'a.pdf', sidecar: '{"title": 5}' }, 'sidecar'],
      [{ fileName: 'a.pdf', sidecar: 'not json' }, 'sidecar'],
      [{ fileName: 'a.pdf', category: 'No Such Category' }, 'category'],
      [{ fileName: 'a.pdf', language: 'zz' }, 'language'],
      [{ fileName: 'a.pdf', ageRating: 12 }, 'ageRating'],
      [{ fileName: 'a.pdf', replace: 'yes' }, 'replace'],
      [{ fileName: 'a.pdf', replace: 1 }, 'replace'],
    ];
    for (const [body, field] of cases) {
      const res = await open(cast.tokens.operator, body);
      expect([res.status, res.body.field]).toEqual([400, field]);
      expect(res.body.message).toMatch(new RegExp(`^${field}`));
    }
    expect((await open(cast.tokens.operator, { fileName: 'a.pdf', replace: 'yes' })).body.message).toBe('replace: must be true or false');
    expect((await call(app, '/api/admin/imports/abc', { token: cast.tokens.operator })).body).toMatchObject({ field: 'jobId' });
    expect((await call(app, '/api/admin/imports/999999', { token: cast.tokens.operator })).status).toBe(404);
  });

  it('is for operators only: staff 403, a member 403, no session 401, and nothing is written', async () => {
    const jobsBefore = await app.db.select({ id: importJobs.id }).from(importJobs);
    expect((await open(cast.tokens.staffA, { fileName: 'a.pdf' })).status).toBe(403);
    expect((await open(cast.tokens.member, { fileName: 'a.pdf' })).status).toBe(403);
    expect((await call(app, '/api/admin/imports', { body: { fileName: 'a.pdf' } })).status).toBe(401);
    expect((await call(app, '/api/admin/imports', { token: cast.tokens.staffA })).status).toBe(403);
    const opened = await open(cast.tokens.operator, { fileName: 'ops.pdf', category: 'Ferries', language: 'en', ageRating: 2 });
    expect((await send(cast.tokens.staffA, opened.body.job.id, await ferryPdf('staff'))).status).toBe(403);
    const expiredMember = await tokenFor(cast.member, cast.libraryA.id, inDays(-1));
    expect((await send(expiredMember, opened.body.job.id, await ferryPdf('member'))).status).toBe(403);
    expect(await app.db.select({ id: importJobs.id }).from(importJobs)).toHaveLength(jobsBefore.length + 1);
    expect(fs.existsSync(path.join(UPLOADS, String(opened.body.job.id)))).toBe(false);
    expect(await mediaStorage().list(`uploads/${opened.body.job.id}`)).toEqual([]);
  });

  it('hands the import of an instance that stopped answering to a live one, and the clean-up fails an upload abandoned a day ago', async () => {
    const pdf = await ferryPdf('resumption', 2);
    const [left] = await app.db
      .insert(importJobs)
      .values({ fileName: 'Ferry News - 2026-06-01.pdf', status: 'running', tries: 1, maxTries: 3, pagesDone: 1, pageCount: 2, defaults: { category: 'Ferries', language: 'en', ageRating: 2 } })
      .returning();
    const key = `uploads/${left.id}/Ferry News - 2026-06-01.pdf`;
    await mediaStorage().write(key, pdf);
    await app.db.update(importJobs).set({ storedPath: key }).where(eq(importJobs.id, left.id));
    // Its job, taken a minute ago by a worker of an instance that died (never seen again).
    await stopJobs();
    await enqueue(app.db, 'import', { importId: left.id }, { key: `import:${left.id}` });
    await app.db.execute(sql`UPDATE graphile_worker._private_jobs SET locked_by = 'worker-of-a-dead-instance', locked_at = now() - interval '1 minute', attempts = 1 WHERE key = ${`import:${left.id}`}`);
    await startJobs();
    const job = await finished(left.id);
    expect(job).toMatchObject({ status: 'imported', pagesDone: 2, pageCount: 2, titleName: 'Ferry News', tries: 2, maxTries: 3 });
    const [issue] = await app.db.select().from(issues).where(eq(issues.id, job.issueId!));
    expect(issue.issueDate).toBe('2026-06-01');

    const [abandoned] = await app.db
      .insert(importJobs)
      .values({ fileName: 'gone.pdf', status: 'uploading', updatedAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .returning();
    await cleanUp();
    const [gone] = await app.db.select().from(importJobs).where(eq(importJobs.id, abandoned.id));
    expect(gone).toMatchObject({ status: 'failed', error: 'the upload did not finish' });
  });
});

describe('an upload that replaces the issue of its title and date', () => {
  const ISSUE = { fileName: 'Ferry News - 2026-08-01.pdf', category: 'Ferries', language: 'en', ageRating: 2 };
  /** Another file of the same issue (a scan), named anyhow, its sidecar giving the title and date. */
  const SCAN = { fileName: 'ferry-scan.pdf', sidecar: JSON.stringify({ title: 'Ferry News', issueDate: '2026-08-01' }) };
  let issueId = 0;

  async function pageTexts(id: number): Promise<string[]> {
    const rows = await app.db.select({ text: issuePages.text }).from(issuePages).where(eq(issuePages.issueId, id)).orderBy(asc(issuePages.pageNo));
    return rows.map((row) => row.text);
  }

  it('refuses another file of an imported issue at its first try, naming the console’s checkbox as the way out, and leaves the issue as it was', async () => {
    const first = await uploadAndImport(ISSUE, await ferryPdf('lighthouse'));
    expect(first).toMatchObject({ status: 'imported', replace: false });
    issueId = first.issueId!;
    const before = await pageTexts(issueId);

    const refused = await uploadAndImport(SCAN, await ferryPdf('foghorn', 2));
    expect(refused).toMatchObject({
      status: 'failed',
      tries: 1,
      maxTries: 3,
      issueId: null,
      replace: false,
      error: `issue ${issueId} of the same title and date was imported from Ferry News - 2026-08-01.pdf: this different file is not imported over it (to replace that issue, upload it under that name or tick “Replace the issue of the same title and date”)`,
    });
    expect(refused.error).not.toContain('--replace');
    expect(await queueJobsAfterTry(refused.id)).toEqual([]);
    expect(await pageTexts(issueId)).toEqual(before);
  });

  it('replaces the issue with the other file when the upload asks to, keeping its id; its pages and text are the new file’s', async () => {
    const [before] = await app.db.select().from(issues).where(eq(issues.id, issueId));
    const opened = await open(cast.tokens.operator, { ...SCAN, replace: true });
    expect(opened.status).toBe(200);
    expect(opened.body.job).toMatchObject({ fileName: 'ferry-scan.pdf', replace: true });
    expect(await lastAudit(app.db, 'import.upload', `import:${opened.body.job.id}`)).toMatchObject({ after: { fileName: 'ferry-scan.pdf', replace: true } });
    expect((await send(cast.tokens.operator, opened.body.job.id, await ferryPdf('foghorn', 2))).status).toBe(200);
    const job = await finished(opened.body.job.id);
    expect(job).toMatchObject({ status: 'updated', issueId, tries: 1, error: null, replace: true, pageCount: 2 });
    const [after] = await app.db.select().from(issues).where(eq(issues.id, issueId));
    expect(after).toMatchObject({ id: issueId, magazineId: before.magazineId, issueDate: '2026-08-01', pageCount: 2 });
    expect(path.basename(after.sourceFile!)).toBe('ferry-scan.pdf');
    const texts = await pageTexts(issueId);
    expect(texts).toHaveLength(2);
    expect(texts[1]).toContain('The foghorn sailed at dawn.');
    expect(texts.join(' ')).not.toContain('lighthouse');
    // Replaced, not added beside it: the title still has one issue of that date.
    expect(await app.db.select({ id: issues.id }).from(issues).where(and(eq(issues.magazineId, before.magazineId), eq(issues.issueDate, '2026-08-01')))).toEqual([{ id: issueId }]);
  });

  it('is declared in the OpenAPI document: replace, a boolean, in the upload’s body', async () => {
    const res = await call<{ paths: Record<string, Record<string, { requestBody: { content: Record<string, { schema: { properties: Record<string, { type: string; description?: string }> } }> } }>> }>(
      app,
      '/api/openapi.json',
    );
    const replace = res.body.paths['/api/admin/imports'].post.requestBody.content['application/json'].schema.properties.replace;
    expect(replace.type).toBe('boolean');
    expect(replace.description).toMatch(/keeps its id/);
  });
});

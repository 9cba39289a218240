// First: it sets MEDIA_DIR before server/config reads it.
// eslint-disable-next-line import/order
import { addPages } from './helpers/reader-factories';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { issuePages, issues } from '@/server/db/schema';
import { markPageDrawn, stopDrawing } from '@/server/import/draw';
import { enqueueDrawing, forgetSpentJobs, settleDrawJobs, startJobs, stopJobs } from '@/server/jobs';
import { call, startTestApp, type TestApp } from './helpers/app';
import { consoleCast, lastAudit, type ConsoleCast } from './helpers/console';
import { createCategory, createMagazine } from './helpers/factories';

/**
 * The console's "Pages being drawn" (issue 28): the imported issues whose pages are still drawing, their draw-pages
 * job's tries and the reason it failed, and a failed drawing tried again, for site operators only.
 */

jest.setTimeout(120_000);
process.env.IMPORT_WORKERS = '1';
process.env.IMPORT_TRIES = '1';

type Drawing = {
  issueId: number;
  magazineId: number;
  titleName: string;
  issueName: string;
  pageCount: number;
  pagesDrawn: number;
  state: string;
  tries: number | null;
  maxTries: number | null;
  error: string | null;
  nextTryAt: string | null;
};
type DrawingPage = { status: string; issues: Drawing[]; page: number; pageSize: number; total: number; message?: string; field?: string };

let app: TestApp;
let cast: ConsoleCast;
/** An imported issue whose original is gone: every try to draw its pages fails. */
let broken: number;
/** One whose pages are all drawn. */
let drawn: number;

async function list(token = cast.tokens.operator) {
  return call<DrawingPage>(app, '/api/admin/drawing', { token });
}

async function retry(issueId: number | string, token = cast.tokens.operator) {
  return call<{ status: string; issue: Drawing; message?: string; field?: string }>(app, `/api/admin/drawing/${issueId}/retry`, { token, body: {} });
}

/** The draw-pages jobs of an issue as the queue holds them. */
async function drawJobs(issueId: number) {
  const rows = await app.db.execute<{ attempts: number; maxAttempts: number; lastError: string | null }>(
    sql`SELECT attempts, max_attempts AS "maxAttempts", last_error AS "lastError" FROM graphile_worker.jobs WHERE key = ${`draw-pages:${issueId}`}`,
  );
  return rows.rows.map((row) => ({ ...row, attempts: Number(row.attempts), maxAttempts: Number(row.maxAttempts) }));
}

beforeAll(async () => {
  app = await startTestApp();
  cast = await consoleCast(app.db);
  const category = await createCategory(app.db, { name: 'Tides' });
  const first = await createMagazine(app.db, { categoryId: category.id, name: 'Tide Tables' });
  const second = await createMagazine(app.db, { categoryId: category.id, name: 'Tide Pools' });
  broken = first.issue.id;
  drawn = second.issue.id;
  for (const issueId of [broken, drawn]) {
    await addPages(app.db, issueId, 3);
    await app.db.update(issues).set({ pageCount: 3, originalKey: `originals/${issueId}/gone.pdf`, drawVersion: 'v1' }).where(eq(issues.id, issueId));
  }
  // Page 1 of the broken issue is drawn, pages 2 and 3 are not.
  await app.db.update(issues).set({ pagesDrawnAt: null }).where(eq(issues.id, broken));
  await app.db
    .update(issuePages)
    .set({ drawnAt: null })
    .where(and(eq(issuePages.issueId, broken), inArray(issuePages.pageNo, [2, 3])));
});

afterAll(async () => {
  await stopJobs();
  await stopDrawing();
  await app?.close();
});

describe('GET /api/admin/drawing and POST /api/admin/drawing/{issueId}/retry', () => {
  it('answers 401 without a session, and 403 to a member and to library staff (operators only)', async () => {
    expect((await call(app, '/api/admin/drawing')).status).toBe(401);
    expect((await call(app, `/api/admin/drawing/${broken}/retry`, { body: {} })).status).toBe(401);
    for (const token of [cast.tokens.member, cast.tokens.staffA]) {
      expect((await list(token)).status).toBe(403);
      expect((await retry(broken, token)).status).toBe(403);
    }
    expect(await lastAudit(app.db, 'issue.draw')).toBeNull();
  });

  it('answers 400 naming the field for a bad page or issue id, and 404 for an issue that does not exist', async () => {
    const badPage = await call<DrawingPage>(app, '/api/admin/drawing?page=-1', { token: cast.tokens.operator });
    expect(badPage.status).toBe(400);
    expect(badPage.body.field).toBe('page');
    const badId = await retry('first');
    expect(badId.status).toBe(400);
    expect(badId.body).toMatchObject({ field: 'issueId', message: 'issueId: must be a positive whole number' });
    const missing = await retry(2_000_000_000);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('No such issue');
  });

  it('lists an issue still drawing with its pages drawn, and not one whose pages are all drawn', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'success', page: 0, total: 1 });
    expect(res.body.issues).toEqual([
      { issueId: broken, magazineId: expect.any(Number), titleName: 'Tide Tables', issueName: 'November 2026', pageCount: 3, pagesDrawn: 1, state: 'unqueued', tries: null, maxTries: null, error: null, nextTryAt: null },
    ]);
    expect((await retry(drawn)).status).toBe(409);
  });

  it('shows a drawing that failed with its tries and reason, and tries it again when asked (audited)', async () => {
    await enqueueDrawing(app.db, { issueId: broken });
    await startJobs();
    let failed: Drawing | undefined;
    for (let i = 0; i < 240 && failed?.state !== 'failed'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      failed = (await list()).body.issues.find((issue) => issue.issueId === broken);
    }
    expect(failed).toMatchObject({ state: 'failed', tries: 1, maxTries: 1, pagesDrawn: 1, error: 'a page could not be drawn: the original PDF is not in the media storage' });
    // Stopped, so the job tried again stays waiting for the assertions.
    await stopJobs();

    const res = await retry(broken);
    expect(res.status).toBe(200);
    expect(res.body.issue).toMatchObject({ issueId: broken, state: 'waiting', tries: 0, maxTries: 1, pagesDrawn: 1 });
    expect((await list()).body.issues[0]).toMatchObject({ issueId: broken, state: 'waiting', tries: 0 });
    const audited = await lastAudit(app.db, 'issue.draw', `issue:${broken}`);
    expect(audited).toMatchObject({ actorUserId: cast.operator.id, before: { pagesDrawn: 1, tries: 1, error: failed!.error }, after: { job: `draw-pages:${broken}` } });
    // Asked twice, it stays one job; the failed one it replaced is not left behind (graphile-worker would keep it, keyless).
    expect((await retry(broken)).status).toBe(200);
    const jobs = await app.db.execute<{ key: string | null }>(sql`SELECT key FROM graphile_worker.jobs WHERE task_identifier = 'draw-pages'`);
    expect(jobs.rows).toEqual([{ key: `draw-pages:${broken}` }]);
  });

  it('keeps a failed drawing while its issue has pages to draw, and forgets it once nothing is left for it', async () => {
    // The job tried again above fails its one try again, for real.
    await startJobs();
    let failed: Drawing | undefined;
    for (let i = 0; i < 240 && failed?.state !== 'failed'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      failed = (await list()).body.issues.find((issue) => issue.issueId === broken);
    }
    await stopJobs();
    expect(failed).toMatchObject({ state: 'failed', tries: 1, error: expect.stringContaining('the original PDF is not in the media storage') });
    // The hourly clean-up (and every start) leaves it: it is shown, and tried again from the console.
    expect(await forgetSpentJobs(app.db)).toBe(0);
    expect(await drawJobs(broken)).toEqual([{ attempts: 1, maxAttempts: 1, lastError: failed!.error }]);

    // Members' requests draw the pages left (as ensurePageDrawn marks them): the failed job has nothing left to do.
    for (const pageNo of [2, 3]) await app.db.transaction((tx) => markPageDrawn(tx, broken, pageNo));
    expect((await list()).body.total).toBe(0);
    expect(await forgetSpentJobs(app.db)).toBe(1);
    expect(await drawJobs(broken)).toEqual([]);
  });

  it('forgets the job of a deleted issue, and a try a redraw replaced once it fails; the redraw’s own job stays', async () => {
    const category = await createCategory(app.db, { name: 'Currents' });
    const [gone, redrawn] = await Promise.all(['Gulf Stream', 'Rip Tides'].map((name) => createMagazine(app.db, { categoryId: category.id, name })));
    for (const { issue } of [gone, redrawn]) {
      await addPages(app.db, issue.id, 2);
      await app.db.update(issues).set({ pageCount: 2, pagesDrawnAt: null, originalKey: `originals/${issue.id}/gone.pdf`, drawVersion: 'v1' }).where(eq(issues.id, issue.id));
      await app.db.update(issuePages).set({ drawnAt: null }).where(eq(issuePages.issueId, issue.id));
      await enqueueDrawing(app.db, { issueId: issue.id });
    }
    // Nothing is spent yet: both issues have pages to draw.
    expect(await forgetSpentJobs(app.db)).toBe(0);

    await app.db.delete(issues).where(eq(issues.id, gone.issue.id));
    // An instance is drawing the other when a redraw asks again: graphile-worker takes the key and the tries of the
    // running one and adds a new job; the running try then fails (graphile-worker lets go of it with its reason).
    await app.db.execute(sql`UPDATE graphile_worker._private_jobs SET locked_at = now(), locked_by = 'a-worker', attempts = 1 WHERE key = ${`draw-pages:${redrawn.issue.id}`}`);
    const [running] = (await app.db.execute<{ id: string }>(sql`SELECT id::text FROM graphile_worker.jobs WHERE key = ${`draw-pages:${redrawn.issue.id}`}`)).rows;
    await enqueueDrawing(app.db, { issueId: redrawn.issue.id }, { again: true });
    // Still held: left alone.
    expect(await forgetSpentJobs(app.db)).toBe(1);
    expect(await drawJobs(gone.issue.id)).toEqual([]);
    await app.db.execute(sql`UPDATE graphile_worker._private_jobs SET locked_at = NULL, locked_by = NULL, last_error = 'a page could not be drawn' WHERE id = ${running.id}::bigint`);
    expect(await forgetSpentJobs(app.db)).toBe(1);
    const left = await app.db.execute<{ id: string; key: string | null }>(sql`SELECT id::text, key FROM graphile_worker.jobs WHERE task_identifier = 'draw-pages'`);
    expect(left.rows).toEqual([{ id: expect.not.stringMatching(`^${running.id}$`), key: `draw-pages:${redrawn.issue.id}` }]);
    expect(await drawJobs(redrawn.issue.id)).toEqual([{ attempts: 0, maxAttempts: 1, lastError: null }]);
  });

  it('after `npm run import` draws what it can: the job of an issue it drew goes, one it left gets all its tries again', async () => {
    const category = await createCategory(app.db, { name: 'Shoals' });
    const [left, done] = await Promise.all(['Sandbanks', 'Reefs'].map((name) => createMagazine(app.db, { categoryId: category.id, name })));
    for (const { issue } of [left, done]) {
      await addPages(app.db, issue.id, 2);
      await app.db.update(issues).set({ pageCount: 2, pagesDrawnAt: null, originalKey: `originals/${issue.id}/gone.pdf`, drawVersion: 'v1' }).where(eq(issues.id, issue.id));
      await app.db.update(issuePages).set({ drawnAt: null }).where(eq(issuePages.issueId, issue.id));
      await enqueueDrawing(app.db, { issueId: issue.id });
      // Each had failed for good on the site.
      await app.db.execute(sql`UPDATE graphile_worker._private_jobs SET attempts = max_attempts, last_error = 'an old reason' WHERE key = ${`draw-pages:${issue.id}`}`);
    }
    for (const pageNo of [1, 2]) await app.db.transaction((tx) => markPageDrawn(tx, done.issue.id, pageNo));
    await settleDrawJobs(app.db, [left.issue.id, done.issue.id]);
    expect(await drawJobs(left.issue.id)).toEqual([{ attempts: 0, maxAttempts: 1, lastError: null }]);
    expect(await drawJobs(done.issue.id)).toEqual([]);
  });

  it('is declared in the OpenAPI document', async () => {
    const res = await call<{ paths: Record<string, Record<string, { operationId: string }>> }>(app, '/api/openapi.json');
    expect(res.body.paths['/api/admin/drawing'].get.operationId).toBe('listDrawing');
    expect(res.body.paths['/api/admin/drawing/{issueId}/retry'].post.operationId).toBe('retryDrawing');
  });
});

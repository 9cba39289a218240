// First: it sets MEDIA_DIR before server/config reads it.
// eslint-disable-next-line import/order
import { addPages, TEST_MEDIA_DIR } from './helpers/reader-factories';
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { issuePages, issues } from '@/server/db/schema';
import { stopDrawing } from '@/server/import/draw';
import { enqueueDrawing, startJobs, stopJobs } from '@/server/jobs';
import { startTestApp, type TestApp } from './helpers/app';
import { createCategory, createMagazine } from './helpers/factories';

/**
 * A draw-pages job whose kept original is refused by the renderer (not a PDF any more: damaged in the storage) ends at
 * its first try with the reason, while one whose original is away (the storage did not answer with it) keeps its
 * other tries: a later try may find it, a later try cannot read the refused file better (issues 27 and 28).
 */

jest.setTimeout(120_000);
process.env.IMPORT_WORKERS = '1';
process.env.IMPORT_TRIES = '3';

let app: TestApp;
let refused: number;
let away: number;

async function drawJob(issueId: number) {
  const rows = await app.db.execute<{ attempts: number; maxAttempts: number; lastError: string | null; locked: boolean }>(
    sql`SELECT attempts, max_attempts AS "maxAttempts", last_error AS "lastError", locked_at IS NOT NULL AS locked FROM graphile_worker.jobs WHERE key = ${`draw-pages:${issueId}`}`,
  );
  const row = rows.rows[0];
  return row ? { ...row, attempts: Number(row.attempts), maxAttempts: Number(row.maxAttempts) } : undefined;
}

/** The job once its first try has ended (failed and let go). */
async function afterFirstTry(issueId: number) {
  for (let i = 0; i < 240; i += 1) {
    const job = await drawJob(issueId);
    if (job && job.attempts >= 1 && !job.locked && job.lastError) return job;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the draw-pages job of issue ${issueId} did not end its first try`);
}

beforeAll(async () => {
  app = await startTestApp();
  const category = await createCategory(app.db, { name: 'Estuaries' });
  refused = (await createMagazine(app.db, { categoryId: category.id, name: 'Estuary Notes' })).issue.id;
  away = (await createMagazine(app.db, { categoryId: category.id, name: 'Estuary Birds' })).issue.id;
  for (const issueId of [refused, away]) {
    await addPages(app.db, issueId, 2);
    await app.db.update(issues).set({ pageCount: 2, originalKey: `originals/${issueId}/issue.pdf`, drawVersion: 'v1', pagesDrawnAt: null }).where(eq(issues.id, issueId));
    await app.db.update(issuePages).set({ drawnAt: null }).where(eq(issuePages.issueId, issueId));
  }
  // The refused issue's original is there, but no longer a PDF; the other's is not there at all.
  const damaged = path.join(TEST_MEDIA_DIR, 'originals', String(refused), 'issue.pdf');
  fs.mkdirSync(path.dirname(damaged), { recursive: true });
  fs.writeFileSync(damaged, 'These bytes were a PDF once: the storage kept only this line.\n');
});

afterAll(async () => {
  await stopJobs();
  await stopDrawing();
  await app?.close();
});

it('ends the job of an issue whose original the renderer refuses at its first try, with the reason', async () => {
  await enqueueDrawing(app.db, { issueId: refused });
  await enqueueDrawing(app.db, { issueId: away });
  await startJobs();
  const refusedJob = await afterFirstTry(refused);
  const awayJob = await afterFirstTry(away);
  await stopJobs();
  expect(refusedJob).toMatchObject({ attempts: 1, maxAttempts: 1 });
  expect(refusedJob.lastError).toMatch(/^a page could not be drawn: /);
  expect(refusedJob.lastError).not.toContain('not in the media storage');
  // The original that is away is tried again later: its job keeps its other tries.
  expect(awayJob).toMatchObject({ attempts: 1, maxAttempts: 3, lastError: 'a page could not be drawn: the original PDF is not in the media storage' });
  // Nothing of the refused issue was drawn or marked drawn.
  const [issue] = await app.db.select({ pagesDrawnAt: issues.pagesDrawnAt }).from(issues).where(eq(issues.id, refused));
  expect(issue.pagesDrawnAt).toBeNull();
});

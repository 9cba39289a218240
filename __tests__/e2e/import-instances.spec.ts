import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { and, eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { Pool } from 'pg';
import { signSessionToken } from '@/lib/session-token';
import { startPostgresServer, type EmbeddedDatabase } from '@/server/db/embedded';
import * as schema from '@/server/db/schema';
import { fillerLines, makeSamplePdf } from '@/bench/samples';
import { createCategory, createUser } from '../api/helpers/factories';
import { startS3, type TestS3 } from '../api/helpers/s3';
import { ensureSearchLanguage } from '../api/helpers/search-factories';
import { SCALE_JWT_SECRET, migrate, startSite, waitFor, type SiteInstance } from './site-instance';

/**
 * Console imports as jobs on the queue every instance shares (server/jobs): two instances of the production build on
 * one PostgreSQL and one S3-protocol bucket (s3rver). An upload kept by one instance is imported by another; the
 * drawing of an issue's pages (its draw-pages job) whose instance is killed is finished by another; a file the import
 * refuses ends failed at its first try, with its reason in the console. Ports: E2E_IMPORT_PORT (3216 by default) and the three after it.
 */

const BASE = Number(process.env.E2E_IMPORT_PORT ?? 3216);
const PORTS = { database: BASE, s3: BASE + 1, a: BASE + 2, b: BASE + 3 };

let dir: string;
let database: EmbeddedDatabase;
let s3: TestS3;
let pool: Pool;
let db: ReturnType<typeof drizzle<typeof schema>>;
let shared: Record<string, string>;
let token: string;
let operatorId: number;
const running: SiteInstance[] = [];

test.describe.configure({ mode: 'serial', timeout: 300_000 });

async function site(port: number, env: Record<string, string> = {}): Promise<SiteInstance> {
  const instance = await startSite(port, { ...shared, ...env });
  running.push(instance);
  return instance;
}

async function stop(instance: SiteInstance, how: 'stop' | 'kill' = 'stop') {
  await instance[how]();
  running.splice(running.indexOf(instance), 1);
}

async function api<T>(instance: SiteInstance, address: string, init: { method?: string; body?: unknown; bytes?: Buffer } = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(`${instance.url}${address}`, {
    method: init.method ?? (init.body || init.bytes ? 'POST' : 'GET'),
    headers: { authorization: `Bearer ${token}`, 'content-type': init.bytes ? 'application/pdf' : 'application/json' },
    body: init.bytes ? new Uint8Array(init.bytes) : init.body ? JSON.stringify(init.body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as T };
}

type Job = { id: number; status: string; tries: number; maxTries: number | null; error: string | null; pagesDone: number; pageCount: number | null; issueId: number | null };

/** Opens an upload and sends its PDF through one instance, as the console does. */
async function upload(instance: SiteInstance, fileName: string, pdf: Buffer, defaults: Record<string, unknown> = { category: 'Harbours', language: 'en', ageRating: 2 }): Promise<number> {
  const opened = await api<{ job: Job }>(instance, '/api/admin/imports', { body: { fileName, ...defaults } });
  expect(opened.status, instance.output()).toBe(200);
  const sent = await api<{ job: Job }>(instance, `/api/admin/imports/${opened.body.job.id}/file`, { method: 'PUT', bytes: pdf });
  expect(sent.status, instance.output()).toBe(200);
  return opened.body.job.id;
}

async function row(jobId: number) {
  const [job] = await db.select().from(schema.importJobs).where(eq(schema.importJobs.id, jobId));
  return job;
}

async function harbourPdf(title: string, pages: number): Promise<Buffer> {
  return Buffer.from(
    await makeSamplePdf({
      pages: Array.from({ length: pages }, (_, i) => ({ lines: [`${title} page ${i + 1}`, ...fillerLines(i + 1, 12)] })),
      info: { title },
    }),
  );
}

test.beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-instances-'));
  fs.chmodSync(dir, 0o755);
  database = await startPostgresServer({ dataDir: path.join(dir, 'postgres'), port: PORTS.database });
  await migrate(database.url);
  pool = new Pool({ connectionString: database.url, max: 2 });
  db = drizzle(pool, { schema, casing: 'snake_case' });
  s3 = await startS3(PORTS.s3);
  shared = { DATABASE_URL: database.url, DATABASE_POOL_MAX: '4', IMPORT_WORKERS: '1', IMPORT_TRIES: '2', ...s3.env };
  await ensureSearchLanguage(db, 'en', 'English', 'english');
  await createCategory(db, { name: 'Harbours' });
  const operator = await createUser(db, { firstName: 'Olu', lastName: 'Operator' });
  operatorId = operator.id;
  await db.insert(schema.siteOperators).values({ userId: operator.id });
  ({ token } = await signSessionToken({ uid: operator.id, libid: 0, mexp: 0, guest: false }, SCALE_JWT_SECRET, 3600));
});

test.afterAll(async () => {
  await Promise.all(running.map((instance) => instance.stop()));
  await pool?.end();
  await s3?.stop();
  await database?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

test('an upload received by instance A is imported by instance B while A is stopped', async () => {
  // A answers the console but runs no imports (JOB_LANES=upkeep), so the import cannot be its own.
  const a = await site(PORTS.a, { JOB_LANES: 'upkeep' });
  const jobId = await upload(a, 'Harbour Weekly - 2026-05-01.pdf', await harbourPdf('Harbour Weekly', 3));
  expect(await row(jobId)).toMatchObject({ status: 'queued', storedPath: `uploads/${jobId}/Harbour Weekly - 2026-05-01.pdf` });
  expect(await s3.keys(`uploads/${jobId}/`)).toEqual([`uploads/${jobId}/Harbour Weekly - 2026-05-01.pdf`]);
  await stop(a);

  const b = await site(PORTS.b);
  await waitFor(`the import on B (${b.output()})`, async () => (await row(jobId)).status === 'imported', 120_000);
  const job = await row(jobId);
  expect(job).toMatchObject({ tries: 1, pagesDone: 3, pageCount: 3, error: null });
  // The issue is readable once its rows commit; B draws its pages after, in the background, into the shared bucket.
  await waitFor(`the pages drawn on B (${b.output()})`, async () => (await s3.keys(`pages/${job.issueId}/1/view/`)).length > 0, 120_000);
  // The upload leaves the bucket once imported.
  expect(await s3.keys(`uploads/${jobId}/`)).toEqual([]);
  const answered = await api<{ job: Job }>(b, `/api/admin/imports/${jobId}`);
  expect(answered.body.job).toMatchObject({ status: 'imported', tries: 1, maxTries: 2 });
  await stop(b);
});

/** An issue's draw-pages job as the queue holds it (graphile-worker's public view), and the instance running it. */
async function drawJob(issueId: number) {
  const { rows } = await pool.query<{ attempts: number; max_attempts: number; last_error: string | null; instance: string | null }>(
    `SELECT j.attempts, j.max_attempts, j.last_error, r.instance FROM graphile_worker.jobs j
     LEFT JOIN job_runners r ON r.worker_id = j.locked_by WHERE j.key = $1`,
    [`draw-pages:${issueId}`],
  );
  return rows[0] ?? null;
}

async function pagesDrawn(issueId: number): Promise<number> {
  const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM issue_pages WHERE issue_id = $1 AND drawn_at IS NOT NULL', [issueId]);
  return rows[0].n;
}

test('an import whose instance is killed mid-draw is finished by the other within a minute', async () => {
  // Both run every lane: the one that takes the issue's draw-pages job is killed mid-draw, the other finishes it.
  const a = await site(PORTS.a);
  const b = await site(PORTS.b);
  const jobId = await upload(a, 'Harbour Daily - 2026-05-02.pdf', await harbourPdf('Harbour Daily', 60));
  await waitFor(`the import (${a.output()}\n${b.output()})`, async () => (await row(jobId)).status === 'imported', 120_000);
  const issueId = (await row(jobId)).issueId!;
  let holder: SiteInstance | undefined;
  await waitFor(`drawing under way (${a.output()}\n${b.output()})`, async () => {
    const job = await drawJob(issueId);
    holder = [a, b].find((instance) => job?.instance?.endsWith(`:${instance.pid}`));
    return holder !== undefined && (await pagesDrawn(issueId)) > 0;
  }, 120_000);
  const other = holder === a ? b : a;
  expect(await drawJob(issueId)).toMatchObject({ attempts: 1, max_attempts: 2 });
  const drawnBefore = await pagesDrawn(issueId);
  expect(drawnBefore).toBeLessThan(60);
  await stop(holder!, 'kill');
  const killed = Date.now();
  await waitFor(`the other instance taking the drawing over (${other.output()})`, async () => (await drawJob(issueId))?.attempts === 2, 60_000);
  console.log(`import-instances: the killed instance's drawing was taken up by the other ${((Date.now() - killed) / 1000).toFixed(1)} s after the kill (${drawnBefore} of 60 pages drawn)`);
  await waitFor(`the drawing on the other (${other.output()})`, async () => (await pagesDrawn(issueId)) === 60, 240_000);
  const [issue] = await db.select({ pagesDrawnAt: schema.issues.pagesDrawnAt }).from(schema.issues).where(eq(schema.issues.id, issueId));
  expect(issue.pagesDrawnAt).not.toBeNull();
  // Every page is in the shared bucket, and the finished job has left the queue.
  for (const pageNo of [1, 30, 60]) expect((await s3.keys(`pages/${issueId}/${pageNo}/`)).length).toBeGreaterThan(0);
  await waitFor('the job leaving the queue', async () => (await drawJob(issueId)) === null, 10_000);
  expect(await row(jobId)).toMatchObject({ status: 'imported', tries: 1, pagesDone: 60, pageCount: 60, error: null });
  // The other is left for the next spec.
});

test('an instance stopped mid-draw (SIGTERM) hands the drawing to the other at once, without spending a try', async () => {
  const [kept] = running;
  const port = kept.url.endsWith(`:${PORTS.a}`) ? PORTS.b : PORTS.a;
  const started = await site(port);
  const jobId = await upload(kept, 'Harbour Evening - 2026-05-04.pdf', await harbourPdf('Harbour Evening', 60));
  await waitFor(`the import (${kept.output()}\n${started.output()})`, async () => (await row(jobId)).status === 'imported', 120_000);
  const issueId = (await row(jobId)).issueId!;
  let holder: SiteInstance | undefined;
  await waitFor(`drawing under way (${kept.output()}\n${started.output()})`, async () => {
    const job = await drawJob(issueId);
    holder = [kept, started].find((instance) => job?.instance?.endsWith(`:${instance.pid}`));
    return holder !== undefined && (await pagesDrawn(issueId)) > 0;
  }, 120_000);
  const other = holder === kept ? started : kept;
  const stopping = Date.now();
  await stop(holder!);
  const stopped = (Date.now() - stopping) / 1000;
  // Handed back to the queue as the instance stopped: a new job, taken by the other with its first try.
  await waitFor(`the other taking the drawing (${other.output()})`, async () => {
    const job = await drawJob(issueId);
    return job?.instance?.endsWith(`:${other.pid}`) === true || (await pagesDrawn(issueId)) === 60;
  }, 20_000);
  console.log(`import-instances: the stopped instance ended ${stopped.toFixed(1)} s after SIGTERM; the other held its drawing ${((Date.now() - stopping) / 1000).toFixed(1)} s after SIGTERM`);
  const job = await drawJob(issueId);
  if (job) expect(job).toMatchObject({ attempts: 1, last_error: null });
  await waitFor(`the drawing on the other (${other.output()})`, async () => (await pagesDrawn(issueId)) === 60, 240_000);
});

test('the console shows a file the import refuses failed at its first try with its reason in the console’s words, and tries it again when asked', async ({ page }) => {
  const b = running.find((instance) => instance.url.endsWith(`:${PORTS.b}`)) ?? (await site(PORTS.b));
  // A new title with no category given anywhere: every try would fail the same way, so one is made.
  const jobId = await upload(b, 'Unplaced Gazette - 2026-05-03.pdf', await harbourPdf('Unplaced Gazette', 1), { language: 'en', ageRating: 3 });
  await waitFor(`the try on B (${b.output()})`, async () => (await row(jobId)).status === 'failed', 120_000);
  expect(await row(jobId)).toMatchObject({ tries: 1, maxTries: 2, error: "no category for the new title 'Unplaced Gazette': give one in a sidecar (category) or in “Category of a new title”" });

  // The session as signing in leaves it: the cookie for the page, the stored token for the console's calls.
  await page.context().addCookies([{ name: 'session', value: token, url: b.url, httpOnly: true }]);
  await page.addInitScript((stored) => localStorage.setItem('userToken', stored), token);
  await page.goto(`${b.url}/admin/content`);
  const line = page.getByRole('row').filter({ hasText: 'Unplaced Gazette - 2026-05-03.pdf' });
  await expect(line).toContainText('Failed');
  await expect(line).toContainText('Tried once, not again: the same file would fail the same way');
  await expect(line).toContainText("no category for the new title 'Unplaced Gazette'");
  await line.getByRole('button', { name: 'Try again Unplaced Gazette - 2026-05-03.pdf' }).click();
  await expect(line.getByRole('alert')).toHaveCount(0);
  await waitFor('the retry', async () => (await db.select().from(schema.auditLog).where(and(eq(schema.auditLog.action, 'import.retry'), eq(schema.auditLog.actorUserId, operatorId)))).length === 1, 10_000);
  await waitFor(`the second try (${b.output()})`, async () => {
    const job = await row(jobId);
    return job.status === 'failed' && job.finishedAt !== null && job.tries === 1;
  }, 120_000);
});

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
 * one PostgreSQL and one S3-protocol bucket (s3rver). An upload kept by one instance is imported by another; an
 * import whose instance is killed is finished by another; a file that always fails ends failed, its tries and reason
 * in the console. Ports: E2E_IMPORT_PORT (3216 by default) and the three after it.
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

// FIXME: drawing is no longer part of the import job (an issue's rows commit first, its pages are drawn after, in the
// background of the instance that imported it, and on request); a killed instance's undrawn pages are drawn on
// request or at the next start. Drawing as a `draw-pages` job on the queue, handed over like an import, is still to
// build, and this walk is to be rewritten to kill an instance mid-draw then.
test.fixme('an import whose instance is killed mid-draw is finished by the other within a minute', async () => {
  const a = await site(PORTS.a);
  const jobId = await upload(a, 'Harbour Daily - 2026-05-02.pdf', await harbourPdf('Harbour Daily', 60));
  await waitFor(`drawing on A (${a.output()})`, async () => {
    const job = await row(jobId);
    return job.status === 'running' && job.pagesDone > 0;
  }, 120_000);
  // B runs beside A, and leaves A's import alone while A lives.
  const b = await site(PORTS.b);
  expect(await row(jobId)).toMatchObject({ status: 'running', tries: 1 });
  await stop(a, 'kill');
  const killed = Date.now();
  await waitFor(`B taking the import over (${b.output()})`, async () => (await row(jobId)).tries === 2, 60_000);
  console.log(`import-instances: the killed instance's import was taken up by the other ${((Date.now() - killed) / 1000).toFixed(1)} s after the kill`);
  await waitFor(`the import on B (${b.output()})`, async () => (await row(jobId)).status === 'imported', 240_000);
  expect(await row(jobId)).toMatchObject({ status: 'imported', tries: 2, maxTries: 2, pagesDone: 60, pageCount: 60, error: null });
  // Left for the next spec.
});

test('the console shows the tries and the reason of a file that always fails, and tries it again when asked', async ({ page }) => {
  const b = running.find((instance) => instance.url.endsWith(`:${PORTS.b}`)) ?? (await site(PORTS.b));
  // A new title with no category given anywhere: every try fails the same way.
  const jobId = await upload(b, 'Unplaced Gazette - 2026-05-03.pdf', await harbourPdf('Unplaced Gazette', 1), { language: 'en', ageRating: 3 });
  await waitFor(`the tries on B (${b.output()})`, async () => (await row(jobId)).status === 'failed', 120_000);
  expect(await row(jobId)).toMatchObject({ tries: 2, maxTries: 2, error: "no category for the new title 'Unplaced Gazette': give one in a sidecar (category) or with --category" });

  // The session as signing in leaves it: the cookie for the page, the stored token for the console's calls.
  await page.context().addCookies([{ name: 'session', value: token, url: b.url, httpOnly: true }]);
  await page.addInitScript((stored) => localStorage.setItem('userToken', stored), token);
  await page.goto(`${b.url}/admin/content`);
  const line = page.getByRole('row').filter({ hasText: 'Unplaced Gazette - 2026-05-03.pdf' });
  await expect(line).toContainText('Failed');
  await expect(line).toContainText('Tried 2 of 2 times');
  await expect(line).toContainText("no category for the new title 'Unplaced Gazette'");
  await line.getByRole('button', { name: 'Try again Unplaced Gazette - 2026-05-03.pdf' }).click();
  await expect(line.getByRole('alert')).toHaveCount(0);
  await waitFor('the retry', async () => (await db.select().from(schema.auditLog).where(and(eq(schema.auditLog.action, 'import.retry'), eq(schema.auditLog.actorUserId, operatorId)))).length === 1, 10_000);
  await waitFor(`the second round of tries (${b.output()})`, async () => {
    const job = await row(jobId);
    return job.status === 'failed' && job.finishedAt !== null && job.tries === 2;
  }, 120_000);
});

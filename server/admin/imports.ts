import fs from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { and, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { UPLOAD_DIR } from '../config';
import { getDb } from '../db/client';
import { importJobs, issues, languages, magazines, type ImportJob } from '../db/schema';
import { refreshPlannerStatistics } from '../db/statistics';
import { HttpError } from '../http/errors';
import { saveBody } from '../http/body';
import { findCategory, importFile, removeAbandonedTemporaryFolders, type ImportDefaults } from '../import';
import { startDrawing } from '../import/draw';
import { CHECK_DATE, CREATION_DATE_SOURCE, MetadataError, parseSidecar } from '../import/metadata';
import { PagePool } from '../import/workers';
import { processWide } from '../process-wide';
import { processAlive } from '../processes';
import { audit, type Actor } from './audit';

/**
 * PDFs uploaded in the console: each upload is a job (import_jobs) that the site imports in the background with the
 * same importFile as `npm run import`, one file at a time, in worker threads, writing its progress to the row the
 * console polls. An upload is kept on the disk of the instance that received it, and that instance runs it; a
 * process that dies mid-import leaves the job 'running', and the next start of a process on the same host queues it
 * again (the import is all or nothing per file, so doing it again is safe).
 */

/** The largest PDF the console takes (IMPORT_UPLOAD_MB, default 500). */
export function importUploadLimit(): number {
  const megabytes = Number(process.env.IMPORT_UPLOAD_MB ?? 500);
  return Math.floor((Number.isFinite(megabytes) && megabytes > 0 ? megabytes : 500) * 1024 * 1024);
}

/** Worker threads for console imports (IMPORT_WORKERS): by default one core fewer than the machine has, so pages keep being answered. */
function workerCount(): number {
  const asked = Number(process.env.IMPORT_WORKERS);
  if (Number.isInteger(asked) && asked >= 1) return asked;
  return Math.max(1, os.availableParallelism() - 1);
}

const HOST = os.hostname();
const RUNNER = `${HOST}:${process.pid}`;
/** An upload that has not finished after this long was abandoned by its browser. */
const ABANDONED_UPLOAD_MS = 24 * 60 * 60 * 1000;

export interface NewImport {
  fileName: string;
  /** A sidecar's JSON text (the same fields as a sidecar file beside a PDF for `npm run import`). */
  sidecar?: string;
  defaults: ImportDefaults;
}

/** What the console shows of a job: never the path on disk or who else uploaded. */
export function presentJob(job: ImportJob & { titleName?: string | null; issueName?: string | null; magazineId?: number | null; dateToCheck?: boolean | null }) {
  const chosen = job.metadata as { metadata?: Record<string, unknown>; sources?: Record<string, string> } | null;
  return {
    id: job.id,
    fileName: job.fileName,
    status: job.status,
    error: job.error,
    bytes: job.bytes,
    pagesDone: job.pagesDone,
    pageCount: job.pageCount,
    issueId: job.issueId,
    magazineId: job.magazineId ?? null,
    titleName: job.titleName ?? null,
    issueName: job.issueName ?? null,
    metadata: chosen?.metadata ?? null,
    /** What drawing lost, each naming its page. */
    warnings: Array.isArray(job.warnings) ? (job.warnings as string[]) : [],
    /** The issue date came from the PDF's creation date: what the console shows until an operator saves a date. */
    dateNote: chosen?.sources?.issueDate === CREATION_DATE_SOURCE && (job.dateToCheck ?? true) ? `Issue date ${String(chosen.metadata?.issueDate)} ${CHECK_DATE}` : null,
    // A sidecar source is a path on the server: its file name says enough.
    sources: chosen?.sources ? Object.fromEntries(Object.entries(chosen.sources).map(([field, source]) => [field, /[\\/]/.test(source) ? path.basename(source) : source])) : null,
    defaults: job.defaults,
    createdAt: job.createdAt.toISOString(),
    finishedAt: job.finishedAt?.toISOString() ?? null,
  };
}

export type ImportJobView = ReturnType<typeof presentJob>;

const jobColumns = {
  job: importJobs,
  titleName: magazines.name,
  magazineId: magazines.id,
  issueName: issues.name,
  dateToCheck: issues.dateToCheck,
};

async function jobsWhere(where: SQL | undefined, page: number, pageSize: number) {
  const db = getDb();
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(jobColumns)
      .from(importJobs)
      .leftJoin(issues, eq(issues.id, importJobs.issueId))
      .leftJoin(magazines, eq(magazines.id, issues.magazineId))
      .where(where)
      .orderBy(desc(importJobs.id))
      .limit(pageSize)
      .offset(page * pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(importJobs).where(where),
  ]);
  return { jobs: rows.map((row) => presentJob({ ...row.job, titleName: row.titleName, issueName: row.issueName, magazineId: row.magazineId, dateToCheck: row.dateToCheck })), page, pageSize, total };
}

/** A page of uploads, newest first; `active` keeps the ones still uploading, queued or running. */
export function listImportJobs(options: { active: boolean; page: number; pageSize: number }) {
  return jobsWhere(options.active ? inArray(importJobs.status, ['uploading', 'queued', 'running']) : undefined, options.page, options.pageSize);
}

export async function importJobById(jobId: number): Promise<ImportJobView> {
  const { jobs } = await jobsWhere(eq(importJobs.id, jobId), 0, 1);
  if (!jobs[0]) throw new HttpError(404, 'No such import');
  return jobs[0];
}

/** A file name kept as the import will read it (the name can carry the title and date): no folders, a .pdf end. */
export function uploadName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop()!.trim();
  if (!/\.pdf$/i.test(base) || base.length < 5) throw new HttpError(400, 'fileName: must be the name of a .pdf file', { field: 'fileName' });
  if (base.startsWith('.')) throw new HttpError(400, 'fileName: must not start with a dot', { field: 'fileName' });
  return base;
}

/**
 * Opens an upload: the sidecar and defaults are checked now (a mistake is told before any byte is sent), the row
 * written with its audit, and the sidecar kept beside where the PDF will go, as `npm run import` would find it.
 */
export async function createImportJob(actor: Actor, upload: NewImport): Promise<ImportJobView> {
  const fileName = uploadName(upload.fileName);
  if (upload.sidecar !== undefined) {
    try {
      parseSidecar(upload.sidecar, 'sidecar');
    } catch (error) {
      if (error instanceof MetadataError) throw new HttpError(400, error.message, { field: 'sidecar' });
      throw error;
    }
  }
  const { defaults } = upload;
  const db = getDb();
  if (defaults.category !== undefined && !(await findCategory(db, defaults.category))) {
    throw new HttpError(400, `category: no category '${defaults.category}'`, { field: 'category' });
  }
  if (defaults.language !== undefined && !(await db.select({ code: languages.code }).from(languages).where(eq(languages.code, defaults.language)).limit(1))[0]) {
    throw new HttpError(400, `language: no language '${defaults.language}'`, { field: 'language' });
  }
  const job = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(importJobs)
      .values({ fileName, status: 'uploading', defaults, createdBy: actor.userId })
      .returning();
    await audit(tx, actor, { action: 'import.upload', target: `import:${row.id}`, after: { fileName, defaults, sidecar: upload.sidecar !== undefined } });
    return row;
  });
  const folder = path.join(UPLOAD_DIR, String(job.id));
  await fs.mkdir(folder, { recursive: true });
  if (upload.sidecar !== undefined) await fs.writeFile(path.join(folder, fileName.replace(/\.pdf$/i, '.json')), upload.sidecar);
  return presentJob(job);
}

/** The PDF signature within the first kilobyte, as readers accept it; anything else is not taken, whatever its name. */
export function notPdf(head: Buffer): string | null {
  const at = head.indexOf('%PDF-');
  return at >= 0 && at < 1024 ? null : 'file: is not a PDF (it does not begin with %PDF-)';
}

/** Takes the PDF's bytes for an open upload, written to disk as they arrive, then queues its import. */
export async function receiveImportFile(jobId: number, req: IncomingMessage): Promise<ImportJobView> {
  const db = getDb();
  const [job] = await db.select().from(importJobs).where(eq(importJobs.id, jobId)).limit(1);
  if (!job) throw new HttpError(404, 'No such import');
  // Claimed before the bytes are read, so two uploads to one job cannot both write.
  const [claimed] = await db
    .update(importJobs)
    .set({ status: 'receiving', runner: RUNNER, updatedAt: sql`now()` })
    .where(and(eq(importJobs.id, jobId), eq(importJobs.status, 'uploading')))
    .returning();
  if (!claimed) throw new HttpError(409, `This import is ${job.status === 'receiving' ? 'already receiving its file' : job.status}: start a new upload`);
  const file = path.join(UPLOAD_DIR, String(jobId), job.fileName);
  let bytes: number;
  try {
    await fs.mkdir(path.dirname(file), { recursive: true });
    bytes = await saveBody(req, file, { limit: importUploadLimit(), check: notPdf });
  } catch (error) {
    // The same job takes a new attempt (a refused file, a dropped connection).
    await db.update(importJobs).set({ status: 'uploading', runner: null, updatedAt: sql`now()` }).where(eq(importJobs.id, jobId));
    throw error;
  }
  await db.update(importJobs).set({ status: 'queued', storedPath: file, bytes, runner: null, updatedAt: sql`now()` }).where(eq(importJobs.id, jobId));
  void kickImports();
  return importJobById(jobId);
}

/** Cancels an upload not yet running: its file goes, and it is marked cancelled (a running import finishes). */
export async function cancelImportJob(actor: Actor, jobId: number): Promise<ImportJobView> {
  const db = getDb();
  const cancelled = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(importJobs).where(eq(importJobs.id, jobId)).limit(1).for('update');
    if (!before) throw new HttpError(404, 'No such import');
    if (!['uploading', 'queued'].includes(before.status)) throw new HttpError(409, `This import is ${before.status} and cannot be cancelled`);
    const [after] = await tx.update(importJobs).set({ status: 'cancelled', finishedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(importJobs.id, jobId)).returning();
    await audit(tx, actor, { action: 'import.cancel', target: `import:${jobId}`, before: presentJob(before), after: presentJob(after) });
    return after;
  });
  await fs.rm(path.join(UPLOAD_DIR, String(cancelled.id)), { recursive: true, force: true });
  return importJobById(jobId);
}

async function fileExists(file: string | null): Promise<boolean> {
  if (!file) return false;
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

/** The oldest queued job whose file is on this instance's disk, taken by this process (one update: no two take it). */
async function claimNext(): Promise<ImportJob | null> {
  const db = getDb();
  const queued = await db.select().from(importJobs).where(eq(importJobs.status, 'queued')).orderBy(importJobs.id).limit(20);
  for (const job of queued) {
    if (!(await fileExists(job.storedPath))) continue;
    const [claimed] = await db
      .update(importJobs)
      .set({ status: 'running', runner: RUNNER, pagesDone: 0, updatedAt: sql`now()` })
      .where(and(eq(importJobs.id, job.id), eq(importJobs.status, 'queued')))
      .returning();
    if (claimed) return claimed;
  }
  return null;
}

async function runJob(job: ImportJob, pool: PagePool): Promise<boolean> {
  const db = getDb();
  // Progress is written at most once a second, in order, and finished before the outcome is.
  let progress = Promise.resolve();
  let written = 0;
  const outcome = await importFile(job.storedPath!, {
    pool,
    defaults: (job.defaults ?? {}) as ImportDefaults,
    onPage(done, total) {
      if (done < total && Date.now() - written < 1000) return;
      written = Date.now();
      progress = progress
        .then(() => db.update(importJobs).set({ pagesDone: done, pageCount: total, updatedAt: sql`now()` }).where(eq(importJobs.id, job.id)))
        .then(
          () => undefined,
          () => undefined,
        );
    },
  });
  await progress;
  const finished = { status: outcome.status, finishedAt: sql`now()`, updatedAt: sql`now()`, runner: null } as const;
  if (outcome.status === 'failed') {
    await db.update(importJobs).set({ ...finished, error: outcome.reason }).where(eq(importJobs.id, job.id));
  } else if (outcome.status === 'unchanged') {
    await db.update(importJobs).set({ ...finished, issueId: outcome.issueId }).where(eq(importJobs.id, job.id));
  } else if (outcome.status === 'imported' || outcome.status === 'updated') {
    await db
      .update(importJobs)
      .set({ ...finished, issueId: outcome.issueId, metadata: outcome.chosen, warnings: outcome.warnings, pagesDone: outcome.pages, pageCount: outcome.pages })
      .where(eq(importJobs.id, job.id));
  }
  await fs.rm(path.dirname(job.storedPath!), { recursive: true, force: true });
  // Listed and searchable now; its pages are drawn in the background, first pages first (server/import/draw.ts).
  // What drawing loses is added to the upload's warnings as each page is drawn.
  if (outcome.status !== 'failed' && outcome.status !== 'planned') {
    startDrawing([outcome.issueId], (_issueId, warning) => {
      void db
        .update(importJobs)
        .set({ warnings: sql`coalesce(${importJobs.warnings}, '[]'::jsonb) || ${JSON.stringify([warning])}::jsonb` })
        .where(eq(importJobs.id, job.id))
        .catch(() => undefined);
    });
  }
  return outcome.status !== 'failed';
}

// One queue run per process: the API routes (an upload) and instrumentation (start-up) are bundled apart.
const queue = processWide('import-queue', () => ({ draining: null as Promise<void> | null, again: false }));

/**
 * Imports the queued uploads this instance holds, one after another, then lets the workers go. Called after each
 * upload and at start-up. A call while a run goes returns that run and asks for another after it, so a job that
 * arrives after the run's last look at the queue (while it analyses or closes its workers) is never left behind.
 */
export function kickImports(): Promise<void> {
  if (queue.draining) {
    queue.again = true;
    return queue.draining;
  }
  queue.again = false;
  queue.draining = drain().finally(() => {
    queue.draining = null;
    if (queue.again) void kickImports();
  });
  return queue.draining;
}

async function drain(): Promise<void> {
  let pool: PagePool | null = null;
  let changed = false;
  try {
    for (let job = await claimNext(); job; job = await claimNext()) {
      pool ??= new PagePool(workerCount());
      const current = job;
      const succeeded = await runJob(current, pool).catch((error: unknown) => {
        console.error(`[import] upload ${current.id} (${current.fileName}) could not be recorded:`, error);
        return false;
      });
      changed ||= succeeded;
      // A failed file may have broken a worker (a page it could not draw): the next file gets fresh ones.
      if (!succeeded) {
        await pool.close();
        pool = null;
      }
    }
    // New pages change what search's plans and counts rest on.
    if (changed) await refreshPlannerStatistics(getDb());
  } catch (error) {
    console.error('[import] the upload queue stopped:', error);
  } finally {
    await pool?.close();
  }
}

/**
 * At start-up: jobs a dead process on this host left 'running' or 'receiving' go back to the queue (or wait for a new
 * upload), uploads a browser abandoned a day ago are failed, the drawings dead imports left are removed, and the
 * queue is run.
 */
export async function resumeImports(): Promise<void> {
  const db = getDb();
  const stuck = await db
    .select({ id: importJobs.id, status: importJobs.status, runner: importJobs.runner })
    .from(importJobs)
    .where(and(inArray(importJobs.status, ['running', 'receiving']), sql`${importJobs.runner} LIKE ${`${HOST}:%`}`));
  for (const job of stuck) {
    const pid = Number(job.runner!.slice(HOST.length + 1));
    if (job.runner === RUNNER || processAlive(pid)) continue;
    await db
      .update(importJobs)
      .set({ status: job.status === 'running' ? 'queued' : 'uploading', runner: null, updatedAt: sql`now()` })
      .where(and(eq(importJobs.id, job.id), eq(importJobs.runner, job.runner!)));
  }
  await db
    .update(importJobs)
    .set({ status: 'failed', error: 'the upload did not finish', finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(importJobs.status, 'uploading'), lt(importJobs.updatedAt, new Date(Date.now() - ABANDONED_UPLOAD_MS))));
  // The drawings of an import a dead process left half done.
  await removeAbandonedTemporaryFolders();
  await kickImports();
}

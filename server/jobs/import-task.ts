import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { JobHelpers } from 'graphile-worker';
import { getDb } from '../db/client';
import { importJobs, issues } from '../db/schema';
import { importFile, type ImportDefaults } from '../import';
import { sidecarName, uploadFolder } from '../import/uploads';
import { PagePool } from '../import/workers';
import { processWide } from '../process-wide';
import { mediaStorage } from '../storage';
import { enqueueDrawing } from './draw-task';
import { enqueue, importWorkers } from './queue';

/**
 * The `import` task: one uploaded PDF (import_jobs row `importId`), read from the media storage wherever it was
 * received, imported with the same importFile as `npm run import` (`replace` as its --replace), its progress and
 * outcome written to the row the console polls. A file the import refuses (damaged, encrypted, undated, not placeable,
 * another file's issue) fails at its first try: the same bytes would be refused the same way, and tries spent on it
 * would only delay what the console shows. A crash or an outage (the database, the media storage, a page worker that
 * died) is a failed try: it is tried again after the queue's back-off, and after the last try the row says failed.
 * Either way the row keeps the reason and the tries made.
 */

/** When graphile-worker tries a job again after its try `tries` failed: e^min(tries, 10) seconds. */
function nextTry(tries: number): Date {
  return new Date(Date.now() + Math.exp(Math.min(tries, 10)) * 1000);
}

/** A try that failed with a reason in words; `refused` when trying again cannot help, which ends the import at it. */
class ImportTryFailed extends Error {
  constructor(
    message: string,
    readonly refused: boolean,
  ) {
    super(message);
  }
}

/** The page workers of this instance, shared by the imports it runs (IMPORT_WORKERS threads), closed when none runs. */
const pages = processWide('import-page-pool', () => ({ pool: null as PagePool | null, users: 0 }));

async function withPagePool<T>(work: (pool: PagePool) => Promise<T>): Promise<T> {
  pages.pool ??= new PagePool(importWorkers());
  pages.users += 1;
  try {
    return await work(pages.pool);
  } finally {
    pages.users -= 1;
    if (pages.users === 0) {
      const pool = pages.pool;
      pages.pool = null;
      await pool?.close();
    }
  }
}

async function download(key: string, file: string): Promise<boolean> {
  const object = await mediaStorage().open(key);
  if (!object) return false;
  await pipeline(object.body, createWriteStream(file));
  return true;
}

export async function runImport(payload: unknown, helpers: JobHelpers): Promise<void> {
  const importId = Number((payload as { importId?: unknown })?.importId);
  const db = getDb();
  const tries = helpers.job.attempts;
  const maxTries = helpers.job.max_attempts;
  // Taken unless cancelled or finished meanwhile ('running': the try before died with its instance).
  const [job] = await db
    .update(importJobs)
    .set({ status: 'running', tries, maxTries, nextTryAt: null, pagesDone: 0, updatedAt: sql`now()` })
    .where(and(eq(importJobs.id, importId), inArray(importJobs.status, ['queued', 'running'])))
    .returning();
  if (!job) return;
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), `import-${importId}-`));
  try {
    const file = path.join(folder, job.fileName);
    if (!job.storedPath || !(await download(job.storedPath, file))) throw new ImportTryFailed('the uploaded file is no longer kept', true);
    await download(`${uploadFolder(importId)}/${sidecarName(job.fileName)}`, path.join(folder, sidecarName(job.fileName)));
    // Progress is written at most once a second, in order, and finished before the outcome is.
    let progress = Promise.resolve();
    let written = 0;
    const outcome = await withPagePool((pool) =>
      importFile(file, {
        pool,
        defaults: (job.defaults ?? {}) as ImportDefaults,
        replace: job.replace,
        from: 'console',
        onPage(done, total) {
          if (done < total && Date.now() - written < 1000) return;
          written = Date.now();
          progress = progress
            .then(() => db.update(importJobs).set({ pagesDone: done, pageCount: total, updatedAt: sql`now()` }).where(eq(importJobs.id, importId)))
            .then(
              () => undefined,
              () => undefined,
            );
        },
      }),
    );
    await progress;
    if (outcome.status === 'failed') throw new ImportTryFailed(outcome.reason, outcome.refused);
    const finished = { status: outcome.status, error: null, finishedAt: sql`now()`, updatedAt: sql`now()` } as const;
    if (outcome.status === 'unchanged') {
      await db.update(importJobs).set({ ...finished, issueId: outcome.issueId }).where(eq(importJobs.id, importId));
      // The same file imported before: its pages may have been left undrawn (a job is added only if it has none).
      const [issue] = await db.select({ pagesDrawnAt: issues.pagesDrawnAt }).from(issues).where(eq(issues.id, outcome.issueId));
      if (issue && !issue.pagesDrawnAt) await enqueueDrawing(db, { issueId: outcome.issueId });
    } else if (outcome.status === 'imported' || outcome.status === 'updated') {
      // Listed and searchable now; its pages are drawn by a draw-pages job (draw-task.ts), first pages first, and on
      // request before that. What drawing loses is added to the upload's warnings as each page is drawn.
      await db.transaction(async (tx) => {
        await tx
          .update(importJobs)
          .set({ ...finished, issueId: outcome.issueId, metadata: outcome.chosen, warnings: outcome.warnings, pagesDone: outcome.pages, pageCount: outcome.pages })
          .where(eq(importJobs.id, importId));
        await enqueueDrawing(tx, { issueId: outcome.issueId, importId }, { again: true });
      });
      // New pages change what search's plans and counts rest on: one refresh for the imports of the next half minute.
      await enqueue(db, 'planner-statistics', {}, { key: 'planner-statistics', runAt: new Date(Date.now() + 30_000), keepRunAt: true });
    }
    await mediaStorage().removeFolder(uploadFolder(importId));
  } catch (error) {
    const reason = error instanceof ImportTryFailed ? error.message : `the import stopped: ${error instanceof Error ? error.message : String(error)}`;
    const refused = error instanceof ImportTryFailed && error.refused;
    const last = refused || tries >= maxTries;
    await db
      .update(importJobs)
      .set({ status: last ? 'failed' : 'queued', error: reason, nextTryAt: last ? null : nextTry(tries), finishedAt: last ? sql`now()` : null, updatedAt: sql`now()` })
      .where(eq(importJobs.id, importId));
    // A refusal ends the queue's job here, done: the row says failed, and Try again queues a new job for it.
    if (refused) return;
    throw new Error(reason);
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
}

/** An instance died importing it (liveness.ts): the row says so, and says failed if that was its last try. */
export async function importLost(payload: unknown, at: { tries: number; maxTries: number }): Promise<void> {
  const importId = Number((payload as { importId?: unknown })?.importId);
  const last = at.tries >= at.maxTries;
  await getDb()
    .update(importJobs)
    .set({
      status: last ? 'failed' : 'queued',
      error: 'the instance importing it stopped',
      tries: at.tries,
      maxTries: at.maxTries,
      finishedAt: last ? sql`now()` : null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(importJobs.id, importId), eq(importJobs.status, 'running')));
}

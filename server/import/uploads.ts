import fs from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { and, desc, eq, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import { UPLOAD_DIR } from '../config';
import { getDb } from '../db/client';
import { importJobs, issues, languages, magazines, type ImportJob } from '../db/schema';
import { HttpError } from '../http/errors';
import { saveBody } from '../http/body';
import { mediaStorage } from '../storage';
import { audit, type Actor } from '../admin/audit';
import { dequeue, enqueue } from '../jobs/queue';
import { MetadataError, parseSidecar } from './metadata';
import { findCategory, type ImportDefaults } from '.';

/**
 * PDFs uploaded in the console. Each upload is a row (import_jobs) the console follows: opened with its name,
 * sidecar and defaults, then its bytes arrive on any instance, which spools them on its disk, checks them, and keeps
 * them in the media storage (local disk, or the S3 bucket every instance shares) under `uploads/{id}/`; the same
 * commit queues an `import` job (server/jobs) that any instance runs with the same importFile as `npm run import`.
 */

/** The largest PDF the console takes (IMPORT_UPLOAD_MB, default 500). */
export function importUploadLimit(): number {
  const megabytes = Number(process.env.IMPORT_UPLOAD_MB ?? 500);
  return Math.floor((Number.isFinite(megabytes) && megabytes > 0 ? megabytes : 500) * 1024 * 1024);
}

/** The storage folder of an upload: its PDF and, when one was given, its sidecar beside it. */
export function uploadFolder(jobId: number): string {
  return `uploads/${jobId}`;
}

export function sidecarName(fileName: string): string {
  return fileName.replace(/\.pdf$/i, '.json');
}

/** An upload not finished after this long was abandoned by its browser. */
export const ABANDONED_UPLOAD_MS = 24 * 60 * 60 * 1000;
/** A file still arriving after this long lost its instance (or its browser): the upload may be sent again. */
const STUCK_RECEIVING_MS = 60 * 60 * 1000;
/** A failed or cancelled upload's file is kept this long, for a retry from the console. */
const FAILED_UPLOAD_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

export interface NewImport {
  fileName: string;
  /** A sidecar's JSON text (the same fields as a sidecar file beside a PDF for `npm run import`). */
  sidecar?: string;
  defaults: ImportDefaults;
  /** Replace the issue of the file's title and date that another file was imported as (the command's --replace). */
  replace?: boolean;
}

/** An upload's row with what the console shows beside it: the title and issue it became. */
export type UploadRow = ImportJob & { titleName: string | null; issueName: string | null; magazineId: number | null; dateToCheck: boolean | null };

const jobColumns = {
  job: importJobs,
  titleName: magazines.name,
  magazineId: magazines.id,
  issueName: issues.name,
  dateToCheck: issues.dateToCheck,
};

async function uploadsWhere(where: SQL | undefined, page: number, pageSize: number): Promise<{ rows: UploadRow[]; page: number; pageSize: number; total: number }> {
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
  return { rows: rows.map((row) => ({ ...row.job, titleName: row.titleName, issueName: row.issueName, magazineId: row.magazineId, dateToCheck: row.dateToCheck })), page, pageSize, total };
}

/** A page of uploads, newest first; `active` keeps the ones still uploading, queued (or waiting for a new try) or running. */
export function listUploads(options: { active: boolean; page: number; pageSize: number }) {
  return uploadsWhere(options.active ? inArray(importJobs.status, ['uploading', 'receiving', 'queued', 'running']) : undefined, options.page, options.pageSize);
}

export async function uploadById(jobId: number): Promise<UploadRow> {
  const { rows } = await uploadsWhere(eq(importJobs.id, jobId), 0, 1);
  if (!rows[0]) throw new HttpError(404, 'No such import');
  return rows[0];
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
 * written with its audit, and the sidecar kept in the upload's storage folder, where the import finds it beside the PDF.
 */
export async function createUpload(actor: Actor, upload: NewImport): Promise<ImportJob> {
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
  const replace = upload.replace ?? false;
  const db = getDb();
  if (defaults.category !== undefined && !(await findCategory(db, defaults.category))) {
    throw new HttpError(400, `category: no category '${defaults.category}'`, { field: 'category' });
  }
  if (defaults.language !== undefined && !(await db.select({ code: languages.code }).from(languages).where(eq(languages.code, defaults.language)).limit(1))[0]) {
    throw new HttpError(400, `language: no language '${defaults.language}'`, { field: 'language' });
  }
  const job = await db.transaction(async (tx) => {
    const [row] = await tx.insert(importJobs).values({ fileName, status: 'uploading', defaults, replace, createdBy: actor.userId }).returning();
    await audit(tx, actor, { action: 'import.upload', target: `import:${row.id}`, after: { fileName, defaults, replace, sidecar: upload.sidecar !== undefined } });
    return row;
  });
  if (upload.sidecar !== undefined) await mediaStorage().write(`${uploadFolder(job.id)}/${sidecarName(fileName)}`, Buffer.from(upload.sidecar));
  return job;
}

/** The PDF signature within the first kilobyte, as readers accept it; anything else is not taken, whatever its name. */
export function notPdf(head: Buffer): string | null {
  const at = head.indexOf('%PDF-');
  return at >= 0 && at < 1024 ? null : 'file: is not a PDF (it does not begin with %PDF-)';
}

/**
 * Takes the PDF's bytes for an open upload: spooled on this instance's disk as they arrive (checked, bounded), then
 * kept in the media storage, and its import queued in the commit that marks it queued.
 */
export async function receiveUpload(jobId: number, req: IncomingMessage): Promise<void> {
  const db = getDb();
  const [job] = await db.select().from(importJobs).where(eq(importJobs.id, jobId)).limit(1);
  if (!job) throw new HttpError(404, 'No such import');
  // Claimed before the bytes are read, so two uploads to one job cannot both write.
  const [claimed] = await db
    .update(importJobs)
    .set({ status: 'receiving', updatedAt: sql`now()` })
    .where(and(eq(importJobs.id, jobId), eq(importJobs.status, 'uploading')))
    .returning();
  if (!claimed) throw new HttpError(409, `This import is ${job.status === 'receiving' ? 'already receiving its file' : job.status}: start a new upload`);
  const spool = path.join(UPLOAD_DIR, String(jobId));
  const file = path.join(spool, job.fileName);
  const key = `${uploadFolder(jobId)}/${job.fileName}`;
  let bytes: number;
  try {
    await fs.mkdir(spool, { recursive: true });
    bytes = await saveBody(req, file, { limit: importUploadLimit(), check: notPdf });
    await mediaStorage().writeFile(key, file);
  } catch (error) {
    // The same job takes a new attempt (a refused file, a dropped connection, the storage away).
    await db.update(importJobs).set({ status: 'uploading', updatedAt: sql`now()` }).where(eq(importJobs.id, jobId));
    throw error;
  } finally {
    await fs.rm(file, { force: true });
  }
  await db.transaction(async (tx) => {
    await tx.update(importJobs).set({ status: 'queued', storedPath: key, bytes, tries: 0, error: null, updatedAt: sql`now()` }).where(eq(importJobs.id, jobId));
    await enqueue(tx, 'import', { importId: jobId }, { key: `import:${jobId}` });
  });
}

/** Cancels an upload not yet importing: its files go, its job leaves the queue, and it is marked cancelled (a running import finishes). */
export async function cancelUpload(actor: Actor, jobId: number, present: (row: ImportJob) => unknown): Promise<void> {
  const db = getDb();
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(importJobs).where(eq(importJobs.id, jobId)).limit(1).for('update');
    if (!before) throw new HttpError(404, 'No such import');
    if (!['uploading', 'queued'].includes(before.status)) throw new HttpError(409, `This import is ${before.status} and cannot be cancelled`);
    const [after] = await tx.update(importJobs).set({ status: 'cancelled', nextTryAt: null, finishedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(importJobs.id, jobId)).returning();
    await dequeue(tx, `import:${jobId}`);
    await audit(tx, actor, { action: 'import.cancel', target: `import:${jobId}`, before: present(before), after: present(after) });
  });
  await mediaStorage().removeFolder(uploadFolder(jobId));
  await fs.rm(path.join(UPLOAD_DIR, String(jobId)), { recursive: true, force: true });
}

/** Queues a failed import again with all its tries (its file is kept a week after it failed). */
export async function retryUpload(actor: Actor, jobId: number): Promise<void> {
  const db = getDb();
  const [job] = await db.select().from(importJobs).where(eq(importJobs.id, jobId)).limit(1);
  if (!job) throw new HttpError(404, 'No such import');
  if (job.status !== 'failed') throw new HttpError(409, `This import is ${job.status}: only a failed import is tried again`);
  if (!job.storedPath || !(await mediaStorage().exists(job.storedPath))) throw new HttpError(409, 'This upload’s file is no longer kept: start a new upload');
  await db.transaction(async (tx) => {
    const [queued] = await tx
      .update(importJobs)
      .set({ status: 'queued', tries: 0, nextTryAt: null, finishedAt: null, updatedAt: sql`now()` })
      .where(and(eq(importJobs.id, jobId), eq(importJobs.status, 'failed')))
      .returning();
    if (!queued) throw new HttpError(409, 'This import is no longer failed');
    await enqueue(tx, 'import', { importId: jobId }, { key: `import:${jobId}` });
    await audit(tx, actor, { action: 'import.retry', target: `import:${jobId}`, before: { status: 'failed', error: job.error, tries: job.tries } });
  });
}

/**
 * The clean-up's share (server/jobs/upkeep.ts): uploads a browser abandoned a day ago are failed, a file left
 * arriving by a lost instance an hour ago may be sent again, and the files of uploads failed or cancelled a week ago go.
 */
export async function tidyUploads(): Promise<void> {
  const db = getDb();
  const storage = mediaStorage();
  const now = Date.now();
  const abandoned = await db
    .update(importJobs)
    .set({ status: 'failed', error: 'the upload did not finish', finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(importJobs.status, 'uploading'), lt(importJobs.updatedAt, new Date(now - ABANDONED_UPLOAD_MS))))
    .returning({ id: importJobs.id });
  // Their sidecars.
  for (const { id } of abandoned) await storage.removeFolder(uploadFolder(id));
  await db
    .update(importJobs)
    .set({ status: 'uploading', updatedAt: sql`now()` })
    .where(and(eq(importJobs.status, 'receiving'), lt(importJobs.updatedAt, new Date(now - STUCK_RECEIVING_MS))));
  const old = await db
    .update(importJobs)
    .set({ storedPath: null })
    .where(and(inArray(importJobs.status, ['failed', 'cancelled']), isNotNull(importJobs.storedPath), lt(importJobs.updatedAt, new Date(now - FAILED_UPLOAD_KEPT_MS))))
    .returning({ id: importJobs.id });
  for (const { id } of old) await storage.removeFolder(uploadFolder(id));
}

import path from 'node:path';
import type { DrawingView, ImportJobView } from '@/lib/wire';
import type { ImportJob } from '../db/schema';
import { CHECK_DATE, CREATION_DATE_SOURCE } from '../import/metadata';
import type { UploadRow } from '../import/uploads';
import type { DrawingRow } from './import-drawing';

/**
 * Console presenters of the import: rows (server/import/uploads.ts, ./import-drawing.ts) to what the console shows,
 * never the storage key or who else uploaded.
 */

export function presentJob(job: ImportJob & Partial<Pick<UploadRow, 'titleName' | 'issueName' | 'magazineId' | 'dateToCheck'>>): ImportJobView {
  const chosen = job.metadata as { metadata?: Record<string, unknown>; sources?: Record<string, string> } | null;
  return {
    id: job.id,
    fileName: job.fileName,
    status: job.status,
    /** Why the last try failed (while queued again, or once failed). */
    error: job.error,
    /** Tries made so far out of those it gets (null before its first try). */
    tries: job.tries,
    maxTries: job.maxTries ?? null,
    /** When a failed try is tried again, while it waits. */
    nextTryAt: job.status === 'queued' ? (job.nextTryAt?.toISOString() ?? null) : null,
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
    replace: job.replace,
    createdAt: job.createdAt.toISOString(),
    finishedAt: job.finishedAt?.toISOString() ?? null,
  };
}

/**
 * An issue still drawing, as the console's "Pages being drawn" shows it: `drawing` while an instance holds its job,
 * `waiting` for a worker or its next try, `failed` once its tries are spent, `unqueued` when it has no job yet.
 */
export function presentDrawing(row: DrawingRow): DrawingView {
  const failed = row.attempts !== null && row.maxAttempts !== null && row.attempts >= row.maxAttempts && !row.lockedAt;
  const state = row.attempts === null ? 'unqueued' : row.lockedAt ? 'drawing' : failed ? 'failed' : 'waiting';
  return {
    issueId: row.issueId,
    magazineId: row.magazineId,
    titleName: row.titleName,
    issueName: row.issueName,
    pageCount: row.pageCount,
    pagesDrawn: row.pagesDrawn,
    state,
    /** Tries made so far out of those it gets (null without a job). */
    tries: row.attempts,
    maxTries: row.maxAttempts,
    /** Why the last try failed (while waiting for the next, or once failed). */
    error: row.lastError,
    /** When a failed try is tried again, while it waits. */
    nextTryAt: state === 'waiting' && row.attempts && row.runAt ? row.runAt.toISOString() : null,
  };
}

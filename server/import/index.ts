import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { invalidate } from '../cache';
import { titlesChanged } from '../catalogue/edits';
import { MEDIA_DIR } from '../config';
import { getDb, type Database } from '../db/client';
import { issues } from '../db/schema';
import { processAlive } from '../processes';
import { mediaStorage, StorageUnavailableError, type MediaStorage } from '../storage';
import { MetadataError, type IssueMetadata, type ResolvedMetadata } from './metadata';
import { fileHash, ImportError, planFile, type ImportDefaults, type ImportFrom } from './plan';
import { PageWorkerLost, PdfError, type PagePool } from './workers';
import { writeRows } from './write';

/**
 * Imports PDF issues in three steps: plan (plan.ts: metadata, the title and issue matched, each page's size and text
 * read, all before a page is drawn), write (write.ts: the rows in one transaction per file, the original PDF kept in
 * the media storage beside them), then draw (draw.ts: the pages drawn after the rows commit, first pages first, and on
 * a member's request before that). An issue is listed and searchable as soon as its rows commit. The command
 * (scripts/import.ts) and the console's upload both call importFile, then have the pages drawn.
 */

export { findCategory, findPdfs, normaliseTitle, storySpans, type ImportDefaults, type ImportFrom } from './plan';

export interface ImportOptions {
  /** Reads the PDF: its information, outline and each page's text. */
  pool: PagePool;
  defaults?: ImportDefaults;
  dryRun?: boolean;
  /** Replace the issue of the file's title and date even when another file was imported as it (plan.ts refuseAnotherFile). */
  replace?: boolean;
  /** Where the import was asked for (the command by default): a refusal names the way out in its words. */
  from?: ImportFrom;
  mediaDir?: string;
  /** Where the original goes: by default the local media folder, or the S3 bucket when S3_BUCKET is set. */
  storage?: MediaStorage;
  db?: Database;
  /** Called as each page's text is read. */
  onPage?: (done: number, total: number) => void;
}

export interface PlannedIssue {
  title: string;
  magazineId: number | null;
  issueId: number | null;
  issueName: string;
  issueDate: string;
  pageCount: number;
  stories: { title: string; pages: [number, number] }[];
  metadata: IssueMetadata;
  sources: ResolvedMetadata['sources'];
  dateToCheck: boolean;
}

export type ImportOutcome =
  | {
      file: string;
      status: 'imported' | 'updated';
      issueId: number;
      magazineId: number;
      pages: number;
      pagesWithoutText: number;
      stories: number;
      /** What was lost, each naming its page; empty when every page was read and drawn whole (drawing adds its own). */
      warnings: string[];
      /** The issue date is the PDF's creation date: the operator is asked to check it. */
      dateToCheck: boolean;
      /** The metadata chosen and where each value came from (the console shows both). */
      chosen: { metadata: IssueMetadata; sources: ResolvedMetadata['sources'] };
    }
  | { file: string; status: 'unchanged'; issueId: number }
  | { file: string; status: 'planned'; plan: PlannedIssue }
  | {
      file: string;
      status: 'failed';
      reason: string;
      /**
       * A refusal of the file itself (damaged, encrypted, undated, unplaceable, another file's issue): the same file
       * fails the same way however often it is tried. Not set for a crash or an outage, which another try may pass.
       */
      refused: boolean;
    };

export const TEMPORARY_FOLDER = '.import';

/** Removes temporary folders of runs that are no longer running (a run killed mid-page leaves its own behind). */
export async function removeAbandonedTemporaryFolders(mediaDir = MEDIA_DIR): Promise<void> {
  // What a dead run staged in a bucket: no process id to ask there, so by age (no import takes a day).
  await mediaStorage(mediaDir).removeAbandonedStaging(24 * 60 * 60 * 1000);
  const root = path.join(mediaDir, TEMPORARY_FOLDER);
  for (const name of await fs.readdir(root).catch(() => [] as string[])) {
    if (!processAlive(Number(name.split('-')[0]))) await fs.rm(path.join(root, name), { recursive: true, force: true });
  }
}

/** An error's first line, cut short: a line of a summary, never a query, its parameters or a stack. */
function firstLine(message: string): string {
  const line = message.split('\n')[0].trim();
  return line.length > 300 ? `${line.slice(0, 297)}...` : line;
}

/** PostgreSQL's own words for a refused statement (the error under drizzle's, which quotes the whole query). */
function databaseWords(error: unknown): string | null {
  for (let e = error as { code?: unknown; message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && e.message) return firstLine(e.message);
    if (typeof e.code === 'string' && /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND)$/.test(e.code)) return 'the database could not be reached';
  }
  return error instanceof Error && error.message.startsWith('Failed query:') ? 'the statement failed' : null;
}

/** Why a file failed, in one line of words: what the summary and the console show. */
export function failureReason(error: unknown): string {
  if (error instanceof ImportError || error instanceof MetadataError || error instanceof PdfError || error instanceof PageWorkerLost) return firstLine(error.message);
  if (error instanceof StorageUnavailableError) return 'the media storage did not answer while the original was stored; run the import again';
  const database = databaseWords(error);
  if (database) return `the database did not store the issue: ${database}`;
  return `unexpected error: ${firstLine((error as Error)?.message ?? String(error))}`;
}

/** A failed file's outcome: its reason, and whether it was the file that was refused (trying it again cannot help). */
export function failedOutcome(file: string, error: unknown): Extract<ImportOutcome, { status: 'failed' }> {
  const refused = error instanceof ImportError || error instanceof MetadataError || error instanceof PdfError;
  return { file, status: 'failed', reason: failureReason(error), refused };
}

/** Plans and writes one file: its issue is listed and searchable when this returns; its pages are still to draw. */
export async function importFile(file: string, options: ImportOptions): Promise<ImportOutcome> {
  const db = options.db ?? getDb();
  const storage = options.storage ?? mediaStorage(options.mediaDir ?? MEDIA_DIR);
  const defaults = options.defaults ?? {};
  try {
    if (!options.dryRun) {
      const hash = await fileHash(file);
      // The same file imported before changes nothing (its pages may still be drawing: the caller draws them).
      const [same] = await db.select({ id: issues.id }).from(issues).where(eq(issues.contentHash, hash)).limit(1);
      if (same) return { file, status: 'unchanged', issueId: same.id };
    }
    const plan = await planFile(db, file, { pool: options.pool, defaults, readText: !options.dryRun, replace: options.replace, from: options.from, onPage: options.onPage });
    if (options.dryRun) {
      return {
        file,
        status: 'planned',
        plan: {
          title: plan.choice.existing?.name ?? plan.choice.create!.name,
          magazineId: plan.choice.existing?.id ?? null,
          issueId: plan.sameIssueId ?? plan.previous?.id ?? null,
          issueName: plan.metadata.issueName ?? plan.issueDate,
          issueDate: plan.issueDate,
          pageCount: plan.pageCount,
          stories: plan.spans,
          metadata: plan.metadata,
          sources: plan.sources,
          dateToCheck: plan.dateToCheck,
        },
      };
    }
    const written = await writeRows(db, plan, defaults, plan.hash.slice(0, 10), storage);
    // The previous version's images and original: its pages are other pages now, drawn again from the new file.
    await Promise.all([
      ...written.stale.folders.map((folder) => storage.removeFolder(folder).catch(() => undefined)),
      ...(written.stale.original ? [storage.removeKey(written.stale.original).catch(() => undefined)] : []),
    ]);
    // Every instance of the site forgets the lists and pages that did not have this issue, and its page images.
    await Promise.all([titlesChanged(), invalidate('page-images'), invalidate('media-twins')]);
    return {
      file,
      status: written.updated ? 'updated' : 'imported',
      issueId: written.issueId,
      magazineId: written.magazineId,
      pages: plan.pages.length,
      pagesWithoutText: plan.pages.filter((page) => !page.text).length,
      stories: plan.spans.length,
      warnings: plan.pages.flatMap((page) => page.warnings),
      dateToCheck: plan.dateToCheck,
      chosen: { metadata: plan.metadata, sources: plan.sources },
    };
  } catch (error) {
    return failedOutcome(file, error);
  }
}

import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { normaliseText } from '@/lib/text-normalise';
import { invalidate } from '../cache';
import { titlesChanged } from '../catalogue/edits';
import { MEDIA_DIR } from '../config';
import { getDb, type Database } from '../db/client';
import { processAlive } from '../processes';
import { categories, issuePages, issues, languages, magazines, stories } from '../db/schema';
import { COVER_SIZE } from '../media/render';
import { slugify } from '../seed/text';
import { mediaStorage, StorageUnavailableError, type MediaStorage, type Staged } from '../storage';
import { CREATION_DATE_SOURCE, MetadataError, resolveMetadata, type IssueMetadata, type ResolvedMetadata } from './metadata';
import { PdfError, type OutlineEntry, type PageJob, type PageResult, type PagePool } from './workers';

/**
 * Imports PDF issues: metadata, matching to titles and issues, every page drawn and its text read (in worker
 * threads), the outline's stories, all written in one transaction per file. Images are drawn into a temporary folder
 * under the media folder, staged in the media storage (server/storage: the same folder, or the bucket's .import/)
 * and moved in only after the rows commit; the file's hash is recorded last, so a run that stops anywhere leaves that
 * file to be done again by the next one. The command (scripts/import.ts) and the
 * console's upload both call importFile.
 */

export interface ImportDefaults {
  category?: string;
  language?: string;
  ageRating?: number;
  /** YYYY-MM-DD for a file that names no date (below the sidecar, ComicInfo and the file name). */
  issueDate?: string;
}

export interface ImportOptions {
  /** Reads the PDF and draws its pages (a dry run only reads). */
  pool: PagePool;
  defaults?: ImportDefaults;
  dryRun?: boolean;
  mediaDir?: string;
  /** Where the images go: by default the local media folder, or the S3 bucket when S3_BUCKET is set. */
  storage?: MediaStorage;
  db?: Database;
  /** Called as each page is done. */
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
      /** What was lost in drawing, each naming its page; empty when every page was drawn whole. */
      warnings: string[];
      /** The issue date is the PDF's creation date: the operator is asked to check it. */
      dateToCheck: boolean;
      /** The metadata chosen and where each value came from (the console shows both). */
      chosen: { metadata: IssueMetadata; sources: ResolvedMetadata['sources'] };
    }
  | { file: string; status: 'unchanged'; issueId: number }
  | { file: string; status: 'planned'; plan: PlannedIssue }
  | { file: string; status: 'failed'; reason: string };

/** A file the import refuses, with the reason shown in the summary. */
class ImportError extends Error {}

// Any constant: imports on two processes take turns choosing ids and matching titles.
const IMPORT_LOCK = 724_311_914;
export const TEMPORARY_FOLDER = '.import';
const WORDS_PER_MINUTE = 200;
const NO_DATE = 'no issue date: give one in a sidecar (issueDate), name the file "Title - YYYY-MM-DD.pdf", or give --issue-date';

/** PDF files under a path (the file itself, or a folder searched recursively), in name order. */
export async function findPdfs(target: string): Promise<string[]> {
  const stat = await fs.stat(target);
  if (stat.isFile()) return [path.resolve(target)];
  const found: string[] = [];
  for (const entry of await fs.readdir(target, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && /\.pdf$/i.test(entry.name)) found.push(path.resolve(entry.parentPath, entry.name));
  }
  return found.sort();
}

async function sha256(file: string): Promise<string> {
  return createHash('sha256').update(await fs.readFile(file)).digest('hex');
}

/** A title as compared: no case, accents, punctuation or a leading article. */
export function normaliseTitle(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .replace(/^the /, '');
}

/** Stories from the outline's top-level entries: each runs to the page before the next entry's (or the last page). */
export function storySpans(outline: OutlineEntry[], pageCount: number): { title: string; pages: [number, number] }[] {
  return outline.map((entry, i) => {
    const next = outline.slice(i + 1).find((later) => later.pageNo > entry.pageNo);
    return { title: entry.title, pages: [entry.pageNo, next ? next.pageNo - 1 : pageCount] };
  });
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export async function findCategory(db: Database | Tx, value: string | number): Promise<{ id: number; slug: string } | null> {
  const asId = typeof value === 'number' ? value : /^\d+$/.test(value) ? Number(value) : null;
  const rows = await db
    .select({ id: categories.id, slug: categories.slug })
    .from(categories)
    .where(asId !== null ? eq(categories.id, asId) : sql`lower(${categories.name}) = lower(${value}) OR ${categories.slug} = lower(${value})`)
    .limit(1);
  return rows[0] ?? null;
}

async function findTitle(db: Database | Tx, metadata: IssueMetadata) {
  const columns = { id: magazines.id, name: magazines.name, slug: magazines.slug, categoryId: magazines.categoryId, ageRating: magazines.ageRating, issn: magazines.issn };
  if (metadata.issn) {
    const [byIssn] = await db.select(columns).from(magazines).where(eq(magazines.issn, metadata.issn)).limit(1);
    if (byIssn) return byIssn;
  }
  if (!metadata.title) return null;
  const wanted = normaliseTitle(metadata.title);
  // Narrowed in SQL by the first word; the normalised comparison is made here, the same way for both sides.
  const firstWord = wanted.split(' ')[0] ?? '';
  const candidates = await db
    .select(columns)
    .from(magazines)
    .where(sql`lower(${magazines.name}) LIKE ${`%${firstWord}%`}`);
  return candidates.find((candidate) => normaliseTitle(candidate.name) === wanted) ?? null;
}

async function findIssue(db: Database | Tx, magazineId: number, metadata: IssueMetadata) {
  const columns = { id: issues.id, issueDate: issues.issueDate, coverPath: issues.coverPath, contentHash: issues.contentHash };
  if (metadata.issueNumber) {
    const [byNumber] = await db.select(columns).from(issues).where(and(eq(issues.magazineId, magazineId), eq(issues.issueNumber, metadata.issueNumber))).limit(1);
    if (byNumber) return byNumber;
  }
  if (!metadata.issueDate) return null;
  const [byDate] = await db
    .select(columns)
    .from(issues)
    .where(and(eq(issues.magazineId, magazineId), eq(issues.issueDate, metadata.issueDate), eq(issues.isSpecial, metadata.isSpecialIssue ?? false)))
    .limit(1);
  return byDate ?? null;
}

interface TitleChoice {
  existing: Awaited<ReturnType<typeof findTitle>>;
  create?: { name: string; categoryId: number; languageCode: string; ageRating: number };
}

/** The title the issue joins, or what a new one needs; what cannot be determined is an error, not a guess. */
async function chooseTitle(db: Database | Tx, metadata: IssueMetadata, defaults: ImportDefaults): Promise<TitleChoice> {
  const existing = await findTitle(db, metadata);
  if (existing) return { existing };
  if (!metadata.title) throw new ImportError('no title: give one in a sidecar (title) or name the file after it');
  const categoryValue = metadata.category ?? defaults.category;
  if (categoryValue === undefined) throw new ImportError(`no category for the new title '${metadata.title}': give one in a sidecar (category) or with --category`);
  const category = await findCategory(db, categoryValue);
  if (!category) throw new ImportError(`category '${categoryValue}' does not exist`);
  const languageCode = metadata.language ?? defaults.language;
  if (!languageCode) throw new ImportError(`no language for the new title '${metadata.title}': give one in a sidecar (language) or with --language`);
  const [language] = await db.select({ code: languages.code }).from(languages).where(eq(languages.code, languageCode)).limit(1);
  if (!language) throw new ImportError(`language '${languageCode}' does not exist`);
  const ageRating = metadata.ageRating ?? defaults.ageRating;
  if (ageRating === undefined) throw new ImportError(`no age rating for the new title '${metadata.title}': give one in a sidecar (ageRating) or with --age-rating`);
  return { existing: null, create: { name: metadata.title, categoryId: category.id, languageCode: language.code, ageRating } };
}

async function uniqueSlug(tx: Tx, name: string): Promise<string> {
  const base = slugify(name) || 'title';
  const taken = new Set((await tx.select({ slug: magazines.slug }).from(magazines).where(sql`${magazines.slug} LIKE ${`${base}%`}`)).map((row) => row.slug));
  let slug = base;
  for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}`;
  return slug;
}

function readSeconds(text: string): number {
  const words = text.split(/\s+/).filter(Boolean).length;
  return Math.max(60, Math.round((words / WORDS_PER_MINUTE) * 60));
}

/** A page's text as one paragraph: the PDF's line breaks are where the type ran out of width, not paragraph ends. */
function paragraph(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim();
}

interface Written {
  issueId: number;
  magazineId: number;
  updated: boolean;
  /** Where each rendered folder goes, relative to the media folder. */
  moves: { from: string; to: string }[];
  /** Media folders of the issue's previous version, removed once the new ones are in. */
  stale: string[];
}

async function writeRows(
  db: Database,
  file: string,
  metadata: IssueMetadata,
  defaults: ImportDefaults,
  read: PageResult[],
  spans: { title: string; pages: [number, number] }[],
  version: string,
  dateToCheck: boolean,
): Promise<Written> {
  // Stored and searched in one form (NUL and controls out, right-to-left in reading order, NFKC): lib/text-normalise.ts.
  const pages = read.map((page) => ({ ...page, text: normaliseText(page.text) }));
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${IMPORT_LOCK})`);
    const choice = await chooseTitle(tx, metadata, defaults);
    let magazine = choice.existing;
    if (!magazine) {
      const create = choice.create!;
      const [{ next }] = (await tx.execute<{ next: number }>(sql`SELECT coalesce(max(id), 0)::int + 1 AS next FROM magazines`)).rows;
      const [row] = await tx
        .insert(magazines)
        .values({
          id: next,
          name: create.name,
          slug: await uniqueSlug(tx, create.name),
          about: metadata.about ?? '',
          publisher: metadata.publisher ?? '',
          categoryId: create.categoryId,
          languageCode: create.languageCode,
          ageRating: create.ageRating,
          isGold: metadata.gold ?? false,
          issn: metadata.issn ?? null,
        })
        .returning({ id: magazines.id, name: magazines.name, slug: magazines.slug, categoryId: magazines.categoryId, ageRating: magazines.ageRating, issn: magazines.issn });
      magazine = row;
    } else if (metadata.issn && !magazine.issn) {
      await tx.update(magazines).set({ issn: metadata.issn }).where(eq(magazines.id, magazine.id));
    }
    const previous = await findIssue(tx, magazine.id, metadata);
    const issueDate = metadata.issueDate ?? previous?.issueDate;
    if (!issueDate) throw new ImportError(NO_DATE);
    const [category] = await tx.select({ slug: categories.slug }).from(categories).where(eq(categories.id, magazine.categoryId));

    let issueId: number;
    const stale: string[] = [];
    if (previous) {
      issueId = previous.id;
      const oldStories = await tx.select({ imagePath: stories.imagePath }).from(stories).where(eq(stories.issueId, issueId));
      stale.push(previous.coverPath, ...oldStories.map((s) => s.imagePath).filter(Boolean));
      await tx.delete(stories).where(eq(stories.issueId, issueId));
      await tx.delete(issuePages).where(eq(issuePages.issueId, issueId));
    } else {
      const [{ next }] = (await tx.execute<{ next: number }>(sql`SELECT coalesce(max(id), 0)::int + 1 AS next FROM issues`)).rows;
      issueId = next;
    }
    const coverPath = `covers/pdf-${issueId}-${version}`;
    const first = pages[0];
    const issueRow = {
      magazineId: magazine.id,
      name: metadata.issueName ?? issueDate,
      issueDate,
      isSpecial: metadata.isSpecialIssue ?? false,
      pageCount: pages.length,
      coverPath,
      coverWidth: COVER_SIZE.width,
      coverHeight: Math.round((COVER_SIZE.width * first.height) / first.width),
      issueNumber: metadata.issueNumber ?? null,
      dateToCheck: dateToCheck && metadata.issueDate !== undefined,
      sourceFile: file,
      // Recorded only once the images are in place (markDone): until then a re-run does this file again.
      contentHash: null,
    };
    if (previous) await tx.update(issues).set({ ...issueRow, updatedAt: sql`now()` }).where(eq(issues.id, issueId));
    else await tx.insert(issues).values({ id: issueId, ...issueRow });

    await tx.insert(issuePages).values(
      pages.map((page) => ({
        issueId,
        pageNo: page.pageNo,
        imagePath: `pages/${issueId}/${page.pageNo}`,
        width: page.width,
        height: page.height,
        text: page.text,
        textLayer: page.lines,
        isSpread: page.width > page.height,
      })),
    );

    const moves = [
      ...pages.map((page) => ({ from: `page-${page.pageNo}`, to: `pages/${issueId}/${page.pageNo}` })),
      { from: 'cover', to: coverPath },
    ];
    if (spans.length) {
      const used = new Set<string>();
      const publishedAt = new Date(`${issueDate}T00:00:00Z`);
      const rows = spans.map((span, i) => {
        let slug = slugify(span.title) || `story-${i + 1}`;
        while (used.has(slug)) slug = `${slug}-${i + 1}`;
        used.add(slug);
        const body = pages
          .slice(span.pages[0] - 1, span.pages[1])
          .map((page) => paragraph(page.text))
          .filter(Boolean)
          .join('\n\n');
        const imagePath = `stories/pdf-${issueId}-${version}-${i + 1}`;
        moves.push({ from: `story-${i + 1}`, to: imagePath });
        return {
          magazineId: magazine.id,
          issueId,
          categoryId: magazine.categoryId,
          languageCode: metadata.language ?? defaults.language ?? 'en',
          title: normaliseText(span.title),
          body,
          shortDesc: body.length > 200 ? `${body.slice(0, 200).replace(/\s+\S*$/, '')} …` : body,
          timeRead: readSeconds(body),
          canonUrl: `${category?.slug ?? 'stories'}/${magazine.slug}/${issueId}/${slug}`,
          slug,
          imagePath,
          pageNo: span.pages[0],
          ageRating: magazine.ageRating,
          publishedAt,
        };
      });
      await tx.insert(stories).values(rows);
    }
    return { issueId, magazineId: magazine.id, updated: previous !== null, moves, stale: stale.filter((folder) => !moves.some((m) => m.to === folder)) };
  });
}

/** Page folders of an issue past its new last page (a changed file with fewer pages). */
async function pagesBeyond(storage: MediaStorage, issueId: number, pageCount: number): Promise<string[]> {
  const folders = new Set<string>();
  for (const key of await storage.list(`pages/${issueId}`)) {
    const pageNo = key.split('/')[2] ?? '';
    if (/^\d+$/.test(pageNo) && Number(pageNo) > pageCount) folders.add(`pages/${issueId}/${pageNo}`);
  }
  return [...folders];
}

/** Removes temporary folders of runs that are no longer running (a run killed mid-file leaves its own behind). */
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
  return line.length > 160 ? `${line.slice(0, 157)}...` : line;
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
  if (error instanceof ImportError || error instanceof MetadataError || error instanceof PdfError) return firstLine(error.message);
  if (error instanceof StorageUnavailableError) return 'the media storage did not answer while the pages were stored; run the import again';
  const database = databaseWords(error);
  if (database) return `the database did not store the issue: ${database}`;
  return `unexpected error: ${firstLine((error as Error)?.message ?? String(error))}`;
}

/**
 * Draws every page and waits for all of them, failed or not, so no page is still being written when the temporary
 * folder goes. A page that failed fails the file (the first in page order says why); pages drawn blank are returned.
 */
async function drawAll(pool: PagePool, jobs: PageJob[], onDone: () => void): Promise<PageResult[]> {
  const settled = await Promise.allSettled(
    jobs.map((job) =>
      pool.render(job).finally(() => {
        onDone();
      }),
    ),
  );
  const failure = settled.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failure) throw failure.reason;
  const pages = settled.map((result) => (result as PromiseFulfilledResult<PageResult>).value);
  if (pages.every((page) => page.blank)) {
    throw new ImportError(`the PDF is damaged: none of its ${pages.length === 1 ? 'one page' : `${pages.length} pages`} could be drawn or read`);
  }
  return pages;
}

export async function importFile(file: string, options: ImportOptions): Promise<ImportOutcome> {
  const db = options.db ?? getDb();
  const mediaDir = options.mediaDir ?? MEDIA_DIR;
  const storage = options.storage ?? mediaStorage(mediaDir);
  const defaults = options.defaults ?? {};
  let temporary: string | null = null;
  let staged: Staged | null = null;
  let committed = false;
  try {
    const hash = await sha256(file);
    const [same] = await db.select({ id: issues.id }).from(issues).where(eq(issues.contentHash, hash)).limit(1);
    if (same && !options.dryRun) return { file, status: 'unchanged', issueId: same.id };

    const info = await options.pool.info(file);
    if (info.pageCount === 0) throw new ImportError('the PDF has no pages');
    const { metadata, sources } = await resolveMetadata(file, info, { issueDate: defaults.issueDate });
    let dateToCheck = sources.issueDate === CREATION_DATE_SOURCE;
    const spans = storySpans(info.outline, info.pageCount);

    // Settled before a page is drawn: a file that cannot be placed or dated costs no rendering.
    const choice = await chooseTitle(db, metadata, defaults);
    const previous = choice.existing ? await findIssue(db, choice.existing.id, metadata) : null;
    if (dateToCheck && previous) {
      // A new version of an issue keeps the date it has (an operator may have corrected it) over a guess.
      metadata.issueDate = previous.issueDate;
      sources.issueDate = 'the issue it replaces';
      dateToCheck = false;
    }
    const issueDate = metadata.issueDate ?? previous?.issueDate;
    if (!issueDate) throw new ImportError(NO_DATE);
    if (options.dryRun) {
      return {
        file,
        status: 'planned',
        plan: {
          title: choice.existing?.name ?? choice.create!.name,
          magazineId: choice.existing?.id ?? null,
          issueId: same?.id ?? previous?.id ?? null,
          issueName: metadata.issueName ?? issueDate,
          issueDate,
          pageCount: info.pageCount,
          stories: spans,
          metadata,
          sources,
          dateToCheck,
        },
      };
    }

    const runName = `${process.pid}-${randomBytes(6).toString('hex')}`;
    temporary = path.join(mediaDir, TEMPORARY_FOLDER, runName);
    await fs.mkdir(temporary, { recursive: true });
    const storyStarts = new Map<number, string[]>();
    spans.forEach((span, i) => storyStarts.set(span.pages[0], [...(storyStarts.get(span.pages[0]) ?? []), `story-${i + 1}`]));
    let done = 0;
    const jobs = Array.from({ length: info.pageCount }, (_, i) => ({ file, pageNo: i + 1, outDir: temporary!, cover: i === 0, storyFolders: storyStarts.get(i + 1) ?? [] }));
    const pages = await drawAll(options.pool, jobs, () => {
      done += 1;
      options.onPage?.(done, info.pageCount);
    });

    staged = await storage.stage(temporary, runName);
    const written = await writeRows(db, file, metadata, defaults, pages, spans, hash.slice(0, 10), dateToCheck);
    committed = true;
    // A new version's pages replace the old ones whole: the sizes and JPEGs made from the old masters go first.
    if (written.updated) await Promise.all(pages.map((page) => storage.removeFolder(`pages/${written.issueId}/${page.pageNo}`)));
    await staged.commit(written.moves);
    const leftovers = [...written.stale, ...(await pagesBeyond(storage, written.issueId, pages.length))];
    await Promise.all(leftovers.map((folder) => storage.removeFolder(folder)));
    await db.update(issues).set({ contentHash: hash }).where(eq(issues.id, written.issueId));
    // Every instance of the site forgets the lists and pages that did not have this issue, and its page images.
    await Promise.all([titlesChanged(), invalidate('page-images'), invalidate('media-twins')]);
    return {
      file,
      status: written.updated ? 'updated' : 'imported',
      issueId: written.issueId,
      magazineId: written.magazineId,
      pages: pages.length,
      pagesWithoutText: pages.filter((page) => !page.text).length,
      stories: spans.length,
      warnings: pages.flatMap((page) => page.warnings),
      dateToCheck,
      chosen: { metadata, sources },
    };
  } catch (error) {
    // Rows not written: what was staged goes. Written but not all moved: the hash is unset, so the next run redoes it.
    if (staged && !committed) await staged.discard().catch(() => undefined);
    return { file, status: 'failed', reason: failureReason(error) };
  } finally {
    // Every page job has settled (drawAll), so nothing writes here any more; a failure to remove it is not the file's.
    if (temporary) await fs.rm(temporary, { recursive: true, force: true, maxRetries: 3 }).catch(() => undefined);
  }
}

import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { UPLOAD_FIELDS } from '@/lib/console';
import type { Database } from '../db/client';
import { categories, issues, languages, magazines } from '../db/schema';
import { CREATION_DATE_SOURCE, resolveMetadata, type IssueMetadata, type ResolvedMetadata } from './metadata';
import type { OutlineEntry, PagePool, PageResult } from './workers';

/**
 * The import's first step: everything about a file settled before any page is drawn. Its hash (a file imported
 * before is left alone), its metadata and where each value came from, the title and issue it joins or creates (what
 * cannot be determined fails the file here), its stories from the outline, and each page's size and text (read by
 * PDFium in the workers, not drawn). The rows are written from a plan (write.ts), the pages drawn after (draw.ts).
 */

export interface ImportDefaults {
  category?: string;
  language?: string;
  ageRating?: number;
  /** YYYY-MM-DD for a file that names no date (below the sidecar, ComicInfo and the file name). */
  issueDate?: string;
}

/** A file the import refuses, with the reason shown in the summary. */
export class ImportError extends Error {}

/**
 * Where an import was asked for: `npm run import` (the command) or an upload in the console. A refusal names the way
 * out in the words of that place, the command's options or the upload form's fields, never one the reader cannot use.
 */
export type ImportFrom = 'command' | 'console';

const WAY_OUT: Record<ImportFrom, { replace: string; noDate: string; category: string; language: string; ageRating: string }> = {
  command: {
    replace: 'import it under that name or with --replace',
    noDate: 'no issue date: give one in a sidecar (issueDate), name the file "Title - YYYY-MM-DD.pdf", or give --issue-date',
    category: 'with --category',
    language: 'with --language',
    ageRating: 'with --age-rating',
  },
  console: {
    replace: `upload it under that name or tick “${UPLOAD_FIELDS.replace}”`,
    noDate: 'no issue date: give one in a sidecar (issueDate) or name the file "Title - YYYY-MM-DD.pdf"',
    category: `in “${UPLOAD_FIELDS.category}”`,
    language: `in “${UPLOAD_FIELDS.language}”`,
    ageRating: `in “${UPLOAD_FIELDS.ageRating}”`,
  },
};

export function noDate(from: ImportFrom = 'command'): string {
  return WAY_OUT[from].noDate;
}

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

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

export async function findCategory(db: Database | Tx, value: string | number): Promise<{ id: number; slug: string } | null> {
  const asId = typeof value === 'number' ? value : /^\d+$/.test(value) ? Number(value) : null;
  const rows = await db
    .select({ id: categories.id, slug: categories.slug })
    .from(categories)
    .where(asId !== null ? eq(categories.id, asId) : sql`lower(${categories.name}) = lower(${value}) OR ${categories.slug} = lower(${value})`)
    .limit(1);
  return rows[0] ?? null;
}

export async function findTitle(db: Database | Tx, metadata: IssueMetadata) {
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

/** The issue of a title a file's metadata names (by its number, else its date), and which of the two matched. */
export async function findIssue(db: Database | Tx, magazineId: number, metadata: IssueMetadata) {
  const columns = { id: issues.id, issueDate: issues.issueDate, coverPath: issues.coverPath, contentHash: issues.contentHash, originalKey: issues.originalKey, sourceFile: issues.sourceFile };
  if (metadata.issueNumber) {
    const [byNumber] = await db.select(columns).from(issues).where(and(eq(issues.magazineId, magazineId), eq(issues.issueNumber, metadata.issueNumber))).limit(1);
    if (byNumber) return { ...byNumber, matchedBy: 'number' as const };
  }
  if (!metadata.issueDate) return null;
  const [byDate] = await db
    .select(columns)
    .from(issues)
    .where(and(eq(issues.magazineId, magazineId), eq(issues.issueDate, metadata.issueDate), eq(issues.isSpecial, metadata.isSpecialIssue ?? false)))
    .limit(1);
  return byDate ? { ...byDate, matchedBy: 'date' as const } : null;
}

/**
 * A different file with the title and date (or number) of an issue already imported does not replace it: two good
 * files that name the same issue (a publisher's edition and a scan, two regional editions) are both the library's,
 * and which one readers get is the operator's choice, not the order of a folder. The file the issue was imported
 * from, under the same name (a corrected export, a new download), is a new version of it and replaces it; so does
 * any file with `replace` (`--replace`, or the console upload's checkbox). Its very bytes again are "unchanged" before
 * this is asked.
 */
export function refuseAnotherFile(previous: { id: number; sourceFile: string | null; matchedBy: 'number' | 'date' }, file: string, replace: boolean, from: ImportFrom = 'command'): void {
  if (replace || (previous.sourceFile !== null && path.basename(previous.sourceFile) === path.basename(file))) return;
  const same = previous.matchedBy === 'number' ? 'title and issue number' : 'title and date';
  const origin = previous.sourceFile === null ? 'is already in the library (not imported from a file)' : `was imported from ${path.basename(previous.sourceFile)}`;
  throw new ImportError(`issue ${previous.id} of the same ${same} ${origin}: this different file is not imported over it (to replace that issue, ${WAY_OUT[from].replace})`);
}

export interface TitleChoice {
  existing: Awaited<ReturnType<typeof findTitle>>;
  create?: { name: string; categoryId: number; languageCode: string; ageRating: number };
}

/** The title the issue joins, or what a new one needs; what cannot be determined is an error, not a guess. */
export async function chooseTitle(db: Database | Tx, metadata: IssueMetadata, defaults: ImportDefaults, from: ImportFrom = 'command'): Promise<TitleChoice> {
  const existing = await findTitle(db, metadata);
  const way = WAY_OUT[from];
  if (existing) return { existing };
  if (!metadata.title) throw new ImportError('no title: give one in a sidecar (title) or name the file after it');
  const categoryValue = metadata.category ?? defaults.category;
  if (categoryValue === undefined) throw new ImportError(`no category for the new title '${metadata.title}': give one in a sidecar (category) or ${way.category}`);
  const category = await findCategory(db, categoryValue);
  if (!category) throw new ImportError(`category '${categoryValue}' does not exist`);
  const languageCode = metadata.language ?? defaults.language;
  if (!languageCode) throw new ImportError(`no language for the new title '${metadata.title}': give one in a sidecar (language) or ${way.language}`);
  const [language] = await db.select({ code: languages.code }).from(languages).where(eq(languages.code, languageCode)).limit(1);
  if (!language) throw new ImportError(`language '${languageCode}' does not exist`);
  const ageRating = metadata.ageRating ?? defaults.ageRating;
  if (ageRating === undefined) throw new ImportError(`no age rating for the new title '${metadata.title}': give one in a sidecar (ageRating) or ${way.ageRating}`);
  return { existing: null, create: { name: metadata.title, categoryId: category.id, languageCode: language.code, ageRating } };
}

export interface FilePlan {
  file: string;
  /** SHA-256 of the file: recorded with the rows, so the same file imported again changes nothing. */
  hash: string;
  /** An issue that holds this very file already. */
  sameIssueId: number | null;
  /** The operator asked for this file to replace the issue of its title and date whatever file that came from. */
  replace: boolean;
  /** Where the import was asked for: the way out its refusals name. */
  from: ImportFrom;
  metadata: IssueMetadata;
  sources: ResolvedMetadata['sources'];
  dateToCheck: boolean;
  choice: TitleChoice;
  previous: Awaited<ReturnType<typeof findIssue>>;
  issueDate: string;
  pageCount: number;
  spans: { title: string; pages: [number, number] }[];
  /** Each page's size and text, in page order (empty when the plan was made without reading them: a dry run). */
  pages: PageResult[];
}

/**
 * Reads every page's size and text (not drawn), waiting for all of them so a failure is the first in page order.
 * A file none of whose pages can be read at all is refused.
 */
async function readPages(pool: PagePool, file: string, pageCount: number, onPage?: (done: number, total: number) => void): Promise<PageResult[]> {
  let done = 0;
  const settled = await Promise.allSettled(
    Array.from({ length: pageCount }, (_, i) =>
      pool.read(file, i + 1).finally(() => {
        done += 1;
        onPage?.(done, pageCount);
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

/**
 * A damaged copy of an issue already imported (the same title and date) does not replace the issue's pages: a copy
 * PDFium had to rebuild from loose objects, or with pages that cannot be read, is refused, and the issue keeps what it
 * has. A good copy replaces a damaged one as any new version does.
 */
function refuseDamagedReplacement(info: { rebuilt: boolean }, pages: PageResult[], issueId: number): void {
  const unreadable = pages.filter((page) => page.blank).map((page) => page.pageNo);
  const damage = [
    ...(info.rebuilt ? ['its cross-reference table is broken'] : []),
    ...(unreadable.length ? [`${unreadable.length === 1 ? `page ${unreadable[0]} cannot` : `pages ${unreadable.join(', ')} cannot`} be read`] : []),
  ];
  if (damage.length) {
    throw new ImportError(`the PDF is damaged (${damage.join('; ')}): it would replace issue ${issueId} of the same title and date, whose pages are kept; import a good copy`);
  }
}

export async function fileHash(file: string): Promise<string> {
  return createHash('sha256')
    .update(await fs.readFile(file))
    .digest('hex');
}

/** The plan of a file: settled before a page is drawn, so a file that cannot be placed or dated costs no rendering. */
export async function planFile(
  db: Database,
  file: string,
  options: { pool: PagePool; defaults: ImportDefaults; readText: boolean; replace?: boolean; from?: ImportFrom; onPage?: (done: number, total: number) => void },
): Promise<FilePlan> {
  const replace = options.replace ?? false;
  const from = options.from ?? 'command';
  const hash = await fileHash(file);
  const [same] = await db.select({ id: issues.id }).from(issues).where(eq(issues.contentHash, hash)).limit(1);
  const info = await options.pool.info(file);
  if (info.pageCount === 0) throw new ImportError('the PDF has no pages');
  const { metadata, sources } = await resolveMetadata(file, info, { issueDate: options.defaults.issueDate });
  let dateToCheck = sources.issueDate === CREATION_DATE_SOURCE;
  const spans = storySpans(info.outline, info.pageCount);
  const choice = await chooseTitle(db, metadata, options.defaults, from);
  const previous = choice.existing ? await findIssue(db, choice.existing.id, metadata) : null;
  if (dateToCheck && previous) {
    // A new version of an issue keeps the date it has (an operator may have corrected it) over a guess.
    metadata.issueDate = previous.issueDate;
    sources.issueDate = 'the issue it replaces';
    dateToCheck = false;
  }
  const issueDate = metadata.issueDate ?? previous?.issueDate;
  if (!issueDate) throw new ImportError(noDate(from));
  // Before a page is read: a file that would replace another file's issue costs nothing.
  if (previous && !same) refuseAnotherFile(previous, file, replace, from);
  const pages = options.readText && !same ? await readPages(options.pool, file, info.pageCount, options.onPage) : [];
  if (previous && !same) refuseDamagedReplacement(info, pages, previous.id);
  return { file, hash, sameIssueId: same?.id ?? null, replace, from, metadata, sources, dateToCheck, choice, previous, issueDate, pageCount: info.pageCount, spans, pages };
}

import fs from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import type { TextLine } from '@/lib/text-layer';
import { normaliseText } from '@/lib/text-normalise';
import type { Database } from '../db/client';
import { categories, issuePages, issues, magazines, stories } from '../db/schema';
import { COVER_SIZE } from '../media/render';
import { partialMd5 } from '../opds/partial-md5';
import { slugify } from '../seed/text';
import type { MediaStorage } from '../storage';
import { chooseTitle, findIssue, ImportError, noDate, refuseAnotherFile, type FilePlan, type ImportDefaults, type Tx } from './plan';

/**
 * The import's second step: a plan's rows (title, issue, pages with their text, stories) in one transaction, one
 * function per table, and the original PDF kept in the media storage beside them. No page is drawn here: every page
 * is written undrawn (drawn_at null), and draw.ts draws them after the commit, or on a member's request.
 */

// Any constant: imports on two processes take turns choosing ids and matching titles.
const IMPORT_LOCK = 724_311_914;
const WORDS_PER_MINUTE = 200;

type Title = { id: number; name: string; slug: string; categoryId: number; ageRating: number; issn: string | null };

/** Where the original PDF of an issue is kept: one key per version, so a failed write never replaces the one in use. */
export function originalKey(issueId: number, hash: string): string {
  return `originals/${issueId}-${hash.slice(0, 16)}.pdf`;
}

/** The cover's folder and each story picture's (1-based, in page order) for a drawing version. */
export function coverFolder(issueId: number, version: string): string {
  return `covers/pdf-${issueId}-${version}`;
}

export function storyFolder(issueId: number, version: string, rank: number): string {
  return `stories/pdf-${issueId}-${version}-${rank}`;
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

/** The title the issue joins (its ISSN filled in when it had none), or a new one. */
async function writeTitle(tx: Tx, plan: FilePlan, defaults: ImportDefaults): Promise<Title> {
  const choice = await chooseTitle(tx, plan.metadata, defaults, plan.from);
  const { metadata } = plan;
  if (choice.existing) {
    if (metadata.issn && !choice.existing.issn) await tx.update(magazines).set({ issn: metadata.issn }).where(eq(magazines.id, choice.existing.id));
    return choice.existing;
  }
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
  return row;
}

interface IssueWritten {
  issueId: number;
  issueDate: string;
  updated: boolean;
  /** What the issue's previous version had in the media storage, removed once the new rows commit. */
  stale: { folders: string[]; original: string | null };
}

/** The issue's row, new or replacing the version it matches (whose pages and stories go, to be written again). */
async function writeIssue(tx: Tx, plan: FilePlan, title: Title, version: string, storage: MediaStorage, stored: (key: string) => void): Promise<IssueWritten> {
  const { metadata, pages } = plan;
  const previous = await findIssue(tx, title.id, metadata);
  const issueDate = metadata.issueDate ?? previous?.issueDate;
  if (!issueDate) throw new ImportError(noDate(plan.from));
  // Asked again under the import lock: another run may have imported a file of this issue since the plan was made.
  if (previous) refuseAnotherFile(previous, plan.file, plan.replace, plan.from);
  let issueId: number;
  const stale: IssueWritten['stale'] = { folders: [], original: null };
  if (previous) {
    issueId = previous.id;
    const oldStories = await tx.select({ imagePath: stories.imagePath }).from(stories).where(eq(stories.issueId, issueId));
    // A new version's pages are other pages: every image of the old one goes (the new ones are drawn from the new file).
    stale.folders.push(previous.coverPath, `pages/${issueId}`, ...oldStories.map((s) => s.imagePath).filter(Boolean));
    stale.original = previous.originalKey;
    await tx.delete(stories).where(eq(stories.issueId, issueId));
    await tx.delete(issuePages).where(eq(issuePages.issueId, issueId));
  } else {
    const [{ next }] = (await tx.execute<{ next: number }>(sql`SELECT coalesce(max(id), 0)::int + 1 AS next FROM issues`)).rows;
    issueId = next;
  }
  // The original goes into the storage before the rows commit: an issue is never without the file its pages come from.
  const original = originalKey(issueId, plan.hash);
  stored(original);
  const bytes = await fs.readFile(plan.file);
  await storage.write(original, bytes);
  if (stale.original === original) stale.original = null;
  const first = pages[0];
  const row = {
    magazineId: title.id,
    name: metadata.issueName ?? issueDate,
    issueDate,
    isSpecial: metadata.isSpecialIssue ?? false,
    pageCount: pages.length,
    coverPath: coverFolder(issueId, version),
    coverWidth: COVER_SIZE.width,
    coverHeight: Math.round((COVER_SIZE.width * first.height) / first.width),
    issueNumber: metadata.issueNumber ?? null,
    dateToCheck: plan.dateToCheck && metadata.issueDate !== undefined,
    sourceFile: plan.file,
    contentHash: plan.hash,
    originalKey: original,
    // KOReader's name for the file a member downloads (server/opds/partial-md5.ts): its progress sync finds the issue by it.
    partialMd5: partialMd5(bytes),
    drawVersion: version,
    // Listed and searchable once this commits; its pages are drawn after (draw.ts).
    pagesDrawnAt: null,
  };
  if (previous) await tx.update(issues).set({ ...row, updatedAt: sql`now()` }).where(eq(issues.id, issueId));
  else await tx.insert(issues).values({ id: issueId, ...row });
  return { issueId, issueDate, updated: previous !== null, stale };
}

/**
 * A page's positioned lines as stored: each line's text in the form the page's text is stored and searched in
 * (lib/text-normalise.ts: right-to-left lines in reading order, NFKC, no controls), so a word found in the text is the
 * word the layer shows and the reader's find marks. Lines left empty by that go.
 */
export function layerLines(lines: TextLine[]): TextLine[] {
  return lines.map((line) => ({ ...line, text: normaliseText(line.text).replace(/\s+/g, ' ').trim() })).filter((line) => line.text);
}

/** Every page with its size, text and positioned lines, undrawn. */
async function writePages(tx: Tx, issueId: number, pages: FilePlan['pages']): Promise<void> {
  await tx.insert(issuePages).values(
    pages.map((page) => ({
      issueId,
      pageNo: page.pageNo,
      imagePath: `pages/${issueId}/${page.pageNo}`,
      width: page.width,
      height: page.height,
      text: page.text,
      textLayer: layerLines(page.lines),
      isSpread: page.width > page.height,
      drawnAt: null,
    })),
  );
}

/** The outline's stories, each with its pages' text and the folder its picture will be drawn into. */
async function writeStories(tx: Tx, plan: FilePlan, defaults: ImportDefaults, title: Title, issue: IssueWritten, version: string): Promise<void> {
  if (!plan.spans.length) return;
  const [category] = await tx.select({ slug: categories.slug }).from(categories).where(eq(categories.id, title.categoryId));
  const used = new Set<string>();
  const publishedAt = new Date(`${issue.issueDate}T00:00:00Z`);
  const rows = plan.spans.map((span, i) => {
    let slug = slugify(span.title) || `story-${i + 1}`;
    while (used.has(slug)) slug = `${slug}-${i + 1}`;
    used.add(slug);
    const body = plan.pages
      .slice(span.pages[0] - 1, span.pages[1])
      .map((page) => paragraph(page.text))
      .filter(Boolean)
      .join('\n\n');
    return {
      magazineId: title.id,
      issueId: issue.issueId,
      categoryId: title.categoryId,
      languageCode: plan.metadata.language ?? defaults.language ?? 'en',
      title: normaliseText(span.title),
      body,
      shortDesc: body.length > 200 ? `${body.slice(0, 200).replace(/\s+\S*$/, '')} …` : body,
      timeRead: readSeconds(body),
      canonUrl: `${category?.slug ?? 'stories'}/${title.slug}/${issue.issueId}/${slug}`,
      slug,
      imagePath: storyFolder(issue.issueId, version, i + 1),
      pageNo: span.pages[0],
      ageRating: title.ageRating,
      publishedAt,
    };
  });
  await tx.insert(stories).values(rows);
}

export interface Written {
  issueId: number;
  magazineId: number;
  updated: boolean;
  stale: IssueWritten['stale'];
}

/** A plan's rows in one transaction; `version` names the folders of this version's cover and story pictures. */
export async function writeRows(db: Database, plan: FilePlan, defaults: ImportDefaults, version: string, storage: MediaStorage): Promise<Written> {
  // Stored and searched in one form (NUL and controls out, right-to-left in reading order, NFKC): lib/text-normalise.ts.
  const normalised: FilePlan = { ...plan, pages: plan.pages.map((page) => ({ ...page, text: normaliseText(page.text) })) };
  let original: string | null = null;
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${IMPORT_LOCK})`);
      const title = await writeTitle(tx, normalised, defaults);
      const issue = await writeIssue(tx, normalised, title, version, storage, (key) => (original = key));
      await writePages(tx, issue.issueId, normalised.pages);
      await writeStories(tx, normalised, defaults, title, issue, version);
      return { issueId: issue.issueId, magazineId: title.id, updated: issue.updated, stale: issue.stale };
    });
  } catch (error) {
    // The rows did not commit: the original stored for them goes (no issue uses a key made from this file's hash).
    const stored: string | null = original;
    if (stored) await storage.removeKey(stored).catch(() => undefined);
    throw error;
  }
}

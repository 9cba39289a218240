import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { cached } from '../cache';
import { visibilityKey, visibleIssueWhere } from '../catalogue/visibility';
import { getDb } from '../db/client';
import { searchMagazines } from '../search/magazines';
import { categories, issues, magazines, readingProgress } from '../db/schema';
import type { Viewer } from '../context/viewer';

/** An issue as a reading app lists it: the issue, its title, and the member's reading place in it. */
export interface IssueEntry {
  issueId: number;
  issueName: string;
  issueDate: string;
  pageCount: number;
  coverPath: string;
  updatedAt: Date;
  mid: number;
  magName: string;
  publisher: string;
  about: string;
  lang: string;
  catId: number;
  catName: string;
  /** The issue's original PDF is kept (issues.original_key): a library that allows it offers it for download. */
  hasOriginal: boolean;
  lastRead: number | null;
  lastReadAt: Date | null;
}

export interface IssueFilter {
  magazineId?: number;
  issueIds?: number[];
  /** Regular issues only (the latest issues list). */
  regularOnly?: boolean;
}

function whereOf(viewer: Viewer, ageRating: number | null, filter: IssueFilter): SQL {
  // The one rule the site asks (visibleIssueWhere): the title visible to the library at the rating, not withdrawn.
  const conditions: SQL[] = [visibleIssueWhere(viewer, ageRating)];
  if (filter.magazineId !== undefined) conditions.push(eq(issues.magazineId, filter.magazineId));
  if (filter.issueIds) conditions.push(filter.issueIds.length > 0 ? inArray(issues.id, filter.issueIds) : sql`false`);
  if (filter.regularOnly) conditions.push(eq(issues.isSpecial, false));
  return and(...conditions)!;
}

/** An issue as every member under the same rules sees it: the entry without the member's reading place. */
type IssueRow = Omit<IssueEntry, 'lastRead' | 'lastReadAt'>;

/**
 * The cache key of a list under these rules: the visibility key holds everything visibleIssueWhere reads (hidden and
 * excluded categories, the age rating, a chosen collection's library), so the SQL still decides what is shown and
 * members under the same rules share one answer. Entries go with every change of titles, issues (a withdrawal) or a
 * library's rules (server/catalogue/edits.ts drops the whole 'catalogue' cache).
 */
function listKey(kind: string, viewer: Viewer, ageRating: number | null, filter: IssueFilter): string {
  return `opds-${kind}|${visibilityKey(viewer, ageRating)}|${filter.magazineId ?? ''}|${filter.issueIds?.join(',') ?? ''}|${filter.regularOnly ? 1 : 0}`;
}

async function issueRows(viewer: Viewer, ageRating: number | null, filter: IssueFilter, page: { limit: number; offset: number }): Promise<IssueRow[]> {
  return getDb()
    .select({
      issueId: issues.id,
      issueName: issues.name,
      issueDate: issues.issueDate,
      pageCount: issues.pageCount,
      coverPath: issues.coverPath,
      updatedAt: issues.updatedAt,
      mid: magazines.id,
      magName: magazines.name,
      publisher: magazines.publisher,
      about: magazines.about,
      lang: magazines.languageCode,
      catId: categories.id,
      catName: categories.name,
      hasOriginal: sql<boolean>`${issues.originalKey} IS NOT NULL`,
    })
    .from(issues)
    .innerJoin(magazines, eq(magazines.id, issues.magazineId))
    .innerJoin(categories, eq(categories.id, magazines.categoryId))
    .where(whereOf(viewer, ageRating, filter))
    .orderBy(desc(issues.issueDate), desc(issues.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** The member's reading place in each of these issues, read fresh (an app or the web reader may just have moved it). */
async function readingPlaces(userId: number | null, issueIds: number[]): Promise<Map<number, { page: number; updatedAt: Date }>> {
  if (!userId || issueIds.length === 0) return new Map();
  const rows = await getDb()
    .select({ issueId: readingProgress.issueId, page: readingProgress.page, updatedAt: readingProgress.updatedAt })
    .from(readingProgress)
    .where(and(eq(readingProgress.userId, userId), inArray(readingProgress.issueId, issueIds)));
  return new Map(rows.map((row) => [row.issueId, row]));
}

/**
 * Issues the viewer may read, newest first, with the member's last page in each. The list is kept in the cache
 * 'catalogue' under the rules' key; the reading places are the member's own and read on every call.
 */
export async function issueEntries(viewer: Viewer, ageRating: number | null, filter: IssueFilter, page: { limit: number; offset: number }): Promise<IssueEntry[]> {
  const key = `${listKey('issues', viewer, ageRating, filter)}|${page.limit}|${page.offset}`;
  const rows = await cached('catalogue', key, () => issueRows(viewer, ageRating, filter, page));
  const places = await readingPlaces(viewer.userId, rows.map((row) => row.issueId));
  return rows.map((row) => {
    const place = places.get(row.issueId);
    return { ...row, lastRead: place?.page ?? null, lastReadAt: place?.updatedAt ?? null };
  });
}

/** How many issues the viewer may read under the filter, kept as the list is. */
export function countIssueEntries(viewer: Viewer, ageRating: number | null, filter: IssueFilter): Promise<number> {
  return cached('catalogue', listKey('count', viewer, ageRating, filter), async () => {
    const rows = await getDb()
      .select({ n: count() })
      .from(issues)
      .innerJoin(magazines, eq(magazines.id, issues.magazineId))
      .innerJoin(categories, eq(categories.id, magazines.categoryId))
      .where(whereOf(viewer, ageRating, filter));
    return rows[0]?.n ?? 0;
  });
}

/** One page of the issues the viewer may read under the filter, newest first, and how many there are in all. */
export function issueEntryPage(viewer: Viewer, ageRating: number | null, filter: IssueFilter, page: number, pageSize: number): Promise<[IssueEntry[], number]> {
  return Promise.all([issueEntries(viewer, ageRating, filter, { limit: pageSize, offset: (page - 1) * pageSize }), countIssueEntries(viewer, ageRating, filter)]);
}

/** A page of the site's title search as issue entries: the latest issue of each title found, in the search's order. */
export async function foundIssueEntries(viewer: Viewer, ageRating: number | null, words: string, page: number) {
  const found = await searchMagazines({ viewer, includeGold: true, query: words, page: page - 1 });
  const ids = found.hits.map((hit) => hit.issueId);
  const rows = await issueEntries(viewer, ageRating, { issueIds: ids }, { limit: ids.length || 1, offset: 0 });
  const order = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => (order.get(a.issueId) ?? 0) - (order.get(b.issueId) ?? 0));
  return { found, rows };
}

/** One issue the viewer may read, or null (hidden, withdrawn or unknown: the same answer). */
export async function issueEntry(viewer: Viewer, ageRating: number | null, issueId: number): Promise<IssueEntry | null> {
  const rows = await issueEntries(viewer, ageRating, { issueIds: [issueId] }, { limit: 1, offset: 0 });
  return rows[0] ?? null;
}

/** The issues whose original PDF has this partial MD5 (KOReader's name for a file it has open), oldest first. */
export async function issuesOfPartialMd5(key: string): Promise<number[]> {
  const rows = await getDb().select({ id: issues.id }).from(issues).where(eq(issues.partialMd5, key)).orderBy(issues.id);
  return rows.map((row) => row.id);
}

import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { getDb } from '../db/client';
import { categories, issues, magazines, readingProgress } from '../db/schema';
import { visibleIssueWhere } from '../catalogue/visibility';
import type { Viewer } from '../viewer';

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

/** Issues the viewer may read, newest first, with the member's last page in each. */
export async function issueEntries(viewer: Viewer, ageRating: number | null, filter: IssueFilter, page: { limit: number; offset: number }): Promise<IssueEntry[]> {
  const userId = viewer.userId ?? 0;
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
      lastRead: readingProgress.page,
      lastReadAt: readingProgress.updatedAt,
    })
    .from(issues)
    .innerJoin(magazines, eq(magazines.id, issues.magazineId))
    .innerJoin(categories, eq(categories.id, magazines.categoryId))
    .leftJoin(readingProgress, and(eq(readingProgress.issueId, issues.id), eq(readingProgress.userId, userId)))
    .where(whereOf(viewer, ageRating, filter))
    .orderBy(desc(issues.issueDate), desc(issues.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countIssueEntries(viewer: Viewer, ageRating: number | null, filter: IssueFilter): Promise<number> {
  const rows = await getDb()
    .select({ n: count() })
    .from(issues)
    .innerJoin(magazines, eq(magazines.id, issues.magazineId))
    .innerJoin(categories, eq(categories.id, magazines.categoryId))
    .where(whereOf(viewer, ageRating, filter));
  return rows[0]?.n ?? 0;
}

/** One issue the viewer may read, or null (hidden, withdrawn or unknown: the same answer). */
export async function issueEntry(viewer: Viewer, ageRating: number | null, issueId: number): Promise<IssueEntry | null> {
  const rows = await issueEntries(viewer, ageRating, { issueIds: [issueId] }, { limit: 1, offset: 0 });
  return rows[0] ?? null;
}

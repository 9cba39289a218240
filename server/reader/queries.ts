import { and, asc, eq, sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { issuePages, issues, magazines, readingProgress } from '../db/schema';

export interface ReaderPageRow {
  pageNo: number;
  width: number;
  height: number;
  text: string;
  isSpread: boolean;
}

/** Every page of an issue in order, with its size and printed text. */
export async function pagesOfIssue(issueId: number): Promise<ReaderPageRow[]> {
  return getDb()
    .select({ pageNo: issuePages.pageNo, width: issuePages.width, height: issuePages.height, text: issuePages.text, isSpread: issuePages.isSpread })
    .from(issuePages)
    .where(eq(issuePages.issueId, issueId))
    .orderBy(asc(issuePages.pageNo));
}

/** One page with the names its running head prints, for rendering its image. */
export async function pageToRender(issueId: number, pageNo: number) {
  const rows = await getDb()
    .select({ pageNo: issuePages.pageNo, width: issuePages.width, height: issuePages.height, text: issuePages.text, issueName: issues.name, magazineName: magazines.name, sourceFile: issues.sourceFile })
    .from(issuePages)
    .innerJoin(issues, eq(issues.id, issuePages.issueId))
    .innerJoin(magazines, eq(magazines.id, issues.magazineId))
    .where(and(eq(issuePages.issueId, issueId), eq(issuePages.pageNo, pageNo)))
    .limit(1);
  return rows[0] ?? null;
}

/** Remembers the last page a member read in an issue (one row per member and issue). */
export async function saveProgress(userId: number, issueId: number, page: number): Promise<void> {
  await getDb()
    .insert(readingProgress)
    .values({ userId, issueId, page })
    .onConflictDoUpdate({ target: [readingProgress.userId, readingProgress.issueId], set: { page, updatedAt: sql`now()` } });
}

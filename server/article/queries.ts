import { and, count, desc, eq, lte, type SQL } from 'drizzle-orm';
import { getDb } from '../db/client';
import { categories, issues, magazines, stories } from '../db/schema';
import { visibleCategoryWhere } from '../catalogue/visibility';
import type { Viewer } from '../viewer';
import { storyFromServer, type StoryFromServer } from './present';

export interface StoryListFilter {
  section?: 'cover';
  categoryId?: number;
  language?: string;
  ageRating: number | null;
  /** Zero-based, as the wire sends it. */
  page: number;
  pageSize: number;
}

/** Stories the viewer may see, newest first, with the spec's list answer. */
export async function listStories(viewer: Viewer, filter: StoryListFilter): Promise<{ items: StoryFromServer[]; total: number }> {
  const db = getDb();
  const conditions: SQL[] = [visibleCategoryWhere(viewer)];
  if (filter.ageRating !== null) conditions.push(lte(stories.ageRating, filter.ageRating));
  if (filter.section === 'cover') conditions.push(eq(stories.isCover, true));
  if (filter.categoryId !== undefined) conditions.push(eq(stories.categoryId, filter.categoryId));
  if (filter.language) conditions.push(eq(stories.languageCode, filter.language));
  const where = and(...conditions);
  const [rows, totals] = await Promise.all([
    db
      .select({ story: stories, magazineName: magazines.name, issueName: issues.name })
      .from(stories)
      .innerJoin(categories, eq(categories.id, stories.categoryId))
      .innerJoin(magazines, eq(magazines.id, stories.magazineId))
      .innerJoin(issues, eq(issues.id, stories.issueId))
      .where(where)
      .orderBy(desc(stories.publishedAt), desc(stories.id))
      .limit(filter.pageSize)
      .offset(filter.page * filter.pageSize),
    db.select({ n: count() }).from(stories).innerJoin(categories, eq(categories.id, stories.categoryId)).where(where),
  ]);
  return {
    items: rows.map((row) => storyFromServer(row.story, row.magazineName, row.issueName)),
    total: totals[0]?.n ?? 0,
  };
}

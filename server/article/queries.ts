import { and, asc, count, desc, eq, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { invalidate } from '../cache';
import { getDb } from '../db/client';
import { categories, favouriteStoryCategories, favourites, issues, magazines, stories, storyReads } from '../db/schema';
import { storyShownWhere, visibleCategoryWhere } from '../catalogue/visibility';
import type { CategoryRow } from '../catalogue/queries';
import type { Viewer } from '../context/viewer';
import { storyFromServer, type StoryFromServer } from './present';

/** Who is reading and at which age rating (null: no age filter), the two things every story query is scoped by. */
export interface StoryScope {
  viewer: Viewer;
  ageRating: number | null;
}

export interface StoryPage {
  items: StoryFromServer[];
  total: number;
}

/** The list orders a story list can have. */
export type StoryOrder =
  /** Newest first. */
  | 'newest'
  /** Latest Stories: newest day first, the most read first within a day. */
  | 'popular-recent'
  /** In the order the issue prints them. */
  | 'issue';

export interface StoryListFilter {
  section?: 'cover';
  categoryId?: number;
  magazineId?: number;
  issueId?: number;
  /** Stories carrying any of these keywords. */
  keywords?: string[];
  language?: string;
  ageRating: number | null;
  order?: StoryOrder;
  /** Zero-based, as the wire sends it. */
  page: number;
  pageSize: number;
}

/** The columns a story list needs; the body stays behind. */
const listColumns = {
  id: stories.id,
  title: stories.title,
  subtitle: stories.subtitle,
  timeRead: stories.timeRead,
  canonUrl: stories.canonUrl,
  imagePath: stories.imagePath,
  shortDesc: stories.shortDesc,
  isShoppable: stories.isShoppable,
  isNews: stories.isNews,
  magazineId: stories.magazineId,
  issueId: stories.issueId,
  publishedAt: stories.publishedAt,
  magazineName: magazines.name,
  issueName: issues.name,
};

type ListRow = { [K in keyof typeof listColumns]: (typeof listColumns)[K]['_']['data'] };

function present(row: ListRow): StoryFromServer {
  return storyFromServer(row, row.magazineName, row.issueName);
}

/**
 * SPEC §5 for stories, in SQL: the story's category and its magazine's category must both be visible to the viewer,
 * and both the story and its magazine must suit the age rating. Needs `magazines` joined.
 */
export function visibleStoryWhere({ viewer, ageRating }: StoryScope): SQL {
  const visibleCategoryIds = getDb().select({ id: categories.id }).from(categories).where(visibleCategoryWhere(viewer));
  const conditions: SQL[] = [inArray(stories.categoryId, visibleCategoryIds), inArray(magazines.categoryId, visibleCategoryIds)];
  if (ageRating !== null) conditions.push(lte(stories.ageRating, ageRating), lte(magazines.ageRating, ageRating));
  conditions.push(storyShownWhere(viewer, sql`${stories.issueId}`, sql`${stories.magazineId}`));
  return and(...conditions)!;
}

const publishedDay = sql`date_trunc('day', ${stories.publishedAt})`;

function orderFor(order: StoryOrder): SQL[] {
  if (order === 'issue') return [asc(stories.pageNo), asc(stories.id)];
  if (order === 'popular-recent') return [sql`${publishedDay} desc`, desc(stories.popularity), desc(stories.id)];
  return [desc(stories.publishedAt), desc(stories.id)];
}

/** One page of stories matching `where` (inside the viewer's scope), with the total for nbHits. */
async function pageOfStories(scope: StoryScope, where: SQL[], order: SQL[], page: number, pageSize: number): Promise<StoryPage> {
  const db = getDb();
  const condition = and(visibleStoryWhere(scope), ...where);
  const [rows, totals] = await Promise.all([
    db
      .select(listColumns)
      .from(stories)
      .innerJoin(magazines, eq(magazines.id, stories.magazineId))
      .innerJoin(issues, eq(issues.id, stories.issueId))
      .where(condition)
      .orderBy(...order)
      .limit(pageSize)
      .offset(page * pageSize),
    db.select({ n: count() }).from(stories).innerJoin(magazines, eq(magazines.id, stories.magazineId)).where(condition),
  ]);
  return { items: rows.map(present), total: totals[0]?.n ?? 0 };
}

/** Stories the viewer may see, by section, category, magazine, issue, keywords or language. */
export async function listStories(viewer: Viewer, filter: StoryListFilter): Promise<StoryPage> {
  const where: SQL[] = [];
  if (filter.section === 'cover') where.push(eq(stories.isCover, true));
  if (filter.categoryId !== undefined) where.push(eq(stories.categoryId, filter.categoryId));
  if (filter.magazineId !== undefined) where.push(eq(stories.magazineId, filter.magazineId));
  if (filter.issueId !== undefined) where.push(eq(stories.issueId, filter.issueId));
  if (filter.keywords?.length) where.push(sql`${stories.keywords} && ${sql.param(filter.keywords)}::text[]`);
  if (filter.language) where.push(eq(stories.languageCode, filter.language));
  return pageOfStories({ viewer, ageRating: filter.ageRating }, where, orderFor(filter.order ?? 'newest'), filter.page, filter.pageSize);
}

/**
 * For You: stories from the member's favourite magazines first, then from the categories they read or marked as
 * favourite, then everything else as Latest Stories orders it (the fallback for a member with no history). Stories
 * the member has read go after the unread ones.
 */
export async function forYouStories(scope: StoryScope, userId: number | null, page: number, pageSize: number): Promise<StoryPage> {
  if (!userId) return listStories(scope.viewer, { ageRating: scope.ageRating, order: 'popular-recent', page, pageSize });
  const db = getDb();
  const favouriteMagazines = db.select({ id: favourites.magazineId }).from(favourites).where(eq(favourites.userId, userId));
  const readStories = db.select({ id: storyReads.storyId }).from(storyReads).where(eq(storyReads.userId, userId));
  const readCategories = db
    .select({ id: stories.categoryId })
    .from(storyReads)
    .innerJoin(stories, eq(stories.id, storyReads.storyId))
    .where(eq(storyReads.userId, userId));
  const favouriteCategories = db
    .select({ id: favouriteStoryCategories.categoryId })
    .from(favouriteStoryCategories)
    .where(eq(favouriteStoryCategories.userId, userId));
  const affinity = sql`(case when ${inArray(stories.magazineId, favouriteMagazines)} then 2 else 0 end
    + case when ${or(inArray(stories.categoryId, readCategories), inArray(stories.categoryId, favouriteCategories))} then 1 else 0 end)`;
  const order = [sql`${affinity} desc`, sql`${inArray(stories.id, readStories)} asc`, ...orderFor('popular-recent')];
  return pageOfStories(scope, [], order, page, pageSize);
}

/** magazine-related: the magazine's own stories first, then others of its category; newest first. */
export async function relatedStories(scope: StoryScope, magazineId: number, page: number, pageSize: number): Promise<StoryPage> {
  const db = getDb();
  const category = await db.select({ id: magazines.categoryId }).from(magazines).where(eq(magazines.id, magazineId)).limit(1);
  if (!category[0]) return { items: [], total: 0 };
  const sameCategory = eq(stories.categoryId, category[0].id);
  const where = [or(eq(stories.magazineId, magazineId), sameCategory)!];
  return pageOfStories(scope, where, [sql`${eq(stories.magazineId, magazineId)} desc`, ...orderFor('newest')], page, pageSize);
}

/** A whole story with what its page shows around it. */
export interface StoryRecord {
  story: StoryFromServer;
  body: string;
  keywords: string[];
  languageCode: string;
  pageNo: number;
  slug: string;
  categoryId: number;
  categoryName: string;
  categorySlug: string;
  issueDate: string;
}

async function findStory(scope: StoryScope, where: SQL, order: SQL[] = [desc(stories.publishedAt), desc(stories.id)]): Promise<StoryRecord | null> {
  const rows = await getDb()
    .select({
      ...listColumns,
      body: stories.body,
      keywords: stories.keywords,
      languageCode: stories.languageCode,
      pageNo: stories.pageNo,
      slug: stories.slug,
      categoryId: stories.categoryId,
      categoryName: categories.name,
      categorySlug: categories.slug,
      issueDate: issues.issueDate,
    })
    .from(stories)
    .innerJoin(magazines, eq(magazines.id, stories.magazineId))
    .innerJoin(issues, eq(issues.id, stories.issueId))
    .innerJoin(categories, eq(categories.id, stories.categoryId))
    .where(and(visibleStoryWhere(scope), where))
    .orderBy(...order)
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  return {
    story: present(row),
    body: row.body,
    keywords: row.keywords,
    languageCode: row.languageCode,
    pageNo: row.pageNo,
    slug: row.slug,
    categoryId: row.categoryId,
    categoryName: row.categoryName,
    categorySlug: row.categorySlug,
    issueDate: row.issueDate,
  };
}

/** Article details by id: the three parts must name the same story. */
export function findStoryById(scope: StoryScope, ids: { magazineId: number; issueId: number; storyId: number }): Promise<StoryRecord | null> {
  return findStory(scope, and(eq(stories.id, ids.storyId), eq(stories.issueId, ids.issueId), eq(stories.magazineId, ids.magazineId))!);
}

/** A story by its canonical path (with or without the leading /stories/). */
export function findStoryByCanonUrl(scope: StoryScope, canonUrl: string): Promise<StoryRecord | null> {
  return findStory(scope, eq(stories.canonUrl, canonUrl));
}

/** /stories/{slug}: slugs repeat across magazines, so the newest story the viewer may see wins. */
export function findStoryBySlug(scope: StoryScope, slug: string): Promise<StoryRecord | null> {
  return findStory(scope, eq(stories.slug, slug));
}

/** /stories/details: a magazine (by slug or name) and a story in it (by slug or title). */
export function findStoryByNames(scope: StoryScope, magazineName: string, articleName: string): Promise<StoryRecord | null> {
  const magazine = or(eq(magazines.slug, magazineName.toLowerCase()), sql`lower(${magazines.name}) = ${magazineName.toLowerCase()}`)!;
  const story = or(eq(stories.slug, articleName.toLowerCase()), sql`lower(${stories.title}) = ${articleName.toLowerCase()}`)!;
  return findStory(scope, and(magazine, story)!);
}

/**
 * Records that a member opened a story, once per member and story; the first read also counts towards the story's
 * popularity (which orders Latest Stories). One statement, so it costs one round trip.
 */
export async function recordRead(userId: number, storyId: number): Promise<void> {
  await getDb().execute(sql`
    with inserted as (
      insert into ${storyReads} (user_id, story_id)
      select ${userId}, ${storyId}
      where not exists (select 1 from ${storyReads} where user_id = ${userId} and story_id = ${storyId})
      returning story_id
    )
    update ${stories} set popularity = popularity + 1 where id in (select story_id from inserted)`);
}

/** Whether the viewer may see a story (its categories and age rating), whatever else is asked of it. */
export async function isStoryVisible(scope: StoryScope, storyId: number): Promise<boolean> {
  const rows = await getDb()
    .select({ id: stories.id })
    .from(stories)
    .innerJoin(magazines, eq(magazines.id, stories.magazineId))
    .where(and(visibleStoryWhere(scope), eq(stories.id, storyId)))
    .limit(1);
  return rows.length > 0;
}

/**
 * The content categories the viewer may see that have stories, in the catalogue's order (SPEC §3 Category; is_fav is
 * 0 here: the member's favourites are marked by the caller, who also puts them first).
 */
export async function storyCategories(viewer: Viewer): Promise<CategoryRow[]> {
  const hasStories = sql`exists (select 1 from ${stories} s where s.category_id = ${categories.id})`;
  return getDb()
    .select({ category_id: categories.id, name: categories.name, image: categories.image, is_fav: sql<number>`0`.mapWith(Number), cat_slug: categories.slug })
    .from(categories)
    .where(and(visibleCategoryWhere(viewer), hasStories))
    .orderBy(asc(categories.sortOrder), asc(categories.id));
}

/** A category the viewer may see, or null. */
export async function visibleCategory(viewer: Viewer, categoryId: number): Promise<{ id: number; name: string; slug: string } | null> {
  const rows = await getDb()
    .select({ id: categories.id, name: categories.name, slug: categories.slug })
    .from(categories)
    .where(and(visibleCategoryWhere(viewer), eq(categories.id, categoryId)))
    .limit(1);
  return rows[0] ?? null;
}

/** Marks or unmarks a story category as one of the member's favourites; doing it twice changes nothing. */
export async function setFavouriteStoryCategory(userId: number, categoryId: number, favourite: boolean): Promise<void> {
  const db = getDb();
  if (favourite) {
    await db.insert(favouriteStoryCategories).values({ userId, categoryId }).onConflictDoNothing();
  } else {
    await db
      .delete(favouriteStoryCategories)
      .where(and(eq(favouriteStoryCategories.userId, userId), eq(favouriteStoryCategories.categoryId, categoryId)));
  }
  await invalidate('favourite-categories', userId);
}

/** The ids of the story categories a member marked as favourite. */
export async function favouriteStoryCategoryIds(userId: number): Promise<number[]> {
  const rows = await getDb()
    .select({ id: favouriteStoryCategories.categoryId })
    .from(favouriteStoryCategories)
    .where(eq(favouriteStoryCategories.userId, userId));
  return rows.map((row) => row.id);
}

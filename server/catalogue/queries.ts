import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { CATEGORY_PAGE_SIZE, FIXED_TOP_LISTS, type TopList } from '@/lib/constants';
import type { CategoryRow, MagazineHit } from '@/lib/wire';
import { getDb } from '../db/client';
import { categories, favouriteStoryCategories, issues, languages, magazineLists, magazines, stores } from '../db/schema';
import type { Viewer } from '../context/viewer';
import { shownIssueWhere, visibleCategoryWhere, visibleMagazineWhere } from './visibility';

export type { CategoryRow, MagazineHit };

export async function visibleCategories(viewer: Viewer): Promise<CategoryRow[]> {
  const db = getDb();
  const favourite = viewer.userId
    ? sql<number>`(exists (select 1 from ${favouriteStoryCategories} f where f.user_id = ${viewer.userId} and f.category_id = ${categories.id}))::int`
    : sql<number>`0`;
  return db
    .select({
      category_id: categories.id,
      name: categories.name,
      image: categories.image,
      is_fav: favourite,
      cat_slug: categories.slug,
    })
    .from(categories)
    .where(visibleCategoryWhere(viewer))
    .orderBy(asc(categories.sortOrder), asc(categories.id));
}

/** SPEC §3 Language: the columns every language list answers with. */
export const languageColumns = {
  lang_code: languages.code,
  _lang: languages.name,
  lang: languages.name,
  display_name: languages.displayName,
  cc: languages.cc,
  store_id: languages.storeId,
};

/** SPEC §3 Language. */
export async function allLanguages() {
  return getDb()
    .select(languageColumns)
    .from(languages)
    .orderBy(asc(languages.sortOrder), asc(languages.name));
}

export async function allStores() {
  return getDb().select({ store_id: stores.id, name: stores.name, country: stores.country }).from(stores).orderBy(asc(stores.id));
}

export function isTopList(value: string): value is TopList {
  return (FIXED_TOP_LISTS as readonly string[]).includes(value);
}

export interface MagazineFilter {
  list?: TopList;
  categoryId?: number;
  language?: string;
  includeGold: boolean;
  ageRating: number | null;
  page: number;
  pageSize?: number;
}

type LatestIssue = ReturnType<typeof latestIssues>;

/** The columns of a MagazineHit: the title and its latest issue (any subquery shaped like latestIssues()). */
export function magazineHitColumns(latest: Pick<LatestIssue, 'issueId' | 'issueName' | 'issueDate' | 'coverPath' | 'coverWidth' | 'coverHeight'>) {
  return {
    mid: magazines.id,
    magName: magazines.name,
    slug: magazines.slug,
    catId: magazines.categoryId,
    lang: magazines.languageCode,
    isGold: sql<number>`${magazines.isGold}::int`,
    issueId: latest.issueId,
    issueName: latest.issueName,
    issueDate: latest.issueDate,
    img: latest.coverPath,
    width: latest.coverWidth,
    height: latest.coverHeight,
  };
}

/** The columns of a title's latest issue, for the subqueries that pick it (here and in My Favorites). */
export function latestIssueColumns() {
  return {
    magazineId: issues.magazineId,
    issueId: sql<number>`${issues.id}`.as('issue_id'),
    issueName: sql<string>`${issues.name}`.as('issue_name'),
    issueDate: sql<string>`${issues.issueDate}`.as('latest_date'),
    coverPath: issues.coverPath,
    coverWidth: issues.coverWidth,
    coverHeight: issues.coverHeight,
  };
}

/** Latest issue per magazine, as a subquery joined below. */
function latestIssues() {
  const db = getDb();
  return db
    .selectDistinctOn([issues.magazineId], latestIssueColumns())
    .from(issues)
    .where(and(eq(issues.isSpecial, false), shownIssueWhere()))
    .orderBy(issues.magazineId, desc(issues.issueDate))
    .as('latest');
}

/** The magazine filter of SPEC §7: by fixed top list or category, language, gold, age; pages of 20. */
export async function filterMagazines(viewer: Viewer, filter: MagazineFilter): Promise<{ items: MagazineHit[]; total: number }> {
  const db = getDb();
  const pageSize = filter.pageSize ?? CATEGORY_PAGE_SIZE;
  const latest = latestIssues();
  const conditions: SQL[] = [visibleMagazineWhere(viewer, filter.ageRating)];
  if (filter.categoryId !== undefined) conditions.push(eq(magazines.categoryId, filter.categoryId));
  if (filter.language) conditions.push(eq(magazines.languageCode, filter.language));
  if (!filter.includeGold) conditions.push(eq(magazines.isGold, false));
  let where = and(...conditions);
  let order = [desc(magazines.popularity), asc(magazines.id)];

  let titles = db
    .select(magazineHitColumns(latest))
    .from(magazines)
    .innerJoin(categories, eq(categories.id, magazines.categoryId))
    .innerJoin(latest, eq(latest.magazineId, magazines.id))
    .$dynamic();
  let counted = db.select({ n: count() }).from(magazines).innerJoin(categories, eq(categories.id, magazines.categoryId)).$dynamic();
  if (filter.list) {
    // A top list is ranked: only its titles, in its order.
    titles = titles.innerJoin(magazineLists, eq(magazineLists.magazineId, magazines.id));
    counted = counted.innerJoin(magazineLists, eq(magazineLists.magazineId, magazines.id));
    where = and(where, eq(magazineLists.list, filter.list));
    order = [asc(magazineLists.rank), asc(magazines.id)];
  }
  const [items, totals] = await Promise.all([
    titles
      .where(where)
      .orderBy(...order)
      .limit(pageSize)
      .offset((filter.page - 1) * pageSize),
    counted.where(where),
  ]);
  return { items, total: totals[0]?.n ?? 0 };
}

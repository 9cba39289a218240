import { and, asc, count, desc, eq, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { TopList } from '@/lib/constants';
import { storyFromServer, type StoryFromServer } from '../article/present';
import { getDb } from '../db/client';
import { categories, issues, languages, magazineLists, magazines, stories, stores } from '../db/schema';
import type { Viewer } from '../context/viewer';
import { languageColumns } from './queries';
import { collectionWhere, shownIssueWhere, visibleCategoryWhere, visibleIssueWhere, visibleMagazineWhere } from './visibility';

/** A title as its page shows it (magMeta, magazine-meta). */
export interface MagazineMeta {
  mid: number;
  magName: string;
  slug: string;
  about: string;
  publisher: string;
  catId: number;
  catName: string;
  cat_slug: string;
  lang: string;
  langName: string;
  isGold: number;
  ageRating: number;
}

/** One issue of a title (getIssuesByMag, getIssueDetails). */
export interface IssueHit {
  mid: number;
  magName: string;
  isGold: number;
  issueId: number;
  issueName: string;
  /** YYYY-MM-DD. */
  issueDate: string;
  isSpecial: number;
  pageCount: number;
  img: string;
  width: number;
  height: number;
}

/** An issue with what its page needs of the title. */
export interface IssueDetails extends IssueHit {
  catId: number;
  catName: string;
  lang: string;
  about: string;
}

/** SPEC §3 Edition. */
export interface Edition {
  editionId: number;
  magName: string;
  /** YYYY-MM-DD. */
  editionPublished: string;
}

const metaColumns = {
  mid: magazines.id,
  magName: magazines.name,
  slug: magazines.slug,
  about: magazines.about,
  publisher: magazines.publisher,
  catId: magazines.categoryId,
  catName: categories.name,
  cat_slug: categories.slug,
  lang: magazines.languageCode,
  langName: languages.name,
  isGold: sql<number>`${magazines.isGold}::int`,
  ageRating: magazines.ageRating,
};

const issueColumns = {
  mid: magazines.id,
  magName: magazines.name,
  isGold: sql<number>`${magazines.isGold}::int`,
  issueId: issues.id,
  issueName: issues.name,
  issueDate: issues.issueDate,
  isSpecial: sql<number>`${issues.isSpecial}::int`,
  pageCount: issues.pageCount,
  img: issues.coverPath,
  width: issues.coverWidth,
  height: issues.coverHeight,
};

/** A title the viewer may see at this age rating, by id or by name (or slug); null when hidden or unknown. */
export async function findMagazine(viewer: Viewer, ageRating: number | null, by: { mid: number } | { name: string }): Promise<MagazineMeta | null> {
  const match = 'mid' in by ? eq(magazines.id, by.mid) : sql`(lower(${magazines.name}) = lower(${by.name}) or ${magazines.slug} = ${by.name.toLowerCase()})`;
  const rows = await getDb()
    .select(metaColumns)
    .from(magazines)
    .innerJoin(categories, eq(categories.id, magazines.categoryId))
    .innerJoin(languages, eq(languages.code, magazines.languageCode))
    .where(and(visibleMagazineWhere(viewer, ageRating), match))
    .orderBy(asc(magazines.id))
    .limit(1);
  return rows[0] ?? null;
}

export interface IssueQuery {
  mid: number;
  /** true: special issues only; false: regular issues only; undefined: both. */
  special?: boolean;
  /** Only issues dated before this day (YYYY-MM-DD): the getIssuesByMag cursor. */
  before?: string;
  limit: number;
  offset?: number;
}

/** Issues of a visible title, newest first. Empty when the title is hidden from the viewer. */
export async function listIssues(viewer: Viewer, ageRating: number | null, query: IssueQuery): Promise<IssueHit[]> {
  const conditions: SQL[] = [visibleIssueWhere(viewer, ageRating), eq(issues.magazineId, query.mid)];
  if (query.special !== undefined) conditions.push(eq(issues.isSpecial, query.special));
  if (query.before) conditions.push(lt(issues.issueDate, query.before));
  return getDb()
    .select(issueColumns)
    .from(issues)
    .innerJoin(magazines, eq(magazines.id, issues.magazineId))
    .innerJoin(categories, eq(categories.id, magazines.categoryId))
    .where(and(...conditions))
    .orderBy(desc(issues.issueDate), desc(issues.id))
    .limit(query.limit)
    .offset(query.offset ?? 0);
}

/** How many issues of a visible title there are (regular, special or both). */
export async function countIssues(viewer: Viewer, ageRating: number | null, mid: number, special?: boolean): Promise<number> {
  const conditions: SQL[] = [visibleIssueWhere(viewer, ageRating), eq(issues.magazineId, mid)];
  if (special !== undefined) conditions.push(eq(issues.isSpecial, special));
  const rows = await getDb()
    .select({ n: count() })
    .from(issues)
    .innerJoin(magazines, eq(magazines.id, issues.magazineId))
    .innerJoin(categories, eq(categories.id, magazines.categoryId))
    .where(and(...conditions));
  return rows[0]?.n ?? 0;
}

/** One issue the viewer may see, with its title; null when hidden or unknown. */
export async function findIssue(viewer: Viewer, ageRating: number | null, issueId: number): Promise<IssueDetails | null> {
  const rows = await getDb()
    .select({ ...issueColumns, catId: magazines.categoryId, catName: categories.name, lang: magazines.languageCode, about: magazines.about })
    .from(issues)
    .innerJoin(magazines, eq(magazines.id, issues.magazineId))
    .innerJoin(categories, eq(categories.id, magazines.categoryId))
    .where(and(visibleIssueWhere(viewer, ageRating), eq(issues.id, issueId)))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * One issue, whoever is looking, and whether this viewer may see it at this age rating: null when unknown, so a caller
 * tells 'unknown' from 'hidden' (and sees the title's gold flag) in one read instead of issueOwner then findIssue.
 */
export async function findIssueWithVisibility(
  viewer: Viewer,
  ageRating: number | null,
  issueId: number,
): Promise<{ issue: IssueDetails; visible: boolean } | null> {
  const rows = await getDb()
    .select({
      ...issueColumns,
      catId: magazines.categoryId,
      catName: categories.name,
      lang: magazines.languageCode,
      about: magazines.about,
      visible: sql<boolean>`(${visibleIssueWhere(viewer, ageRating)})`,
    })
    .from(issues)
    .innerJoin(magazines, eq(magazines.id, issues.magazineId))
    .innerJoin(categories, eq(categories.id, magazines.categoryId))
    .where(eq(issues.id, issueId))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const { visible, ...issue } = row;
  return { issue, visible: visible === true };
}

/** The bare issue, whoever is looking: its title and whether that title is gold (to tell 'hidden' from 'unknown'). */
export async function issueOwner(issueId: number): Promise<{ mid: number; isGold: boolean } | null> {
  const rows = await getDb()
    .select({ mid: magazines.id, isGold: magazines.isGold })
    .from(issues)
    .innerJoin(magazines, eq(magazines.id, issues.magazineId))
    .where(eq(issues.id, issueId))
    .limit(1);
  return rows[0] ?? null;
}

/** SPEC §3 Edition list of a visible title, newest first. */
export async function listEditions(viewer: Viewer, ageRating: number | null, mid: number, page: number, pageSize: number): Promise<Edition[]> {
  const rows = await listIssues(viewer, ageRating, { mid, limit: pageSize, offset: (page - 1) * pageSize });
  return rows.map((row) => ({ editionId: row.issueId, magName: row.magName, editionPublished: row.issueDate }));
}

export interface LanguageFilter {
  list?: TopList;
  categoryId?: number;
}

/** SPEC §3 Language entries that have titles this viewer may see in the list or category, fixed list first. */
export async function languagesWithTitles(viewer: Viewer, ageRating: number | null, filter: LanguageFilter = {}) {
  const db = getDb();
  const conditions: SQL[] = [visibleMagazineWhere(viewer, ageRating)];
  if (filter.categoryId !== undefined) conditions.push(eq(magazines.categoryId, filter.categoryId));
  if (filter.list) {
    conditions.push(
      sql`exists (select 1 from ${magazineLists} where ${magazineLists.magazineId} = ${magazines.id} and ${magazineLists.list} = ${filter.list})`,
    );
  }
  const titled = db
    .selectDistinct({ code: magazines.languageCode })
    .from(magazines)
    .innerJoin(categories, eq(categories.id, magazines.categoryId))
    .where(and(...conditions))
    .as('titled');
  return db
    .select(languageColumns)
    .from(languages)
    .innerJoin(titled, eq(titled.code, languages.code))
    .orderBy(asc(languages.sortOrder), asc(languages.name));
}

/** Stories printed in a title, newest first, in categories the viewer may see and within the story age rating. */
export async function storiesOfMagazine(viewer: Viewer, ageRating: number | null, mid: number, limit: number): Promise<StoryFromServer[]> {
  const conditions: SQL[] = [visibleCategoryWhere(viewer), shownIssueWhere(), eq(stories.magazineId, mid)];
  const collection = collectionWhere(viewer, magazines.id, magazines.categoryId);
  if (collection) conditions.push(collection);
  if (ageRating !== null) conditions.push(lte(stories.ageRating, ageRating));
  const rows = await getDb()
    .select({ story: stories, magazineName: magazines.name, issueName: issues.name })
    .from(stories)
    .innerJoin(categories, eq(categories.id, stories.categoryId))
    .innerJoin(magazines, eq(magazines.id, stories.magazineId))
    .innerJoin(issues, eq(issues.id, stories.issueId))
    .where(and(...conditions))
    .orderBy(desc(stories.publishedAt), desc(stories.id))
    .limit(limit);
  return rows.map((row) => storyFromServer(row.story, row.magazineName, row.issueName));
}

/** The store serving a country (ISO 3166 alpha-2), or null. */
export async function storeForCountry(country: string): Promise<{ id: number; name: string; country: string } | null> {
  const rows = await getDb().select({ id: stores.id, name: stores.name, country: stores.country }).from(stores).where(eq(stores.country, country.toUpperCase())).limit(1);
  return rows[0] ?? null;
}

export async function allStoreCountries(): Promise<Map<string, number>> {
  const rows = await getDb().select({ id: stores.id, country: stores.country }).from(stores);
  return new Map(rows.map((row) => [row.country, row.id]));
}


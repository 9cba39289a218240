import { and, asc, desc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import { CATEGORY } from '@/lib/constants';
import { normaliseQuery } from '@/lib/text-normalise';
import type { CategoryFacet, LanguageFacet, LibraryCatalogue, MagazineSearchHit, MagazineSearchPage } from '@/lib/wire';
import { shownIssueWhere, visibleMagazineWhere } from '../catalogue/visibility';
import { titleAgeRating } from '../context/ratings';
import { getDb } from '../db/client';
import { categories, issues, languages, magazines } from '../db/schema';
import type { Viewer } from '../context/viewer';
import { capBound, countHits, NO_HITS, searchPages, type HitCount } from './count';
import { headlineAll, plainHighlight, substringHighlight, toHighlight } from './highlight';
import { cachedSearch } from './cached-search';
import { withTypoCorrection, type SearchTerms } from './words';

export const MAGAZINE_SEARCH_PAGE_SIZE = 20;
/** 'Popular Magazines' and 'Popular Journals' of the search overlay. */
export const POPULAR_LIST_SIZE = 10;



export interface MagazineScope {
  viewer: Viewer;
  /** The age rating the client sent (the call's default and the library's limit apply on top). */
  ageRating?: number;
  includeGold: boolean;
  storeId?: number;
  language?: string;
  categoryId?: number;
}

interface HitRow extends Record<string, unknown> {
  id: number;
  name: string;
  slug: string;
  is_gold: boolean;
  category_id: number;
  language_code: string;
  issue_id: number;
  cover_path: string;
  name_marked: string | null;
}

/** LIKE pattern text: the user's % and _ are literal. */
function likeText(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** The text a name must contain for a substring (and prefix) match: what was typed, normalised as names' words are. */
function nameText(terms: SearchTerms, typed: string): string {
  return terms.correctedQuery ?? normaliseQuery(typed);
}

interface Matching {
  terms: SearchTerms;
  /** What the name is matched against as a substring; '' for no text match at all. */
  text: string;
}

function scopeConditions(scope: MagazineScope, omit: { category?: boolean; language?: boolean } = {}): SQL[] {
  const ageRating = titleAgeRating(scope.viewer, scope.ageRating);
  const conditions: SQL[] = [
    visibleMagazineWhere(scope.viewer, ageRating),
    // A title with no issue it shows has nothing to open.
    sql`EXISTS (SELECT 1 FROM ${issues} WHERE ${issues.magazineId} = ${magazines.id} AND ${shownIssueWhere()})`,
  ];
  if (!scope.includeGold) conditions.push(eq(magazines.isGold, false));
  if (scope.storeId !== undefined) conditions.push(eq(magazines.storeId, scope.storeId));
  if (scope.language && !omit.language) conditions.push(eq(magazines.languageCode, scope.language));
  if (scope.categoryId !== undefined && !omit.category) conditions.push(eq(magazines.categoryId, scope.categoryId));
  return conditions;
}

/** Words (full text, in the title's language) or the typed text inside the name (prefixes, partial names). */
function textCondition(matching: Matching | null): SQL | undefined {
  if (!matching || !matching.text) return undefined;
  const inName = sql`${magazines.name} ILIKE ${`%${likeText(matching.text)}%`}`;
  return matching.terms.tsquery ? or(sql`magazines.search_vector @@ ${matching.terms.tsquery}::tsquery`, inName) : inName;
}

function matchesFrom(conditions: (SQL | undefined)[]): SQL {
  return sql`FROM ${magazines} JOIN ${categories} ON ${categories.id} = ${magazines.categoryId} WHERE ${and(...conditions)}`;
}

/** Exact name, then names starting with the text, then containing it, then word relevance, then popularity. */
function relevanceOrder(matching: Matching | null): SQL[] {
  const order: SQL[] = [];
  if (matching?.text) {
    const text = likeText(matching.text);
    order.push(
      sql`(lower(${magazines.name}) = lower(${matching.text})) DESC`,
      sql`(${magazines.name} ILIKE ${`${text}%`}) DESC`,
      sql`(${magazines.name} ILIKE ${`%${text}%`}) DESC`,
    );
    if (matching.terms.tsquery) order.push(sql`ts_rank(magazines.search_vector, ${matching.terms.tsquery}::tsquery) DESC`);
  }
  order.push(desc(magazines.popularity), asc(magazines.id));
  return order;
}

/** Hits for one page of ids in order, with the latest issue's cover and the name highlighted. */
async function magazineHits(matches: SQL, order: SQL[], offset: number, limit: number, matching: Matching | null): Promise<MagazineSearchHit[]> {
  const orderBy = sql.join(order, sql`, `);
  const marked = matching?.terms.tsquery
    ? headlineAll(sql`m.search_config`, sql`m.name`, matching.terms.tsquery)
    : sql`NULL`;
  const result = await getDb().execute<HitRow>(sql`
    SELECT m.id, m.name, m.slug, m.is_gold, m.category_id, m.language_code, latest.id AS issue_id, latest.cover_path,
      ${marked} AS name_marked
    FROM (
      SELECT magazines.id, row_number() OVER (ORDER BY ${orderBy}) AS position ${matches}
      ORDER BY ${orderBy} OFFSET ${offset} LIMIT ${limit}
    ) AS page
    JOIN magazines m ON m.id = page.id
    JOIN LATERAL (
      SELECT i.id, i.cover_path FROM issues i WHERE i.magazine_id = m.id AND i.withdrawn_at IS NULL ORDER BY i.is_special, i.issue_date DESC, i.id DESC LIMIT 1
    ) AS latest ON true
    ORDER BY page.position`);
  return result.rows.map((row) => {
    let highlight = row.name_marked ? toHighlight(row.name_marked, matching?.terms.words ?? []) : plainHighlight(row.name);
    if (highlight.matchLevel === 'none' && matching?.text) highlight = substringHighlight(row.name, matching.text);
    return {
      magName: row.name,
      slug: row.slug,
      new_imgPath: row.cover_path,
      objectID: String(row.id),
      isGold: row.is_gold ? 1 : 0,
      mid: row.id,
      issueId: row.issue_id,
      catId: row.category_id,
      lang: row.language_code,
      _highlightResult: { magName: highlight },
    };
  });
}

function emptyPage(page: number): MagazineSearchPage {
  return { hits: [], nbHits: 0, nbPages: 0, exhaustiveNbHits: true, page, hitsPerPage: MAGAZINE_SEARCH_PAGE_SIZE };
}

async function magazinePage(conditions: (SQL | undefined)[], matching: Matching | null, page: number): Promise<{ count: HitCount; result: MagazineSearchPage }> {
  const matches = matchesFrom(conditions);
  const offset = page * MAGAZINE_SEARCH_PAGE_SIZE;
  const [count, hits] = await Promise.all([
    countHits(sql`SELECT 1 ${matches}`, capBound(MAGAZINE_SEARCH_PAGE_SIZE)),
    magazineHits(matches, relevanceOrder(matching), offset, MAGAZINE_SEARCH_PAGE_SIZE, matching),
  ]);
  return { count, result: { hits, ...searchPages(count, MAGAZINE_SEARCH_PAGE_SIZE), page, hitsPerPage: MAGAZINE_SEARCH_PAGE_SIZE } };
}

/**
 * Magazine search (SPEC §7): titles whose name or description has every word, or whose name contains the text
 * (prefixes, partial names); a typo is corrected towards title words. Best matches first.
 */
export function searchMagazines(scope: MagazineScope & { query: string; page: number }): Promise<MagazineSearchPage & { query: string; correctedQuery?: string }> {
  const ageRating = titleAgeRating(scope.viewer, scope.ageRating);
  const inputs = [scope.query, scope.page, scope.includeGold, scope.storeId ?? null, scope.language ?? null, scope.categoryId ?? null];
  return cachedSearch('magazines', scope.viewer, ageRating, inputs, () => findMagazines(scope));
}

async function findMagazines(scope: MagazineScope & { query: string; page: number }): Promise<MagazineSearchPage & { query: string; correctedQuery?: string }> {
  const found = await withTypoCorrection(scope.query, (terms) => {
    const matching = { terms, text: nameText(terms, scope.query) };
    if (!matching.text) return Promise.resolve({ count: NO_HITS, result: emptyPage(scope.page) });
    return magazinePage([...scopeConditions(scope), textCondition(matching)], matching, scope.page);
  });
  return { ...found.result, query: scope.query, ...(found.correctedQuery ? { correctedQuery: found.correctedQuery } : {}) };
}




async function categoryFacet(conditions: (SQL | undefined)[], size: number): Promise<CategoryFacet[]> {
  const result = await getDb().execute<CategoryFacet & Record<string, unknown>>(sql`
    SELECT ${categories.id} AS category_id, ${categories.name} AS name, ${categories.slug} AS cat_slug, ${categories.image} AS image,
      count(*)::int AS count
    ${matchesFrom(conditions)}
    GROUP BY ${categories.id}
    ORDER BY count(*) DESC, sum(${magazines.popularity}) DESC, ${categories.sortOrder}, ${categories.id}
    LIMIT ${size}`);
  return result.rows;
}

async function languageFacet(conditions: (SQL | undefined)[], size: number): Promise<LanguageFacet[]> {
  const result = await getDb().execute<LanguageFacet & Record<string, unknown>>(sql`
    SELECT ${languages.code} AS lang_code, ${languages.name} AS lang, ${languages.displayName} AS display_name, count(*)::int AS count
    FROM ${magazines}
    JOIN ${categories} ON ${categories.id} = ${magazines.categoryId}
    JOIN ${languages} ON ${languages.code} = ${magazines.languageCode}
    WHERE ${and(...conditions)}
    GROUP BY ${languages.code}
    ORDER BY count(*) DESC, ${languages.sortOrder}, ${languages.code}
    LIMIT ${size}`);
  return result.rows;
}

/**
 * magazine-libaray (SPEC §7): the library's catalogue for the search overlay: the matching titles a page at a
 * time, the most popular magazines and journals among them, and facets of categories and languages (each counted
 * without its own filter, so choosing a category still shows the other categories). An empty query is the whole
 * catalogue, which is what the overlay shows before anything is typed.
 */
export async function libraryCatalogue(scope: MagazineScope & { query: string; page: number; aggsCount: number }): Promise<LibraryCatalogue> {
  const result = await withTypoCorrection(scope.query, async (terms) => {
    const text = nameText(terms, scope.query);
    const matching = text ? { terms, text } : null;
    const textMatch = textCondition(matching);
    const base = [...scopeConditions(scope), textMatch];
    const popular = [desc(magazines.popularity), asc(magazines.id)];
    const [magazinesPage, popularCat, popularLang, magazineList, journalList] = await Promise.all([
      magazinePage(base, matching, scope.page),
      categoryFacet([...scopeConditions(scope, { category: true }), textMatch], scope.aggsCount),
      languageFacet([...scopeConditions(scope, { language: true }), textMatch], scope.aggsCount),
      magazineHits(matchesFrom([...base, ne(magazines.categoryId, CATEGORY.journals)]), popular, 0, POPULAR_LIST_SIZE, matching),
      magazineHits(matchesFrom([...base, eq(magazines.categoryId, CATEGORY.journals)]), popular, 0, POPULAR_LIST_SIZE, matching),
    ]);
    return { count: magazinesPage.count, magazinesPage: magazinesPage.result, popularCat, popularLang, magazineList, journalList };
  });
  return {
    status: 'success',
    query: scope.query,
    ...(result.correctedQuery ? { correctedQuery: result.correctedQuery } : {}),
    popularCat: result.popularCat,
    popularLang: result.popularLang,
    magazineList: result.magazineList,
    journalList: result.journalList,
    magazines: result.magazinesPage,
  };
}

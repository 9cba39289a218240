import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { IssueHit, IssueSearchResult } from '@/lib/wire';
import { cached } from '../cache';
import { visibleIssueWhere } from '../catalogue/visibility';
import { titleAgeRating } from '../context/ratings';
import { getDb } from '../db/client';
import { categories, issues, magazines } from '../db/schema';
import type { Viewer } from '../context/viewer';
import { countHits, NO_HITS, plannedRows, searchPages } from './count';
import { excerptAnchors, headlineFragment, toHighlight } from './highlight';
import { cachedSearch } from './cached-search';
import { ISSUE_COUNT_BOUND, ISSUE_RANK_WINDOW } from './ranking';
import { withTypoCorrection, type SearchTerms } from './words';

export const ISSUE_SEARCH_PAGE_SIZE = 10;
/** Pages an issue hit lists (the discover tile shows them; fIn counts every one, and past 3 the tile says 'More'). */
export const PAGES_PER_ISSUE_HIT = 3;
/** With issueId: every matching page of that one issue, up to this many. */
export const PAGES_OF_ONE_ISSUE = 100;



export interface IssueSearchInput {
  viewer: Viewer;
  query: string;
  includeGold: boolean;
  /** Only this issue, with all its matching pages (the tile's 'More'). */
  issueId?: number;
  page: number;
  ageRating?: number;
}

interface IssueRow extends Record<string, unknown> {
  id: number;
  fin: number;
  name: string;
  issue_date: string;
  magazine_id: number;
  cover_path: string;
  magazine_name: string;
  pages: { page: number; marked: string }[];
}


/**
 * How an issue's matching pages are found. 'walk': each issue, newest first, is checked against its own pages until
 * the window is full, which stops early when most issues match ('people' is on 40% of the demo's pages) but reads
 * every page of every issue walked past when few do. 'pages': the pages' GIN index lists the matching pages first
 * (a materialised CTE, `matching_pages`, that the statement must define), which costs what those pages cost. The
 * planner cannot choose between them itself: it takes each matching page for an issue of its own, so it expects
 * 'travel' (503 pages in 95 issues) to fill the window of 50 after 157 issues and walks 878.
 */
export type PageSource = 'walk' | 'pages';

/** Up to this many pages expected to match, the pages are listed first; past it, the issues are walked. */
export const FEW_MATCHING_PAGES = 1_000;

function matchingPagesCte(tsquery: string): SQL {
  return sql`WITH matching_pages AS MATERIALIZED (SELECT p.issue_id FROM issue_pages p WHERE p.search_vector @@ ${tsquery}::tsquery)`;
}

/**
 * How many printed pages the planner expects the tsquery to match (its lexeme statistics, refreshed after every
 * load), kept in the one cache beside the tsquery itself and dropped with it when titles change.
 */
function expectedMatchingPages(tsquery: string): Promise<number> {
  return cached('search-terms', `issue-pages|${tsquery}`, () => plannedRows(sql`SELECT 1 FROM issue_pages p WHERE p.search_vector @@ ${tsquery}::tsquery`));
}

function issueMatches(input: IssueSearchInput, tsquery: string, ageRating: number | null, source: PageSource = 'walk'): SQL {
  const hasMatchingPage =
    source === 'pages'
      ? sql`${issues.id} IN (SELECT issue_id FROM matching_pages)`
      : sql`EXISTS (SELECT 1 FROM issue_pages p WHERE p.issue_id = issues.id AND p.search_vector @@ ${tsquery}::tsquery)`;
  const conditions: SQL[] = [visibleIssueWhere(input.viewer, ageRating), hasMatchingPage];
  if (!input.includeGold) conditions.push(eq(magazines.isGold, false));
  if (input.issueId !== undefined) conditions.push(eq(issues.id, input.issueId));
  return sql`FROM ${issues} JOIN ${magazines} ON ${magazines.id} = ${issues.magazineId}
    JOIN ${categories} ON ${categories.id} = ${magazines.categoryId} WHERE ${and(...conditions)}`;
}

/** How many of an issue's pages match and how well the best one does. */
function pageScore(tsquery: string, issueRef: SQL): SQL {
  return sql`SELECT count(*)::int AS fin, max(ts_rank(p.search_vector, ${tsquery}::tsquery)) AS best
    FROM issue_pages p WHERE p.issue_id = ${issueRef} AND p.search_vector @@ ${tsquery}::tsquery`;
}

/**
 * One page of issue ids, best first: within the newest ISSUE_RANK_WINDOW matching issues, those with the most
 * matching pages, then the best page's rank; past the window, newest first.
 */
function pageIssues(matches: SQL, tsquery: string, offset: number, limit: number): SQL {
  if (offset >= ISSUE_RANK_WINDOW) {
    return sql`SELECT newest.id, score.fin, row_number() OVER () AS position
      FROM (SELECT issues.id, issues.issue_date ${matches} ORDER BY ${issues.issueDate} DESC, ${issues.id} DESC OFFSET ${offset} LIMIT ${limit}) AS newest
      CROSS JOIN LATERAL (${pageScore(tsquery, sql`newest.id`)}) AS score`;
  }
  return sql`SELECT windowed.id, score.fin,
      row_number() OVER (ORDER BY score.fin DESC, score.best DESC, windowed.issue_date DESC, windowed.id DESC) AS position
    FROM (SELECT issues.id, issues.issue_date ${matches} ORDER BY ${issues.issueDate} DESC, ${issues.id} DESC LIMIT ${ISSUE_RANK_WINDOW}) AS windowed
    CROSS JOIN LATERAL (${pageScore(tsquery, sql`windowed.id`)}) AS score
    ORDER BY position OFFSET ${offset} LIMIT ${limit}`;
}

async function chooseSource(input: IssueSearchInput, tsquery: string): Promise<PageSource> {
  // One issue (the tile's 'More') is looked up by its id.
  if (input.issueId !== undefined) return 'walk';
  return (await expectedMatchingPages(tsquery)) <= FEW_MATCHING_PAGES ? 'pages' : 'walk';
}

async function runIssueSearch(input: IssueSearchInput, terms: SearchTerms, ageRating: number | null, forced?: PageSource) {
  const empty = { count: NO_HITS, hits: [] as IssueHit[], terms };
  if (!terms.tsquery) return empty;
  const source = forced ?? (await chooseSource(input, terms.tsquery));
  const matches = issueMatches(input, terms.tsquery, ageRating, source);
  const offset = input.page * ISSUE_SEARCH_PAGE_SIZE;
  const perIssue = input.issueId !== undefined ? PAGES_OF_ONE_ISSUE : PAGES_PER_ISSUE_HIT;
  const headline = headlineFragment(sql`p.search_config`, sql`p.text`, terms.tsquery, excerptAnchors(terms.words), { maxWords: 30 });
  // The count and the page of issues (with their first matching pages) are independent: ask for both at once.
  const [count, found] = await Promise.all([
    // Counted (and estimated) as before, whichever way the page is found: nbHits is the same.
    countHits(sql`SELECT 1 ${issueMatches(input, terms.tsquery, ageRating)}`, ISSUE_COUNT_BOUND),
    getDb().execute<IssueRow>(sql`
      ${source === 'pages' ? matchingPagesCte(terms.tsquery) : sql``}
      SELECT i.id, page.fin, i.name, i.issue_date::text AS issue_date, i.magazine_id, i.cover_path, m.name AS magazine_name,
        (SELECT coalesce(json_agg(json_build_object('page', listed.page_no, 'marked', listed.marked) ORDER BY listed.page_no), '[]')
          FROM (
            SELECT p.page_no, ${headline} AS marked FROM issue_pages p
            WHERE p.issue_id = i.id AND p.search_vector @@ ${terms.tsquery}::tsquery
            ORDER BY p.page_no LIMIT ${perIssue}
          ) AS listed) AS pages
      FROM (${pageIssues(matches, terms.tsquery, offset, ISSUE_SEARCH_PAGE_SIZE)}) AS page
      JOIN issues i ON i.id = page.id
      JOIN magazines m ON m.id = i.magazine_id
      ORDER BY page.position`),
  ]);
  const hits = found.rows.map((row) => ({
    pages: row.pages.map((p) => ({ page: p.page, _highLight: toHighlight(p.marked, terms.words).value })),
    issue: { iss_id: row.id, iss_name: row.name, magId: row.magazine_id, iss_date: row.issue_date },
    magDetails: { magName: row.magazine_name, img: row.cover_path },
    fIn: row.fin,
  }));
  return { count, hits, terms };
}

/**
 * search_list (SPEC §7): issues whose printed pages hold every word, with the pages that match and the text
 * around the words; with issueId, that one issue with all its matching pages. Visibility and age rating are the
 * reader's (visibleIssueWhere, titleAgeRating): an issue listed here opens.
 */
export function searchIssues(input: IssueSearchInput): Promise<IssueSearchResult> {
  const ageRating = titleAgeRating(input.viewer, input.ageRating);
  const inputs = [input.query, input.page, input.includeGold, input.issueId ?? null];
  return cachedSearch('issues', input.viewer, ageRating, inputs, () => findIssues(input));
}

/** searchIssues without the cache; `source` forces the way to the matching pages (the tests compare both). */
export async function findIssues(input: IssueSearchInput, source?: PageSource): Promise<IssueSearchResult> {
  const ageRating = titleAgeRating(input.viewer, input.ageRating);
  const result = await withTypoCorrection(input.query, (terms) => runIssueSearch(input, terms, ageRating, source));
  return {
    status: 'success',
    hits: result.hits,
    ...searchPages(result.count, ISSUE_SEARCH_PAGE_SIZE),
    page: input.page,
    hitsPerPage: ISSUE_SEARCH_PAGE_SIZE,
    query: input.query,
    ...(result.correctedQuery ? { correctedQuery: result.correctedQuery } : {}),
  };
}

import { and, eq, lte, sql, type SQL } from 'drizzle-orm';
import type { StorySearchHit, StorySearchResult } from '@/lib/wire';
import { storySearchAgeRating } from '../context/ratings';
import { storyFromServer } from '../article/present';
import { storyShownWhere, visibleCategoryWhere } from '../catalogue/visibility';
import { getDb } from '../db/client';
import { categories, stories } from '../db/schema';
import type { Viewer } from '../context/viewer';
import { capBound, countHits, NO_HITS, searchPages } from './count';
import { excerptAnchors, headlineAll, headlineFragment, toHighlight } from './highlight';
import { cachedSearch } from './cached-search';
import { RANK_WINDOW } from './ranking';
import { withTypoCorrection, type SearchTerms } from './words';

export const STORY_SEARCH_PAGE_SIZE = 20;



export interface StorySearchInput {
  viewer: Viewer;
  query: string;
  /** Zero-based, as story pages are sent. */
  page: number;
  /** The age_rating the client sent; the library's limit and SPEC §9's default apply on top (narrow, never widen). */
  ageRating?: number;
  /** Only stories in this language (code), when given. */
  language?: string;
}

interface StoryRow extends Record<string, unknown> {
  id: number;
  title: string;
  subtitle: string;
  short_desc: string;
  time_read: number;
  canon_url: string;
  image_path: string;
  is_shoppable: boolean;
  is_news: boolean;
  magazine_id: number;
  issue_id: number;
  published_at: string | Date;
  magazine_name: string;
  issue_name: string;
  title_marked: string;
  body_marked: string;
}

function storyMatches(viewer: Viewer, tsquery: string, ageRating: number | null, language: string | undefined): SQL {
  const conditions: SQL[] = [sql`stories.search_vector @@ ${tsquery}::tsquery`, visibleCategoryWhere(viewer), storyShownWhere(viewer, sql`stories.issue_id`, sql`stories.magazine_id`)];
  if (ageRating !== null) conditions.push(lte(stories.ageRating, ageRating));
  if (language) conditions.push(eq(stories.languageCode, language));
  return sql`FROM ${stories} JOIN ${categories} ON ${categories.id} = ${stories.categoryId} WHERE ${and(...conditions)}`;
}

/**
 * The ids of one page of hits, best first. Relevance (ts_rank: title A over subtitle B over body D, and how often the
 * words appear) is computed only for the newest RANK_WINDOW matches, so a word found in most stories
 * costs the same as a rare one; pages past the window continue newest first.
 */
function pageIds(matches: SQL, tsquery: string, offset: number, limit: number): SQL {
  if (offset >= RANK_WINDOW) {
    return sql`SELECT stories.id, row_number() OVER () AS position FROM (
      SELECT stories.id ${matches} ORDER BY ${stories.publishedAt} DESC, ${stories.id} DESC OFFSET ${offset} LIMIT ${limit}
    ) AS stories`;
  }
  return sql`SELECT ranked.id, row_number() OVER (ORDER BY ranked.rank DESC, ranked.published_at DESC, ranked.id DESC) AS position
    FROM (
      SELECT windowed.id, windowed.published_at, ts_rank(windowed.search_vector, ${tsquery}::tsquery) AS rank
      FROM (
        SELECT stories.id, stories.published_at, stories.search_vector ${matches}
        ORDER BY ${stories.publishedAt} DESC, ${stories.id} DESC LIMIT ${RANK_WINDOW}
      ) AS windowed
      ORDER BY rank DESC, windowed.published_at DESC, windowed.id DESC OFFSET ${offset} LIMIT ${limit}
    ) AS ranked`;
}

async function runStorySearch(input: StorySearchInput, terms: SearchTerms, ageRating: number | null) {
  const empty = { count: NO_HITS, rows: [] as StoryRow[], terms };
  if (!terms.tsquery) return empty;
  const matches = storyMatches(input.viewer, terms.tsquery, ageRating, input.language);
  const offset = input.page * STORY_SEARCH_PAGE_SIZE;
  const config = sql`s.search_config`;
  // The count and the page are independent: ask for both at once.
  const [count, result] = await Promise.all([
    countHits(sql`SELECT 1 ${matches}`, capBound(STORY_SEARCH_PAGE_SIZE)),
    getDb().execute<StoryRow>(sql`
      SELECT s.id, s.title, s.subtitle, s.short_desc, s.time_read, s.canon_url, s.image_path, s.is_shoppable, s.is_news,
        s.magazine_id, s.issue_id, s.published_at, m.name AS magazine_name, i.name AS issue_name,
        ${headlineAll(config, sql`s.title`, terms.tsquery)} AS title_marked,
        ${headlineFragment(config, sql`s.body`, terms.tsquery, excerptAnchors(terms.words))} AS body_marked
      FROM (${pageIds(matches, terms.tsquery, offset, STORY_SEARCH_PAGE_SIZE)}) AS page
      JOIN stories s ON s.id = page.id
      JOIN magazines m ON m.id = s.magazine_id
      JOIN issues i ON i.id = s.issue_id
      ORDER BY page.position`),
  ]);
  return { count, rows: result.rows, terms };
}

function storyHit(row: StoryRow, words: string[]): StorySearchHit {
  const story = storyFromServer(
    {
      id: row.id,
      title: row.title,
      subtitle: row.subtitle,
      timeRead: row.time_read,
      canonUrl: row.canon_url,
      imagePath: row.image_path,
      shortDesc: row.short_desc,
      isShoppable: row.is_shoppable,
      isNews: row.is_news,
      magazineId: row.magazine_id,
      issueId: row.issue_id,
      publishedAt: new Date(row.published_at),
    },
    row.magazine_name,
    row.issue_name,
  );
  return {
    ...story,
    objectID: String(row.id),
    _highlightResult: { title: toHighlight(row.title_marked, words) },
    _snippetResult: { body: toHighlight(row.body_marked, words) },
  };
}

/**
 * Story search (the article search call of SPEC §7): every word must match, in the story's own language; hits
 * come with highlights; nbHits and nbPages are capped as SPEC §9 caps story lists. Visibility (SPEC §5) and the
 * age rating are part of the query.
 */
export function searchStories(input: StorySearchInput): Promise<StorySearchResult> {
  const ageRating = storySearchAgeRating(input.viewer, input.ageRating);
  const inputs = [input.query, input.page, input.language ?? null];
  return cachedSearch('stories', input.viewer, ageRating, inputs, () => findStories(input, ageRating));
}

async function findStories(input: StorySearchInput, ageRating: number | null): Promise<StorySearchResult> {
  const result = await withTypoCorrection(input.query, (terms) => runStorySearch(input, terms, ageRating));
  return {
    Articles: result.rows.map((row) => storyHit(row, result.terms.words)),
    page: input.page,
    ...searchPages(result.count, STORY_SEARCH_PAGE_SIZE),
    hitsPerPage: STORY_SEARCH_PAGE_SIZE,
    query: input.query,
    ...(result.correctedQuery ? { correctedQuery: result.correctedQuery } : {}),
  };
}

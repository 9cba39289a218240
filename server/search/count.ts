import { sql, type SQL } from 'drizzle-orm';
import { STORY_PAGE_CAP } from '@/lib/constants';
import { capStoryPages } from '@/lib/story-paging';
import { getDb } from '../db/client';

/**
 * Story and title hits are counted exactly up to the point SPEC §9 caps them (300 pages): past it the capped
 * numbers are shown, so counting further would be work nobody sees.
 */
export function capBound(pageSize: number): number {
  return STORY_PAGE_CAP * pageSize;
}

/** Past this multiple of the bound, the planner's estimate alone decides that the count is past the bound. */
const ESTIMATE_MARGIN = 2;

export interface HitCount {
  count: number;
  /** False when `count` is the planner's estimate (past the bound), as Algolia's exhaustiveNbHits says. */
  exact: boolean;
}

/** How many rows the planner expects `query` to return. */
export async function plannedRows(query: SQL): Promise<number> {
  const result = await getDb().execute<{ 'QUERY PLAN': { Plan: { 'Plan Rows': number } }[] }>(sql`EXPLAIN (FORMAT JSON) ${query}`);
  return Math.round(result.rows[0]?.['QUERY PLAN']?.[0]?.Plan['Plan Rows'] ?? Number.MAX_SAFE_INTEGER);
}

/**
 * How many rows `matches` (a `SELECT 1 FROM ... WHERE ...`) returns: exactly up to `bound`, and past it the planner's
 * estimate from the column's lexeme statistics. A very common word would make even a bounded count read thousands
 * of rows, so when the estimate is far past the bound it answers without counting at all.
 */
export async function countHits(matches: SQL, bound: number): Promise<HitCount> {
  const estimate = await plannedRows(matches);
  if (estimate > bound * ESTIMATE_MARGIN) return { count: estimate, exact: false };
  const result = await getDb().execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM (${matches} LIMIT ${bound + 1}) AS bounded`);
  const counted = result.rows[0]?.n ?? 0;
  return counted <= bound ? { count: counted, exact: true } : { count: Math.max(estimate, bound + 1), exact: false };
}

/** nbHits, nbPages and exhaustiveNbHits for a count; more than 300 pages is shown as SPEC §9 caps story lists. */
export function searchPages(hits: HitCount, pageSize: number): { nbHits: number; nbPages: number; exhaustiveNbHits: boolean } {
  const { nbPages, nbHits } = capStoryPages(hits.count, pageSize);
  return { nbHits, nbPages, exhaustiveNbHits: hits.exact && nbHits === hits.count };
}

export const NO_HITS: HitCount = { count: 0, exact: true };

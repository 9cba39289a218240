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

export interface HitCount {
  /** nbHits: exact up to the bound; past it the planner's estimate, never less than was counted. */
  count: number;
  /** False when `count` is the planner's estimate (past the bound), as Algolia's exhaustiveNbHits says. */
  exact: boolean;
  /** How many hits were counted, so are known to exist: pages are promised only as far as these reach. */
  known: number;
}

/** How many rows the planner expects `query` to return. */
export async function plannedRows(query: SQL): Promise<number> {
  const result = await getDb().execute<{ 'QUERY PLAN': { Plan: { 'Plan Rows': number } }[] }>(sql`EXPLAIN (FORMAT JSON) ${query}`);
  return Math.round(result.rows[0]?.['QUERY PLAN']?.[0]?.Plan['Plan Rows'] ?? Number.MAX_SAFE_INTEGER);
}

/**
 * How many rows `matches` (a `SELECT 1 FROM ... WHERE ...`) returns: always counted, exactly up to `bound` (the
 * count reads at most bound + 1 rows), and past it the planner's estimate. The estimate alone never decides: for a
 * rare word it comes from a default frequency, and a word printed once was reported as 452 hits.
 */
export async function countHits(matches: SQL, bound: number): Promise<HitCount> {
  const result = await getDb().execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM (${matches} LIMIT ${bound + 1}) AS bounded`);
  const counted = result.rows[0]?.n ?? 0;
  if (counted <= bound) return { count: counted, exact: true, known: counted };
  return { count: Math.max(await plannedRows(matches), counted), exact: false, known: counted };
}

/**
 * nbHits, nbPages and exhaustiveNbHits for a count; more than 300 pages is shown as SPEC §9 caps story lists. nbPages
 * reaches only as far as the counted hits do, so no page it promises comes back empty.
 */
export function searchPages(hits: HitCount, pageSize: number): { nbHits: number; nbPages: number; exhaustiveNbHits: boolean } {
  const { nbPages, nbHits } = capStoryPages(hits.count, pageSize);
  return { nbHits, nbPages: Math.min(nbPages, Math.ceil(hits.known / pageSize)), exhaustiveNbHits: hits.exact && nbHits === hits.count };
}

export const NO_HITS: HitCount = { count: 0, exact: true, known: 0 };

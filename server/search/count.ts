import { sql, type SQL } from 'drizzle-orm';
import { STORY_PAGE_CAP } from '@/lib/constants';
import { capStoryPages } from '@/lib/story-paging';
import { getDb } from '../db/client';

/**
 * Hits are counted exactly up to the point SPEC §9 caps them (300 pages); past it the spec's capped numbers are
 * shown, so counting further would be work nobody sees.
 */
export function countBound(pageSize: number): number {
  return STORY_PAGE_CAP * pageSize;
}

/** Past this multiple of the bound, the planner's estimate alone decides that the answer is capped. */
const ESTIMATE_MARGIN = 2;

interface PlanNode {
  Plan: { 'Plan Rows': number };
}

async function plannedRows(matches: SQL): Promise<number> {
  const result = await getDb().execute<{ 'QUERY PLAN': PlanNode[] }>(sql`EXPLAIN (FORMAT JSON) ${matches}`);
  return result.rows[0]?.['QUERY PLAN']?.[0]?.Plan['Plan Rows'] ?? Number.POSITIVE_INFINITY;
}

/**
 * How many rows `matches` (a `SELECT 1 FROM ... WHERE ...`) returns, exactly up to `bound`; `bound + 1` means
 * "more". A very common word would make even a bounded count read thousands of rows, so when the planner's
 * estimate (from the column's lexeme statistics) is far past the bound, the estimate answers and the count is
 * reported capped, as SPEC §9 caps it.
 */
export async function boundedCount(matches: SQL, bound: number): Promise<number> {
  if ((await plannedRows(matches)) > bound * ESTIMATE_MARGIN) return bound + 1;
  const result = await getDb().execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM (${matches} LIMIT ${bound + 1}) AS bounded`);
  return result.rows[0]?.n ?? 0;
}

/** nbPages and nbHits for a bounded count, capped as SPEC §9 caps story lists. */
export function searchPages(total: number, pageSize: number): { nbPages: number; nbHits: number } {
  return capStoryPages(total, pageSize);
}

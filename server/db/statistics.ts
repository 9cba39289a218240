import { sql } from 'drizzle-orm';
import type { Database } from './client';

/** The tables an import or the seed fills, whose statistics search's plans and hit counts rest on. */
const LOADED_TABLES = sql.raw('issue_pages, issues, magazines, stories, story_translations, search_terms');

/**
 * Brings the planner's statistics up to date after a bulk load, as PostgreSQL advises ("Populating a Database":
 * run ANALYZE afterwards). Until then the planner guesses: search's hit counts read its row estimates, and without
 * statistics on `issue_pages.search_vector` a search page served 12–13 requests a second instead of 38–55 on a
 * server whose autovacuum is off or has not come round yet (bench/pages). A second or two for a library's catalogue.
 * One statement, outside any transaction: a transaction around it (to bound its wait for locks with lock_timeout)
 * interleaved with other requests' queries on PGlite's socket ("bind message supplies 2 parameters, but prepared
 * statement requires 1"). A failure is only logged: the statistics are an optimisation, and autovacuum or the next
 * import brings them up to date.
 */
export async function refreshPlannerStatistics(db: Pick<Database, 'execute'>): Promise<void> {
  try {
    await db.execute(sql`ANALYZE ${LOADED_TABLES}`);
  } catch (error) {
    console.error('[db] ANALYZE after the load did not run:', error instanceof Error ? error.message : error);
  }
  await mergePendingSearchEntries(db);
}

/** The full-text (GIN) indexes a load writes to. */
const SEARCH_INDEXES = ['issue_pages_search_idx', 'stories_search_idx', 'magazines_search_idx'];

/**
 * A GIN index takes new rows into a pending list (fastupdate) and merges it into the index proper only at VACUUM,
 * an autovacuum's analyze or when it outgrows gin_pending_list_limit; until then every search reads the whole list.
 * After the seed, 2,306 pages waited there and 'travel' spent 2 of its 3 ms in the index reading them, on a server
 * whose autovacuum is off or has not come round. Merging them after a load keeps fastupdate's cheap inserts.
 * Only logged on failure, like ANALYZE.
 */
async function mergePendingSearchEntries(db: Pick<Database, 'execute'>): Promise<void> {
  try {
    await db.execute(sql`SELECT gin_clean_pending_list(to_regclass(name)) FROM unnest(${sql.param(SEARCH_INDEXES)}::text[]) AS name
      WHERE to_regclass(name) IS NOT NULL`);
  } catch (error) {
    console.error('[db] merging the search indexes after the load did not run:', error instanceof Error ? error.message : error);
  }
}

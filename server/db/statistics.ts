import { sql } from 'drizzle-orm';
import type { Database } from './client';

/** The tables an import or the seed fills, whose statistics search's plans and hit counts rest on. */
const LOADED_TABLES = sql.raw('issue_pages, issues, magazines, stories, story_translations, search_terms');

/**
 * Brings the planner's statistics up to date after a bulk load, as PostgreSQL advises ("Populating a Database":
 * run ANALYZE afterwards). Until then the planner guesses: search's hit counts read its row estimates, and without
 * statistics on `issue_pages.search_vector` a search page served 12–13 requests a second instead of 38–55 on a
 * server whose autovacuum is off or has not come round yet (bench/pages). A second or two for a library's catalogue. It waits at most
 * 5 s for a table another session has locked, and a failure is only logged: the statistics are an optimisation,
 * and autovacuum or the next import brings them up to date.
 */
export async function refreshPlannerStatistics(db: Pick<Database, 'transaction'>): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL lock_timeout = '5s'`);
      await tx.execute(sql`ANALYZE ${LOADED_TABLES}`);
    });
  } catch (error) {
    console.error('[db] ANALYZE after the load did not run:', error instanceof Error ? error.message : error);
  }
}

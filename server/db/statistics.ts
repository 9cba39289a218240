import { sql } from 'drizzle-orm';
import type { Database } from './client';

/**
 * Brings the planner's statistics up to date after a bulk load, as PostgreSQL advises ("Populating a Database":
 * run ANALYZE afterwards). Until then the planner guesses: search's hit counts read its row estimates, and without
 * statistics on `issue_pages.search_vector` it chose plans that made a search page 10 times slower on a server
 * whose autovacuum is off or has not come round yet. A few seconds at most for a library's catalogue; tables the
 * connecting role does not own are skipped by PostgreSQL with a warning, not an error.
 */
export async function refreshPlannerStatistics(db: Pick<Database, 'execute'>): Promise<void> {
  await db.execute(sql`ANALYZE`);
}

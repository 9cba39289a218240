import { and, isNotNull, lt, sql } from 'drizzle-orm';
import { pruneAudit } from '../admin/audit';
import { getDb } from '../db/client';
import { usageEvents, usageSalts } from '../db/schema';
import { refreshPlannerStatistics } from '../db/statistics';
import { removeAbandonedTemporaryFolders } from '../import';
import { removeStaleOriginalCopies } from '../import/draw';
import { tidyUploads } from '../import/uploads';
import { enqueueUndrawn } from './draw-task';

/**
 * Scheduled and occasional work (tasks.ts). Each runs on whichever instance is free, once per slot however many
 * instances there are, and a failure is tried again like any job.
 */

/**
 * Hourly: abandoned and old uploads (server/import/uploads.ts), drawings a dead import left, copies of originals a
 * drawing cut short left, undrawn issues without a draw job, audit rows past retention.
 */
export async function cleanUp(): Promise<void> {
  await tidyUploads();
  await removeAbandonedTemporaryFolders();
  await removeStaleOriginalCopies();
  await enqueueUndrawn();
  await pruneAudit();
}

/**
 * Just after midnight (UTC): the past days' salts and the click times kept for COUNTER's double-click rule are
 * forgotten, so no session hash of a day that is over can be recomputed, even on a day nobody reads (counting
 * forgets them too when the new day's first use is counted, server/usage/counting.ts).
 */
export async function forgetPastSessions(): Promise<void> {
  const db = getDb();
  const today = sql`(now() AT TIME ZONE 'UTC')::date`;
  await db.delete(usageSalts).where(lt(usageSalts.day, today));
  await db.update(usageEvents).set({ lastClickAt: null }).where(and(lt(usageEvents.day, today), isNotNull(usageEvents.lastClickAt)));
}

/** After imports (one run for those of half a minute): the planner's statistics and the search indexes' pending entries. */
export async function refreshStatistics(): Promise<void> {
  await refreshPlannerStatistics(getDb());
}

import { and, isNotNull, lt, sql } from 'drizzle-orm';
import type { JobHelpers } from 'graphile-worker';
import { pruneAudit } from '../admin/audit';
import { getDb, type Database } from '../db/client';
import { usageEvents, usageSalts } from '../db/schema';
import { refreshPlannerStatistics } from '../db/statistics';
import { removeAbandonedTemporaryFolders } from '../import';
import { removeStaleOriginalCopies } from '../import/draw';
import { tidyUploads } from '../import/uploads';
import { backfillPartialMd5, originalsToKey } from '../opds/partial-md5';
import { enqueueUndrawn } from './draw-task';
import { enqueue } from './queue';

/**
 * Scheduled and occasional work (tasks.ts). Each runs on whichever instance is free, once per slot however many
 * instances there are, and a failure is tried again like any job.
 */

/**
 * At each site start, once the queue runs (instrumentation.ts): the jobs a stopped instance or an older version
 * left behind are forgotten, issues left undrawn without a draw job get one, and the originals kept before their
 * partial MD5 was written are keyed, as a job (`key-originals`), so no request waits for it.
 */
export async function upkeepAtStart(db: Database = getDb()): Promise<void> {
  await forgetSpentJobs(db);
  await enqueueUndrawn(db);
  // Only when some wait, and never in place of one running (another instance started it).
  if (await originalsToKey(db)) await enqueue(db, 'key-originals', {}, { key: 'key-originals', onlyIfNone: true });
}

/**
 * Hourly: abandoned and old uploads (server/import/uploads.ts), drawings a dead import left, copies of originals a
 * drawing cut short left, spent jobs, undrawn issues without a draw job, audit rows past retention.
 */
export async function cleanUp(): Promise<void> {
  await tidyUploads();
  await removeAbandonedTemporaryFolders();
  await removeStaleOriginalCopies();
  await forgetSpentJobs();
  await enqueueUndrawn();
  await pruneAudit();
}

/**
 * The `key-originals` task: KOReader's partial MD5 of the originals kept before the import wrote it
 * (server/opds/partial-md5.ts), so a sync of such a PDF finds its issue. A batch a job, the next batch a job of its
 * own, so the upkeep lane's other work (the hourly clean-up, the nightly forgetting of sessions) is not held behind
 * a long run of them; it stops between two originals when the site shuts down, and the next start goes on.
 */
export async function keyOriginals(_payload: unknown, helpers?: Pick<JobHelpers, 'abortSignal'>): Promise<void> {
  const { keyed, more } = await backfillPartialMd5(getDb(), () => helpers?.abortSignal?.aborted === true);
  if (keyed > 0) console.log(`[jobs] ${keyed} originals keyed for KOReader's sync`);
  if (more && !helpers?.abortSignal?.aborted) await enqueue(getDb(), 'key-originals', {}, { key: 'key-originals' });
}

/**
 * Jobs that will never run again and that nothing shows (graphile-worker 0.16 keeps a job that failed its last try
 * until it is deleted). A `draw-pages` job that failed for good is shown in the console's "Pages being drawn" and
 * tried again from there while its issue has pages left to draw; it goes once there is nothing left for it: its
 * issue drawn (by members' requests, or `npm run import -- --redraw`), deleted, or without an original. A job whose
 * key a redraw or retry took while it ran (graphile-worker then gives it no more tries and no key) goes once that
 * try failed. An `import` job that failed for good goes once its upload can no longer be tried again (its file gone
 * after a week, or its row gone): the upload's row keeps its tries and reason. Upkeep that failed for good (its
 * reason is in the log too) is kept a week. A job an instance holds is left alone. Returns how many went.
 */
export async function forgetSpentJobs(db: Database = getDb()): Promise<number> {
  const gone = await db.execute<{ id: string }>(sql`
    DELETE FROM graphile_worker._private_jobs j
    USING graphile_worker._private_tasks t
    WHERE t.id = j.task_id AND j.locked_at IS NULL AND (
      (t.identifier = 'draw-pages' AND (
        (j.key IS NULL AND j.attempts >= j.max_attempts)
        OR (j.key IS NOT NULL AND NOT EXISTS (
          SELECT 1 FROM issues i WHERE j.key = 'draw-pages:' || i.id AND i.pages_drawn_at IS NULL AND i.original_key IS NOT NULL))))
      OR (t.identifier = 'import' AND j.attempts >= j.max_attempts AND NOT EXISTS (
        SELECT 1 FROM import_jobs r WHERE j.key = 'import:' || r.id AND r.stored_path IS NOT NULL))
      OR (t.identifier NOT IN ('draw-pages', 'import') AND j.attempts >= j.max_attempts AND j.updated_at < now() - interval '7 days'))
    RETURNING j.id`);
  return gone.rows.length;
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

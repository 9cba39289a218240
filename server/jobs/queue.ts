import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { TASKS, type TaskName } from './tasks';

/**
 * The one job queue (docs/decisions.md, "Background work"): graphile-worker 0.16 on the site's PostgreSQL, in its
 * own schema (`graphile_worker`). Every instance runs one worker pool per lane (tasks.ts): imports and the drawing of
 * imported issues' pages, each at most IMPORT_WORKERS at a time, and upkeep, one at a time, so a long import never
 * holds up a clean-up and a long drawing never holds up the next import. A job is taken by
 * whichever instance is free (LISTEN/NOTIFY, else a poll every 2 s); a failed try is tried again after e^try seconds
 * (graphile-worker's back-off), until its tries are spent and it stays failed with its reason; scheduled work (the
 * tasks with a `schedule`) is enqueued once per slot whatever the number of instances (graphile-worker's crontab).
 * A job whose instance died is handed to another by liveness.ts within a minute. Jobs are added here; the workers
 * that run them are started by workers.ts.
 */

/** How many imports run at once on an instance (IMPORT_WORKERS): by default one core fewer than the machine has, so pages keep being answered. */
export function importWorkers(): number {
  const asked = Number(process.env.IMPORT_WORKERS);
  if (Number.isInteger(asked) && asked >= 1) return asked;
  return Math.max(1, os.availableParallelism() - 1);
}

export interface EnqueueOptions {
  /** A job with the same key not yet running, or failed for good, is replaced (its tries start again); one running keeps running. */
  key?: string;
  /** Run no earlier than this. */
  runAt?: Date;
  /** With a key: a job waiting keeps its time (a throttle: one run for the requests of a while) rather than taking the new one. */
  keepRunAt?: boolean;
  /** With a key: nothing is added when a job with that key exists, waiting, running or failed for good. */
  onlyIfNone?: boolean;
}

/**
 * Adds a job in the caller's transaction (or on the database): it exists exactly when the change that asks for it
 * commits, and the instances listening hear of it at that commit.
 */
export async function enqueue(db: Pick<Database, 'execute'>, task: TaskName, payload: Record<string, unknown>, options: EnqueueOptions = {}): Promise<void> {
  const tries = TASKS[task].tries();
  if (options.key && !options.onlyIfNone) {
    // A job of that key that failed for good is not replaced by graphile-worker 0.16: it would take the key from it and
    // leave it behind, keyless, failed and shown nowhere. It goes, and the new job takes its place.
    await db.execute(sql`DELETE FROM graphile_worker._private_jobs WHERE key = ${options.key} AND locked_at IS NULL AND attempts >= max_attempts`);
  }
  await db.execute(
    sql`SELECT graphile_worker.add_job(${task}, ${JSON.stringify(payload)}::json, run_at => ${options.runAt?.toISOString() ?? null}::timestamptz, max_attempts => ${tries}, job_key => ${options.key ?? null}, job_key_mode => ${options.onlyIfNone ? 'unsafe_dedupe' : options.keepRunAt ? 'preserve_run_at' : 'replace'})`,
  );
}

/** Removes a job not yet running, by its key (a cancelled upload). */
export async function dequeue(db: Pick<Database, 'execute'>, key: string): Promise<void> {
  await db.execute(sql`SELECT graphile_worker.remove_job(${key})`);
}

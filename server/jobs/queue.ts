import { EventEmitter } from 'node:events';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { Logger, makeWorkerUtils, parseCronItems, run, type Runner, type Task, type WorkerUtils } from 'graphile-worker';
import { Pool } from 'pg';
import { databaseUrl, type Database } from '../db/client';
import { processWide } from '../process-wide';
import { startLiveness, type Liveness } from './liveness';
import { LANES, TASKS, type Lane, type TaskName } from './tasks';

/**
 * The one job queue (docs/decisions.md, "Background work"): graphile-worker 0.16 on the site's PostgreSQL, in its
 * own schema (`graphile_worker`). Every instance runs one worker pool per lane (tasks.ts): imports and the drawing of
 * imported issues' pages, each at most IMPORT_WORKERS at a time, and upkeep, one at a time, so a long import never
 * holds up a clean-up and a long drawing never holds up the next import. A job is taken by
 * whichever instance is free (LISTEN/NOTIFY, else a poll every 2 s); a failed try is tried again after e^try seconds
 * (graphile-worker's back-off), until its tries are spent and it stays failed with its reason; scheduled work (the
 * tasks with a `schedule`) is enqueued once per slot whatever the number of instances (graphile-worker's crontab).
 * A job whose instance died is handed to another by liveness.ts within a minute.
 */

/** graphile-worker's own messages: warnings and errors only, their first line (a failed try names its job and reason). */
const logger = new Logger(() => (level, message) => {
  if (level === 'error' || level === 'warning') console.error(`[jobs] ${message.split('\n', 1)[0]}`);
});

/** How many imports run at once on an instance (IMPORT_WORKERS): by default one core fewer than the machine has, so pages keep being answered. */
export function importWorkers(): number {
  const asked = Number(process.env.IMPORT_WORKERS);
  if (Number.isInteger(asked) && asked >= 1) return asked;
  return Math.max(1, os.availableParallelism() - 1);
}

/**
 * The lanes this instance runs (JOB_LANES, comma-separated; default every lane): an instance kept for answering
 * pages sets `upkeep`, or `none` to run no background work at all, and leaves imports to the others.
 */
export function lanesHere(): Lane[] {
  const asked = process.env.JOB_LANES?.trim();
  const all = Object.keys(LANES) as Lane[];
  if (!asked) return all;
  const named = asked.split(',').map((lane) => lane.trim());
  return all.filter((lane) => named.includes(lane));
}

function laneConcurrency(lane: Lane): number {
  return LANES[lane] === 'import-workers' ? importWorkers() : LANES[lane];
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

interface Running {
  pool: Pool;
  runners: Runner[];
  utils: WorkerUtils;
  liveness: Liveness;
}

const state = processWide('job-queue', () => ({ running: null as Promise<Running> | null }));

async function start(): Promise<Running> {
  // A connection for each import and each drawing that may run at once, and the workers' own.
  const pool = new Pool({ connectionString: databaseUrl(), max: 2 * importWorkers() + 6, connectionTimeoutMillis: 5_000, idleTimeoutMillis: 30_000 });
  // A lost connection is reported by the query that needed it; the pool must not crash the process.
  pool.on('error', () => undefined);
  const events = new EventEmitter();
  const utils = await makeWorkerUtils({ pgPool: pool, logger });
  await utils.migrate();
  const liveness = startLiveness(pool, utils, events);
  const runners: Runner[] = [];
  try {
    for (const lane of lanesHere()) {
      const names = (Object.keys(TASKS) as TaskName[]).filter((name) => TASKS[name].lane === lane);
      const taskList = Object.fromEntries(names.map((name) => [name, TASKS[name].run as Task]));
      const cron = names.flatMap((name) => {
        const entry = TASKS[name];
        return 'schedule' in entry ? [{ task: name, identifier: name, match: entry.schedule, options: { backfillPeriod: 0, maxAttempts: entry.tries() } }] : [];
      });
      runners.push(
        await run({
          pgPool: pool,
          logger,
          events,
          taskList,
          concurrency: laneConcurrency(lane),
          parsedCronItems: parseCronItems(cron),
          noHandleSignals: true,
          // One PGlite session serves every connection of the test server: statements named on one would clash on another.
          noPreparedStatements: true,
          pollInterval: 2_000,
        }),
      );
    }
  } catch (error) {
    await Promise.allSettled(runners.map((runner) => runner.stop()));
    await liveness.stop();
    await utils.release();
    await pool.end();
    throw error;
  }
  return { pool, runners, utils, liveness };
}

/** Starts this instance's share of the queue (at start-up; a second call returns the first). */
export function startJobs(): Promise<void> {
  state.running ??= start().catch((error: unknown) => {
    state.running = null;
    throw error;
  });
  return state.running.then(() => undefined);
}

/**
 * Stops taking jobs and lets the running ones finish (a graceful stop). A job cut short by the process ending is
 * handed to another instance by liveness.ts, as for a crash.
 */
export async function stopJobs(): Promise<void> {
  const running = state.running;
  state.running = null;
  if (!running) return;
  const { pool, runners, utils, liveness } = await running.catch(() => ({ pool: null, runners: [], utils: null, liveness: null }));
  await Promise.allSettled(runners.map((runner) => runner.stop()));
  await liveness?.stop();
  await utils?.release();
  await pool?.end();
}

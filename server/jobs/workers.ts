import { EventEmitter } from 'node:events';
import { Logger, makeWorkerUtils, parseCronItems, run, type Runner, type Task, type WorkerUtils } from 'graphile-worker';
import { Pool } from 'pg';
import { databaseUrl } from '../db/client';
import { processWide } from '../process-wide';
import { HANDLERS } from './handlers';
import { startLiveness, type Liveness } from './liveness';
import { importWorkers } from './queue';
import { LANES, TASKS, type Lane, type TaskName } from './tasks';

/**
 * This instance's workers of the job queue (queue.ts): one pool per lane it runs, each running its lane's kinds of
 * work (tasks.ts) with their handlers (handlers.ts), started at start-up and stopped at a graceful stop.
 */

/** graphile-worker's own messages: warnings and errors only, their first line (a failed try names its job and reason). */
const logger = new Logger(() => (level, message) => {
  if (level === 'error' || level === 'warning') console.error(`[jobs] ${message.split('\n', 1)[0]}`);
});

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
      const taskList = Object.fromEntries(names.map((name) => [name, HANDLERS[name].run as Task]));
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

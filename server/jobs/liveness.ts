import type { EventEmitter } from 'node:events';
import os from 'node:os';
import type { WorkerUtils, WorkerEvents } from 'graphile-worker';
import type { Pool } from 'pg';
import { HANDLERS } from './handlers';
import type { TaskName } from './tasks';

/**
 * Hands the jobs of a dead instance to the others. graphile-worker 0.16 frees a job whose worker vanished only four
 * hours after it was taken (its `locked_at`); an instance killed mid-import would hold its file that long. So each
 * instance records its workers in `job_runners` and marks them seen every HEARTBEAT_MS; every instance looks every
 * SWEEP_MS for jobs held by a worker not seen for DEAD_AFTER_S (or never recorded), hands them back with
 * graphile-worker's own forceUnlockWorkers, and tells the task (its `lost` hook) so the console says what happened.
 * The try that died counts as a try: a file that kills its instance each time ends failed, not in a loop.
 * Worst case from the kill to another instance taking the job: DEAD_AFTER_S + SWEEP_MS + the queue's 2 s poll.
 */
export const HEARTBEAT_MS = 5_000;
export const SWEEP_MS = 5_000;
export const DEAD_AFTER_S = 20;

export interface Liveness {
  stop(): Promise<void>;
}

const INSTANCE = `${os.hostname()}:${process.pid}`;

export function startLiveness(pool: Pool, utils: WorkerUtils, events: EventEmitter): Liveness {
  const workers = new Set<string>();
  const typed = events as unknown as WorkerEvents;
  typed.on('worker:create', ({ worker }) => {
    workers.add(worker.workerId);
    void beat();
  });
  typed.on('worker:stop', ({ worker }) => {
    workers.delete(worker.workerId);
    void pool.query('DELETE FROM job_runners WHERE worker_id = $1', [worker.workerId]).catch(() => undefined);
  });

  async function beat(): Promise<void> {
    if (workers.size === 0) return;
    await pool
      .query(
        `INSERT INTO job_runners (worker_id, instance, seen_at) SELECT id, $2, now() FROM unnest($1::text[]) AS id
         ON CONFLICT (worker_id) DO UPDATE SET seen_at = now()`,
        [[...workers], INSTANCE],
      )
      .catch(() => undefined);
  }

  async function sweep(): Promise<void> {
    const dead = await pool.query<{ worker: string }>(
      `SELECT DISTINCT j.locked_by AS worker FROM graphile_worker.jobs j
       WHERE j.locked_by IS NOT NULL AND j.locked_at < now() - make_interval(secs => $1)
         AND NOT EXISTS (SELECT 1 FROM job_runners r WHERE r.worker_id = j.locked_by AND r.seen_at >= now() - make_interval(secs => $1))`,
      [DEAD_AFTER_S],
    );
    const ids = dead.rows.map((row) => row.worker).filter((id) => !workers.has(id));
    if (ids.length === 0) return;
    const held = await pool.query<{ id: string; task_identifier: string; payload: Record<string, unknown>; attempts: number; max_attempts: number }>(
      // The public view leaves the payload out; these are graphile-worker 0.16's own tables (the version is pinned).
      `SELECT j.id, t.identifier AS task_identifier, j.payload, j.attempts, j.max_attempts
       FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id WHERE j.locked_by = ANY($1::text[])`,
      [ids],
    );
    // The console hears first, so a job another instance takes at once is not marked as waiting after it started.
    for (const job of held.rows) {
      console.error(`[jobs] ${job.task_identifier} job ${job.id} was held by a worker that stopped answering (try ${job.attempts} of ${job.max_attempts}): handed to the others`);
      await HANDLERS[job.task_identifier as TaskName]?.lost?.(job.payload, { tries: job.attempts, maxTries: job.max_attempts }).catch(() => undefined);
    }
    await utils.forceUnlockWorkers(ids);
    await pool.query('DELETE FROM job_runners WHERE worker_id = ANY($1::text[])', [ids]);
  }

  const beating = setInterval(() => void beat(), HEARTBEAT_MS);
  let reported = false;
  const sweeping = setInterval(
    () =>
      void sweep().then(
        () => (reported = false),
        (error: unknown) => {
          if (!reported) console.error('[jobs] could not look for the jobs of stopped instances:', error instanceof Error ? error.message : error);
          reported = true;
        },
      ),
    SWEEP_MS,
  );
  beating.unref();
  sweeping.unref();
  return {
    async stop() {
      clearInterval(beating);
      clearInterval(sweeping);
      if (workers.size) await pool.query('DELETE FROM job_runners WHERE worker_id = ANY($1::text[])', [[...workers]]).catch(() => undefined);
      workers.clear();
    },
  };
}

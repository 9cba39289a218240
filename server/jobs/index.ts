/**
 * Background work: one job queue on PostgreSQL (graphile-worker; queue.ts), its kinds of work in one list
 * (tasks.ts), this instance's workers (workers.ts), the hand-over of a dead instance's jobs (liveness.ts) and the
 * handlers (handlers.ts: import-task.ts, draw-task.ts, upkeep.ts).
 */
export { enqueue, dequeue, importWorkers, type EnqueueOptions } from './queue';
export { startJobs, stopJobs } from './workers';
export { TASKS, LANES, type TaskName } from './tasks';
export { enqueueDrawing, enqueueUndrawn, drawJobKey, holdDrawJobs, settleDrawJobs } from './draw-task';
export { upkeepAtStart, forgetSpentJobs } from './upkeep';

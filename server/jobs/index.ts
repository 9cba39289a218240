/**
 * Background work: one job queue on PostgreSQL (graphile-worker; queue.ts), its kinds of work in one list
 * (tasks.ts), the hand-over of a dead instance's jobs (liveness.ts) and the handlers (import-task.ts, draw-task.ts, upkeep.ts).
 */
export { enqueue, dequeue, startJobs, stopJobs, importWorkers, type EnqueueOptions } from './queue';
export { TASKS, LANES, type TaskName } from './tasks';
export { enqueueDrawing, enqueueUndrawn, drawJobKey, settleDrawJobs } from './draw-task';
export { upkeepAtStart, forgetSpentJobs } from './upkeep';

import type { JobHelpers } from 'graphile-worker';
import { runDrawPages } from './draw-task';
import { importLost, runImport } from './import-task';
import type { TaskName } from './tasks';
import { cleanUp, forgetPastSessions, keyOriginals, refreshStatistics } from './upkeep';

export interface TaskHandler {
  run: (payload: unknown, helpers: JobHelpers) => Promise<void>;
  /** Told when an instance died holding one of its jobs (liveness.ts). */
  lost?: (payload: unknown, at: { tries: number; maxTries: number }) => Promise<void>;
}

/** What runs each kind of work of tasks.ts: read only by the workers (workers.ts, liveness.ts), never by enqueue. */
export const HANDLERS: Record<TaskName, TaskHandler> = {
  import: { run: runImport, lost: importLost },
  'draw-pages': { run: runDrawPages },
  'clean-up': { run: cleanUp },
  'forget-past-sessions': { run: forgetPastSessions },
  'planner-statistics': { run: refreshStatistics },
  'key-originals': { run: keyOriginals },
};

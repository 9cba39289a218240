import type { JobHelpers } from 'graphile-worker';
import { drawTries, runDrawPages } from './draw-task';
import { importTries, importLost, runImport } from './import-task';
import { cleanUp, forgetPastSessions, keyOriginals, refreshStatistics } from './upkeep';

/**
 * Every kind of background work, one line each: its lane, how many tries it gets, what runs it and, for scheduled
 * work, when (a crontab line, UTC). A new kind is one more entry here; `enqueue(db, '<name>', payload)` adds a job
 * of it (queue.ts). `lost` is told when an instance died holding one (liveness.ts).
 */
export const TASKS = {
  import: { lane: 'imports', tries: importTries, run: runImport, lost: importLost },
  'draw-pages': { lane: 'drawing', tries: drawTries, run: runDrawPages },
  'clean-up': { lane: 'upkeep', tries: () => 3, run: cleanUp, schedule: '17 * * * *' },
  'forget-past-sessions': { lane: 'upkeep', tries: () => 5, run: forgetPastSessions, schedule: '1 0 * * *' },
  'planner-statistics': { lane: 'upkeep', tries: () => 2, run: refreshStatistics },
  'key-originals': { lane: 'upkeep', tries: () => 3, run: keyOriginals },
} satisfies Record<string, TaskEntry>;

/** Lanes and how many of their jobs an instance runs at once ('import-workers': IMPORT_WORKERS). */
export const LANES = { imports: 'import-workers', drawing: 'import-workers', upkeep: 1 } as const satisfies Record<string, number | 'import-workers'>;

export type Lane = keyof typeof LANES;
export type TaskName = keyof typeof TASKS;

export interface TaskEntry {
  lane: Lane;
  /** Tries before the job stays failed (each after e^try seconds). */
  tries: () => number;
  run: (payload: unknown, helpers: JobHelpers) => Promise<void>;
  schedule?: string;
  lost?: (payload: unknown, at: { tries: number; maxTries: number }) => Promise<void>;
}

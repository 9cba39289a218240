/**
 * Every kind of background work, one line each: its lane, how many tries it gets and, for scheduled work, when (a
 * crontab line, UTC). What runs each kind is in handlers.ts, kept apart so that the handlers can add jobs
 * (`enqueue(db, '<name>', payload)`, queue.ts, which reads the tries from here) without importing themselves back.
 * A new kind is one more entry here and one in handlers.ts (the type checker asks for it).
 */
export const TASKS = {
  import: { lane: 'imports', tries: importTries },
  'draw-pages': { lane: 'drawing', tries: importTries },
  'clean-up': { lane: 'upkeep', tries: () => 3, schedule: '17 * * * *' },
  'forget-past-sessions': { lane: 'upkeep', tries: () => 5, schedule: '1 0 * * *' },
  'planner-statistics': { lane: 'upkeep', tries: () => 2 },
  'key-originals': { lane: 'upkeep', tries: () => 3 },
} satisfies Record<string, TaskEntry>;

/** Lanes and how many of their jobs an instance runs at once ('import-workers': IMPORT_WORKERS). */
export const LANES = { imports: 'import-workers', drawing: 'import-workers', upkeep: 1 } as const satisfies Record<string, number | 'import-workers'>;

export type Lane = keyof typeof LANES;
export type TaskName = keyof typeof TASKS;

export interface TaskEntry {
  lane: Lane;
  /** Tries before the job stays failed (each after e^try seconds). */
  tries: () => number;
  schedule?: string;
}

/** Tries an import gets (IMPORT_TRIES, default 3), and a draw job like it. */
export function importTries(): number {
  const asked = Number(process.env.IMPORT_TRIES);
  return Number.isInteger(asked) && asked >= 1 ? asked : 3;
}

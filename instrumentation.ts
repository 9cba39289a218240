/**
 * Runs once when a server process starts (Next.js calls register in each runtime). On Node.js it starts listening for
 * other instances' cache notices (server/cache/bus.ts), so a write through any instance reaches this one's caches,
 * and starts this instance's share of the job queue (server/jobs): console imports, the drawing of imported issues'
 * pages and scheduled upkeep, with the jobs any instance left waiting or lost with its process.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { startCacheBus } = await import('./server/cache');
    startCacheBus();
    const { startJobs, upkeepAtStart } = await import('./server/jobs');
    const { settleBeforeClose } = await import('./server/db/client');
    // Spent jobs forgotten, undrawn issues without a job given one, old originals keyed (server/jobs/upkeep.ts). A stop
    // that comes during it lets it end before the database connections close (closeDb waits for it).
    const upkeep = () => {
      const done = upkeepAtStart().catch((error: unknown) => console.error('[jobs] the start-up upkeep did not run:', error instanceof Error ? error.message : error));
      settleBeforeClose('start-up upkeep', () => done);
      return done;
    };
    // A database slow or away at start-up (a busy machine, a restart) delays the queue, never ends it.
    const start = (attempt: number) =>
      startJobs()
        .then(upkeep)
        .catch((error: unknown) => {
        console.error(`[jobs] the job queue did not start (${error instanceof Error ? error.message : String(error)}); trying again`);
        setTimeout(() => void start(attempt + 1), Math.min(60_000, 2_000 * 2 ** attempt)).unref();
      });
    void start(0);
  }
}

import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { JobHelpers } from 'graphile-worker';
import { getDb, type Database } from '../db/client';
import { importJobs, issues } from '../db/schema';
import { drawIssuePages, removeOriginalCopy } from '../import/draw';
import { PdfError } from '../import/workers';
import { enqueue } from './queue';

/**
 * The `draw-pages` task: the pages of one issue not drawn yet, drawn after its rows commit, first pages first
 * (server/import/draw.ts drawIssuePages). Each page is claimed in the database before it is drawn, so a member's
 * request for a page (drawn on demand) and the job never draw one page twice, and a job handed to another instance
 * (liveness.ts) goes on from the pages left. A page that cannot be drawn fails the try; the queue tries again after
 * its back-off (not when the original itself is refused: that try is the last), and after the last try the job stays
 * failed with its reason, shown in the console's "Pages being drawn" and retried from there, until nothing is left
 * for it (upkeep.ts forgetSpentJobs).
 */

/** The job of an issue: one per issue, so enqueueing it again while it waits changes nothing. */
export function drawJobKey(issueId: number): string {
  return `draw-pages:${issueId}`;
}

export interface DrawPayload {
  issueId: number;
  /** The console upload that made the issue: what drawing loses is added to its warnings. */
  importId?: number;
}

/** How long a try waits for pages another drawer holds (a member's request, another instance) before giving up. */
const WAIT_FOR_HELD_MS = 90_000;

class DrawTryFailed extends Error {}

/** Has an issue's pages drawn by whichever instance is free: in the caller's transaction when given one. */
export async function enqueueDrawing(db: Pick<Database, 'execute'>, payload: DrawPayload, options: { again?: boolean } = {}): Promise<void> {
  // A job of the issue that has not started takes the new payload; a failed one starts again only when asked (again).
  await enqueue(db, 'draw-pages', { ...payload }, { key: drawJobKey(payload.issueId), ...(options.again ? {} : { onlyIfNone: true }) });
}

export async function runDrawPages(payload: unknown, helpers: JobHelpers): Promise<void> {
  const { issueId, importId } = (payload ?? {}) as Partial<DrawPayload>;
  if (!Number.isInteger(issueId)) return;
  const db = getDb();
  const onWarning = importId
    ? (warning: string) => {
        void db
          .update(importJobs)
          .set({ warnings: sql`coalesce(${importJobs.warnings}, '[]'::jsonb) || ${JSON.stringify([warning])}::jsonb` })
          .where(eq(importJobs.id, importId))
          .catch(() => undefined);
      }
    : undefined;
  const started = Date.now();
  let lastDrawn = started;
  for (;;) {
    let result;
    try {
      result = await drawIssuePages(issueId!, { signal: helpers.abortSignal, onWarning });
    } catch (error) {
      // The kept original itself is refused (it is not the PDF that was planned, or it was damaged in the storage): no
      // later try reads it better, so this try is the last; the console shows the reason. Anything else (the storage
      // away, a worker lost) is tried again after its back-off.
      if (error instanceof PdfError) await db.execute(sql`UPDATE graphile_worker._private_jobs SET max_attempts = attempts WHERE id = ${helpers.job.id}`);
      throw new DrawTryFailed(`a page could not be drawn: ${error instanceof Error ? error.message.split('\n', 1)[0] : String(error)}`);
    }
    if (result.finished) break;
    if (helpers.abortSignal?.aborted) {
      // The instance is stopping (a deploy, a scale-down): the issue goes back to the queue, for any instance to go on
      // with, and the stop costs it no try.
      await enqueueDrawing(db, { issueId: issueId!, importId }, { again: true });
      return;
    }
    // The pages left are held by another drawer: wait for them, or for their claims to lapse.
    if (result.drawn > 0) lastDrawn = Date.now();
    if (Date.now() - lastDrawn > WAIT_FOR_HELD_MS) throw new DrawTryFailed('its last pages stayed held by another drawer');
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
  await removeOriginalCopy(issueId!, db).catch(() => undefined);
}

/**
 * Issues whose pages are not all drawn and that have no job (an instance stopped between an issue's commit and its
 * job, or issues imported before drawing was a job): each gets one. Run at start-up and by the hourly clean-up.
 */
export async function enqueueUndrawn(db: Database = getDb()): Promise<number> {
  const undrawn = await db
    .select({ id: issues.id })
    .from(issues)
    .where(and(isNull(issues.pagesDrawnAt), sql`${issues.originalKey} IS NOT NULL`))
    .orderBy(asc(issues.id));
  for (const { id } of undrawn) await enqueueDrawing(db, { issueId: id });
  return undrawn.length;
}

/** How far ahead `npm run import` holds its issues' jobs; renewed every minute while it runs. */
const HOLD_MS = 5 * 60_000;

/**
 * While `npm run import` (or its --redraw) is to draw some issues itself, their draw-pages jobs wait, due HOLD_MS
 * ahead and pushed on every minute. The site's clean-up (enqueueUndrawn) then finds that each issue has its job and
 * leaves it to the command: without this, the hourly clean-up had the site draw the issues the command had not reached
 * yet, in the site's own process, beside its members' pages (bench/first-library: its home page fell from 0.9 to 0.6
 * of idle). A command stopped for good (killed, its machine gone) lets go by not renewing: the site takes the issues
 * up at most HOLD_MS later. settleDrawJobs ends the hold when the command ends.
 */
export function holdDrawJobs(db: Database): { add(issueIds: number[]): Promise<void>; renew(): Promise<void>; stop(): void } {
  const held = new Set<number>();
  // One change at a time; a failure is said and the next minute tries again (the command goes on drawing either way).
  let queue: Promise<void> = Promise.resolve();
  const then = (work: () => Promise<void>) => {
    queue = queue.then(work).catch((error: unknown) => console.error(`[import] the site was not told to leave these issues' pages to this command: ${error instanceof Error ? error.message.split('\n', 1)[0] : String(error)}`));
    return queue;
  };
  const hold = async (issueIds: number[]) => {
    const runAt = new Date(Date.now() + HOLD_MS);
    for (const issueId of issueIds) await enqueue(db, 'draw-pages', { issueId }, { key: drawJobKey(issueId), runAt });
  };
  // Every minute: the issues drawn since let go (their jobs go), the others held five minutes more.
  const renew = () =>
    then(async () => {
      if (!held.size) return;
      const drawn = (await db.select({ id: issues.id }).from(issues).where(and(inArray(issues.id, [...held]), isNotNull(issues.pagesDrawnAt)))).map((row) => row.id);
      for (const issueId of drawn) held.delete(issueId);
      await settleDrawJobs(db, drawn);
      await hold([...held]);
    });
  const timer = setInterval(() => void renew(), 60_000);
  timer.unref();
  return {
    add(issueIds) {
      for (const issueId of issueIds) held.add(issueId);
      return then(() => hold(issueIds));
    },
    renew,
    stop() {
      clearInterval(timer);
    },
  };
}

/**
 * After `npm run import` (or its --redraw) drew what it could of these issues: the job of an issue now drawn goes (a
 * failed one would linger with nothing left to draw), and an issue left undrawn gets a job with all its tries, so the
 * site draws the rest at once, even when an earlier job of it had failed for good. Needs no running queue.
 */
export async function settleDrawJobs(db: Database, issueIds: number[]): Promise<void> {
  if (!issueIds.length) return;
  const rows = await db.select({ id: issues.id, drawn: sql<boolean>`${issues.pagesDrawnAt} IS NOT NULL`, original: sql<boolean>`${issues.originalKey} IS NOT NULL` }).from(issues).where(inArray(issues.id, issueIds));
  for (const row of rows) {
    if (row.drawn || !row.original) await db.execute(sql`SELECT graphile_worker.remove_job(${drawJobKey(row.id)})`);
    else await enqueueDrawing(db, { issueId: row.id }, { again: true });
  }
}

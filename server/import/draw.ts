import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { invalidateMany, type CacheName } from '../cache';
import { titlesChanged } from '../catalogue/edits';
import { MEDIA_DIR } from '../config';
import { getDb, type Database } from '../db/client';
import { issuePages, issues, stories } from '../db/schema';
import { processWide } from '../process-wide';
import { processAlive } from '../processes';
import { mediaStorage, type MediaStorage } from '../storage';
import { coverFolder, storyFolder } from './write';
import { PagePool, type PageResult } from './workers';

/**
 * The import's third step: an issue's pages drawn after its rows commit. In the background, first pages first
 * (drawIssuePages), and on a member's request for a page not drawn yet (ensurePageDrawn, from the reader's page
 * images and /api/media's covers and story pictures). A page is claimed in the database before it is drawn
 * (issue_pages.draw_claimed_at), so two instances, or the background and a request, never draw one page twice; the
 * drawer renews its claim every CLAIM_RENEW_MS, and a claim not renewed for CLAIM_TTL_SECONDS (an instance that died
 * mid-page) is taken again. What a page draws (its 3x master, and on
 * page 1 the cover, on a story's first page its picture) is staged and moved in before the page is marked drawn, so a
 * member sees a page either drawn whole or drawn on request. The original PDF is read from the media storage
 * (issues.original_key), so any instance draws any issue, and a redraw draws from it again.
 */

const CLAIM_TTL_SECONDS = 30;
const CLAIM_RENEW_MS = 10_000;
const HOST = os.hostname();
/** This process, as its claims name it. */
const CLAIMER = `${HOST}:${process.pid}`;
/** How long a request waits for a page another instance is drawing before answering without it. */
const WAIT_FOR_OTHER_MS = 30_000;
const TEMPORARY_FOLDER = '.import';

export interface DrawOptions {
  signal?: AbortSignal;
  /** Called as each page this call draws is done: pages drawn so far (by anyone) and the issue's page count. */
  onProgress?: (drawn: number, total: number) => void;
  /** Workers to draw with; by default this process's drawing workers (drawingPool). */
  pool?: PagePool;
  /** Pages drawn at the same time (by default IMPORT_WORKERS, else one core fewer than the machine has). */
  concurrency?: number;
  /** What drawing lost, each naming its page. */
  onWarning?: (warning: string) => void;
  db?: Database;
  mediaDir?: string;
}

export interface DrawResult {
  /** Pages this call drew. */
  drawn: number;
  /** Every page of the issue is drawn. */
  finished: boolean;
}

/** Worker threads for drawing (IMPORT_WORKERS): by default one core fewer than the machine has, so pages keep being answered. */
export function drawingWorkerCount(): number {
  const asked = Number(process.env.IMPORT_WORKERS);
  if (Number.isInteger(asked) && asked >= 1) return asked;
  return Math.max(1, os.availableParallelism() - 1);
}

const state = processWide('page-drawing', () => ({
  pool: null as PagePool | null,
  users: 0,
  idleTimer: null as NodeJS.Timeout | null,
  /** Pages this process is drawing now, by `issue/page`: a request for one waits for that drawing. */
  inflight: new Map<string, Promise<boolean>>(),
  /** Times each page was drawn by this process (what tests and the bench count). */
  draws: new Map<string, number>(),
  /** Local copies of originals kept in a bucket, by key. */
  originals: new Map<string, Promise<string>>(),
}));

/** This process's drawing workers, started on first use and let go a minute after the last use. */
async function withPool<T>(given: PagePool | undefined, work: (pool: PagePool) => Promise<T>): Promise<T> {
  if (given) return work(given);
  if (state.idleTimer) clearTimeout(state.idleTimer);
  state.idleTimer = null;
  state.pool ??= new PagePool(drawingWorkerCount());
  state.users += 1;
  try {
    return await work(state.pool);
  } finally {
    state.users -= 1;
    if (state.users === 0) {
      state.idleTimer = setTimeout(() => {
        const pool = state.pool;
        state.pool = null;
        state.idleTimer = null;
        void pool?.close();
      }, 60_000);
      state.idleTimer.unref();
    }
  }
}

/** How many times this process drew each page of an issue (page number -> draws). */
export function drawCounts(issueId: number): Map<number, number> {
  const counts = new Map<number, number>();
  for (const [key, n] of state.draws) {
    const [issue, page] = key.split('/').map(Number);
    if (issue === issueId) counts.set(page, n);
  }
  return counts;
}

/** Where copies of originals kept in a bucket are put while their pages are drawn. */
const ORIGINAL_COPIES = path.join(os.tmpdir(), 'library-originals');

function copyPath(key: string): string {
  return path.join(ORIGINAL_COPIES, key.replace(/\//g, '_'));
}

/** The original PDF of an issue as a file on this machine: the media folder's own, or a copy of the bucket's. */
async function originalFile(storage: MediaStorage, key: string): Promise<string> {
  const local = storage.localFile(key);
  if (local) {
    // Said in words (the console shows it), not as the file's path on this machine.
    if (!(await fs.stat(local).then(() => true, () => false))) throw new Error('the original PDF is not in the media storage');
    return local;
  }
  let copy = state.originals.get(key);
  // A copy removed meanwhile (its issue drawn, or the hourly clean-up) is fetched again.
  if (copy && !(await copy.then((file) => fs.stat(file)).then(() => true, () => false))) copy = undefined;
  if (!copy) {
    copy = (async () => {
      const file = copyPath(key);
      if (await fs.stat(file).then(() => true, () => false)) return file;
      const object = await storage.open(key);
      if (!object) throw new Error('the original PDF is not in the media storage');
      await fs.mkdir(path.dirname(file), { recursive: true });
      const partial = `${file}.${process.pid}.part`;
      await pipeline(object.body, createWriteStream(partial));
      await fs.rename(partial, file);
      return file;
    })();
    state.originals.set(key, copy);
    copy.catch(() => state.originals.delete(key));
  }
  return copy;
}

/** Removes this machine's copy of an issue's original once its pages are all drawn (a redraw fetches it again). */
export async function removeOriginalCopy(issueId: number, db: Database = getDb()): Promise<void> {
  const [issue] = await db.select({ originalKey: issues.originalKey, pagesDrawnAt: issues.pagesDrawnAt }).from(issues).where(eq(issues.id, issueId));
  if (!issue?.originalKey || !issue.pagesDrawnAt) return;
  state.originals.delete(issue.originalKey);
  await fs.rm(copyPath(issue.originalKey), { force: true });
}

/** Copies of originals (and partial downloads) not touched for `maxAgeMs`: what a drawing cut short left (the hourly clean-up). */
export async function removeStaleOriginalCopies(maxAgeMs = 24 * 60 * 60 * 1000): Promise<void> {
  for (const name of await fs.readdir(ORIGINAL_COPIES).catch(() => [] as string[])) {
    const file = path.join(ORIGINAL_COPIES, name);
    const stat = await fs.stat(file).catch(() => null);
    if (stat && Date.now() - stat.mtimeMs > maxAgeMs) await fs.rm(file, { force: true });
  }
}

/** Takes the next undrawn page of an issue nobody holds, first pages first; null when none is left to take. */
async function claimNext(db: Database, issueId: number): Promise<number | null> {
  const result = await db.execute<{ page_no: number }>(sql`
    UPDATE issue_pages SET draw_claimed_at = now(), draw_claimed_by = ${CLAIMER}
    WHERE id = (
      SELECT id FROM issue_pages
      WHERE issue_id = ${issueId} AND drawn_at IS NULL
        AND (draw_claimed_at IS NULL OR draw_claimed_at < now() - make_interval(secs => ${CLAIM_TTL_SECONDS}))
      ORDER BY page_no LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING page_no`);
  return result.rows[0]?.page_no ?? null;
}

/** Takes one page to draw; false when it is drawn or another holds it. */
async function claimPage(db: Database, issueId: number, pageNo: number): Promise<boolean> {
  const result = await db.execute<{ id: number }>(sql`
    UPDATE issue_pages SET draw_claimed_at = now(), draw_claimed_by = ${CLAIMER}
    WHERE issue_id = ${issueId} AND page_no = ${pageNo} AND drawn_at IS NULL
      AND (draw_claimed_at IS NULL OR draw_claimed_at < now() - make_interval(secs => ${CLAIM_TTL_SECONDS}))
    RETURNING id`);
  return result.rows.length > 0;
}

/** Lets go of the claims on an issue's pages held by processes of this host that are gone (a killed import). */
async function releaseDeadClaims(db: Database, issueId: number): Promise<void> {
  const held = await db
    .selectDistinct({ by: issuePages.drawClaimedBy })
    .from(issuePages)
    .where(and(eq(issuePages.issueId, issueId), isNull(issuePages.drawnAt), sql`${issuePages.drawClaimedBy} LIKE ${`${HOST}:%`}`));
  for (const { by } of held) {
    if (!by || by === CLAIMER || processAlive(Number(by.slice(HOST.length + 1)))) continue;
    await db
      .update(issuePages)
      .set({ drawClaimedAt: null, drawClaimedBy: null })
      .where(and(eq(issuePages.issueId, issueId), isNull(issuePages.drawnAt), eq(issuePages.drawClaimedBy, by)));
  }
}

async function release(db: Database, issueId: number, pageNo: number): Promise<void> {
  await db
    .update(issuePages)
    .set({ drawClaimedAt: null, drawClaimedBy: null })
    .where(and(eq(issuePages.issueId, issueId), eq(issuePages.pageNo, pageNo), isNull(issuePages.drawnAt)))
    .catch(() => undefined);
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Marks a page drawn, inside the transaction that moves its images in, and the issue drawn when it was the last. The
 * issue's row is locked first: two pages finishing at once each saw the other's page still undrawn (neither had
 * committed) and neither marked the issue, which stayed "still drawing" with every page drawn. Locked, the second
 * waits for the first to commit and then sees its page drawn.
 */
export async function markPageDrawn(tx: Transaction | Database, issueId: number, pageNo: number): Promise<void> {
  await tx.execute(sql`SELECT id FROM issues WHERE id = ${issueId} FOR UPDATE`);
  await tx.update(issuePages).set({ drawnAt: sql`now()`, drawClaimedAt: null, drawClaimedBy: null }).where(and(eq(issuePages.issueId, issueId), eq(issuePages.pageNo, pageNo)));
  // The last page drawn, by whichever instance, marks the issue drawn.
  await tx.execute(sql`
    UPDATE issues SET pages_drawn_at = now()
    WHERE id = ${issueId} AND pages_drawn_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM issue_pages WHERE issue_id = ${issueId} AND drawn_at IS NULL)`);
}

/** The cache entries that hold what was made from a page's older drawing (its sizes and JPEGs). */
function pageCacheDrops(issueId: number, pageNo: number): { name: CacheName; key: string }[] {
  const folder = `pages/${issueId}/${pageNo}/view`;
  return [1, 2, 3].flatMap((scale) => [
    { name: 'page-images' as const, key: `${folder}/${scale}.jpg` },
    { name: 'media-twins' as const, key: `${folder}/${scale}.webp` },
    { name: 'media-twins' as const, key: `${folder}/${scale}.jpg` },
  ]);
}

/**
 * Draws a page this process holds the claim of: its master, and the cover (page 1) and the pictures of the stories
 * that start on it, each moved in before the page is marked drawn. The page's claim is let go if drawing fails.
 */
async function drawClaimed(db: Database, issueId: number, pageNo: number, pool: PagePool, mediaDir: string, onWarning?: (warning: string) => void): Promise<PageResult> {
  const storage = mediaStorage(mediaDir);
  const temporary = path.join(mediaDir, TEMPORARY_FOLDER, `${process.pid}-${randomBytes(6).toString('hex')}`);
  // Renewed while this process draws the page: a claim left to lapse says its drawer died.
  const renewing = setInterval(() => {
    void db
      .update(issuePages)
      .set({ drawClaimedAt: sql`now()` })
      .where(and(eq(issuePages.issueId, issueId), eq(issuePages.pageNo, pageNo), isNull(issuePages.drawnAt), eq(issuePages.drawClaimedBy, CLAIMER)))
      .catch(() => undefined);
  }, CLAIM_RENEW_MS);
  renewing.unref();
  try {
    const [issue] = await db
      .select({ coverPath: issues.coverPath, originalKey: issues.originalKey, drawVersion: issues.drawVersion })
      .from(issues)
      .where(eq(issues.id, issueId));
    if (!issue?.originalKey || !issue.drawVersion) throw new Error(`issue ${issueId} has no original to draw from`);
    const storyRows = await db.select({ id: stories.id, pageNo: stories.pageNo, imagePath: stories.imagePath }).from(stories).where(eq(stories.issueId, issueId)).orderBy(asc(stories.pageNo), asc(stories.id));
    const starting = storyRows.map((story, i) => ({ ...story, rank: i + 1 })).filter((story) => story.pageNo === pageNo);
    const file = await originalFile(storage, issue.originalKey);
    await fs.mkdir(temporary, { recursive: true });
    const result = await pool.render({ file, pageNo, outDir: temporary, cover: pageNo === 1, storyFolders: starting.map((story) => `story-${story.rank}`) });
    const key = `${issueId}/${pageNo}`;
    state.draws.set(key, (state.draws.get(key) ?? 0) + 1);
    for (const warning of result.warnings) onWarning?.(warning);

    const staged = await storage.stage(temporary, path.basename(temporary));
    const cover = pageNo === 1 ? coverFolder(issueId, issue.drawVersion) : null;
    const storyMoves = starting.map((story) => ({ id: story.id, rank: story.rank, old: story.imagePath, to: storyFolder(issueId, issue.drawVersion!, story.rank) }));
    // The sizes and JPEGs made from an older master (a redraw) go with it; a request in between waits for this claim.
    await storage.removeFolder(`pages/${issueId}/${pageNo}`);
    await staged.commit([
      { from: `page-${pageNo}`, to: `pages/${issueId}/${pageNo}` },
      ...(cover ? [{ from: 'cover', to: cover }] : []),
      ...storyMoves.map((story) => ({ from: `story-${story.rank}`, to: story.to })),
    ]);
    const gone: string[] = [];
    await db.transaction(async (tx) => {
      if (cover && issue.coverPath !== cover) {
        await tx.update(issues).set({ coverPath: cover }).where(eq(issues.id, issueId));
        gone.push(issue.coverPath);
      }
      for (const story of storyMoves) {
        if (story.old === story.to) continue;
        await tx.update(stories).set({ imagePath: story.to }).where(eq(stories.id, story.id));
        if (story.old) gone.push(story.old);
      }
      await markPageDrawn(tx, issueId, pageNo);
    });
    await Promise.all(gone.map((folder) => storage.removeFolder(folder)));
    await invalidateMany(pageCacheDrops(issueId, pageNo)).catch(() => undefined);
    // A redrawn cover or story picture has a new address: the lists that name the old one are dropped.
    if (gone.length) await titlesChanged().catch(() => undefined);
    return result;
  } catch (error) {
    await release(db, issueId, pageNo);
    throw error;
  } finally {
    clearInterval(renewing);
    await fs.rm(temporary, { recursive: true, force: true, maxRetries: 3 }).catch(() => undefined);
  }
}

/** Draws a claimed page, registered so a request for it in this process waits for this drawing. */
function drawRegistered(db: Database, issueId: number, pageNo: number, pool: PagePool, mediaDir: string, onWarning?: (warning: string) => void): Promise<boolean> {
  const key = `${issueId}/${pageNo}`;
  const drawing = drawClaimed(db, issueId, pageNo, pool, mediaDir, onWarning).then(() => true);
  state.inflight.set(key, drawing.catch(() => false));
  void drawing.catch(() => undefined).finally(() => state.inflight.delete(key));
  return drawing;
}

/**
 * Draws the pages of an issue not drawn yet, first pages first, `concurrency` at a time, skipping any another
 * instance or a member's request holds. Stops taking pages when `signal` aborts (the pages under way finish). This is
 * the job to run in the background after an issue's rows commit, and for a redraw (after markForRedraw).
 */
export async function drawIssuePages(issueId: number, options: DrawOptions = {}): Promise<DrawResult> {
  const db = options.db ?? getDb();
  const mediaDir = options.mediaDir ?? MEDIA_DIR;
  const [issue] = await db.select({ pageCount: issues.pageCount }).from(issues).where(eq(issues.id, issueId));
  if (!issue) return { drawn: 0, finished: true };
  await releaseDeadClaims(db, issueId);
  let drawn = 0;
  let failure: unknown = null;
  await withPool(options.pool, async (pool) => {
    const lane = async () => {
      while (!options.signal?.aborted && failure === null) {
        const pageNo = await claimNext(db, issueId);
        if (pageNo === null) return;
        try {
          await drawRegistered(db, issueId, pageNo, pool, mediaDir, options.onWarning);
          drawn += 1;
          if (options.onProgress) options.onProgress(await drawnCount(db, issueId), issue.pageCount);
        } catch (error) {
          failure = error;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? drawingWorkerCount()) }, lane));
  });
  if (failure) throw failure;
  const [after] = await db.select({ pagesDrawnAt: issues.pagesDrawnAt }).from(issues).where(eq(issues.id, issueId));
  return { drawn, finished: after?.pagesDrawnAt != null };
}

async function drawnCount(db: Database, issueId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(issuePages).where(and(eq(issuePages.issueId, issueId), isNotNull(issuePages.drawnAt)));
  return row?.n ?? 0;
}

/**
 * Makes sure a page is drawn, drawing it now when it is not (a member's request): waits for the drawing of it under
 * way here or on another instance instead of drawing it again. False when the page does not exist or could not be
 * drawn in time; true when it is drawn (or was never to be drawn: a page the seed writes).
 */
export async function ensurePageDrawn(issueId: number, pageNo: number, options: { db?: Database; mediaDir?: string } = {}): Promise<boolean> {
  const db = options.db ?? getDb();
  const key = `${issueId}/${pageNo}`;
  const running = state.inflight.get(key);
  if (running) return running;
  const [page] = await db
    .select({ drawnAt: issuePages.drawnAt })
    .from(issuePages)
    .where(and(eq(issuePages.issueId, issueId), eq(issuePages.pageNo, pageNo)));
  if (!page) return false;
  if (page.drawnAt) return true;
  await releaseDeadClaims(db, issueId);
  if (await claimPage(db, issueId, pageNo)) {
    return withPool(undefined, (pool) => drawRegistered(db, issueId, pageNo, pool, options.mediaDir ?? MEDIA_DIR)).catch((error: unknown) => {
      console.error(`[draw] page ${pageNo} of issue ${issueId} could not be drawn: ${(error as Error)?.message ?? String(error)}`);
      return false;
    });
  }
  // Held by a drawing elsewhere (another instance, or this one's background just now): wait for it to land.
  const deadline = Date.now() + WAIT_FOR_OTHER_MS;
  while (Date.now() < deadline) {
    const inflight = state.inflight.get(key);
    if (inflight) return inflight;
    await new Promise((resolve) => setTimeout(resolve, 50));
    const [now] = await db
      .select({ drawnAt: issuePages.drawnAt, claimed: issuePages.drawClaimedAt })
      .from(issuePages)
      .where(and(eq(issuePages.issueId, issueId), eq(issuePages.pageNo, pageNo)));
    if (!now) return false;
    if (now.drawnAt) return true;
    // Let go (the drawing failed) or stale: take it.
    if (await claimPage(db, issueId, pageNo)) {
      return withPool(undefined, (pool) => drawRegistered(db, issueId, pageNo, pool, options.mediaDir ?? MEDIA_DIR)).catch(() => false);
    }
  }
  return false;
}

/**
 * A cover or story picture asked for at /api/media before its page is drawn (`covers/pdf-12-v/view/2.webp`): draws
 * the page it comes from. False when the key is not an imported issue's picture waiting to be drawn.
 */
export async function ensureMediaDrawn(key: string): Promise<boolean> {
  const match = /^(covers|stories)\/(pdf-(\d+)-[^/]+)\//.exec(key);
  if (!match) return false;
  const folder = `${match[1]}/${match[2]}`;
  const issueId = Number(match[3]);
  const db = getDb();
  if (match[1] === 'covers') {
    const [issue] = await db.select({ id: issues.id }).from(issues).where(and(eq(issues.id, issueId), eq(issues.coverPath, folder)));
    return issue ? ensurePageDrawn(issueId, 1) : false;
  }
  const [story] = await db.select({ pageNo: stories.pageNo }).from(stories).where(and(eq(stories.issueId, issueId), eq(stories.imagePath, folder)));
  return story?.pageNo ? ensurePageDrawn(issueId, story.pageNo) : false;
}

/**
 * Marks issues' pages to be drawn again from their originals (a new renderer, size or format): their ids, rows,
 * favourites, reading places and links stay; their images stay served until each page's new drawing replaces them,
 * and the cover and story pictures move to new addresses as they are drawn. Issues without an original are left out.
 */
export async function markForRedraw(issueIds: number[], db: Database = getDb()): Promise<number[]> {
  if (!issueIds.length) return [];
  return db.transaction(async (tx) => {
    const marked = await tx
      .update(issues)
      .set({ pagesDrawnAt: null, drawVersion: sql`'r' || substr(md5(random()::text), 1, 10)` })
      .where(and(inArray(issues.id, issueIds), isNotNull(issues.originalKey)))
      .returning({ id: issues.id });
    const ids = marked.map((row) => row.id);
    if (ids.length) await tx.update(issuePages).set({ drawnAt: null, drawClaimedAt: null, drawClaimedBy: null }).where(inArray(issuePages.issueId, ids));
    return ids.sort((a, b) => a - b);
  });
}

/** Issues whose pages are not all drawn yet, with how many are: what the command's summary and the console show. */
export async function issuesStillDrawing(db: Database = getDb(), issueIds?: number[]): Promise<{ issueId: number; drawn: number; pageCount: number }[]> {
  const rows = await db
    .select({ issueId: issues.id, pageCount: issues.pageCount, drawn: sql<number>`(SELECT count(*)::int FROM issue_pages p WHERE p.issue_id = "issues"."id" AND p.drawn_at IS NOT NULL)` })
    .from(issues)
    .where(issueIds ? and(isNull(issues.pagesDrawnAt), inArray(issues.id, issueIds.length ? issueIds : [-1])) : isNull(issues.pagesDrawnAt))
    .orderBy(asc(issues.id));
  return rows;
}

/** Lets go of this process's drawing workers (the draw-pages jobs stop with the queue, server/jobs), for a clean shutdown or a test. */
export async function stopDrawing(): Promise<void> {
  if (state.idleTimer) clearTimeout(state.idleTimer);
  state.idleTimer = null;
  const pool = state.pool;
  state.pool = null;
  await pool?.close();
}

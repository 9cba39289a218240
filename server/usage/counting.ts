import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNotNull, lt, sql } from 'drizzle-orm';
import { cached } from '../cache';
import { getDb, settleBeforeClose } from '../db/client';
import { usageEvents, usageSalts, usageSearches } from '../db/schema';
import { processWide } from '../process-wide';

/** What a reader did, in COUNTER's terms: opened an issue or a story (a Request), or read a page of an issue. */
export type UsageKind = 'issue' | 'page' | 'story';

export interface ReadingUse {
  kind: UsageKind;
  libraryId: number;
  /** The magazine or newspaper. */
  titleId: number;
  issueId: number;
  storyId?: number;
  pageNo?: number;
  /**
   * Who is reading, only to tell sessions apart: it is hashed with the day's salt and never stored. A member's id
   * within a library and a day is COUNTER's "logged-in user" session; the salt going at the day's end unlinks it.
   */
  reader: string;
}

/** COUNTER's double-click rule: the same item by the same session again within this many seconds counts once. */
export const DOUBLE_CLICK_SECONDS = 30;

export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

export function utcHour(at: Date): Date {
  const hour = new Date(at);
  hour.setUTCMinutes(0, 0, 0);
  return hour;
}

/** The stored session hash: sha256 of the day's salt, the library and the reader. */
export function sessionHash(salt: string, libraryId: number, reader: string): string {
  return createHash('sha256').update(`${salt}\n${libraryId}\n${reader}`).digest('base64url');
}

/**
 * The day's salt, made by whichever instance counts first that day. Making it also forgets every earlier day's salt
 * and the exact click times kept for the double-click rule, so past hashes cannot be recomputed. A late count for
 * a day already over (a request that began before midnight) hashes with a salt of its own that is not kept.
 */
async function saltOf(day: string): Promise<string> {
  return cached('usage-salt', day, async () => {
    const db = getDb();
    const salt = randomBytes(32).toString('base64url');
    const created = await db.insert(usageSalts).values({ day, salt }).onConflictDoNothing().returning();
    if (created.length > 0) {
      const newest = sql`(SELECT max(${usageSalts.day}) FROM ${usageSalts})`;
      await db.delete(usageSalts).where(lt(usageSalts.day, newest));
      await db.update(usageEvents).set({ lastClickAt: null }).where(and(lt(usageEvents.day, newest), isNotNull(usageEvents.lastClickAt)));
      return salt;
    }
    const [row] = await db.select({ salt: usageSalts.salt }).from(usageSalts).where(eq(usageSalts.day, day));
    return row.salt;
  });
}

/**
 * Counts one use at `now`. A repeat of the same item by the same session within DOUBLE_CLICK_SECONDS of its last
 * click moves that click to now (COUNTER records the later of the two) instead of counting again. One statement:
 * the update of a recent click, else the insert of a new one.
 */
export async function recordUse(use: ReadingUse, now: Date = new Date()): Promise<void> {
  const day = utcDay(now);
  const hour = utcHour(now);
  const hash = sessionHash(await saltOf(day), use.libraryId, use.reader);
  const cutoff = new Date(now.getTime() - DOUBLE_CLICK_SECONDS * 1000);
  const same = (column: string, value: number | undefined) => (value === undefined ? sql`${sql.identifier(column)} IS NULL` : sql`${sql.identifier(column)} = ${value}`);
  await getDb().execute(sql`
    WITH repeated AS (
      UPDATE usage_events SET last_click_at = ${now.toISOString()}::timestamptz, hour = ${hour.toISOString()}::timestamptz
      WHERE session_hash = ${hash} AND kind = ${use.kind} AND library_id = ${use.libraryId} AND issue_id = ${use.issueId}
        AND ${same('story_id', use.storyId)} AND ${same('page_no', use.pageNo)} AND last_click_at >= ${cutoff.toISOString()}::timestamptz
      RETURNING id
    )
    INSERT INTO usage_events (day, hour, library_id, title_id, issue_id, story_id, page_no, kind, session_hash, last_click_at)
    SELECT ${day}::date, ${hour.toISOString()}::timestamptz, ${use.libraryId}, ${use.titleId}, ${use.issueId}, ${use.storyId ?? null}::integer,
           ${use.pageNo ?? null}::integer, ${use.kind}, ${hash}, ${now.toISOString()}::timestamptz
    WHERE NOT EXISTS (SELECT 1 FROM repeated)
  `);
}

/**
 * A search a member ran (COUNTER's Searches_Platform): the library and the hour, with the same salted session
 * hash as reading, never who searched.
 */
export interface SearchUse {
  libraryId: number;
  /** Who is searching, only to tell sessions apart (hashed with the day's salt, never stored). */
  reader: string;
}

/** Counts one search at `now`. Every search that fetches a new set of results counts (no double-click rule for searches). */
export async function recordSearch(search: SearchUse, now: Date = new Date()): Promise<void> {
  await recordSearches([{ search, at: now }]);
}

/** Counts searches, each at its own time, in one statement. */
async function recordSearches(searches: readonly { search: SearchUse; at: Date }[]): Promise<void> {
  if (searches.length === 0) return;
  const salts = new Map<string, string>();
  for (const day of new Set(searches.map(({ at }) => utcDay(at)))) salts.set(day, await saltOf(day));
  const rows = searches.map(({ search, at }) => ({
    day: utcDay(at),
    hour: utcHour(at),
    libraryId: search.libraryId,
    sessionHash: sessionHash(salts.get(utcDay(at))!, search.libraryId, search.reader),
  }));
  await getDb().insert(usageSearches).values(rows);
}

/** Counts still to write in this process: one at a time, so a burst of reading never crowds the database. */
const pending = processWide('usage-count-queue', () => ({ tail: Promise.resolve(), waiting: 0 }));
/** Past this many waiting counts (the database is down or slow), new ones are dropped rather than kept in memory. */
const MAX_WAITING = 1000;

const failures = processWide('usage-count-failures', () => ({ logged: false }));

/** Every count already accepted, written (or failed): what closing the database waits for. */
async function settled(): Promise<void> {
  while (pending.waiting > 0) await pending.tail;
}
settleBeforeClose('usage-counts', settled);

/**
 * Writes a count without holding up the reading or search that caused it: the page or call answers at once, and a
 * counting failure is logged once (until counting works again), never shown to the reader.
 */
function enqueue(write: () => Promise<void>): Promise<void> {
  if (pending.waiting >= MAX_WAITING) {
    report(new Error(`${MAX_WAITING} counts are waiting; this one is dropped`));
    return Promise.resolve();
  }
  pending.waiting += 1;
  const done = pending.tail.then(write).then(
    () => {
      failures.logged = false;
    },
    report,
  );
  pending.tail = done.finally(() => {
    pending.waiting -= 1;
  });
  return done;
}

/** Counts a use of an item (see enqueue). */
export function countUse(use: ReadingUse): Promise<void> {
  const now = new Date();
  return enqueue(() => recordUse(use, now));
}

/**
 * Searches accepted and not yet written. Each is a row of its own with nothing to merge, so one write takes every
 * search that arrived before it started: at 50 search pages a second, one insert and commit each fell behind on a
 * busy disk and the queue dropped counts.
 */
const searchBatch = processWide('usage-search-batch', () => ({ searches: [] as { search: SearchUse; at: Date }[], write: null as Promise<void> | null }));

/** Counts a search (see enqueue), written together with the others waiting. */
export function countSearch(search: SearchUse): Promise<void> {
  // The batch is bounded like the queue, and a new write is asked for only when the queue will take it.
  if (searchBatch.searches.length >= MAX_WAITING || (!searchBatch.write && pending.waiting >= MAX_WAITING)) {
    report(new Error(`${MAX_WAITING} counts are waiting; this search is dropped`));
    return Promise.resolve();
  }
  searchBatch.searches.push({ search, at: new Date() });
  searchBatch.write ??= enqueue(() => {
    const { searches } = searchBatch;
    searchBatch.searches = [];
    searchBatch.write = null;
    return recordSearches(searches);
  });
  return searchBatch.write;
}

/** Why a count failed: the innermost cause. Drizzle's own message repeats the statement and its parameters. */
function reason(error: unknown): string {
  let current = error;
  while (current instanceof Error && current.cause !== undefined) current = current.cause;
  return current instanceof Error ? current.message : String(current);
}

function report(error: unknown): void {
  if (failures.logged) return;
  failures.logged = true;
  console.error('Usage counting failed; reading goes on uncounted until it works again:', reason(error));
}
